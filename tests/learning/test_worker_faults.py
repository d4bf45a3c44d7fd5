"""A training worker that stops answering, is sent Ctrl-C, loses its parent, or has no
temporary folder: it is ended in a bounded time counted by a clock the test moves, it
leaves Ctrl-C to its parent, it never outlives it, and what it learned is kept."""

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from nimgame.learning import worker
from nimgame.learning.worker import CannotStart, TrainingJob, TrainingSpec

ROOT = Path(__file__).resolve().parents[2]
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
LONG = TrainingSpec("nim", {"piles": [3, 5, 7, 9, 11]}, "q", games=50_000_000)


class Clock:
    """A clock that moves only when the test moves it."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def wait(job, condition, seconds=60):
    end = time.monotonic() + seconds   # a guard against hanging, not a measure
    while not condition():
        assert time.monotonic() < end, "timed out"
        job.poll()
        time.sleep(0.01)


def gone(pid: int) -> bool:
    """Whether process `pid` has ended (a zombie nobody reaps has ended too)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return True
    return state in ("Z", "X")


def test_the_worker_saves_what_it_learned_as_it_goes(tmp_path):
    """The child's side, in this process: with snapshots every chunk, each Snapshot names a
    brain file holding the run so far (the games it says)."""
    import queue
    import threading

    from nimgame import storage

    out: queue.Queue = queue.Queue()
    spec = TrainingSpec("nim", {"piles": [1, 3, 5]}, games=3_000, seed=2)
    worker._run(spec, out, threading.Event(), str(tmp_path / "r.brain"), snapshot_every=0.0)
    messages = [out.get_nowait() for _ in range(out.qsize())]
    snapshots = [m for m in messages if isinstance(m, worker.Snapshot)]
    assert snapshots and isinstance(messages[-1], worker.Finished)
    assert [s.games for s in snapshots] == sorted(s.games for s in snapshots)
    assert storage.load(snapshots[-1].path).games_trained == snapshots[-1].games


@POSIX
def test_a_stopped_worker_is_ended_and_its_last_snapshot_kept():
    """SIGSTOP: the worker goes silent. Polls never wait for it; once the clock has moved
    SILENCE_SECONDS past the last word from it, it is ended (SIGTERM cannot end a stopped
    process: SIGKILL does) and what it last saved is what the job hands over."""
    clock = Clock()
    job = TrainingJob(LONG, clock=clock, snapshot_seconds=0.0).start()
    try:
        wait(job, lambda: job.snapshot is not None)
        os.kill(job.process.pid, signal.SIGSTOP)
        job.poll()                                   # what it sent before it stopped
        clock.now += worker.SILENCE_SECONDS - 0.5
        job.poll()
        assert job.running
        clock.now += 1.0
        job.poll()
        assert not job.running and job.error is None and job.done is None
        assert job.ended == "The training worker stopped answering; it was ended."
        kept = job.kept()
        assert kept is not None and kept.games_trained >= job.snapshot.games > 0
    finally:
        closer = job.close_soon()
        closer.join(timeout=60)
    assert not closer.is_alive() and not job.process.is_alive()
    assert not job.folder.exists()


@POSIX
def test_closing_a_job_whose_worker_is_stopped_ends_it():
    job = TrainingJob(LONG).start()
    wait(job, lambda: job.progress.done > 0)
    os.kill(job.process.pid, signal.SIGSTOP)
    job.close(timeout=0.1)
    assert not job.process.is_alive() and not job.folder.exists()


@POSIX
def test_ctrl_c_is_the_parents_the_worker_goes_on(capfd):
    """Ctrl-C reaches the worker too (a terminal signals the whole process group): the
    worker ignores it, from its first instant, and goes on until its parent asks."""
    job = TrainingJob(LONG).start()
    try:
        os.kill(job.process.pid, signal.SIGINT)      # while it starts up
        wait(job, lambda: job.progress.done > 0)
        os.kill(job.process.pid, signal.SIGINT)      # while it trains
        then = job.progress.done
        wait(job, lambda: job.progress.done > then)
        job.cancel()
        wait(job, lambda: not job.running)
        assert job.error is None and job.done is not None and job.done.stopped
    finally:
        job.close()
    assert job.process.exitcode == 0
    assert "KeyboardInterrupt" not in capfd.readouterr().err


