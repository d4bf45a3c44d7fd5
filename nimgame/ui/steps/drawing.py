"""The step-through view's drawing: the position in its board's drawing, the update in
words, the formula with its numbers, and the values it touched as bars (the changed ones
framed and marked "changed", not by colour alone)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import pygame

from ...session.learning_steps import Bar, Explained, RecordedSteps, explain, number
from .. import theme
from ..board import MoveValue, PositionPicture, chance_colour, value_colour

KEYS = "Shift+Left/Right: a game"


class ValueMap(Protocol):
    """A board that draws each move's value on its own square (Tic-Tac-Toe's heat map)."""

    def draw_value_map(self, surface: pygame.Surface, area: pygame.Rect, state: Any,
                       values: Mapping[Any, MoveValue]) -> pygame.Rect: ...


class StepsScreen(Protocol):
    """What the drawing reads of the step-through screen (`StepsScene` is one)."""

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def source(self) -> RecordedSteps: ...

    @property
    def title(self) -> str: ...

    @property
    def picture(self) -> PositionPicture | None: ...

    @property
    def value_map(self) -> ValueMap | None: ...

    @property
    def busy(self) -> str: ...

    @property
    def message(self) -> str: ...

    @property
    def message_ok(self) -> bool: ...

    @property
    def buttons_top(self) -> int: ...

    def box(self) -> pygame.Rect: ...


def text_size(height: int) -> int:
    return 15 if height < 720 else 18


def draw_steps(surface: pygame.Surface, scene: StepsScreen) -> None:
    shade = pygame.Surface(scene.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 235))
    surface.blit(shade, (0, 0))
    box = scene.box()
    pygame.draw.rect(surface, theme.BACKGROUND, box, border_radius=12)
    pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=12)
    inner = box.width - 48
    theme.text(surface, scene.title, (box.x + 24, box.y + 16), 26, theme.ACCENT, bold=True,
               width=inner)
    source = scene.source
    where = source.where()
    theme.text(surface, where[:1].upper() + where[1:] + " · " + KEYS, (box.x + 24, box.y + 54),
               15, theme.TEXT, width=inner)
    rules = theme.wrap(source.game.describe_rules(), 14, inner)
    for index, line in enumerate(rules):
        theme.text(surface, line, (box.x + 24, box.y + 77 + 18 * index), 14, theme.MUTED)
    top, bottom = box.y + 87 + 18 * len(rules), scene.buttons_top - 10
    if scene.message:
        colour = theme.GOOD if scene.message_ok else theme.ERROR
        theme.text(surface, scene.message, (box.x + 24, bottom), 15, colour,
                   anchor="bottomleft", width=inner)
        bottom -= 24
    update = source.steps.update
    if scene.busy or update is None:
        said = scene.busy or ("No learning update in this game." if source.steps.game
                              else "Nothing recorded yet: Right plays the first game.")
        theme.text(surface, said, (box.x + 24, top + 10), 17, theme.TEXT, width=inner)
        return
    explained = explain(update, source.game)
    side = max(60, min(bottom - top, int(inner * 0.36)))
    board = pygame.Rect(box.x + 24, top, side, side)
    pygame.draw.rect(surface, theme.PANEL, board, border_radius=8)
    shares = explained.move_shares()
    if scene.value_map is not None and shares:
        scene.value_map.draw_value_map(surface, board.inflate(-16, -16), explained.position,
                                       heat_map(explained, shares))
    elif scene.picture is not None:
        scene.picture(surface, board.inflate(-16, -16), explained.position)
    right = pygame.Rect(board.right + 24, top, box.right - 24 - board.right - 24,
                        bottom - top)
    draw_explained(surface, right, explained, text_size(scene.size[1]))


def heat_map(said: Explained, shares: Mapping[Any, tuple[float, float]]
             ) -> dict[Any, MoveValue]:
    """Each move's square on the heat map after the update, on the board's fixed scale (a
    Q-value from −1 to +1, a hat's chance of each ball from 0 to 100%); the value the
    update wrote framed, with "changed" (or what it stayed) and its value before in words."""
    marked = said.changed_moves()
    squares = {}
    for bar in said.bars:
        if bar.move is None:
            continue
        before, after = shares[bar.move]
        if said.signed:
            colour, score, detail = value_colour(after), number(after), ""
        else:
            colour, score = chance_colour(after), f"{after:.0%}"
            detail = f"{number(bar.after)} ball" + ("" if bar.after == 1 else "s")
        verdict = ""
        if bar.move in marked:
            verdict = "changed" if bar.before != bar.after else said.still.split(",")[0]
            detail = f"was {number(before) if said.signed else f'{before:.0%}'}"
        squares[bar.move] = MoveValue(colour, score, detail, verdict, bar.move in marked)
    return squares


def draw_explained(surface: pygame.Surface, area: pygame.Rect, said: Explained,
                   size: int) -> None:
    """The heading, the formula, the facts and the bars, top down within `area`: every
    fact whole (a long one wrapped), short ones side by side where one column would leave
    the bars too little room, the type a little smaller only where both columns still
    would; the bars take the rest (those around the marked one, when not all fit)."""
    y = area.y
    theme.text(surface, said.heading, (area.x, y), size + 3, theme.ACCENT, bold=True,
               width=area.width)
    y += size + 12
    size, rows = fact_layout(said, size, area.width, area.bottom - BAR_CLEAR - y)
    if said.formula:
        for line, line_size, colour, bold in ((said.formula, size, theme.MUTED, False),
                                              (said.filled, size + 3, theme.TEXT, True)):
            for part in theme.wrap(line, line_size, area.width, bold):
                theme.text(surface, part, (area.x, y), line_size, colour, bold=bold,
                           width=area.width)
                y += line_size + 7
    step = size + 7
    half = (area.width - FACT_GAP) // 2
    for row in rows:
        for column, fact in enumerate(row):
            theme.text(surface, fact, (area.x + column * (half + FACT_GAP), y), size,
                       theme.TEXT, width=area.width if len(row) == 1 else half)
        y += step
    draw_bars(surface, pygame.Rect(area.x, y + 6, area.width, area.bottom - BAR_CLEAR - y - 6),
              said.bars, said.signed, said.still)


def fact_rows(facts: tuple[str, ...], size: int, width: int, paired: bool
              ) -> list[tuple[str, ...]]:
    """The facts as rows of text: each alone, wrapped to `width`; or, `paired`, two short
    ones (each within half the width) side by side, a long one wrapped on rows of its own."""
    half = (width - FACT_GAP) // 2
    font = theme.font(size)
    rows: list[tuple[str, ...]] = []
    waiting: str | None = None
    for fact in facts:
        if paired and font.size(fact)[0] <= half:
            if waiting is None:
                waiting = fact
            else:
                rows.append((waiting, fact))
                waiting = None
            continue
        if waiting is not None:
            rows.append((waiting,))
            waiting = None
        rows.extend((line,) for line in theme.wrap(fact, size, width))
    if waiting is not None:
        rows.append((waiting,))
    return rows


def fact_layout(said: Explained, size: int, width: int, room: int
                ) -> tuple[int, list[tuple[str, ...]]]:
    """The type size and rows of facts (one column, or two where that takes fewer rows)
    that leave the bars in `room` pixels (below the heading) their rows, up to 4, or at
    least the marked bar's and the line saying how many more: at `size` if they do, else
    a smaller size, down to 12 px. Every fact is always drawn whole."""
    shown = min(len(said.bars), 4)
    wanted = [shown * BAR_ROW + 6, min(shown, 2) * BAR_ROW + 6] if shown else [0]
    for points in range(size, SMALLEST - 1, -1):
        above = 0
        if said.formula:
            above = sum((len(theme.wrap(line, line_size, width, bold))) * (line_size + 7)
                        for line, line_size, bold in ((said.formula, points, False),
                                                      (said.filled, points + 3, True)))
        rows = min((fact_rows(said.lines, points, width, paired) for paired in (False, True)),
                   key=len)   # the fewer rows (one column, if as few)
        if any(above + len(rows) * (points + 7) + bars <= room for bars in wanted):
            return points, rows
    return SMALLEST, fact_rows(said.lines, SMALLEST, width, True)


FACT_GAP = 24    # between the two columns of facts
MIN_TRACK = 80   # the narrowest bar drawn beside its words
BAR_ROW = 20     # the shortest row of a bar: its words 12 px at least
BAR_CLEAR = 8    # kept clear under the last bar, above the buttons
SMALLEST = 12    # the smallest type the facts are drawn in


def shown_bars(bars: tuple[Bar, ...], room: int) -> tuple[int, int]:
    """The bars that fit in `room` rows, as a slice [start, end): all of them if they fit,
    else a run around the first marked one (the value the update wrote), with a row kept
    to say how many are not shown."""
    if len(bars) <= room:
        return 0, len(bars)
    room = max(1, room - 1)
    marked = next((i for i, bar in enumerate(bars) if bar.changed), 0)
    start = max(0, min(marked - room // 2, len(bars) - room))
    return start, start + room


def draw_bars(surface: pygame.Surface, area: pygame.Rect, bars: tuple[Bar, ...],
              signed: bool, still: str = "drawn") -> None:
    """Each value as a bar: before as an outline, after filled; the one the update wrote
    framed, in the accent colour, with "changed" (or `still`, when its value stayed)
    written beside it. Too many for `area`: those around it, and how many more."""
    if not bars or area.height < BAR_ROW:
        return
    row = max(BAR_ROW, min(30, area.height // len(bars)))
    start, end = shown_bars(bars, area.height // row)
    size = max(12, min(15, row - 6))
    widest = max(theme.font(size).size(bar.label)[0] for bar in bars) + 10
    label_w = min(widest, int(area.width * 0.4))
    widest_words = max(theme.font(size, bold=True).size(bar_words(bar, still))[0]
                       for bar in bars)
    numbers_w = min(widest_words + 4,   # the words whole, a short bar left
                    max(int(area.width * 0.45), area.width - label_w - 12 - MIN_TRACK))
    track_w = max(20, area.width - label_w - numbers_w - 12)
    top = max([1.0, *(max(abs(b.before), abs(b.after)) for b in bars)])
    for place, bar in enumerate(bars[start:end]):
        y = area.y + place * row
        track = pygame.Rect(area.x + label_w, y + 3, track_w, row - 6)
        theme.text(surface, bar.label, (area.x, y + row // 2), size, theme.TEXT,
                   anchor="midleft", width=label_w - 6)
        pygame.draw.rect(surface, theme.PANEL, track)
        zero: int = track.centerx if signed else track.x
        half = track.width / 2 if signed else track.width

        colour = theme.ACCENT if bar.changed else theme.MUTED
        pygame.draw.rect(surface, colour, span(track, zero, half / top, bar.after))
        pygame.draw.rect(surface, theme.TEXT, span(track, zero, half / top, bar.before), 1)
        if signed:
            pygame.draw.line(surface, theme.MUTED, (zero, track.y - 2),
                             (zero, track.bottom + 2))
        if bar.changed:
            pygame.draw.rect(surface, theme.TEXT, track.inflate(4, 4), 2)
        theme.text(surface, bar_words(bar, still), (track.right + 10, y + row // 2), size,
                   theme.TEXT if bar.changed else theme.MUTED, bold=bar.changed,
                   anchor="midleft", width=numbers_w)
    hidden = len(bars) - (end - start)
    if hidden:
        theme.text(surface, f"… and {hidden} more moves not shown (showing {end - start} "
                   f"of {len(bars)})", (area.x, area.y + (end - start) * row + row // 2),
                   size, theme.MUTED, anchor="midleft", width=area.width)


def bar_words(bar: Bar, still: str) -> str:
    """What is written beside a bar: its value before and after; for the one the update
    wrote, "changed" or `still`."""
    words = f"{number(bar.before)} to {number(bar.after)}"
    if bar.changed:
        words += "  changed" if bar.before != bar.after else f"  {still}"
    return words


def span(track: pygame.Rect, zero: int, scale: float, value: float) -> pygame.Rect:
    """The part of `track` a value covers: from `zero`, `scale` pixels a unit."""
    length = int(abs(value) * scale)
    x = zero - length if value < 0 else zero
    return pygame.Rect(x, track.y, max(1, length), track.height)
