"""The brains folder: saving, loading, listing and naming brain files.

Loading reads a file only if it is a regular file of at most MAX_FILE_BYTES, checks both
pickles' opcodes (`pickles`) and every value (`schema`) before a learner is built. Listing
reads each file on its own, so one damaged file is one damaged row and never hides the
others. Saving writes atomically (`nimgame.files`: a temporary file `.NAME.brain.XXXX.tmp`
beside the target, fsynced and renamed over it), so a crash mid-save leaves the old file
whole; left-over temporary files older than a minute are swept whenever the folder is
listed or saved to.

Names map to readable file names (`Nim-master.brain`); when that file already belongs to
another name, a short hash of the name is added (`caf-1a2b3c4d.brain`), so two names never
share a file. Saving over a *different* brain (another name, game, rules or learner, or an
unreadable file) needs `force=True`.
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .. import files
from ..games import Game
from ..players import LEARNERS, Learner, make_learner
from ..safetext import escape, has_invisible
from . import schema
from .errors import BrainFileError, NameTaken, SaveError
from .pickles import MAX_FILE_BYTES, MAX_HEADER_BYTES, read_regular, unpickle
from .schema import BrainHeader

SUFFIX = ".brain"
NAME_LIMIT = 60


def brains_dir() -> Path:
    """Where brains live: $NIMGAME_HOME/brains, else the user data folder."""
    home = os.environ.get("NIMGAME_HOME")
    if home:
        base = Path(home)
    else:
        from platformdirs import user_data_dir
        base = Path(user_data_dir("nimgame", appauthor=False))
    return base / "brains"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


# -- names -----------------------------------------------------------------------------


def check_name(name: object) -> str:
    """`name` without surrounding spaces, or ValueError saying why it cannot be a name."""
    if not isinstance(name, str):
        raise ValueError(f"a name is text, not {escape(name, 40)}")
    cleaned = name.strip()
    if not cleaned:
        raise ValueError("a name needs at least one character")
    if len(cleaned) > NAME_LIMIT:
        raise ValueError(f"a name has at most {NAME_LIMIT} characters, not {len(cleaned):,}")
    if has_invisible(cleaned):
        raise ValueError(f"a name cannot hold control or invisible characters: "
                         f"{escape(cleaned, 40)}")
    return cleaned


def slug(name: str) -> str:
    """A readable file stem for a brain called `name` (letters, digits, . _ -)."""
    cleaned = re.sub(r"[^A-Za-z0-9._-]+", "-", name.strip()).strip("-.")
    return cleaned[:40].rstrip("-.") or "brain"


def hashed_slug(name: str) -> str:
    """`slug(name)` with a short hash of the whole name: different names, different stems."""
    digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{slug(name)}-{digest}"


def kind_of(player: Learner) -> str:
    for kind, cls in LEARNERS.items():
        if type(player) is cls:
            return kind
    raise TypeError(f"only a trained learner can be saved, not {type(player).__name__}")


def default_name(player: Learner) -> str:
    return player.name or f"{player.game.name}-{kind_of(player)}"


# -- reading ---------------------------------------------------------------------------


def _check_start(data: bytes) -> None:
    if not data:
        raise BrainFileError("empty file: not a nimgame brain file")


def _migrate(header: object, table: object) -> tuple[dict[str, Any], object]:
    version = schema.check_envelope(header)
    if not isinstance(header, dict):  # check_envelope refused it already
        raise BrainFileError("not a nimgame brain file")
    current: dict[str, Any] = header
    while version < schema.VERSION:
        step = schema.MIGRATIONS.get(version)
        if step is None:
            raise BrainFileError(f"format {version} can no longer be read")
        current, table = step(current, table)
        version = current["version"] = version + 1
    return current, table


def read_header(path: str | os.PathLike[str]) -> BrainHeader:
    """The checked header alone (fast: the table is not read)."""
    data, _ = read_regular(Path(path), MAX_HEADER_BYTES)
    _check_start(data)
    try:
        header, _ = unpickle(data)
    except BrainFileError as err:
        if str(err).startswith("truncated") and len(data) >= MAX_HEADER_BYTES:
            raise BrainFileError("not a nimgame brain file (its header is too long)") from None
        raise
    migrated, _ = _migrate(header, None)
    return schema.check_header(migrated)


def _read(path: Path) -> tuple[BrainHeader, dict[str, Any]]:
    """The checked header and table of the file at `path`."""
    data, _ = read_regular(path, MAX_FILE_BYTES)
    _check_start(data)
    header, end = unpickle(data)
    schema.check_envelope(header)
    table, end = unpickle(data, end)
    if end != len(data):
        raise BrainFileError("not a nimgame brain file (something follows the table)")
    data_header, table = _migrate(header, table)
    checked = schema.check_header(data_header)
    return checked, schema.check_table(table, checked)


def load(path: str | os.PathLike, game: Game | None = None) -> Learner:
    """The learner saved at `path`. With `game`, refuse a brain for another game."""
    path = Path(path)
    header, table = _read(path)
    return _build(path, header, table, game)


def _build(path: Path, header: BrainHeader, table: dict[str, Any], game: Game | None = None
           ) -> Learner:
    """The learner a checked header and table describe (BrainFileError if it cannot be)."""
    brain_game = header.game
    if game is not None and type(game) is not type(brain_game):
        raise BrainFileError(f"this brain plays {brain_game.title}, not {game.title}")
    if game is not None and game != brain_game:
        raise BrainFileError(
            f"this brain plays {brain_game.describe_rules()}, not {game.describe_rules()}")
    player = make_learner(header.learner, brain_game, **header.settings)
    try:
        player.import_table(table)
    except (TypeError, ValueError, KeyError, IndexError) as err:
        raise BrainFileError(f"the brain file's table is broken: {escape(str(err), 120)}"
                             ) from None
    player.games_trained = header.games_trained
    player.accuracy = header.accuracy
    player.name = header.name or path.stem
    return player


# -- the library of saved brains -------------------------------------------------------


@dataclass(frozen=True)
class BrainInfo:
    path: Path
    header: BrainHeader | None     # None when the file cannot be used
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.header is not None

    @property
    def name(self) -> str:
        return (self.header.name if self.header is not None else "") or self.path.stem


#: What listing found for a file, by (path, identity, size, time changed): a folder is
#: listed every time a screen opens, but each file is read once until it changes.
_seen: dict[tuple, BrainInfo] = {}
SEEN_LIMIT = 1_000


def _inspect(path: Path) -> BrainInfo:
    try:
        info = os.stat(path)
        key: tuple | None = (str(path), info.st_ino, info.st_size, info.st_mtime_ns)
    except OSError:
        key = None
    if key is not None and key in _seen:
        return _seen[key]   # frozen, header and all
    try:
        header, table = _read(path)
        _build(path, header, table)  # every check a load makes: a listed brain loads
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
    files.sweep(folder, SUFFIX)


def list_brains(folder: str | os.PathLike | None = None) -> list[BrainInfo]:
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
    return [_inspect(folder / name) for name in names]


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


# -- saving ----------------------------------------------------------------------------


def header_for(player: Learner, created: str | None = None) -> dict[str, Any]:
    """The header `player` is saved with, as the plain data the file holds (reading it back
    gives a checked `BrainHeader`); `created` is kept from the file it replaces."""
    return {
        "format": schema.FORMAT,
        "version": schema.VERSION,
        "game": player.game.name,
        "rules": schema.header_for_rules(player.game),
        "learner": kind_of(player),
        "settings": {k: (list(v) if isinstance(v, tuple) else v)
                     for k, v in player.settings().items()},
        "games_trained": player.games_trained,
        "accuracy": player.accuracy,
        "created": created or _now(),
        "updated": _now(),
        "name": player.name or "",
    }


def _same_brain(header: BrainHeader, player: Learner) -> bool:
    return (header.name == default_name(player) and header.game == player.game
            and header.learner == kind_of(player))


def _describe(info: BrainInfo) -> str:
    if info.header is None:
        return f"the damaged file {escape(info.path.name, 40)}"
    game = info.header.game
    return f"'{escape(info.name, 40)}' ({game.title}, {info.header.learner_class.label})"


def _target(player: Learner, path: Path | None) -> tuple[Path, BrainInfo | None]:
    """Where `save` writes `player`, and the brain there now (None if the place is free)."""
    if path is not None:
        if path.is_dir() or (not path.exists() and not path.is_symlink()):
            return path, None  # free, or a folder `save` refuses in its own words
        return path, _inspect(path)
    folder = brains_dir()
    name = default_name(player)
    brains = list_brains(folder)
    for info in brains:
        if info.ok and info.name == name:
            return info.path, info
    taken = {info.path.name: info for info in brains}
    for stem in (slug(name), hashed_slug(name)):
        candidate = folder / (stem + SUFFIX)
        if candidate.name not in taken and not candidate.exists():
            return candidate, None
    candidate = folder / (hashed_slug(name) + SUFFIX)
    return candidate, taken.get(candidate.name) or _inspect(candidate)


def would_replace(player: Learner, path: str | os.PathLike | None = None) -> str | None:
    """What different brain `save(player, path)` would replace, in words; None if none."""
    _, there = _target(player, None if path is None else Path(path))
    if there is None or (there.header is not None and _same_brain(there.header, player)):
        return None
    return _describe(there)


def save(player: Learner, path: str | os.PathLike | None = None, *,
         force: bool = False) -> Path:
    """Write `player` to `path` (default: the brains folder, under its name) atomically.

    Raises NameTaken when that would replace a different brain (unless `force`), and
    SaveError (one line: the path and the reason) when the file cannot be written; the
    file that was there is untouched either way.
    """
    header_for(player)  # a player that cannot be saved says so before anything is written
    where = Path(path) if path is not None else None
    try:
        return _save(player, where, force)
    except OSError as err:  # a path too long, a folder we may not write, a full disk
        shown = escape(str(where if where is not None else brains_dir()), 160)
        raise SaveError(f"cannot save {shown}: {err.strerror or err}") from None


def _save(player: Learner, path: Path | None, force: bool) -> Path:
    if path is not None and path.is_dir():
        raise SaveError(f"cannot save {escape(str(path), 160)}: it is a folder")
    for folder in (path or brains_dir() / "x").parents:
        if folder.exists() or folder.is_symlink():
            if not folder.is_dir():
                raise SaveError(f"cannot save {escape(str(path or brains_dir()), 160)}: "
                                f"{escape(str(folder), 160)} is not a folder")
            break
    target, there = _target(player, path)
    if there is not None and not force and (
            there.header is None or not _same_brain(there.header, player)):
        raise NameTaken(target, there.name if there.ok else None,
                        f"{escape(str(target), 160)} holds {_describe(there)}; "
                        "saving would replace it")
    created = there.header.created if there is not None and there.header is not None \
        else None
    payload = io.BytesIO()
    pickle.dump(header_for(player, created), payload, protocol=4)
    pickle.dump(player.export_table(), payload, protocol=4)
    if payload.tell() > MAX_FILE_BYTES:
        raise SaveError(f"cannot save {escape(str(target), 160)}: the brain is too large "
                        f"({payload.tell() / 2**20:.1f} MB)")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        sweep(target.parent)
        files.write_atomically(target, payload.getvalue())
    except OSError as err:
        raise SaveError(f"cannot save {escape(str(target), 160)}: "
                        f"{err.strerror or err}") from None
    return target


def rename(path: str | os.PathLike, new_name: str) -> Path:
    """Give the brain at `path` a new name, keeping its file. ValueError for a bad name,
    NameTaken if another brain has that name, BrainFileError / SaveError as load / save."""
    name = check_name(new_name)
    path = Path(path)
    for info in list_brains(path.parent):
        if info.ok and info.name == name and info.path != path:
            raise NameTaken(info.path, name, f"another brain is called '{escape(name, 40)}'")
    learner = load(path)
    learner.name = name
    return save(learner, path, force=True)
