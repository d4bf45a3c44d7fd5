"""The library's table of saved brains: a row per brain (name, game, rules, learner,
games trained, accuracy, when), the selected one marked, damaged files said as such."""

from __future__ import annotations

import pygame

from .. import storage
from ..players import PLAYERS
from ..safetext import percent
from . import theme

ROW = 34
COLUMNS = (("Name", 0.0), ("Game", 0.22), ("Rules", 0.38), ("Learner", 0.60),
           ("Games", 0.72), ("Accuracy", 0.80), ("Updated", 0.89))


def describe(info: storage.BrainInfo) -> list[str]:
    h = info.header
    if h is None:
        return [info.path.name, f"damaged: {info.error}"]
    game = storage.game_from_header(h)
    rules = game.short_rules()
    accuracy = percent(h.get("accuracy"))
    return [info.name, game.title, rules, PLAYERS[h["learner"]].label,
            f"{h['games_trained']:,}", accuracy, str(h.get("updated", ""))[:10]]


def draw_table(surface: pygame.Surface, table: pygame.Rect, brains: list[storage.BrainInfo],
               selected: int, first: int, visible: int, reading: bool) -> None:
    """Rows `first` to `first + visible` of `brains` in `table`, under the column titles."""
    theme.panel(surface, table)
    inner = table.width - 2 * theme.GAP
    for title, at in COLUMNS:
        theme.text(surface, title, (table.x + theme.GAP + at * inner, table.y + 8), 15,
                   theme.MUTED, bold=True)
    if not brains:
        empty = ("Reading the saved AIs…" if reading else
                 "No saved AIs yet: train one (T on the menu) and save it.")
        theme.text(surface, empty, table.center, 18, theme.MUTED, anchor="center")
    for row, info in enumerate(brains[first:first + visible]):
        y = table.y + ROW + row * ROW
        if first + row == selected:
            pygame.draw.rect(surface, theme.PANEL_EDGE,
                             pygame.Rect(table.x + 4, y, table.width - 8, ROW - 2),
                             border_radius=6)
        damaged = info.header is None
        for (title, at), cell in zip(COLUMNS, describe(info), strict=False):
            room = inner * (0.76 if damaged and title == "Game" else 0.21)
            theme.text(surface, cell, (table.x + theme.GAP + at * inner, y + 6), 15,
                       (theme.ERROR if title == "Game" else theme.MUTED) if damaged
                       else theme.TEXT, width=max(room, 60))
