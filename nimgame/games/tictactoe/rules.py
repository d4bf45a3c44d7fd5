"""Tic-Tac-Toe. X is player 0 and moves first; a state is a 9-character string."""

from __future__ import annotations

from typing import Any

from ..base import Game, IllegalMove

EMPTY, X, O = ".", "X", "O"  # noqa: E741 - the marks people write
MARKS = (X, O)

LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)


def _symmetries() -> tuple[tuple[int, ...], ...]:
    """The 8 rotations and reflections of the board, as index permutations."""
    def rotate(p: tuple[int, ...]) -> tuple[int, ...]:  # new cell (r, c) takes old cell (2 - c, r)
        return tuple(p[(2 - c) * 3 + r] for r in range(3) for c in range(3))

    def mirror(p: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(p[r * 3 + (2 - c)] for r in range(3) for c in range(3))

    perms, p = [], tuple(range(9))
    for _ in range(4):
        perms += [p, mirror(p)]
        p = rotate(p)
    return tuple(perms)


SYMMETRIES = _symmetries()


class TicTacToe(Game[str, tuple[int, int]]):
    """Three in a row wins; a full board without one is a draw. Moves are `(row, col)`."""

    name = "tictactoe"
    title = "Tic-Tac-Toe"
    has_draws = True

    def rules(self) -> dict[str, Any]:
        return {}

    def last_move_words(self, state: str) -> str:
        if winning_line(state) is not None:
            return "made three in a row"
        return "filled the last square: nobody has three in a row" if self.is_over(state) else ""

    def describe_rules(self) -> str:
        return "Tic-Tac-Toe: three in a row wins; X moves first"

    def initial_state(self) -> str:
        return EMPTY * 9

    def to_move(self, state: str) -> int:
        # X moves unless it has more marks than O: play alternates from X's first move, and
        # on any other board the marks decide, as CS50's `player(board)` does.
        return 1 if state.count(X) > state.count(O) else 0

    def winner(self, state: str) -> int | None:
        line = winning_line(state)
        return None if line is None else MARKS.index(state[line[0]])

    def is_over(self, state: str) -> bool:
        return EMPTY not in state or winning_line(state) is not None

    def legal_moves(self, state: str) -> list[tuple[int, int]]:
        if winning_line(state) is not None:
            return []
        return [divmod(i, 3) for i, cell in enumerate(state) if cell == EMPTY]

    def result(self, state: str, move: tuple[int, int]) -> str:
        try:
            row, col = move
        except (TypeError, ValueError):
            raise IllegalMove(f"a Tic-Tac-Toe move is (row, col), not {move!r}") from None
        if not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 3
                   for v in (row, col)):
            raise IllegalMove(f"there is no square {move!r}; rows and columns are 0 to 2")
        if winning_line(state) is not None:
            raise IllegalMove("the game is over")
        i = row * 3 + col
        if state[i] != EMPTY:
            raise IllegalMove(f"square ({row}, {col}) is already taken by {state[i]}")
        return state[:i] + MARKS[self.to_move(state)] + state[i + 1:]

    def describe_move(self, state: str, move: tuple[int, int]) -> str:
        row, col = move
        return f"{MARKS[self.to_move(state)]} in row {row + 1}, column {col + 1}"

    def position_bound(self) -> int:
        return 3 ** 9

    def move_bound(self) -> int:
        return 9

    def shortest_game(self) -> int:
        return 5  # three in a row needs three marks of one player, two of the other

    def state_from_data(self, data: object) -> str:
        if not isinstance(data, str) or len(data) != 9 or data.strip(EMPTY + X + O):
            raise ValueError(f"{data!r} is not a Tic-Tac-Toe board")
        return data

    def canonical(self, state: str) -> str:
        return min("".join(state[i] for i in perm) for perm in SYMMETRIES)


def winning_line(state: str) -> tuple[int, int, int] | None:
    """The three cells of a completed line, or None."""
    for a, b, c in LINES:
        if state[a] != EMPTY and state[a] == state[b] == state[c]:
            return (a, b, c)
    return None
