"""The training overlay and the saved-AI library, headless."""

import pygame
import pygame_gui
import pytest
from uidriver import button_named, click, frames, key, press, wait_until

from nimgame import storage
from nimgame.games import Sticks
from nimgame.learning.training import train
from nimgame.players import HatLearner, QLearner
from nimgame.ui.board import BoardScene
from nimgame.ui.library import LibraryScene
from nimgame.ui.training import TrainingScene
from nimgame.ui.training.choices import games_from_slider


def test_games_slider_is_logarithmic():
    assert games_from_slider(0) == 1_000
    assert games_from_slider(100) == 1_000_000
    assert games_from_slider(50) in range(30_000, 33_000)


def test_typed_games_move_the_slider_and_stay_as_typed(app):
    from nimgame.ui.training.choices import slider_from_games

    key(app, pygame.K_t, "t")
    scene = app.top
    entry = scene.form.games_entry
    entry.set_text("200000")
    app.handle(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=entry,
                                  text="200000"))
    frames(app, 3)
    assert abs(scene.form.games_slider.get_current_value() - slider_from_games(200_000)) < 1
    assert scene.choices.games == 200_000 and entry.get_text() == "200000"


def test_training_overlay_trains_reports_and_saves(app, nimgame_home):
    key(app, pygame.K_t, "t")
    scene = app.top
    assert isinstance(scene, TrainingScene)
    scene.form.games_entry.set_text("5000")
    key(app, pygame.K_RETURN)
    assert scene.job is not None and scene.job.process.is_alive()
    wait_until(app, lambda: scene.trained is not None)
    assert scene.job.progress.done == 5_000
    assert scene.job.curve[-1].games == 5_000 and scene.job.curve[-1].optimal_share == 1
    assert scene.message.startswith("Done: 5,000 games")
    scene.name_entry.set_text("Overlay pupil")
    press(app, button_named(scene, "Save"))
    saved = storage.load(nimgame_home / "brains" / "Overlay-pupil.brain")
    assert saved.games_trained == 5_000
    press(app, button_named(scene, "Play against it"))
    assert isinstance(app.top, BoardScene)
    assert app.top.presenter.seats[1].player.name == "Overlay pupil"
    assert not scene.job or not scene.job.process.is_alive()


