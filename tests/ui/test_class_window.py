"""The class mode window, headless: opened from the menu by K, a game played on the board
by keys alone and counted when the person comes back, a snapshot, a reset asked first
(N keeps, Y resets), the game and AI chosen by keys and by the mouse, every text inside
the window at the smallest size and at 200%."""

import pygame
import pytest
from screen_texts import assert_inside_and_whole, drawn_texts
from uidriver import button_named, click, frames, key, press, window_at

from nimgame import storage
from nimgame.session.class_event import ClassEvent, EventCount, EventKey
from nimgame.ui.board import BoardScene
from nimgame.ui.classroom import ClassScene


def play_sticks_by_keys(app):
    """A whole game of Sticks on the board, the person taking 3 (or what is left)."""
    board = app.top
    assert isinstance(board, BoardScene)
    for _ in range(400):
        if board.presenter.over:
            return board
        if board.presenter.humans_turn:
            take = min(3, board.presenter.state.sticks)
            key(app, getattr(pygame, f"K_{take}"), str(take))
        else:
            app.tasks.wait(timeout=60)
            board.presenter.background.job and board.presenter.background.job.result(60)
            frames(app, 1)
    raise AssertionError("the game did not end")


def test_a_class_plays_counts_snapshots_and_resets_by_keys(app, monkeypatch):
    key(app, pygame.K_k, "k")
    scene = app.top
    assert isinstance(scene, ClassScene) and scene.key == EventKey("sticks", "hats")
    words = [w for w, _ in drawn_texts(app, monkeypatch)]
    assert {"Games", "AI won", "Drawn", "AI lost"} <= set(words) and "0" in words
    key(app, pygame.K_RETURN)
    board = play_sticks_by_keys(app)
    ai_won = board.presenter.game.winner(board.presenter.state) == 1
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    assert scene.state.count == EventCount(1, int(ai_won), 0, int(not ai_won))
    assert ClassEvent(EventKey("sticks", "hats")).read().count.games == 1
    words = [w for w, _ in drawn_texts(app, monkeypatch)]
    assert "1" in words and ("100% won" in words or "100% lost" in words)
    assert any(w.endswith(" · 1 game learned from") for w in words), words   # not "games"
    key(app, pygame.K_n, "n")   # a snapshot into the library
    assert scene.message.startswith("Saved a copy in the library as Class-Game-of-Sticks")
    [saved] = storage.list_brains()
    assert saved.name.startswith("Class Game of Sticks hats ")
    key(app, pygame.K_r, "r")
    assert scene.dialog is not None and scene.dialog.alive()
    # The ring on the safe answer, as the other yes/no boxes open (it opened on neither).
    assert scene.focus.widget is scene.dialog.cancel_button and scene.focus.ring is not None
    # N cancels here: the question does not offer N for a snapshot (it did).
    assert "(N)" not in scene.dialog.confirmation_text.html_text
    assert "Cancel, then Snapshot" in scene.dialog.confirmation_text.html_text
    assert "Forget all the class's AI (Game of Sticks, Hats (MENACE)) learned from 1 " \
        "game, and" in scene.dialog.confirmation_text.html_text.replace("&#x27;", "'")
    key(app, pygame.K_n, "n")   # no: kept
    assert not scene.dialog.alive() and scene.state.count.games == 1
    key(app, pygame.K_r, "r")
    key(app, pygame.K_y, "y")   # yes: the event starts again
    assert scene.state.count == EventCount() and len(storage.list_brains()) == 1
    key(app, pygame.K_g, "g")
    key(app, pygame.K_l, "l")
    assert scene.key == EventKey("tictactoe", "q")
    assert button_named(scene, "AI: Q-learning")
    press(app, button_named(scene, "Game: Tic-Tac-Toe"))   # the mouse's way
    assert scene.key == EventKey("hexapawn", "q")
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.top, ClassScene)
    press(app, button_named(app.top, "Class"))
    assert isinstance(app.top, ClassScene)


def test_games_another_window_plays_show_while_the_screen_is_open(app):
    """Another window (here a writer beside the screen) saves a game: the count follows
    within REFRESH_SECONDS of the frames' time."""
    from nimgame.session.class_event import GameLesson
    from nimgame.ui.classroom.scene import REFRESH_SECONDS

    scene = app.open("class")
    frames(app, 1)
    ClassEvent(EventKey("sticks", "hats")).record(GameLesson((), -1))
    assert scene.state.count.games == 0
    app.step(REFRESH_SECONDS + 0.1)
    frames(app, 2)
    assert scene.state.count == EventCount(1, 0, 0, 1)


def test_a_damaged_event_says_why_and_reset_starts_it_again(app, nimgame_home):
    folder = nimgame_home / "class"
    folder.mkdir(parents=True)
    (folder / "sticks-hats.event.json").write_text("{not json")
    scene = app.open("class")
    frames(app, 2)
    assert scene.state is None and "not JSON" in scene.problem
    assert not button_named(scene, "Snapshot").is_enabled
    key(app, pygame.K_RETURN)   # play: refused, saying why
    assert isinstance(app.top, ClassScene) and "Reset (R) starts" in scene.message
    click(app, button_named(scene, "Reset").rect.center)
    key(app, pygame.K_y, "y")
    assert scene.state is not None and scene.problem == ""


