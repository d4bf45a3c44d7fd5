"""The box labels: one per box with its beads, and a PDF whose structure holds (every
object where the cross-reference table says, a page per 24 boxes, each box named)."""

import re

import pytest

from nimgame.games.hexapawn.rules import Hexapawn
from nimgame.games.tictactoe.rules import TicTacToe
from nimgame.session.menace import GARDNER, MICHIE, SCROGGS, Menace
from nimgame.session.menace_labels import BEAD_COLOURS, box_labels, labels_pdf, write_labels_pdf


def test_a_label_per_box_with_its_beads():
    menace = Menace(TicTacToe(), SCROGGS.rules)
    labels = box_labels(menace)
    assert [label.number for label in labels] == list(range(1, 305))
    for label in labels:
        box = next(b for b in menace.boxes.values() if b.number == label.number)
        assert [bead.count for bead in label.beads] == box.beads
        assert "".join(label.rows).replace(".", "") == box.position.replace(".", "")
        for bead, move in zip(label.beads, box.moves, strict=True):   # colour by square
            square = move[0] * 3 + move[1]
            assert bead.move == str(square + 1)
            assert (bead.colour, bead.rgb) == BEAD_COLOURS[square]
    first = labels[0]
    assert [(b.colour, b.move, b.count) for b in first.beads] == [
        ("white", "1", 8), ("lilac", "2", 8), ("gold", "5", 8)]


def pdf_objects(data: bytes) -> dict[int, bytes]:
    """The PDF's objects, found through its cross-reference table (which must be right)."""
    assert data.startswith(b"%PDF-1.4\n") and data.endswith(b"%%EOF\n")
    xref = int(re.search(rb"startxref\n(\d+)\n", data).group(1))
    assert data[xref:xref + 5] == b"xref\n"
    count = int(re.match(rb"xref\n0 (\d+)\n", data[xref:]).group(1))
    entries = re.findall(rb"(\d{10}) 00000 n \n", data[xref:])
    assert len(entries) == count - 1
    objects = {}
    for number, offset in enumerate(map(int, entries), 1):
        head = b"%d 0 obj\n" % number
        assert data[offset:offset + len(head)] == head
        objects[number] = data[offset + len(head):data.index(b"\nendobj\n", offset)]
    return objects


@pytest.mark.parametrize("game,rules,side,boxes", [
    (TicTacToe(), MICHIE.rules, 0, 304), (Hexapawn(), GARDNER.rules, 1, 19)])
def test_the_pdf_sheet(tmp_path, game, rules, side, boxes):
    menace = Menace(game, rules, side)
    path = tmp_path / "labels.pdf"
    assert write_labels_pdf(menace, path) == boxes
    objects = pdf_objects(path.read_bytes())
    pages = [body for body in objects.values() if b"/Type /Page " in body]
    assert len(pages) == -(-boxes // 24)
    streams = [body for body in objects.values() if b"stream\n" in body]
    text = b"".join(streams)
    for body in streams:
        length = int(re.match(rb"<< /Length (\d+) >>\nstream\n", body).group(1))
        assert body.endswith(b"\nendstream") and len(body.split(b"stream\n", 1)[1]) == \
            length + len(b"\nendstream")
    for number in range(1, boxes + 1):
        assert b"(Box %d - its move " % number in text
    assert b"304 boxes" in text or game.name != "tictactoe"


def test_text_that_would_break_a_pdf_string_is_escaped():
    data = labels_pdf([], "a (title) with \\ and \u2014", "")
    assert b"(a \\(title\\) with \\\\ and ?" in data
    pdf_objects(data)
