"""Training a learner: chunks of its fast inner loop, with progress, a stop button and a
learning curve measured along the way."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..games.base import AnyGame
from ..players import LEARNERS, RandomPlayer, judge_for
from ..players.base import Player
from ..players.learner import Learner
from ..players.updates import UpdateSink
from .evaluation import (
    judging_tables,
    learner_measures,
    optimal_move_share,
    win_rate_against_random,
)

#: A chunk of training aims to take about this long, so progress and stop stay prompt.
CHUNK_SECONDS = 0.05

#: The share of training games that start from a position drawn at random among those a
#: person can reach ("exploring starts"), unless told otherwise: without them a trained
#: AI can be wrong where self-play from the first position seldom goes (the hat for 99
#: sticks after 100,000 games on 100, for one seed of five); bench/ measures it.
EXPLORE = 0.25

#: The most of the training time so far the points of a learning curve between its start
#: and its end may take (those two are always measured): a fast learner's run would
#: otherwise be mostly measuring ...
CURVE_SHARE = 0.1
#: ... or this many seconds in all, if more: enough for the first points of a short run,
#: where the climb is (a point costs about half a millisecond on CS50 Nim).
CURVE_ALLOWANCE = 0.01

#: Games a fresh learner from the registry practises against itself before it plays a
#: person (the window and text mode alike): enough to play every default board well.
PRACTICE_GAMES = 30_000
#: The Game of Sticks seed's trained computer battles "a hundred thousand times".
STICKS_PRACTICE_GAMES = 100_000


def practice_games(kind: str) -> int:
    """Games a new player of the registry kind `kind` practises before it plays a person:
    PRACTICE_GAMES for a learner (untrained, it would play at random), else none."""
    return PRACTICE_GAMES if kind in LEARNERS else 0


#: Whom a learner can train against: itself, a random player or the exact player.
TRAINING_OPPONENTS = ("self", "random", "perfect")


def training_opponent(name: str, game: AnyGame, seed: int | None = None) -> Player | None:
    """The opponent called `name` in TRAINING_OPPONENTS (None for self-play); ValueError
    for any other name. The command line and the training worker both come here."""
    if name == "self":
        return None
    if name == "random":
        return RandomPlayer(game, seed=seed)
    if name == "perfect":
        return judge_for(game)
    raise ValueError(f"unknown training opponent {name!r:.40}; choose from "
                     f"{', '.join(TRAINING_OPPONENTS)}")


@dataclass(frozen=True)
class CurvePoint:
    """A point of the learning curve (the worker sends it through its queue as it is)."""

    games: int                     # games trained when measured
    optimal_share: float | None    # share of optimal moves (None: board too big to judge)
    win_rate: float                # against a random player


@dataclass(frozen=True)
class TrainingStats:
    """How a run is going, handed to `train`'s `progress` after every chunk."""

    games_per_second: float        # training games only (measuring not counted)
    seconds: float                 # since the run started, measurements included
    eta_seconds: float | None      # left at this rate (None before it is known)
    curve: CurvePoint | None       # the last point measured (None: none yet)
    new_curve: tuple[CurvePoint, ...] = ()   # the points measured since the last call


#: `progress(done, total, stats)`: games played so far in this run, games asked for.
ProgressCallback = Callable[[int, int, TrainingStats], None]


@dataclass
class TrainingReport:
    games: int = 0                 # games played in this call
    seconds: float = 0.0           # wall time, measurements included
    training_seconds: float = 0.0  # time spent playing training games
    curve_seconds: float = 0.0     # time spent measuring the curve
    point_seconds: list[float] = field(default_factory=list)   # each point's cost
    stopped: bool = False          # should_stop() ended it early
    curve: list[CurvePoint] = field(default_factory=list)

    @property
    def games_per_second(self) -> float:
        return self.games / self.training_seconds if self.training_seconds else 0.0

    @property
    def accuracy(self) -> float | None:
        """The last measured share of optimal moves."""
        return self.curve[-1].optimal_share if self.curve else None


def measure(learner: Learner, eval_games: int = 200) -> CurvePoint:
    """The curve's point now: the share of optimal moves, exact over every position where
    the choice matters, and the win rate against Random — its exact expectation where the
    board is small (`exact_win_rate_against_random`), else estimated from `eval_games`
    games (0 games: not measured, 0.0)."""
    if not eval_games:
        return CurvePoint(learner.games_trained, optimal_move_share(learner), 0.0)
    share, rate = learner_measures(learner)   # its choice asked once per position
    if rate is None:
        rate = win_rate_against_random(learner, eval_games)
    return CurvePoint(learner.games_trained, share, rate)


