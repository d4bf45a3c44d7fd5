"""Where brain files live and what they are called.

Names map to readable file names (`Nim-master.brain`); when that file already belongs to
another name, a short hash of the name is added (`caf-1a2b3c4d.brain`), so two names never
share a file (`saving` picks which).
"""

from __future__ import annotations

import hashlib
import os
import re
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
