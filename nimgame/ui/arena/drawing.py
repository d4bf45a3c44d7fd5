"""The arena's results: a table of each contender's wins by side and its win array, a bar
chart of win and draw shares, and the contender KUET's selection step kept."""

from __future__ import annotations

import pygame

from ...kuet import fitness
from ...learning.arena import ArenaResult
from .. import theme

COLUMNS = (("Contender", 0), ("W", 0.42), ("L", 0.5), ("D", 0.58), ("W 1st", 0.67),
           ("W 2nd", 0.78), ("Fitness", 0.89))
#: Where the results are narrow: the wins by side go on the win array's line.
NARROW = (("Contender", 0), ("W", 0.5), ("L", 0.62), ("D", 0.74), ("Fitness", 0.84))


def draw_results(surface: pygame.Surface, area: pygame.Rect, arena: ArenaResult,
                 opponent: str) -> None:
    x, y = area.x + 20, area.y + 16
    inner = area.width - 40
    columns = COLUMNS if inner >= 440 else NARROW
    for index, (title, at) in enumerate(columns):
        room = (columns[index + 1][1] - at) * inner - 4 if index + 1 < len(columns) \
            else inner * (1 - at)
        theme.text(surface, title, (x + at * inner, y), 14, theme.MUTED, bold=True, width=room)
    y += 26
    for name, result in arena.results.items():
        arr = arena.win_arrays[name]
        cells = {"Contender": name, "W": result.wins, "L": result.losses, "D": result.draws,
                 "W 1st": result.wins_first, "W 2nd": result.wins_second,
                 "Fitness": f"{fitness(arr):.2f}"}
        chosen = arena.selected is not None and arena.selected.algorithm == name
        for index, (title, at) in enumerate(columns):
            room = (columns[index + 1][1] - at) * inner - 6 if index + 1 < len(columns) \
                else inner * (1 - at)
            theme.text(surface, str(cells[title]), (x + at * inner, y), 15,
                       theme.GOOD if chosen else theme.TEXT, bold=chosen, width=room)
        y += 22
        shown = ", ".join(map(str, arr[:24])) + (", …" if len(arr) > 24 else "")
        sides = "" if columns is COLUMNS else \
            f"won {result.wins_first} moving first, {result.wins_second} second · "
        theme.text(surface, f"{sides}win array: [{shown}]", (x + 12, y), 13, theme.MUTED,
                   width=inner - 12)
        y += 24
    y += 8
    draw_shares(surface, pygame.Rect(x, y, inner, max(60, area.bottom - y - 56)), arena)
    if arena.selected is not None:
        picked = arena.selected
        stopped = " — stopped early" if arena.stopped else ""
        lines = theme.wrap(f"Selected: {picked.algorithm} (fitness {picked.fitness:.2f}) "
                           f"against {opponent}{stopped}", 17, inner, bold=True)[:2]
        for i, line in enumerate(lines):
            theme.text(surface, line, (x, area.bottom - 14 - 22 * (len(lines) - i)), 17,
                       theme.GOOD, bold=True, width=inner)


def draw_shares(surface: pygame.Surface, chart: pygame.Rect, arena: ArenaResult) -> None:
    """A bar per contender: its share of wins, then of draws."""
    rows = list(arena.results.items())
    bar_h = min(28.0, (chart.height - 8) / max(1, len(rows)) - 6)
    full = chart.width - 160
    for i, (name, result) in enumerate(rows):
        top = chart.y + i * (bar_h + 6)
        won = result.wins / result.games if result.games else 0.0
        drawn = result.draws / result.games if result.games else 0.0
        theme.text(surface, name, (chart.x, top + bar_h / 2), 13, theme.MUTED,
                   anchor="midleft", width=140)
        pygame.draw.rect(surface, theme.PANEL_EDGE, (chart.x + 150, top, full, bar_h),
                         border_radius=4)
        pygame.draw.rect(surface, theme.GOOD, (chart.x + 150, top, full * won, bar_h),
                         border_radius=4)
        pygame.draw.rect(surface, theme.MUTED, (chart.x + 150 + full * won, top, full * drawn,
                                                bar_h))
