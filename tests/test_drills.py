"""The drills' right answers, for every position each drill can pose at every level, equal
an independent brute force (the games' trees searched on plain tuples, Grundy values by
mex); answers are judged with a line that says why; random boards beyond the drills' own
by Hypothesis."""

import random
from functools import cache

import pytest
from bruteforce import nim_mover_wins, sticks_mover_wins
from hypothesis import given
from hypothesis import strategies as st

from nimgame.session.drills import (
    KINDS,
    LEVELS,
    Board,
    Form,
    check,
    hint,
    kind_of,
    level,
    pose,
    posed,
    working,
)

# -- the brute force: nothing from the package -------------------------------------------


def moves(piles, cap):
    return [(i, c) for i, p in enumerate(piles)
            for c in range(1, (p if cap is None else min(p, cap)) + 1)]


def child(piles, move):
    i, c = move
    return piles[:i] + (piles[i] - c,) + piles[i + 1:]


def brute_wins(board, piles):
    if board.sticks:
        return sticks_mover_wins(piles[0], board.cap)
    return nim_mover_wins(piles, board.misere, board.cap)


def brute_winning_moves(board, piles):
    """Every move after which the player to move next loses, searched."""
    if board.sticks:
        n, cap = piles[0], board.cap
        return {t for t in range(1, min(cap, n) + 1) if not sticks_mover_wins(n - t, cap)}
    return {m for m in moves(piles, board.cap)
            if not nim_mover_wins(child(piles, m), board.misere, board.cap)}


@cache
def mex_grundy(n, cap):
    """A pile's Grundy value in the subtraction game take 1..cap: the least value none of
    its options has."""
    seen = {mex_grundy(n - t, cap) for t in range(1, min(n, cap) + 1)}
    value = 0
    while value in seen:
        value += 1
    return value


def brute_grundy(piles, cap):
    total = 0
    for n in piles:
        total ^= mex_grundy(n, cap)
    return total


def brute_poses(key, board, piles):
    """What each drill should ask about, from its description."""
    if key in ("lost", "grundy"):
        return any(piles)
    if key == "misere-endgame":
        return any(piles) and sum(p > 1 for p in piles) <= 1 and brute_wins(board, piles)
    return any(piles) and brute_wins(board, piles)


def every_position(board):
    import itertools
    if board.sticks:
        return [(n,) for n in range(0, board.largest + 1)]
    return list(itertools.product(range(board.largest + 1), repeat=board.piles))


def brute_right(key, board, piles):
    if key == "lost":
        return {not brute_wins(board, piles)}
    if key == "grundy":
        return {brute_grundy(piles, board.cap)}
    return brute_winning_moves(board, piles)


CASES = [(key, made.number, board) for key, kind in KINDS.items() for made in LEVELS
         for board in kind.boards(made.number)]


@pytest.mark.parametrize(("key", "number", "board"), CASES,
                         ids=[f"{k}-{n}-{b.piles}x{b.largest}-{b.cap}-{b.misere}"
                              for k, n, b in CASES])
def test_every_position_a_drill_poses_has_the_brute_forces_answers(key, number, board):
    kind = KINDS[key]
    asked = set(posed(key, board))
    assert asked == {p for p in every_position(board) if brute_poses(key, board, p)}
    assert asked   # something to ask at every level
    for piles in asked:
        question = kind.question(number, board, piles)
        assert set(question.right) == brute_right(key, board, piles), piles
        for answer in question.right:
            verdict = check(question, answer)
            assert verdict.right and verdict.why.startswith("Right"), (piles, verdict)
        if question.form is Form.NUMBER:
            assert question.right[0] in question.choices
            for wrong in set(question.choices) - set(question.right):
                assert not check(question, wrong).right
        if question.form is Form.YES_NO:
            assert not check(question, not question.right[0]).right


@pytest.mark.parametrize("key", [k for k, kind in KINDS.items() if kind.form is Form.MOVE])
def test_every_other_move_on_a_level_one_board_is_wrong_and_says_why(key):
    for board in KINDS[key].boards(1):
        for piles in posed(key, board):
            question = KINDS[key].question(1, board, piles)
            right = brute_winning_moves(board, piles)
            legal = (range(1, min(board.cap, piles[0]) + 1) if board.sticks
                     else moves(piles, board.cap))
            for move in legal:
                verdict = check(question, move)
                assert verdict.right == (move in right), (piles, move)
                if not verdict.right:
                    assert verdict.why.startswith("Wrong: You "), verdict.why


def test_the_kits_words_say_why_a_move_is_wrong():
    question = KINDS["winning-move"].question(1, Board(3, 7, misere=False), (1, 2, 4))
    assert check(question, (0, 1)).why == (
        "Wrong: You left a nim-sum of 6 (110 in binary); taking 1 from pile 3 would have "
        "left a nim-sum of 0.")
    assert check(question, (2, 1)).why == (
        "Right: take 1 from pile 3, and that leaves a nim-sum of 0.")
    sticks = KINDS["sticks"].question(1, Board(1, 20, True, 3, sticks=True), (11,))
    assert check(sticks, 2).why == "Right: take 2 sticks, and that leaves 9 = 4×2 + 1, " \
                                   "the 4k+1 number."
    assert "which is not 4k+1" in check(sticks, 1).why
    endgame = KINDS["misere-endgame"].question(1, Board(3, 5, True), (1, 1, 4))
    assert check(endgame, (2, 4)).why.startswith("Wrong: You left 2 piles of 1")
    assert check(endgame, (2, 3)).why == ("Right: take 3 from pile 3, and that leaves 3 "
                                          "piles of 1 and none bigger, an odd number.")


