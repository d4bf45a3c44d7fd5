"""What the set-up screen hands a board: the game, who sits where, and any KUET rounds."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..games.base import Game
from ..match import Seat

__all__ = ["AI_NAME", "MatchSetup", "Seat"]

AI_NAME = "NimX"  # the AI introduces itself as in the KUET seed


@dataclass
class MatchSetup:
    game: Game
    seats: tuple[Seat, Seat]         # seats[i] plays engine player i (0 moves first)
    #: KUET rounds: one (strategy label, registry name) per game; None for free play
    rounds: list[tuple[str, str]] | None = None
    round_results: dict[str, list[int]] = field(default_factory=dict)
    notice: str = ""                 # something the person should know at the start