@POSIX
def test_sigterm_asks_the_worker_to_stop_and_hand_over():
    """SIGTERM to the whole group (a session ending): the worker stops between chunks and
    hands over what it learned, as a Stop does."""
    with TrainingJob(LONG) as job:
        wait(job, lambda: job.progress.done > 0)
        os.kill(job.process.pid, signal.SIGTERM)
        wait(job, lambda: not job.running)
        assert job.done is not None and job.done.stopped
        assert job.kept().games_trained == job.done.games > 0


ORPHAN = """
import os, signal, time
from nimgame.learning.worker import TrainingJob, TrainingSpec
if __name__ == "__main__":
    job = TrainingJob(TrainingSpec("nim", {"piles": [3, 5, 7, 9, 11]}, "q",
                                   games=50_000_000)).start()
    while job.progress.done == 0:
        job.poll()
        time.sleep(0.01)
    print(job.process.pid, job.folder, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
"""


@POSIX
def test_the_worker_ends_when_its_parent_dies(tmp_path):
    """The parent killed outright (no clean-up of its own): the worker notices, removes its
    folder and ends, instead of training on for nobody."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=str(tmp_path))
    parent = subprocess.run([sys.executable, "-c", ORPHAN], env=env, cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert parent.returncode == -signal.SIGKILL, parent.stderr
    pid, folder = parent.stdout.split()
    end = time.monotonic() + 60   # a guard against hanging, not a measure
    while not (gone(int(pid)) and not Path(folder).exists()):
        if time.monotonic() > end:
            os.kill(int(pid), signal.SIGKILL)
            pytest.fail("the orphaned worker went on")
        time.sleep(0.05)


def test_training_starts_when_the_temporary_folder_is_gone(tmp_path, monkeypatch):
    """TMPDIR removed while the window is open (Python remembers the folder): the worker's
    folder is made in another temporary folder, and the run works."""
    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setenv("TMPDIR", str(folder))
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    folder.rmdir()
    spec = TrainingSpec("nim", {"piles": [1, 3, 5]}, games=500, seed=1)
    with TrainingJob(spec) as job:
        wait(job, lambda: not job.running)
        assert job.error is None and job.result().games_trained == 500


def test_no_temporary_folder_anywhere_is_one_line(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "gone"))
    monkeypatch.setattr(worker, "FALLBACK_FOLDERS", (str(tmp_path / "also-gone"),))
    with pytest.raises(CannotStart) as refused:
        TrainingJob(TrainingSpec("nim", {"piles": [1, 3, 5]}, games=500))
    message = str(refused.value)
    assert message.startswith("no folder for the training's files can be made")
    assert "\n" not in message and len(message) < 300


def test_a_snapshot_that_cannot_be_saved_does_not_end_the_run(tmp_path, monkeypatch):
    """A full disk while it saves the run so far: that snapshot is skipped, the run goes on
    to its end."""
    import queue
    import threading

    from nimgame import storage

    real_save = storage.save

    def save(learner, path=None, **kwargs):
        if str(path).endswith("snapshot.brain"):
            raise storage.SaveError("cannot save snapshot.brain: No space left on device")
        return real_save(learner, path, **kwargs)

    monkeypatch.setattr(storage, "save", save)
    out: queue.Queue = queue.Queue()
    spec = TrainingSpec("nim", {"piles": [1, 3, 5]}, games=3_000, seed=2)
    worker._run(spec, out, threading.Event(), str(tmp_path / "r.brain"), snapshot_every=0.0)
    messages = [out.get_nowait() for _ in range(out.qsize())]
    assert not any(isinstance(m, (worker.Snapshot, worker.Failed)) for m in messages)
    assert isinstance(messages[-1], worker.Finished) and messages[-1].report.games == 3_000
