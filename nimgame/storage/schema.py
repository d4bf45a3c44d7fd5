"""What a brain file may hold, checked completely before anything uses it.

A header is a dict with exactly these fields:

| field          | what it may hold                                                     |
|----------------|----------------------------------------------------------------------|
| format         | "nimgame-brain"                                                      |
| version        | a whole number, 1 to VERSION (older ones are migrated)               |
| game           | a name in GAMES: "nim", "sticks", "tictactoe"                        |
| rules          | that game's rule names, each of the type its default has (a list of   |
|                | whole numbers for a tuple; a whole number or None where the default  |
|                | is None); the game's own constructor then checks the values          |
| learner        | "q" or "hats", a learner that can play that game                     |
| settings       | that learner's settings, typed like its defaults, finite, at most     |
|                | MAX_SETTING; the learner's constructor checks the values              |
| games_trained  | a whole number, 0 to MAX_GAMES                                       |
| accuracy       | None, or a finite number from 0 to 1                                 |
| created/updated| text of at most 40 characters                                        |
| name           | text of at most NAME_READ_LIMIT characters                           |
| curve          | the learning curve: at most MAX_CURVE_POINTS points, each a list of  |
|                | games (a whole number, rising from point to point, at most           |
|                | games_trained), the share of optimal moves (None or a number from 0  |
|                | to 1) and the win rate against Random (a number from 0 to 1)         |

A table is its learner's format: `Learner.check_table` of the header's learner checks its
shape, types and ranges ("states", a list of positions, at most the game's position
bound, and "values" for Q-learning or "hats" for hats: see `QLearner` and `HatLearner`);
the learner's `import_table` then checks that each position is one of the game's and each
hat has one count per move.

Every check names the field and the value it refused, escaped and shortened. What passes
becomes a `BrainHeader`: the only form in which anything reads a header.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..games import GAMES, AnyGame, make_game
from ..plain import is_number, is_whole, refusal, shown
from ..players import LEARNERS, Learner
from ..players.learner import MAX_CURVE_POINTS, CurveRecord
from ..safetext import escape
from .errors import BrainFileError

FORMAT = "nimgame-brain"
VERSION = 2
#: MIGRATIONS[v] turns a version-v (header, table) into version v + 1 (table may be None
#: when only the header is read).
Migration = Callable[[dict[str, Any], object], tuple[dict[str, Any], object]]


def _curve_kept(header: dict[str, Any], table: object) -> tuple[dict[str, Any], object]:
    """Version 1 kept no learning curve: its brains have none."""
    return {**header, "curve": []}, table


MIGRATIONS: dict[int, Migration] = {1: _curve_kept}

HEADER_FIELDS = ("format", "version", "game", "rules", "learner", "settings",
                 "games_trained", "accuracy", "created", "updated", "name", "curve")
MAX_GAMES = 10**15          # a million games a second for thirty years
MAX_SETTING = 10_000        # whole-number settings (hats' scheme and starting balls)
NAME_READ_LIMIT = 200       # names are saved with at most 60; older files may hold more


@dataclass(frozen=True)
class BrainHeader:
    """A brain file's header after every check (`check_header` makes them; nothing else
    reads a header): what the file says it holds, typed."""

    format: str                       # FORMAT
    version: int                      # VERSION (older files are migrated first)
    game: AnyGame                     # built from the file's game and rules
    learner: str                      # a key of LEARNERS, a learner that plays `game`
    settings: Mapping[str, object]    # that learner's constructor arguments, checked
    games_trained: int
    accuracy: float | None            # the last measured share of optimal moves
    created: str
    updated: str
    name: str                         # "" for a brain saved without one
    curve: tuple[CurveRecord, ...] = ()   # its learning curve, oldest point first

    @property
    def rules(self) -> dict[str, Any]:
        """The game's rules as the file keeps them (lists, not tuples)."""
        return header_for_rules(self.game)

    @property
    def learner_class(self) -> type[Learner]:
        return LEARNERS[self.learner]


