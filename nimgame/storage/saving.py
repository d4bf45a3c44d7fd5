"""Saving a brain file: atomically, under its name, never over a different brain unasked.

A save writes through `nimgame.files.write_atomically` (a temporary file beside the target,
fsynced and renamed over it), so a crash mid-save leaves the old file whole; left-over
temporary files older than a minute are swept whenever the folder is listed or saved to.
A brain saved into the brains folder gets its name's file (`names`); saving over a
*different* brain (another name, game, rules or learner, or an unreadable file) needs
`force=True`.
"""

from __future__ import annotations

import io
import os
import pickle
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..files import NotRegularFile, check_replaceable, write_atomically
from ..players import Learner
from ..safetext import escape
from .errors import NameTaken, SaveError
from .library import BrainInfo, inspect_file, list_brains, sweep
from .names import SUFFIX, brains_dir, check_name, default_name, hashed_slug, kind_of, slug
from .pickles import MAX_FILE_BYTES
from .reading import load
from .schema import FORMAT, VERSION, BrainHeader, header_for_rules
from .verdicts import remember_saved


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def header_for(player: Learner, created: str | None = None) -> dict[str, Any]:
    """The header `player` is saved with, as the plain data the file holds (reading it back
    gives a checked `BrainHeader`); `created` is kept from the file it replaces."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": player.game.name,
        "rules": header_for_rules(player.game),
        "learner": kind_of(player),
        "settings": {k: (list(v) if isinstance(v, tuple) else v)
                     for k, v in player.settings().items()},
        "games_trained": player.games_trained,
        "accuracy": player.accuracy,
        "created": created or _now(),
        "updated": _now(),
        "name": player.name or "",
        "curve": [list(point) for point in player.curve],
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
        return path, inspect_file(path)
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
    return candidate, taken.get(candidate.name) or inspect_file(candidate)


def would_replace(player: Learner, path: str | os.PathLike[str] | None = None) -> str | None:
    """What different brain `save(player, path)` would replace, in words; None if none."""
    _, there = _target(player, None if path is None else Path(path))
    if there is None or (there.header is not None and _same_brain(there.header, player)):
        return None
    return _describe(there)


#: How many times a save looks for its file again when other processes keep taking the
#: free file name it chose between its look and its write.
PUBLISH_ATTEMPTS = 20


def save(player: Learner, path: str | os.PathLike[str] | None = None, *,
         force: bool = False) -> Path:
    """Write `player` to `path` (default: the brains folder, under its name) atomically.

    Raises NameTaken when that would replace a different brain (unless `force`), and
    SaveError (one line: the path and the reason) when the file cannot be written; the
    file that was there is untouched either way. A file name that was free is taken
    exclusively: when another process saving a different brain takes it first, this
    save looks again (and gets its name's hashed file name), so both are kept.
    """
    header_for(player)  # a player that cannot be saved says so before anything is written
    where = Path(path) if path is not None else None
    try:
        return _save(player, where, force)
    except OSError as err:  # a path too long, a folder we may not write, a full disk
        shown = escape(str(where if where is not None else brains_dir()), 160)
        raise SaveError(f"cannot save {shown}: {err.strerror or err}") from None


def save_new(player: Learner, name: str, limit: int = 100) -> Path:
    """Save `player` into the brains folder as a brain no other has the name of: `name`,
    else "`name` (2)", "(3)"... up to `limit`; `player.name` is set to the name used.
    Never replaces a brain, not even one of the same name, game and learner (two windows
    keeping their runs as "<name> (unsaved <time>)" in the same minute keep both).
    NameTaken when every name is taken, SaveError when the file cannot be written."""
    header_for(player)
    last: NameTaken | None = None
    for number in range(1, limit + 1):
        player.name = name + (f" ({number})" if number > 1 else "")
        try:
            return _save(player, None, force=False, new=True)
        except NameTaken as err:
            last = err
        except OSError as err:
            raise SaveError(f"cannot save {escape(str(brains_dir()), 160)}: "
                            f"{err.strerror or err}") from None
    assert last is not None
    raise last


def _save(player: Learner, path: Path | None, force: bool, new: bool = False) -> Path:
    if path is not None and path.is_dir():
        raise SaveError(f"cannot save {escape(str(path), 160)}: it is a folder")
    for folder in (path or brains_dir() / "x").parents:
        if folder.exists() or folder.is_symlink():
            if not folder.is_dir():
                raise SaveError(f"cannot save {escape(str(path or brains_dir()), 160)}: "
                                f"{escape(str(folder), 160)} is not a folder")
            break
    for _ in range(PUBLISH_ATTEMPTS):
        target, there = _target(player, path)
        try:   # not even `force` puts a file in place of a pipe or a device
            check_replaceable(target)
        except NotRegularFile:
            raise SaveError(f"cannot save {escape(str(target), 160)}: not a regular file "
                            "(a pipe or a device)") from None
        if there is not None and new:
            raise NameTaken(target, there.name if there.ok else None,
                            f"{escape(str(target), 160)} holds {_describe(there)}")
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
            # A free name is taken only if still free; a brain there is replaced whole.
            write_atomically(target, payload.getvalue(), exclusive=there is None)
        except FileExistsError:
            continue   # another process took the name since we looked: look again
        except OSError as err:
            raise SaveError(f"cannot save {escape(str(target), 160)}: "
                            f"{err.strerror or err}") from None
        remember_saved(target, payload.getvalue())   # listing need not check it again
        return target
    raise SaveError(f"cannot save {escape(str(path or brains_dir()), 160)}: other saves kept "
                    "taking its file name; try again")


def rename(path: str | os.PathLike[str], new_name: str) -> Path:
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
