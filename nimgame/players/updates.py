"""What a learner reports of each learning update, as it makes it: typed records handed to
an optional `UpdateSink` (the command line's trace, a step-through view).

The records are made only when someone listens: without a sink a learner pays one None
check per update, and with one it learns exactly the same (the records are read from the
values it computes, never computed again beside them).

Positions are the learner's canonical positions (the ones its table is keyed by), moves
are legal moves in them, so a front end can draw them as they are and a kit can write
them in its text form.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from ..games.base import Move, State


@dataclass(frozen=True)
class GameStarted:
    """A training game (or a game played against a person) begins: the updates that
    follow, up to the next GameStarted, are this game's."""

    number: int      # the learner's game number, 1-based over its life (games_trained + 1)
    start: State     # the canonical position it starts from (an exploring start or the first)


class Future(Enum):
    """Whose estimate of the future a Q-learning target adds to the reward."""

    #: The game ended with the move: nothing follows (future 0).
    ENDED = "the game is over"
    #: A position where the game is over, valued by the rules when the learner first
    #: meets it (its reward, future 0; reported with alpha 1: the value is set, not
    #: learned), so that a move that ends the game is known before it is ever played.
    RULES = "the rules: the game is over"
    #: The negamax backup of self-play: minus the value of the other player's best reply.
    BEST_REPLY = "minus the best reply"
    #: The handout's target: the mover's own best value at its next turn.
    NEXT_TURN = "the mover's best next move"


@dataclass(frozen=True)
class RowValue:
    """One move of the position an update's move was made in, with Q(position, move)
    before and after the update (the Q-table's row; moves that lead to the same position
    up to symmetry share an entry, so more than one can change)."""

    move: Move
    before: float
    after: float
    changed: bool        # its entry is the one the update wrote


@dataclass(frozen=True)
class QUpdate:
    """Q(position, move) <- old + alpha * (reward + future - old), as the learner did it:
    `new` is the value it stored (equal to the formula, float for float)."""

    position: State | None   # where the move was made; None: the game started at `after`
    move: Move | None        # the move (None with `position`)
    after: State             # the position it leads to: the entry Q(position, move) lives in
    node: int                # that entry's index in the learner's table (`values[node]`)
    old: float
    reward: float            # +1 won, -1 lost, 0 drawn or going on
    future: float            # the estimate of the future, as `future_of` says
    future_of: Future
    future_after: State | None   # the position whose value `future` is (None when ENDED)
    alpha: float
    new: float
    #: Every move of `position` with its Q-value before and after (empty for the start's
    #: entry): what a view draws as the table's row, the changed entries marked.
    row: tuple[RowValue, ...] = ()


@dataclass(frozen=True)
class HatUpdate:
    """One ball drawn in a game, put back after it (the hats' only learning): `change`
    balls of its kind added, or taken away when the game was lost; 0 when the last ball
    of a kind is kept (the rules never throw it away) or a draw earns nothing."""

    hat: State               # the hat's position
    node: int                # its index in the learner's table (`counts[node]`)
    ball: int                # the kind drawn: an index into `moves` and the counts
    move: Move               # the move that kind of ball names
    moves: tuple[Move, ...]  # the move each kind names, in the hat's order
    result: int              # how the game ended for whoever drew it: +1, 0 or -1
    change: int
    before: tuple[int, ...]  # the hat's ball counts before this change ...
    after: tuple[int, ...]   # ... and after it
    second: bool = False     # drawn by the second AI of a `train_pair` battle (its own hats)

    @property
    def last_ball_kept(self) -> bool:
        """A loss left the ball where it was: the last of its kind."""
        return self.result < 0 and self.change == 0


#: Any learning update.
Update = QUpdate | HatUpdate


class UpdateSink(Protocol):
    """Who listens to a learner: told when each game starts, then of each update."""

    def on_game(self, game: GameStarted, /) -> None: ...

    def on_update(self, update: Update, /) -> None: ...
