"""A run of drills: questions one after another against a clock, a score and a streak.

The clock is injected (a function giving seconds, from any origin): the window passes the
time its frames have counted, tests a number they move by hand; nothing here reads the
wall clock. Questions come from `drills.pose` with the run's own random generator, so a
run started with the same seed asks the same questions.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .drills import HINT_TIERS, Question, Verdict, answer_words, check, hint, kind_of, level, pose

#: Seconds from some origin; only differences count.
Clock = Callable[[], float]

#: Points for a right answer at level 1 (times the level), and the most a quick one adds.
POINTS, SPEED_BONUS = 10, 5


@dataclass
class Score:
    """The run's tally: points, answers, right ones, the streak and the best streak."""

    points: int = 0
    answered: int = 0
    right: int = 0
    streak: int = 0
    best_streak: int = 0


class DrillRun:
    """Questions of the drill `kind` at level `level_number`, one at a time.

    `answer` judges the open question (once); `tick` closes it when its time is up; `hint`
    gives the next hint where the level allows (each one halves the points); `next` asks
    another (skipping an open question breaks the streak). `best_streak`: the best the
    person has had before, kept by the caller (the window keeps it in the settings).
    """

    def __init__(self, kind: str, level_number: int, clock: Clock, seed: int | None = None,
                 best_streak: int = 0) -> None:
        self.kind = kind_of(kind)
        self.level = level(level_number)
        self.clock = clock
        self.rng = random.Random(seed)
        self.score = Score(best_streak=max(0, best_streak))
        self.question: Question = pose(self.kind.key, self.level.number, self.rng)
        self.asked_at = clock()
        self.hints: list[str] = []       # the hints shown for this question
        self.hint_tier = 0
        self.verdict: Verdict | None = None
        self.points_won = 0              # for the last answer

    # -- the clock -----------------------------------------------------------------------
    def time_left(self) -> float:
        """Seconds left for the open question (0 once answered or out of time)."""
        if self.verdict is not None:
            return 0.0
        return max(0.0, self.level.seconds - (self.clock() - self.asked_at))

    def tick(self) -> Verdict | None:
        """Close the open question if its time is up: the verdict then, else None."""
        if self.verdict is None and self.time_left() <= 0:
            right = answer_words(self.question, self.question.right[0])
            return self._close(Verdict(False, f"Time is up: the answer was {right}."), 0)
        return None

    # -- answering -----------------------------------------------------------------------
    @property
    def open(self) -> bool:
        return self.verdict is None

    def answer(self, given: Any) -> Verdict:
        """Judge `given` for the open question (an answer after the time is up, or a second
        answer, changes nothing: the verdict already given is returned)."""
        late = self.tick()
        if late is not None or self.verdict is not None:
            assert self.verdict is not None
            return self.verdict
        verdict = check(self.question, given)
        return self._close(verdict, self._points() if verdict.right else 0)

    def _points(self) -> int:
        made = self.level.number
        quick = self.time_left() / self.level.seconds
        return (POINTS * made + round(SPEED_BONUS * made * quick)) >> self.hint_tier

    def _close(self, verdict: Verdict, points: int) -> Verdict:
        score = self.score
        self.verdict, self.points_won = verdict, points
        score.answered += 1
        score.points += points
        if verdict.right:
            score.right += 1
            score.streak += 1
            score.best_streak = max(score.best_streak, score.streak)
        else:
            score.streak = 0
        return verdict

    def hint(self) -> list[str] | None:
        """The next hint for the open question (None where the level gives none, when it
        is answered, or when every hint is shown)."""
        if not self.level.hints or self.verdict is not None or self.hint_tier >= HINT_TIERS:
            return None
        self.hint_tier += 1
        lines = [line for line in hint(self.question, self.hint_tier)
                 if line not in self.hints]   # the kit's hint ends with the rule again
        self.hints.extend(lines)
        return lines

    def next(self) -> Question:
        """Ask another question; an open one left unanswered counts as missed."""
        if self.verdict is None:
            self._close(Verdict(False, "Skipped."), 0)
        self.question = pose(self.kind.key, self.level.number, self.rng)
        self.asked_at = self.clock()
        self.hints, self.hint_tier = [], 0
        self.verdict, self.points_won = None, 0
        return self.question
