"""Every finished game, kept: the last KEEP games, a plain JSON file each (never a pickle)
in the user data folder's `games` (or $NIMGAME_HOME/games), named by its number
(`000123.json`: game 123), written atomically.

A record holds the game's name and rules, who sat in each seat, the moves as the game's
kit writes them (Nim's "3:2", a Sticks count, a Tic-Tac-Toe square 1-9, "b1-b2"), the
result and when it ended:

    {"format": "nimgame game record", "version": 1, "game": "nim",
     "rules": {"piles": [1, 3, 5, 7], "misere": true, "max_take": null},
     "seats": [{"name": "You", "ai": null}, {"name": "AI", "ai": "Perfect"}],
     "moves": ["4:7", "3:3", ...], "result": {"over": true, "winner": 1},
     "time": "2025-01-31T18:04:05Z"}

A record file may have been edited, cut short or replaced by anything: it is read only if
it is a regular file of at most MAX_BYTES of UTF-8 JSON, and every field is checked (the
moves are replayed, the result must be theirs) before a `GameRecord` is built. What is
wrong is one line (`RecordError`), never a traceback.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..files import (
    NotRegularFile,
    SaveError,
    data_folder,
    read_regular_file,
    sweep,
    write_atomically,
)
from ..games import KITS, AnyGame, kit_for, make_game
from ..games.base import Move
from ..safetext import escape, has_invisible
from .model import BadMove, read_moves

FORMAT = "nimgame game record"
VERSION = 1
#: How many games are kept: the oldest beyond it are removed when one more is kept.
KEEP = 200
#: The largest record file read or written (a game of a few hundred moves is a few KB).
MAX_BYTES = 1 << 20
MAX_MOVES = 20_000
MAX_MOVE_TEXT = 250
MAX_NAME = 60
SUFFIX = ".json"
#: A kept game's file name: its number, six digits or more.
FILE_NAME = re.compile(r"^([0-9]{6,9})\.json$")
#: When a game ended, as records write it (UTC, to the second).
TIME = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z")
FIELDS = ("format", "version", "game", "rules", "seats", "moves", "result", "time")


class RecordError(Exception):
    """A record that cannot be read or found; str() is one line saying why."""


@dataclass(frozen=True)
class SeatRecord:
    """Who sat in a seat: the name shown, and the AI's kind as its menu named it (None
    for a person)."""

    name: str
    ai: str | None = None


def seat(name: str, ai: str | None = None) -> SeatRecord:
    """A seat as a record keeps it, whatever the names: each shown safely (invisible
    characters as escapes) and cut to MAX_NAME, as reading it back requires."""
    return SeatRecord(escape(name, MAX_NAME) or "?",
                      None if ai is None else escape(ai, MAX_NAME) or "?")


@dataclass(frozen=True)
class GameRecord:
    """One game: its rules, its seats (seat 0 moved first), its moves from the start, how
    it ended (`winner` 0, 1 or None for a draw, once `over`) and when (UTC, ISO 8601)."""

    game: AnyGame
    seats: tuple[SeatRecord, SeatRecord]
    moves: tuple[Move, ...]
    over: bool
    winner: int | None
    time: str

    @classmethod
    def of(cls, game: AnyGame, seats: tuple[SeatRecord, SeatRecord], moves: Sequence[Move],
           when: datetime | None = None) -> GameRecord:
        """The record of `moves` played from the start (IllegalMove if one is not legal
        where it comes), ended `when` (default: now)."""
        state = game.initial_state()
        for move in moves:
            state = game.result(state, move)
        over = game.is_over(state)
        return cls(game, seats, tuple(moves), over, game.winner(state) if over else None,
                   stamp(when or datetime.now(UTC)))

    @property
    def result_text(self) -> str:
        """"You won", "a draw" or "unfinished"."""
        if not self.over:
            return "unfinished"
        if self.winner is None:
            return "a draw"
        return f"{self.seats[self.winner].name} won"

    def move_texts(self) -> list[str]:
        """The moves as the game's kit writes them."""
        kit, game, state, texts = kit_for(self.game), self.game, self.game.initial_state(), []
        for move in self.moves:
            texts.append(kit.move_text(game, state, move))
            state = game.result(state, move)
        return texts

    def to_data(self) -> dict[str, Any]:
        """The record as plain JSON data."""
        return {"format": FORMAT, "version": VERSION, "game": self.game.name,
                "rules": {key: list(value) if isinstance(value, tuple) else value
                          for key, value in self.game.rules().items()},
                "seats": [{"name": seat.name, "ai": seat.ai} for seat in self.seats],
                "moves": self.move_texts(),
                "result": {"over": self.over, "winner": self.winner},
                "time": self.time}


def stamp(when: datetime) -> str:
    """`when` as a record writes it: UTC, to the second, "2025-01-31T18:04:05Z"."""
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


