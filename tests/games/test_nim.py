"""Nim, checked on every position of the CS50 board against a brute force written here."""

import itertools

import pytest
from bruteforce import nim_mover_wins as brute_mover_wins
from bruteforce import nim_moves as brute_moves
from bruteforce import nim_positions as all_positions
from hypothesis import given, settings
from hypothesis import strategies as st

from nimgame.games import IllegalMove, Nim, NimState
from nimgame.players import MinimaxPlayer, PerfectPlayer

RULES = [(True, None), (False, None), (True, 3), (False, 3)]


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
            state = NimState(piles, 0)
            wins = brute_mover_wins(piles, misere, cap)
            assert perfect.outcome(state) == (1 if wins else -1), piles
            winning = [m for m in brute_moves(piles, cap)
                       if not brute_mover_wins(game.result(state, m).piles, misere, cap)]
            assert perfect.winning_moves(state) == winning, piles  # same moves, same order


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
    winning = [m for m in brute_moves(piles, cap)
               if not brute_mover_wins(game.result(state, m).piles, misere, cap)]
    assert perfect.winning_moves(state) == winning


class UnlistedNim(Nim):
    """Nim whose moves cannot be listed: a player that tries is too slow for big boards."""

    def legal_moves(self, state):
        raise AssertionError("listed every move of a huge board")


huge_boards = st.lists(st.integers(0, 10**100), min_size=1, max_size=100).filter(any)


@settings(max_examples=200, deadline=None)
@given(huge_boards, st.booleans(), st.sampled_from([None, 1, 2, 3, 7, 10**6, 10**100]),
       st.data())
def test_perfect_play_on_huge_boards_lists_no_moves(piles, misere, cap, data):
    """On boards far too big to search, every winning move the player names is legal and
    leaves a lost position, it names one exactly when the position is won, and it never
    lists the moves (the exhaustive tests above check the rule itself)."""
    game = UnlistedNim(piles, misere=misere, max_take=cap)
    perfect = PerfectPlayer(game)
    state = NimState(tuple(piles), data.draw(st.sampled_from([0, 1])))
    winning = perfect.winning_moves(state)
    assert bool(winning) == (perfect.outcome(state) == 1)
    for move in winning:
        assert perfect.outcome(game.result(state, move)) == -1
    assert len({pile for pile, _ in winning}) == len(winning)  # one per pile at most
    game.result(state, perfect.choose_move(state))  # legal, or IllegalMove fails the test


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
    # Moves index piles from 0; the words count them from 1, as people do.
    ((4, 1), "there is no pile 5; the piles are 1 to 4$"),
    ((-1, 1), "there is no pile 0; the piles are 1 to 4$"),
    ((0, 0), "at least 1"),
    ((0, 2), "pile 1 has only 1 object$"),
    ((3, 8), "pile 4 has only 7 objects$"),
    ("x", r"a Nim move is \(pile, count\)"),
    ((1.0, 1), "a pile is chosen by a whole number, not 1.0"),
])
def test_illegal_moves_say_why(move, message):
    game = Nim()
    with pytest.raises(IllegalMove, match=message):
        game.result(game.initial_state(), move)
    assert issubclass(IllegalMove, ValueError)


def test_a_one_pile_board_says_so():
    with pytest.raises(IllegalMove, match="^there is no pile 2; the only pile is pile 1$"):
        Nim((3,)).result(NimState((3,), 0), (1, 1))


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


@pytest.mark.parametrize("cap", [None, 1, 3])
def test_random_move_draws_as_choice_over_the_listed_moves(cap):
    """Without listing moves it draws exactly what rng.choice(legal_moves) would draw,
    on every position of a board, so seeded games replay as before."""
    import random

    game = Nim((2, 0, 3, 5), max_take=cap)
    for piles in all_positions((2, 0, 3, 5)):
        state = NimState(piles, 0)
        if not any(piles):
            with pytest.raises(ValueError, match="game is over"):
                game.random_move(state, random.Random(0))
            continue
        for seed in range(5):
            expected = random.Random(seed).choice(game.legal_moves(state))
            assert game.random_move(state, random.Random(seed)) == expected


