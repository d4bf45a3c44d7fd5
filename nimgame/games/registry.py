"""The registry of games: each game's package registers its kit at the bottom, and every
other module finds a game's kit here, by name or by the game itself."""

from __future__ import annotations

from ..safetext import escape
from .base import AnyGame
from .kit import GameKit

KITS: dict[str, GameKit] = {}


def register(kit: GameKit) -> GameKit:
    """Add `kit` under its game's name (once: a second kit of the same name is a mistake)."""
    if kit.name != kit.game_class.name:
        raise ValueError(f"the kit {kit.name!r} is for a game called {kit.game_class.name!r}")
    if kit.name in KITS and KITS[kit.name] is not kit:
        raise ValueError(f"a game called {kit.name!r} is registered already")
    KITS[kit.name] = kit
    return kit


def kit_for(game: AnyGame | str) -> GameKit:
    """The kit of `game` (a game, or its name); ValueError naming the games there are."""
    name = game if isinstance(game, str) else getattr(game, "name", None)
    kit = KITS.get(name) if isinstance(name, str) else None
    if kit is None:
        raise ValueError(f"unknown game '{escape(name, 40)}'; choose from {', '.join(KITS)}")
    return kit
