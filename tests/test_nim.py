"""Nim, checked on every position of the CS50 board against a brute force written here."""

import itertools
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nimgame.games import IllegalMove, Nim, NimState
from nimgame.players import MinimaxPlayer, PerfectPlayer

RULES = [(True, None), (False, None), (True, 3), (False, 3)]


def brute_moves(piles, cap):
    return [(i, c) for i, p in enumerate(piles) for c in range(1, (min(p, cap) if cap else p) + 1)]


@cache
def brute_mover_wins(piles, misere, cap):
    if not any(piles):
        return misere  # the other player took the last object
    for i, c in brute_moves(piles, cap):
        child = list(piles)
        child[i] -= c
        if not brute_mover_wins(tuple(child), misere, cap):
            return True
    return False


def all_positions(board):
    return itertools.product(*(range(p + 1) for p in board))


@pytest.mark.parametrize("misere,cap", RULES)
def test_every_position_of_1357(misere, cap):
    game = Nim((1, 3, 5, 7), misere=misere, max_take=cap)
    perfect = PerfectPlayer(game)
    searchers = [MinimaxPlayer(game, alpha_beta=True), MinimaxPlayer(game, alpha_beta=False)]
    for piles in all_positions((1, 3, 5, 7)):
        for player in (0, 1):
            state = NimState(piles, player)
            assert sorted(game.legal_moves(state)) == sorted(brute_moves(piles, cap))
            over = not any(piles)
            assert game.is_over(state) == over
            if over:
                expected = player if misere else 1 - player
                assert game.winner(state) == expected
                continue
            assert game.winner(state) is None
            wins = brute_mover_wins(piles, misere, cap)
            assert perfect.outcome(state) == (1 if wins else -1)
            for searcher in searchers:
                assert searcher.outcome(state) == (1 if wins else -1)
            winning = {m for m in brute_moves(piles, cap)
                       if not brute_mover_wins(game.result(state, m).piles, misere, cap)}
            assert set(perfect.winning_moves(state)) == winning
            move = perfect.choose_move(state)
            assert move in game.legal_moves(state)
            if winning:
                assert move in winning
                for searcher in searchers:
                    assert searcher.choose_move(state) in winning


@pytest.mark.parametrize("misere", [True, False])
@pytest.mark.parametrize("cap", [1, 2, 4, 5])
def test_every_position_with_other_caps(misere, cap):
    game = Nim((2, 4, 6, 8), misere=misere, max_take=cap)
    perfect = PerfectPlayer(game)
    for piles in all_positions((2, 4, 6, 8)):
        if any(piles):
            wins = brute_mover_wins(piles, misere, cap)
            assert perfect.outcome(NimState(piles, 0)) == (1 if wins else -1), piles


boards = st.lists(st.integers(0, 6), min_size=1, max_size=4).map(tuple).filter(any)


@settings(max_examples=150, deadline=None)
@given(boards, st.booleans(), st.sampled_from([None, 1, 2, 3, 4]))
def test_perfect_player_matches_brute_force_on_random_boards(piles, misere, cap):
    game = Nim(piles, misere=misere, max_take=cap)
    state = game.initial_state()
    if game.is_over(state):
        return
    wins = brute_mover_wins(piles, misere, cap)
    perfect = PerfectPlayer(game)
    assert perfect.outcome(state) == (1 if wins else -1)
    move = perfect.choose_move(state)
    child = game.result(state, move)
    if wins:
        assert not brute_mover_wins(child.piles, misere, cap)


@settings(max_examples=100, deadline=None)
@given(boards, st.booleans(), st.data())
def test_random_move_sequences_keep_rules(piles, misere, data):
    game = Nim(piles, misere=misere)
    state = game.initial_state()
    total = sum(piles)
    while not game.is_over(state):
        move = data.draw(st.sampled_from(game.legal_moves(state)))
        before = state
        state = game.result(state, move)
        assert before.piles == piles or sum(before.piles) > sum(state.piles)  # input untouched
        assert sum(state.piles) == sum(before.piles) - move[1]
        assert state.player == 1 - before.player
        hash(state)
    assert sum(state.piles) == 0 and total >= 0
    assert game.winner(state) in (0, 1)


def test_big_board_answers_quickly_and_correctly():
    game = Nim((977,) + tuple(range(991, 1010)), misere=False)
    state = game.initial_state()
    assert PerfectPlayer(game).outcome(state) == 1
    move = PerfectPlayer(game).choose_move(state)
    child = game.result(state, move)
    total = 0
    for p in child.piles:
        total ^= p
    assert total == 0


@pytest.mark.parametrize("move,message", [
    ((4, 1), "there is no pile 4"),
    ((-1, 1), "there is no pile -1"),
    ((0, 0), "at least 1"),
    ((0, 2), "pile 0 has only 1 object"),
    ((3, 8), "pile 3 has only 7 objects"),
    ("x", r"a Nim move is \(pile, count\)"),
    ((1.0, 1), "there is no pile 1.0"),
])
def test_illegal_moves_say_why(move, message):
    game = Nim()
    with pytest.raises(IllegalMove, match=message):
        game.result(game.initial_state(), move)
    assert issubclass(IllegalMove, ValueError)


def test_cap_is_enforced():
    game = Nim((5, 5), max_take=3)
    with pytest.raises(IllegalMove, match="at most 3"):
        game.result(game.initial_state(), (0, 4))


@pytest.mark.parametrize("kwargs,message", [
    ({"piles": ()}, "1 to 100 piles"),
    ({"piles": (1, -2)}, r"pile 2 must be a whole number from 0 to 10\*\*100, not -2"),
    ({"piles": (1, 2.5)}, "pile 2 must be a whole number"),
    ({"piles": (1, True)}, "pile 2 must be a whole number"),
    ({"piles": (1, 10**100 + 1)}, r"pile 2 must be .* not 1000000000.*…$"),
    ({"piles": (1, 10**5000)}, r"pile 2 must be .* not <int too large to show>"),
    ({"piles": (1,) * 101}, "1 to 100 piles"),
    ({"piles": iter(range(1, 10**9))}, "1 to 100 piles"),
    ({"piles": (0, 0, 0)}, "every pile is empty"),
    ({"piles": 7}, "sequence of pile sizes"),
    ({"piles": "1,3"}, "sequence of pile sizes, not '1,3'"),
    ({"max_take": 0}, "max_take must be a whole number from 1"),
])
def test_bad_constructor_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Nim(**kwargs)


def test_describe_and_canonical():
    game = Nim()
    state = game.initial_state()
    assert game.describe_move(state, (2, 2)) == "take 2 from pile 3"
    assert game.canonical(NimState((7, 1, 5, 3), 1)) == NimState((1, 3, 5, 7), 0)
    assert "misère" in game.describe_rules()
    assert Nim((1, 2)) == Nim([1, 2]) and Nim((1, 2)) != Nim((1, 2), misere=False)
