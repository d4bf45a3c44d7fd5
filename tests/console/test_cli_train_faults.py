"""`nimgame train` when its output cannot be written or Ctrl-C comes twice: what it trained
is saved all the same, with no traceback."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from nimgame import storage

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, PYTHONPATH=str(ROOT))
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file descriptors")


def train_args(out_file, games="3000"):
    return [sys.executable, "-m", "nimgame", "train", "nim", "--games", games,
            "--out", str(out_file)]


@POSIX
def test_train_with_stdout_closed_saves_and_ends_quietly(nimgame_home, tmp_path):
    """`nimgame train ... >&-`: no stdout at all (Python has none to give)."""
    out_file = tmp_path / "t.brain"
    done = subprocess.run(train_args(out_file), env=ENV, cwd=ROOT, stderr=subprocess.PIPE,
                          preexec_fn=lambda: os.close(1), timeout=120)
    assert (done.returncode, done.stderr) == (0, b"")
    assert storage.load(out_file).games_trained == 3_000


def test_train_into_a_pipe_nobody_reads_saves_and_ends_quietly(nimgame_home, tmp_path):
    """`nimgame train ... | head -0`: the reader is gone before a word is written. The
    training is saved; the status is 1 (the output was not written) with nothing said, as
    for any command into a closed pipe."""
    out_file = tmp_path / "t.brain"
    proc = subprocess.Popen(train_args(out_file), env=ENV, cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    proc.stdout.close()
    err = proc.stderr.read()
    assert (proc.wait(timeout=120), err) == (1, b"")
    assert storage.load(out_file).games_trained == 3_000


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_train_into_a_full_disk_saves_and_says_so_in_one_line(nimgame_home, tmp_path):
    out_file = tmp_path / "t.brain"
    with open("/dev/full", "w") as full:
        done = subprocess.run(train_args(out_file), env=ENV, cwd=ROOT, stdout=full,
                              stderr=subprocess.PIPE, timeout=120)
    assert done.returncode == 1
    assert done.stderr == b"nimgame: error: cannot write the output: No space left on device\n"
    assert storage.load(out_file).games_trained == 3_000


#: `python -m nimgame ARGS`, announcing "[measuring]" and then sleeping (a measure that
#: takes long: a big board) when it measures what it trained after a stop.
SLOW_MEASURE = """
import signal
import sys
import time
signal.signal(signal.SIGINT, signal.default_int_handler)
from nimgame.console import cli
from nimgame.console.cli.commands import train

def slow(learner):
    print("[measuring]", flush=True)
    time.sleep(120)
    return None

train.optimal_move_share = slow
sys.exit(cli.main(sys.argv[1:]))
"""


@POSIX
def test_ctrl_c_twice_still_saves_what_was_trained(nimgame_home, tmp_path):
    """The first Ctrl-C stops the training, the second comes while it measures what it
    learned: it is saved without the measure, and says so."""
    out_file = tmp_path / "long.brain"
    proc = subprocess.Popen([sys.executable, "-c", SLOW_MEASURE, "train", "nim", "--piles",
                             "3,5,7,9,11", "--games", "10000000", "--out", str(out_file)],
                            env=ENV, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        assert proc.stdout.readline().strip().endswith("left")   # training
        proc.send_signal(signal.SIGINT)
        assert any(line.strip() == "[measuring]" for line in proc.stdout)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)   # a guard against hanging, not a measure
    finally:
        if proc.poll() is None:
            proc.kill()
    assert (proc.returncode, err) == (0, "")
    assert "optimal moves: not measured (interrupted)" in out
    assert "Saved 'nim-q'" in out
    assert 0 < storage.load(out_file).games_trained < 10_000_000
