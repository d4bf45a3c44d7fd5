"""The choices the set-up and training screens offer (and the arena's boards). Every
menu's entries map the words a person reads to the value they mean, in one typed table
each, so no screen decides anything by comparing display text."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from .. import kuet
from ..games import make_game
from ..games.base import AnyGame
from ..games.nim import parse_piles
from ..settings import Settings
from ..typed import whole_number

__all__ = ["CAPS", "PILES_LIMIT", "PLAY", "PRESETS", "custom_piles", "typed_sticks"]

#: Nim's play rule: menu text -> misère (taking the last loses)?
PLAY: dict[str, bool] = {"Misère: taking the last loses": True,
                         "Normal: taking the last wins": False}
#: Nim's cap per move: menu text -> the most one move may take (None: a whole pile).
CAPS: dict[str, int | None] = {"No cap": None, "At most 3 (KUET)": 3, "At most 2": 2,
                               "At most 1": 1}
#: Nim's board: menu text -> the piles (None: a KUET board drawn at random, or typed).
PILES: dict[str, tuple[int, ...] | None] = {"CS50: 1, 3, 5, 7": (1, 3, 5, 7),
                                            "KUET: 2–3 random piles of 1–6": None,
                                            "Custom": None}
CUSTOM = "Custom"
#: KUET rounds: menu text -> the rounds (None: free play).
ROUNDS: dict[str, tuple[tuple[str, str], ...] | None] = {
    "Off: free play": None, "KUET Easy: 3 games vs IDA*": kuet.EASY,
    "KUET Hard: 6 games, minimax and alpha-beta": kuet.HARD}
FIRST: dict[str, bool] = {"You": True, "Your opponent": False}   # -> the person first?
MARKS: dict[str, bool] = {"X (moves first)": True, "O": False}


def first(table: dict[str, Any]) -> str:
    """The entry a menu shows at first."""
    return next(iter(table))


PILES_LIMIT = 60     # characters of custom piles: 8 piles of two digits and separators
STICKS_ERROR = "Please enter a number between 10 and 100."

#: Boards to train on (and for the arena, those that need no typing): menu text ->
#: (game name, rules), rules None where the person types them.
PRESETS: dict[str, tuple[str, dict[str, Any] | None]] = {
    "Nim 1, 3, 5, 7 — misère (CS50)": ("nim", {"piles": [1, 3, 5, 7], "misere": True,
                                                "max_take": None}),
    "Nim 3, 5, 7, 9, 11 — misère": ("nim", {"piles": [3, 5, 7, 9, 11], "misere": True,
                                            "max_take": None}),
    "Nim 1, 3, 5, 7 — normal, at most 3 (KUET)": ("nim", {"piles": [1, 3, 5, 7],
                                                           "misere": False, "max_take": 3}),
    "Game of Sticks — 20 sticks": ("sticks", {"sticks": 20, "max_take": 3}),
    "Game of Sticks — 100 sticks": ("sticks", {"sticks": 100, "max_take": 3}),
    "Tic-Tac-Toe": ("tictactoe", {}),
    "Nim — your own rules": ("nim", None),
    "Game of Sticks — your own count": ("sticks", None),
}


def typed_sticks(text: str) -> int:
    """The heap typed on a set-up or training screen: 10 to 100 sticks, in ASCII digits."""
    try:
        return whole_number(text, 10, 100, "Sticks")
    except ValueError:
        raise ValueError(STICKS_ERROR) from None


def custom_piles(text: str) -> tuple[int, ...]:
    """Piles a person typed, within what a board can show: 1 to 8 piles of 1 to 15."""
    piles = parse_piles(text)
    if not 1 <= len(piles) <= 8 or not all(1 <= p <= 15 for p in piles):
        raise ValueError("Custom piles: 1 to 8 piles of 1 to 15 stones")
    return piles


def nim_rules(piles: tuple[int, ...], play: str, cap: str) -> dict[str, Any]:
    """The rules of Nim as `make_game` takes them, from piles and two menu entries."""
    return {"piles": piles, "misere": PLAY[play], "max_take": CAPS[cap]}


def chosen_game(game_key: str, choices: dict[str, str], custom: str, sticks: int,
                rng: random.Random) -> AnyGame:
    """The game a set-up screen's menus describe (`choices`: menu name -> the text shown),
    with the piles typed (`custom`) and the heap chosen; ValueError saying what is wrong.
    A KUET board is drawn with `rng`."""
    if game_key != "nim":
        return make_game(game_key, {"sticks": sticks} if game_key == "sticks" else {})
    if ROUNDS[choices["rounds"]]:
        return kuet.kuet_game(rng)
    piles = PILES[choices["piles"]]
    if choices["piles"] == CUSTOM:
        piles = custom_piles(custom)
    elif piles is None:
        piles = kuet.random_board(rng)
    return make_game("nim", nim_rules(piles, choices["play"], choices["cap"]))


#: The set-up screen's menus, by the name its choices use.
SETUP_MENUS: dict[str, dict[str, Any]] = {"first": FIRST, "piles": PILES, "play": PLAY,
                                          "cap": CAPS, "rounds": ROUNDS, "mark": MARKS}


@dataclass
class SetupMemory:
    """A set-up screen as it was left last time, checked against what it offers now."""

    name: str = "Player"
    choices: dict[str, str] = field(default_factory=dict)   # only entries still offered
    opponent: str = ""             # chosen once the opponents are known and it is there
    custom: str | None = None      # typed piles
    sticks: int | None = None      # the heap


def recall(settings: Settings, game_key: str) -> SetupMemory:
    """What `settings` remember of `game_key`'s set-up, each entry checked."""
    entries = settings.setups.get(game_key, {})
    memory = SetupMemory(name=settings.name)
    memory.choices = {key: text for key, text in entries.items()
                      if key in SETUP_MENUS and text in SETUP_MENUS[key]}
    memory.opponent = entries.get("opponent", "")
    custom = entries.get("custom", "")
    memory.custom = custom if 0 < len(custom) <= PILES_LIMIT else None
    try:
        memory.sticks = typed_sticks(entries.get("sticks", ""))
    except ValueError:
        memory.sticks = None
    return memory


def memorize(settings: Settings, game_key: str, name: str, choices: dict[str, str],
             custom: str, sticks: int) -> None:
    """Remember a set-up as it was left, played or not (the caller saves the settings)."""
    settings.name, settings.game = name.strip() or "Player", game_key
    settings.setups[game_key] = {**choices, "custom": custom, "sticks": str(sticks)}
