"""Independent brute forces over the games, written on plain tuples, lists and strings
without the package's rules: the games' and players' tests check the engine against them."""

import itertools
from functools import cache


def nim_moves(piles, cap):
    return [(i, c) for i, p in enumerate(piles) for c in range(1, (min(p, cap) if cap else p) + 1)]


@cache
def nim_mover_wins(piles, misere, cap):
    if not any(piles):
        return misere  # the other player took the last object
    for i, c in nim_moves(piles, cap):
        child = list(piles)
        child[i] -= c
        if not nim_mover_wins(tuple(child), misere, cap):
            return True
    return False


def nim_positions(board):
    return itertools.product(*(range(p + 1) for p in board))


@cache
def sticks_mover_wins(sticks, cap):
    if sticks == 0:
        return True  # the other player took the last stick
    return any(not sticks_mover_wins(sticks - t, cap) for t in range(1, min(cap, sticks) + 1))


def ttt_grid(state):
    return [[state[r * 3 + c] for c in range(3)] for r in range(3)]


def ttt_winner(grid):
    lines = [row for row in grid] + [[grid[r][c] for r in range(3)] for c in range(3)]
    lines += [[grid[i][i] for i in range(3)], [grid[i][2 - i] for i in range(3)]]
    for line in lines:
        if line[0] != "." and line.count(line[0]) == 3:
            return line[0]
    return None


def ttt_moves(grid):
    if ttt_winner(grid):
        return []
    return [(r, c) for r in range(3) for c in range(3) if grid[r][c] == "."]


@cache
def ttt_value(state):
    """+1 if X wins with best play, -1 if O does, 0 for a draw."""
    grid = ttt_grid(state)
    w = ttt_winner(grid)
    if w:
        return 1 if w == "X" else -1
    moves = ttt_moves(grid)
    if not moves:
        return 0
    mark = "X" if state.count("X") == state.count("O") else "O"
    values = []
    for r, c in moves:
        i = r * 3 + c
        values.append(ttt_value(state[:i] + mark + state[i + 1:]))
    return max(values) if mark == "X" else min(values)


def ttt_positions():
    seen, frontier = {"." * 9}, ["." * 9]
    while frontier:
        state = frontier.pop()
        grid = ttt_grid(state)
        mark = "X" if state.count("X") == state.count("O") else "O"
        for r, c in ttt_moves(grid):
            i = r * 3 + c
            child = state[:i] + mark + state[i + 1:]
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return seen


def nim_canonical_positions(board, cap=None):
    """Every position reachable from the start of Nim `board`, piles sorted (the order of
    the piles does not matter), the finished one included: walked move by move."""
    start = tuple(sorted(board))
    seen, todo = {start}, [start]
    while todo:
        piles = todo.pop()
        for i, c in nim_moves(piles, cap):
            child = list(piles)
            child[i] -= c
            child = tuple(sorted(child))
            if child not in seen:
                seen.add(child)
                todo.append(child)
    return seen
