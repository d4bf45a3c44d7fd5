"""The Tic-Tac-Toe inspector's value map played from the keyboard: 1-9 play the square of
that number (counted from the top left), as a click on it does, and the words under the
map say so (it could only be used with the mouse: "Click a square to play there")."""

import pygame
import pytest
from screen_texts import drawn_texts
from test_layout import SIZES, scene_at, size_id
from uidriver import frames, key


@pytest.mark.parametrize("size", [SIZES[0], SIZES[3]], ids=size_id)
def test_digits_play_the_value_map_s_squares_and_the_words_say_so(size, monkeypatch):
    with scene_at(size, "inspector tictactoe", monkeypatch) as app:
        scene = app.top
        said = " ".join(words for words, _ in drawn_texts(app, monkeypatch))
        assert "press its number (1-9" in said and "Click a square" in said
        start = scene.state
        key(app, pygame.K_5, "5")
        frames(app, 1)
        after = scene.state
        assert after != start and after[4] == "X" and list(after).count("X") == 1
        key(app, pygame.K_5, "5")   # taken: said, the position kept
        assert scene.state == after and scene.message
        key(app, pygame.K_KP_1, "1")
        assert scene.state[0] == "O"
        key(app, pygame.K_HOME)
        assert scene.state == start


def test_digits_typed_into_a_field_play_no_square(monkeypatch):
    """While a text field has the typing, its digits are its own."""
    with scene_at(SIZES[0], "inspector tictactoe", monkeypatch) as app:
        scene = app.top
        start = scene.state
        monkeypatch.setattr(scene.widgets[0], "is_focused", True)   # as a field typed in
        key(app, pygame.K_5, "5")
        assert scene.state == start
