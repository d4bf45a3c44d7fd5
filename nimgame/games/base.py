"""The one protocol every game follows, so every algorithm can play every game.

A game object holds only its rules (board size, misère or normal play, ...).
States are immutable and hashable; `result` is pure and never changes its input.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable
from typing import Any, Generic, TypeVar

from ..safetext import escape
from .heaps import Heaps

#: Any game's state or move, where code works on every game (players, training, storage).
State = Any
Move = Any
S = TypeVar("S", bound=Hashable)   # one game's state type: NimState, SticksState, str
M = TypeVar("M")                   # one game's move type: (pile, count), int, (row, col)


class IllegalMove(ValueError):
    """A move the rules do not allow in the given state; the message says why."""


class Game(ABC, Generic[S, M]):
    """Rules of a two-player, alternating, perfect-information game, generic in its state
    type `S` and move type `M` (`Nim` is a `Game[NimState, tuple[int, int]]`): a game's own
    code is checked against its types, while players and training take `Game[Any, Any]`."""

    #: Short machine name ("nim", "sticks", "tictactoe") used by storage and the CLI.
    name: str = ""
    #: Name shown to a person.
    title: str = ""
    #: Whether a game can end with no winner.
    has_draws: bool = False

    @abstractmethod
    def initial_state(self) -> S: ...

    @abstractmethod
    def to_move(self, state: S) -> int:
        """The player (0 or 1) whose turn it is."""

    @abstractmethod
    def legal_moves(self, state: S) -> list[M]:
        """Every move allowed in `state`, in a fixed order; empty when the game is over."""

    @abstractmethod
    def result(self, state: S, move: M) -> S:
        """The state after `move`; raises IllegalMove (saying why) if it is not allowed."""

    def last_move_words(self, state: S) -> str:
        """How the last move of the finished game in `state` ended it, said of the player
        who made it ("took the last stone — in misère play that loses"); "" while the game
        goes on. Front ends put who made it in front."""
        return ""

    def why_illegal(self, state: S, move: M) -> str | None:
        """Why `move` is not allowed in `state` (what `result` would raise), or None if it
        is: a board asks before it shows a pointed-at move as one that may be made."""
        try:
            self.result(state, move)
        except IllegalMove as err:
            return str(err)
        return None

    @abstractmethod
    def winner(self, state: S) -> int | None:
        """0 or 1 once someone has won; None for a draw or a game still going."""

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    def outcome(self, state: S, player: int) -> int:
        """How a finished game ended for `player` (0 or 1): +1 won, -1 lost, 0 drawn.

        The one place the +/-1 of an ending is worked out: learners' rewards, the judges'
        verdicts, match scores and win arrays all read it. ValueError while the game is
        still going (there is no outcome yet) or for a player who is not 0 or 1.
        """
        if isinstance(player, bool) or player not in (0, 1):
            raise ValueError(f"a player is 0 or 1, not {escape(player, 20)}")
        if not self.is_over(state):
            raise ValueError("the game is not over: it has no outcome yet")
        winner = self.winner(state)
        return 0 if winner is None else (1 if winner == player else -1)

    @abstractmethod
    def describe_move(self, state: S, move: M) -> str:
        """A move in words, e.g. "take 2 from pile 3" (piles counted from 1 for people)."""

    @abstractmethod
    def rules(self) -> dict[str, Any]:
        """The settings that define this game, enough to build it again (storage uses it)."""

    def random_move(self, state: S, rng: random.Random) -> M:
        """A legal move drawn uniformly, as `rng.choice(self.legal_moves(state))` would draw
        it (games whose moves are too many to list override it); ValueError when over."""
        moves = self.legal_moves(state)
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        return rng.choice(moves)

    def exploring_start(self, rng: random.Random) -> S:
        """A position the game can reach, drawn at random, where someone still has to move:
        where a learner's training game may start instead of the first position, so that
        it also learns the positions a person can lead it to but self-play seldom meets.
        Here: a random game is played out, and one of its positions before the end is
        taken, each as likely; games that can say directly what is reachable override it."""
        path = [self.initial_state()]
        while not self.is_over(path[-1]):
            path.append(self.result(path[-1], self.random_move(path[-1], rng)))
        return path[rng.randrange(max(1, len(path) - 1))]

    def exploring_starts(self, limit: int) -> list[S] | None:
        """Every position `exploring_start` draws from, each listed as often as it is
        likely, if the game can list them and they are at most `limit`; else None. A
        learner draws its starts from this list once it has it: an index instead of a
        new position per game. Here: None (a random game's positions are not listed)."""
        return None

    def canonical(self, state: S) -> S:
        """A representative of every state that is the same game for the player to move.

        Learners key their tables by it, so symmetric positions share one entry.
        The representative is itself a legal state of this game.
        """
        return state

    def heaps(self) -> Heaps[S, M] | None:
        """The game as heaps of objects taken away (Nim's piles, the Sticks heap), for the
        algorithms that play by their theory; None for a game of another kind."""
        return None

    def describe_rules(self) -> str:
        """The rules in one line, for a board's caption."""
        return self.title

    def position_bound(self) -> int:
        """An upper bound on the number of positions (exhaustive search checks it)."""
        return 0

    def canonical_bound(self) -> int:
        """An upper bound on the number of canonical positions (`canonical`), the most a
        learner's table holds (one entry each): `position_bound` unless the game counts
        them more tightly."""
        return self.position_bound()

    def move_bound(self) -> int:
        """An upper bound on the number of legal moves in any position (0 if unknown)."""
        return 0

    def shortest_game(self) -> int:
        """The fewest moves any game from the start can last (0 if unknown): a match on a
        board whose every game is longer than a program can play is refused up front."""
        return 0

    def short_rules(self) -> str:
        """The rules in a few words, for tables."""
        return "—"

    def state_to_data(self, state: S) -> Any:
        """`state` as plain builtins (tuples, ints, str), for brain files."""
        return tuple(state) if isinstance(state, tuple) else state

    def state_from_data(self, data: Any) -> S:
        """Inverse of `state_to_data`; ValueError if `data` is not a state of this game."""
        state: S = data
        return state

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.rules() == self.rules()

    def __hash__(self) -> int:
        return hash((type(self).__name__, tuple(sorted(self.rules().items()))))

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.rules().items())
        return f"{type(self).__name__}({args})"


#: Any game at all: what players, training and storage take.
AnyGame = Game[Any, Any]


def check_int(value: object, what: str, low: int | None = None, high: int | None = None) -> int:
    """`value` as an int within [low, high], or a ValueError naming `what` and the range.

    Bools and floats are refused. The message never prints a huge number in full (a
    5,000-digit int cannot even be turned into text), so it stays one short line.
    """
    if isinstance(value, bool) or not isinstance(value, int) or (
            low is not None and value < low) or (high is not None and value > high):
        if low is not None and high is not None:
            rule = f"a whole number from {_number(low)} to {_number(high)}"
        elif low is not None:
            rule = f"a whole number of at least {_number(low)}"
        else:
            rule = "a whole number"
        raise ValueError(f"{what} must be {rule}, not {escape(value, 40)}")
    return value


def _number(value: int) -> str:
    """A limit as people read it: 10**100 rather than a hundred digits."""
    if value >= 10**12 and 10 ** (len(str(value)) - 1) == value:
        return f"10**{len(str(value)) - 1}"
    return f"{value:,}" if value >= 10_000 else str(value)
