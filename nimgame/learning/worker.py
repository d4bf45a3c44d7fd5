"""Training in a worker process, so a window stays smooth while an AI learns.

The parent describes the job (a `TrainingSpec` of plain values); the child (started with
"spawn", so it shares nothing by accident) builds the learner, trains it, and saves it to
a brain file; progress and the learning curve come back through a queue as typed records.
Cancelling asks the child to stop between chunks: what it learned so far is saved all the
same.
"""

from __future__ import annotations

import multiprocessing
import queue as queue_module
import tempfile
import threading
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from .. import storage
from ..games import AnyGame, make_game
from ..players import Learner, make_learner
from .training import EXPLORE, CurvePoint, TrainingStats

#: How long `TrainingJob.keep` waits for a run it stops to hand over what it learned.
KEEP_SECONDS = 1.5


@dataclass
class TrainingSpec:
    game: str                                   # "nim", "sticks", "tictactoe"
    rules: dict[str, Any]                       # the game's constructor arguments
    learner: str = "q"                          # "q" or "hats"
    settings: dict[str, Any] = field(default_factory=dict)  # {"alpha": 0.5, ...}
    games: int = 10_000
    opponent: str = "self"                      # "self", "random" or "perfect"
    seed: int | None = None
    start_from: str | None = None               # a brain file to go on training
    explore: float = EXPLORE                    # share of games from exploring starts
    name: str = ""

    def make_game(self) -> AnyGame:
        return make_game(self.game, self.rules)


def build_learner(spec: TrainingSpec) -> Learner:
    game = spec.make_game()
    if spec.start_from:
        learner = storage.load(spec.start_from, game=game)
    else:
        learner = make_learner(spec.learner, game, **spec.settings)
    if spec.name:
        learner.name = spec.name
    return learner


# -- what the worker tells the window, in order: Started, then Progress and CurveReached
# -- while it trains, then Finished or Failed. Typed, so neither side counts tuple places
# -- or spells keys (dataclasses pickle through the queue as they are).

@dataclass(frozen=True)
class Started:
    games_before: int          # what the learner had trained before this run


@dataclass(frozen=True)
class Progress:
    done: int                  # games played in this run so far
    total: int                 # games asked for
    games_per_second: float
    eta_seconds: float | None


@dataclass(frozen=True)
class CurveReached:
    point: CurvePoint


@dataclass(frozen=True)
class DoneReport:
    games: int                 # games played in this run
    seconds: float
    games_per_second: float
    stopped: bool              # cancelled: what it learned so far is saved all the same
    accuracy: float | None


@dataclass(frozen=True)
class Finished:
    report: DoneReport
    path: str                  # the brain file holding what it learned


@dataclass(frozen=True)
class Failed:
    message: str
    trace: str


Message = Started | Progress | CurveReached | Finished | Failed


class Outbox(Protocol):
    """Where the child puts its messages: a process queue (a plain queue in tests)."""

    def put(self, message: Message, /) -> None: ...


class StopFlag(Protocol):
    """Set by the parent to ask the child to stop between chunks."""

    def is_set(self) -> bool: ...


def _run(spec: TrainingSpec, out: Outbox, stop: StopFlag, result_path: str) -> None:
    """The child process: train, report, save."""
    from .training import train, training_opponent

    try:
        learner = build_learner(spec)
        game = learner.game
        out.put(Started(learner.games_trained))

        def progress(done: int, total: int, stats: TrainingStats) -> None:
            for point in stats.new_curve:   # every point, the start's included
                out.put(CurveReached(point))
            out.put(Progress(done, total, stats.games_per_second, stats.eta_seconds))

        opponent = training_opponent(spec.opponent, game, spec.seed)
        report = train(learner, spec.games, seed=spec.seed, opponent=opponent,
                       progress=progress, should_stop=stop.is_set, curve_points=20,
                       curve_log=True, eval_games=100, explore=spec.explore)
        if report.curve:
            out.put(CurveReached(report.curve[-1]))
        storage.save(learner, result_path)
        out.put(Finished(DoneReport(games=report.games, seconds=report.seconds,
                                    games_per_second=report.games_per_second,
                                    stopped=report.stopped, accuracy=learner.accuracy),
                         result_path))
    except Exception as err:  # the parent shows it; nothing may die silently
        out.put(Failed(f"{type(err).__name__}: {err}", traceback.format_exc()))