def test_a_run_done_is_saved_played_and_discarded_by_keys_alone(app, nimgame_home):
    """Save says Enter (in the name field too), Play against it says P, Discard says Del:
    each key does what its button does, and the letters are typed into the name field
    while it has the typing (not taken as keys)."""
    key(app, pygame.K_t, "t")
    scene = app.top
    scene.form.games_entry.set_text("2000")
    key(app, pygame.K_RETURN)
    wait_until(app, lambda: scene.trained is not None)
    assert [b.text for b in scene.actions if b.text.startswith(("Save", "Play", "Disc"))] \
        == ["Save  Enter", "Play against it  P", "Discard  Del"]
    field = scene.name_entry
    click(app, field.rect.center)                 # typing a name: P and Del edit it
    field.set_text("")
    for letter in "pp":                           # a key press, then its text typed
        key(app, pygame.K_p, letter)
        app.handle(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    key(app, pygame.K_DELETE)
    assert app.top is scene and scene.discard_dialog is None and field.get_text() == "pp"
    key(app, pygame.K_RETURN, "\r")              # Enter in the name field saves
    assert storage.load(nimgame_home / "brains" / "pp.brain").games_trained == 2_000
    click(app, (4, 4))                            # the typing put down
    key(app, pygame.K_DELETE)                     # Del asks (Esc keeps the run)
    assert scene.discard_dialog is not None and scene.discard_dialog.alive()
    key(app, pygame.K_ESCAPE)
    assert scene.trained is not None and app.top is scene
    key(app, pygame.K_p, "p")                     # P plays against it
    assert isinstance(app.top, BoardScene)
    assert app.top.presenter.seats[1].player.name == "pp"


def test_a_focus_on_the_form_goes_when_the_run_greys_it_and_enter_then_saves(
        app, nimgame_home):
    """Seen on the display: Tab onto the form, a run, and as the form greyed the ring
    jumped to "Words  ?" (the stop at its place), so Enter opened the glossary. A focus
    whose widget is disabled now goes, and Enter does the screen's own thing: Save."""
    key(app, pygame.K_t, "t")
    scene = app.top
    scene.form.games_entry.set_text("2000")
    key(app, pygame.K_TAB, "\t")
    assert scene.focus.widget is not None
    scene.start()
    wait_until(app, lambda: scene.trained is not None)
    frames(app, 2)
    assert scene.focus.widget is None or scene.focus.widget.is_enabled
    assert not (scene.focus.widget is not None and "Words" in scene.focus.widget.text)
    scene.name_entry.set_text("kept")
    key(app, pygame.K_RETURN, "\r")
    assert (nimgame_home / "brains" / "kept.brain").exists()


def test_a_run_done_keeps_its_chart_tall_and_a_close_button(app, monkeypatch):
    """At 800x560 the chart shrank to a strip as the messages came (the name's row sat
    under the form); and Close went with the run's start. The name's row is now at the
    bottom, the chart above it keeps its height, and Close is back once a run is done."""
    from nimgame.ui.training import drawing

    app.resize((800, 560))
    key(app, pygame.K_t, "t")
    scene = app.top
    scene.form.games_entry.set_text("2000")
    key(app, pygame.K_RETURN)
    wait_until(app, lambda: scene.trained is not None)
    key(app, pygame.K_RETURN, "\r")                        # saved: two lines said
    charts = []
    real = drawing.draw_chart
    monkeypatch.setattr(drawing, "draw_chart",
                        lambda surface, rect, *a, **k: (charts.append(rect),
                                                        real(surface, rect, *a, **k))[1])
    frames(app, 1)
    assert scene.message.startswith("Saved") and charts and charts[-1].height >= 200
    close = button_named(scene, "Close  Esc")
    assert close.alive() and close.visible
    press(app, close)
    assert not isinstance(app.top, TrainingScene)


def test_cancel_keeps_what_was_learned(app):
    key(app, pygame.K_t, "t")
    scene = app.top
    scene.form.games_entry.set_text("1000000")
    scene.choices.preset = "Nim 3, 5, 7, 9, 11 — misère"
    scene.choices.games = 1_000_000
    scene.start()
    wait_until(app, lambda: scene.job.progress.done > 0)
    press(app, button_named(scene, "Stop"))
    wait_until(app, lambda: scene.trained is not None)
    assert 0 < scene.trained.games_trained < 1_000_000
    assert scene.message.startswith("Stopped")
    press(app, button_named(scene, "Discard"))
    key(app, pygame.K_y, "y")          # it asks first
    assert scene.trained is None and scene.job is None


def test_bad_game_count_is_refused(app):
    key(app, pygame.K_t, "t")
    scene = app.top
    scene.form.games_entry.set_text("12")
    key(app, pygame.K_RETURN)
    assert scene.job is None and scene.message.startswith("Games must be a whole number")


def training_run(app, games="1000000"):
    """The training screen with a run of `games` started (and under way)."""
    key(app, pygame.K_t, "t")
    scene = app.top
    scene.form.games_entry.set_text(games)
    scene.start()
    wait_until(app, lambda: scene.job.progress.done > 0)
    return scene


def test_closing_the_window_mid_training_stops_the_worker(app, monkeypatch):
    from nimgame.learning import worker

    # The window waits at most 1.5 s for what the run learned (a promise not to hang, not
    # checked here); a busy machine may take longer to hand it over, so this test waits.
    monkeypatch.setattr(worker, "KEEP_SECONDS", 60.0)
    scene = training_run(app)
    process = scene.job.process
    app.handle(pygame.event.Event(pygame.QUIT))
    assert not app.running and not process.is_alive()
    # Nothing is lost: what it learned so far is a saved brain the library lists.
    (kept,) = storage.list_brains()
    assert storage.is_unsaved(kept.name) and kept.name.startswith("nim-q-")
    assert 0 < kept.header.games_trained < 1_000_000


def test_leaving_training_keeps_what_was_not_saved(app):
    scene = training_run(app)
    key(app, pygame.K_ESCAPE)          # mid-run, Esc stops it (as Stop does): still here
    assert app.top is scene
    wait_until(app, lambda: scene.trained is not None)
    assert storage.list_brains() == []
    key(app, pygame.K_ESCAPE)          # then leaves, keeping the result not yet saved
    assert app.top is not scene
    (kept,) = storage.list_brains()
    assert storage.is_unsaved(kept.name) and kept.name.startswith("nim-q-")
    scene = training_run(app, "1000")  # a result discarded is let go
    wait_until(app, lambda: scene.trained is not None)
    press(app, button_named(scene, "Discard"))
    key(app, pygame.K_y, "y")          # it asks first
    key(app, pygame.K_ESCAPE)
    assert len(storage.list_brains()) == 1


def saved_brains(home):
    q = QLearner(Sticks(20))
    train(q, 500, seed=1, curve_points=0)
    q.name = "alpha"
    storage.save(q)
    h = HatLearner(Sticks(20))
    train(h, 500, seed=1, curve_points=0)
    h.name = "beta"
    storage.save(h)
    (home / "brains" / "broken.brain").write_bytes(b"nonsense")


def test_library_lists_plays_renames_deletes(app, nimgame_home):
    saved_brains(nimgame_home)
    app.settings.name = "Zoe"   # as the set-up screen left it
    key(app, pygame.K_l, "l")
    library = app.top
    assert isinstance(library, LibraryScene)
    names = [info.name for info in library.brains]
    assert names == ["alpha", "beta", "broken"]
    assert library.brains[2].error == "not a nimgame brain file"
    frames(app, 2)   # drawing the broken row breaks nothing
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert library.selected == 2
    assert not button_named(library, "Play against it").is_enabled  # unreadable
    key(app, pygame.K_UP)
    key(app, pygame.K_F2)
    library.rename_entry.set_text("gamma")
    key(app, pygame.K_RETURN)
    assert storage.read_header(library.brains[1].path).name == "gamma"
    key(app, pygame.K_DELETE)
    assert library.dialog is not None
    app.handle(pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
                                  ui_element=library.dialog))
    frames(app, 1)
    assert [info.name for info in library.brains] == ["alpha", "broken"]
    library.selected = 0
    key(app, pygame.K_RETURN)
    board = app.top
    assert isinstance(board, BoardScene) and board.presenter.seats[1].player.name == "alpha"
    assert board.presenter.seats[0].name == "Zoe"   # the person, by the name the window remembers


