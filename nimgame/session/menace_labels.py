"""Labels for building a MENACE out of real matchboxes: every box's position and its
beads' colours, moves and counts, as records (the screen draws them) and as a PDF sheet
written by `pdf` (no dependency: a few pages of lines, boxes and Helvetica text).

Bead colours go by square where a move is one square (Tic-Tac-Toe: nine colours, one per
square, named on the label, never told by colour alone); elsewhere by the bead's place in
its box."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..files import write_atomically
from ..games.base import AnyGame
from ..games.registry import kit_for
from .menace import Menace
from .pdf import PAGE_H, PAGE_W, pdf_document, text_op

#: A colour per square (or per place in a box): its name and its red, green, blue (0-1).
BEAD_COLOURS: tuple[tuple[str, tuple[float, float, float]], ...] = (
    ("white", (1.0, 1.0, 1.0)), ("lilac", (0.78, 0.64, 0.85)),
    ("silver", (0.75, 0.75, 0.75)), ("black", (0.1, 0.1, 0.1)),
    ("gold", (0.85, 0.65, 0.13)), ("green", (0.13, 0.55, 0.13)),
    ("amber", (1.0, 0.75, 0.0)), ("red", (0.86, 0.08, 0.08)), ("pink", (1.0, 0.6, 0.75)))


@dataclass(frozen=True)
class BeadLabel:
    colour: str
    rgb: tuple[float, float, float]
    move: str      # the move as the game's text mode writes it ("5", "b3xa2")
    count: int

    def rgb_255(self) -> tuple[int, int, int]:
        """The colour as a screen draws it (0-255 each)."""
        red, green, blue = self.rgb
        return round(red * 255), round(green * 255), round(blue * 255)


@dataclass(frozen=True)
class BoxLabel:
    number: int
    stage: int            # 0: the machine's first move
    rows: tuple[str, ...]  # the board, a string per row from the top ("" where not a grid)
    line: str             # the position in one line of text
    beads: tuple[BeadLabel, ...]


def bead_colour(game: AnyGame, move: object, place: int) -> tuple[str, tuple[float, float,
                                                                             float]]:
    """The colour of a bead for `move`: by its square where the game numbers moves as
    at most nine squares, else by its `place` in the box."""
    kit = kit_for(game)
    try:
        codec = kit.codec(game)
        index = codec.encode(move) if codec.actions <= len(BEAD_COLOURS) else place
    except ValueError:
        index = place
    return BEAD_COLOURS[index % len(BEAD_COLOURS)]


def box_labels(menace: Menace) -> list[BoxLabel]:
    """A label per box, in the order of the boxes (by stage, then as first met)."""
    game = menace.game
    kit = kit_for(game)
    labels = []
    for box in sorted(menace.boxes.values(), key=lambda b: (b.stage, b.number)):
        line = kit.position_line(game, box.position)
        grid = line.split(",")[0].split("/")
        rows = tuple(grid) if len(grid) > 1 and len({len(r) for r in grid}) == 1 else ()
        beads = []
        for place, (move, count) in enumerate(zip(box.moves, box.beads, strict=True)):
            name, rgb = bead_colour(game, move, place)
            beads.append(BeadLabel(name, rgb, kit.move_text(game, box.position, move), count))
        labels.append(BoxLabel(box.number, box.stage, rows, line, tuple(beads)))
    return labels


# -- the PDF ---------------------------------------------------------------------------
MARGIN = 30
COLUMNS, ROWS = 4, 6
CELL_W = (PAGE_W - 2 * MARGIN) / COLUMNS
CELL_H = (PAGE_H - 2 * MARGIN - 26) / ROWS


def _cell(label: BoxLabel, x: float, top: float, stage_word: str) -> list[str]:
    ops = ["0 0 0 RG 0.6 w", f"{x + 2:.1f} {top - CELL_H + 4:.1f} {CELL_W - 4:.1f} "
           f"{CELL_H - 6:.1f} re S", "0 0 0 rg",
           text_op(x + 6, top - 14, 9, f"Box {label.number} - {stage_word}")]
    y = top - 20
    if label.rows:
        size = 11.0
        cols = len(label.rows[0])
        for r, row in enumerate(label.rows):
            for c, mark in enumerate(row):
                cx, cy = x + 8 + c * size, y - (r + 1) * size
                ops.append(f"{cx:.1f} {cy:.1f} {size:g} {size:g} re S")
                if mark not in ".":
                    ops.append(text_op(cx + 3, cy + 3, 8, mark))
        text_x = x + 14 + cols * size
    else:
        ops.append(text_op(x + 6, y - 10, 7, label.line[:40]))
        text_x = x + 6
    line_y = top - 30
    for bead in label.beads:
        if line_y < top - CELL_H + 10:
            break
        red, green, blue = bead.rgb
        ops += [f"{red:.2f} {green:.2f} {blue:.2f} rg {text_x:.1f} {line_y:.1f} 6 6 re B",
                "0 0 0 rg",
                text_op(text_x + 9, line_y, 7, f"{bead.colour}: {bead.move} x{bead.count}")]
        line_y -= 9
    return ops


def labels_pdf(labels: list[BoxLabel], title: str, subtitle: str = "") -> bytes:
    """The labels as a PDF: a title, a line under it, and a grid of boxes per A4 page."""
    per_page = COLUMNS * ROWS
    pages = [labels[i:i + per_page] for i in range(0, len(labels), per_page)] or [[]]
    contents: list[str] = []
    for number, page in enumerate(pages, 1):
        ops = [text_op(MARGIN, PAGE_H - MARGIN - 8, 11,
                     f"{title} - page {number} of {len(pages)}"),
               text_op(MARGIN, PAGE_H - MARGIN - 18, 8, subtitle)]
        for i, label in enumerate(page):
            col, row = i % COLUMNS, i // COLUMNS
            ops += _cell(label, MARGIN + col * CELL_W, PAGE_H - MARGIN - 26 - row * CELL_H,
                         f"its move {label.stage + 1}")
        contents.append("\n".join(ops))
    return pdf_document(contents)


def write_labels_pdf(menace: Menace, path: Path) -> int:
    """Write the labels of `menace`'s boxes to `path` as a PDF (atomically); the number of
    boxes. OSError (and SaveError) pass up for the caller to say in one line."""
    side = "first" if menace.side == 0 else "second"
    title = f"MENACE for {menace.game.title}, playing {side}: {len(menace.boxes)} boxes"
    labels = box_labels(menace)
    write_atomically(path, labels_pdf(labels, title, menace.rules.words()))
    return len(labels)
