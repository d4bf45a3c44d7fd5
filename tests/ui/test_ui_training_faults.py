"""The training screen when its worker stops answering, when the window is told to close
by a signal (SIGHUP, SIGTERM, Ctrl-C), and when the temporary folder is gone: one line,
nothing lost, no frame waiting on the worker, no worker left behind."""

import functools
import os
import signal
import sys
import tempfile
import time

import pygame
import pytest
from uidriver import button_named, frames, key, press, wait_until

from bench import interrupt
from nimgame import storage
from nimgame.learning import worker
from nimgame.learning.worker import TrainingJob
from nimgame.ui.training import scene as training

POSIX = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


class Clock:
    """A clock that moves only when the test moves it."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch):
    """The training screen's jobs keep time by this clock and save what they learned
    after every chunk."""
    fake = Clock()
    monkeypatch.setattr(training, "TrainingJob",
                        functools.partial(TrainingJob, clock=fake, snapshot_seconds=0.0))
    return fake


def training_run(app, games="1000000"):
    key(app, pygame.K_t, "t")
    scene = app.top
    scene.form.games_entry.set_text(games)
    scene.start()
    wait_until(app, lambda: scene.job.snapshot is not None)
    return scene


def wait_gone(process):
    end = time.monotonic() + 60   # a guard against hanging, not a measure
    while process.is_alive():
        assert time.monotonic() < end, "the worker was not ended"
        time.sleep(0.01)


@POSIX
def test_a_stopped_worker_is_ended_with_one_line_and_its_run_kept(app, clock):
    scene = training_run(app)
    process = scene.job.process
    os.kill(process.pid, signal.SIGSTOP)
    press(app, button_named(scene, "Stop"))
    assert scene.message == "Stopping…"
    frames(app, 30)                      # half a second of frames: it may just be slow
    assert scene.message == "Stopping…" and scene.job.running
    clock.now += worker.SILENCE_SECONDS + 1
    count = 0                            # then it is ended within a frame or two
    while scene.trained is None:
        assert count < 2, "not ended within two frames"
        frames(app, 1)
        count += 1
    assert scene.message.startswith("The training worker stopped answering; it was "
                                    "ended. The run so far is kept: ")
    assert "\n" not in scene.message
    games = scene.trained.games_trained
    assert scene.unsaved and games > 0
    assert f"The run so far is kept: {games:,} games" in scene.message
    # offered under the name a finished run gets, not its snapshot file's ("snapshot")
    assert scene.name_entry.get_text() == scene.trained.name == f"nim-q-{games // 1000}k"
    wait_gone(process)
    key(app, pygame.K_ESCAPE)            # leaving keeps it, as any run not saved
    (kept,) = storage.list_brains()
    assert storage.is_unsaved(kept.name) and kept.name.startswith("nim-q-")
    assert kept.header.games_trained == games


@POSIX
def test_closing_the_window_with_a_stopped_worker_ends_it(app, clock, monkeypatch):
    """No hang: the window waits KEEP_SECONDS for an answer that cannot come, ends the
    worker, and keeps what it last saved."""
    monkeypatch.setattr(worker, "KEEP_SECONDS", 0.1)
    scene = training_run(app)
    process = scene.job.process
    os.kill(process.pid, signal.SIGSTOP)
    app.handle(pygame.event.Event(pygame.QUIT))
    assert not app.running and not process.is_alive()
    (kept,) = storage.list_brains()
    assert storage.is_unsaved(kept.name) and kept.name.startswith("nim-q-")
    assert kept.header.games_trained > 0


def test_start_works_with_the_temporary_folder_gone(app, tmp_path, monkeypatch):
    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setenv("TMPDIR", str(folder))
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    folder.rmdir()
    key(app, pygame.K_t, "t")
    scene = app.top
    scene.form.games_entry.set_text("1000")
    key(app, pygame.K_RETURN)
    wait_until(app, lambda: scene.trained is not None)
    assert scene.message.startswith("Done: 1,000 games")


def test_start_with_no_temporary_folder_anywhere_is_one_line(app, tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "gone"))
    monkeypatch.setattr(worker, "FALLBACK_FOLDERS", ())
    key(app, pygame.K_t, "t")
    scene = app.top
    scene.form.games_entry.set_text("1000")
    key(app, pygame.K_RETURN)
    assert scene.job is None
    assert scene.message.startswith("Training could not start: no folder for the "
                                    "training's files can be made")
    assert "\n" not in scene.message


@POSIX
@pytest.mark.parametrize("signum,group,status,err", [
    (signal.SIGINT, True, 130, b"nimgame: interrupted\n"),   # Ctrl-C: the terminal's group
    (getattr(signal, "SIGHUP", 1), True, 0, b""),           # the terminal closed
    (signal.SIGTERM, False, 0, b""),                         # `kill PID`
])
def test_a_signal_closes_the_window_as_closing_it_does(nimgame_home, tmp_path, signum,
                                                       group, status, err):
    """`nimgame` (the window) training when a signal comes: the run so far is kept as
    "(unsaved)", the worker is ended (it was not orphaned), its folder removed; Ctrl-C ends
    with one line and 130, and no worker's traceback."""
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    env = dict(os.environ, NIMGAME_HOME=str(nimgame_home), PYTHONPATH=str(interrupt.ROOT),
               TMPDIR=str(scratch))
    proc = interrupt.start_window_training(env)
    try:
        pid = interrupt.training_worker(proc)
        assert pid is not None, proc.communicate(timeout=60)
        if group:
            os.killpg(proc.pid, signum)
        else:
            proc.send_signal(signum)
        out, errors = proc.communicate(timeout=60)   # a guard against hanging
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert (proc.returncode, errors) == (status, err)
    (kept,) = storage.list_brains()
    assert storage.is_unsaved(kept.name) and kept.name.startswith("nim-q-")
    assert kept.header.games_trained > 0
    assert list(scratch.iterdir()) == []
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)                               # ended and reaped by the window