def _refuse(what: str, value: object, rule: str) -> BrainFileError:
    return BrainFileError(refusal(what, value, rule))


def check_envelope(header: object) -> int:
    """The format version of what claims to be a header (BrainFileError if it is none)."""
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise BrainFileError("not a nimgame brain file")
    version = header.get("version")
    if not is_whole(version) or version < 1:
        raise BrainFileError("not a nimgame brain file (no format version)")
    if version > VERSION:
        which = f" (format {version})" if version < 10**6 else ""
        raise BrainFileError(f"saved by a newer nimgame{which}")
    return version


def migrate(header: object, table: object) -> tuple[dict[str, Any], object]:
    """A header (and its table: None when only the header is read) of any format version
    this program reads, turned into the current one by MIGRATIONS, step by step."""
    version = check_envelope(header)
    if not isinstance(header, dict):  # check_envelope refused it already
        raise BrainFileError("not a nimgame brain file")
    current: dict[str, Any] = header
    while version < VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise BrainFileError(f"format {version} can no longer be read")
        current, table = step(current, table)
        version = current["version"] = version + 1
    return current, table


def _like(value: object, default: object, what: str) -> object:
    """`value` as the constructor takes it, if its type is the type of `default`."""
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise _refuse(what, value, "true or false")
        return value
    if isinstance(default, tuple):
        if not isinstance(value, (list, tuple)) or not all(is_whole(v) for v in value):
            raise _refuse(what, value, "a list of whole numbers")
        return tuple(value)
    if isinstance(default, float):
        if not is_number(value):
            raise _refuse(what, value, "a finite number")
        return float(value)
    if is_whole(default) or default is None:
        if value is None and default is None:
            return None
        if not is_whole(value):
            raise _refuse(what, value, "a whole number" + (" or None" if default is None
                                                          else ""))
        return value
    raise _refuse(what, value, f"like {default!r}")


def _fields(given: object, defaults: Mapping[str, object], what: str) -> dict[str, object]:
    """`given` (a dict with exactly the names of `defaults`) with each value checked."""
    if not isinstance(given, dict):
        raise _refuse(what, given, "a table of names and values")
    missing = [k for k in defaults if k not in given]
    extra = [k for k in given if k not in defaults]
    if missing:
        raise BrainFileError(f"{what} lack {escape(missing[0], 40)}")
    if extra:
        raise BrainFileError(f"{what} hold an unknown field {escape(extra[0], 40)}")
    return {k: _like(given[k], d, f"{what[:-1] if what.endswith('s') else what} "
                                  f"{k}") for k, d in defaults.items()}


def game_of(header: Mapping[str, object]) -> AnyGame:
    """The game a checked header's rules describe."""
    name = header.get("game")
    if not isinstance(name, str) or name not in GAMES:
        raise BrainFileError(f"unknown game {shown(name)} in the brain file")
    rules = _fields(header.get("rules"), GAMES[name]().rules(), "rules")
    try:
        return make_game(name, rules)
    except (TypeError, ValueError) as err:
        raise BrainFileError(f"the brain file's rules are broken: {escape(str(err), 120)}"
                             ) from None


def learner_kind(header: Mapping[str, object], game: AnyGame) -> type[Learner]:
    kind = header.get("learner")
    if not isinstance(kind, str) or kind not in LEARNERS:
        raise BrainFileError(f"unknown learner {shown(kind)} in the brain file")
    cls = LEARNERS[kind]
    if not cls.supports(game):
        raise BrainFileError(f"a {cls.label} learner cannot play {game.describe_rules()}")
    return cls


def check_settings(header: Mapping[str, object], game: AnyGame) -> dict[str, object]:
    """The learner's settings, checked (the constructor checks their ranges)."""
    cls = learner_kind(header, game)
    settings = _fields(header.get("settings"), cls(game).settings(), "settings")
    for key, value in settings.items():
        parts = value if isinstance(value, tuple) else (value,)
        if any(is_whole(v) and not 0 <= v <= MAX_SETTING for v in parts):
            raise _refuse(f"setting {key}", value, f"from 0 to {MAX_SETTING:,}")
    try:
        cls(game, **settings)
    except (TypeError, ValueError) as err:
        raise BrainFileError(f"the brain file's settings are broken: "
                             f"{escape(str(err), 120)}") from None
    return settings


