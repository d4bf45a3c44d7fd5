"""CS50's tictactoe.py interface on lists of lists, over the engine's rules and minimax."""

from __future__ import annotations

from typing import Any

from ...games.base import IllegalMove
from ...games.tictactoe import TicTacToe
from ...players.minimax import MinimaxPlayer

X = "X"
O = "O"  # noqa: E741 - the handout's name
EMPTY = None

Board = list[list[str | None]]   # the handout's: rows of X, O or EMPTY
Action = tuple[int, int]

_RULES = TicTacToe()
_SEARCH = MinimaxPlayer(_RULES)  # one transposition table for the whole session


def _state(board: Any) -> str:
    try:
        cells = [cell for row in board for cell in row]
    except TypeError:
        raise IllegalMove(f"a board is three rows of three cells, not {board!r}") from None
    if len(cells) != 9 or any(c not in (X, O, EMPTY) for c in cells):
        raise IllegalMove(f"a board is three rows of X, O or EMPTY, not {board!r}")
    return "".join("." if c is EMPTY else c for c in cells)


def _board(state: str) -> Board:
    return [[None if c == "." else c for c in state[r * 3:r * 3 + 3]] for r in range(3)]


def initial_state() -> Board:
    return [[EMPTY, EMPTY, EMPTY], [EMPTY, EMPTY, EMPTY], [EMPTY, EMPTY, EMPTY]]


def player(board: Board) -> str:
    return X if _RULES.to_move(_state(board)) == 0 else O


def actions(board: Board) -> set[Action]:
    return set(_RULES.legal_moves(_state(board)))


def result(board: Board, action: Action) -> Board:
    """The board after `action`; raises IllegalMove on an invalid action; `board` is kept."""
    return _board(_RULES.result(_state(board), action))


def winner(board: Board) -> str | None:
    w = _RULES.winner(_state(board))
    return None if w is None else (X, O)[w]


def terminal(board: Board) -> bool:
    return _RULES.is_over(_state(board))


def utility(board: Board) -> int:
    return {X: 1, O: -1, None: 0}[winner(board)]


def minimax(board: Board) -> Action | None:
    """The optimal action for the player to move, or None on a terminal board."""
    state = _state(board)
    if _RULES.is_over(state):
        return None
    move: Action = _SEARCH.choose_move(state)
    return move
