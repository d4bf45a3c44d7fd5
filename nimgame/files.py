"""Writing a file so that a crash never leaves half of it, and what goes wrong saying so.

`write_atomically` writes a temporary file `.NAME.XXXX.tmp` beside the target, fsyncs it
and renames it over the target: a crash mid-write leaves the old file whole, or the new
one, never half of either. A process that dies between the two leaves its temporary file
behind; `sweep` removes such files once they are old enough to belong to no live write.
Brain files and the settings file are written this way. `read_regular_file` reads a file
without ever blocking on a FIFO; `folder_locked` guards a read-modify-write across processes.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

try:
    import fcntl
except ImportError:   # Windows: no advisory locks; writes stay atomic, merges unguarded
    fcntl = None  # type: ignore[assignment]

#: A temporary file this old (seconds) belongs to a write that died.
TEMP_MAX_AGE = 60.0
#: Each write to the disk at most this many bytes (tests fail a write half way through).
PIECE = 1 << 16


class SaveError(Exception):
    """A save that failed; str() is one line with the path and the reason. The file that
    was there before (if any) is untouched."""


class NotRegularFile(OSError):
    """A path that names a pipe, a folder or a device where a file was expected."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"{path.name} is not a regular file (a pipe, a folder or a device)")


def data_folder(name: str) -> Path:
    """The folder `name` of what nimgame keeps for the user (brains, games):
    $NIMGAME_HOME/`name`, else in the user data folder."""
    home = os.environ.get("NIMGAME_HOME")
    if home:
        return Path(home) / name
    from platformdirs import user_data_dir
    return Path(user_data_dir("nimgame", appauthor=False)) / name


def read_regular_file(path: Path, limit: int) -> bytes:
    """Up to `limit` bytes of the regular file at `path` (or a link to one).
    FileNotFoundError if there is none, NotRegularFile for a pipe, a folder or a device,
    OSError if it cannot be read. Opened without blocking: a FIFO cannot hang the reader."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except IsADirectoryError:
        raise NotRegularFile(path) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegularFile(path)
        os.set_blocking(fd, True)
        chunks, left = [], limit
        while left > 0:
            chunk = os.read(fd, min(left, PIECE))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def check_replaceable(target: Path) -> None:
    """NotRegularFile if `target` is there and is not a regular file (or a link to one):
    a write must never replace a pipe, a folder or a device that is not ours."""
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISREG(mode):
        raise NotRegularFile(target)


@contextmanager
def folder_locked(folder: Path) -> Iterator[None]:
    """Hold an exclusive advisory lock on `folder` (flock on the folder itself, so no lock
    file is left behind) while a read-modify-write of a file in it runs: other processes
    doing the same wait their turn. Where locks are not to be had (no fcntl, a file system
    that refuses them), the block runs unguarded rather than not at all."""
    fd = -1
    if fcntl is not None:
        try:
            fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:
            if fd >= 0:
                os.close(fd)
            fd = -1
    try:
        yield
    finally:
        if fd >= 0:
            os.close(fd)   # closing the last descriptor releases the lock


def write_atomically(target: Path, data: bytes, *, exclusive: bool = False) -> None:
    """Write `data` to `target` through a temporary file beside it, fsynced and renamed
    over it: a crash leaves the old file or the new one, never half of either. OSError if
    it cannot be written (the temporary file is removed then).

    With `exclusive`, `target` must not exist: the whole file is published under its name
    only if no other process got there first (a hard link, which fails when the name is
    taken), else FileExistsError and nothing is written. Two processes choosing the same
    free name at the same moment can never both think they saved."""
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            _write_all(out, data)
            out.flush()
            os.fsync(out.fileno())
        if exclusive:
            _publish_new(tmp, target)
        else:
            os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _publish_new(tmp: str, target: Path) -> None:
    """Give the written file `tmp` the name `target` if that name is free (FileExistsError
    if not), leaving no second name behind."""
    try:
        os.link(tmp, target)
    except FileExistsError:
        raise
    except (OSError, NotImplementedError):
        # A file system without hard links: claim the name with an empty file created
        # exclusively, then rename the whole file over it.
        os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
        try:
            os.replace(tmp, target)
        except BaseException:
            os.unlink(target)   # the empty claim, not somebody's file
            raise
        return
    try:
        os.unlink(tmp)   # the file keeps its new name
    except OSError:
        pass             # a second name for it, swept with the temporary files


def _write_all(out: BinaryIO, data: bytes) -> None:
    """Write in pieces (tests fail a write half way through this)."""
    view = memoryview(data)
    for start in range(0, len(view), PIECE):
        out.write(view[start:start + PIECE])


def temporary_pattern(suffix: str) -> re.Pattern[str]:
    """The names `write_atomically` gives its temporary files for targets ending in
    `suffix` (".brain": `.NAME.brain.XXXX.tmp`)."""
    return re.compile(rf"^\..+{re.escape(suffix)}\..+\.tmp$")


def sweep(folder: Path, suffix: str, max_age: float = TEMP_MAX_AGE) -> None:
    """Remove the temporary files that writes of `folder`'s files ending in `suffix` left
    behind when they died (those older than `max_age` seconds). Never raises."""
    pattern = temporary_pattern(suffix)
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    cutoff = time.time() - max_age
    for entry in entries:
        if pattern.match(entry.name):
            try:
                if entry.is_file(follow_symlinks=False) and entry.stat(
                        follow_symlinks=False).st_mtime < cutoff:
                    os.unlink(entry.path)
            except OSError:
                pass