@pytest.mark.parametrize("size", [(800, 560), (1920, 1080, 200)])
def test_big_counts_fit_their_boxes(size, monkeypatch):
    """Counts of a long event (a million games) inside the window and whole."""
    with window_at(size) as app:
        scene = app.open("class")
        scene.state.count = EventCount(1_234_567, 1_000_000, 34_567, 200_000)
        frames(app, 2)
        cut = []
        texts = drawn_texts(app, monkeypatch, cut=cut)
        assert "1,234,567" in [w for w, _ in texts]
        assert_inside_and_whole(texts, app.size)
        assert not [w for w in cut if w[:1].isdigit() or w in ("Games", "AI won")], cut
    pygame.quit()


GOOD_POLICY = """
def policy(observation, action_mask):
    return int(action_mask.nonzero()[0][0])
"""
BAD_POLICY = """
def policy(observation, action_mask):
    raise ValueError("no idea")
"""


def test_a_class_tournament_in_the_window(app, tmp_path, nimgame_home):
    """From the class screen (O): the saved AIs of the game (B), a policy file typed in,
    a round robin played beside the frames, the leaderboard with its forfeits, a CSV of
    it; a second run stopped (X) keeps what was played; Delete removes an entrant."""
    import csv

    import pygame_gui
    from uidriver import post, wait_until

    from nimgame.learning.tournament import leaderboard
    from nimgame.learning.training import train
    from nimgame.players import QLearner
    from nimgame.ui.tournament import TournamentScene

    for name, games in (("ann", 2000), ("bob", 1)):   # on the class's board: 100 sticks
        learner = QLearner(EventKey("sticks", "hats").make_game())
        train(learner, games, seed=1, curve_points=0)
        learner.name = name
        storage.save(learner)
    (tmp_path / "good.py").write_text(GOOD_POLICY)
    (tmp_path / "bad.py").write_text(BAD_POLICY)
    key(app, pygame.K_k, "k")
    key(app, pygame.K_o, "o")
    scene = app.top
    assert isinstance(scene, TournamentScene) and scene.game_key == "sticks"
    key(app, pygame.K_s, "s")   # too few entrants: said
    assert scene.job is None and "at least two entrants" in scene.message
    key(app, pygame.K_b, "b")
    assert scene.entries == ["ann", "bob"]
    for path in (tmp_path / "good.py", tmp_path / "bad.py", tmp_path / "none.py"):
        scene.entry.set_text(str(path))
        post(app, pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=scene.entry, text=str(path))
        press(app, button_named(scene, "Add  Enter"))
    assert "No policy file" in scene.message and len(scene.entries) == 4
    scene.entry.set_text("nobody")   # a name no brain has: said in the window's words
    post(app, pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=scene.entry, text="nobody")
    press(app, button_named(scene, "Add  Enter"))
    assert scene.message == "No saved AI called 'nobody': Saved AIs (L on the menu) " \
        "lists them." and len(scene.entries) == 4
    key(app, pygame.K_p, "p")   # 4 -> 10 -> back to 2 games a pair
    key(app, pygame.K_p, "p")
    key(app, pygame.K_p, "p")
    key(app, pygame.K_p, "p")
    assert scene.games == 2
    key(app, pygame.K_s, "s")
    assert scene.job is not None and button_named(scene, "Stop")
    wait_until(app, lambda: scene.job is None)
    assert scene.message == "The tournament is over." and len(scene.live.results) == 12
    board = leaderboard(scene.live)
    assert board[-1].name == "bad.py" and board[-1].losses == board[-1].forfeits == 6
    assert len(scene.forfeits) == 6 and "bad.py raised ValueError: no idea" in \
        scene.forfeits[0]
    key(app, pygame.K_e, "e")
    [written] = (nimgame_home / "exports").glob("tournament-*.csv")
    rows = list(csv.DictReader(written.open()))
    assert [r["entrant"] for r in rows] == [s.name for s in board]
    key(app, pygame.K_s, "s")
    key(app, pygame.K_x, "x")   # stopped at once: after the game playing
    wait_until(app, lambda: scene.job is None)
    assert scene.live.stopped and len(scene.live.results) < 12
    key(app, pygame.K_UP)
    key(app, pygame.K_DELETE)
    assert scene.entries == ["ann", "bob", str(tmp_path / "bad.py")]   # good.py gone


def test_a_long_entrant_keeps_its_kind():
    """The tournament's entrant list cuts a long name, never the "(AI)"/"(file)" after it."""
    from nimgame.ui import theme
    from nimgame.ui.tournament.scene import entrant_line
    pygame.font.init()
    theme.forget()   # fonts from an earlier window are dead
    for spec, kind in (("a-very-long-brain-name-" * 6, " (AI)"),
                       ("/tmp/policies/" + "my-policy-" * 12 + ".py", " (file)")):
        for width in (180, 260, 400):
            line = entrant_line(spec, True, width)
            assert line.startswith("> ") and line.endswith(kind), line
            assert "…" in line and theme.font(16).size(line)[0] <= width, (width, line)
    assert entrant_line("short", False, 400) == "   short (AI)"
