"""The arena's results: a table of each contender's wins by side, its fitness (points a
game: a win 1, a draw ½) and its games one by one, a bar chart of win and draw shares with
its legend, and the contender the selection kept with how it chose (`nimgame.ranking`).

As many contenders as the panel holds are shown at a time (`results_layout`): where there
are more, the panel's top row says which are shown and holds the scene's page buttons."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...learning.arena import ArenaResult
from .. import theme

COLUMNS = (("Contender", 0), ("W", 0.42), ("L", 0.5), ("D", 0.58), ("W 1st", 0.67),
           ("W 2nd", 0.78), ("Fitness", 0.89))
#: Where the results are narrow: the wins by side go on the win array's line.
NARROW = (("Contender", 0), ("W", 0.5), ("L", 0.62), ("D", 0.74), ("Fitness", 0.84))

MARGIN = 20            # the panel's inner margin left and right
TOP = 16               # from the panel's top to its first line
HEADER_HEIGHT = 26     # the table's column titles
ROW_HEIGHT = 46        # a contender's line and its games' line
LEGEND_HEIGHT = 24     # the chart's legend, above its bars
BAR_MOST, BAR_LEAST, BAR_GAP = 28, 14, 6
PAGER_TOP, PAGER_HEIGHT = 10, 34     # the row of page buttons, where there are pages
PAGER_BUTTON_WIDTH = 80
#: A bar's name on its left, and the gap to the bar.
NAME_WIDTH, NAME_GAP = 140, 10

Line = tuple[str, int, tuple[int, int, int]]


@dataclass(frozen=True)
class ResultsLayout:
    """Where one page of the results goes in the panel `area`: the table's titles at
    `header_y` and a row for each contender shown, the chart (its legend, then `bars`, the
    track of each contender's bar) and the selection's `verdict` lines from `verdict_y`."""

    area: pygame.Rect
    count: int                  # contenders in the result
    per_page: int
    page: int                   # the page shown, 0 first
    header_y: int
    chart: pygame.Rect
    bars: tuple[pygame.Rect, ...]
    verdict_y: int
    verdict: tuple[Line, ...]

    @property
    def pages(self) -> int:
        return -(-self.count // self.per_page)

    def shown(self, page: int) -> tuple[int, int]:
        """The contenders on `page`: the first's index and one past the last's."""
        first = page * self.per_page
        return first, min(self.count, first + self.per_page)


def pager_rect(area: pygame.Rect) -> pygame.Rect:
    """The panel's top row, where there is more than a page: the page buttons at its ends,
    which contenders are shown between them."""
    return pygame.Rect(area.x + MARGIN, area.y + PAGER_TOP, area.width - 2 * MARGIN,
                       PAGER_HEIGHT)


def results_layout(area: pygame.Rect, arena: ArenaResult, opponent: str, page: int
                   ) -> ResultsLayout:
    """The layout of `page` (kept within the pages there are) of `arena`'s results: as
    many contenders to a page as fit above the selection's lines, each with its row and
    a bar no thinner than BAR_LEAST."""
    inner = area.width - 2 * MARGIN
    height, verdict = selection_lines(arena, opponent, inner)
    verdict_y = area.bottom - 14 - height
    count = max(1, len(arena.results))

    def holds(top: int) -> int:
        room = verdict_y - 8 - (top + HEADER_HEIGHT + 8 + LEGEND_HEIGHT)
        return max(1, room // (ROW_HEIGHT + BAR_LEAST + BAR_GAP))

    header_y = area.y + TOP
    per_page = holds(header_y)
    if count > per_page:
        header_y = pager_rect(area).bottom + 10
        per_page = holds(header_y)
    page = max(0, min(page, -(-count // per_page) - 1))
    first = page * per_page
    rows = min(count, first + per_page) - first
    chart_y = header_y + HEADER_HEIGHT + rows * ROW_HEIGHT + 8
    chart = pygame.Rect(area.x + MARGIN, chart_y, inner, verdict_y - 8 - chart_y)
    bar_h = int(min(BAR_MOST, (chart.height - LEGEND_HEIGHT) / rows - BAR_GAP))
    bar_x = chart.x + NAME_WIDTH + NAME_GAP
    bars = tuple(pygame.Rect(bar_x, chart.y + LEGEND_HEIGHT + i * (bar_h + BAR_GAP),
                             chart.right - bar_x, bar_h) for i in range(rows))
    return ResultsLayout(area, count, per_page, page, header_y, chart, bars, verdict_y,
                         tuple(verdict))


def column_places(columns: tuple[tuple[str, float], ...], table: list[dict[str, object]],
                  inner: int) -> list[tuple[int, int]]:
    """Where each column starts in a row `inner` wide and the room it has: each number's
    column at least its share and as wide as its widest entry (every row's, not only a
    page's: the columns stay put as pages turn), in bold as the selected row's; the
    contender's name the rest."""
    widths = []
    for index, (title, at) in enumerate(columns[1:], start=1):
        share = ((columns[index + 1][1] if index + 1 < len(columns) else 1) - at) * inner
        widest = max([theme.font(14, True).size(title)[0]] +
                     [theme.font(15, True).size(str(row[title]))[0] for row in table])
        widths.append(max(int(share), widest + 8))
    places, at = [], inner - sum(widths)
    for width in widths:
        places.append((at, width - 6))
        at += width
    return [(0, inner - sum(widths) - 6), *places]


def draw_results(surface: pygame.Surface, layout: ResultsLayout, arena: ArenaResult) -> None:
    area = layout.area
    x, y = area.x + MARGIN, layout.header_y
    inner = area.width - 2 * MARGIN
    first, last = layout.shown(layout.page)
    if layout.pages > 1:
        pager = pager_rect(area)
        shown = f"Contender {last}" if last == first + 1 else \
            f"Contenders {first + 1}–{last}"
        theme.text(surface, f"{shown} of {layout.count}", pager.center, 14, theme.MUTED,
                   anchor="center", width=pager.width - 2 * PAGER_BUTTON_WIDTH - 16)
    columns = COLUMNS if inner >= 440 else NARROW
    fitness = {record.name: record.fitness for record in
               (arena.ranking.order if arena.ranking is not None else [])}
    table = [{"Contender": name, "W": result.wins, "L": result.losses, "D": result.draws,
              "W 1st": result.wins_first, "W 2nd": result.wins_second,
              "Fitness": f"{float(fitness.get(name, 0)):.2f}"}
             for name, result in arena.results.items()]
    places = column_places(columns, table, inner)
    for (title, _), (at, room) in zip(columns, places, strict=True):
        theme.text(surface, title, (x + at, y), 14, theme.MUTED, bold=True, width=room)
    y += HEADER_HEIGHT
    drawn = any(result.draws for result in arena.results.values())
    rows = list(arena.results.items())[first:last]
    for (name, result), cells in zip(rows, table[first:last], strict=True):
        chosen = arena.selected is not None and arena.selected.algorithm == name
        for (title, _), (at, room) in zip(columns, places, strict=True):
            theme.text(surface, str(cells[title]), (x + at, y), 15,
                       theme.GOOD if chosen else theme.TEXT, bold=chosen, width=room)
        sides = "" if columns is COLUMNS else \
            f"won {result.wins_first} moving first, {result.wins_second} second · "
        theme.text(surface, sides + games_line(arena, name, drawn), (x + 12, y + 22), 13,
                   theme.MUTED, width=inner - 12)
        y += ROW_HEIGHT
    draw_legend(surface, layout.chart.topleft)
    for (name, result), track in zip(rows, layout.bars, strict=True):
        draw_share(surface, track, name, result.wins, result.draws, result.games)
    top = layout.verdict_y
    for line, size, colour in layout.verdict:
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


def selection_lines(arena: ArenaResult, opponent: str, width: int) -> tuple[int, list[Line]]:
    """The selection in words, wrapped to `width`: who was kept, then how (in full: it
    says how a tie was broken). Returns the height they take and the lines."""
    picked = arena.selected
    if picked is None:
        return 0, []
    stopped = " — stopped early" if arena.stopped else ""
    lines = [(line, 17, theme.GOOD) for line in theme.wrap(
        f"Selected: {picked.algorithm} (fitness {picked.fitness:.2f}) against {opponent}"
        f"{stopped}", 17, width, bold=True)]
    lines += [(line, 15, theme.TEXT) for line in theme.wrap(f"{picked.how}.", 15, width)]
    lines += [(line, 13, theme.MUTED) for line in theme.wrap(
        "Fitness: points a game (win 1, draw ½, loss 0); at equal fitness, fewer losses, "
        "then the first listed.", 13, width)]
    return sum(size + 5 for _, size, _ in lines), lines


#: The legend's entries, in the order of a bar's parts from the left.
LEGEND = ("won", "drawn", "lost")
SWATCH = 14
STRIPE_STEP = 6        # pixels between a draw's stripes


def draw_legend(surface: pygame.Surface, at: tuple[int, int]) -> None:
    """What a bar's parts mean, each beside a swatch drawn as the part is: won solid, drawn
    striped, lost the empty track (told apart by more than colour)."""
    x, y = at
    for word in LEGEND:
        swatch = pygame.Rect(x, y + 3, SWATCH, SWATCH)
        draw_part(surface, swatch, word)
        label = theme.text(surface, word, (swatch.right + 6, swatch.centery), 13, theme.MUTED,
                           anchor="midleft")
        x = label.right + 18


def draw_part(surface: pygame.Surface, rect: pygame.Rect, part: str) -> None:
    """One part of a bar (or its swatch in the legend): "won", "drawn" or "lost"."""
    if part == "lost":
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, border_radius=4)
    elif part == "won":
        pygame.draw.rect(surface, theme.GOOD, rect, border_radius=4)
    else:
        draw_striped(surface, rect)


def draw_striped(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The grey of a draw, crossed by stripes in the panel's colour."""
    pygame.draw.rect(surface, theme.MUTED, rect)
    kept = surface.get_clip()
    surface.set_clip(rect.clip(kept))
    for x in range(rect.x - rect.height, rect.right, STRIPE_STEP):
        pygame.draw.line(surface, theme.PANEL, (x, rect.bottom), (x + rect.height, rect.y), 2)
    surface.set_clip(kept)


def draw_share(surface: pygame.Surface, track: pygame.Rect, name: str, wins: int,
               draws: int, games: int) -> None:
    """A contender's bar on `track`: its name on the left, its share of wins, then of
    draws, the rest of the track its losses."""
    theme.text(surface, name, (track.x - NAME_GAP - NAME_WIDTH, track.centery), 13,
               theme.MUTED, anchor="midleft", width=NAME_WIDTH)
    won = wins / games if games else 0.0
    drawn = draws / games if games else 0.0
    draw_part(surface, track, "lost")
    if won:
        draw_part(surface, pygame.Rect(track.x, track.y, round(track.width * won),
                                       track.height), "won")
    if drawn:
        draw_part(surface, pygame.Rect(track.x + round(track.width * won), track.y,
                                       round(track.width * drawn), track.height), "drawn")
