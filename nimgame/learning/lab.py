"""A lab to compare training runs: several runs (learner, α, ε, exploring starts, opponent,
games), each over several seeds, judged exactly at a stated check interval.

A run's curve is the share of positions it plays right (`evaluation.optimal_move_share`:
every position where the choice matters, judged by exact play) after 0, `every`, 2·`every`,
… games. Over its seeds, each check has a median, a worst and a best share (`CheckStats`),
and each seed a number of games until every position is right (`SeedCurve.first_right`)
and from which it stays right to the end (`SeedCurve.right_from`); the table
(`RightRow`) gives their median and worst, "never" (math.inf) where a seed never got there.

The runs go seed by seed, every run at a seed before the next seed, so a lab stopped early
has compared the runs on the seeds it finished. `run_lab` runs them here (the command
line); `LabJob` in the training worker's process (the window), on the same machinery.
"""

from __future__ import annotations

import math
import statistics
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..games import AnyGame, make_game
from ..players import LEARNERS, make_learner
from ..safetext import escape, has_invisible
from .evaluation import verdicts
from .training import EXPLORE, TRAINING_OPPONENTS, train, training_opponent
from .worker import SNAPSHOT_SECONDS, Failed, Outbox, StopFlag, WorkerJob

#: A lab's bounds: enough to compare, few enough to finish and to read.
MAX_RUNS = 8
MAX_SEEDS = 100
MAX_RUN_GAMES = 1_000_000
MAX_CHECKS = 1_000          # checks of one seed's curve (games / every)
MAX_SEED = 2**31 - 1
LABEL_LIMIT = 60
DEFAULT_SEEDS = 10
DEFAULT_EVERY = 100
DEFAULT_GAMES = 2_000

#: "games until right" where a seed never got there (written "never").
NEVER = math.inf


@dataclass(frozen=True)
class RunSpec:
    """One run of a lab: what learns, how, against whom and for how many games. `alpha`
    and `epsilon` None: the learner's own defaults (a learner without them takes none)."""

    learner: str = "q"
    alpha: float | None = None
    epsilon: float | None = None
    explore: float = EXPLORE        # share of games from exploring starts
    opponent: str = "self"          # one of TRAINING_OPPONENTS
    games: int = DEFAULT_GAMES
    label: str = ""                 # what the chart and the table call it ("" : made up)

    def settings(self) -> dict[str, float]:
        """The learner's settings given (the others are its defaults)."""
        return {key: value for key, value in (("alpha", self.alpha),
                                              ("epsilon", self.epsilon))
                if value is not None}

    def title(self) -> str:
        """The run's name: its label, or what it is (`q α0.5 ε0.1 starts 25% self 2000`)."""
        if self.label:
            return self.label
        rates = "".join(f" {sign}{value:g}" for sign, value in (("α", self.alpha),
                                                                 ("ε", self.epsilon))
                        if value is not None)
        return (f"{self.learner}{rates} starts {self.explore:.0%} {self.opponent} "
                f"{self.games}")

    def check(self, game: AnyGame, every: int) -> None:
        """ValueError (one line) unless this run can be made and checked every `every`."""
        if self.learner not in LEARNERS:
            raise ValueError(f"unknown learner {self.learner!r:.40}; choose from "
                             f"{', '.join(LEARNERS)}")
        if self.opponent not in TRAINING_OPPONENTS:
            raise ValueError(f"unknown opponent {self.opponent!r:.40}; choose from "
                             f"{', '.join(TRAINING_OPPONENTS)}")
        if isinstance(self.explore, bool) or not isinstance(self.explore, (int, float)) or \
                not 0 <= self.explore <= 1:
            raise ValueError(f"explore is a share from 0 to 1, not {self.explore!r:.40}")
        if not isinstance(self.label, str) or len(self.label) > LABEL_LIMIT or \
                has_invisible(self.label):
            raise ValueError(f"a label is up to {LABEL_LIMIT} visible characters, not "
                             f"{escape(self.label, 40)}")
        _check_whole(self.games, "games", every, MAX_RUN_GAMES)
        if self.games % every:
            raise ValueError(f"games ({self.games:,}) must be a multiple of the check "
                             f"interval ({every:,})")
        if self.games // every > MAX_CHECKS:
            raise ValueError(f"{self.games:,} games checked every {every:,} is "
                             f"{self.games // every:,} checks a seed: at most {MAX_CHECKS:,}; "
                             "check less often")
        make_learner(self.learner, game, **self.settings())   # its own refusals


def _check_whole(value: object, what: str, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{what} must be a whole number from {low:,} to {high:,}, not "
                         f"{value!r:.40}")


