"""The review of a game: each move with what the position was worth for the player who
made it, before and after, exactly; the first mistake (the first move that turned a win
into a draw or a loss, or a draw into a loss), why in the game's own words (its kit's
`mistake_words`), and the position just before it, to play on from.

Front ends show a `Review`; they work nothing out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..games import AnyGame, IllegalMove, kit_for
from ..games.base import Move, State
from ..safetext import escape
from .values import ExactJudge, Value


class BadMove(ValueError):
    """A move of a game that cannot be played where it comes: `ply` (1 for the first
    move), the move as given, and why (the engine's or the kit's words)."""

    def __init__(self, ply: int, text: str, why: str) -> None:
        super().__init__(f"the move at ply {ply} ({escape(text, 40)}) cannot be played: "
                         f"{why}")
        self.ply, self.text, self.why = ply, text, why


@dataclass(frozen=True)
class ReviewedMove:
    """One move and what it did: `before` what the position was worth for `player` (who
    made the move), `after` what the position it left is worth for them; `why` says in
    one line why a mistake was one (None for a move that is not)."""

    ply: int                 # 1 for the first move of the game
    player: int              # the engine's player number (0 moves first)
    move: Move
    text: str                # as the game's kit writes it ("3:2", "5", "b1-b2")
    words: str               # in words ("take 2 from pile 3")
    before: Value
    after: Value
    why: str | None = None

    @property
    def mistake(self) -> bool:
        """Whether it made things worse: a win into a draw or a loss, a draw into a loss."""
        return self.after.outcome < self.before.outcome


@dataclass(frozen=True)
class PlayOn:
    """Where to play on from: the position before move `ply`, reached from the start by
    `moves`, with `player` to move."""

    ply: int
    state: State
    moves: tuple[Move, ...]
    player: int


@dataclass(frozen=True)
class Review:
    """A game reviewed: its moves in order, and the positions (the start, then after
    each move). `counted`: whether the values count the moves left (see `values`)."""

    game: AnyGame
    moves: tuple[ReviewedMove, ...]
    positions: tuple[State, ...]
    counted: bool

    @property
    def first_mistake(self) -> ReviewedMove | None:
        return next((move for move in self.moves if move.mistake), None)

    def play_on(self) -> PlayOn | None:
        """The position just before the first mistake (None where there is none)."""
        mistake = self.first_mistake
        if mistake is None:
            return None
        index = mistake.ply - 1
        return PlayOn(mistake.ply, self.positions[index],
                      tuple(move.move for move in self.moves[:index]), mistake.player)


def read_moves(game: AnyGame, texts: Sequence[str]) -> list[Move]:
    """The moves `texts` mean, played in turn from the start, as the game's kit reads them
    (`parse_move`); BadMove for the first that is not a legal move where it comes."""
    kit, state, moves = kit_for(game), game.initial_state(), []
    for ply, text in enumerate(texts, 1):
        if game.is_over(state):
            raise BadMove(ply, text, "the game is over by then")
        try:
            move = kit.parse_move(game, state, text)
            state = game.result(state, move)
        except ValueError as err:   # IllegalMove too
            raise BadMove(ply, text, str(err)) from None
        moves.append(move)
    return moves


def review(game: AnyGame, moves: Sequence[Move], judge: ExactJudge | None = None,
           names: Sequence[str] | None = None) -> Review:
    """The review of the game `moves` play from the start (BadMove for one that is not
    legal where it comes); `judge` reuses a judge's work (its search's table); `names`, the
    players' names in the engine's order, are the subjects of the mistakes' words (without
    them a mistake says "It")."""
    judge = judge or ExactJudge(game)
    kit = kit_for(game)
    state, positions, reviewed = game.initial_state(), [game.initial_state()], []
    for ply, move in enumerate(moves, 1):
        if game.is_over(state):
            raise BadMove(ply, str(move), "the game is over by then")
        try:
            after = game.result(state, move)
        except IllegalMove as err:
            raise BadMove(ply, str(move), str(err)) from None
        player = game.to_move(state)
        before_value, after_value = judge.value(state, player), judge.value(after, player)
        why = None
        if after_value.outcome < before_value.outcome:
            who = names[player] if names else "It"
            why = kit.mistake_words(game, state, move, judge.best_move(state), judge, who)
        reviewed.append(ReviewedMove(ply, player, move, kit.move_text(game, state, move),
                                     game.describe_move(state, move), before_value,
                                     after_value, why))
        state = after
        positions.append(state)
    return Review(game, tuple(reviewed), tuple(positions), judge.counted)
