"""The class tournament opened from class mode plays the class's own board (Sticks: 100
sticks, not the kit's usual 20), so the class's AI saved by a snapshot can enter; its Game
button says which board; two entrants whose names differ only at the end stay apart in
the entrant list and the leaderboard at any size."""

import pygame
import pytest
from screen_texts import drawn_texts
from uidriver import button_named, frames, key, window_at

from nimgame import storage
from nimgame.games import Sticks
from nimgame.learning.tournament import GameResult, Tournament, pairings
from nimgame.players import QLearner
from nimgame.session.class_event import EventKey
from nimgame.ui.tournament import TournamentScene


def test_from_class_mode_the_class_game_and_its_snapshot_enters(app):
    other = QLearner(Sticks(20))   # another board's AI: not this tournament's
    other.name = "twenty"
    storage.save(other)
    key(app, pygame.K_k, "k")       # class mode: Game of Sticks, hats
    key(app, pygame.K_n, "n")       # a snapshot of the class's AI
    [snapshot] = [b.name for b in storage.list_brains() if b.name.startswith("Class ")]
    key(app, pygame.K_o, "o")
    scene = app.top
    assert isinstance(scene, TournamentScene)
    assert scene.game() == EventKey("sticks", "hats").make_game() == Sticks(100)
    assert button_named(scene, "Game: Game of Sticks, 100 sticks, take 1–3  G")
    key(app, pygame.K_b, "b")
    assert scene.entries == [snapshot], scene.message
    assert scene.message == "Added 1 saved AI of Game of Sticks, 100 sticks, take 1–3."
    while scene.game_key != "nim":   # G: the other games, each on its usual board
        key(app, pygame.K_g, "g")
        assert scene.entries == []
    nim = scene.game()                # "Game: Nim" said which Nim
    assert button_named(scene, f"Game: Nim, {nim.short_rules()}  G")


ALIKE = ["nim-q-0k (unsaved 2026-11-28 12:27)", "nim-q-0k (unsaved 2026-11-28 12:27) (2)",
         "nim-q-10k"]


@pytest.mark.parametrize("size", [(800, 560), (1920, 1080, 200)],
                         ids=["800x560", "1920x1080@200%"])
def test_names_alike_keep_the_end_that_tells_them_apart(size, monkeypatch):
    """At 200% both "nim-q-0k (unsaved 2026-11-28 …" were cut before the "(2)"; a long
    name is now cut in the middle, in the entrant list and in the leaderboard."""
    with window_at(size) as app:
        scene = app.open("tournament", "nim")
        scene.entries = list(ALIKE)
        scene.live = Tournament(list(ALIKE), ["brain"] * 3, 4, [
            GameResult(a, b, 2 if 2 in (a, b) else a) for a, b in pairings(3, 4)])
        scene.rebuild()
        frames(app, 1)
        cut = []
        drawn = [words for words, _ in drawn_texts(app, monkeypatch, cut=cut)]
        entrants = [w for w in drawn if w.endswith(" (AI)") and "nim-q-0k" in w]
        ranked = [w for w in drawn if w.startswith("nim-q-0k")]   # the leaderboard
        for lines in (entrants, ranked):
            assert len(lines) == 2 and not set(lines) & set(cut), (lines, cut)
            assert lines[0] != lines[1] and any(
                w.removesuffix(" (AI)").endswith("(2)") for w in lines), lines
    pygame.quit()
