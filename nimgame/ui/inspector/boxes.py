"""A hat learner's hats as a table of boxes, like MENACE's matchboxes: each position it has
a hat for, drawn small by the game's board, with the balls for each move beside it and
what the theory says of the move. A page holds as many boxes as fit the window; the rest
are on the next pages."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from ...learning import insight
from .. import theme

MIN_BOX_WIDTH = 240
MIN_BOX_HEIGHT = 112
MAX_BOX_HEIGHT = 150
HEADER = 24          # the box's first line: the move it is met at, and its balls
VERDICT_COLOURS = {1: theme.GOOD, 0: theme.MUTED, -1: theme.TAKE}
VERDICT_WORDS = {1: "wins", 0: "draws", -1: "loses"}
#: Draws a small picture of a position: (surface, area, state).
Picture = Callable[[pygame.Surface, pygame.Rect, Any], None]
#: A move as a person types it, in its position: (state, move) -> "b1-b2".
MoveText = Callable[[Any, Any], str]


@dataclass(frozen=True)
class BoxGrid:
    """Where the boxes go in `area`: `columns` × `rows` to a page."""

    area: pygame.Rect
    columns: int
    rows: int

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    def box(self, index: int) -> pygame.Rect:
        """The `index`-th box of a page, row by row."""
        row, column = divmod(index, self.columns)
        width = self.area.width / self.columns
        height = min(MAX_BOX_HEIGHT, self.area.height / self.rows)
        return pygame.Rect(round(self.area.x + column * width) + 3,
                           round(self.area.y + row * height) + 3,
                           round(width) - 6, round(height) - 6)


def box_grid(area: pygame.Rect) -> BoxGrid:
    return BoxGrid(area, max(1, area.width // MIN_BOX_WIDTH),
                   max(1, min(area.height // MIN_BOX_HEIGHT,
                              -(-area.height // MAX_BOX_HEIGHT))))


@dataclass(frozen=True)
class BoxLayout:
    """The parts of one box: its header line, the position's picture and the rows of
    moves (each `step` high, as many as fit)."""

    header: pygame.Rect
    picture: pygame.Rect
    moves: pygame.Rect
    step: int
    size: int


def box_layout(box: pygame.Rect, moves: int) -> BoxLayout:
    inner = box.inflate(-16, -12)
    header = pygame.Rect(inner.x, inner.y, inner.width, HEADER - 6)
    side = max(24, min(inner.bottom - header.bottom - 4, inner.width * 2 // 5))
    picture = pygame.Rect(inner.x, header.bottom + 4, side, side)
    rows = pygame.Rect(picture.right + 10, picture.y, inner.right - picture.right - 10,
                       inner.bottom - picture.y)
    step = max(13, min(20, rows.height // max(1, moves)))
    return BoxLayout(header, picture, rows, step, 13 if step >= 16 else 11)


def draw_box(surface: pygame.Surface, box: pygame.Rect, matchbox: insight.Matchbox,
             picture: Picture, move_text: MoveText) -> None:
    theme.panel(surface, box)
    layout = box_layout(box, len(matchbox.moves))
    moved = "" if matchbox.depth is None else f"Move {matchbox.depth + 1}"
    theme.text(surface, moved, layout.header.topleft, 13, theme.ACCENT, bold=True)
    balls = sum(int(row.score) for row in matchbox.moves)
    theme.text(surface, f"{balls:,} balls", layout.header.topright, 13, theme.MUTED,
               anchor="topright", width=layout.header.width // 2)
    picture(surface, layout.picture, matchbox.state)
    draw_moves(surface, layout, matchbox, move_text)


def draw_moves(surface: pygame.Surface, layout: BoxLayout, matchbox: insight.Matchbox,
               move_text: MoveText) -> None:
    """A line per move: the move, its balls, a bar as long as its share of the most
    balls, and the theory's verdict in a word (and a colour)."""
    rows, size = layout.moves, layout.size
    most = max((row.score for row in matchbox.moves), default=1) or 1
    text_w = theme.font(size).size("b1xa2")[0] + 6
    count_w = max(theme.font(size).size(f"{int(row.score):,}")[0]
                  for row in matchbox.moves + [insight.MoveView((), "", 99, 0, None)]) + 4
    verdict_w = theme.font(size - 1).size("draws")[0] + 4
    bar_x = rows.x + text_w + count_w + 6
    bar_room = max(4, rows.right - verdict_w - 4 - bar_x)
    shown = max(1, rows.height // layout.step)
    for i, row in enumerate(matchbox.moves[:shown]):
        y = rows.y + i * layout.step
        middle = y + layout.step // 2
        theme.text(surface, move_text(matchbox.state, row.move), (rows.x, middle), size,
                   anchor="midleft", width=text_w)
        theme.text(surface, f"{int(row.score):,}", (rows.x + text_w + count_w, middle), size,
                   anchor="midright")
        colour = VERDICT_COLOURS[row.theory]
        length = max(2, round(bar_room * row.score / most))
        pygame.draw.rect(surface, colour, (bar_x, middle - 3, length, 7), border_radius=2)
        theme.text(surface, VERDICT_WORDS[row.theory], (rows.right, middle), size - 1,
                   colour, anchor="midright")
    if len(matchbox.moves) > shown:
        theme.text(surface, f"+{len(matchbox.moves) - shown} more", rows.bottomright, 11,
                   theme.MUTED, anchor="bottomright")


def draw_page(surface: pygame.Surface, grid: BoxGrid, found: Sequence[insight.Matchbox],
              first: int, picture: Picture, move_text: MoveText) -> None:
    """The boxes from `first` on, as many as a page holds."""
    for index, matchbox in enumerate(found[first:first + grid.per_page]):
        draw_box(surface, grid.box(index), matchbox, picture, move_text)
