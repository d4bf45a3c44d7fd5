"""A run of drills against an injected clock: the score, the streak, time running out,
hints by level, the same questions under the same seed. No wall clock: the clock here is
a number the test moves."""

import pytest

from nimgame.session.drill_run import POINTS, SPEED_BONUS, DrillRun
from nimgame.session.drills import KINDS, Form


class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def wrong_answer(question):
    if question.form is Form.YES_NO:
        return not question.right[0]
    if question.form is Form.NUMBER:
        return next(n for n in question.choices if n not in question.right)
    return "nonsense"


def test_right_answers_build_a_streak_and_a_wrong_one_breaks_it():
    clock = FakeClock()
    run = DrillRun("winning-move", 1, clock, seed=1, best_streak=2)
    for count in (1, 2, 3):
        verdict = run.answer(run.question.right[0])
        assert verdict.right and run.score.streak == count
        run.next()
    assert run.score.best_streak == 3 and run.score.right == 3
    assert not run.answer(wrong_answer(run.question)).right
    assert run.score.streak == 0 and run.score.best_streak == 3 and run.score.answered == 4


def test_a_quick_answer_earns_more_and_a_hint_halves_it():
    clock = FakeClock()
    run = DrillRun("grundy", 2, clock, seed=4)
    run.answer(run.question.right[0])     # at once: every second left
    assert run.points_won == 2 * POINTS + 2 * SPEED_BONUS
    run.next()
    clock.now += run.level.seconds / 2
    assert run.time_left() == run.level.seconds / 2
    assert run.hint() is not None
    run.answer(run.question.right[0])
    assert run.points_won == (2 * POINTS + round(2 * SPEED_BONUS * 0.5)) // 2
    assert run.score.points == 2 * POINTS + 2 * SPEED_BONUS + run.points_won


def test_time_running_out_closes_the_question_and_says_the_answer():
    clock = FakeClock()
    run = DrillRun("sticks", 1, clock, seed=2)
    run.answer(run.question.right[0])
    run.next()
    clock.now += run.level.seconds - 0.01
    assert run.tick() is None and run.open
    clock.now += 0.02
    verdict = run.tick()
    assert verdict is not None and not verdict.right
    assert verdict.why.startswith("Time is up: the answer was take ")
    assert run.score.streak == 0 and run.time_left() == 0
    # An answer after the time is up changes nothing, right or not.
    assert run.answer(run.question.right[0]) is verdict and run.score.right == 1


def test_an_answer_given_twice_counts_once():
    run = DrillRun("lost", 1, FakeClock(), seed=3)
    first = run.answer(run.question.right[0])
    assert run.answer(not run.question.right[0]) is first
    assert run.score.answered == 1 and run.score.right == 1


def test_skipping_an_open_question_breaks_the_streak():
    run = DrillRun("misere-endgame", 1, FakeClock(), seed=3)
    run.answer(run.question.right[0])
    run.next()
    run.next()
    assert run.score.streak == 0 and run.score.answered == 2 and run.open


@pytest.mark.parametrize("number", [1, 2, 3])
def test_hints_by_level_two_tiers_then_none(number):
    run = DrillRun("winning-move", number, FakeClock(), seed=5)
    if number == 3:
        assert run.hint() is None and run.hints == []
        return
    assert run.hint() == ["Leave a nim-sum of 0 and your opponent cannot leave 0 again."]
    second = run.hint()
    assert second is not None and second[0].startswith("Winning move: take ")
    assert run.hint() is None and run.hint_tier == 2
    run.answer(run.question.right[0])
    run.next()
    assert run.hints == [] and run.hint_tier == 0


@pytest.mark.parametrize("key", list(KINDS))
def test_the_same_seed_asks_the_same_questions(key):
    def asked(seed):
        run = DrillRun(key, 2, FakeClock(), seed=seed)
        found = []
        for _ in range(10):
            found.append(run.question.piles)
            run.answer(run.question.right[0])
            run.next()
        return found
    assert asked(7) == asked(7)
    assert asked(7) != asked(8)


def test_a_best_streak_given_is_kept_until_beaten():
    run = DrillRun("lost", 1, FakeClock(), seed=1, best_streak=5)
    run.answer(run.question.right[0])
    assert run.score.best_streak == 5
    assert DrillRun("lost", 1, FakeClock(), best_streak=-3).score.best_streak == 0
