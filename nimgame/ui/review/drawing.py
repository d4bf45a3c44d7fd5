"""Drawing a game's review: where everything goes at a window size (`ReviewLayout`) and
the timeline under the board, a value history in the spirit of GamesmanUni's — a mark per
move, coloured by what the move left its mover (a win, a draw, a loss) and shaped so too
(a triangle up, a square, a triangle down: a cue that is not colour), with the moves left
and W, D or L under it where there is room; the first mistake framed and flagged "!".
Nothing here knows a game: the scene hands it typed `Mark`s."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from .. import theme

MARGIN = 16
TOP = 108                 # below the title, the game's line and its rules (2 lines)
SIDE_WIDTH = 300          # the words about the move shown, right of the board
TIMELINE_HEIGHT = 62      # the marks, their letters and moves left
KEYS_ROOM = 22
BUTTON_ROW = 56

#: What a value looks like: its letter (the cue besides the colour and the shape) and colour.
LOOKS = {1: ("W", theme.GOOD), 0: ("D", theme.MUTED), -1: ("L", theme.ERROR)}


@dataclass(frozen=True)
class Mark:
    """One move on the timeline: what it left its mover (+1, 0, -1), the moves left then
    (None where not counted or a draw), and whether it is the first mistake."""

    outcome: int
    left: int | None
    first_mistake: bool


@dataclass(frozen=True)
class ReviewLayout:
    """Where each part of the review goes at one window size."""

    board: pygame.Rect        # the position shown, in the board's own drawing
    side: pygame.Rect         # the words about the move shown
    timeline: pygame.Rect     # one cell for the start, then one per move: click to go there
    keys_y: int               # the line that names the keys
    buttons: tuple[pygame.Rect, ...]   # Start, Previous, Next, End, Play on


def lay_out(size: tuple[int, int]) -> ReviewLayout:
    """The review at `size`: the board on the left, the words on the right, the timeline
    across under both, the keys line and the buttons along the bottom."""
    w, h = size
    bottom = h - MARGIN - BUTTON_ROW - KEYS_ROOM - TIMELINE_HEIGHT - MARGIN
    side_width = min(SIDE_WIDTH + max(0, (w - 800) // 4), 520)
    side = pygame.Rect(w - MARGIN - side_width, TOP, side_width, bottom - TOP)
    board = pygame.Rect(MARGIN, TOP, side.x - 2 * MARGIN, bottom - TOP)
    timeline = pygame.Rect(MARGIN, bottom + MARGIN, w - 2 * MARGIN, TIMELINE_HEIGHT - 8)
    keys_y = timeline.bottom + 6
    row_y = h - MARGIN - theme.BUTTON_HEIGHT
    gap = 8
    widths = (104, 124, 100, 84)   # "Start  Home", "Previous  Left", ... with their keys
    last = min(420, w - 2 * MARGIN - sum(widths) - gap * len(widths))
    buttons, x = [], MARGIN
    for width in (*widths, last):
        buttons.append(pygame.Rect(x, row_y, width, theme.BUTTON_HEIGHT))
        x += width + gap
    return ReviewLayout(board, side, timeline, keys_y, tuple(buttons))


def cell(rect: pygame.Rect, count: int, index: int) -> pygame.Rect:
    """The timeline's cell `index` of `count` (0 is the start, then each move)."""
    left = rect.x + rect.width * index // count
    right = rect.x + rect.width * (index + 1) // count
    return pygame.Rect(left, rect.y, max(1, right - left), rect.height)


