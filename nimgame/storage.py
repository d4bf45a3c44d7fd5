"""Brain files: a trained AI saved to disk and loaded again, safely.

A brain file is two pickles one after the other: a header of plain values (format, game
and rules, learner and settings, games trained, accuracy, times, name), then the learned
table. Listing reads only headers. Only plain containers, numbers and strings are ever
unpickled: the loader refuses every class and function a file names, so a hostile file
cannot run code. Saving writes a temporary file beside the target, fsyncs it and renames
it over the target, so a crash mid-save leaves the old file whole.
"""

from __future__ import annotations

import io
import os
import pickle
import re
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from .games import GAMES, Game
from .players import HatLearner, Learner, QLearner

FORMAT = "nimgame-brain"
VERSION = 1
SUFFIX = ".brain"
LEARNER_KINDS: dict[str, type[Learner]] = {"q": QLearner, "hats": HatLearner}
#: MIGRATIONS[v] turns a version-v (header, table) into version v + 1.
MIGRATIONS: dict[int, object] = {}


class BrainFileError(Exception):
    """A brain file that cannot be used; str() is one line a person understands."""


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


def slug(name: str) -> str:
    """A file name for a brain called `name`."""
    cleaned = re.sub(r"[^A-Za-z0-9._-]+", "-", name.strip()).strip("-.")
    return cleaned[:80] or "brain"


def kind_of(player: Learner) -> str:
    for kind, cls in LEARNER_KINDS.items():
        if type(player) is cls:
            return kind
    raise TypeError(f"only a trained learner can be saved, not {type(player).__name__}")


def header_for_rules(game: Game) -> dict:
    """A game's rules as plain data (lists, not tuples), as headers keep them."""
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in game.rules().items()}


def header_for(player: Learner, created: str | None = None) -> dict:
    game = player.game
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "rules": header_for_rules(game),
        "learner": kind_of(player),
        "settings": {k: (list(v) if isinstance(v, tuple) else v)
                     for k, v in player.settings().items()},
        "games_trained": player.games_trained,
        "accuracy": player.accuracy,
        "created": created or _now(),
        "updated": _now(),
        "name": player.name or "",
    }


def save(player: Learner, path: str | os.PathLike | None = None) -> Path:
    """Write `player` to `path` (default: the brains folder, named after it) atomically."""
    target = Path(path) if path is not None else brains_dir() / (
        slug(player.name or f"{player.game.name}-{kind_of(player)}") + SUFFIX)
    created = None
    if target.exists():
        try:
            created = read_header(target).get("created")
        except BrainFileError:
            pass
    header = header_for(player, created)
    payload = io.BytesIO()
    pickle.dump(header, payload, protocol=4)
    pickle.dump(player.export_table(), payload, protocol=4)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            _write_all(out, payload.getvalue())
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return target


def _write_all(out, data: bytes) -> None:
    """Write in pieces (tests fail a write half way through this)."""
    view = memoryview(data)
    for start in range(0, len(view), 1 << 16):
        out.write(view[start:start + (1 << 16)])


# -- loading ---------------------------------------------------------------------------


class _PlainUnpickler(pickle.Unpickler):
    """Unpickles plain containers, numbers and strings; refuses any class or function."""

    def find_class(self, module: str, name: str):
        raise BrainFileError(f"not a nimgame brain file: it asks to load {module}.{name}")


def _unpickle(stream) -> object:
    try:
        return _PlainUnpickler(stream).load()
    except BrainFileError:
        raise
    except EOFError:
        raise BrainFileError("truncated: the file ends early") from None
    except pickle.UnpicklingError as err:
        if "truncated" in str(err):
            raise BrainFileError("truncated: the file ends early") from None
        raise BrainFileError("not a nimgame brain file") from None
    except (MemoryError, RecursionError):
        raise BrainFileError("not a nimgame brain file") from None
    except Exception:  # any other parse failure of foreign bytes
        raise BrainFileError("not a nimgame brain file") from None