def test_library_goes_on_training(app, nimgame_home):
    saved_brains(nimgame_home)
    key(app, pygame.K_l, "l")
    key(app, pygame.K_t, "t")
    scene = app.top
    assert isinstance(scene, TrainingScene) and scene.choices.start_from.name == "alpha"
    scene.form.games_entry.set_text("1000")
    key(app, pygame.K_RETURN)
    wait_until(app, lambda: scene.trained is not None)
    assert scene.trained.games_trained == 1_500
    press(app, button_named(scene, "Save"))
    assert storage.read_header(nimgame_home / "brains" / "alpha.brain").games_trained == 1_500


def test_inspector_views_and_thoughts(app, nimgame_home):
    from nimgame.games import Nim, TicTacToe
    from nimgame.ui.inspector import InspectorScene

    saved_brains(nimgame_home)
    key(app, pygame.K_l, "l")
    library = app.top
    library.selected = 1   # beta: Sticks hats
    key(app, pygame.K_i, "i")
    inspector = app.top
    assert isinstance(inspector, InspectorScene) and inspector.hats_chart
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    assert app.top is library

    nim_learner = QLearner(Nim())
    train(nim_learner, 2_000, seed=1, curve_points=0)
    nim_view = InspectorScene(app, nim_learner)
    app.push(nim_view)
    nim_view.position_entry.set_text("1, 2, 4, 5")
    key(app, pygame.K_RETURN)
    assert nim_view.state.piles == (1, 2, 4, 5) and not nim_view.message
    nim_view.position_entry.set_text("1, x")
    key(app, pygame.K_RETURN)
    assert "pile sizes" in nim_view.message and nim_view.state.piles == (1, 2, 4, 5)
    key(app, pygame.K_ESCAPE)

    ttt_view = InspectorScene(app, HatLearner(TicTacToe()))
    app.push(ttt_view)
    rect, cell = ttt_view.value_map_grid()
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    frames(app, 1)
    assert ttt_view.state == "....X...."
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    frames(app, 1)
    assert ttt_view.state == "....X...." and "already taken" in ttt_view.message


def test_ai_thoughts_on_a_board(app, nimgame_home):
    saved_brains(nimgame_home)
    key(app, pygame.K_l, "l")
    key(app, pygame.K_RETURN)   # play alpha (a Q-learner on Sticks 20)
    board = app.top
    key(app, pygame.K_i, "i")
    assert board.presenter.advice.show_thoughts
    wait_until(app, board.presenter.advice.theory_ready)
    lines = board.presenter.advice.thought_lines()   # the person moves first
    assert lines == ["NimX's thoughts: it has not moved yet in this game. After its move "
                     "they say why it made it."]
    key(app, pygame.K_1, "1")   # 19 sticks left: NimX answers
    wait_until(app, lambda: board.presenter.humans_turn and "working" not in
               board.presenter.advice.thought_lines()[0])
    before, after = board.presenter.history[1:3]
    took = before.sticks - after.sticks
    lines = board.presenter.advice.thought_lines()
    assert lines[0] == (f"NimX's Q-values, when it took {took} stick{'s' * (took > 1)} "
                        "(highest first).") and len(lines) == 6
    assert lines[1].startswith("Q: the reward it expects from the move, −1 a loss")
    assert all(line.endswith(("wins", "loses")) and ": Q " in line for line in lines[2:5])
    frames(app, 2)


