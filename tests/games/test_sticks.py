"""The Game of Sticks, every heap from 0 to 100, against a brute force written here."""

import pytest
from bruteforce import sticks_mover_wins as brute_mover_wins

from nimgame.games import IllegalMove, Sticks, SticksState
from nimgame.players import MinimaxPlayer, PerfectPlayer


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
            assert perfect.winning_moves(state) == [
                t for t in range(1, min(cap, n) + 1) if not brute_mover_wins(n - t, cap)]
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
    with pytest.raises(ValueError, match=r"sticks must be a whole number from 1 to 10\*\*100"):
        Sticks(0)
    with pytest.raises(ValueError, match="max_take"):
        Sticks(10, max_take=0)
    assert game.describe_move(state, 1) == "take 1 stick"


@pytest.mark.parametrize("cap", [1, 3, 10**6, 10**100])
def test_perfect_play_on_a_googol_of_sticks_lists_no_moves(cap, monkeypatch):
    game = Sticks(10**100, max_take=cap)
    monkeypatch.setattr(game, "legal_moves", lambda state: pytest.fail("listed every move"))
    perfect = PerfectPlayer(game)
    for n in (10**100, 10**100 - 1, 10**99 + 7, (cap + 1) * 10**50 + 1):
        state = SticksState(n, 0)
        move = perfect.choose_move(state)
        child = game.result(state, move)
        assert perfect.outcome(child) == -1 or perfect.outcome(state) == -1
        assert (perfect.outcome(state) == 1) == ((n - 1) % (cap + 1) != 0)


@pytest.mark.parametrize("cap", [1, 3, 5])
def test_random_move_draws_as_choice_over_the_listed_moves(cap):
    import random

    game = Sticks(12, max_take=cap)
    for n in range(13):
        state = SticksState(n, 1)
        for seed in range(5):
            if n == 0:
                with pytest.raises(ValueError, match="game is over"):
                    game.random_move(state, random.Random(seed))
            else:
                expected = random.Random(seed).choice(game.legal_moves(state))
                assert game.random_move(state, random.Random(seed)) == expected


@pytest.mark.parametrize("data", [
    None, 5, "ab", (), (3,), (3, 0, 0), (11, 0), (-1, 0), (3, 2), (3, True), (True, 0),
    (3.0, 0), ("3", 0), (10**5000, 0),
])
def test_state_from_data_refuses_what_is_not_a_position(data):
    with pytest.raises(ValueError) as caught:
        Sticks(10).state_from_data(data)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 200


def test_state_from_data_takes_every_position():
    game = Sticks(10)
    assert [game.state_from_data([n, p]) for n in range(11) for p in (0, 1)] == [
        SticksState(n, p) for n in range(11) for p in (0, 1)]
