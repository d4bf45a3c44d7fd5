"""The command line's standard streams at their edges, in real processes: a stdin that is
closed or ends mid-game, and an output whose reader has gone (help and commands alike).

Each ends with at most one line and no traceback: the end of input says goodbye and exits
with status 1 (the game did not finish), a closed stdin is one line on stderr (status 1),
and a closed pipe ends quietly (status 1), whether Python buffers stdout or not."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: Every text-mode dialogue, each reading its first answer from stdin at once (the
#: opponents are ones that need no practice, so no process trains for seconds first).
DIALOGUES = [
    ["play", "nim", "--text", "--opponent", "perfect", "--first", "human"],
    ["play", "nim", "--text"],   # CS50's: would train 10,000 games before asking
    ["play", "nim", "--cs50", "--first", "human", "--opponent", "random"],
    ["play", "nim", "--kuet"],
    ["play", "sticks", "--text"],
    ["play", "sticks", "--stage", "1"],
    ["play", "sticks", "--stage", "2"],
    ["play", "tictactoe", "--text", "--opponent", "minimax"],
    ["play", "hexapawn", "--text", "--opponent", "minimax"],
]


def environment(buffered: bool = True) -> dict[str, str]:
    """This checkout on the path; stdout block-buffered as a pipe normally is (the
    test runner may have set PYTHONUNBUFFERED, which hides a failing last flush)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("PYTHONUNBUFFERED", None)
    if not buffered:
        env["PYTHONUNBUFFERED"] = "1"
    return env


def nimgame(args, stdout=subprocess.PIPE, **kwargs) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "nimgame", *args], cwd=ROOT,
                          env=environment(), stdout=stdout, stderr=subprocess.PIPE,
                          timeout=120, **kwargs)


def assert_clean(done: subprocess.CompletedProcess[bytes]) -> None:
    assert b"Traceback" not in done.stderr and b"Exception" not in done.stderr, done.stderr
    assert b"Traceback" not in done.stdout


# -- stdin ----------------------------------------------------------------------------------

@pytest.mark.parametrize("args", DIALOGUES, ids=" ".join)
def test_a_closed_stdin_is_one_line_before_anything_starts(args):
    """No stdin at all (`<&-`): said at once in one line, before a game is trained or
    a board drawn."""
    done = nimgame(args, stdin=subprocess.DEVNULL, preexec_fn=lambda: os.close(0))
    assert_clean(done)
    assert done.returncode == 1
    assert done.stderr == (b"nimgame: error: no answers can be read: stdin is closed; "
                           b"give them on stdin (type them, or pipe a file)\n")
    assert done.stdout == b""


@pytest.mark.parametrize("args", DIALOGUES, ids=" ".join)
def test_stdin_at_its_end_says_goodbye_in_one_line(args):
    """Stdin at its end (`< /dev/null`): the first question, then one line, status 1 (the
    game did not finish)."""
    done = nimgame(args, stdin=subprocess.DEVNULL)
    assert_clean(done)
    assert done.returncode == 1
    assert done.stderr == b""
    assert done.stdout.endswith(b"\nEnd of input: goodbye.\n")


def test_stdin_that_cannot_be_read_is_one_line():
    """Stdin open for writing only (`0>/dev/null`): one line saying so, not 'cannot write
    the output'."""
    with open(os.devnull, "wb") as write_only:
        done = nimgame(DIALOGUES[0], stdin=write_only)
    assert_clean(done)
    assert done.returncode == 1
    assert done.stderr.startswith(b"nimgame: error: no answers can be read: stdin cannot "
                                  b"be read (")
    assert done.stderr.count(b"\n") == 1


def test_a_whole_game_on_stdin_still_ends_with_status_0():
    """A dialogue fed to its end (Play again? n) is a success."""
    done = nimgame(["play", "sticks", "--text", "--sticks", "10", "--opponent", "perfect"],
                   input=b"3\n3\n3\n1\nn\n")
    assert_clean(done)
    assert done.returncode == 0 and done.stderr == b""
    assert done.stdout.endswith(b"Play again (y/n)? ")


# -- stdout whose reader has gone -------------------------------------------------------------

def closed_pipe(args, buffered: bool) -> subprocess.CompletedProcess[bytes]:
    """`nimgame ARGS | head -0`, the reader gone before a word is written."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run([sys.executable, "-m", "nimgame", *args], cwd=ROOT,
                              env=environment(buffered), stdout=write, stderr=subprocess.PIPE,
                              stdin=subprocess.DEVNULL, timeout=120)
    finally:
        os.close(write)


@pytest.mark.parametrize("buffered", [True, False], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("args", [["--help"], ["-h"], ["play", "--help"], ["train", "-h"],
                                  ["list", "--help"], ["arena", "--help"], ["list"],
                                  ["arena", "nim", "random", "random", "--games", "3"]],
                         ids=" ".join)
def test_output_into_a_closed_pipe_ends_quietly(args, buffered):
    done = closed_pipe(args, buffered)
    assert done.stderr == b""
    assert done.returncode == 1


@pytest.mark.parametrize("args", [["--help"], ["play", "--help"]], ids=" ".join)
def test_help_with_stdout_closed_is_no_crash(args):
    """`nimgame --help >&-`: nowhere to write; argparse falls back to stderr."""
    done = nimgame(args, stdout=None, preexec_fn=lambda: os.close(1))
    assert b"Traceback" not in done.stderr and b"Exception" not in done.stderr
    assert done.returncode == 0


def test_help_still_prints_and_exits_0():
    done = nimgame(["--help"])
    assert done.returncode == 0 and done.stdout.startswith(b"usage: nimgame")
    assert done.stderr == b""
