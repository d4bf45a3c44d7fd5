"""An independent brute force of each position's exact worth, with the moves left: written
on plain tuples and strings (Nim, Sticks, Tic-Tac-Toe) and on the Hexapawn brute force's
sets, without the package's rules or players. The winner ends the game as soon as it can,
the loser puts the end off as long as it can; a draw has no count.

`solve(pos)` returns (outcome, left) for the player to move in `pos`: +1/0/-1 and the
moves left (None for a draw)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterable
from functools import cache

import bruteforce
import bruteforce_hexapawn as hexa


def best(options: Iterable[tuple[int, int | None]]) -> tuple[int, int | None]:
    """The mover's value, given each move's (outcome, left) for the mover after it."""
    options = list(options)
    wins = [left for outcome, left in options if outcome == 1]
    if wins:
        return 1, min(wins)
    if any(outcome == 0 for outcome, _ in options):
        return 0, None
    return -1, max(left for _, left in options)


def solver(moves: Callable[[Hashable], list], play: Callable[[Hashable, object], Hashable],
           ended: Callable[[Hashable], int | None]):
    """A solver for a game given as its moves, how a move plays and how a finished game
    ended for the player to move (None while it goes on)."""
    @cache
    def solve(pos):
        done = ended(pos)
        if done is not None:
            return done, (0 if done else None)
        return best((-outcome, None if left is None else left + 1)
                    for outcome, left in (solve(play(pos, m)) for m in moves(pos)))
    return solve


# -- Nim: (piles, misère, cap) ------------------------------------------------------------

def nim_solver(misere: bool, cap: int | None):
    def moves(piles):
        return bruteforce.nim_moves(piles, cap)

    def play(piles, move):
        pile, count = move
        return piles[:pile] + (piles[pile] - count,) + piles[pile + 1:]

    def ended(piles):
        if any(piles):
            return None
        return 1 if misere else -1   # the other player took the last object
    return solver(moves, play, ended)


def nim_boards(board):
    return [tuple(p) for p in itertools.product(*(range(n + 1) for n in board))]


# -- Sticks: a heap, a cap, whoever takes the last stick loses ----------------------------

def sticks_solver(cap: int):
    return solver(lambda n: list(range(1, min(cap, n) + 1)), lambda n, t: n - t,
                  lambda n: 1 if n == 0 else None)


# -- Tic-Tac-Toe: 9 characters ------------------------------------------------------------

def ttt_play(board, move):
    r, c = move
    mark = "X" if board.count("X") == board.count("O") else "O"
    i = r * 3 + c
    return board[:i] + mark + board[i + 1:]


def ttt_ended(board):
    if bruteforce.ttt_winner(bruteforce.ttt_grid(board)):
        return -1   # the one who just moved made the line
    return 0 if "." not in board else None


ttt_solve = solver(lambda b: bruteforce.ttt_moves(bruteforce.ttt_grid(b)), ttt_play, ttt_ended)


# -- Hexapawn: the brute force's positions ------------------------------------------------

def hexa_ended(pos):
    side = hexa.winner(pos)
    return None if side is None else (1 if side == pos.mover else -1)


hexa_solve = solver(hexa.moves, hexa.play, hexa_ended)
