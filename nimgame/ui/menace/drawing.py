"""The MENACE screen's drawing: its matchboxes, a page of one stage at a time (grouped by
the machine's move, as in Scroggs' MENACE), each with its position and its beads — the
count written on the square a bead names (or beside its move), the bead drawn last lit
and marked; and the charts of the first box's beads and of wins, draws and losses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from ...games.registry import kit_for
from ...session.menace import Box, Menace
from ...session.menace_desk import MenaceDesk
from ...session.menace_labels import BoxLabel
from .. import theme
from ..board import board_picture
from ..widgets.chart import draw_chart

#: A chart follows at most this many points (a long run is sampled evenly).
CHART_POINTS = 200
#: Wins, draws and losses are charted as their share of the last this many games.
WINDOW = 20
RESULT_COLOURS = ((1, "wins", theme.GOOD), (0, "draws", theme.SECOND),
                  (-1, "losses", theme.ERROR))


@dataclass(frozen=True)
class BoxShape:
    """How big a box is drawn (`cell`: one square of its position), and whether its beads
    go on its squares."""

    width: int
    height: int
    on_squares: bool
    cell: int = 18

    @property
    def scale(self) -> float:
        return self.cell / 18


#: A box's square is drawn this size at least (readable at 800x560) and at most.
SMALLEST_CELL, LARGEST_CELL = 20, 44


def shape_for(menace: Menace, labels: list[BoxLabel], cell: int = SMALLEST_CELL,
              most: int = 0) -> BoxShape:
    """Beads on squares where each bead's move is a square of the board (Tic-Tac-Toe);
    else beside the board as a list (a pawn's step from square to square). `cell`: the
    size of a square; the box and its writing grow with it (and with `most`, the most
    beads of a colour a box holds: its count is written whole inside its square)."""
    return _shape(*_contents(labels), cell, most)


def _contents(labels: list[BoxLabel]) -> tuple[bool, int]:
    """Whether the beads go on the squares, and the most beads' moves a box lists."""
    squares = all(label.rows and all(b.move.isdigit() for b in label.beads)
                  for label in labels[:50])
    return squares, max((len(label.beads) for label in labels), default=1)


#: The least room between a box's words and its edge (inside its border), in pixels.
EDGE = 6


def count_words(count: int) -> str:
    """A count of beads as a box writes it: whole up to 9,999, then in thousands ("14k")
    and millions ("3M"), so that it fits its square."""
    return f"{count}" if count < 10_000 else f"{count // 1000}k" if count < 1_000_000 \
        else f"{count // 1_000_000}M"


def ring_width(cell: int) -> int:
    """The width of the ring around the square of the bead drawn last."""
    return max(2, cell // 10)


def count_size(words: str, cell: int) -> int | None:
    """The type size a count is written in on a square `cell` wide: as large as the square
    allows (up to 55% of it), inside the ring with room; None if not even at 12 px."""
    room = cell - 2 * (ring_width(cell) + 2)
    for size in range(max(12, round(cell * 0.55)), 11, -1):
        if theme.font(size, True).size(words)[0] <= room:
            return size
    return None


def _shape(squares: bool, most: int, cell: int, count: int = 0) -> BoxShape:
    words = count_words(count)
    if squares:
        while count_size(words, cell) is None and cell < LARGEST_CELL:
            cell += 1   # a square wide enough for the largest count
        return BoxShape(3 * cell + 14, 3 * cell + cell + 8, True, cell)
    scale = cell / 18
    line = 4 + 3 * cell + 8 + 2 * max(4, round(4 * scale)) + 4 + EDGE + theme.font(
        max(12, round(12 * scale)), True).size(f"b3xa2 >{words}<")[0]
    return BoxShape(max(round(150 * scale), line), round(max(80, 24 + 13 * most) * scale),
                    False, cell)


def fitting_shape(menace: Menace, labels: list[BoxLabel], area: pygame.Rect,
                  boxes: int, most: int = 0) -> BoxShape:
    """The largest box shape (SMALLEST_CELL to LARGEST_CELL) with which `boxes` boxes, or
    at least a page of 24, fit in `area`, each box within its width: the boxes grow with
    the room (and each square with the count it holds, `most` beads of a colour at most).
    (The labels are read once: a frame asks this several times.)"""
    want = max(1, min(boxes, 24))
    squares, moves = _contents(labels)
    best = _shape(squares, moves, SMALLEST_CELL, most)
    for cell in range(best.cell + 1, LARGEST_CELL + 1):
        shape = _shape(squares, moves, cell, most)
        if boxes_per_page(shape, area) < want or shape.width + 16 > area.width:
            break   # too few on a page, or a box wider than the area
        best = shape
    return best


def boxes_per_page(shape: BoxShape, area: pygame.Rect) -> int:
    cols = max(1, (area.width - 8) // (shape.width + 6))
    rows = max(1, (area.height - 8) // (shape.height + 6))
    return cols * rows


class MenaceScreen(Protocol):
    """What the drawing reads of the screen (`MenaceScene` is one)."""

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def desk(self) -> MenaceDesk: ...

    @property
    def message(self) -> str: ...

    @property
    def message_ok(self) -> bool: ...

    @property
    def warning(self) -> bool: ...

    @property
    def busy(self) -> str: ...

    @property
    def charts(self) -> bool: ...

    @property
    def labels(self) -> list[BoxLabel]: ...

    def form_labels(self) -> list[tuple[str, int]]: ...

    def main_area(self) -> pygame.Rect: ...

    def boxes_area(self) -> pygame.Rect: ...

    def page_boxes(self) -> list[Box]: ...

    def box_shape(self) -> BoxShape: ...

    def shown_menace(self) -> Menace: ...

    def labels_for(self, menace: Menace) -> list[BoxLabel]: ...

    def board_area(self) -> pygame.Rect | None: ...

    def page_words(self) -> str: ...

    def status_lines(self) -> list[str]: ...

    def left(self) -> int: ...

    @property
    def stage_caption(self) -> tuple[int, int] | None: ...

    @property
    def move_field(self) -> object | None: ...


def draw_menace(surface: pygame.Surface, scene: MenaceScreen) -> None:
    w, h = scene.size
    theme.text(surface, "MENACE: matchboxes that learn", (theme.GAP, 12), 24, theme.ACCENT,
               bold=True)
    desk, shown = scene.desk, scene.shown_menace()
    whose = "" if shown is desk.menace else "the second MENACE's "
    theme.text(surface, f"{desk.game.title} · {whose}{len(shown.boxes)} boxes · "
               f"{shown.rules.words()}", (theme.GAP, 42), 13, theme.MUTED,
               width=w - 2 * theme.GAP)
    for label, y in scene.form_labels():
        theme.text(surface, label, (theme.GAP, y + 6), 14, theme.TEXT)
    area = scene.main_area()
    if scene.charts:
        draw_charts(surface, scene, area)
    else:
        if scene.stage_caption is not None:   # before the stage buttons' numbers
            theme.text(surface, "Move", scene.stage_caption, 14, theme.TEXT,
                       anchor="midleft")
        draw_page(surface, scene, scene.boxes_area())
        board = scene.board_area()
        if board is not None:
            draw_person_board(surface, desk, board)
    y = area.bottom + 4
    for line in scene.status_lines():
        theme.text(surface, line, (area.x, y), 14, theme.TEXT, width=area.width)
        y += 18
    if scene.busy:
        theme.text(surface, scene.busy, (area.x, y), 14, theme.ACCENT, width=area.width)
    if scene.message:   # beside the person's move field, if there is one
        colour = theme.ACCENT if scene.warning else theme.GOOD if scene.message_ok else \
            theme.ERROR
        room = scene.left() if scene.move_field is not None else w - 2 * theme.GAP
        theme.text(surface, scene.message, (theme.GAP, h - 26), 14, colour,
                   anchor="bottomleft", width=room)
    keys = (("Keys: click a pawn, then where it goes (or arrows and Enter, twice); G new "
             "game, Tab to type a move (b1-b2), Esc" if named_squares(desk) else
             "Keys: click a square, or 1-9, arrows and Enter; G new game, Tab to type a move, "
             "Esc") if desk.person is not None else
            "Keys: each button's letter; R preset, O against, S side, H game, V whose boxes, "
            "Left/Right page, Up/Down move shown, Tab, Esc")
    theme.text(surface, keys,
               (theme.GAP, h - 6), 12, theme.MUTED, anchor="bottomleft",
               width=w - 2 * theme.GAP)


def draw_page(surface: pygame.Surface, scene: MenaceScreen, area: pygame.Rect) -> None:
    theme.panel(surface, area)
    labels = {label.number: label for label in scene.labels}
    boxes = scene.page_boxes()
    if not boxes:
        theme.text(surface, "No boxes at this stage.", (area.x + 12, area.y + 12), 15,
                   theme.MUTED)
        return
    shape = scene.box_shape()
    cols = max(1, (area.width - 8) // (shape.width + 6))
    last = scene.shown_menace().last
    for i, box in enumerate(boxes):
        col, row = i % cols, i // cols
        rect = pygame.Rect(area.x + 8 + col * (shape.width + 6),
                           area.y + 8 + row * (shape.height + 6), shape.width, shape.height)
        lit = last[1] if last is not None and last[0] is box else None
        draw_box(surface, rect, box, labels[box.number], shape, lit)


def header_size(number: str, total: str, width: int, size: int) -> int:
    """The type size of a box's number and its count (or "empty") over its board: `size`,
    or as much smaller (12 px at least) as lets both fit its `width` with room."""
    while size > 12 and sum(theme.font(size).size(words)[0] for words in (number, total)) \
            + 3 * EDGE > width:
        size -= 1
    return size


def draw_box(surface: pygame.Surface, rect: pygame.Rect, box: Box, label: BoxLabel,
             shape: BoxShape, lit: int | None) -> None:
    """One matchbox: its number, its position, and its beads (counts in numbers; the bead
    drawn last, `lit`, told by shape as well as colour: a thick ring and its count bold,
    between arrows in a list)."""
    empty = box.total == 0
    scale = shape.scale
    small = max(12, round(11 * scale))
    pygame.draw.rect(surface, theme.BACKGROUND, rect, border_radius=6)
    edge = theme.ERROR if empty else theme.GOOD if lit is not None else theme.PANEL_EDGE
    pygame.draw.rect(surface, edge, rect, 2 if lit is not None or empty else 1,
                     border_radius=6)
    total = "empty" if empty else count_words(box.total)
    size = header_size(f"{box.number}", total, rect.width, small)
    theme.text(surface, f"{box.number}", (rect.x + EDGE, rect.y + 3), size, theme.MUTED)
    theme.text(surface, total, (rect.right - EDGE, rect.y + 3), size,
               theme.ERROR if empty else theme.MUTED, anchor="topright")
    rows = label.rows
    cell = shape.cell
    top = rect.y + small + 6
    grid_x = rect.x + (rect.width - 3 * cell) // 2 if shape.on_squares else rect.x + 4
    squares = {int(b.move) - 1: i for i, b in enumerate(label.beads)} if shape.on_squares \
        else {}
    widest = count_words(max(box.beads, default=0))
    counts = count_size(widest, cell) or 12   # one size for the box's counts
    for r, line in enumerate(rows):
        for c, mark in enumerate(line):
            square = pygame.Rect(grid_x + c * cell, top + r * cell, cell, cell)
            pygame.draw.rect(surface, theme.PANEL_EDGE, square, 1)
            index = r * len(line) + c
            if mark != ".":
                theme.text(surface, mark, square.center, max(13, round(13 * scale)),
                           theme.ACCENT if mark in "XW" else theme.SECOND, bold=True,
                           anchor="center")
            elif index in squares:
                _bead(surface, square, label, box, squares[index], lit, counts)
    if not shape.on_squares:
        x, y = grid_x + 3 * cell + 8, top - 2
        step, dot = round(13 * scale), max(4, round(4 * scale))
        for i, bead in enumerate(label.beads):
            count = count_words(box.beads[i])
            centre = (x + dot, y + step // 2)
            pygame.draw.circle(surface, bead.rgb_255(), centre, dot)
            pygame.draw.circle(surface, theme.MUTED, centre, dot, 1)
            if i == lit:
                lit_marks(surface, pygame.Rect(x - 3, y - 1, 2 * dot + 6, step), 2)
            theme.text(surface, f"{bead.move} {'>' if i == lit else ''}{count}"
                       f"{'<' if i == lit else ''}", (x + 2 * dot + 6, y),
                       max(12, round(12 * scale)), theme.GOOD if i == lit else theme.TEXT,
                       bold=i == lit)
            y += step


def lit_marks(surface: pygame.Surface, square: pygame.Rect, width: int) -> None:
    """The ring that tells a square without colour (the bead drawn last; the square the
    keys are on): `width` thick along the square's inside edge, lined dark on both sides
    so that it shows on light squares and dark ones alike, the square's inside left
    clear (its number, its count, its pawn)."""
    pygame.draw.rect(surface, theme.BACKGROUND, square, width + 2)
    pygame.draw.rect(surface, theme.GOOD, square.inflate(-2, -2), width)


def _bead(surface: pygame.Surface, square: pygame.Rect, label: BoxLabel, box: Box,
          index: int, lit: int | None, size: int) -> None:
    """A bead's colour (a dot in the square's corner) and its count, `size` px, inside
    the ring the bead drawn last has."""
    count = box.beads[index]
    cell = square.width
    if index == lit:
        lit_marks(surface, square, ring_width(cell))
    dot = max(3, cell // 6)
    centre = (square.x + dot + 1, square.y + dot + 1)
    pygame.draw.circle(surface, label.beads[index].rgb_255(), centre, dot)
    pygame.draw.circle(surface, theme.MUTED, centre, dot, 1)
    theme.text(surface, count_words(count), (square.centerx, square.centery + cell // 10),
               size, theme.GOOD if index == lit else theme.TEXT if count else theme.MUTED,
               bold=index == lit, anchor="center")


def draw_person_board(surface: pygame.Surface, desk: MenaceDesk, area: pygame.Rect) -> None:
    """The board of the game against the person, drawn as the game's own board: the
    square the keys are on ringed along its edge (its number inside left clear), the
    square picked first framed inside it, round-cornered."""
    theme.panel(surface, area)
    rect, cell = board_grid(desk, area)
    board_picture(desk.game)(surface, rect, desk.shown)
    person = desk.person
    if person is None:
        theme.text(surface, "G starts a game", (area.centerx, area.bottom - 4), 13,
                   theme.MUTED, anchor="midbottom", width=area.width - 8)
        return
    rows, cols = desk.board_size()
    names = named_squares(desk)
    if names is not None:   # the files under the board, the ranks beside it (the first low)
        files, ranks = names
        for i in range(cols):
            theme.text(surface, files[i], (rect.x + (i + 0.5) * cell, rect.bottom + 5), 13,
                       theme.MUTED, bold=True, anchor="midtop")
        for i in range(rows):
            theme.text(surface, ranks[rows - 1 - i], (rect.x - 8,
                       rect.y + (i + 0.5) * cell), 13, theme.MUTED, bold=True,
                       anchor="midright")
    for square, width in ((person.picked, max(3, cell // 12)), (person.cursor, 3)):
        if square is None:
            continue
        row, col = divmod(square, cols)
        box = pygame.Rect(rect.x + col * cell, rect.y + row * cell, cell, cell)
        if square == person.picked:
            pygame.draw.rect(surface, theme.GOOD, box.inflate(-14, -14), width,
                             border_radius=8)
        else:
            lit_marks(surface, box, width)


#: The room under the person's board for its line of words.
CAPTION = 20
#: The room left of the board for its ranks, where it has them (its files are written
#: under it, in a game, where "G starts a game" is said before one).
LABELS = 20


def named_squares(desk: MenaceDesk) -> tuple[str, str] | None:
    """The board's files and ranks where its squares are named by them (a pawn game's "b1",
    its moves "b1-b2"); None where they are numbered 1 to 9 (Tic-Tac-Toe's, which the
    keys 1-9 play). The game's kit says which."""
    return kit_for(desk.game).square_names(desk.game)


def board_grid(desk: MenaceDesk, area: pygame.Rect) -> tuple[pygame.Rect, int]:
    """Where the person's board is drawn in `area`, and a square's size (the same as the
    game's own picture draws it: a square grid centred in the area, a line of words left
    under it: "G starts a game"; with ranks, room for them)."""
    inner = area.inflate(-12, -12)
    inner.height -= CAPTION
    if named_squares(desk):   # the ranks left of it (its files go where the line goes)
        inner.x, inner.width = inner.x + LABELS, inner.width - LABELS
    rows, cols = desk.board_size()
    cell = min(inner.width // cols, inner.height // rows)
    rect = pygame.Rect(0, 0, cell * cols, cell * rows)
    rect.center = inner.center
    return rect, cell


def sample(count: int) -> list[int]:
    """At most CHART_POINTS indices into `count` values, evenly spread, the last included."""
    if count <= 0:
        return []
    step = max(1, count // CHART_POINTS)
    indices = list(range(0, count, step))
    if indices[-1] != count - 1:
        indices.append(count - 1)
    return indices


def draw_charts(surface: pygame.Surface, scene: MenaceScreen, area: pygame.Rect) -> None:
    """The first box's beads (each colour's share of the box) and the share of wins, draws
    and losses among the last WINDOW games, over the games played; legends in numbers."""
    desk = scene.desk
    run = desk.run
    half = (area.height - 6) // 2
    top = pygame.Rect(area.x, area.y, area.width, half)
    bottom = pygame.Rect(area.x, area.y + half + 6, area.width, half)
    games = len(run.results)
    first = desk.menace.first_box()
    label = next(lb for lb in scene.labels_for(desk.menace) if lb.number == first.number)
    history = run.first_box   # the box after 0, 1, 2, ... games
    kept = sample(len(history))
    series = []
    for i, bead in enumerate(label.beads):
        points = [(float(n), history[n][i] / (sum(history[n]) or 1)) for n in kept]
        series.append((f"{bead.move}: {first.beads[i]}", bead.rgb_255(), points))
    draw_chart(surface, top, series, max(games, 1), "games: the first box's beads")
    results = run.results
    lines = []
    for value, name, colour in RESULT_COLOURS:
        points = []
        for n in sample(games):
            window = results[max(0, n + 1 - WINDOW):n + 1]
            points.append((float(n + 1), window.count(value) / len(window)))
        lines.append((f"{name}: {results.count(value)}", colour, points))
    draw_chart(surface, bottom, lines, max(games, 1), f"games: share of the last {WINDOW}")
