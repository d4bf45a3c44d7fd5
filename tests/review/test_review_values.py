"""The review's verdicts against an independent brute force, on every position of small
boards: Nim (normal, misère, capped), the Game of Sticks with several caps, every
Tic-Tac-Toe position and every Hexapawn position, for both players, the moves left
included; and each move's before and after as the review gives them."""

import bruteforce
import bruteforce_hexapawn as hexa
import pytest
from reviewbrute import hexa_solve, nim_boards, nim_solver, sticks_solver, ttt_solve

from nimgame.games import Nim, Sticks, TicTacToe, make_game
from nimgame.games.nim import NimState
from nimgame.games.sticks import SticksState
from nimgame.review import ExactJudge, Value, review
from nimgame.review.values import SEARCH_LIMIT, counts_moves

NIM_BOARDS = [((1, 2, 3), False, None), ((1, 2, 3), True, None), ((2, 2, 3), True, None),
              ((1, 1, 4), False, None), ((3, 4), True, 2), ((2, 5), False, 3),
              ((1, 3, 4), True, 1), ((4,), True, None), ((0, 5), False, 2)]


def expected(brute_value, mover, player):
    """The brute force's (outcome, left) for the player to move, as a Value for `player`."""
    outcome, left = brute_value
    return Value(outcome if mover == player else -outcome, left)


def check_every_position(judge, states, brute, mover_of):
    checked = 0
    for state in states:
        for player in (0, 1):
            assert judge.value(state, player) == expected(brute(state), mover_of(state),
                                                          player), (state, player)
            checked += 1
    return checked


@pytest.mark.parametrize("board,misere,cap", NIM_BOARDS)
def test_nim_every_position(board, misere, cap):
    game = Nim(board, misere=misere, max_take=cap)
    judge = ExactJudge(game)
    solve = nim_solver(misere, cap)
    states = [NimState(piles, player) for piles in nim_boards(board) for player in (0, 1)]
    assert check_every_position(judge, states, lambda s: solve(s.piles),
                                lambda s: s.player) == 2 * len(states)


@pytest.mark.parametrize("cap", [1, 2, 3, 4, 12])
def test_sticks_every_position(cap):
    game = Sticks(12, max_take=cap)
    judge = ExactJudge(game)
    solve = sticks_solver(cap)
    states = [SticksState(n, player) for n in range(13) for player in (0, 1)]
    check_every_position(judge, states, lambda s: solve(s.sticks), lambda s: s.player)


def test_tictactoe_every_position():
    judge = ExactJudge(TicTacToe())
    states = bruteforce.ttt_positions()
    assert len(states) == 5478
    check_every_position(judge, states, ttt_solve,
                         lambda s: 0 if s.count("X") == s.count("O") else 1)


def test_hexapawn_every_position():
    judge = ExactJudge(make_game("hexapawn"))
    positions = hexa.positions()
    check_every_position(judge, [hexa.to_state(p) for p in positions],
                         lambda s: hexa_solve(hexa.from_state(s)), lambda s: s.player)
    assert hexa_solve(hexa.START)[0] == -1   # Black, the second player, wins


def test_a_few_known_values():
    """Worked by hand: misère 1, 3, 5, 7 (nim-sum 0) loses; 20 sticks win in 10 (take 3,
    then answer k with 4 - k); Tic-Tac-Toe is a draw."""
    nim = ExactJudge(Nim((1, 3, 5, 7)))
    assert nim.value(NimState((1, 3, 5, 7), 0), 0).word == "loss"
    sticks = ExactJudge(Sticks(20))
    assert sticks.value(SticksState(20, 0), 0) == Value(1, 10)
    assert sticks.value(SticksState(20, 0), 1).text == "loss in 10"
    assert sticks.value(SticksState(0, 1), 1).text == "won"
    assert ExactJudge(TicTacToe()).value("." * 9, 0).text == "draw"


def every_game(game, state, path=()):
    """Every game from `state` to its end (for boards small enough)."""
    if game.is_over(state):
        yield path
        return
    for move in game.legal_moves(state):
        yield from every_game(game, game.result(state, move), path + (move,))


@pytest.mark.parametrize("game,solve,key", [
    (Nim((1, 2, 3)), nim_solver(True, None), lambda s: s.piles),
    (Nim((2, 3), misere=False, max_take=2), nim_solver(False, 2), lambda s: s.piles),
    (Sticks(9), sticks_solver(3), lambda s: s.sticks),
    (make_game("hexapawn"), hexa_solve, hexa.from_state),
])
def test_each_moves_before_and_after_in_every_game(game, solve, key):
    """Each reviewed move's before and after, in every game these boards can play."""
    judge, games = ExactJudge(game), 0
    for path in every_game(game, game.initial_state()):
        reviewed = review(game, path, judge)
        for move, before, after in zip(reviewed.moves, reviewed.positions[:-1],
                                       reviewed.positions[1:], strict=True):
            assert move.before == expected(solve(key(before)), game.to_move(before),
                                           move.player)
            assert move.after == expected(solve(key(after)), game.to_move(after),
                                          move.player)
            assert move.mistake == (move.after.outcome < move.before.outcome)
            assert (move.why is not None) == move.mistake
        games += 1
    assert games > 10


def test_big_boards_are_judged_by_the_theory_without_counting():
    """A board too big to search still gets exact verdicts, from the theory, without k."""
    game = Nim((15,) * 8)
    assert game.position_bound() > SEARCH_LIMIT and not counts_moves(game)
    judge = ExactJudge(game)
    assert not judge.counted
    assert judge.value(game.initial_state(), 0) == Value(-1, None)
    assert judge.value(NimState((15,) * 7 + (14,), 1), 1).text == "win"
    huge = Sticks(10**100)
    assert ExactJudge(huge).value(huge.initial_state(), 0) == Value(1, None)
    reviewed = review(huge, [2, 1])
    assert [m.mistake for m in reviewed.moves] == [True, False]
    assert "leave" in (reviewed.moves[0].why or "") or "left" in (reviewed.moves[0].why or "")