# -- reading ----------------------------------------------------------------------------

def _refuse(what: str, value: object, rule: str) -> RecordError:
    return RecordError(f"its {what} must be {rule}, not {escape(value, 40)}")


def _text(value: object, what: str, limit: int, none: bool = False) -> str | None:
    """`value` if it is text of 1 to `limit` visible characters (None too, with `none`)."""
    if value is None and none:
        return None
    if not isinstance(value, str) or not 0 < len(value) <= limit or has_invisible(value):
        raise _refuse(what, value, f"text of 1 to {limit} visible characters")
    return value


def _fields(data: object, names: Sequence[str], what: str) -> dict[str, Any]:
    """`data` as a dict holding exactly `names`."""
    if not isinstance(data, dict):
        raise _refuse(what, data, "an object")
    missing = [name for name in names if name not in data]
    if missing:
        raise RecordError(f"its {what} lacks \"{missing[0]}\"")
    extra = [name for name in data if name not in names]
    if extra:
        raise RecordError(f"its {what} holds an unknown field {escape(extra[0], 40)}")
    return data


def _game(name: object, rules: object) -> AnyGame:
    if not isinstance(name, str) or name not in KITS:
        raise RecordError(f"it is a record of an unknown game {escape(name, 40)}")
    known = tuple(make_game(name).rules())
    given = _fields(rules, known, "rules")
    try:
        game = make_game(name, given)
    except (TypeError, ValueError) as err:
        raise RecordError(f"its rules are broken: {escape(str(err), 120)}") from None
    for key, value in game.rules().items():   # no value taken for another ("yes" for true)
        seen = given[key]
        if (tuple(seen) if isinstance(seen, list) else seen) != value or \
                isinstance(seen, bool) != isinstance(value, bool):
            raise _refuse(f"rule {key}", seen, f"{escape(value, 40)}")
    return game


def from_data(data: object) -> GameRecord:
    """The record plain JSON data holds, every field checked: RecordError saying what is
    wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError("not a nimgame game record")
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise RecordError(f"it was written by a newer nimgame (record version "
                          f"{escape(version, 20)}; this one reads {VERSION})")
    if version != VERSION or isinstance(version, bool):
        raise _refuse("version", version, str(VERSION))
    _fields(data, FIELDS, "record")
    game = _game(data["game"], data["rules"])
    seats = data["seats"]
    if not isinstance(seats, list) or len(seats) != 2:
        raise _refuse("seats", seats, "a list of two seats")
    seat_records = []
    for index, seat in enumerate(seats, 1):
        fields = _fields(seat, ("name", "ai"), f"seat {index}")
        name = _text(fields["name"], f"seat {index}'s name", MAX_NAME)
        assert name is not None
        seat_records.append(SeatRecord(name, _text(fields["ai"], f"seat {index}'s AI",
                                                   MAX_NAME, none=True)))
    texts = data["moves"]
    if not isinstance(texts, list) or len(texts) > MAX_MOVES:
        raise _refuse("moves", texts, f"a list of at most {MAX_MOVES:,} moves")
    for ply, text in enumerate(texts, 1):
        _text(text, f"move {ply}", MAX_MOVE_TEXT)
    try:
        moves = read_moves(game, texts)
    except BadMove as err:
        raise RecordError(str(err)) from None
    result = _fields(data["result"], ("over", "winner"), "result")
    when = data["time"]
    try:
        if not isinstance(when, str) or not TIME.fullmatch(when):
            raise ValueError
        datetime.fromisoformat(when)
    except ValueError:
        raise _refuse("time", when, "a date and time such as 2025-01-31T18:04:05Z") from None
    record = GameRecord.of(game, (seat_records[0], seat_records[1]), moves)
    if result["over"] is not record.over or result["winner"] != record.winner or \
            isinstance(result["winner"], bool):
        raise RecordError(f"its result ({escape(result, 60)}) is not what its moves make "
                          f"({record.result_text})")
    return GameRecord(record.game, record.seats, record.moves, record.over, record.winner,
                      when)


def read_bytes(path: Path) -> bytes:
    """The bytes of the record file at `path`: RecordError unless it is (or links to) a
    regular file of at most MAX_BYTES. Opened without blocking: a FIFO cannot hang us."""
    try:
        data = read_regular_file(path, MAX_BYTES + 1)
    except FileNotFoundError:
        raise RecordError("there is no such file") from None
    except NotRegularFile:
        if os.path.isdir(path):
            raise RecordError("it is a folder, not a game record") from None
        raise RecordError("it is not a regular file (a pipe or a device)") from None
    except OSError as err:
        raise RecordError(f"it cannot be read: {escape(err.strerror or err, 80)}") from None
    if len(data) > MAX_BYTES:
        raise RecordError(f"it is too large for a game record (the most is {MAX_BYTES:,} "
                          "bytes)")
    return data


def read(path: Path) -> GameRecord:
    """The checked record of the file at `path`; RecordError saying why it cannot be."""
    raw = read_bytes(path)
    if not raw.strip():
        raise RecordError("it is empty: not a game record")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RecordError("it is not UTF-8 text: not a game record") from None
    try:
        data = json.loads(text)
    except RecursionError:
        raise RecordError("it is nested too deeply: not a game record") from None
    except ValueError as err:   # not JSON, cut short, a number too long to read
        raise RecordError(f"it is not JSON ({escape(str(err), 80)}): not a game record"
                          ) from None
    try:
        return from_data(data)
    except RecursionError:   # a deep nest inside a field, shown in a message
        raise RecordError("it is nested too deeply: not a game record") from None


# -- the folder -------------------------------------------------------------------------

def records_dir() -> Path:
    """Where games are kept: $NIMGAME_HOME/games, else the user data folder's."""
    return data_folder("games")


