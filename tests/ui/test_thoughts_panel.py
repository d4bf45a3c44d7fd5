"""The board's side panel says how many of the AI's moves its thoughts show, and lists
exactly that many, at every window size (at 800×560 it once said "showing 3 of 15" over
none, the rows cut for "a taller window shows it all")."""

import re

import pygame
import pytest
from screen_texts import drawn_texts
from test_layout import SIZES, size_id
from uidriver import frames, key, wait_until, window_at

from nimgame.games import Nim
from nimgame.match import Seat
from nimgame.players import MCTSPlayer
from nimgame.session import MatchSetup
from nimgame.ui.board import presenter as base
from nimgame.ui.board.side_panel import MORE


@pytest.mark.parametrize("hint", [False, True], ids=["thoughts", "thoughts and hint"])
@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_the_thoughts_list_as_many_moves_as_they_say_they_show(size, hint, monkeypatch):
    monkeypatch.setattr(base, "THINK_SECONDS", 0.0)
    with window_at(size, menu=False) as app:
        game = Nim()   # 16 moves; after the person's first, 15 for the search to weigh
        board = app.open("board", MatchSetup(game, (Seat("Ann"), Seat(
            "NimX", MCTSPlayer(game, 400, seed=1)))))
        frames(app, 2)
        board.presenter.apply((3, 1))
        wait_until(app, lambda: board.presenter.match.humans_turn)
        key(app, pygame.K_i, "i")
        if hint:
            key(app, pygame.K_h, "h")
            wait_until(app, board.presenter.advice.theory_ready)
        wait_until(app, lambda: board.presenter.advice.ai_moves[-1].explained.done())
        frames(app, 2)
        panel = board.panel_rect()
        said = " ".join(words for words, rect in drawn_texts(app, monkeypatch)
                        if panel.contains(rect))
        count = re.search(r"showing (\d+) of (\d+)\)", said)
        rows = re.findall(r"take \d+ from pile \d+: \d+ visits, won \d+%", said)
        if hint and count is None:   # no room for both: the move made, then the hint
            assert "(15 moves weighed: a taller window lists them)." in said, said
            assert not rows and "move" in said.split("lists them).")[1]   # the hint
            return
        shown, of = map(int, count.groups())
        assert of == 15 and shown >= 1 and len(rows) == shown, said
        assert MORE not in said or hint, said   # the thoughts alone fit whole
