"""The Game of Sticks, every heap from 0 to 100, against a brute force written here."""

from functools import cache

import pytest

from nimgame.games import IllegalMove, Sticks, SticksState
from nimgame.players import MinimaxPlayer, PerfectPlayer


@cache
def brute_mover_wins(sticks, cap):
    if sticks == 0:
        return True  # the other player took the last stick
    return any(not brute_mover_wins(sticks - t, cap) for t in range(1, min(cap, sticks) + 1))


@pytest.mark.parametrize("cap", [1, 2, 3, 5])
def test_every_heap(cap):
    game = Sticks(100, max_take=cap)
    perfect, search = PerfectPlayer(game), MinimaxPlayer(game)
    for n in range(101):
        for player in (0, 1):
            state = SticksState(n, player)
            assert game.legal_moves(state) == list(range(1, min(cap, n) + 1))
            if n == 0:
                assert game.is_over(state) and game.winner(state) == player
                continue
            wins = brute_mover_wins(n, cap)
            assert perfect.outcome(state) == search.outcome(state) == (1 if wins else -1)
            move = perfect.choose_move(state)
            if wins:
                assert not brute_mover_wins(n - move, cap)
                assert (n - move) % (cap + 1) == 1  # leaves k(cap+1) + 1
                assert not brute_mover_wins(n - search.choose_move(state), cap)


def test_illegal_moves_and_arguments():
    game = Sticks(10)
    state = SticksState(2, 0)
    with pytest.raises(IllegalMove, match="between 1 and 3"):
        game.result(state, 4)
    with pytest.raises(IllegalMove, match="only 2 sticks"):
        game.result(state, 3)
    with pytest.raises(IllegalMove, match="number of sticks"):
        game.result(state, "2")
    with pytest.raises(ValueError, match="sticks must be a whole number from 1 to 10\\*\\*100, not 0"):
        Sticks(0)
    with pytest.raises(ValueError, match="max_take"):
        Sticks(10, max_take=0)
    assert game.describe_move(state, 1) == "take 1 stick"