@dataclass(frozen=True)
class LabSpec:
    """A lab: the board, its runs, the seeds each runs over (`first_seed` on) and the
    check interval `every` (games between two judgements of every position)."""

    game: str
    rules: dict[str, Any]
    runs: tuple[RunSpec, ...]
    seeds: int = DEFAULT_SEEDS
    first_seed: int = 0
    every: int = DEFAULT_EVERY

    def make_game(self) -> AnyGame:
        return make_game(self.game, self.rules)

    def seed_numbers(self) -> range:
        return range(self.first_seed, self.first_seed + self.seeds)

    @property
    def total_games(self) -> int:
        return self.seeds * sum(run.games for run in self.runs)

    def check(self) -> AnyGame:
        """The game, once every part of the lab is known to work; ValueError (one line,
        naming the run) if not."""
        game = self.make_game()
        if not self.runs:
            raise ValueError("a lab needs at least one run")
        if len(self.runs) > MAX_RUNS:
            raise ValueError(f"at most {MAX_RUNS} runs at a time, not {len(self.runs)}")
        _check_whole(self.seeds, "seeds", 1, MAX_SEEDS)
        _check_whole(self.first_seed, "the first seed", 0, MAX_SEED - self.seeds)
        _check_whole(self.every, "the check interval", 1, MAX_RUN_GAMES)
        for number, run in enumerate(self.runs, start=1):
            try:
                run.check(game, self.every)
            except ValueError as err:
                raise ValueError(f"run {number}: {err}") from None
        if verdicts(game) is None:
            raise ValueError(f"{game.describe_rules()} has too many positions to judge "
                             "every one: the lab compares runs on boards it can judge")
        return game


@dataclass(frozen=True)
class SeedCurve:
    """One seed of one run: the share of positions played right at each check (games,
    share), and whether it got to the end (a lab stopped early leaves one that did not)."""

    run: int
    seed: int
    points: tuple[tuple[int, float], ...]
    finished: bool

    def first_right(self) -> float | None:
        """Games until every position is first right; NEVER if it finished without, None
        if it was stopped before (not known)."""
        found = next((games for games, share in self.points if share == 1.0), None)
        if found is not None:
            return found
        return NEVER if self.finished else None

    def right_from(self) -> float | None:
        """Games from which every later check is right, to the end; NEVER if not right at
        the end, None if it did not finish (not known)."""
        if not self.finished:
            return None
        since: float = NEVER
        for games, share in reversed(self.points):
            if share != 1.0:
                break
            since = games
        return since


@dataclass(frozen=True)
class CheckStats:
    """One check of a run over its seeds: the median, worst and best share right, over
    the `seeds` that got to it."""

    games: int
    seeds: int
    median: float
    worst: float
    best: float


@dataclass(frozen=True)
class RightRow:
    """A line of the table: games until every position is right, over the run's seeds
    whose answer is known (`seeds`); medians and worsts are NEVER where so, None where no
    seed's answer is known."""

    run: int
    label: str
    seeds: int
    right_seeds: int          # seeds right at some check
    first_median: float | None
    first_worst: float | None
    stays_seeds: int          # seeds that finished, whose "stays right" is known
    stays_median: float | None
    stays_worst: float | None


def aggregate(curves: Sequence[SeedCurve]) -> tuple[CheckStats, ...]:
    """Each check's median, worst and best over `curves` (the seeds of one run)."""
    by_games: dict[int, list[float]] = {}
    for curve in curves:
        for games, share in curve.points:
            by_games.setdefault(games, []).append(share)
    return tuple(CheckStats(games, len(shares), statistics.median(shares), min(shares),
                            max(shares)) for games, shares in sorted(by_games.items()))


def _summary(values: list[float]) -> tuple[float | None, float | None]:
    """The median and worst of games counts (NEVER counts as more than any)."""
    if not values:
        return None, None
    ordered = sorted(values)
    middle = len(ordered) // 2
    median = ordered[middle] if len(ordered) % 2 else \
        (ordered[middle - 1] + ordered[middle]) / 2   # NEVER in either half: NEVER
    return median, ordered[-1]


@dataclass
class LabResult:
    """What a lab found: every seed curve it has (finished, or the one a stop cut short)."""

    spec: LabSpec
    curves: list[SeedCurve] = field(default_factory=list)
    stopped: bool = False

    def seeds_of(self, run: int) -> list[SeedCurve]:
        return [curve for curve in self.curves if curve.run == run]

    def stats(self, run: int) -> tuple[CheckStats, ...]:
        """What the chart draws for `run`: its median line and its worst-to-best band."""
        return aggregate(self.seeds_of(run))

    def table(self) -> list[RightRow]:
        rows = []
        for run, spec in enumerate(self.spec.runs):
            curves = self.seeds_of(run)
            first = [v for v in (c.first_right() for c in curves) if v is not None]
            stays = [v for v in (c.right_from() for c in curves) if v is not None]
            rows.append(RightRow(run, spec.title(), len(first),
                                 sum(v != NEVER for v in first), *_summary(first),
                                 len(stays), *_summary(stays)))
        return rows


