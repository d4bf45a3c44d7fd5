"""What a board is set up with: the game, who sits in each seat, any KUET rounds."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..games.base import AnyGame
from ..match import Seat
from ..players import Learner

AI_NAME = "NimX"  # the AI introduces itself as in the KUET seed


@dataclass
class MatchSetup:
    """What a set-up (the window's screen, the command line) hands a board: the game, who
    sits where, any KUET rounds."""

    game: AnyGame
    seats: tuple[Seat, Seat]         # seats[i] plays engine player i (0 moves first)
    #: KUET rounds: one (strategy label, registry name) per game; None for free play
    rounds: list[tuple[str, str]] | None = None
    round_results: dict[str, list[int]] = field(default_factory=dict)
    #: KUET: each round's starting position, in round order (filled as the rounds are played)
    round_boards: list[Any] = field(default_factory=list)
    notice: str = ""                 # something the person should know at the start

    @classmethod
    def against(cls, learner: Learner, name: str) -> MatchSetup:
        """The person called `name` (the name the settings remember), moving first, against
        `learner`, a trained AI."""
        return cls(learner.game, (Seat(name), Seat(AI_NAME, learner,
                                                   label=learner.name or learner.label)))
