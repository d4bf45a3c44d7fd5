"""Drawing one MCTS decision: where everything goes at a window size (`DecisionLayout`),
the root's moves as a table, the current iteration as a path down the tree, and the
timeline of iterations. The scene (`scene`) turns the step model into the typed rows
drawn here; nothing here knows a game or the search."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from .. import theme
from ..board import PositionPicture

MARGIN = 16
TOP = 118                 # below the title, the decision's line and its verdict sentence
BOTTOM_ROOM = 114         # the timeline, the keys line and the buttons
BUTTON_GAP = 8
TABLE_HEADER = 22
ROW = 19                  # a row of the table (a big window: `BIG` times as tall)
BIG = 1.35
PATH_HEAD = 46            # "Iteration i of N" and the root's line, above the path's rows
NOTE_ROOM = 36            # the backup's explanation under the path
GUTTER = 10               # between a path row's words and the column of its credit

#: What an exact verdict looks like: its words (the cue besides the colour) and colour.
VERDICTS = {1: ("wins", theme.GOOD), 0: ("draws", theme.MUTED), -1: ("loses", theme.ERROR)}


def signed(result: int) -> str:
    """+1, 0 or −1 (a true minus sign)."""
    return "+1" if result > 0 else "−1" if result < 0 else "0"


def number(value: float) -> str:
    """A mean or a score as the view writes it: "+0.43", "−0.07" (a true minus sign)."""
    return f"{value:+.2f}".replace("-", "−")


@dataclass(frozen=True)
class DecisionLayout:
    """Where each part of the view goes at one window size."""

    position: pygame.Rect      # the root's position, in the board's drawing
    table: pygame.Rect         # the root's moves
    path: pygame.Rect          # the current iteration
    timeline: pygame.Rect      # every iteration, the current one marked: click to jump
    keys_y: int                # the line that names the keys
    buttons: tuple[pygame.Rect, ...]   # First, −1000 … +1000, Last
    table_rows: int            # rows of moves the table has room for
    scale: float               # 1, or `BIG` in a big window: its rows and type are larger

    def size(self, points: int) -> int:
        """A type size of the small window, scaled."""
        return round(points * self.scale)

    @property
    def row(self) -> int:
        return round(ROW * self.scale)

    @property
    def header(self) -> int:
        return round(TABLE_HEADER * self.scale)


def lay_out(size: tuple[int, int], moves: int, top: int = TOP) -> DecisionLayout:
    """The view at `size` for a position with `moves` legal moves, under a heading `top`
    pixels tall: the position over the table on the left, as big as the table leaves it
    (never under 90 pixels), the path on the right; the timeline, keys and buttons along
    the bottom."""
    w, h = size
    scale = BIG if w >= 1200 and h >= 800 else 1.0
    middle = pygame.Rect(MARGIN, top, w - 2 * MARGIN, h - BOTTOM_ROOM - top)
    left_w = (middle.width - 2 * MARGIN) // 2
    label = 24
    row, header = round(ROW * scale), round(TABLE_HEADER * scale)
    wanted = header + moves * row
    side = max(90, min(round(360 * scale), left_w, middle.height - label - wanted - 8))
    position = pygame.Rect(middle.x, middle.y + label, left_w, side)
    table = pygame.Rect(middle.x, position.bottom + 8, left_w,
                        middle.bottom - position.bottom - 8)
    rows = max(1, (table.height - header) // row)
    path = pygame.Rect(middle.x + left_w + 2 * MARGIN, middle.y,
                       middle.width - left_w - 2 * MARGIN, middle.height)
    timeline = pygame.Rect(MARGIN, h - 104, w - 2 * MARGIN, 12)
    count = 10
    width = min(130, (w - 2 * MARGIN - (count - 1) * BUTTON_GAP) // count)
    left = (w - count * width - (count - 1) * BUTTON_GAP) // 2
    buttons = tuple(pygame.Rect(left + i * (width + BUTTON_GAP), h - 56, width,
                                theme.BUTTON_HEIGHT) for i in range(count))
    return DecisionLayout(position, table, path, timeline, h - 80, buttons, rows, scale)


# -- the root's moves ---------------------------------------------------------------------------
@dataclass(frozen=True)
class ChildRow:
    """One root move as the table shows it."""

    words: str
    visits: int
    share: float                   # of the most visited move's visits, for the bar
    mean: str                      # "+0.43", or "—" untried
    uct: str
    verdict: int | None            # exact: +1 wins, 0 draws, -1 loses (None: not known yet)
    this_iteration: bool           # the move the current iteration went down
    most_visited: bool             # the move the search would play now
    short: str = ""                # `words` shorter, said where they do not fit


def table_columns(width: int, scale: float = 1.0) -> tuple[int, int, int, int, int]:
    """Where the move, visits, mean, UCT and exact columns start, for a table `width`
    wide (the move's column takes what the numbers leave)."""
    exact = max(round(52 * scale), width // 8)
    number_w = max(round(48 * scale), width // 9)
    visits_w = max(round(58 * scale), width // 7)
    move_w = width - exact - 2 * number_w - visits_w
    return 0, move_w, move_w + visits_w, move_w + visits_w + number_w, \
        move_w + visits_w + 2 * number_w


def draw_table(surface: pygame.Surface, layout: DecisionLayout, rows: Sequence[ChildRow],
               hidden: int) -> None:
    """The root's moves (`hidden` more left out, said under them). The move the current
    iteration took is marked with a triangle, the most visited one is in bold, the exact
    verdict in words and colour."""
    rect, size, step = layout.table, layout.size(14), layout.row
    cols = table_columns(rect.width, layout.scale)
    names = ("Move", "Visits", "Mean", "UCT", "Exact")
    for name, dx in zip(names, cols, strict=True):
        theme.text(surface, name, (rect.x + dx + (14 if dx == 0 else 0), rect.y), size,
                   theme.MUTED, bold=True)
    y = rect.y + layout.header
    words_w = cols[1] - 20   # a move too long for it: every move in its short form
    short = any(row.short and theme.font(size, row.most_visited).size(row.words)[0] > words_w
                for row in rows)
    for row in rows:
        if row.this_iteration:
            pygame.draw.rect(surface, theme.PANEL, (rect.x, y - 1, rect.width, step),
                             border_radius=4)
            middle = y + step // 2
            pygame.draw.polygon(surface, theme.ACCENT, [(rect.x + 2, middle - 5),
                                                        (rect.x + 10, middle),
                                                        (rect.x + 2, middle + 5)])
        bar = pygame.Rect(rect.x + cols[1] - 3, y, int((cols[2] - cols[1] - 6) * row.share),
                          step - 2)
        if bar.width:   # beside the most visited move's, behind the number
            pygame.draw.rect(surface, theme.PANEL_EDGE, bar, border_radius=3)
        theme.text(surface, row.short if short and row.short else row.words,
                   (rect.x + 14, y), size, theme.TEXT, bold=row.most_visited, width=words_w)
        theme.text(surface, f"{row.visits:,}", (rect.x + cols[1], y), size, theme.TEXT,
                   bold=row.most_visited, width=cols[2] - cols[1] - 6)
        theme.text(surface, row.mean, (rect.x + cols[2], y), size, width=cols[3] - cols[2] - 6)
        theme.text(surface, row.uct, (rect.x + cols[3], y), size, width=cols[4] - cols[3] - 6)
        if row.verdict is None:
            theme.text(surface, "…", (rect.x + cols[4], y), size, theme.MUTED)
        else:
            words, colour = VERDICTS[row.verdict]
            theme.text(surface, words, (rect.x + cols[4], y), size, colour, bold=True,
                       width=rect.width - cols[4])
        y += step
    if hidden:
        theme.text(surface, f"… and {hidden:,} more move{'s' * (hidden > 1)} (fewer visits)",
                   (rect.x + 14, y), layout.size(13), theme.MUTED, width=rect.width - 14)


# -- the current iteration ----------------------------------------------------------------------
@dataclass(frozen=True)
class PathRow:
    """One line of the current iteration's path down the tree."""

    phase: str                     # "Select", "Expand", "Play out" or "…"
    words: str                     # the move, or the playout's moves
    state: Any                     # the position it leads to (None: no picture)
    numbers: str                   # what the search saw and what the backup made of it
    credit: int | None             # the result backed up for the row's mover, if any
    added: bool = False            # the node this iteration added to the tree
    short: str = ""                # `words` shorter, said where they do not fit


def path_capacity(layout: DecisionLayout) -> int:
    """How many rows of at least 36 pixels the path has room for."""
    head, note = layout.size(PATH_HEAD), layout.size(NOTE_ROOM)
    return max(2, (layout.path.height - head - note) // 36)


def draw_path(surface: pygame.Surface, layout: DecisionLayout, heading: str, root_line: str,
              rows: Sequence[PathRow], note: str, picture: PositionPicture) -> None:
    """The iteration, from the root down: each row a small picture of its position with
    its phase and move, the numbers under them and the backup's credit at the right; a
    line joins the pictures as the branch the search went down."""
    rect, size = layout.path, layout.size
    theme.text(surface, heading, (rect.x, rect.y), size(18), theme.ACCENT, bold=True,
               width=rect.width)
    theme.text(surface, root_line, (rect.x, rect.y + size(24)), size(14), theme.MUTED,
               width=rect.width)
    head, note_room = size(PATH_HEAD), size(NOTE_ROOM)
    heights, _ = row_heights(layout, rows)
    side = heights[0] - 6
    y = rect.y + head
    for index, (row, row_h) in enumerate(zip(rows, heights, strict=True)):
        box = pygame.Rect(rect.x, y, side, side)
        if index and row.phase != "…":
            pygame.draw.line(surface, theme.PANEL_EDGE, (box.centerx, y - 6),
                             (box.centerx, y), 2)
        if row.state is not None:
            pygame.draw.rect(surface, theme.PANEL, box, border_radius=4)
            picture(surface, box.inflate(-4, -4), row.state)
            edge = theme.ACCENT if row.added else theme.PANEL_EDGE
            pygame.draw.rect(surface, edge, box, width=2 if row.added else 1,
                             border_radius=4)
        text_x = box.right + 10
        big, small, width, beside, most = row_room(layout, row, row_h, text_x)
        phase = theme.text(surface, row.phase, (text_x, y + 1), big, theme.ACCENT
                           if row.added else theme.TEXT, bold=True)
        lines, words_size, _ = said_words(row, big, small, width, beside, most)
        for number_of, line in enumerate(lines):
            theme.text(surface, line, (phase.right + 8 if not number_of else text_x,
                                       y + 1 + number_of * (big + 5)), words_size,
                       theme.TEXT, width=beside if not number_of else width)
        top = y + len(lines) * (big + 5) + 1
        said = number_lines(row.numbers, small, width, (y + row_h - 4 - top) // (small + 4))
        for number_of, (line, points) in enumerate(said):
            theme.text(surface, line, (text_x, top + number_of * (small + 4)), points,
                       theme.MUTED, width=width)
        if row.credit is not None:
            colour = theme.GOOD if row.credit > 0 else theme.ERROR if row.credit < 0 \
                else theme.MUTED
            theme.text(surface, signed(row.credit), (rect.right, y + side // 2), size(16),
                       colour, bold=True, anchor="midright")
        y += row_h
    step = size(16)
    for i, line in enumerate(theme.wrap(note, size(13), rect.width)[:2]):
        theme.text(surface, line, (rect.x, rect.bottom - note_room + 2 + step * i), size(13),
                   theme.MUTED, width=rect.width)


def row_heights(layout: DecisionLayout, rows: Sequence[PathRow]) -> tuple[list[int], bool]:
    """Each path row's height: the same for all (36 to 76 pixels, scaled), the last (the
    play-out's list) what is left; the others less, down to 36, where that gives the
    play-out the lines its words need whole; and whether they are."""
    room = layout.path.height - layout.size(PATH_HEAD) - layout.size(NOTE_ROOM)
    count = max(1, len(rows))
    even = max(36, min(layout.size(76), room // count))
    for row_h in range(even, 35, -1):
        last = max(row_h, room - row_h * (count - 1))
        text_x = layout.path.x + row_h - 6 + 10
        if said_words(rows[-1], *row_room(layout, rows[-1], last, text_x))[2]:
            return [row_h] * (count - 1) + [last], True
    return [even] * (count - 1) + [max(even, room - even * (count - 1))], False


def row_room(layout: DecisionLayout, row: PathRow, row_h: int, text_x: int
             ) -> tuple[int, int, int, int, int]:
    """A path row's type sizes (its words', its numbers'), the width of its lines (every
    one ends before the column of credits, whether it has one or not), of its first line
    (beside its phase) and how many lines of words it has room for."""
    size, rect = layout.size, layout.path
    badge = theme.font(size(16), bold=True).size("+1")[0] + GUTTER
    big = size(15) if row_h >= size(44) else 14
    small = size(13) if row_h >= size(44) else 13
    width = rect.right - text_x - badge
    phase_right = text_x + theme.font(big, bold=True).size(row.phase)[0]
    beside = rect.right - badge - phase_right - 8
    return big, small, width, beside, max(1, (row_h - small - 8) // (big + 5))


def said_words(row: PathRow, big: int, small: int, width: int, beside: int, most: int
               ) -> tuple[list[str], int, bool]:
    """A path row's words too long for a line: on as many lines as the row has room for,
    else a little smaller (down to the numbers' size), else in its short form, else
    shortened. Its lines, their size and whether they are whole."""
    said = row_words(row.words, big, small, beside, width, most)
    if not said[2] and row.short:
        return row_words(row.short, big, small, beside, width, most)   # cut, it says more
    return said


def row_words(words: str, big: int, small: int, beside: int, width: int, most: int
              ) -> tuple[list[str], int, bool]:
    """A path row's words as lines (the first `beside` its phase, the rest `width` wide,
    at most `most`), their size, and whether they are whole: wrapped where the row has
    lines for them; else on one line, down to `small` points if that makes it fit."""
    lines = wrap_words(words, big, beside)
    rest = wrap_words(" ".join(lines[1:]), big, width) if len(lines) > 1 else []
    if rest and len(rest) < most:
        return [lines[0], *rest], big, True
    points = next((points for points in range(big, small - 1, -1)
                   if theme.fit(words, points, beside) == words), None)
    if points is not None or not rest or most < 2:
        return [words], points or big, points is not None
    return [lines[0], *rest[:most - 2], " ".join(rest[most - 2:])], big, False   # cut


#: Spaces a path row's words are not broken at: before a number ("pile 4", "row 2") and
#: inside "(its move)" and "(the reply)".
KEPT_TOGETHER = re.compile(r" (?=\d+\b)| (?=move\))| (?=reply\))")
NO_BREAK = "\u00a0"


def wrap_words(words: str, size: int, width: int) -> list[str]:
    """`words` wrapped to `width` (`theme.wrap`), a number never alone at the start of a
    line, whose move was it never split."""
    glued = KEPT_TOGETHER.sub(NO_BREAK, words)
    return [line.replace(NO_BREAK, " ") for line in theme.wrap(glued, size, width)]


def number_lines(numbers: str, size: int, width: int, room: int) -> list[tuple[str, int]]:
    """A path row's numbers ("UCT +0.83 · visits 35 to 36 · mean …") as lines of `width`
    with their type size: on one line; else broken at its dots where `room` lines fit;
    else one line a little smaller (never under 12), shortened if it must be."""
    if theme.fit(numbers, size, width) == numbers:
        return [(numbers, size)]
    lines: list[str] = []
    for part in numbers.split(" · "):
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and theme.fit(joined, size, width) == joined:
            lines[-1] = joined
        else:
            lines.append(part)
    if 1 < len(lines) <= room and all(theme.fit(line, size, width) == line for line in lines):
        return [(line, size) for line in lines]
    return [(numbers, next((points for points in range(size, 11, -1)
                            if theme.fit(numbers, points, width) == numbers), size))]


def draw_timeline(surface: pygame.Surface, rect: pygame.Rect, index: int, count: int,
                  settled: int, settled_right: bool) -> None:
    """Every iteration along a bar, filled up to the current one; a tick where the search
    settled on its move (solid if the exact value agrees, hollow if not)."""
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, border_radius=6)
    if count <= 0:
        return
    filled = rect.copy()
    filled.width = max(6, round(rect.width * (index + 1) / count))
    pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=6)
    if settled:
        x = rect.x + round(rect.width * (settled - 0.5) / count)
        tick = pygame.Rect(x - 3, rect.y - 5, 7, rect.height + 10)
        colour = theme.GOOD if settled_right else theme.ERROR
        pygame.draw.rect(surface, colour, tick, width=0 if settled_right else 2,
                         border_radius=2)


def timeline_index(rect: pygame.Rect, count: int, pos: tuple[int, int]) -> int | None:
    """The iteration a click at `pos` on the timeline points at, if it is on it."""
    if count <= 0 or not rect.inflate(0, 16).collidepoint(pos):
        return None
    return min(count - 1, max(0, (pos[0] - rect.x) * count // max(1, rect.width)))

