"""The arena's contenders: each one picked is marked "• " as well as lit (a lighter
background alone told it: colour alone carried the meaning), the mark coming and going
as entries are picked and dropped by click, Space or Enter; the words say those keys; and
while the games are played the Stop button names its key, Enter, which stops them."""

from concurrent.futures import Future

import pygame
import pytest
from screen_texts import boxes_in, drawn_texts
from test_layout import SIZES, scene_at, size_id
from uidriver import click, frames, key

from nimgame.ui.widgets.dropdown import PICKED


def marks(listed):
    """Each entry's button text and whether it is picked (the entries in view)."""
    return [(item["button_element"].text, item["selected"]) for item in listed.item_list
            if item["button_element"] is not None]


def assert_marked(listed):
    shown = marks(listed)
    assert shown and all(text.startswith(PICKED) == picked for text, picked in shown), shown


@pytest.mark.parametrize("size", [SIZES[0], SIZES[3]], ids=size_id)
def test_each_contender_picked_is_marked_by_more_than_colour(size, monkeypatch):
    with scene_at(size, "arena", monkeypatch) as app:
        arena = app.top
        listed = arena.contenders
        assert_marked(listed)
        assert [text for text, picked in marks(listed) if picked][0].startswith(PICKED)
        assert boxes_in([text for text, _ in marks(listed)]) == []   # the font draws "•"
        for _ in range(20):   # Tab to the list, then Down to its second entry
            if arena.focus.widget is listed:
                break
            key(app, pygame.K_TAB)
        assert arena.focus.widget is listed
        free = [i for i, item in enumerate(listed.item_list) if not item["selected"]]
        for _ in range(free[0]):
            key(app, pygame.K_DOWN)
        entry = listed.item_list[free[0]]
        for press, picked in ((pygame.K_SPACE, True), (pygame.K_SPACE, False),
                              (pygame.K_RETURN, True)):
            key(app, press)
            frames(app, 1)
            assert entry["selected"] is picked
            assert entry["button_element"].text.startswith(PICKED) is picked
            assert_marked(listed)
        before = len(arena.chosen)
        other = listed.item_list[free[1]]["button_element"]
        zoom = app.window.get_size()[0] / app.size[0]   # a click is in the window's pixels
        click(app, (other.rect.centerx * zoom, other.rect.centery * zoom))
        frames(app, 1)
        assert listed.item_list[free[1]]["selected"] and other.text.startswith(PICKED)
        assert arena.chosen == listed.chosen_texts() and len(arena.chosen) == before + 1
        assert_marked(listed)
        said = " ".join(words for words, _ in drawn_texts(app, monkeypatch))
        assert "Space or Enter" in said and f"is marked {PICKED.strip()}" in said


@pytest.mark.parametrize("size", [SIZES[0], SIZES[3]], ids=size_id)
def test_stop_names_its_key_and_enter_stops_the_games(size, monkeypatch):
    with scene_at(size, "arena", monkeypatch) as app:
        arena = app.top
        never = Future()   # games that go on until stopped
        monkeypatch.setattr(arena.executor, "submit", lambda *args, **kwargs: never)
        arena.focus.set(arena, None)
        key(app, pygame.K_RETURN)
        frames(app, 1)
        assert arena.job is never and not arena.stop
        button = arena.run_button
        assert button.text == "Stop  Enter"
        assert button.font.size(button.text)[0] + 2 * 10 <= button.rect.width
        locked = [text for text, _ in marks(arena.contenders)]   # the picks still marked
        assert len([t for t in locked if t.startswith(PICKED)]) == len(arena.chosen) >= 1
        key(app, pygame.K_RETURN)
        assert arena.stop and app.top is arena
        never.set_result(None)
        arena.job = None
