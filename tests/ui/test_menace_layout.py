"""The MENACE screens at every size of test_layout: "G starts a game" under the person's
board, not across it, and every box inside its area. (Their words' sizes and their
buttons' room are held, with every other screen's, by test_text_sizes and
test_button_room.)"""

import pytest
from screen_texts import drawn_texts
from test_layout import SCENES, SIZES, scene_at, size_id

from nimgame.ui.menace.drawing import board_grid

MENACE_SCENES = [name for name in SCENES if name.startswith("menace")]


@pytest.mark.parametrize("size", [SIZES[0], SIZES[3]], ids=size_id)
def test_g_starts_a_game_is_said_under_the_board(size, monkeypatch):
    """Against the person before a game: the words under the board, clear of its grid
    (they were drawn across its bottom row and a grid line), inside the board's panel."""
    with scene_at(size, "menu", monkeypatch) as app:
        app.open("menace", seed=1)
        app.top.choose("opponent", "You")
        scene = app.top
        area = scene.board_area()
        grid, _ = board_grid(scene.desk, area)
        said = [rect for words, rect in drawn_texts(app, monkeypatch)
                if words == "G starts a game"]
        assert len(said) == 1 and area.contains(said[0]), (said, area)
        assert not said[0].colliderect(grid), (said[0], grid)


@pytest.mark.parametrize("size", SIZES, ids=size_id)
@pytest.mark.parametrize("name", ["menace", "menace hexapawn", "menace you",
                                  "menace hexapawn you", "menace second's boxes"])
def test_every_box_drawn_inside_the_boxes_area(size, name, monkeypatch):
    """Hexapawn's boxes against the person grew wider than their area at 800x560: the
    first box ran under the board, its count of beads hidden."""
    from nimgame.ui.menace import drawing

    with scene_at(size, name, monkeypatch) as app:
        drawn = []
        real = drawing.draw_box

        def recording(surface, rect, *args):
            drawn.append(rect)
            real(surface, rect, *args)

        monkeypatch.setattr(drawing, "draw_box", recording)
        app.top.draw(app.screen)
        area = app.top.boxes_area()
        assert drawn and all(area.contains(rect) for rect in drawn), (drawn, area)


@pytest.mark.parametrize("size", SIZES, ids=size_id)
@pytest.mark.parametrize("name", MENACE_SCENES)
def test_no_word_on_the_menace_screens_is_cut(size, name, monkeypatch):
    """Against the person at Hexapawn the line under the boxes lost "Reach the far row, or
    leave the other side no move. Your move." at every size: it takes more lines, above
    the move field, clear of the boxes, the board and every widget."""
    with scene_at(size, name, monkeypatch) as app:
        cut: list[str] = []
        texts = drawn_texts(app, monkeypatch, cut)
        assert not cut, cut
        scene = app.top
        below = [rect for words, rect in texts if words and rect.top >= scene.main_area().bottom
                 and rect.left >= scene.main_area().left and rect.bottom < app.size[1] - 30]
        widgets = [w.rect for w in scene.widgets if w.alive() and w.visible]
        for rect in below:
            assert not any(rect.colliderect(w) for w in widgets), rect
            assert not rect.colliderect(scene.boxes_area()), rect
