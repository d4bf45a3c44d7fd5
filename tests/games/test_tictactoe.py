"""Every one of the 5,478 Tic-Tac-Toe positions against a brute force on lists of lists."""

from functools import cache

import pytest

from nimgame.games import IllegalMove, TicTacToe
from nimgame.games.tictactoe import SYMMETRIES
from nimgame.players import MinimaxPlayer


def to_grid(state):
    return [[state[r * 3 + c] for c in range(3)] for r in range(3)]


def brute_winner(grid):
    lines = [row for row in grid] + [[grid[r][c] for r in range(3)] for c in range(3)]
    lines += [[grid[i][i] for i in range(3)], [grid[i][2 - i] for i in range(3)]]
    for line in lines:
        if line[0] != "." and line.count(line[0]) == 3:
            return line[0]
    return None


def brute_moves(grid):
    if brute_winner(grid):
        return []
    return [(r, c) for r in range(3) for c in range(3) if grid[r][c] == "."]


@cache
def brute_value(state):
    """+1 if X wins with best play, -1 if O does, 0 for a draw."""
    grid = to_grid(state)
    w = brute_winner(grid)
    if w:
        return 1 if w == "X" else -1
    moves = brute_moves(grid)
    if not moves:
        return 0
    mark = "X" if state.count("X") == state.count("O") else "O"
    values = []
    for r, c in moves:
        i = r * 3 + c
        values.append(brute_value(state[:i] + mark + state[i + 1:]))
    return max(values) if mark == "X" else min(values)


def all_positions():
    seen, frontier = {"." * 9}, ["." * 9]
    while frontier:
        state = frontier.pop()
        grid = to_grid(state)
        mark = "X" if state.count("X") == state.count("O") else "O"
        for r, c in brute_moves(grid):
            i = r * 3 + c
            child = state[:i] + mark + state[i + 1:]
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return seen


POSITIONS = sorted(all_positions())


def test_there_are_5478_positions():
    assert len(POSITIONS) == 5478


@pytest.mark.parametrize("alpha_beta", [True, False])
def test_every_position(alpha_beta):
    game = TicTacToe()
    search = MinimaxPlayer(game, alpha_beta=alpha_beta)
    for state in POSITIONS:
        grid = to_grid(state)
        w = brute_winner(grid)
        assert game.winner(state) == (None if w is None else "XO".index(w))
        assert sorted(game.legal_moves(state)) == sorted(brute_moves(grid))
        assert game.is_over(state) == (not brute_moves(grid))
        assert game.to_move(state) == (0 if state.count("X") == state.count("O") else 1)
        if game.is_over(state):
            continue
        value = brute_value(state)
        mover_sign = 1 if game.to_move(state) == 0 else -1
        assert search.outcome(state) == value * mover_sign
        # Every move's score has the sign of its true value, so the chosen one keeps it.
        for move, score in search.move_scores(state).items():
            child_value = brute_value(game.result(state, move)) * mover_sign
            assert (score > 0) - (score < 0) == child_value
        assert brute_value(game.result(state, search.choose_move(state))) == value


def test_minimax_prefers_the_quickest_win():
    game = TicTacToe()
    # X can win at once in (0, 2); it also has slower wins.
    state = "XX.OO...."
    assert game.to_move(state) == 0
    assert MinimaxPlayer(game).choose_move(state) == (0, 2)


def test_symmetries_are_the_eight_of_the_square():
    assert len(set(SYMMETRIES)) == 8
    game = TicTacToe()
    for state in POSITIONS[::7]:
        images = {"".join(state[i] for i in p) for p in SYMMETRIES}
        assert {game.canonical(s) for s in images} == {game.canonical(state)}
        assert brute_value(game.canonical(state)) == brute_value(state)


def test_illegal_moves():
    game = TicTacToe()
    with pytest.raises(IllegalMove, match="already taken by X"):
        game.result("X........", (0, 0))
    with pytest.raises(IllegalMove, match="no square"):
        game.result("." * 9, (3, 0))
    with pytest.raises(IllegalMove, match="game is over"):
        game.result("XXXOO....", (2, 2))
    state = "." * 9
    game.result(state, (1, 1))
    assert state == "." * 9
