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
from .pickles import MAX_FILE_BYTES, read_regular
from .reading import build_learner, header_of, parse_brain, read_header
from .schema import BrainHeader
from .verdicts import Identity, Verdicts, digest, identity, kept_for


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


#: What listing found for a file, by its path and identity: a folder is listed every time a
#: screen opens, but each file is looked at once until it changes.
_seen: dict[tuple[str, Identity], BrainInfo] = {}
SEEN_LIMIT = 20_000


def check_whole_file(path: Path, data: bytes) -> BrainInfo:
    """Every check a load makes, on the bytes of the file at `path`: header, table, and the
    learner built from them (a listed brain loads). Never raises."""
    try:
        header, table = parse_brain(data)
        build_learner(path, header, table)
        return BrainInfo(path, header)
    except BrainFileError as err:
        return BrainInfo(path, None, str(err))


def inspect_file(path: Path, verdicts: Verdicts | None = None) -> BrainInfo:
    """What the brain file at `path` holds, with every check a load makes (a listed brain
    loads), or why it cannot be used. With `verdicts` (the index of its folder), a file
    whose checks are known is not checked again: only its header is read. Never raises."""
    try:
        known: Identity | None = identity(os.stat(path))
    except OSError:
        known = None
    if known is not None and (str(path), known) in _seen:
        return _seen[str(path), known]   # frozen, header and all
    try:
        found = _inspect(path, known, verdicts)
    except (MemoryError, RecursionError):
        found = BrainInfo(path, None, "not a nimgame brain file (too large to read)")
    if known is not None:
        if len(_seen) >= SEEN_LIMIT:
            _seen.clear()
        _seen[str(path), known] = found
    return found


def _inspect(path: Path, known: Identity | None, verdicts: Verdicts | None) -> BrainInfo:
    if verdicts is not None and known is not None:
        verdict = verdicts.by_identity(path.name, known)
        if verdict is not None:
            return _from_verdict(path, verdict, None)
    try:
        data, _ = read_regular(path, MAX_FILE_BYTES)
    except BrainFileError as err:
        return BrainInfo(path, None, str(err))
    if verdicts is None or known is None:
        return check_whole_file(path, data)
    key = digest(data)
    verdict = verdicts.by_digest(key)
    if verdict is not None:
        found = _from_verdict(path, verdict, data)
    else:
        found = check_whole_file(path, data)
    try:
        unchanged = identity(os.stat(path)) == known
    except OSError:
        unchanged = False
    if unchanged:   # not replaced while it was read: the verdict is this file's
        verdicts.record(path.name, known, key, found.error or "")
    return found


def _from_verdict(path: Path, verdict: str, data: bytes | None) -> BrainInfo:
    """A file whose full check is known: its header (read again, and checked), or the
    reason it cannot be used."""
    if verdict:
        return BrainInfo(path, None, verdict)
    try:
        return BrainInfo(path, read_header(path) if data is None else header_of(data))
    except BrainFileError as err:
        return BrainInfo(path, None, str(err))


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
    # The brains folder's index, read only if a file is new to this process.
    verdicts = Verdicts(folder) if kept_for(folder) else None
    found = [inspect_file(folder / name, verdicts) for name in names]
    if verdicts is not None:
        verdicts.store(set(names))
    return found


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
