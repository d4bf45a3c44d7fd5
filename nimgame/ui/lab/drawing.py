"""The lab's chart and table: each run's median share right over its seeds as a line, a
band from its worst seed to its best, the runs told apart by colour, dash and marker (a
legend says which is which); under it, games until every position is right.

The chart draws `chart_series(result)`, built from `LabResult.stats` — the very numbers
the CSV file of the curves writes (`learning.exports.curve_rows`)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ...learning.lab import LabResult, RightRow, games_text
from .. import theme

Colour = tuple[int, int, int]
#: Okabe and Ito's colours, told apart by most eyes; the dash and marker tell them apart
#: for all.
COLOURS: tuple[Colour, ...] = ((230, 159, 0), (86, 180, 233), (0, 158, 115),
                               (240, 228, 66), (213, 94, 0), (204, 121, 167),
                               (0, 114, 178), (238, 241, 245))
DASHES: tuple[tuple[int, int], ...] = ((1, 0), (10, 5), (3, 4), (14, 4))   # (on, off)
MARKERS = ("circle", "square", "triangle", "diamond", "cross")
BAND_ALPHA = 60
LINE_WIDTH = 2
MARK = 4                 # a marker's half size


@dataclass(frozen=True)
class Series:
    """One run as the chart draws it."""

    label: str
    colour: Colour
    dash: tuple[int, int]
    marker: str
    line: tuple[tuple[int, float], ...]            # (games, median share)
    band: tuple[tuple[int, float, float], ...]     # (games, worst, best)


def chart_series(result: LabResult) -> list[Series]:
    """Each run's line and band, from `result.stats` (what the CSV writes)."""
    found = []
    for run, spec in enumerate(result.spec.runs):
        stats = result.stats(run)
        found.append(Series(
            f"{run + 1}. {spec.title()}", COLOURS[run % len(COLOURS)],
            DASHES[run % len(DASHES)], MARKERS[run % len(MARKERS)],
            tuple((s.games, s.median) for s in stats),
            tuple((s.games, s.worst, s.best) for s in stats)))
    return found


@dataclass(frozen=True)
class Frame:
    """Where the plot is and what its x axis spans: games to pixels, on a linear scale or
    with `log` on a logarithmic one (of 1 + games, so that the start, 0 games, has its
    place at the left edge and 10, 100, 1,000 games are evenly apart)."""

    plot: pygame.Rect
    x_max: int
    log: bool = False

    def across(self, games: float) -> float:
        """Where `games` is along the x axis, from 0 (left) to 1 (right)."""
        if self.x_max <= 0:
            return 0.0
        if self.log:
            return math.log10(1 + max(0.0, games)) / math.log10(1 + self.x_max)
        return games / self.x_max

    def pixel(self, games: float, share: float) -> tuple[int, int]:
        x = self.plot.x + self.across(games) * self.plot.width
        y = self.plot.bottom - max(0.0, min(1.0, share)) * self.plot.height
        return round(x), round(y)

    def ticks(self) -> list[int]:
        """The games labelled under the x axis, besides 0: on a log scale each power of
        ten up to the end whose label has room (48 pixels from the last)."""
        if not self.log:
            return []
        found, last, power = [], self.plot.x, 10
        while power <= self.x_max:
            x = self.plot.x + self.across(power) * self.plot.width
            if x - last >= 48:
                found.append(power)
                last = round(x)
            power *= 10
        return found


