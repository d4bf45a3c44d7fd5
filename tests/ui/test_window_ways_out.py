"""Every ordinary way out of the window keeps its size for the next launch, as the README
says: the close button (from the menu or from a board with screens above it), Q, the
menu's Quit button, and Esc on the menu."""

import pygame
import pytest
from uidriver import button_named, frames, key, post, press

from nimgame import settings
from nimgame.games import Nim
from nimgame.match import Seat
from nimgame.players import PerfectPlayer
from nimgame.session import MatchSetup


def close_button(app):
    post(app, pygame.QUIT)


def q_key(app):
    key(app, pygame.K_q, "q")


def quit_button(app):
    press(app, button_named(app.top, "Quit"))


def esc_key(app):
    key(app, pygame.K_ESCAPE)


@pytest.mark.parametrize("way_out", [close_button, q_key, quit_button, esc_key])
def test_the_size_is_kept_on_the_menu(app, way_out):
    post(app, pygame.VIDEORESIZE, w=1111, h=666, size=(1111, 666))
    frames(app, 1)
    way_out(app)
    frames(app, 1)
    assert not app.running
    assert settings.load()[0].window == (1111, 666)


def test_the_size_is_kept_closing_from_a_board(app):
    """The close button while a board (above the set-up and the menu) is open."""
    app.open("setup", "nim")
    game = Nim((1, 3))
    app.open("board", MatchSetup(game, (Seat("Ann"), Seat("NimX", PerfectPlayer(game)))))
    post(app, pygame.VIDEORESIZE, w=987, h=654, size=(987, 654))
    frames(app, 1)
    close_button(app)
    assert not app.running and app.scenes == []
    assert settings.load()[0].window == (987, 654)


def test_the_readme_names_these_ways_out():
    from pathlib import Path

    readme = " ".join((Path(__file__).resolve().parents[2] / "README.md").read_text(
        encoding="utf-8").split())
    assert ("the window's size as you closed it (the close button, Q, Quit, or Esc on the "
            "menu) come back on the next launch") in readme
