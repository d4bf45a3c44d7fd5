"""What the set-up and training screens (and the arena) offer, from the games' kits: the
boards people pick by name, and what a set-up screen remembers. Every menu maps the words
a person reads to the value they mean, so no screen decides anything by comparing display
text."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..games import KITS
from ..games.kit import FormField, GameKit, Menu, TextField
from ..games.nim.kit import PILES_LIMIT
from ..settings import Settings

__all__ = ["PILES_LIMIT", "PRESETS", "SetupMemory", "memorize", "recall", "setup_form"]


def _presets() -> dict[str, tuple[str, dict[str, Any] | None]]:
    """Every kit's boards by name, those with rules first (lists for piles, as JSON and a
    process queue carry them), then those whose rules the person sets."""
    fixed = {preset.label: (kit.name, {key: list(value) if isinstance(value, tuple) else value
                                       for key, value in preset.rules.items()})
             for kit in KITS.values() for preset in kit.presets if preset.rules is not None}
    typed = {preset.label: (kit.name, None)
             for kit in KITS.values() for preset in kit.presets if preset.rules is None}
    return {**fixed, **typed}


#: Boards to train on (and for the arena, those that need no typing): menu text ->
#: (game name, rules), rules None where the person types them.
PRESETS: dict[str, tuple[str, dict[str, Any] | None]] = _presets()


@dataclass
class SetupMemory:
    """A set-up screen as it was left last time, checked against what it offers now."""

    name: str = "Player"
    choices: dict[str, str] = field(default_factory=dict)   # only entries still offered
    opponent: str = ""             # chosen once the opponents are known and it is there
    texts: dict[str, str] = field(default_factory=dict)     # typed fields, within limits
    numbers: dict[str, int] = field(default_factory=dict)   # number fields, in range


def setup_form(kit: GameKit) -> list[FormField]:
    """Every field of `kit`'s set-up screen but the opponent's: rounds, who moves first,
    the rules."""
    rounds = [kit.rounds_menu] if kit.rounds_menu is not None else []
    return [*rounds, kit.first_menu, *kit.setup_fields]


def recall(settings: Settings, kit: GameKit) -> SetupMemory:
    """What `settings` remember of `kit`'s game's set-up, each entry checked against the
    field it fills (the words a menu still offers, text within its limit, a number its
    field reads)."""
    entries = settings.setups.get(kit.name, {})
    memory = SetupMemory(name=settings.name, opponent=entries.get("opponent", ""))
    for form_field in setup_form(kit):
        kept = entries.get(form_field.key)
        if not isinstance(kept, str):
            continue
        if isinstance(form_field, Menu):
            if kept in form_field.words:
                memory.choices[form_field.key] = kept
        elif isinstance(form_field, TextField):
            if 0 < len(kept) <= form_field.limit:
                memory.texts[form_field.key] = kept
        else:
            try:
                memory.numbers[form_field.key] = form_field.parse(kept)
            except ValueError:
                pass
    return memory


def memorize(settings: Settings, game_key: str, name: str, choices: dict[str, str],
             texts: dict[str, str], numbers: dict[str, int]) -> None:
    """Remember a set-up as it was left, played or not (the caller saves the settings)."""
    settings.name, settings.game = name.strip() or "Player", game_key
    settings.setups[game_key] = {**choices, **texts,
                                 **{key: str(value) for key, value in numbers.items()}}
