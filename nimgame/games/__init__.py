"""Game rules and each game's kit. See `base.Game` for the rules' protocol and `kit.GameKit`
for what else a game brings; a game's package registers its kit when imported."""

from collections.abc import Mapping
from typing import Any

from ..safetext import escape
from .base import AnyGame, Game, IllegalMove
from .kit import GameKit
from .registry import KITS, kit_for

# The registry of games: importing a game's package registers its kit, in menu order.
# isort: off
from . import nim, sticks, tictactoe, hexapawn  # noqa: F401 - registered in this order
# isort: on
from .nim import Nim, NimState
from .sticks import Sticks, SticksState
from .tictactoe import TicTacToe

#: Every game's rules by name ("nim", "sticks", "tictactoe"), in menu order.
GAMES: dict[str, type[AnyGame]] = {name: kit.game_class for name, kit in KITS.items()}


def make_game(name: str, rules: Mapping[str, Any] | None = None) -> AnyGame:
    """The game called `name` ("nim", "sticks", "tictactoe") with `rules`, its constructor
    arguments as `Game.rules()` gives them (lists, as JSON or a process queue leave them,
    count as tuples); the rules left out keep their defaults.

    The one place a game is built from settings: the command line, the set-up and training
    screens, the training worker and brain files all come here. ValueError saying what is
    wrong (an unknown game or rule, or a value the game refuses)."""
    cls = GAMES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise ValueError(f"unknown game '{escape(name, 40)}'; choose from {', '.join(GAMES)}")
    given = dict(rules or {})
    known = cls().rules()
    unknown = sorted(str(key) for key in given if key not in known)
    if unknown:
        raise ValueError(f"{cls.title} has no rule called {escape(unknown[0], 40)}; its "
                         f"rules are {', '.join(known) or 'none'}")
    return cls(**{key: tuple(value) if isinstance(value, list) else value
                  for key, value in given.items()})


__all__ = ["GAMES", "KITS", "AnyGame", "Game", "GameKit", "IllegalMove", "Nim", "NimState",
           "Sticks", "SticksState", "TicTacToe", "kit_for", "make_game"]
