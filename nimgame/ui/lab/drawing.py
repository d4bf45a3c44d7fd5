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


#: The table's columns after the run's: their titles on two lines (a first line's title
#: over two columns: "First right" over med. and worst).
TABLE_TITLES = (("Seeds", "right"), ("First right", "med."), ("", "worst"),
                ("For good", "med."), ("", "worst"))
TABLE_ROW = 18           # a line of the table
CELL_GAP = 8             # between a column's widest text and the next column
MARKER_ROOM = 14         # the run's marker, left of its name
TITLE_SIZE, CELL_SIZE = 12, 13


@dataclass(frozen=True)
class TableLayout:
    """Where the table's columns go and the lines of each run: each number column as wide
    as its widest text ("never", the most games a run has, a median's ".5"), the runs'
    names the rest. Where a name does not fit there, each run's name takes a line of its
    own across the table (`stacked`; wrapped if it must), its numbers the line under it."""

    lefts: tuple[int, ...]                 # each number column's left, from the table's
    widths: tuple[int, ...]
    names: tuple[tuple[str, ...], ...]     # each run's name, a line at a time
    name_width: int
    stacked: bool

    def lines(self, run: int) -> int:
        """The lines run `run` takes."""
        return len(self.names[run]) + self.stacked

    def height(self) -> int:
        """The table's height: its heading, two title lines, the runs' lines."""
        return (3 + sum(self.lines(run) for run in range(len(self.names)))) * TABLE_ROW + 8


def spans(column: int) -> bool:
    """Whether the first-line title of number column `column` is over it and the next."""
    return bool(TABLE_TITLES[column][0]) and column + 1 < len(TABLE_TITLES) and \
        not TABLE_TITLES[column + 1][0]


def table_layout(rows: list[RightRow], width: int, most_games: int = 0) -> TableLayout:
    title, cell = theme.font(TITLE_SIZE).size, theme.font(CELL_SIZE).size
    cells = [table_cells(row) for row in rows]
    widths = []
    for column, (over, below) in enumerate(TABLE_TITLES, start=1):
        texts = [c[column] for c in cells] + (["never", games_text(most_games) or "—"]
                                              if column > 1 else [])
        alone = over if not spans(column - 1) else ""
        widths.append(max([title(below)[0], title(alone)[0]] + [cell(t)[0] for t in texts])
                      + CELL_GAP)
    for column, (over, _) in enumerate(TABLE_TITLES):
        if spans(column):   # a title over two columns
            short = title(over)[0] + CELL_GAP - widths[column] - widths[column + 1]
            widths[column + 1] += max(0, short)
    name_width = width - MARKER_ROOM - sum(widths)
    lefts, left = [], width - sum(widths)
    for wide in widths:
        lefts.append(left)
        left += wide
    stacked = any(cell(c[0])[0] > name_width - 4 for c in cells)
    if stacked:
        name_width = width - MARKER_ROOM
    names = tuple(tuple(theme.wrap(c[0], CELL_SIZE, name_width - 4)) if stacked else
                  (c[0],) for c in cells)
    return TableLayout(tuple(lefts), tuple(widths), names, name_width, stacked)


def table_height(rows: list[RightRow], width: int, most_games: int = 0) -> int:
    """The table's height with `rows` in `width` pixels."""
    return table_layout(rows, width, most_games).height()


def table_cells(row: RightRow) -> list[str]:
    return [f"{row.run + 1}. {row.label}", f"{row.right_seeds}/{row.seeds}",
            games_text(row.first_median) or "—", games_text(row.first_worst) or "—",
            games_text(row.stays_median) or "—", games_text(row.stays_worst) or "—"]


def draw_table(surface: pygame.Surface, rect: pygame.Rect, rows: list[RightRow],
               every: int, series: list[Series], most_games: int = 0) -> None:
    """Games until every position is right (median, worst), first and for good: "never"
    where a seed never was, "—" where no seed's answer is known yet. `most_games`: the
    most games a run has (the number columns are wide enough for it from the start)."""
    theme.text(surface, f"Games until every position is right · checked every {every:,}",
               (rect.x, rect.y), CELL_SIZE, theme.MUTED, width=rect.width)
    layout = table_layout(rows, rect.width, most_games)
    y = rect.y + TABLE_ROW + 2
    for line in (0, 1):
        if line:
            theme.text(surface, "Run", (rect.x, y), TITLE_SIZE, theme.MUTED,
                       width=layout.name_width)
        for column, (left, titles) in enumerate(zip(layout.lefts, TABLE_TITLES,
                                                    strict=True)):
            over = 2 if line == 0 and spans(column) else 1
            if titles[line]:
                theme.text(surface, titles[line], (rect.x + left, y), TITLE_SIZE,
                           theme.MUTED, width=sum(layout.widths[column:column + over]) - 2)
        y += TABLE_ROW
    for run, (row, one) in enumerate(zip(rows, series, strict=False)):
        if y + TABLE_ROW * layout.lines(run) > rect.bottom:
            break
        marker(surface, one.colour, (rect.x + 5, y + 9), one.marker)
        for number, words in enumerate(layout.names[run]):
            theme.text(surface, words, (rect.x + MARKER_ROOM, y + number * TABLE_ROW),
                       CELL_SIZE, theme.TEXT, width=layout.name_width - 4)
        numbers = y + (len(layout.names[run]) if layout.stacked else 0) * TABLE_ROW
        for left, wide, words in zip(layout.lefts, layout.widths, table_cells(row)[1:],
                                     strict=True):
            theme.text(surface, words, (rect.x + left, numbers), CELL_SIZE, theme.TEXT,
                       width=wide - 4)
        y += TABLE_ROW * layout.lines(run)


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
    table_h = table_height(rows, w - 40, x_max_of(result))
    chart = pygame.Rect(20, 40, w - 40, h - 60 - table_h)
    draw_chart(surface, chart, series, x_max_of(result), log)
    draw_table(surface, pygame.Rect(20, chart.bottom + 10, w - 40, table_h), rows,
               result.spec.every, series, x_max_of(result))
    return surface


def x_max_of(result: LabResult) -> int:
    return max((run.games for run in result.spec.runs), default=0)
