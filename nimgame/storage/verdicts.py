"""What the full check of each brain file found, remembered between runs, so that listing the
brains folder with thousands of brains reads only their headers.

Listing makes every check a load makes (a listed brain is one that loads), and the table's
checks are most of the work: a Tic-Tac-Toe table takes milliseconds to check against its
game. Their outcome — the *verdict*: "" for a file that loads, else the one line saying
why it does not — is a function of the file's bytes alone, so it is kept in an index of the
brains folder in the cache folder (other folders are checked in full at each listing), by
the SHA-256 of the bytes, and each file name is mapped to its digest while the file's
identity is unchanged (inode, size, time modified and time changed; a write or a rename
changes the last, which no program can set back).

- A file whose identity is in the index: its verdict without reading the table (a brain
  that loads has its header read, nothing more);
- else its bytes are read and hashed: a copy of a checked file (same bytes) gets the
  verdict without a check; only new contents are checked in full;
- a save records the file it wrote (its bytes were built from a learner: it loads).

The index is a cache and is trusted with nothing but time: it is read like any file from
anywhere (a regular file, bounded in size, every entry checked, anything odd ignored), a
lost or damaged index only costs a full check again, and every failure to read or write it
is silent. Processes merge their entries under a lock on the cache folder.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from .. import __version__
from ..files import folder_locked, read_regular_file, write_atomically
from .names import brains_dir, cache_dir

#: Which checks made the verdicts: an index of another version of the program is ignored
#: (a later version may check more).
CHECKS = f"nimgame {__version__}, index 1"
MAX_INDEX_BYTES = 64 * 1024 * 1024
MAX_ENTRIES = 200_000
MAX_VERDICT = 400                   # a verdict is one line

#: A file's identity: inode, size, time modified, time changed (nanoseconds).
Identity = tuple[int, int, int, int]


def identity(info: os.stat_result) -> Identity:
    return (info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def index_path() -> Path:
    """Where the index of the brains folder is kept (other folders have none)."""
    return cache_dir() / "brains-index.json"


def kept_for(folder: Path) -> bool:
    """Whether `folder` is the brains folder, the one folder whose index is kept."""
    try:
        return folder.resolve() == brains_dir().resolve()
    except (OSError, RuntimeError, ValueError):
        return False


@dataclass
class Verdicts:
    """The index of one folder's brain files (read when first asked), with what this
    process added."""

    folder: Path
    #: file name -> (identity, digest of its bytes)
    files: dict[str, tuple[Identity, str]] = field(default_factory=dict)
    #: digest -> verdict ("" loads, else why not)
    verdicts: dict[str, str] = field(default_factory=dict)
    #: what this process found, to merge into the index as it is when stored
    added: dict[str, tuple[Identity, str, str]] = field(default_factory=dict)
    read: bool = False

    def _read(self) -> None:
        if not self.read:
            self.read = True
            files, verdicts = _read(index_path(), self.folder)
            self.files, self.verdicts = {**files, **self.files}, {**verdicts, **self.verdicts}

    def by_identity(self, name: str, known: Identity) -> str | None:
        """The verdict on the file called `name` if it is the file the index saw."""
        self._read()
        entry = self.files.get(name)
        if entry is None or entry[0] != known:
            return None
        return self.verdicts.get(entry[1])

    def by_digest(self, key: str) -> str | None:
        self._read()
        return self.verdicts.get(key)

    def record(self, name: str, known: Identity, key: str, verdict: str) -> None:
        self.files[name] = (known, key)
        self.verdicts[key] = verdict
        self.added[name] = (known, key, verdict)

    def store(self, present: set[str] | None = None) -> None:
        """Merge what was added into the index as it is now, keeping only the files in
        `present` when given (what a listing of the whole folder saw). Nothing is written
        if nothing changed, or if the index was never read and nothing was added. Never
        raises."""
        if not self.added and not (self.read and present is not None):
            return
        path = index_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with folder_locked(path.parent):
                files, verdicts = _read(path, self.folder)
                merged = dict(files)
                for name, (known, key, verdict) in self.added.items():
                    merged[name] = (known, key)
                    verdicts[key] = verdict
                if present is not None:
                    merged = {n: e for n, e in merged.items() if n in present}
                used = {key for _, key in merged.values()}
                verdicts = {k: v for k, v in verdicts.items() if k in used}
                if (merged != files or self.added) and len(merged) <= MAX_ENTRIES:
                    data = {"checks": CHECKS, "folder": str(self.folder),
                            "files": {n: [*known, key] for n, (known, key) in merged.items()},
                            "verdicts": verdicts}
                    write_atomically(path, json.dumps(data, ensure_ascii=False,
                                                      separators=(",", ":")).encode("utf-8"))
            self.files, self.verdicts, self.added = merged, verdicts, {}
        except (OSError, ValueError):
            pass   # a cache: without it, the next listing checks in full


def remember_saved(path: Path, data: bytes) -> None:
    """Record that the file a save just wrote at `path` (holding `data`) loads. Never
    raises."""
    if not kept_for(path.parent):
        return
    try:
        known = identity(os.stat(path))
    except OSError:
        return
    verdicts = Verdicts(path.parent)
    verdicts.record(path.name, known, digest(data), "")
    verdicts.store()


def _read(path: Path, folder: Path) -> tuple[dict[str, tuple[Identity, str]], dict[str, str]]:
    """The entries of the index at `path` that are well formed; none if it cannot be
    read, is of other checks or of another folder."""
    try:
        raw = read_regular_file(path, MAX_INDEX_BYTES + 1)
        if len(raw) > MAX_INDEX_BYTES:
            return {}, {}
        data = json.loads(raw.decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}, {}
    if not isinstance(data, dict) or data.get("checks") != CHECKS or \
            data.get("folder") != str(folder):
        return {}, {}
    given_files, given_verdicts = data.get("files"), data.get("verdicts")
    if not isinstance(given_files, dict) or not isinstance(given_verdicts, dict):
        return {}, {}
    verdicts = {k: v for k, v in given_verdicts.items()
                if isinstance(k, str) and len(k) == 64 and isinstance(v, str)
                and len(v) <= MAX_VERDICT and "\n" not in v}
    files: dict[str, tuple[Identity, str]] = {}
    for name, entry in given_files.items():
        if isinstance(entry, list) and len(entry) == 5 and all(
                isinstance(n, int) and not isinstance(n, bool) for n in entry[:4]) and \
                isinstance(entry[4], str) and entry[4] in verdicts:
            files[name] = ((entry[0], entry[1], entry[2], entry[3]), entry[4])
    return files, verdicts