def legend_rows(rect: pygame.Rect, labels: list[str]) -> list[tuple[int, int, int]]:
    """Where each legend entry goes (x, y, width for its words): two columns in a wide
    chart, one in a narrow one; where whole labels would take more than a quarter of the
    chart, only the runs' numbers, in a row (the table beside names them, by marker)."""
    columns = 2 if rect.width >= 520 else 1
    if -(-len(labels) // columns) * 18 > rect.height // 4:
        per_row = max(1, (rect.width - 32) // 64)
        return [(rect.x + 16 + (i % per_row) * 64, rect.y + 14 + (i // per_row) * 18, 20)
                for i in range(len(labels))]
    width = (rect.width - 32) // columns
    return [(rect.x + 16 + (i % columns) * width, rect.y + 14 + (i // columns) * 18,
             width - 40) for i in range(len(labels))]


def chart_frame(rect: pygame.Rect, series: list[Series], x_max: int,
                log: bool = False) -> Frame:
    rows = legend_rows(rect, [s.label for s in series])
    top = (rows[-1][1] if rows else rect.y) + 18
    under = 44 if log else 26   # on a log scale, a line of ticks above the axis's words
    return Frame(pygame.Rect(rect.x + 48, top, rect.width - 68,
                             max(20, rect.bottom - under - top)), x_max, log)


def draw_chart(surface: pygame.Surface, rect: pygame.Rect, series: list[Series],
               x_max: int, log: bool = False) -> list[list[tuple[int, int]]]:
    """The chart in `rect`, its games on a log scale with `log`; the pixels of each run's
    line, as drawn (for tests)."""
    theme.panel(surface, rect)
    frame = chart_frame(rect, series, x_max, log)
    plot = frame.plot
    for share in (0.0, 0.25, 0.5, 0.75, 1.0):
        y = plot.bottom - share * plot.height
        pygame.draw.line(surface, theme.PANEL_EDGE, (plot.x, y), (plot.right, y), 1)
        theme.text(surface, f"{share:.0%}", (plot.x - 6, y), 13, theme.MUTED,
                   anchor="midright")
    theme.text(surface, "0", (plot.x, plot.bottom + 4), 13, theme.MUTED, anchor="midtop")
    caption = f"{x_max:,} games · share of positions played right"
    if log:
        for games in frame.ticks():
            x = frame.pixel(games, 0.0)[0]
            pygame.draw.line(surface, theme.PANEL_EDGE, (x, plot.y), (x, plot.bottom), 1)
            theme.text(surface, f"{games:,}", (x, plot.bottom + 4), 13, theme.MUTED,
                       anchor="midtop")
        caption = f"games on a log scale, to {x_max:,} · share of positions played right"
    theme.text(surface, caption, (plot.right, plot.bottom + (22 if log else 4)), 13,
               theme.MUTED, anchor="topright", width=plot.width - (0 if log else 16))
    for one in series:   # the bands first, so that no band hides a line
        if len(one.band) > 1:
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            outline = [frame.pixel(g, best) for g, _, best in one.band] + \
                [frame.pixel(g, worst) for g, worst, _ in reversed(one.band)]
            pygame.draw.polygon(shade, (*one.colour, BAND_ALPHA), outline)
            surface.blit(shade, (0, 0))
    drawn = []
    for one in series:
        pixels = [frame.pixel(g, share) for g, share in one.line]
        dashed(surface, one.colour, pixels, one.dash)
        for point in pixels:
            marker(surface, one.colour, point, one.marker)
        drawn.append(pixels)
    for one, (x, y, width) in zip(series, legend_rows(rect, [s.label for s in series]),
                                  strict=True):
        dashed(surface, one.colour, [(x, y), (x + 28, y)], one.dash)
        marker(surface, one.colour, (x + 14, y), one.marker)
        words = one.label if width > 20 else one.label.split(".")[0]   # "3. q …" or "3"
        theme.text(surface, words, (x + 36, y), 13, theme.TEXT, anchor="midleft",
                   width=width)
    return drawn


def dashed(surface: pygame.Surface, colour: Colour, points: list[tuple[int, int]],
           dash: tuple[int, int]) -> None:
    """A line through `points`, `dash` pixels on and off along it (off 0: solid)."""
    on, off = dash
    if len(points) < 2:
        return
    if not off:
        pygame.draw.lines(surface, colour, False, points, LINE_WIDTH)
        return
    walked = 0.0
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        length = math.hypot(x1 - x0, y1 - y0)
        at = 0.0
        while at < length:
            phase = walked % (on + off)
            step = min(length - at, (on - phase) if phase < on else (on + off - phase))
            if phase < on:
                a, b = at / length, (at + step) / length
                pygame.draw.line(surface, colour, (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                                 (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), LINE_WIDTH)
            at += step
            walked += step


def marker(surface: pygame.Surface, colour: Colour, at: tuple[int, int], shape: str) -> None:
    x, y, m = at[0], at[1], MARK
    if shape == "circle":
        pygame.draw.circle(surface, colour, at, m)
    elif shape == "square":
        pygame.draw.rect(surface, colour, pygame.Rect(x - m, y - m, 2 * m + 1, 2 * m + 1))
    elif shape == "triangle":
        pygame.draw.polygon(surface, colour, [(x, y - m - 1), (x - m - 1, y + m), (x + m + 1,
                                                                                  y + m)])
    elif shape == "diamond":
        pygame.draw.polygon(surface, colour, [(x, y - m - 1), (x + m + 1, y), (x, y + m + 1),
                                              (x - m - 1, y)])
    else:
        pygame.draw.line(surface, colour, (x - m, y - m), (x + m, y + m), 2)
        pygame.draw.line(surface, colour, (x - m, y + m), (x + m, y - m), 2)


#: The table's columns: where each starts (a share of the width), its titles on two lines.
TABLE_COLUMNS = ((0.0, "", "Run"), (0.46, "Seeds", "right"), (0.57, "First right", "med."),
                 (0.68, "", "worst"), (0.79, "For good", "med."), (0.9, "", "worst"))
TABLE_ROW = 18


def table_height(rows: int) -> int:
    """The table's height with `rows` runs: its heading, two title lines, the runs."""
    return (rows + 3) * TABLE_ROW + 8


def table_cells(row: RightRow) -> list[str]:
    return [f"{row.run + 1}. {row.label}", f"{row.right_seeds}/{row.seeds}",
            games_text(row.first_median) or "—", games_text(row.first_worst) or "—",
            games_text(row.stays_median) or "—", games_text(row.stays_worst) or "—"]


def draw_table(surface: pygame.Surface, rect: pygame.Rect, rows: list[RightRow],
               every: int, series: list[Series]) -> None:
    """Games until every position is right (median, worst), first and for good: "never"
    where a seed never was, "—" where no seed's answer is known yet."""
    theme.text(surface, f"Games until every position is right · checked every {every:,}",
               (rect.x, rect.y), 13, theme.MUTED, width=rect.width)
    y = rect.y + TABLE_ROW + 2
    for line in (1, 2):
        for index, (at, *titles) in enumerate(TABLE_COLUMNS):
            span = 0.22 if line == 1 and titles[0] != "Seeds" else (TABLE_COLUMNS[index + 1][0] - at
                                          if index + 1 < len(TABLE_COLUMNS) else 1 - at)
            theme.text(surface, titles[line - 1], (rect.x + at * rect.width, y), 12,
                       theme.MUTED, width=rect.width * span - 2)
        y += TABLE_ROW
    for row, one in zip(rows, series, strict=False):
        if y + TABLE_ROW > rect.bottom:
            break
        marker(surface, one.colour, (rect.x + 5, y + 9), one.marker)
        for index, ((at, *_), cell) in enumerate(zip(TABLE_COLUMNS, table_cells(row),
                                                     strict=True)):
            end = TABLE_COLUMNS[index + 1][0] if index + 1 < len(TABLE_COLUMNS) else 1.0
            left = rect.x + (at * rect.width if at else 14)
            theme.text(surface, cell, (left, y), 13, theme.TEXT,
                       width=rect.x + end * rect.width - left - 4)
        y += TABLE_ROW


def chart_image(result: LabResult, size: tuple[int, int] = (1000, 640),
                log: bool = False) -> pygame.Surface:
    """The chart and the table on a picture of their own (what Export saves as a PNG),
    its games on a log scale with `log`."""
    surface = pygame.Surface(size)
    surface.fill(theme.BACKGROUND)
    w, h = size
    game = result.spec.make_game().describe_rules()
    theme.text(surface, f"{game}: {result.spec.seeds} seeds"
               f"{' (stopped early)' if result.stopped else ''}", (20, 12), 16, theme.TEXT,
               width=w - 40)
    series = chart_series(result)
    rows = result.table()
    table_h = table_height(len(rows))
    chart = pygame.Rect(20, 40, w - 40, h - 60 - table_h)
    draw_chart(surface, chart, series, x_max_of(result), log)
    draw_table(surface, pygame.Rect(20, chart.bottom + 10, w - 40, table_h), rows,
               result.spec.every, series)
    return surface


def x_max_of(result: LabResult) -> int:
    return max((run.games for run in result.spec.runs), default=0)
