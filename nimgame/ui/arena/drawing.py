"""The arena's results: a table of each contender's wins by side, its fitness (points a
game: a win 1, a draw ½) and its games one by one, a bar chart of win and draw shares, and
the contender the selection kept with how it chose (`nimgame.ranking`)."""

from __future__ import annotations

import pygame

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
    fitness = {record.name: record.fitness for record in
               (arena.ranking.order if arena.ranking is not None else [])}
    drawn = any(result.draws for result in arena.results.values())
    for name, result in arena.results.items():
        cells = {"Contender": name, "W": result.wins, "L": result.losses, "D": result.draws,
                 "W 1st": result.wins_first, "W 2nd": result.wins_second,
                 "Fitness": f"{float(fitness.get(name, 0)):.2f}"}
        chosen = arena.selected is not None and arena.selected.algorithm == name
        for index, (title, at) in enumerate(columns):
            room = (columns[index + 1][1] - at) * inner - 6 if index + 1 < len(columns) \
                else inner * (1 - at)
            theme.text(surface, str(cells[title]), (x + at * inner, y), 15,
                       theme.GOOD if chosen else theme.TEXT, bold=chosen, width=room)
        y += 22
        sides = "" if columns is COLUMNS else \
            f"won {result.wins_first} moving first, {result.wins_second} second · "
        theme.text(surface, sides + games_line(arena, name, drawn), (x + 12, y), 13,
                   theme.MUTED, width=inner - 12)
        y += 24
    y += 8
    verdict = selection_lines(arena, opponent, inner)
    draw_shares(surface, pygame.Rect(x, y, inner, max(60, area.bottom - y - 16 - verdict[0])),
                arena)
    top = area.bottom - 14 - verdict[0]
    for line, size, colour in verdict[1]:
        theme.text(surface, line, (x, top), size, colour, bold=colour is theme.GOOD,
                   width=inner)
        top += size + 5


def games_line(arena: ArenaResult, name: str, drawn: bool) -> str:
    """The games one by one: KUET's win array where no game was drawn, else each game's
    points (1, ½, 0; the selection's lines say what they count)."""
    if not drawn:
        arr = arena.win_arrays[name]
        shown = ", ".join(map(str, arr[:24])) + (", …" if len(arr) > 24 else "")
        return f"win array: [{shown}]"
    points = ["1" if o > 0 else "½" if o == 0 else "0" for o in arena.outcomes[name]]
    shown = ", ".join(points[:24]) + (", …" if len(points) > 24 else "")
    return f"points: [{shown}]"


def selection_lines(arena: ArenaResult, opponent: str, width: int
                    ) -> tuple[int, list[tuple[str, int, tuple[int, int, int]]]]:
    """The selection in words, wrapped to `width`: who was kept, then how (in full: it
    says how a tie was broken). Returns the height they take and the lines."""
    picked = arena.selected
    if picked is None:
        return 0, []
    stopped = " — stopped early" if arena.stopped else ""
    lines = [(line, 17, theme.GOOD) for line in theme.wrap(
        f"Selected: {picked.algorithm} (fitness {picked.fitness:.2f}) against {opponent}"
        f"{stopped}", 17, width, bold=True)[:2]]
    lines += [(line, 15, theme.TEXT) for line in theme.wrap(f"{picked.how}.", 15, width)]
    lines += [(line, 13, theme.MUTED) for line in theme.wrap(
        "Fitness: points a game (win 1, draw ½, loss 0); at equal fitness, fewer losses, "
        "then the first listed.", 13, width)]
    return sum(size + 5 for _, size, _ in lines), lines


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
