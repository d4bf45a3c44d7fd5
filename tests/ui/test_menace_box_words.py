"""MENACE's boxes after many games: every number and word of a box inside it with room
(after 500 games the first box's "1388" ran out of its square, both end digits cut by the
ring of the bead drawn last; its count "1420" and, at 200%, "empty" ran into the box's
right edge)."""

import pygame
import pytest
from test_layout import SIZES, scene_at, size_id

from nimgame.ui import theme
from nimgame.ui.menace import drawing

#: Room kept between a box's words and its outer edge (its border is 2 px).
BOX_ROOM = 4


def inked(monkeypatch, draw):
    """Each text `draw` writes, with the rectangle its letters cover."""
    ink = []
    real = theme.text

    def recording(surface, words, pos, size=18, colour=theme.TEXT, bold=False,
                  anchor="topleft", width=None):
        rect = real(surface, words, pos, size, colour, bold, anchor, width)
        shown = words if width is None else theme.fit(words, size, width, bold)
        image = theme.font(size, bold).render(shown, True, colour)
        ink.append((words, image.get_bounding_rect().move(rect.topleft)))
        return rect

    monkeypatch.setattr(theme, "text", recording)
    try:
        draw()
    finally:
        monkeypatch.setattr(theme, "text", real)
    return ink


def drawn_boxes(app, monkeypatch):
    """Each box drawn on the page shown: (its rect, its shape, the texts in it, inked)."""
    boxes = []
    real = drawing.draw_box

    def recording(surface, rect, box, label, shape, lit):
        texts = inked(monkeypatch, lambda: real(surface, rect, box, label, shape, lit))
        boxes.append((rect, shape, box, texts))

    monkeypatch.setattr(drawing, "draw_box", recording)
    app.top.draw(app.screen)
    monkeypatch.setattr(drawing, "draw_box", real)
    return boxes


def assert_words_inside(boxes):
    for rect, shape, box, texts in boxes:
        inside = rect.inflate(-2 * BOX_ROOM, -2 * BOX_ROOM)
        for words, ink in texts:
            assert inside.contains(ink), (box.number, words, ink, rect)
        if not shape.on_squares:
            continue
        cell = shape.cell
        top = rect.y + max(12, round(11 * shape.scale)) + 6
        left = rect.x + (rect.width - 3 * cell) // 2
        ring = drawing.ring_width(cell) + 2   # the ring and its dark lining
        for words, ink in texts:
            if not words[:1].isdigit() or ink.bottom <= top:
                continue   # the box's number and count, over its board
            col, row = (ink.centerx - left) // cell, (ink.centery - top) // cell
            square = pygame.Rect(left + col * cell, top + row * cell, cell, cell)
            assert square.inflate(-2 * ring, -2 * ring).contains(ink), (words, ink, square)


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_big_counts_and_empty_boxes_are_written_inside_their_squares_and_boxes(
        size, monkeypatch):
    with scene_at(size, "menace", monkeypatch) as app:
        scene = app.top
        first = scene.desk.menace.first_box()
        first.beads[:] = [25, 7, 1388]   # as after 500 games against the perfect player
        scene.desk.menace.last = (first, 2)
        scene.show_lit()
        boxes = drawn_boxes(app, monkeypatch)
        assert [box.number for _, _, box, _ in boxes] == [first.number]
        assert {"1388", "1420"} <= {words for words, _ in boxes[0][3]}
        assert_words_inside(boxes)
        first.beads[:] = [0, 0, 0]   # empty
        assert "empty" in {words for words, _ in drawn_boxes(app, monkeypatch)[0][3]}
        assert_words_inside(drawn_boxes(app, monkeypatch))
        stage = sorted({b.stage for b in scene.desk.menace.boxes.values()})[1]
        scene.show_stage(stage)   # a page of many boxes, three and four figures, and more
        for i, box in enumerate(scene.page_boxes()):
            box.beads[:] = [(7 * i + 3) * 10 ** (i % 5) for _ in box.beads]
        boxes = drawn_boxes(app, monkeypatch)
        assert len(boxes) > 1 and any("k" in w for _, _, _, t in boxes for w, _ in t)
        assert_words_inside(boxes)


@pytest.mark.parametrize("size", [SIZES[0], SIZES[3]], ids=size_id)
def test_a_list_of_moves_keeps_big_counts_inside_its_box(size, monkeypatch):
    """Hexapawn's boxes list their moves and counts beside the board: inside the box."""
    with scene_at(size, "menace hexapawn", monkeypatch) as app:
        scene = app.top
        for box in scene.stage_boxes():
            box.beads[:] = [1388] * len(box.beads)
        scene.desk.menace.last = (scene.stage_boxes()[0], 0)
        scene.rebuild()
        boxes = drawn_boxes(app, monkeypatch)
        assert boxes and any(">1388<" in w for _, _, _, t in boxes for w, _ in t)
        assert_words_inside(boxes)
