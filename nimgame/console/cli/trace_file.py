"""`train --trace FIRST-LAST --trace-file PATH`: the games traced, and the file written.

The trace is written, as the games are played, to a temporary file beside PATH (made
before the training starts, so a place that cannot be written is said at once); it takes
PATH's name only when the run is over and the brain is saved. A failure on the way
removes it: PATH is the whole trace of a saved run, or what it was before.
"""

from __future__ import annotations

import argparse
import os
import re
import tempfile
from pathlib import Path
from typing import TextIO

from ... import storage
from ...safetext import escape
from ...storage.errors import BrainFileError
from .errors import CliError

#: FIRST-LAST: two whole numbers in ASCII digits (a bounded length, as typed numbers are).
RANGE = re.compile(r"([0-9]{1,9})-([0-9]{1,9})")


def game_range(text: str) -> range:
    """An argparse type: `--trace FIRST-LAST`, training games numbered from 1."""
    found = RANGE.fullmatch(text.strip())
    if found is None:
        raise argparse.ArgumentTypeError(
            f"--trace must be FIRST-LAST, two game numbers from 1 (e.g. 1-10), not "
            f"'{escape(text, 40)}'")
    first, last = int(found.group(1)), int(found.group(2))
    if first < 1:
        raise argparse.ArgumentTypeError(
            f"--trace {first}-{last}: games are numbered from 1")
    if last < first:
        raise argparse.ArgumentTypeError(
            f"--trace {first}-{last}: the last game comes before the first")
    return range(first, last + 1)


def check_trace(traced: range | None, path: str | None, games: int) -> None:
    """CliError unless --trace and --trace-file come together and the range is in the run."""
    if traced is None and path is None:
        return
    if traced is None:
        raise CliError("--trace-file needs --trace FIRST-LAST: which games to trace")
    if path is None:
        raise CliError("--trace needs --trace-file PATH: where to write the trace")
    if traced.stop - 1 > games:
        raise CliError(f"--trace {traced.start}-{traced.stop - 1}: the run has only "
                       f"{games:,} game{'s' * (games != 1)} (see --games)")


def check_not_a_brain(path: str, out: str | None) -> None:
    """CliError when the trace would take the place of a brain: the file `--out` saves
    the brain to (the trace is renamed after the save), or a brain saved before."""
    where = Path(path)
    shown = escape(path, 160)
    try:
        if out is not None and where.resolve() == Path(out).resolve():
            raise CliError(f"--trace-file {shown} is where --out saves the brain; "
                           "choose another file for the trace")
        if where.is_file():
            storage.read_header(where)
        else:
            return
    except (OSError, RuntimeError, BrainFileError):
        return   # not a brain (or not readable): opening the trace says what is wrong
    raise CliError(f"--trace-file {shown} holds a saved brain; choose another file for "
                   "the trace")


class TraceFile:
    """The trace being written: `open` it before training, `out` while it trains, then
    `finish` (fsynced) and `commit` after the brain is saved, or `discard` on any failure.
    Every OSError becomes a CliError naming the file and the reason."""

    def __init__(self, path: str) -> None:
        self.path = Path(path)
        self._tmp: Path | None = None
        self._out: TextIO | None = None

    def _fail(self, err: OSError | str, saying: str = "not saved: cannot write") -> CliError:
        self.discard()
        why = err if isinstance(err, str) else (err.strerror or str(err))
        return CliError(f"{saying} the trace {escape(str(self.path), 160)}: "
                        f"{escape(why, 100)}")

    def open(self) -> TraceFile:
        try:
            if self.path.is_dir():
                raise self._fail("it is a folder")
            if self.path.exists() and not self.path.is_file():   # a device, a pipe: the
                raise self._fail("it is not a plain file")       # rename would replace it
            fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp",
                                       dir=self.path.parent)
            self._tmp = Path(tmp)
            self._out = os.fdopen(fd, "w", encoding="utf-8", newline="\n")
        except OSError as err:
            raise self._fail(err) from None
        return self

    @property
    def out(self) -> TextIO:
        if self._out is None:
            raise RuntimeError("the trace file is not open")
        return self._out

    def failed(self, err: OSError) -> CliError:
        """The one line for `err`, met while writing (the file is discarded)."""
        return self._fail(err)

    def finish(self) -> None:
        """Everything written and on the disk, under the temporary name."""
        try:
            self.out.flush()
            os.fsync(self.out.fileno())
            self.out.close()
        except OSError as err:
            raise self._fail(err) from None

    def commit(self) -> None:
        """The trace takes its name."""
        try:
            os.replace(self._tmp or "", self.path)
        except OSError as err:   # seldom: the brain is saved by now
            raise self._fail(err, "the brain is saved, but not") from None
        self._tmp = None

    def discard(self) -> None:
        """Remove what was written; never raises."""
        out, tmp = self._out, self._tmp
        self._out = self._tmp = None
        if out is not None:
            try:
                out.close()
            except OSError:
                pass
        if tmp is not None:
            try:
                tmp.unlink()
            except OSError:
                pass
