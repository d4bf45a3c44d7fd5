"""A finished game reviewed, move by move: the screen (`scene`) and its drawing
(`drawing`)."""

from .scene import PlayOnFrom, ReviewScene

__all__ = ["PlayOnFrom", "ReviewScene"]
