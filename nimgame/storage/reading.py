"""Reading a brain file and checking all of it before a learner is built from it.

A file is read only if it is a regular file of at most MAX_FILE_BYTES; both pickles'
opcodes are checked (`pickles`), older formats migrated, and every value checked
(`schema`) before a learner is built.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..games import AnyGame
from ..players import Learner, make_learner
from ..safetext import escape
from .errors import BrainFileError
from .pickles import MAX_FILE_BYTES, MAX_HEADER_BYTES, read_regular, unpickle
from .schema import BrainHeader, check_envelope, check_header, check_table, migrate


def _check_start(data: bytes) -> None:
    if not data:
        raise BrainFileError("empty file: not a nimgame brain file")


def read_header(path: str | os.PathLike[str]) -> BrainHeader:
    """The checked header alone (fast: the table is not read)."""
    data, _ = read_regular(Path(path), MAX_HEADER_BYTES)
    return header_of(data)


def header_of(data: bytes) -> BrainHeader:
    """The checked header at the start of a brain file's bytes (`data` may stop anywhere
    after it)."""
    _check_start(data)
    try:
        header, _ = unpickle(data)
    except BrainFileError as err:
        if str(err).startswith("truncated") and len(data) >= MAX_HEADER_BYTES:
            raise BrainFileError("not a nimgame brain file (its header is too long)") from None
        raise
    migrated, _ = migrate(header, None)
    return check_header(migrated)


def read_brain(path: Path) -> tuple[BrainHeader, dict[str, Any]]:
    """The checked header and table of the file at `path` (BrainFileError if either is
    not what a brain file holds)."""
    data, _ = read_regular(path, MAX_FILE_BYTES)
    return parse_brain(data)


def parse_brain(data: bytes) -> tuple[BrainHeader, dict[str, Any]]:
    """The checked header and table of a brain file's bytes (see `read_brain`)."""
    _check_start(data)
    header, end = unpickle(data)
    check_envelope(header)
    table, end = unpickle(data, end)
    if end != len(data):
        raise BrainFileError("not a nimgame brain file (something follows the table)")
    data_header, table = migrate(header, table)
    checked = check_header(data_header)
    return checked, check_table(table, checked)


def load(path: str | os.PathLike[str], game: AnyGame | None = None) -> Learner:
    """The learner saved at `path`. With `game`, refuse a brain for another game."""
    path = Path(path)
    header, table = read_brain(path)
    return build_learner(path, header, table, game)


def build_learner(path: Path, header: BrainHeader, table: dict[str, Any],
                  game: AnyGame | None = None) -> Learner:
    """The learner a checked header and table describe (BrainFileError if it cannot be);
    with `game`, only if the brain plays it."""
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
    player.curve = list(header.curve)
    return player
