"""The interface every player follows: `Player(game).choose_move(state) -> move`."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from ..games.base import AnyGame, Game, Move, State
from ..safetext import escape


@dataclass(frozen=True)
class MoveValues:
    """What a player made of each move it had in one position, for people to read: its
    number for each legal move it weighed (higher is better for it), each said with its
    unit, and what the numbers mean and how it picks from them."""

    source: str                     # whose numbers: "Q-values", "hat", "search"
    values: Mapping[Move, float]    # higher is better, for the player moving
    words: Mapping[Move, str]       # each value as shown: "Q +0.91", "12 balls, 40%"
    unit: str                       # what a number means: "Q: the reward it expects, …"
    picks: str                      # how it chooses from them: "It plays the highest."
    order: str = "highest first"    # the order of `values`, best first, in words
    exact: bool = False             # the values are exact play's own verdict


class Player(ABC):
    """Something that picks a move. Players keep no game state of their own."""

    #: Name shown to a person ("Perfect", "Q-learning", ...).
    label: str = ""
    #: Whether it weighs each move by a number it can show (`move_values`).
    weighs_moves: ClassVar[bool] = False

    def __init__(self, game: AnyGame) -> None:
        self.check_game(game)
        self.game = game

    @classmethod
    def supports(cls, game: AnyGame) -> bool:
        """Whether this player can play `game` (menus and the CLI list only those)."""
        return True

    @classmethod
    def check_game(cls, game: AnyGame) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"{cls.__name__} needs a Game, not {game!r}")
        if not cls.supports(game):
            raise ValueError(cls.refusal(game))

    @classmethod
    def refusal(cls, game: AnyGame, label: str = "") -> str:
        """Why this player (called `label` in menus) cannot play `game`, in one line, for
        when `supports` says no."""
        return (f"{label or cls.label or cls.__name__} cannot play "
                f"{escape(game.describe_rules(), 80)}")

    @abstractmethod
    def choose_move(self, state: State) -> Move:
        """A legal move in `state`; raises ValueError if the game is already over."""

    def move_values(self, state: State) -> MoveValues | None:
        """Its number for each move it had in `state`, in words a person can check (a
        learner's Q-values or hat, a search's verdicts), read just after it chose there;
        None if it weighs no moves (`weighs_moves`) or has nothing for `state`."""
        return None

    # -- hooks a match calls; players that learn from play override them ------------------
    def new_game(self) -> None:  # noqa: B027 - an optional hook, not an abstract one
        """A game begins (or begins again)."""

    def take_back(self) -> None:  # noqa: B027 - an optional hook, not an abstract one
        """A person took moves back in the game being played."""

    def game_over(self, result: int) -> bool:
        """The game ended: +1 this player won, -1 lost, 0 a draw. Whether it learned
        something worth keeping (a front end then saves it, if the seat says so)."""
        return False

    def _moves(self, state: State) -> list[Move]:
        moves = self.game.legal_moves(state)
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        return moves

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.game!r})"