def curve_marks(games: int, points: int, log: bool = False) -> list[int]:
    """After how many games the curve is measured (besides the start): `points` marks,
    evenly spaced, or with `log` spaced evenly on a logarithmic scale from about
    games/1000 — a fast learner climbs in its first few hundred games, and evenly spaced
    marks would miss the climb (CS50 Nim is at 98% by the first of ten)."""
    if points <= 0 or games <= 0:
        return []
    if not log:
        return sorted({games * k // points for k in range(1, points + 1)})
    first = max(1.0, games / 1000)
    ratio = (games / first) ** (1 / max(1, points - 1))
    return sorted({max(1, min(games, round(first * ratio ** k))) for k in range(points)}
                  | {games})


def check_run(learner: Learner, games: int, opponent: Player | None,
              explore: float | None) -> float:
    """ValueError (TypeError for a player that does not learn) unless `learner` can train
    `games` games against `opponent` with a share `explore` of exploring starts; the
    share (default EXPLORE)."""
    if not isinstance(learner, Learner):
        raise TypeError(f"only a learner can be trained, not {type(learner).__name__}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number >= 0, not {games!r}")
    explore = EXPLORE if explore is None else explore
    if isinstance(explore, bool) or not isinstance(explore, (int, float)) or \
            not 0 <= explore <= 1:
        raise ValueError(f"explore is a share from 0 to 1, not {explore!r:.40}")
    if opponent is not None:
        opponent.check_game(learner.game)
        if opponent.game != learner.game:
            raise ValueError("the opponent plays a different game from the learner")
    return explore


def train(
    learner: Learner,
    games: int,
    seed: int | None = None,
    opponent: Player | None = None,
    progress: ProgressCallback | None = None,
    should_stop: Callable[[], bool] | None = None,
    curve_points: int = 10,
    eval_games: int = 200,
    curve_log: bool = False,
    explore: float | None = None,
    curve_share: float | None = CURVE_SHARE,
    sink: UpdateSink | None = None,
    traced: range | None = None,
) -> TrainingReport:
    """Play `games` training games (self-play when `opponent` is None); a share `explore`
    of them (default EXPLORE) from exploring starts (see `Learner.train_games`).

    `progress(done, total, stats)` is called after every chunk; `should_stop()` is asked
    between chunks, so the learner is always left consistent. The curve is measured at the
    start and at `curve_points` points (`curve_marks`: evenly spaced, or on a logarithmic
    scale with `curve_log`), at the start and the end always, and at a point between only
    while the points between so far cost at most `curve_share` of the training time so
    far or CURVE_ALLOWANCE (None: every point). Same seed, same learner, whatever is
    measured. Each point is also added to the learner's own curve (`Learner.curve`, kept
    in its brain file), which each run continues.

    `sink` is told of the games numbered in `traced` (1-based in this run; None: every
    game) and of their learning updates (`players.updates`); the other games are played
    without it. Same seed, same learner, traced or not.
    """
    explore = check_run(learner, games, opponent, explore)
    if traced is not None and (traced.step != 1 or traced.start < 1):
        raise ValueError(f"the traced games are a range of game numbers from 1, not "
                         f"{traced!r:.60}")
    rng = random.Random(seed)
    report = TrainingReport()
    started = time.perf_counter()
    marks = curve_marks(games, curve_points, curve_log)

    def add_point() -> None:
        t0 = time.perf_counter()
        point = measure(learner, eval_games)
        report.curve.append(point)
        learner.record_point(point.games, point.optimal_share, point.win_rate)   # kept
        cost = time.perf_counter() - t0
        report.curve_seconds += cost
        report.point_seconds.append(cost)

    if curve_points > 0:
        t0 = time.perf_counter()
        judging_tables(learner.game)   # built once per game: not what a point costs
        report.curve_seconds += time.perf_counter() - t0
        add_point()
    # A chunk ends where the tracing starts or stops: chunks do not change what is learned.
    stops = sorted(set(marks) | {games} | (
        set() if sink is None or traced is None else {traced.start - 1, traced.stop - 1}))
    chunk, done, reported = 100, 0, 0
    while done < games:
        if should_stop is not None and should_stop():
            report.stopped = True
            break
        size = min(chunk, next(s for s in stops if s > done) - done)
        told = sink if traced is None or done + 1 in traced else None
        t0 = time.perf_counter()
        if told is None:
            learner.train_games(size, rng, opponent, explore)
        else:
            learner.train_games(size, rng, opponent, explore, told)
        elapsed = time.perf_counter() - t0
        report.training_seconds += elapsed
        done += size
        report.games = done
        # Aim the next chunk at CHUNK_SECONDS; chunking does not change what is learned.
        chunk = max(1, min(chunk * 4, int(size * CHUNK_SECONDS / max(elapsed, 1e-6))))
        if done in marks:
            # A point between the start and the end is measured if the points between
            # so far are within `curve_share` of the training so far, or within
            # CURVE_ALLOWANCE spread evenly over the marks: the training pays for the
            # curve as it goes (at most one point ahead), with no guess at what the
            # next point or the rest of the run will cost (both guesses failed: a
            # fresh learner's point and its first games are its slowest).
            between = sum(report.point_seconds[1:])
            allowance = CURVE_ALLOWANCE * (marks.index(done) + 1) / len(marks)
            if done == games or curve_share is None or \
                    between <= max(curve_share * report.training_seconds, allowance):
                add_point()
        if progress is not None:
            rate = report.games_per_second
            progress(done, games, TrainingStats(
                games_per_second=rate,
                seconds=time.perf_counter() - started,
                eta_seconds=(games - done) / rate if rate else None,
                curve=report.curve[-1] if report.curve else None,
                new_curve=tuple(report.curve[reported:])))
            reported = len(report.curve)
    report.seconds = time.perf_counter() - started
    if report.accuracy is not None:
        learner.accuracy = report.accuracy
    return report
