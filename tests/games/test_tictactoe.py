"""Every one of the 5,478 Tic-Tac-Toe positions against a brute force on lists of lists."""

import pytest
from bruteforce import ttt_grid as to_grid
from bruteforce import ttt_moves as brute_moves
from bruteforce import ttt_positions as all_positions
from bruteforce import ttt_value as brute_value
from bruteforce import ttt_winner as brute_winner

from nimgame.games import IllegalMove, TicTacToe
from nimgame.games.tictactoe import SYMMETRIES
from nimgame.players import MinimaxPlayer

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