class TrainingJob:
    """One training run in a worker process. Call `poll` often; `close` always."""

    def __init__(self, spec: TrainingSpec) -> None:
        self.spec = spec
        self.context = multiprocessing.get_context("spawn")
        self.queue = self.context.Queue()
        self.stop_event = self.context.Event()
        folder = Path(tempfile.mkdtemp(prefix="nimgame-training-"))
        self.result_path = folder / "result.brain"
        self.process = self.context.Process(
            target=_run, args=(spec, self.queue, self.stop_event,
                               str(self.result_path)), daemon=True)
        self.done: DoneReport | None = None
        self.error: str | None = None
        self.progress = Progress(0, spec.games, 0.0, None)
        self.curve: list[CurvePoint] = []
        self.started_from = 0

    def start(self) -> TrainingJob:
        self.process.start()
        return self

    @property
    def running(self) -> bool:
        return self.done is None and self.error is None

    def poll(self) -> None:
        """Take every message waiting; never blocks."""
        while True:
            try:
                message = self.queue.get_nowait()
            except queue_module.Empty:
                break
            self._take(message)
        if self.running and not self.process.is_alive() and self.queue.empty():
            self.error = f"the training process ended unexpectedly (exit {self.process.exitcode})"

    def _take(self, message: Message) -> None:
        if isinstance(message, Progress):
            self.progress = message
        elif isinstance(message, CurveReached):
            if not self.curve or self.curve[-1].games != message.point.games:
                self.curve.append(message.point)
        elif isinstance(message, Started):
            self.started_from = message.games_before
        elif isinstance(message, Finished):
            self.done = message.report
        elif isinstance(message, Failed):
            self.error = message.message

    def cancel(self) -> None:
        """Stop soon; what was learned is still saved and reported as done."""
        self.stop_event.set()

    def result(self) -> Learner:
        """The trained learner (after `done`)."""
        if self.done is None:
            raise RuntimeError("the training has not finished")
        learner = storage.load(self.result_path)
        return learner

    def keep(self, timeout: float | None = None) -> Learner | None:
        """Stop and wait up to `timeout` seconds (KEEP_SECONDS if None) for what was learned
        so far; the learner, or None if the run failed or did not answer in time (a window
        closing keeps what it can get without hanging)."""
        self.stop_event.set()
        deadline = time.monotonic() + (KEEP_SECONDS if timeout is None else timeout)
        while self.running and time.monotonic() < deadline:
            self.poll()
            time.sleep(0.01)
        if self.done is None:
            return None
        try:
            return self.result()
        except storage.BrainFileError:
            return None

    def close(self, timeout: float = 5.0) -> None:
        """Stop the process and wait for it; kill it if it will not stop."""
        self.stop_event.set()
        if self.process.pid is not None:
            self.process.join(timeout)
            if self.process.is_alive():
                self.process.terminate()
                self.process.join(timeout)
        self.queue.close()
        self.queue.join_thread()
        try:
            self.result_path.unlink(missing_ok=True)
            self.result_path.parent.rmdir()
        except OSError:
            pass

    def close_soon(self) -> threading.Thread:
        """`close` on a background thread: ask the process to stop and return at once (a
        window must not wait up to a batch for it). The thread is returned for tests."""
        self.stop_event.set()
        closer = threading.Thread(target=self.close, name="nimgame-training-close",
                                  daemon=True)
        closer.start()
        return closer

    def __enter__(self) -> TrainingJob:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()