def games_text(value: float | None) -> str:
    """A games count as the table shows it: "150", "150.5", "never", or "" (not known)."""
    if value is None:
        return ""
    if value == NEVER:
        return "never"
    return f"{value:.0f}" if value == int(value) else f"{value:.1f}"


# -- running -------------------------------------------------------------------------------

@dataclass(frozen=True)
class LabProgress:
    """How far a lab is: games played over all its runs and seeds, and which is going."""

    done: int
    total: int
    run: int
    seed: int


def run_seed(spec: LabSpec, game: AnyGame, run: int, seed: int,
             progress: Callable[[int], None] | None = None,
             should_stop: Callable[[], bool] | None = None) -> SeedCurve:
    """Train run `run` of `spec` with `seed`, judged every `spec.every` games (and at
    the start); `progress(games)` as it goes. Same seed, same curve."""
    what = spec.runs[run]
    learner = make_learner(what.learner, game, **what.settings())
    opponent = training_opponent(what.opponent, game, seed)
    checks = what.games // spec.every

    def told(done: int, total: int, stats: object) -> None:
        if progress is not None:
            progress(done)

    report = train(learner, what.games, seed=seed, opponent=opponent, progress=told,
                   should_stop=should_stop, curve_points=checks, eval_games=0,
                   explore=what.explore, curve_share=None)
    points = tuple((p.games, p.optimal_share) for p in report.curve
                   if p.optimal_share is not None)
    return SeedCurve(run, seed, points, finished=not report.stopped)


def run_lab(spec: LabSpec, progress: Callable[[LabProgress], None] | None = None,
            should_stop: Callable[[], bool] | None = None,
            each_seed: Callable[[SeedCurve], None] | None = None) -> LabResult:
    """Run the lab here: seed after seed, every run at each; `progress` after each chunk
    of games, `each_seed` with every seed curve as it ends. A stop keeps what was judged
    (the curve it cut short, marked unfinished)."""
    game = spec.check()
    result = LabResult(spec)
    done = 0
    for seed in spec.seed_numbers():
        for run, what in enumerate(spec.runs):
            if should_stop is not None and should_stop():
                result.stopped = True
                return result

            def told(games: int, run: int = run, seed: int = seed, done: int = done) -> None:
                if progress is not None:
                    progress(LabProgress(done + games, spec.total_games, run, seed))

            curve = run_seed(spec, game, run, seed, told, should_stop)
            result.curves.append(curve)
            if each_seed is not None:
                each_seed(curve)
            done += what.games
            if not curve.finished:
                result.stopped = True
                return result
    return result


# -- in the worker's process: the training worker's machinery, the lab's work ---------------

@dataclass(frozen=True)
class SeedEnded:
    curve: SeedCurve


@dataclass(frozen=True)
class LabEnded:
    stopped: bool


def _work(spec: LabSpec, out: Outbox, stop: StopFlag, result_path: str,
          snapshot_every: float | None) -> None:
    """The worker's child: run the lab, saying how far it is (at most every 0.1 s) and
    handing over each seed's curve as it ends."""
    last = [0.0]

    def progress(now: LabProgress) -> None:
        if time.monotonic() - last[0] >= 0.1 or now.done == now.total:
            last[0] = time.monotonic()
            out.put(now)

    try:
        result = run_lab(spec, progress, stop.is_set, lambda c: out.put(SeedEnded(c)))
        out.put(LabEnded(result.stopped))
    except Exception as err:  # the window shows it; nothing may die silently
        out.put(Failed(f"{type(err).__name__}: {err}", traceback.format_exc()))


class LabJob(WorkerJob):
    """A lab in a worker process (the training worker's): call `poll` often, `close`
    always; `result()` is what it has judged so far, at any time."""

    def __init__(self, spec: LabSpec, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(_work, spec, clock, SNAPSHOT_SECONDS)
        self.spec = spec
        self.progress = LabProgress(0, spec.total_games, 0, spec.first_seed)
        self.curves: list[SeedCurve] = []
        self.ended_lab: LabEnded | None = None

    def finished(self) -> bool:
        return self.ended_lab is not None

    def _take(self, message: object) -> None:
        if isinstance(message, LabProgress):
            self.progress = message
        elif isinstance(message, SeedEnded):
            self.curves.append(message.curve)
        elif isinstance(message, LabEnded):
            self.ended_lab = message

    def result(self) -> LabResult:
        """What the lab has judged: all of it once it ended, else the seeds so far (a lab
        that failed or was ended counts as stopped)."""
        stopped = self.ended_lab.stopped if self.ended_lab is not None else True
        return LabResult(self.spec, list(self.curves), stopped)