def test_arena_screen_runs_and_selects(app):
    from nimgame.ui.arena import ArenaScene

    key(app, pygame.K_a, "a")
    arena = app.top
    assert isinstance(arena, ArenaScene)
    arena.chosen = ["Perfect", "Random"]
    arena.resize()
    arena.games_entry.set_text("abc")
    arena.games_text = "abc"
    key(app, pygame.K_RETURN)
    assert arena.job is None and arena.message.startswith("Games must be a whole number")
    arena.games_text = "40"
    key(app, pygame.K_RETURN)
    wait_until(app, lambda: arena.job is None and arena.result is not None)
    results = arena.result.results
    assert set(results) == {"Perfect", "Random"}
    assert all(r.games == 40 == r.wins + r.losses + r.draws for r in results.values())
    assert arena.result.selected.algorithm == "Perfect"
    frames(app, 2)


def test_training_your_own_nim_rules(app):
    key(app, pygame.K_t, "t")
    scene = app.top
    scene.choices.preset = "Nim — your own rules"
    scene.resize()
    scene.form.entries["custom"].set_text("2, x")
    scene.choices.own["nim"]["custom"] = "2, x"
    key(app, pygame.K_RETURN)
    assert scene.job is None and "whole numbers" in scene.message
    scene.choices.own["nim"]["custom"] = "2, 3, 4"
    scene.choices.own["nim"]["play"] = "Normal: taking the last wins"
    scene.choices.own["nim"]["cap"] = "At most 3 (KUET)"
    scene.form.games_entry.set_text("1000")
    key(app, pygame.K_RETURN)
    wait_until(app, lambda: scene.trained is not None)
    assert scene.trained.game.rules() == {"piles": (2, 3, 4), "misere": False, "max_take": 3}


def test_training_your_own_sticks_count(app):
    key(app, pygame.K_t, "t")
    scene = app.top
    scene.choices.preset = "Game of Sticks — your own count"
    scene.resize()
    scene.choices.own["sticks"]["sticks"] = "500"
    key(app, pygame.K_RETURN)
    assert scene.job is None and scene.message == "Please enter a number between 10 and 100."
    scene.choices.own["sticks"]["sticks"] = "37"
    scene.form.games_entry.set_text("1000")
    key(app, pygame.K_RETURN)
    wait_until(app, lambda: scene.trained is not None)
    assert scene.trained.game.rules() == {"sticks": 37, "max_take": 3}


def test_the_chart_places_points_on_a_log_axis():
    from nimgame.ui.widgets.chart import x_share

    assert x_share(0, 10_000, log=True) == 0 and x_share(10_000, 10_000, log=True) == 1
    assert x_share(100, 10_000, log=True) > 0.45 > x_share(100, 10_000)   # the early climb
    assert x_share(5_000, 10_000) == 0.5 and x_share(20_000, 10_000, log=True) == 1
    assert x_share(5, 0) == 0.0


@pytest.mark.parametrize("width", [240, 300, 560])
def test_the_log_axis_labels_fit_and_never_overlap(width, monkeypatch):
    """Every label under the chart lies inside it, none overlaps another, and a wide
    chart labels every power of ten below its end (the title has a line of its own)."""
    from nimgame.ui.widgets import chart

    pygame.init()
    chart.theme.forget()   # fonts made before another test's pygame.quit() are dead
    drawn = []
    real_text = chart.theme.text

    def text(surface, words, pos, *args, **kwargs):
        rect = real_text(surface, words, pos, *args, **kwargs)
        drawn.append((words, rect))
        return rect

    monkeypatch.setattr(chart.theme, "text", text)
    rect = pygame.Rect(10, 10, width, 300)
    chart.draw_chart(pygame.Surface((width + 20, 320)), rect,
                     [("optimal moves", (200, 160, 60), [(0, 0.1), (400_000, 1.0)])],
                     400_000, log_x=True)
    under = [(words, r) for words, r in drawn if r.top > rect.bottom - 60]
    assert "400,000 games, log scale" in [words for words, _ in under]
    for i, (_, a) in enumerate(under):
        assert rect.contains(a)
        assert not any(a.colliderect(b) for _, b in under[i + 1:])
    if width >= 500:
        assert {"0", "10", "100", "1,000", "10,000", "100,000"} <= {w for w, _ in under}
