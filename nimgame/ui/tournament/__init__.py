"""The class tournament: brains and policy files in a round robin, and its leaderboard."""

from .scene import TournamentScene

__all__ = ["TournamentScene"]