def _open(path: Path):
    try:
        stream = open(path, "rb")
    except FileNotFoundError:
        raise BrainFileError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise BrainFileError(f"{path} is a folder, not a brain file") from None
    except OSError as err:
        raise BrainFileError(f"cannot read {path}: {err.strerror}") from None
    first = stream.read(2)
    if not first:
        stream.close()
        raise BrainFileError("empty file: not a nimgame brain file")
    if first[0] != 0x80 or first[1:] and first[1] > pickle.HIGHEST_PROTOCOL:
        stream.close()
        raise BrainFileError("not a nimgame brain file")
    stream.seek(0)
    return stream


def _check_header(header: object) -> dict:
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise BrainFileError("not a nimgame brain file")
    version = header.get("version")
    if not isinstance(version, int) or version < 1:
        raise BrainFileError("not a nimgame brain file (no format version)")
    if version > VERSION:
        raise BrainFileError(f"saved by a newer nimgame (format {version})")
    if header.get("game") not in GAMES:
        raise BrainFileError(f"unknown game {header.get('game')!r} in the brain file")
    if header.get("learner") not in LEARNER_KINDS:
        raise BrainFileError(f"unknown learner {header.get('learner')!r} in the brain file")
    return header


def read_header(path: str | os.PathLike) -> dict:
    """The header alone (fast: the table is not read)."""
    with _open(Path(path)) as stream:
        return _check_header(_unpickle(stream))


def game_from_header(header: dict) -> Game:
    rules = {k: (tuple(v) if isinstance(v, list) else v) for k, v in header["rules"].items()}
    try:
        return GAMES[header["game"]](**rules)
    except (TypeError, ValueError) as err:
        raise BrainFileError(f"the brain file's rules are broken: {err}") from None


def load(path: str | os.PathLike, game: Game | None = None) -> Learner:
    """The learner saved at `path`. With `game`, refuse a brain for another game."""
    path = Path(path)
    with _open(path) as stream:
        header = _check_header(_unpickle(stream))
        table = _unpickle(stream)
    version = header["version"]
    while version < VERSION:
        header, table = MIGRATIONS[version](header, table)
        version = header["version"] = version + 1
    brain_game = game_from_header(header)
    if game is not None and type(game) is not type(brain_game):
        raise BrainFileError(f"this brain plays {brain_game.title}, not {game.title}")
    if game is not None and game != brain_game:
        raise BrainFileError(
            f"this brain plays {brain_game.describe_rules()}, not {game.describe_rules()}")
    settings = {k: (tuple(v) if isinstance(v, list) else v)
                for k, v in header.get("settings", {}).items()}
    try:
        player = LEARNER_KINDS[header["learner"]](brain_game, **settings)
        if not isinstance(table, dict):
            raise ValueError("no table")
        player.import_table(table)
    except (TypeError, ValueError, KeyError) as err:
        raise BrainFileError(f"the brain file's table is broken: {err}") from None
    player.games_trained = int(header.get("games_trained", 0))
    player.accuracy = header.get("accuracy")
    player.name = header.get("name") or path.stem
    return player


# -- the library of saved brains -------------------------------------------------------


@dataclass
class BrainInfo:
    path: Path
    header: dict | None     # None when the file cannot be read
    error: str | None = None

    @property
    def name(self) -> str:
        return (self.header or {}).get("name") or self.path.stem


def list_brains(folder: str | os.PathLike | None = None) -> list[BrainInfo]:
    """Every brain file in `folder` (default: the brains folder), unreadable ones included
    with their reason; never raises for a bad file."""
    folder = Path(folder) if folder is not None else brains_dir()
    if not folder.is_dir():
        return []
    found = []
    for path in sorted(folder.glob(f"*{SUFFIX}")):
        try:
            found.append(BrainInfo(path, read_header(path)))
        except BrainFileError as err:
            found.append(BrainInfo(path, None, str(err)))
    return found


def find_brain(name_or_path: str) -> Path:
    """A brain by file path, or by its name or file stem in the brains folder."""
    path = Path(name_or_path)
    if path.is_file():
        return path
    for info in list_brains():
        if name_or_path in (info.name, info.path.stem, info.path.name):
            return info.path
    raise BrainFileError(f"no brain called {name_or_path!r} (see 'list')")
