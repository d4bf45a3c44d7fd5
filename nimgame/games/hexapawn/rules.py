"""Hexapawn (Martin Gardner, 1962): three pawns each on a 3×3 board.

White (player 0) moves first, from the row nearest it (rank 1) toward Black's (rank 3).
A pawn steps straight forward into an empty square, or captures an enemy pawn one square
diagonally forward. A player wins by getting a pawn to the far row, or when the other
player cannot move (which includes having no pawns left). There are no draws, and with
best play the second player, Black, wins.

A square is an index 0 to 8: `row * 3 + column`, row 0 being rank 1 (White's side) and
column 0 file a, so square 0 is a1 and square 8 is c3. A state is the board as 9
characters ("W", "B" or "." per square, in that order) and the player to move; a move is
`(from_square, to_square)`.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any, NamedTuple

from ...safetext import escape
from ..base import Game, IllegalMove, check_int

EMPTY, WHITE, BLACK = ".", "W", "B"
PAWNS = (WHITE, BLACK)            # player 0's pawn, player 1's
SIDES = ("White", "Black")
FILES = "abc"
START = WHITE * 3 + EMPTY * 3 + BLACK * 3
#: The row each side must reach (0 = rank 1), and the way its pawns go (+1 row or -1).
FAR_ROW = (2, 0)
FORWARD = (1, -1)
#: Square i of a board seen in a mirror (files a and c swapped).
MIRROR = (2, 1, 0, 5, 4, 3, 8, 7, 6)

Move = tuple[int, int]


class HexapawnState(NamedTuple):
    board: str       # 9 characters, a1 b1 c1 a2 ... c3
    player: int = 0  # whose turn it is: 0 White, 1 Black


def square_name(square: int) -> str:
    """A square as people read it: 0 -> "a1", 8 -> "c3"."""
    row, col = divmod(square, 3)
    return f"{FILES[col]}{row + 1}"


def pawn_moves(board: str, player: int) -> list[Move]:
    """Every step and capture `player`'s pawns have on `board`, ignoring whether the game
    has ended already: squares in order, straight on before the captures."""
    mine, theirs, step = PAWNS[player], PAWNS[1 - player], FORWARD[player]
    moves: list[Move] = []
    for square, cell in enumerate(board):
        if cell != mine:
            continue
        row, col = divmod(square, 3)
        ahead = row + step
        if not 0 <= ahead < 3:
            continue
        if board[ahead * 3 + col] == EMPTY:
            moves.append((square, ahead * 3 + col))
        for side in (col - 1, col + 1):
            if 0 <= side < 3 and board[ahead * 3 + side] == theirs:
                moves.append((square, ahead * 3 + side))
    return moves


def reached_far_row(board: str) -> int | None:
    """The player with a pawn on the row they were heading for, or None."""
    for player in (0, 1):
        row = FAR_ROW[player]
        if PAWNS[player] in board[row * 3:row * 3 + 3]:
            return player
    return None


class Hexapawn(Game[HexapawnState, Move]):
    """Gardner's Hexapawn; no options. Moves are `(from_square, to_square)`, squares 0-8."""

    name = "hexapawn"
    title = "Hexapawn"
    has_draws = False

    def rules(self) -> dict[str, Any]:
        return {}

    def describe_rules(self) -> str:
        return ("Hexapawn: pawns step forward or capture diagonally; reach the far row or "
                "leave your opponent no move to win; White moves first")

    def short_rules(self) -> str:
        return "3×3, three pawns each"

    def initial_state(self) -> HexapawnState:
        return HexapawnState(START, 0)

    def to_move(self, state: HexapawnState) -> int:
        return state.player

    def legal_moves(self, state: HexapawnState) -> list[Move]:
        if reached_far_row(state.board) is not None:
            return []
        return pawn_moves(state.board, state.player)

    def winner(self, state: HexapawnState) -> int | None:
        arrived = reached_far_row(state.board)
        if arrived is not None:
            return arrived
        if not pawn_moves(state.board, state.player):
            return 1 - state.player
        return None

    def is_over(self, state: HexapawnState) -> bool:
        return self.winner(state) is not None

    def result(self, state: HexapawnState, move: Move) -> HexapawnState:
        try:
            start, end = move
        except (TypeError, ValueError):
            raise IllegalMove(f"a Hexapawn move is (from square, to square), not "
                              f"{escape(move, 40)}") from None
        for square in (start, end):
            if isinstance(square, bool) or not isinstance(square, int) or \
                    not 0 <= square < 9:
                raise IllegalMove(f"there is no square {escape(square, 20)}; the squares "
                                  "are 0 (a1) to 8 (c3)")
        board, player = state.board, state.player
        if self.is_over(state):
            raise IllegalMove("the game is over")
        mine, theirs = PAWNS[player], PAWNS[1 - player]
        there, target = board[start], board[end]
        if there == EMPTY:
            raise IllegalMove(f"there is no pawn on {square_name(start)}")
        if there != mine:
            raise IllegalMove(f"the pawn on {square_name(start)} is {SIDES[1 - player]}'s, "
                              f"not yours: {SIDES[player]} is to move")
        (row, col), (to_row, to_col) = divmod(start, 3), divmod(end, 3)
        if to_row != row + FORWARD[player] or abs(to_col - col) > 1:
            raise IllegalMove(f"{square_name(start)} to {square_name(end)} is not a pawn's "
                              "move: a pawn goes one square forward, straight on or "
                              "diagonally")
        if to_col == col and target != EMPTY:
            raise IllegalMove(f"{square_name(start)} is blocked: {square_name(end)} holds "
                              f"{'your own' if target == mine else 'a ' + SIDES[1 - player]} "
                              "pawn, and a pawn captures only diagonally")
        if to_col != col and target != theirs:
            raise IllegalMove(f"a pawn moves diagonally only to capture, and "
                              f"{square_name(end)} "
                              f"{'holds your own pawn' if target == mine else 'is empty'}")
        cells = list(board)
        cells[start], cells[end] = EMPTY, mine
        return HexapawnState("".join(cells), 1 - player)

    def describe_move(self, state: HexapawnState, move: Move) -> str:
        start, end = move
        verb = "to" if start % 3 == end % 3 else "takes"
        return f"{square_name(start)} {verb} {square_name(end)}"

    def last_move_words(self, state: HexapawnState) -> str:
        if reached_far_row(state.board) is not None:
            return "reached the far row"
        if not self.is_over(state):
            return ""
        loser = SIDES[state.player]
        if PAWNS[state.player] not in state.board:
            return f"took {loser}'s last pawn"
        return f"left {loser} no move"

    def canonical(self, state: HexapawnState) -> HexapawnState:
        """The board or its mirror image (files a and c swapped), whichever comes first:
        the mirror of a position is the same game, and as reachable (the start is
        symmetric)."""
        board = state.board
        mirrored = "".join(board[i] for i in MIRROR)
        return state if board <= mirrored else HexapawnState(mirrored, state.player)

    def position_bound(self) -> int:
        return len(reachable_states())   # exact: every position reachable from the start

    def move_bound(self) -> int:
        return 7   # three pawns: straight on or two captures from file b, two from a or c

    def shortest_game(self) -> int:
        return 3   # White a pawn to rank 2, Black anything, that pawn captures on rank 3

    def exploring_start(self, rng: random.Random) -> HexapawnState:
        """Any position reachable from the start where someone must move, each as likely."""
        return rng.choice(playable_states())

    def exploring_starts(self, limit: int) -> list[HexapawnState] | None:
        """Every position `exploring_start` draws, once each (they are equally likely)."""
        states = playable_states()
        return list(states) if len(states) <= limit else None

    def state_from_data(self, data: object) -> HexapawnState:
        """A position read from a file: (board, player), a board of 9 characters W, B or .
        that the game can reach from the start with that player to move."""
        if not isinstance(data, (tuple, list)) or len(data) != 2:
            raise ValueError(f"{escape(data, 60)} is not a position (board, player)")
        board, player = data
        if not isinstance(board, str) or len(board) != 9 or set(board) - {EMPTY, WHITE, BLACK}:
            raise ValueError(f"{escape(board, 40)} is not a Hexapawn board: 9 squares, "
                             "each W, B or .")
        check_int(player, "the player to move", 0, 1)
        state = HexapawnState(board, player)
        if state not in reachable_states():
            raise ValueError(f"{escape(board, 20)} with {SIDES[player]} to move is not a "
                             "position Hexapawn can reach from the start")
        return state


@cache
def reachable_states() -> frozenset[HexapawnState]:
    """Every position reachable from the start, finished ones included."""
    game = Hexapawn()
    start = game.initial_state()
    seen, frontier = {start}, [start]
    while frontier:
        state = frontier.pop()
        for move in game.legal_moves(state):
            child = game.result(state, move)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return frozenset(seen)


@cache
def playable_states() -> tuple[HexapawnState, ...]:
    """The reachable positions where someone must move, in a fixed order."""
    game = Hexapawn()
    return tuple(sorted(s for s in reachable_states() if not game.is_over(s)))
