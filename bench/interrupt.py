"""Ctrl-C ends any command within a second (README): the time from SIGINT to the end of a
command busy playing a million games, waiting for a move, or training (which then measures
and saves what it learned, and gets two seconds as its test had), and of the window while
it trains (it keeps the run as "Unsaved" and ends its worker).

Each command runs as `python -m nimgame` does, saying on stdout when it starts playing,
asking or training, so the signal is sent to a command that is doing it (the tests use the
same launcher, and check the status and the one line; the seconds are measured here).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: `python -m nimgame ARGS`, announcing "[playing]", "[asking]" or "[training]" on stdout
#: (flushed) just before it plays games, reads an answer or trains. Ctrl-C raises
#: KeyboardInterrupt, as in a terminal, even if this was started from a shell that ignores
#: it (a background job of a script: Python then leaves Ctrl-C ignored).
ANNOUNCED = """
import signal
import sys
signal.signal(signal.SIGINT, signal.default_int_handler)
from nimgame.console import cli, textplay
from nimgame.console.cli.commands import arena, train

def announce(what, real):
    def announced(*args, **kwargs):
        print(what, flush=True)
        return real(*args, **kwargs)
    return announced

arena.match = announce("[playing]", arena.match)
train.train = announce("[training]", train.train)
textplay.read_answer = announce("[asking]", textplay.read_answer)
sys.exit(cli.main(sys.argv[1:]))
"""


#: The window (`python -m nimgame`, no command) on its training screen with a long run under
#: way: says "[training] WORKER_PID" on stdout (flushed) once the worker has trained its
#: first games and the window's own loop runs. SDL_VIDEODRIVER=dummy: no real window.
WINDOW_TRAINING = """
import signal
import sys
import time
signal.signal(signal.SIGINT, signal.default_int_handler)
from nimgame.console import cli
from nimgame.ui import app as window

real_run = window.App.run
real_step = window.App.step

def run(self, first=None):
    scene = self.open("training")
    scene.form.games_entry.set_text("1000000")
    scene.start()
    while scene.job.progress.done == 0:
        real_step(self, 1 / 60)
        time.sleep(0.01)
    real_run(self, first)

def step(self, dt):
    if not getattr(self, "announced", False):   # in the window's own loop
        self.announced = True
        print("[training]", self.top.job.process.pid, flush=True)
    real_step(self, dt)

window.App.step = step
window.App.run = run
sys.exit(cli.main([]))
"""


def start(args: list[str], env: dict[str, str], stdin: int | None = None) -> subprocess.Popen:
    """`python -m nimgame *args`, announced (see ANNOUNCED), its output piped."""
    return subprocess.Popen([sys.executable, "-c", ANNOUNCED, *args], env=env, cwd=ROOT,
                            stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def wait_for(proc: subprocess.Popen, doing: bytes) -> bool:
    """Read `proc`'s output up to the line `doing`; False if it ended without one."""
    assert proc.stdout is not None
    return any(line.rstrip() == doing for line in proc.stdout)


def seconds_to_stop(args: list[str], doing: bytes, env: dict[str, str],
                    stdin: int | None = None) -> tuple[float, int]:
    """Seconds from Ctrl-C, sent once the command announces `doing`, to its end; its status."""
    proc = start(args, env, stdin)
    if not wait_for(proc, doing):
        proc.kill()
        proc.communicate()
        return float("inf"), proc.returncode
    proc.send_signal(signal.SIGINT)
    pressed = time.perf_counter()
    proc.communicate(timeout=60)
    return time.perf_counter() - pressed, proc.returncode


def start_window_training(env: dict[str, str]) -> subprocess.Popen:
    """The window training (WINDOW_TRAINING), with no real window, in a process group of
    its own (a terminal's, for Ctrl-C), its output piped."""
    env = dict(env, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.Popen([sys.executable, "-c", WINDOW_TRAINING], env=env, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)


def training_worker(proc: subprocess.Popen) -> int | None:
    """Read the window's output up to "[training] PID": the worker's PID (None if the
    window ended without one)."""
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith(b"[training] "):
            return int(line.split()[1])
    return None


def window_seconds_to_stop(env: dict[str, str]) -> tuple[float, int]:
    """Seconds from Ctrl-C, sent to the window's process group (as a terminal does) once its
    training is under way, to the window's end; its status."""
    proc = start_window_training(env)
    if training_worker(proc) is None:
        proc.kill()
        proc.communicate()
        return float("inf"), proc.returncode
    os.killpg(proc.pid, signal.SIGINT)
    pressed = time.perf_counter()
    proc.communicate(timeout=60)
    return time.perf_counter() - pressed, proc.returncode


def interrupt_target(report: Callable[[str, bool, str], None]) -> None:
    with tempfile.TemporaryDirectory() as home:   # the user's brains are not touched
        env = dict(os.environ, NIMGAME_HOME=home, PYTHONPATH=str(ROOT))
        cases = [
            ("arena", ["arena", "nim", "random", "random", "--games", "1000000", "--piles",
                       "50,50,50"], b"[playing]", None, 1.0, 130),
            ("play", ["play", "nim", "--text", "--opponent", "random"], b"[asking]",
             subprocess.PIPE, 1.0, 130),
            ("train", ["train", "nim", "--piles", "3,5,7,9,11", "--games", "10000000",
                       "--out", str(Path(home, "long.brain"))], b"[training]", None, 2.0, 0),
        ]
        figures, ok = [], True
        for name, args, doing, stdin, need, status in cases:
            took, code = seconds_to_stop(args, doing, env, stdin)
            ok = ok and took <= need and code == status
            figures.append(f"{name} {took * 1000:.0f} ms (need <= {need * 1000:.0f}, "
                           f"exit {code})")
        if sys.platform != "win32":
            took, code = window_seconds_to_stop(env)
            ok = ok and took <= 1.0 and code == 130
            figures.append(f"window training {took * 1000:.0f} ms (need <= 1000, exit {code})")
    report("Ctrl-C ends any command within a second (training: stops, measures and saves "
           "within two; the window training keeps its run within one)", ok, "; ".join(figures))


if __name__ == "__main__":
    def show(target: str, ok: bool, figures: str) -> None:
        print(f"[{'PASS' if ok else 'FAIL'}] {target}\n       {figures}")

    interrupt_target(show)
