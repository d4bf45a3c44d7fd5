"""Where brain files live and what they are called.

Names map to readable file names (`Nim-master.brain`); when that file already belongs to
another name, a short hash of the name is added (`caf-1a2b3c4d.brain`), so two names never
share a file (`saving` picks which).
"""

from __future__ import annotations

import hashlib
import os
import re
from datetime import datetime
from pathlib import Path

from ..files import data_folder
from ..players import LEARNERS, Learner
from ..safetext import escape, has_invisible

SUFFIX = ".brain"
NAME_LIMIT = 60


def brains_dir() -> Path:
    """Where brains live: $NIMGAME_HOME/brains, else the user data folder."""
    return data_folder("brains")


def cache_dir() -> Path:
    """Where what can be worked out again is kept: $NIMGAME_HOME/cache, else the user cache
    folder."""
    home = os.environ.get("NIMGAME_HOME")
    if home:
        return Path(home) / "cache"
    from platformdirs import user_cache_dir
    return Path(user_cache_dir("nimgame", appauthor=False))


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
    """The short name ("q", "hats") brain files give `player`'s kind of learner."""
    for kind, cls in LEARNERS.items():
        if type(player) is cls:
            return kind
    raise TypeError(f"only a trained learner can be saved, not {type(player).__name__}")


def default_name(player: Learner) -> str:
    """The name `player` is saved under: its own, else its game and kind."""
    return player.name or f"{player.game.name}-{kind_of(player)}"


#: A run kept because it was left unsaved: "<name> (unsaved 2026-11-25 09:05)", and as such
#: runs were kept before, "Unsaved 2026-11-25 09.05.30"; either with the " (2)" `save_new`
#: adds to a name taken.
_UNSAVED_MARK = re.compile(r" \(unsaved \d{4}-\d\d-\d\d \d\d:\d\d\)( \(\d+\))?$")
_UNSAVED_BEFORE = re.compile(r"^Unsaved \d{4}-\d\d-\d\d \d\d\.\d\d\.\d\d( \(\d+\))?$")
#: What `save_new` may add to a kept run's name: the room `unsaved_name` leaves for it.
_NUMBER_ROOM = len(" (100)")


def unsaved_name(name: str, when: datetime) -> str:
    """The name a run left unsaved at `when` is kept under: the name it would have been
    saved as (without the mark of an earlier kept run), marked "(unsaved <date> <time>)",
    shortened with "…" so that it and a number `save_new` adds fit NAME_LIMIT."""
    mark = f" (unsaved {when:%Y-%m-%d %H:%M})"
    base = _UNSAVED_MARK.sub("", name.strip()).strip()
    room = NAME_LIMIT - len(mark) - _NUMBER_ROOM
    if len(base) > room:
        base = base[:room - 1].rstrip() + "…"
    return (base or "run") + mark


def unsaved_parts(name: str) -> tuple[str, str] | None:
    """A kept run's name as (the name it would have been saved as, "MM-DD HH:MM" it was
    kept at, with any number "(2)" after it); None for a name `unsaved_name` did not make."""
    found = _UNSAVED_MARK.search(name)
    if found is None:
        return None
    mark = found.group(0)   # " (unsaved 2026-11-25 09:02)" and maybe " (2)"
    when = mark[len(" (unsaved 2026-"):len(" (unsaved 2026-11-25 09:02")] + (found.group(1) or "")
    return name[:found.start()], when


def is_unsaved(name: str) -> bool:
    """Whether `name` is that of a run kept because it was left unsaved (`unsaved_name`, or
    as such runs were named before: "Unsaved <date time>")."""
    return bool(_UNSAVED_MARK.search(name) or _UNSAVED_BEFORE.match(name))