def _date(header: Mapping[str, object], key: str) -> str:
    value = header[key]
    if not isinstance(value, str) or len(value) > 40:
        raise _refuse(key, value, "a date")
    return value


def check_curve(curve: object, games_trained: int) -> tuple[CurveRecord, ...]:
    """A learning curve as a header holds it (see the table above), checked point by point,
    or BrainFileError naming the first value refused."""
    if not isinstance(curve, list) or len(curve) > MAX_CURVE_POINTS:
        raise _refuse("curve", curve, f"a list of at most {MAX_CURVE_POINTS} points")
    points: list[CurveRecord] = []
    for point in curve:
        if not isinstance(point, list) or len(point) != 3:
            raise _refuse("curve point", point, "a list of games, a share and a win rate")
        games, share, rate = point
        after = points[-1][0] + 1 if points else 0
        if not is_whole(games) or not after <= games <= games_trained:
            raise _refuse("curve games", games, f"a whole number from {after:,} to "
                                                f"{games_trained:,} (games_trained)")
        if share is not None and (not is_number(share) or not 0 <= share <= 1):
            raise _refuse("curve share", share, "None or a number from 0 to 1")
        if not is_number(rate) or not 0 <= rate <= 1:
            raise _refuse("curve win rate", rate, "a number from 0 to 1")
        points.append((games, None if share is None else float(share), float(rate)))
    return tuple(points)


def check_header(header: object) -> BrainHeader:
    """The header a file holds (plain data, migrated to VERSION), every field checked, or
    BrainFileError naming the first field that is wrong."""
    version = check_envelope(header)
    assert isinstance(header, dict)
    missing = [k for k in HEADER_FIELDS if k not in header]
    if missing:
        raise BrainFileError(f"the header lacks {missing[0]}")
    extra = [k for k in header if k not in HEADER_FIELDS]
    if extra:
        raise BrainFileError(f"the header holds an unknown field {escape(extra[0], 40)}")
    game = game_of(header)
    settings = check_settings(header, game)
    trained = header["games_trained"]
    if not is_whole(trained) or not 0 <= trained <= MAX_GAMES:
        raise _refuse("games_trained", trained, "a whole number from 0 to 10**15")
    accuracy = header["accuracy"]
    if accuracy is not None and (not is_number(accuracy) or not 0 <= accuracy <= 1):
        raise _refuse("accuracy", accuracy, "a number from 0 to 1")
    created, updated = _date(header, "created"), _date(header, "updated")
    name = header["name"]
    if not isinstance(name, str) or len(name) > NAME_READ_LIMIT:
        raise _refuse("name", name, f"text of at most {NAME_READ_LIMIT} characters")
    curve = check_curve(header["curve"], trained)
    return BrainHeader(
        format=FORMAT, version=version, game=game, learner=str(header["learner"]),
        settings=settings, games_trained=trained,
        accuracy=None if accuracy is None else float(accuracy),
        created=created, updated=updated, name=name, curve=curve)


def check_table(table: object, header: BrainHeader) -> dict[str, Any]:
    """A table whose shape, types and ranges fit a checked header: its learner's format
    (`Learner.check_table`), or BrainFileError saying what is wrong. Whether its positions
    are the game's is `Learner.import_table`'s check."""
    try:
        return header.learner_class.check_table(table, header.game)
    except ValueError as err:
        raise BrainFileError(str(err)) from None


def header_for_rules(game: AnyGame) -> dict[str, Any]:
    """A game's rules as plain data (lists, not tuples), as headers keep them."""
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in game.rules().items()}


def game_from_header(header: object) -> AnyGame:
    """The game of a header (checked again: callers may build headers by hand)."""
    if not isinstance(header, dict):
        raise BrainFileError("not a nimgame brain file")
    return game_of(header)
