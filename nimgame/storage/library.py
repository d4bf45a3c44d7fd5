"""The library of saved brains: every file in the brains folder, each read on its own, so
one damaged file is one damaged row and never hides the others; and finding a brain by its
name or file name."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..files import sweep as sweep_temporary_files
from ..safetext import escape
from .errors import BrainFileError
from .names import SUFFIX, brains_dir
from .reading import build_learner, read_brain
from .schema import BrainHeader


@dataclass(frozen=True)
class BrainInfo:
    """What listing found in one file: its checked header, or why it cannot be used."""

    path: Path
    header: BrainHeader | None     # None when the file cannot be used
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.header is not None

    @property
    def name(self) -> str:
        return (self.header.name if self.header is not None else "") or self.path.stem


#: The identity of a file as listing last saw it: path, inode, size, time changed.
FileKey = tuple[str, int, int, int]
#: What listing found for a file, by its FileKey: a folder is listed every time a screen
#: opens, but each file is read once until it changes.
_seen: dict[FileKey, BrainInfo] = {}
SEEN_LIMIT = 1_000


def inspect_file(path: Path) -> BrainInfo:
    """What the brain file at `path` holds, with every check a load makes (a listed brain
    loads), or why it cannot be used. Never raises."""
    key: FileKey | None
    try:
        info = os.stat(path)
        key = (str(path), info.st_ino, info.st_size, info.st_mtime_ns)
    except OSError:
        key = None
    if key is not None and key in _seen:
        return _seen[key]   # frozen, header and all
    try:
        header, table = read_brain(path)
        build_learner(path, header, table)
        found = BrainInfo(path, header)
    except BrainFileError as err:
        found = BrainInfo(path, None, str(err))
    except (MemoryError, RecursionError):
        found = BrainInfo(path, None, "not a nimgame brain file (too large to read)")
    if key is not None:
        if len(_seen) >= SEEN_LIMIT:
            _seen.clear()
        _seen[key] = found
    return found


def sweep(folder: Path) -> None:
    """Remove temporary files that saves which died left behind (older than a minute)."""
    sweep_temporary_files(folder, SUFFIX)


def list_brains(folder: str | os.PathLike[str] | None = None) -> list[BrainInfo]:
    """Every brain file in `folder` (default: the brains folder), each read on its own:
    a file that cannot be used is listed with its reason. Never raises."""
    folder = Path(folder) if folder is not None else brains_dir()
    try:
        if not folder.is_dir():
            return []
        names = sorted(e.name for e in os.scandir(folder)
                       if e.name.endswith(SUFFIX) and not e.name.startswith("."))
    except OSError:
        return []
    sweep(folder)
    return [inspect_file(folder / name) for name in names]


def find_brain(name_or_path: str) -> Path:
    """A brain by file path, or by its name or file name in the brains folder."""
    if not isinstance(name_or_path, str) or not name_or_path:
        raise BrainFileError("no brain called '' (see 'list')")
    try:
        path = Path(name_or_path)
        if path.is_file():
            return path
    except (OSError, ValueError):  # a name too long for a path, a NUL character
        pass
    for info in list_brains():
        if info.ok and name_or_path in (info.name, info.path.stem, info.path.name):
            return info.path
    for info in list_brains():
        if name_or_path in (info.path.stem, info.path.name):
            return info.path  # a damaged file by its file name: loading says why
    raise BrainFileError(f"no brain called {escape(name_or_path, 40)!r} (see 'list')")