def test_is_it_lost_says_the_nim_sum_or_the_count_of_ones():
    lost = KINDS["lost"].question(1, Board(3, 7, misere=False), (1, 2, 3))
    assert lost.right == (True,)
    assert check(lost, False).why.startswith("Wrong: the nim-sum is 0")
    ones = KINDS["lost"].question(3, Board(4, 9, misere=True), (1, 1, 1, 0))
    assert check(ones, True).why == ("Right: 3 piles of 1 and none bigger, odd: in misère "
                                     "play that loses for the player to move.")


def test_a_grundy_question_shows_its_working():
    question = KINDS["grundy"].question(2, Board(2, 12, False, cap=3), (7, 9))
    assert question.right == (2,)
    assert check(question, 2).why == "Right: mod 4, 7 counts 3, 9 counts 1; 3 xor 1 = 2."
    assert check(question, 1).why.startswith("Not 1: ")
    assert working(question) == [("pile 1: 7, counts 3", "11"), ("pile 2: 9, counts 1", "01"),
                                 ("nim-sum", "10 (= 2)")]
    assert hint(question, 2) == ["Mod 4: 7 counts 3, 9 counts 1; now xor them."]


def test_the_binary_table_is_the_nim_sum_worked_out():
    question = KINDS["misere-endgame"].question(1, Board(3, 5, True), (1, 0, 1))
    assert working(question) == [("pile 1: 1", "1"), ("pile 2: 0", "0"), ("pile 3: 1", "1"),
                                 ("nim-sum", "0"), ("piles of 1", "2, even")]
    endgame = KINDS["misere-endgame"].question(1, Board(3, 5, True), (1, 3, 1))
    assert working(endgame)[-3:] == [("nim-sum", "11 (= 3)"), ("piles of 1", "2"),
                                     ("piles above 1", "1")]
    sticks = KINDS["sticks"].question(1, Board(1, 20, True, 3, sticks=True), (18,))
    assert working(sticks)[1] == ("in 4s", "4×4 + 2")


@pytest.mark.parametrize("answer", [None, "2", 2.0, (0,), (0, 1, 2), ("a", 1), (9, 1),
                                    (0, 0), (0, -1), (0, 10**200), True, [0, 1], object()])
def test_an_answer_of_any_shape_is_judged_with_a_line_never_a_traceback(answer):
    for key in KINDS:
        question = pose(key, 1, random.Random(5))
        verdict = check(question, answer)
        if verdict.right:   # only an answer that is one of the right ones
            assert answer in question.right
        assert verdict.why and "\n" not in verdict.why


def test_a_grundy_answer_is_a_whole_number_not_a_bool():
    question = KINDS["grundy"].question(1, Board(1, 15, False, cap=2), (4,))
    assert question.right == (1,)
    assert not check(question, True).right and check(question, 1).right


def test_the_generator_is_deterministic_under_a_seed_and_covers_the_boards():
    for key in KINDS:
        for made in LEVELS:
            first = [pose(key, made.number, random.Random(9)).piles for _ in range(3)]
            rng_a, rng_b = random.Random(11), random.Random(11)
            a = [pose(key, made.number, rng_a).piles for _ in range(30)]
            b = [pose(key, made.number, rng_b).piles for _ in range(30)]
            assert a == b and len(set(first)) == 1
            assert len(set(a)) > 1   # not one question over and over


def test_is_it_lost_asks_lost_and_won_positions_alike():
    rng = random.Random(3)
    answers = [pose("lost", 2, rng).right[0] for _ in range(200)]
    assert 60 <= answers.count(True) <= 140


def test_levels_go_from_guided_to_bare():
    assert [(m.table, m.hints) for m in LEVELS] == [(True, True), (False, True),
                                                   (False, False)]
    assert [m.seconds for m in LEVELS] == sorted((m.seconds for m in LEVELS), reverse=True)
    for wrong in (0, 4, "1", True, 1.0):
        with pytest.raises(ValueError, match="level is 1 to 3"):
            level(wrong)
    with pytest.raises(ValueError, match="no drill called 'chess'; there are winning-move"):
        kind_of("chess")


# -- random boards beyond the drills' own ---------------------------------------------------

@given(st.lists(st.integers(0, 6), min_size=1, max_size=5),
       st.sampled_from([None, 1, 2, 3, 4]), st.booleans())
def test_on_random_nim_boards_the_right_moves_are_the_searched_ones(piles, cap, misere):
    piles = tuple(piles)
    board = Board(len(piles), 6, misere=misere, cap=cap)
    assert set(KINDS["lost"].question(3, board, piles).right) == (
        {not brute_wins(board, piles)} if any(piles) else {not misere})
    if any(piles):
        question = KINDS["winning-move"].question(3, board, piles)
        assert set(question.right) == brute_winning_moves(board, piles)
        grundy = KINDS["grundy"].question(3, Board(len(piles), 6, False, cap or 6), piles)
        assert grundy.right == (brute_grundy(piles, cap or 6),)


@given(st.integers(1, 400), st.integers(1, 9))
def test_on_random_heaps_leave_the_rule_is_the_searched_move(sticks, cap):
    board = Board(1, sticks, misere=True, cap=cap, sticks=True)
    question = KINDS["sticks"].question(3, board, (sticks,))
    assert set(question.right) == brute_winning_moves(board, (sticks,))
    for answer in question.right:
        assert check(question, answer).right
