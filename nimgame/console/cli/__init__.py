"""The command line: train, list, inspect, play (text), arena and review.

Every error is one line on stderr and exit status 2, never a traceback. A module per
command in `commands/`, the parser in `parser.py`, what options accept in `options.py`.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Sequence

from ...safetext import escape
from ..textplay import NoInput
from .commands import COMMANDS, play
from .errors import CliError
from .parser import build_parser

__all__ = ["CliError", "build_parser", "main", "window"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; its exit status. Whatever happens, at most one line: 2 for a
    mistake, 130 for Ctrl-C, 1 when the output cannot be written (a closed pipe ends
    quietly, as `nimgame list | head -1` expects) or the answers cannot be read (the end
    of input before the game's, a closed stdin)."""
    if isinstance(sys.stdin, io.TextIOWrapper):  # bytes that are not UTF-8 are not a crash
        sys.stdin.reconfigure(errors="replace")
    for stream in (sys.stdout, sys.stderr):   # nor is a terminal that is not UTF-8 (ASCII,
        if isinstance(stream, io.TextIOWrapper):   # ISO-8859-1): what it cannot show is
            stream.reconfigure(errors="backslashreplace")   # written as \xeb, not a crash
    try:
        status = _run(argv)
        if sys.stdout is not None:
            sys.stdout.flush()   # here, not at exit, where a closed pipe is a traceback
        return status
    except BrokenPipeError:
        _silence_stdout()
        return 1
    except OSError as err:  # the output cannot be written: /dev/full, a closed terminal
        _silence_stdout()
        _say(f"nimgame: error: cannot write the output: {escape(err.strerror or err, 100)}")
        return 1


def window() -> int:
    """`nimgame-gui`: the window on the menu, whatever the arguments (a GUI program has no
    terminal to run the command line in); its exit status, as `main`'s."""
    return main([])


def _run(argv: Sequence[str] | None) -> int:
    try:
        try:
            args = build_parser().parse_args(argv)
        except SystemExit as done:   # --help, printed: end here, so its flush is checked
            return done.code if isinstance(done.code, int) else 0
        if args.command is None:
            return play.open_window()
        return COMMANDS[args.command].run(args)
    except CliError as err:
        _say(f"nimgame: error: {err}")
        return 2
    except NoInput as err:
        _say(f"nimgame: error: no answers can be read: {err}; give them on stdin (type "
             "them, or pipe a file)")
        return 1
    except EOFError:   # the answers ended before the game did
        print("\nEnd of input: goodbye.")
        return 1
    except KeyboardInterrupt:
        print(flush=True)
        _say("nimgame: interrupted")
        return 130


def _say(line: str) -> None:
    """One line on stderr, even if stderr is gone."""
    try:
        print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush of the dead pipe does not
    print "Exception ignored ..." on the way out."""
    stdout = sys.stdout
    if stdout is not sys.__stdout__ or stdout is None:  # replaced (a test capturing it) or
        return                                          # none at all: leave it alone
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stdout.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file
        pass
