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
        assert "\ufffd" not in said, said   # the rule between them drawn as a line, not text
        if hint and count is None:   # no room for both: the move made, then the hint
            assert "(15 moves weighed" in said, said
            assert not rows and "move" in said.split("weighed")[1]   # the hint
            return
        shown, of = map(int, count.groups())
        assert of == 15 and shown >= 1 and len(rows) == shown, said
        assert MORE not in said or hint, said   # the thoughts alone fit whole


def joined_in(lines, texts):
    """Whether `lines` are drawn whole, in order: each one text, or consecutive wrapped
    pieces of it (a table row's indent stripped)."""
    words = " ".join(texts)
    at = 0
    for line in lines:
        found = words.find(" ".join(line.split()), at)
        if found < 0:
            return False
        at = found
    return True


@pytest.mark.parametrize("size", [SIZES[0], SIZES[3]], ids=size_id)
@pytest.mark.parametrize("name", ["nim", "nim q", "sticks"])
def test_the_hint_is_shown_whole_under_the_thoughts_and_set_apart(size, name, monkeypatch):
    """On a real display, with the thoughts and the hint both on in a lost position, the
    hint stopped mid-sentence at 800x560 ("No winning move. To last longest, take 1 /
    …") and at 200% was not there at all ("… (a taller window shows it all)"): only its
    ring on the board. The hint is what the person asked for: it is drawn whole (its long
    form or its short one); the thoughts give way (fewer moves, then only the move made),
    never cut; a heading on a rule sets the hint apart from them."""
    from nimgame.games import Sticks
    from nimgame.players import PerfectPlayer, QLearner
    from nimgame.ui.board.side_panel import HINT_HEADING

    monkeypatch.setattr(base, "THINK_SECONDS", 0.0)
    with window_at(size, menu=False) as app:
        game, first = (Sticks(21), 1) if name == "sticks" else (Nim(), (3, 1))
        player = QLearner(game) if name == "nim q" else PerfectPlayer(game)  # Ann: lost
        board = app.open("board", MatchSetup(game, (Seat("Ann"), Seat("NimX", player))))
        frames(app, 2)
        board.presenter.apply(first)
        wait_until(app, lambda: board.presenter.match.humans_turn)
        key(app, pygame.K_i, "i")
        key(app, pygame.K_h, "h")
        advice = board.presenter.advice
        wait_until(app, advice.theory_ready)
        wait_until(app, lambda: advice.ai_moves[-1].explained.done())
        frames(app, 2)
        panel = board.panel_rect()
        drawn = [(words, rect) for words, rect in drawn_texts(app, monkeypatch)
                 if panel.contains(rect) and words]
        texts = [words for words, _ in drawn]
        hints = [advice.hint_lines(short) for short in (False, True)]
        assert any(joined_in(hint, texts) for hint in hints), (hints, texts)
        assert MORE not in texts, texts
        assert HINT_HEADING in texts, texts
        hint_at = texts.index(HINT_HEADING)
        shown = texts[hint_at + 1:]
        assert any(joined_in(hint, shown) for hint in hints), (hints, shown)
        assert "No winning move" in " ".join(shown) or name == "sticks", shown
        thoughts = " ".join(texts[2:hint_at])   # under the seats: the move NimX made
        assert thoughts.startswith("NimX") and " took " in thoughts, texts
