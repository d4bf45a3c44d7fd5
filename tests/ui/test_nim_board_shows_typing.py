"""The Nim board says where the keyboard goes from the moment it opens: a line under the
piles says what typing does, and a typed pile's row is framed until the move is played."""

import pygame
from screen_texts import drawn_texts
from uidriver import frames, key

from nimgame.games import Nim
from nimgame.match import Seat
from nimgame.session import MatchSetup
from nimgame.ui import theme


def drawn(app, monkeypatch):
    """The words the screen draws now (after a frame for what the keys did)."""
    frames(app, 1)
    return [words for words, _ in drawn_texts(app, monkeypatch)]


def test_the_board_says_what_typing_does(app, monkeypatch):
    board = app.open("board", MatchSetup(Nim(), (Seat("Ann"), Seat("Bob"))))
    assert any(w.startswith("Keys: a pile's number") for w in drawn(app, monkeypatch))
    key(app, pygame.K_3, "3")
    assert board.typed_pile == 2
    assert "Pile 3: type how many, then Enter (Backspace goes back)" in drawn(app, monkeypatch)
    key(app, pygame.K_2, "2")
    # the two stones it would take are outlined as well as coloured (not colour alone)
    _, radius, _, _, _ = board.layout()
    for index in (3, 4):
        x, y = board.stone_center(2, index)
        assert tuple(app.screen.get_at((x, y - radius + 1)))[:3] == theme.TEXT[:3]
    x, y = board.stone_center(2, 0)
    assert tuple(app.screen.get_at((x, y - radius + 1)))[:3] != theme.TEXT[:3]
    key(app, pygame.K_RETURN, "\r")
    assert board.presenter.state.piles == (1, 3, 3, 7)
    assert any(w.startswith("Keys: a pile's number") for w in drawn(app, monkeypatch))
