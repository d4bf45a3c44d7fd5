"""Labels for building a MENACE out of real matchboxes: every box's position and its
beads' colours, moves and counts, as records (the screen draws them) and as a PDF sheet
written here by hand (no dependency: a few pages of lines, boxes and Helvetica text).

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
PAGE_W, PAGE_H = 595, 842      # A4 in points
MARGIN = 30
COLUMNS, ROWS = 4, 6
CELL_W = (PAGE_W - 2 * MARGIN) / COLUMNS
CELL_H = (PAGE_H - 2 * MARGIN - 26) / ROWS


def _text(text: str) -> str:
    """`text` as a PDF string: Latin-1, brackets and backslashes escaped."""
    safe = text.encode("latin-1", "replace").decode("latin-1")
    return "(" + safe.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"


def _show(x: float, y: float, size: float, text: str) -> str:
    return f"BT /F1 {size:g} Tf {x:.1f} {y:.1f} Td {_text(text)} Tj ET"


def _cell(label: BoxLabel, x: float, top: float, stage_word: str) -> list[str]:
    ops = ["0 0 0 RG 0.6 w", f"{x + 2:.1f} {top - CELL_H + 4:.1f} {CELL_W - 4:.1f} "
           f"{CELL_H - 6:.1f} re S", "0 0 0 rg",
           _show(x + 6, top - 14, 9, f"Box {label.number} - {stage_word}")]
    y = top - 20
    if label.rows:
        size = 11.0
        cols = len(label.rows[0])
        for r, row in enumerate(label.rows):
            for c, mark in enumerate(row):
                cx, cy = x + 8 + c * size, y - (r + 1) * size
                ops.append(f"{cx:.1f} {cy:.1f} {size:g} {size:g} re S")
                if mark not in ".":
                    ops.append(_show(cx + 3, cy + 3, 8, mark))
        text_x = x + 14 + cols * size
    else:
        ops.append(_show(x + 6, y - 10, 7, label.line[:40]))
        text_x = x + 6
    line_y = top - 30
    for bead in label.beads:
        if line_y < top - CELL_H + 10:
            break
        red, green, blue = bead.rgb
        ops += [f"{red:.2f} {green:.2f} {blue:.2f} rg {text_x:.1f} {line_y:.1f} 6 6 re B",
                "0 0 0 rg",
                _show(text_x + 9, line_y, 7, f"{bead.colour}: {bead.move} x{bead.count}")]
        line_y -= 9
    return ops


def labels_pdf(labels: list[BoxLabel], title: str, subtitle: str = "") -> bytes:
    """The labels as a PDF: a title, a line under it, and a grid of boxes per A4 page."""
    per_page = COLUMNS * ROWS
    pages = [labels[i:i + per_page] for i in range(0, len(labels), per_page)] or [[]]
    contents = []
    for number, page in enumerate(pages, 1):
        ops = [_show(MARGIN, PAGE_H - MARGIN - 8, 11,
                     f"{title} - page {number} of {len(pages)}"),
               _show(MARGIN, PAGE_H - MARGIN - 18, 8, subtitle)]
        for i, label in enumerate(page):
            col, row = i % COLUMNS, i // COLUMNS
            ops += _cell(label, MARGIN + col * CELL_W, PAGE_H - MARGIN - 26 - row * CELL_H,
                         f"its move {label.stage + 1}")
        contents.append("\n".join(ops).encode("latin-1"))
    objects: list[bytes] = [b"", b""]   # 1: catalog, 2: pages, 3: font, then page pairs
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica "
                   b"/Encoding /WinAnsiEncoding >>")
    kids = []
    for content in contents:
        page_id, content_id = len(objects) + 1, len(objects) + 2
        kids.append(f"{page_id} 0 R")
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {PAGE_W} {PAGE_H}] "
                       f"/Resources << /Font << /F1 3 0 R >> >> /Contents {content_id} 0 R >>"
                       .encode())
        objects.append(b"<< /Length %d >>\nstream\n" % len(content) + content
                       + b"\nendstream")
    objects[0] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objects[1] = f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {len(kids)} >>".encode()
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += (b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n"
            % (len(objects) + 1, xref))
    return bytes(out)


def write_labels_pdf(menace: Menace, path: Path) -> int:
    """Write the labels of `menace`'s boxes to `path` as a PDF (atomically); the number of
    boxes. OSError (and SaveError) pass up for the caller to say in one line."""
    side = "first" if menace.side == 0 else "second"
    title = f"MENACE for {menace.game.title}, playing {side}: {len(menace.boxes)} boxes"
    labels = box_labels(menace)
    write_atomically(path, labels_pdf(labels, title, menace.rules.words()))
    return len(labels)
