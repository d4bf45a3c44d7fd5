"""Hints for a person at the board: the best move and the theory that finds it, in words.

Each game writes its own hint in its kit (`GameKit.hint`: Nim's nim-sum in binary and the
misère rule, the Sticks 4k+1 rule, Tic-Tac-Toe's best squares); the numbers come from
the exact player (`judge_for`), passed in so its work (a search's cache) is reused. Front
ends show these lines; they work nothing out.
"""

from __future__ import annotations

from ..games.base import AnyGame, Move, State
from ..games.registry import kit_for
from .minimax import MinimaxPlayer
from .perfect import PerfectPlayer


def hint_move(game: AnyGame, state: State, judge: PerfectPlayer | MinimaxPlayer) -> Move:
    """The move a hint points at on the board: a winning move if there is one, else the
    best there is (a draw kept, or the longest loss). ValueError for a finished game."""
    if game.is_over(state):
        raise ValueError("the game is over: there is no move to hint")
    return judge.choose_move(state)


def hint(game: AnyGame, state: State, judge: PerfectPlayer | MinimaxPlayer,
         short: bool = False) -> list[str]:
    """The hint for the player to move in `state`, as lines of text; `judge` is
    `judge_for(game)`. `short`: the same in fewer lines, for a small window (Nim's table
    becomes one line). ValueError for a finished game (there is nothing to hint)."""
    if game.is_over(state):
        raise ValueError("the game is over: there is no move to hint")
    if judge.game != game:
        raise ValueError(f"no hint is written for {game.title} judged by {judge.label} of "
                         f"{judge.game.title}")
    return kit_for(game).hint(game, state, judge, short)


def hint_moves(game: AnyGame, state: State, judge: PerfectPlayer | MinimaxPlayer
               ) -> list[Move]:
    """Every move a hint points at on the board, the best first (in Tic-Tac-Toe every
    square that keeps the best result; elsewhere the one move it names)."""
    if game.is_over(state):
        return [hint_move(game, state, judge)]   # says why there is none
    return kit_for(game).hint_moves(game, state, judge)

