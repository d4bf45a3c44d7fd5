"""Training in a worker process, so a window stays smooth while an AI learns.

The parent describes the job (a `TrainingSpec` of plain values); the child (started with
"spawn", so it shares nothing by accident) builds the learner, trains it, and saves it to
a brain file; progress and the learning curve come back through a queue as typed records.
Cancelling asks the child to stop between chunks: what it learned so far is saved all the
same.

The parent never waits on the child in a frame: a child silent for SILENCE_SECONDS (by a
clock the parent is given; it says it is alive every HEARTBEAT_SECONDS, training or not)
is ended, and what it last saved (a snapshot every SNAPSHOT_SECONDS or so) is kept.
Signals are the parent's to answer: the child ignores Ctrl-C and a hang-up, stops and hands
over on SIGTERM as on a stop, and ends by itself when its parent is gone.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import queue as queue_module
import shutil
import signal
import tempfile
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, Self

from .. import storage
from ..games import AnyGame, make_game
from ..players import Learner, make_learner
from .group_signals import GROUP_SIGNALS, group_signals_held
from .training import EXPLORE, CurvePoint, TrainingStats

#: How long `TrainingJob.keep` waits for a run it stops to hand over what it learned.
KEEP_SECONDS = 1.5
#: The child says it is alive this often, whatever it is doing (loading, measuring, saving).
HEARTBEAT_SECONDS = 0.5
#: A child not heard from for this long (stopped, hung, starved) is ended.
SILENCE_SECONDS = 10.0
#: A child asked to end (SIGTERM) has this long before it is killed.
END_SECONDS = 1.0
#: The child saves what it learned so far about this often (and never spends more than a
#: twentieth of its time on it): a child that dies or hangs loses at most that much.
SNAPSHOT_SECONDS = 5.0
#: Where the child's folder goes if the temporary folder cannot be written (TMPDIR removed
#: while the window is open: Python keeps the folder it found first).
FALLBACK_FOLDERS: tuple[str, ...] = ("/tmp", "/var/tmp", "/usr/tmp")
FOLDER_PREFIX = "nimgame-training-"


class CannotStart(Exception):
    """The training cannot start (no folder for its files, no process): one line, why."""


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


@dataclass(frozen=True)
class Snapshot:
    games: int                 # games played in this run when it was saved
    path: str                  # the brain file holding the run so far


@dataclass(frozen=True)
class Alive:
    """The child is still there (sent every HEARTBEAT_SECONDS)."""


Message = Started | Progress | CurveReached | Finished | Failed | Snapshot | Alive


class Outbox(Protocol):
    """Where the child puts its messages: a process queue (a plain queue in tests)."""

    def put(self, message: object, /) -> None: ...


class StopFlag(Protocol):
    """Set by the parent to ask the child to stop between chunks."""

    def is_set(self) -> bool: ...


class SharedFlag:
    """A flag in memory both processes see, with no lock: the parent setting it can never
    wait on a child stopped (SIGSTOP) while it held a lock, as a process Event's could."""

    def __init__(self, context: Any) -> None:
        self.value = context.RawValue(ctypes.c_bool, False)

    def set(self) -> None:
        self.value.value = True

    def is_set(self) -> bool:
        return bool(self.value.value)


class _StopRequests:
    """In the child: stop when the parent asks, or on SIGTERM (the parent ending it, or a
    session ending every process in it): either way what was learned is handed over."""

    def __init__(self, parent: StopFlag) -> None:
        self.parent = parent
        self.signalled = False

    def is_set(self) -> bool:
        return self.signalled or self.parent.is_set()

    def on_sigterm(self, signum: int, frame: Any) -> None:
        self.signalled = True


#: What a worker process does: `work(spec, out, stop, result_path, snapshot_every)`, a
#: function at a module's top level (so "spawn" finds it by name). `_run` trains a learner;
#: the lab (`lab.py`) runs several, seed after seed, on the same machinery.
Work = Callable[[Any, Outbox, StopFlag, str, float | None], None]


def _child(work: Work, spec: Any, out: Outbox, stop: StopFlag, result_path: str,
           snapshot_every: float) -> None:
    """The child process: signals set as the parent wants, a watch on the parent, then
    `work` (`_run` for a training)."""
    requests = _StopRequests(stop)
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C: the parent decides
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)   # so does a hang-up
    signal.signal(signal.SIGTERM, requests.on_sigterm)
    if hasattr(signal, "pthread_sigmask"):   # blocked by the parent while it started us
        signal.pthread_sigmask(signal.SIG_UNBLOCK, GROUP_SIGNALS)
    threading.Thread(target=_watch, args=(out, os.getppid(), Path(result_path).parent),
                     name="nimgame-training-watch", daemon=True).start()
    work(spec, out, requests, result_path, snapshot_every)


