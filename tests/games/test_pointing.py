"""What pointing at an object means (`take_from`) and whether it may be played
(`why_illegal`), for every object of every position of small boards, against the rules
written out here: a move takes the pointed-at object and every one after it, and is legal
when it takes 1 to the cap."""

import itertools

import pytest

from nimgame.games import Nim, Sticks, TicTacToe


@pytest.mark.parametrize("game", [Nim((1, 3, 5)), Nim((2, 4, 6), max_take=3),
                                  Nim((3, 4), misere=False, max_take=2)], ids=repr)
def test_nim_every_stone_of_every_position(game):
    cap = game.max_take or max(game.piles)
    for piles in itertools.product(*(range(p + 1) for p in game.piles)):
        state = game.initial_state()._replace(piles=piles)
        for pile, size in enumerate(piles):
            for stone in range(size):
                move = game.take_from(state, pile, stone)
                assert move == (pile, size - stone)
                reason = game.why_illegal(state, move)
                if size - stone <= cap:
                    assert reason is None
                    assert game.result(state, move).piles[pile] == stone
                else:
                    assert reason == f"you may take at most {cap} at a time"


@pytest.mark.parametrize("game", [Sticks(12), Sticks(15, max_take=4)], ids=repr)
def test_sticks_every_stick_of_every_heap(game):
    for left in range(game.sticks + 1):
        state = game.initial_state()._replace(sticks=left)
        for stick in range(left):
            move = game.take_from(state, stick)
            assert move == left - stick
            assert (game.why_illegal(state, move) is None) == (move <= game.max_take)


def test_why_illegal_says_what_result_raises():
    game = TicTacToe()
    state = game.result(game.initial_state(), (1, 1))
    assert game.why_illegal(state, (0, 0)) is None
    assert game.why_illegal(state, (1, 1)) == "square (1, 1) is already taken by X"
    assert game.why_illegal(game.initial_state(), "centre").startswith("a Tic-Tac-Toe move")
