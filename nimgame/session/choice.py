"""Which player a person chose, wherever they chose it (a set-up menu, the arena, a CLI
argument): a kind from the registry by name, or a brain saved on disk. One function makes
the player either way, so every front end resolves a choice the same way."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from ..games.base import AnyGame
from ..players import PLAYERS, make_player
from ..players.base import Player
from ..safetext import escape
from ..storage import find_brain, load


@dataclass(frozen=True)
class Named:
    """A kind of player from the registry ("perfect", "q", ...): a new one each time."""

    name: str


@dataclass(frozen=True)
class Saved:
    """A brain file: the trained AI in it."""

    path: Path


PlayerChoice = Named | Saved


def choice_of(spec: str) -> PlayerChoice:
    """What a typed name means: a registry kind if there is one so called, else a brain by
    its file path, name or file name (BrainFileError if there is none)."""
    return Named(spec) if spec in PLAYERS else Saved(find_brain(spec))


def menu_label(prefix: str, name: str, taken: Collection[str], suffix: str = "",
               limit: int = 36) -> str:
    """A menu entry for outside text (a saved brain's name): escaped, shortened, and told
    apart from an entry already in `taken` by a number, so no choice hides another."""
    shown, number = escape(name, limit), 2
    label = f"{prefix}{shown}{suffix}"
    while label in taken:
        label = f"{prefix}{shown} ({number}){suffix}"
        number += 1
    return label


def player_for(choice: PlayerChoice, game: AnyGame, seed: int | None = None) -> Player:
    """The player `choice` means, for `game`: a registry kind made for it (ValueError if it
    cannot play it; `seed` seeds a player that plays by chance), or the saved brain loaded
    and checked against it (BrainFileError saying why not). Loading may take a while: call
    it off the frame in a window."""
    if isinstance(choice, Saved):
        return load(choice.path, game=game)
    kind = PLAYERS.get(choice.name)
    if kind is not None and kind.seeded and seed is not None:
        return make_player(choice.name, game, seed=seed)
    return make_player(choice.name, game)
