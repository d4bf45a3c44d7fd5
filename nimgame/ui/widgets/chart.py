"""A small line chart for shares between 0 and 1 (learning curves, arena results)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from .. import theme


@dataclass(frozen=True)
class SeriesLook:
    """How a series is drawn besides its colour (nothing said by colour alone): its line's
    dash length (0: solid) and its points' marker."""

    dash: int
    marker: str   # "circle", "square" or "triangle"


#: The looks of the series in order: solid with circles, dashed with squares, dotted with
#: triangles (then round again).
SERIES_LOOKS = (SeriesLook(0, "circle"), SeriesLook(9, "square"), SeriesLook(3, "triangle"))


def draw_styled_line(surface: pygame.Surface, colour: theme.Colour,
                     points: list[tuple[float, float]], width: int, dash: int) -> None:
    """A line through `points`: solid, or in dashes of `dash` pixels with gaps as long."""
    if len(points) < 2:
        return
    if dash <= 0:
        pygame.draw.lines(surface, colour, False, points, width)
        return
    drawing, left = True, float(dash)   # in a dash or a gap, and how much of it is left
    for start, end in zip(points, points[1:], strict=False):
        a, b = pygame.Vector2(start), pygame.Vector2(end)
        length = a.distance_to(b)
        done = 0.0
        while done < length:
            step = min(left, length - done)
            if drawing:
                pygame.draw.line(surface, colour, a.lerp(b, done / length),
                                 a.lerp(b, (done + step) / length), width)
            done += step
            left -= step
            if left <= 0:
                drawing, left = not drawing, float(dash)


def draw_marker(surface: pygame.Surface, colour: theme.Colour,
                point: tuple[float, float], marker: str) -> None:
    x, y = point
    if marker == "square":
        pygame.draw.rect(surface, colour, pygame.Rect(round(x) - 4, round(y) - 4, 9, 9))
    elif marker == "triangle":
        pygame.draw.polygon(surface, colour, [(x, y - 5), (x + 5, y + 4), (x - 5, y + 4)])
    else:
        pygame.draw.circle(surface, colour, point, 4)


def x_share(x: float, x_max: float, log: bool = False) -> float:
    """Where `x` sits along an axis from 0 to `x_max`, from 0 to 1: in proportion, or on a
    logarithmic scale (log(1 + x), so 0 is still the left edge)."""
    if x_max <= 0:
        return 0.0
    x = max(0.0, min(x, x_max))
    return math.log1p(x) / math.log1p(x_max) if log else x / x_max


def draw_chart(surface: pygame.Surface, rect: pygame.Rect,
               series: list[tuple[str, tuple[int, int, int], list[tuple[float, float]]]],
               x_max: float, x_label: str = "games", log_x: bool = False) -> list[pygame.Rect]:
    """Each series is (name, colour, [(x, y), ...]) with y in [0, 1], drawn in its colour
    and its look (`SERIES_LOOKS`: a dash and a marker, in the legend too); with `log_x` the x
    axis is logarithmic, marked at powers of ten and said under it. Where each series'
    legend entry is, in order (for its tooltip)."""
    theme.panel(surface, rect)
    legend = _legend_places(rect, [name for name, _, _ in series])
    top = max(y for _, y in legend) + 17
    # A log axis says its scale on a line of its own, under the powers of ten.
    line = theme.font(13).get_linesize()
    below = 24 + line * (2 if log_x else 1)
    plot = pygame.Rect(rect.x + 52, top, rect.width - 72, rect.bottom - below - top)
    # A label every quarter where they fit a line apart; in a short chart every half or
    # the ends alone, and 0% alone when even they would touch (the lines stay).
    step = next((every for every in (1, 2, 4) if plot.height * every / 4 >= line), 5)
    for index, share in enumerate((0.0, 0.25, 0.5, 0.75, 1.0)):
        y = plot.bottom - share * plot.height
        pygame.draw.line(surface, theme.PANEL_EDGE, (plot.x, y), (plot.right, y), 1)
        if index % step == 0:
            theme.text(surface, f"{share:.0%}", (plot.x - 8, y), 13, theme.MUTED,
                       anchor="midright")
    theme.text(surface, "0", (plot.x, plot.bottom + 6), 13, theme.MUTED, anchor="midtop")
    caption = f"{x_max:,.0f} {x_label}"   # the axis's end and what it counts
    room = rect.right - 6   # where tick labels must end (a linear axis has none)
    ticks: list[int] = []   # on a log axis, a line at each power of ten up to its end
    while log_x and 10 ** (len(ticks) + 1) <= x_max:
        ticks.append(10 ** (len(ticks) + 1))
    if ticks and ticks[-1] == x_max:   # the end labelled first (moved in to fit the
        label = f"{x_max:,.0f}"        # chart), the others clear of it
        half = theme.font(13).size(label)[0] / 2
        centre, ticks = min(plot.right, room - half), ticks[:-1]
        if centre - half >= plot.x + 12:   # clear of the 0
            theme.text(surface, label, (centre, plot.bottom + 6), 13, theme.MUTED,
                       anchor="midtop")
            room, caption = round(centre - half), x_label   # said once (8 px apart)
    theme.text(surface, caption + (", log scale" if log_x else ""),
               (plot.right, plot.bottom + 6 + (line if log_x else 0)), 13, theme.MUTED,
               anchor="topright")
    free = plot.x + 12.0   # where the next label may start
    for tick in ticks:   # each line; its label where it fits
        x = plot.x + x_share(tick, x_max, True) * plot.width
        pygame.draw.line(surface, theme.PANEL_EDGE, (x, plot.y), (x, plot.bottom), 1)
        label = f"{tick:,}"
        half = theme.font(13).size(label)[0] / 2
        if x - half >= free and x + half + 8 <= room:
            theme.text(surface, label, (x, plot.bottom + 6), 13, theme.MUTED, anchor="midtop")
            free = x + half + 8
    entries = []
    for index, ((name, colour, points), (x, y)) in enumerate(zip(series, legend, strict=True)):
        look = SERIES_LOOKS[index % len(SERIES_LOOKS)]
        draw_styled_line(surface, colour, [(x, y), (x + 18, y)], 3, look.dash and 4)
        draw_marker(surface, colour, (x + 9, y), look.marker)
        said = theme.text(surface, name, (x + 24, y), 14, theme.TEXT, anchor="midleft")
        entries.append(pygame.Rect(x, said.y, said.right - x, said.height))
        if not points or x_max <= 0:
            continue
        pixels = [(plot.x + x_share(x, x_max, log_x) * plot.width,
                   plot.bottom - max(0.0, min(1.0, y)) * plot.height) for x, y in points]
        draw_styled_line(surface, colour, pixels, 3, look.dash)
        for point in pixels:
            draw_marker(surface, colour, point, look.marker)
    return entries


def _legend_places(rect: pygame.Rect, names: list[str]) -> list[tuple[int, int]]:
    """Where each legend entry starts: in a row along the top, wrapping when it is full."""
    places, x, y = [], rect.x + 16, rect.y + 17
    for name in names:
        width = 24 + theme.font(14).size(name)[0]
        if x > rect.x + 16 and x + width > rect.right - 16:
            x, y = rect.x + 16, y + 20
        places.append((x, y))
        x += width + 18
    return places
