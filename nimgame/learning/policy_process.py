"""A student's policy file run in a process of its own, asked for one move at a time.

A policy file is Python a student wrote: a function `policy(observation, action_mask)` that
returns an action number, as a PettingZoo agent does (`nimgame.envs`: the observation and
the mask of legal actions as numpy arrays, plain lists where numpy is not installed). It is
someone else's code, so it never runs in the program's own process: the child (started
with "spawn": it shares nothing by accident) loads the file, with its output thrown away,
and answers each question with a whole number or one line saying what went wrong. The
parent waits for an answer at most `move_seconds`; a child that does not answer in time,
or dies, is ended (SIGTERM, then SIGKILL) and started again for the next question.

Nothing a policy does reaches the caller as anything but `PolicyFailed`: one line, the
file's name and why (it raised, it hung, it returned no whole number, it would not load).
The child ignores Ctrl-C (the parent answers it, ending the child) and ends by itself when
the parent is gone (its pipe closes)."""

from __future__ import annotations

import importlib.util
import multiprocessing
import operator
import os
import signal
import sys
from collections.abc import Sequence
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from .group_signals import GROUP_SIGNALS, group_signals_held

#: How long a policy has for one move, and to load, by default (seconds).
MOVE_SECONDS = 1.0
LOAD_SECONDS = 10.0
#: How long an ended child has to go before it is killed.
END_SECONDS = 0.5
#: The longest reason a child sends back.
REASON_LIMIT = 160


class PolicyFailed(Exception):
    """A policy that gave no legal answer: str() is one line, the file and why."""


def _short(text: str) -> str:
    line = " ".join(str(text).split())
    return line if len(line) <= REASON_LIMIT else line[:REASON_LIMIT - 1] + "…"


def _quiet() -> None:
    """The child's output (print, warnings, C libraries) thrown away: a policy that prints
    megabytes fills no terminal and no pipe."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        for fd in (1, 2):
            os.dup2(null, fd)
        os.close(null)
        sys.stdout = sys.stderr = open(os.devnull, "w")  # for the child's life
    except OSError:
        pass


def _load(path: str) -> Any:
    """The `policy` function of the file at `path`; ValueError, one line, if it has none."""
    try:
        spec = importlib.util.spec_from_file_location("student_policy", path)
        if spec is None or spec.loader is None:
            raise ValueError("not a Python file")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    except SyntaxError as err:
        raise ValueError(f"cannot be loaded: a syntax error on line {err.lineno}: "
                         f"{err.msg}") from None
    except BaseException as err:   # the student's code: anything at all
        raise ValueError(f"cannot be loaded: {type(err).__name__}: {_short(str(err))}"
                         ) from None
    policy = getattr(module, "policy", None)
    if not callable(policy):
        raise ValueError("has no function policy(observation, action_mask)")
    return policy


def _arrays(observation: Sequence[int], shape: Sequence[int], mask: Sequence[int]
            ) -> tuple[Any, Any]:
    try:
        import numpy as np
    except ImportError:
        return list(observation), list(mask)
    return (np.array(observation, dtype=np.int64).reshape(tuple(shape)),
            np.array(mask, dtype=np.int8))


def _answer(policy: Any, question: Any) -> tuple[str, object]:
    observation, shape, mask = question
    try:
        action = policy(*_arrays(observation, shape, mask))
    except BaseException as err:   # the student's code: anything at all
        return "error", f"raised {type(err).__name__}: {_short(str(err))}"
    if isinstance(action, bool):
        return "error", f"returned {action}, not an action number"
    try:
        return "move", int(operator.index(action))
    except TypeError:
        return "error", f"returned {_short(type(action).__name__)}, not an action number"


def _serve(path: str, conn: Connection) -> None:
    """The child: load the file, then answer each question until the pipe closes."""
    for number in GROUP_SIGNALS:
        signal.signal(number, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, GROUP_SIGNALS)
    _quiet()
    try:   # numpy loaded before the clock of the first move starts
        import numpy  # noqa: F401
    except ImportError:
        pass
    try:
        policy = _load(path)
    except ValueError as err:
        conn.send(("error", str(err)))
        return
    conn.send(("ready", None))
    while True:
        try:
            question = conn.recv()
        except (EOFError, OSError):
            return   # the parent is gone
        try:
            conn.send(_answer(policy, question))
        except (OSError, ValueError):
            return


class PolicyProcess:
    """The policy file at `path`, run in a child process; `move` asks it for an action."""

    def __init__(self, path: str | os.PathLike[str], move_seconds: float = MOVE_SECONDS,
                 load_seconds: float = LOAD_SECONDS) -> None:
        self.path = Path(path)
        self.name = self.path.name
        self.move_seconds, self.load_seconds = move_seconds, load_seconds
        self.context = multiprocessing.get_context("spawn")
        self.process: Any = None
        self.conn: Connection | None = None
        self.broken = ""   # why the file cannot be loaded at all (then every ask fails)

    def _fail(self, why: str) -> PolicyFailed:
        return PolicyFailed(f"{_short(self.name)} {why}")

    def start(self) -> None:
        """Start the child and wait for it to load the file (PolicyFailed if it cannot)."""
        if self.broken:
            raise self._fail(self.broken)
        if self.process is not None:
            return
        mine, theirs = self.context.Pipe()
        process = self.context.Process(target=_serve, args=(str(self.path), theirs),
                                       daemon=True)
        try:
            with group_signals_held():
                process.start()
        finally:
            theirs.close()
            if process.pid is None:   # not started (Ctrl-C, no process to be had)
                mine.close()
        self.process, self.conn = process, mine
        kind, value = self._receive(self.load_seconds, f"did not load within "
                                    f"{self.load_seconds:g} s")
        if kind != "ready":
            self.broken = str(value)
            self.close()
            raise self._fail(self.broken)

    def _receive(self, seconds: float, late: str) -> tuple[str, object]:
        conn = self.conn
        assert conn is not None
        try:
            if not conn.poll(seconds):
                self.close()
                raise self._fail(late)
            kind, value = conn.recv()
        except (EOFError, OSError, ValueError, TypeError):   # ended, or `shut` meanwhile
            self.close()
            raise self._fail(self.broken or "stopped without answering (its process ended)"
                             ) from None
        return str(kind), value

    def move(self, observation: Sequence[int], shape: Sequence[int], mask: Sequence[int]
             ) -> int:
        """The action the policy picks (a whole number, not yet checked against the mask);
        PolicyFailed, one line, if it raises, hangs, dies or returns no whole number."""
        self.start()
        assert self.conn is not None
        try:
            self.conn.send((list(observation), list(shape), list(mask)))
        except (OSError, ValueError):
            self.close()
            raise self._fail("stopped without answering (its process ended)") from None
        kind, value = self._receive(self.move_seconds,
                                    f"took longer than {self.move_seconds:g} s to move")
        if kind != "move" or not isinstance(value, int):
            raise self._fail(str(value))
        return value

    def shut(self) -> None:
        """End the child for good, from any thread: a move being waited for fails at once,
        and every later one too (the window closing while a policy thinks)."""
        self.broken = "was stopped"
        self.close()

    def close(self) -> None:
        """End the child (asked, then killed); a later `move` starts another."""
        process, conn = self.process, self.conn
        self.process = self.conn = None
        if conn is not None:
            conn.close()
        if process is None:
            return
        if process.is_alive():
            process.terminate()
            process.join(END_SECONDS)
            if process.is_alive():
                process.kill()
        process.join(END_SECONDS)