def timeline_index(rect: pygame.Rect, count: int, pos: tuple[int, int]) -> int | None:
    """The cell a click at `pos` points at (0 the start, then each move), if on the line."""
    if count <= 0 or not rect.collidepoint(pos):
        return None
    return min(count - 1, max(0, (pos[0] - rect.x) * count // max(1, rect.width)))


def draw_shape(surface: pygame.Surface, outcome: int, centre: tuple[int, int], radius: int,
               colour: tuple[int, int, int]) -> None:
    """A win's triangle pointing up, a draw's square, a loss's triangle pointing down."""
    x, y = centre
    r = max(2, radius)
    if outcome > 0:
        points = [(x, y - r), (x + r, y + r), (x - r, y + r)]
    elif outcome < 0:
        points = [(x - r, y - r), (x + r, y - r), (x, y + r)]
    else:
        pygame.draw.rect(surface, colour, pygame.Rect(x - r + 1, y - r + 1, 2 * r - 1,
                                                      2 * r - 1))
        return
    pygame.draw.polygon(surface, colour, points)


def mark_label(mark: Mark) -> str:
    """What a mark says under its shape: "W3", "D", "L2" ("W" where not counted, and
    where the game is over)."""
    letter = LOOKS[mark.outcome][0]
    return letter if not mark.left or mark.outcome == 0 else f"{letter}{mark.left}"


def draw_timeline(surface: pygame.Surface, rect: pygame.Rect, marks: Sequence[Mark],
                  selected: int) -> None:
    """The start, then each move's mark; the cell shown framed, the first mistake framed
    in the accent colour with a bar under it (and "!" where there is room). Labels (W3,
    D, L2) only where every cell has room for its own, so none is missing; the shape
    always."""
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=6)
    count = len(marks) + 1
    shape_y = rect.y + 14
    narrowest = min(cell(rect, count, index).width for index in range(count))
    labelled = all(theme.font(12).size(mark_label(mark))[0] <= narrowest - 2
                   for mark in marks)
    for index in range(count):
        place = cell(rect, count, index)
        if index == selected:
            pygame.draw.rect(surface, theme.PANEL_EDGE, place, border_radius=4)
        radius = max(2, min(8, place.width // 2 - 2))
        if index == 0:
            pygame.draw.circle(surface, theme.MUTED, (place.centerx, shape_y), radius, 2)
            label = "Start" if theme.font(12).size("Start")[0] <= place.width - 2 else "S"
            _label(surface, label, place, theme.MUTED)
            continue
        mark = marks[index - 1]
        colour = LOOKS[mark.outcome][1]
        if mark.first_mistake:
            pygame.draw.rect(surface, theme.ACCENT, place, width=2, border_radius=4)
            pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(
                place.x + 2, rect.bottom - 6, max(1, place.width - 4), 4))
            if place.width >= 2 * radius + 16:
                theme.text(surface, "!", (place.centerx + radius + 3, shape_y), 14,
                           theme.ACCENT, bold=True, anchor="midleft")
        draw_shape(surface, mark.outcome, (place.centerx, shape_y), radius, colour)
        if labelled:
            _label(surface, mark_label(mark), place, colour)
    if 0 <= selected < count:
        place = cell(rect, count, selected)
        pygame.draw.rect(surface, theme.TEXT, place, width=2, border_radius=4)


def _label(surface: pygame.Surface, words: str, place: pygame.Rect,
           colour: tuple[int, int, int]) -> None:
    """`words` under a mark, if they fit its cell whole (a narrow cell keeps its shape)."""
    if theme.font(12).size(words)[0] <= place.width - 2:
        theme.text(surface, words, (place.centerx, place.y + 26), 12, colour, anchor="midtop")


LEGEND = ((1, "W: win"), (0, "D: draw"), (-1, "L: loss"), (None, "! first mistake"))
LEGEND_LINE = 20


def legend_lines(width: int) -> int:
    """How many lines the legend takes in `width`."""
    return _legend(None, (0, 0), width)


def draw_legend(surface: pygame.Surface, pos: tuple[int, int], width: int) -> int:
    """What the marks mean (▲ W: win, ■ D: draw, ▼ L: loss, ! first mistake), as many to
    a line as fit `width`; the lines it took."""
    return _legend(surface, pos, width)


def _legend(surface: pygame.Surface | None, pos: tuple[int, int], width: int) -> int:
    x, y = pos
    lines = 1
    for outcome, words in LEGEND:
        colour = theme.ACCENT if outcome is None else LOOKS[outcome][1]
        need = (16 if outcome is not None else 0) + theme.font(13).size(words)[0]
        if x > pos[0] and x + need > pos[0] + width:
            x, y, lines = pos[0], y + LEGEND_LINE, lines + 1
        if surface is not None:
            if outcome is not None:
                draw_shape(surface, outcome, (x + 6, y + 9), 5, colour)
            theme.text(surface, words, (x + need - theme.font(13).size(words)[0], y), 13,
                       colour, width=pos[0] + width - x)
        x += need + 14
    return lines


__all__ = ["LOOKS", "MARGIN", "Mark", "ReviewLayout", "cell", "draw_legend", "draw_shape",
           "draw_timeline", "lay_out", "legend_lines", "mark_label", "timeline_index"]