def _watch(out: Outbox, parent: int, folder: Path) -> None:
    """Say the child is alive, every HEARTBEAT_SECONDS; once the parent is gone (killed
    before it could end us), remove the folder and end: nobody is left to use the run."""
    while os.getppid() == parent:
        out.put(Alive())
        time.sleep(HEARTBEAT_SECONDS)
    shutil.rmtree(folder, ignore_errors=True)
    os._exit(0)


def _run(spec: TrainingSpec, out: Outbox, stop: StopFlag, result_path: str,
         snapshot_every: float | None = None) -> None:
    """The child process: train, report, save; with `snapshot_every` (seconds), also save
    the run so far beside the result that often (see SNAPSHOT_SECONDS) and say so."""
    from .training import train, training_opponent

    try:
        learner = build_learner(spec)
        game = learner.game
        out.put(Started(learner.games_trained))
        snapshot_path = str(Path(result_path).with_name("snapshot.brain"))
        next_snapshot = [time.monotonic() + (snapshot_every or 0.0)]

        def snapshot(done: int) -> None:
            if snapshot_every is None or time.monotonic() < next_snapshot[0]:
                return
            began = time.monotonic()
            try:
                storage.save(learner, snapshot_path, force=True)
            except (storage.SaveError, OSError):
                saved = False   # a full disk: the run goes on, and tries again later
            else:
                saved = True
            cost = time.monotonic() - began
            next_snapshot[0] = time.monotonic() + max(snapshot_every, 20 * cost)
            if saved:
                out.put(Snapshot(done, snapshot_path))

        def progress(done: int, total: int, stats: TrainingStats) -> None:
            for point in stats.new_curve:   # every point, the start's included
                out.put(CurveReached(point))
            out.put(Progress(done, total, stats.games_per_second, stats.eta_seconds))
            if done < total:
                snapshot(done)

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


def make_folder() -> Path:
    """A new folder of our own for the child's files: in the temporary folder, or if that
    cannot be written, in the first of FALLBACK_FOLDERS that can; CannotStart if none."""
    first: OSError | None = None
    for where in (None, *FALLBACK_FOLDERS):
        try:
            return Path(tempfile.mkdtemp(prefix=FOLDER_PREFIX, dir=where))
        except OSError as err:
            first = first or err
    reason = (first.strerror if first is not None else None) or first
    raise CannotStart(f"no folder for the training's files can be made (the temporary "
                      f"folder {tempfile.gettempdir()!r:.120}: {reason})")


