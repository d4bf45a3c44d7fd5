"""The inspector's move table longer than the window: Page Down and Page Up (or the wheel)
show its later and earlier rows, so every move can be read by keys alone."""

import pygame
from screen_texts import drawn_texts
from uidriver import frames, key

from nimgame.games import Nim
from nimgame.learning import insight
from nimgame.players import QLearner


def drawn(app, monkeypatch):
    """The words the screen draws now (after a frame for what the keys did)."""
    frames(app, 1)
    return [words for words, _ in drawn_texts(app, monkeypatch)]


def test_every_row_is_reachable_by_page_keys(app, monkeypatch):
    learner = QLearner(Nim((7, 7, 7, 7)))
    scene = app.open("inspector", learner)
    frames(app, 2)
    rows = [row.words for row in sorted(insight.move_table(learner, scene.state, scene.judge),
                                        key=lambda r: -r.score)]
    assert len(rows) == 28
    first = drawn(app, monkeypatch)
    shown = [words for words in rows if words in first]
    assert 0 < len(shown) < len(rows) and rows[-1] not in first
    assert any("more move" in words and f"of {len(rows)}" in words for words in first)
    seen = set(shown)
    for _ in range(5):
        key(app, pygame.K_PAGEDOWN)
        seen |= {words for words in rows if words in drawn(app, monkeypatch)}
    assert seen == set(rows)
    assert rows[-1] in drawn(app, monkeypatch)
    for _ in range(5):
        key(app, pygame.K_PAGEUP)
    assert rows[0] in drawn(app, monkeypatch)