def path_of(number: int, folder: Path | None = None) -> Path:
    return (folder or records_dir()) / f"{number:06d}{SUFFIX}"


def numbers(folder: Path | None = None) -> list[int]:
    """The numbers of the games kept in `folder`, oldest first (none if it cannot be
    read)."""
    try:
        names = os.listdir(folder or records_dir())
    except OSError:
        return []
    return sorted(int(found.group(1)) for name in names
                  if (found := FILE_NAME.match(name)) is not None)


def keep(record: GameRecord, folder: Path | None = None) -> int:
    """Keep `record` as the next game in `folder` (default: `records_dir()`), then remove
    the oldest beyond KEEP; its number. SaveError in one line if it cannot be kept."""
    folder = folder or records_dir()
    data = json.dumps(record.to_data(), indent=1, ensure_ascii=False).encode("utf-8")
    if len(data) > MAX_BYTES or len(record.moves) > MAX_MOVES:
        raise SaveError(f"the game is too long to keep ({len(record.moves):,} moves)")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        number, path = _reserve(folder)
    except OSError as err:
        raise SaveError(f"cannot keep the game in {escape(str(folder), 120)}: "
                        f"{escape(err.strerror or err, 80)}") from None
    try:
        write_atomically(path, data)
    except OSError as err:
        try:
            os.unlink(path)   # the name it held
        except OSError:
            pass
        raise SaveError(f"cannot keep the game in {escape(str(folder), 120)}: "
                        f"{escape(err.strerror or err, 80)}") from None
    prune(folder)
    sweep(folder, SUFFIX)
    return number


def _reserve(folder: Path) -> tuple[int, Path]:
    """The next number, its file created empty and exclusively: two games kept at the same
    moment (the window and the terminal) never share a number. OSError if none can be."""
    number = max(numbers(folder), default=0) + 1
    for _ in range(1000):
        path = path_of(number, folder)
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
        except FileExistsError:
            number += 1
            continue
        return number, path
    raise OSError(f"no free number after {number - 1}")


def prune(folder: Path | None = None, keep_last: int = KEEP) -> None:
    """Remove the oldest kept games beyond the last `keep_last`. Never raises."""
    folder = folder or records_dir()
    for number in numbers(folder)[:-keep_last or None]:
        try:
            os.unlink(path_of(number, folder))
        except OSError:
            pass


@dataclass(frozen=True)
class Kept:
    """A kept game's file: its number, and its record or why it cannot be read."""

    number: int
    path: Path
    record: GameRecord | None
    problem: str = ""


def kept_games(folder: Path | None = None) -> list[Kept]:
    """Every game kept in `folder`, newest first, each read (or why it cannot be)."""
    folder = folder or records_dir()
    found = []
    for number in reversed(numbers(folder)):
        path = path_of(number, folder)
        try:
            found.append(Kept(number, path, read(path)))
        except RecordError as err:
            found.append(Kept(number, path, None, str(err)))
    return found


def find(spec: str, folder: Path | None = None) -> Path:
    """The record file `spec` means: "last" (the newest kept game), a kept game's number
    ("12"), its file name ("000012.json"), or any path. RecordError if there is none."""
    folder = folder or records_dir()
    if spec.strip().lower() in ("last", "latest"):
        kept = numbers(folder)
        if not kept:
            raise RecordError("no game has been kept yet")
        return path_of(kept[-1], folder)
    digits = spec.strip()
    if digits.isascii() and digits.isdigit() and len(digits) <= 9:
        path = path_of(int(digits), folder)
        if not os.path.lexists(path):
            raise RecordError(f"there is no kept game {int(digits)} (nimgame review lists "
                              "them)")
        return path
    if FILE_NAME.match(spec) and os.path.lexists(folder / spec) and \
            not os.path.lexists(spec):
        return folder / spec
    return Path(spec)
