"""The library's table of saved brains: a row per brain (name, game, rules, learner,
games trained, accuracy, when), the selected one marked, damaged files said as such; the
runs kept because they were left unsaved come last, under a heading of their own, newest
first (`grouped`)."""

from __future__ import annotations

import pygame

from ... import storage
from ...players import PLAYERS
from ...safetext import percent
from .. import theme

ROW = 34
#: Each column's title and share of the table's width; the last ones are left out where the
#: table is too narrow for them (at the smallest window the date goes first).
COLUMNS = (("Name", 0.20), ("Game", 0.16), ("Rules", 0.20), ("Learner", 0.12),
           ("Games", 0.10), ("Accuracy", 0.11), ("Updated", 0.11))
MIN_WIDTH = {"Updated": 900}   # the table's inner width a column needs to be shown


def columns(inner: int) -> list[tuple[str, int, int]]:
    """(title, x offset, width) of each column shown in a table `inner` pixels wide."""
    shown = [(title, share) for title, share in COLUMNS if inner >= MIN_WIDTH.get(title, 0)]
    total = sum(share for _, share in shown)
    placed, x = [], 0.0
    for title, share in shown:
        width = inner * share / total
        placed.append((title, int(x), int(width) - 10))
        x += width
    return placed


#: A row of the table: the index of a brain, or the text of a heading.
Row = int | str


def is_unsaved_run(info: storage.BrainInfo) -> bool:
    """Whether `info` is a run kept because it was left unsaved (`storage.is_unsaved`)."""
    return info.header is not None and storage.is_unsaved(info.name)


def grouped(brains: list[storage.BrainInfo]) -> tuple[list[storage.BrainInfo], int]:
    """`brains` in the table's order: the others as listed, then the runs left unsaved,
    newest first; and how many come before those."""
    kept = [info for info in brains if not is_unsaved_run(info)]
    unsaved = sorted((info for info in brains if is_unsaved_run(info)), reverse=True,
                     key=lambda info: (info.header.updated if info.header else "", info.name))
    return kept + unsaved, len(kept)


def table_rows(count: int, saved: int, heading: str) -> list[Row]:
    """The rows of a table of `count` brains whose first `saved` are not unsaved runs: their
    indexes, with `heading` before the first unsaved run (if any)."""
    rows: list[Row] = list(range(saved))
    if saved < count:
        rows.append(heading)
    return rows + list(range(saved, count))


def describe(info: storage.BrainInfo) -> list[str]:
    h = info.header
    if h is None:
        return [info.path.name, f"damaged: {info.error}"]
    game = h.game
    return [info.name, game.title, game.short_rules(), PLAYERS[h.learner].label,
            f"{h.games_trained:,}", percent(h.accuracy), h.updated[:10]]


def draw_table(surface: pygame.Surface, table: pygame.Rect, brains: list[storage.BrainInfo],
               rows: list[Row], selected: int, first: int, visible: int,
               reading: bool) -> None:
    """`rows[first:first + visible]` of `brains` in `table`, under the column titles: each
    a brain (`selected` marked) or a heading."""
    theme.panel(surface, table)
    inner = table.width - 2 * theme.GAP
    shown = columns(inner)
    for title, at, width in shown:
        theme.text(surface, title, (table.x + theme.GAP + at, table.y + 8), 15,
                   theme.MUTED, bold=True, width=width)
    if not brains:
        empty = ("Reading the saved AIs…" if reading else
                 "No saved AIs yet: train one (T on the menu) and save it.")
        theme.text(surface, empty, table.center, 18, theme.MUTED, anchor="center")
    for row, index in enumerate(rows[first:first + visible]):
        y = table.y + ROW + row * ROW
        if isinstance(index, str):   # a heading, over the whole row
            pygame.draw.line(surface, theme.PANEL_EDGE, (table.x + 4, y + 2),
                             (table.right - 4, y + 2), 1)
            theme.text(surface, index, (table.x + theme.GAP, y + 8), 15, theme.ACCENT,
                       bold=True, width=inner)
            continue
        info = brains[index]
        if index == selected:
            pygame.draw.rect(surface, theme.PANEL_EDGE,
                             pygame.Rect(table.x + 4, y, table.width - 8, ROW - 2),
                             border_radius=6)
        damaged = info.header is None
        for (title, at, width), cell in zip(shown, describe(info), strict=False):
            room = inner - at - 10 if damaged and title == "Game" else width
            parts = storage.unsaved_parts(cell) if title == "Name" and not damaged else None
            if parts is not None:   # under the unsaved heading: the name, and when, whole
                base, when = parts   # the date left out where the name would not fit with it
                if theme.font(15).size(base)[0] > width - theme.font(13).size(when)[0] - 6:
                    when = when[len("11-25 "):]
                said = theme.text(surface, when, (table.x + theme.GAP + at + width, y + 8), 13,
                                  theme.MUTED, anchor="topright")
                room, cell = max(20, width - said.width - 6), base
            theme.text(surface, cell, (table.x + theme.GAP + at, y + 6), 15,
                       (theme.ERROR if title == "Game" else theme.MUTED) if damaged
                       else theme.TEXT, width=room)
