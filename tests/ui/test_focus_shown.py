"""Where the keyboard is, shown from the start: the set-up screen opens with its focus ring
on Play (Enter still plays; Tab goes on to the choices); settings' Back is drawn plainly,
not in the accent colour that reads as the focus."""

import pygame
from uidriver import button_named, key

from nimgame.ui.board.scene import BoardScene


def test_the_setup_screen_opens_with_play_focused(app):
    key(app, pygame.K_1, "1")
    scene = app.top
    assert scene.focus.widget is not None and scene.focus.widget.text == "Play  Enter"
    assert scene.focus.ring is not None
    key(app, pygame.K_TAB, "\t")
    assert scene.focus.widget is not None and scene.focus.widget.text != "Play  Enter"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_1, "1")
    key(app, pygame.K_RETURN, "\r")
    assert isinstance(app.top, BoardScene)


def test_settings_back_is_not_drawn_as_the_focus(app):
    key(app, pygame.K_s, "s")
    back = button_named(app.top, "Back")
    assert "#primary" not in back.object_ids and app.top.focus.widget is not back