class WorkerJob:
    """One job in a worker process: the child started, heard (a child silent for
    SILENCE_SECONDS is ended), asked to stop, and always ended and cleaned up. A job says
    what its child does (`work`, see `Work`) and takes the child's messages (`_take`);
    call `poll` often, `close` always.

    `clock` (seconds) times the child's silences (tests move it by hand); the child saves
    what it learned every `snapshot_seconds` or so (if its work saves anything)."""

    def __init__(self, work: Work, spec: Any, clock: Callable[[], float] = time.monotonic,
                 snapshot_seconds: float = SNAPSHOT_SECONDS) -> None:
        self.clock = clock
        self.context = multiprocessing.get_context("spawn")
        self.folder = make_folder()
        with group_signals_held():
            self.queue = self.context.Queue()
        self.stop_event = SharedFlag(self.context)
        self.result_path = self.folder / "result.brain"
        self.process = self.context.Process(
            target=_child, args=(work, spec, self.queue, self.stop_event,
                                 str(self.result_path), snapshot_seconds), daemon=True)
        self.error: str | None = None
        self.ended: str | None = None   # why the child had to be ended, in a sentence
        self.heard_at = clock()

    def start(self) -> Self:
        """Start the child; CannotStart (one line) if it cannot be."""
        try:
            with group_signals_held():
                self.process.start()
        except OSError as err:
            self.close()
            raise CannotStart(f"the training process cannot be started "
                              f"({err.strerror or err})") from None
        self.heard_at = self.clock()
        return self

    def finished(self) -> bool:
        """Whether the child has said it is done (each kind of job knows how)."""
        return False

    @property
    def running(self) -> bool:
        return not self.finished() and self.error is None and self.ended is None

    def poll(self) -> None:
        """Take every message waiting, and end a child silent for SILENCE_SECONDS; never
        waits for the child."""
        while True:
            try:
                message = self.queue.get_nowait()
            except queue_module.Empty:
                break
            self.heard_at = self.clock()
            if isinstance(message, Failed):
                self.error = message.message
            elif not isinstance(message, Alive):
                self._take(message)
        if not self.running:
            return
        if not self.process.is_alive() and self.queue.empty():
            self.error = f"the training process ended unexpectedly (exit {self.process.exitcode})"
        elif self.clock() - self.heard_at > SILENCE_SECONDS:
            self.ended = "The training worker stopped answering; it was ended."
            self.process.terminate()   # and killed by `close` if that is not enough

    def _take(self, message: object) -> None:
        """One message of the child's (not Alive, not Failed: `poll` takes those)."""

    def cancel(self) -> None:
        """Stop soon; what was done so far is still handed over."""
        self.stop_event.set()

    def close(self, timeout: float = 5.0) -> None:
        """Stop the process and wait up to `timeout` seconds for it (none once it has been
        ended for its silence); then end it (SIGTERM), then kill it (SIGKILL, which ends
        even a stopped process). Its folder is removed."""
        self.stop_event.set()
        if self.process.pid is not None:
            self.process.join(0 if self.ended else timeout)
            if self.process.is_alive():
                self.process.terminate()
                self.process.join(END_SECONDS)
            if self.process.is_alive():
                self.process.kill()
                self.process.join(END_SECONDS)
        self.queue.close()
        self.queue.join_thread()
        shutil.rmtree(self.folder, ignore_errors=True)

    def close_soon(self) -> threading.Thread:
        """`close` on a background thread: ask the process to stop and return at once (a
        window must not wait up to a batch for it). The thread is returned for tests."""
        self.stop_event.set()
        closer = threading.Thread(target=self.close, name="nimgame-training-close",
                                  daemon=True)
        closer.start()
        return closer

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()


class TrainingJob(WorkerJob):
    """One training run in a worker process. Call `poll` often; `close` always.

    `clock` (seconds) times the child's silences (tests move it by hand); the child saves
    what it learned every `snapshot_seconds` or so."""

    def __init__(self, spec: TrainingSpec, clock: Callable[[], float] = time.monotonic,
                 snapshot_seconds: float = SNAPSHOT_SECONDS) -> None:
        super().__init__(_run, spec, clock, snapshot_seconds)
        self.spec = spec
        self.done: DoneReport | None = None
        self.snapshot: Snapshot | None = None   # what it last saved of the run so far
        self.progress = Progress(0, spec.games, 0.0, None)
        self.curve: list[CurvePoint] = []
        self.started_from = 0

    def finished(self) -> bool:
        return self.done is not None

    def _take(self, message: object) -> None:
        if isinstance(message, Progress):
            self.progress = message
        elif isinstance(message, CurveReached):
            if not self.curve or self.curve[-1].games != message.point.games:
                self.curve.append(message.point)
        elif isinstance(message, Started):
            self.started_from = message.games_before
        elif isinstance(message, Finished):
            self.done = message.report
        elif isinstance(message, Snapshot):
            self.snapshot = message

    def result(self) -> Learner:
        """The trained learner (after `done`)."""
        if self.done is None:
            raise RuntimeError("the training has not finished")
        learner = storage.load(self.result_path)
        return learner

    def kept(self) -> Learner | None:
        """What the run learned that can be had now: its result once done, else what it
        last saved of the run so far; None if neither (or it cannot be read)."""
        for ready, path in ((self.done is not None, str(self.result_path)),
                            (self.snapshot is not None,
                             self.snapshot.path if self.snapshot else "")):
            if ready:
                try:
                    return storage.load(path)
                except storage.BrainFileError:
                    continue
        return None

    def keep(self, timeout: float | None = None) -> Learner | None:
        """Stop and wait up to `timeout` seconds (KEEP_SECONDS if None) for what was learned
        so far; the learner (what it last saved, if it did not answer in time), or None (a
        window closing keeps what it can get without hanging)."""
        self.stop_event.set()
        deadline = time.monotonic() + (KEEP_SECONDS if timeout is None else timeout)
        while self.running and time.monotonic() < deadline:
            self.poll()
            time.sleep(0.01)
        return self.kept()