def test_random_player_on_a_huge_board_lists_no_moves():
    import random

    from nimgame.players import RandomPlayer

    game = UnlistedNim((10**100,) * 100)
    move = RandomPlayer(game, seed=3).choose_move(game.initial_state())
    game.result(game.initial_state(), move)
    assert game.random_move(game.initial_state(), random.Random(3)) == move


@pytest.mark.parametrize("text,expected", [
    ("1,3,5,7", (1, 3, 5, 7)), (" 1, 3 ,5 ", (1, 3, 5)), ("0,4", (0, 4)),
    ("007", (7,)), ("9" * 101, (10**101 - 1,)), (",".join(["1"] * 100), (1,) * 100),
])
def test_parse_piles_reads_what_people_type(text, expected):
    from nimgame.games.nim import parse_piles

    assert parse_piles(text) == expected


@pytest.mark.parametrize("text,message", [
    ("", "whole numbers separated by commas"), ("1;3", "not '1;3'"),
    ("1,²", "not '1,²'"), ("①", "not '①'"), ("٣", "not '٣'"), ("1\u200b,2", r"not '1\\u200b,2'"),
    ("\x1b[2J", r"not '\\x1b\[2J'"), ("-1", "not '-1'"), ("+3", r"not '\+3'"), ("1.5", "1.5"),
    ("10**30", r"not '10\*\*30'"), ("1\t2", r"\\x09"),
    ("9" * 102, r"at most 10\*\*100 objects"), ("1," * 101, "at most 100 piles, not 101"),
    ("1" * 10_000, r"at most 10\*\*100 objects"), ("x" * 10_000, "not 'xxxx.*…'$"),
    ("1" * 20_000, "too long"), ("1, " * 10_000, "too long"),
    ("1,,3", "pile 2 is empty"), (",3", "pile 1 is empty"), ("1, ,3", "pile 2 is empty"),
])
def test_parse_piles_refuses_in_one_line(text, message):
    from nimgame.games.nim import parse_piles

    with pytest.raises(ValueError, match=message) as caught:
        parse_piles(text)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 200


@pytest.mark.parametrize("data", [
    None, 5, "ab", (), ((1, 3, 5, 7),), ((1, 3, 5), 0), ((1, 3, 5, 7), 2), ((1, 3, 5, 7), True),
    ((1, 3, 5, 8), 0), ((7, 7, 0, 0), 0), ((1, 3, 5, -1), 0), ((1.0, 3, 5, 7), 0),
    (("1", 3, 5, 7), 0), ((1, 3, 5, 10**5000), 0), ([1, 3, 5, None], 0), ((1, 3, 5, 7), 0, 0),
])
def test_state_from_data_refuses_what_is_not_a_position(data):
    with pytest.raises(ValueError) as caught:
        Nim().state_from_data(data)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 200


def test_state_from_data_takes_every_position_in_any_order():
    game = Nim((1, 3, 5, 7))
    for piles in all_positions((1, 3, 5, 7)):
        for order in (piles, tuple(sorted(piles)), tuple(sorted(piles, reverse=True))):
            state = game.state_from_data((list(order), 1))
            assert state == NimState(order, 1)
            hash(state)


def test_a_typed_position_is_any_board_within_the_start_and_nothing_else():
    """Exhaustive on a small board: every pile list of the right length is accepted exactly
    when each pile is within its starting size and something is left."""
    game = Nim((1, 2, 3))
    for piles in itertools.product(range(5), repeat=3):
        text = ", ".join(map(str, piles))
        fits = all(p <= most for p, most in zip(piles, (1, 2, 3), strict=True)) and any(piles)
        if fits:
            assert game.parse_position(text) == NimState(piles, 0)
        else:
            with pytest.raises(ValueError):
                game.parse_position(text)
    for wrong in ("1, 2", "1, 2, 3, 0", "", "x", "1,2,²", "1, 2, 10**30"):
        with pytest.raises(ValueError, match="pile sizes separated by commas"):
            game.parse_position(wrong)
