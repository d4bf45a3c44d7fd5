"""The MENACE screens at every size of test_layout: every word drawn at 12 px or more,
every button with room around its words (at 800x560 and on the 960x540 canvas of
1920x1080 at 200%), and "G starts a game" under the person's board, not across it."""

import pygame_gui
import pytest
from screen_texts import drawn_texts
from test_layout import SCENES, SIZES, scene_at, size_id

from nimgame.ui import theme
from nimgame.ui.menace.drawing import board_grid

MENACE_SCENES = [name for name in SCENES if name.startswith("menace")]
#: The least room between a button's words and each of its sides, in the canvas's pixels.
PADDING = 10


def sizes_drawn(app, monkeypatch):
    """Each text the screen draws with the font size it is drawn at."""
    found = []
    real = theme.text

    def recording(surface, words, pos, size=18, *args, **kwargs):
        found.append((words, size))
        return real(surface, words, pos, size, *args, **kwargs)

    monkeypatch.setattr(theme, "text", recording)
    app.top.draw(app.screen)
    monkeypatch.setattr(theme, "text", real)
    return found


@pytest.mark.parametrize("size", SIZES, ids=size_id)
@pytest.mark.parametrize("name", MENACE_SCENES)
def test_every_text_on_the_menace_screens_is_12_px_or_more(size, name, monkeypatch):
    """The beads' counts and the boxes' numbers were drawn at 11 px, the free squares'
    numbers on the person's board at 10."""
    with scene_at(size, name, monkeypatch) as app:
        drawn = [(words, px) for words, px in sizes_drawn(app, monkeypatch) if words]
        assert drawn
        small = [(words, px) for words, px in drawn if px < 12]
        assert not small, small


@pytest.mark.parametrize("size", [SIZES[0], SIZES[3]], ids=size_id)
@pytest.mark.parametrize("name", MENACE_SCENES)
def test_every_menace_button_has_room_around_its_words(size, name, monkeypatch):
    """"Resign on  E" and "Forced off  K" had 4 to 6 px either side, the stage shown
    ("Move 5", in the bold font) about 2."""
    with scene_at(size, name, monkeypatch) as app:
        buttons = [w for w in app.top.widgets if w.alive() and w.visible and
                   isinstance(w, pygame_gui.elements.UIButton)]
        assert len(buttons) >= 10
        for button in buttons:
            room = (button.rect.width - button.font.size(button.text)[0]) / 2
            assert room >= PADDING, (button.text, button.rect, room)


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
