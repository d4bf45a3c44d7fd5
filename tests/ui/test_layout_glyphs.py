"""The check behind "no text of a screen is drawn as boxes" (test_layout runs it on every
screen at every size): it sees the font's "missing" glyph, a box (← and → were drawn so:
the font has no arrows), and passes what the font draws."""

import pygame
from screen_texts import boxed, boxes_in

from nimgame.ui import theme


def test_the_check_sees_a_box_and_passes_what_the_font_draws():
    pygame.init()
    theme.forget()
    boxed.cache_clear()
    assert boxes_in(["Keys: ←/→ a move", "Left/Right < > — … ½ × −", "😀"]) == [
        ("Keys: ←/→ a move", "←→"), ("😀", "😀")]
