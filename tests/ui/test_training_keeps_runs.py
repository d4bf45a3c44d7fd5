"""Training work that is hard to lose: Discard asks first (by keys and by mouse); a run
left unsaved (Esc, the window closed) is kept under the name it would have been saved as,
marked "(unsaved <time>)"; the library groups those runs, newest first; going on training
a saved brain continues its learning curve. Headless, with no wall clock (the time a run
is kept at is the scene's `clock`, the times files were saved are set by the test)."""

from datetime import datetime

import pygame
import pytest
from uidriver import button_named, click, frames, key, press, wait_until

from nimgame import storage
from nimgame.games import Nim, Sticks
from nimgame.learning.training import train
from nimgame.players import HatLearner, QLearner
from nimgame.storage import saving
from nimgame.ui.app import App
from nimgame.ui.library import LibraryScene
from nimgame.ui.library.table import ROW
from nimgame.ui.training import TrainingScene
from nimgame.ui.training.drawing import chart_curve

WHEN = datetime(2026, 11, 25, 9, 5, 30)


def finished_run(app, games="1000"):
    """The training screen with a run of `games` done, kept at WHEN if left unsaved."""
    key(app, pygame.K_t, "t")
    scene = app.top
    assert isinstance(scene, TrainingScene)
    scene.clock = lambda: WHEN
    scene.form.games_entry.set_text(games)
    key(app, pygame.K_RETURN)
    wait_until(app, lambda: scene.trained is not None)
    return scene


# -- Discard asks first ---------------------------------------------------------------------

def test_discard_asks_and_keys_answer(app):
    scene = finished_run(app)
    trained = scene.trained
    for cancel in ((pygame.K_ESCAPE, ""), (pygame.K_n, "n")):
        press(app, button_named(scene, "Discard"))
        assert scene.discard_dialog is not None and scene.discard_dialog.alive()
        assert scene.trained is trained            # nothing is thrown away yet
        key(app, *cancel)
        assert scene.discard_dialog is None or not scene.discard_dialog.alive()
        assert scene.trained is trained and app.top is scene and scene.unsaved
    for confirm in ((pygame.K_y, "y"), (pygame.K_RETURN, "\r")):
        if scene.trained is None:   # a run again, with the same choices
            key(app, pygame.K_RETURN)
            wait_until(app, lambda: scene.trained is not None)
        press(app, button_named(scene, "Discard"))
        key(app, *confirm)
        assert scene.trained is None and scene.message == "Discarded."
        assert app.top is scene and not scene.discard_dialog.alive()
    key(app, pygame.K_ESCAPE)
    assert storage.list_brains() == []   # a run discarded is not kept on leaving


def test_discard_asks_and_the_mouse_answers(app):
    scene = finished_run(app)
    trained = scene.trained
    press(app, button_named(scene, "Discard"))
    click(app, scene.discard_dialog.cancel_button.rect.center)
    frames(app, 2)
    assert scene.trained is trained and not scene.discard_dialog.alive()
    press(app, button_named(scene, "Discard"))
    click(app, scene.discard_dialog.confirm_button.rect.center)
    frames(app, 2)
    assert scene.trained is None and scene.message == "Discarded."


def test_enter_presses_the_button_the_keyboard_is_on(app):
    """Tab reaches the box's buttons (`focus`): Enter on Cancel keeps the run."""
    scene = finished_run(app)
    trained = scene.trained
    press(app, button_named(scene, "Discard"))
    dialog = scene.discard_dialog
    for _ in range(2):
        key(app, pygame.K_TAB, "\t")
        if scene.focus.widget is dialog.cancel_button:
            break
    assert scene.focus.widget is dialog.cancel_button
    key(app, pygame.K_RETURN, "\r")
    frames(app, 2)
    assert not dialog.alive() and scene.trained is trained


def tab_to(app, scene, widget, most=30):
    for _ in range(most):
        if scene.focus.widget is widget:
            return
        key(app, pygame.K_TAB, "\t")
    assert scene.focus.widget is widget


def test_discard_opens_with_the_ring_on_its_answer_and_enter_gives_it(app):
    """By keys alone: Tab to Discard, Enter asks; the ring is on the box's Discard (the
    answer Enter gives, said in the question), not left on the screen's button under the
    box; Enter discards. Tab moves the ring to Cancel, where Space keeps the run."""
    scene = finished_run(app)
    trained = scene.trained
    tab_to(app, scene, button_named(scene, "Discard"))
    key(app, pygame.K_RETURN, "\r")
    dialog = scene.discard_dialog
    assert dialog is not None and dialog.alive()
    assert scene.focus.widget is dialog.confirm_button
    assert scene.focus.ring is not None and dialog.rect.contains(scene.focus.ring)
    key(app, pygame.K_TAB, "\t")
    assert scene.focus.widget is dialog.cancel_button
    key(app, pygame.K_SPACE, " ")
    frames(app, 2)
    assert not dialog.alive() and scene.trained is trained and scene.message != "Discarded."
    tab_to(app, scene, button_named(scene, "Discard"))
    key(app, pygame.K_SPACE, " ")
    assert scene.discard_dialog.alive() and scene.focus.widget is \
        scene.discard_dialog.confirm_button
    key(app, pygame.K_RETURN, "\r")
    frames(app, 2)
    assert scene.trained is None and scene.message == "Discarded."


def test_while_discard_asks_no_key_reaches_the_screen(app):
    scene = finished_run(app)
    press(app, button_named(scene, "Discard"))
    key(app, pygame.K_t, "t")     # the screen's own keys wait
    key(app, pygame.K_p, "p")     # (Space and Enter press the box's button with the ring)
    assert scene.discard_dialog.alive() and scene.trained is not None and app.top is scene


# -- a run left unsaved keeps the name it would have been saved as --------------------------

def test_esc_keeps_a_run_under_the_name_typed_marked_unsaved(app):
    scene = finished_run(app)
    scene.name_entry.set_text("  Zoe's pupil ")
    key(app, pygame.K_ESCAPE)
    (kept,) = storage.list_brains()
    assert kept.name == "Zoe's pupil (unsaved 2026-11-25 09:05)"
    assert storage.is_unsaved(kept.name)


def test_esc_keeps_a_run_under_the_default_name_when_none_is_typed(app):
    finished_run(app)
    key(app, pygame.K_ESCAPE)
    (kept,) = storage.list_brains()
    assert kept.name == "nim-q-1k (unsaved 2026-11-25 09:05)"


@pytest.mark.parametrize("typed", ["", "   ", "a\u200bb", "x" * 61, "\x1b[31m"])
def test_a_name_that_cannot_be_saved_keeps_the_default(app, typed, monkeypatch):
    scene = finished_run(app)
    # as the field holds it (the field itself drops some of these as they are typed)
    monkeypatch.setattr(scene.name_entry, "get_text", lambda: typed)
    key(app, pygame.K_ESCAPE)
    (kept,) = storage.list_brains()
    assert kept.name == "nim-q-1k (unsaved 2026-11-25 09:05)"


def test_a_long_name_is_shortened_to_leave_room_for_the_mark(app):
    scene = finished_run(app)
    scene.name_entry.set_text("A" * 60)
    key(app, pygame.K_ESCAPE)
    (kept,) = storage.list_brains()
    assert kept.name.endswith("… (unsaved 2026-11-25 09:05)")
    assert len(kept.name) + len(" (100)") <= storage.NAME_LIMIT
    storage.check_name(kept.name)   # a name the library can rename it from


def test_two_runs_kept_in_the_same_minute_are_both_kept(app):
    for _ in range(2):
        finished_run(app)
        key(app, pygame.K_ESCAPE)
    assert sorted(info.name for info in storage.list_brains()) == [
        "nim-q-1k (unsaved 2026-11-25 09:05)", "nim-q-1k (unsaved 2026-11-25 09:05) (2)"]


def test_closing_the_window_keeps_the_run_under_its_typed_name(app):
    scene = finished_run(app)
    scene.name_entry.set_text("Closing time")
    app.handle(pygame.event.Event(pygame.QUIT))
    assert not app.running
    (kept,) = storage.list_brains()
    assert kept.name == "Closing time (unsaved 2026-11-25 09:05)"


def test_closing_the_window_mid_run_keeps_it_under_its_default_name(app, monkeypatch):
    from nimgame.learning import worker

    monkeypatch.setattr(worker, "KEEP_SECONDS", 60.0)   # a busy machine: wait for it
    key(app, pygame.K_t, "t")
    scene = app.top
    scene.clock = lambda: WHEN
    scene.form.games_entry.set_text("1000000")
    scene.start()
    wait_until(app, lambda: scene.job.progress.done > 0)
    app.handle(pygame.event.Event(pygame.QUIT))
    (kept,) = storage.list_brains()
    games = kept.header.games_trained
    assert 0 < games < 1_000_000
    assert kept.name == f"nim-q-{games // 1000}k (unsaved 2026-11-25 09:05)"


def saved_brain(name="alpha", games=2_000, curve_points=5):
    learner = QLearner(Sticks(20))
    train(learner, games, seed=1, curve_points=curve_points, eval_games=10)
    learner.name = name
    storage.save(learner)
    return learner


def test_a_saved_brain_gone_on_training_is_kept_apart_under_its_own_name(app, nimgame_home):
    saved_brain()
    key(app, pygame.K_l, "l")
    key(app, pygame.K_t, "t")
    scene = app.top
    scene.clock = lambda: WHEN
    scene.form.games_entry.set_text("1000")
    key(app, pygame.K_RETURN)
    wait_until(app, lambda: scene.trained is not None)
    key(app, pygame.K_ESCAPE)
    names = {info.name: info for info in storage.list_brains()}
    assert set(names) == {"alpha", "alpha (unsaved 2026-11-25 09:05)"}
    assert names["alpha"].header.games_trained == 2_000       # the saved one untouched
    assert names["alpha (unsaved 2026-11-25 09:05)"].header.games_trained == 3_000


def test_a_kept_run_gone_on_training_again_is_marked_once(app, nimgame_home):
    saved_brain("nim-q-1k (unsaved 2026-11-24 18:00)")
    key(app, pygame.K_l, "l")
    key(app, pygame.K_t, "t")
    scene = app.top
    scene.clock = lambda: WHEN
    scene.form.games_entry.set_text("1000")
    key(app, pygame.K_RETURN)
    wait_until(app, lambda: scene.trained is not None)
    key(app, pygame.K_ESCAPE)
    assert "nim-q-1k (unsaved 2026-11-25 09:05)" in {i.name for i in storage.list_brains()}


def test_which_names_are_unsaved_runs():
    assert storage.is_unsaved("nim-q-1k (unsaved 2026-11-25 09:05)")
    assert storage.is_unsaved("nim-q-1k (unsaved 2026-11-25 09:05) (2)")
    assert storage.is_unsaved("Unsaved 2026-11-24 08.00.00")      # as kept before
    assert storage.is_unsaved("Unsaved 2026-11-24 08.00.00 (3)")
    assert not storage.is_unsaved("unsaved")
    assert not storage.is_unsaved("my run (unsaved) really")
    assert not storage.is_unsaved("Unsaved thoughts")
    assert storage.unsaved_name("x (unsaved 2026-01-01 00:00) (2)", WHEN) == \
        "x (unsaved 2026-11-25 09:05)"


# -- the library groups unsaved runs ----------------------------------------------------------

def keep_at(monkeypatch, name, when):
    """A brain saved by the test at the time `when` (ISO, UTC), as the library reads it."""
    monkeypatch.setattr(saving, "_now", lambda: when)
    learner = HatLearner(Sticks(10))
    learner.name = name
    storage.save(learner)


def unsaved_library(monkeypatch):
    keep_at(monkeypatch, "zeta", "2026-11-20T10:00:00+00:00")
    keep_at(monkeypatch, "nim-q-1k (unsaved 2026-11-25 09:05)", "2026-11-25T09:05:00+00:00")
    keep_at(monkeypatch, "alpha", "2026-11-21T10:00:00+00:00")
    keep_at(monkeypatch, "Unsaved 2026-11-24 08.00.00", "2026-11-24T08:00:00+00:00")
    keep_at(monkeypatch, "Pupil (unsaved 2026-11-25 11:40)", "2026-11-25T11:40:00+00:00")


GROUPED = ["alpha", "zeta", "Pupil (unsaved 2026-11-25 11:40)",
           "nim-q-1k (unsaved 2026-11-25 09:05)", "Unsaved 2026-11-24 08.00.00"]


def test_the_library_lists_unsaved_runs_apart_newest_first(app, monkeypatch):
    unsaved_library(monkeypatch)
    key(app, pygame.K_l, "l")
    library = app.top
    assert isinstance(library, LibraryScene)
    assert [info.name for info in library.brains] == GROUPED
    rows = library.rows()
    assert [r if isinstance(r, str) else library.brains[r].name for r in rows][:3] == \
        ["alpha", "zeta", library.unsaved_heading()]
    assert library.unsaved_heading().startswith("Unsaved runs (3)")
    # the arrows step over the heading, both ways
    library.selected = 1
    key(app, pygame.K_DOWN)
    assert library.current.name == GROUPED[2]
    key(app, pygame.K_UP)
    assert library.current.name == "zeta"


def test_a_click_selects_an_unsaved_run_and_not_the_heading(app, monkeypatch):
    unsaved_library(monkeypatch)
    key(app, pygame.K_l, "l")
    library = app.top
    table = library.table()
    row_y = table.y + ROW + ROW * 2 + 5        # the third row: the heading
    click(app, (table.x + 40, row_y))
    assert library.selected == 0
    click(app, (table.x + 40, row_y + ROW))    # the first unsaved run
    assert library.current.name == GROUPED[2]


def test_an_unsaved_run_is_renamed_out_of_the_group_and_deleted(app, monkeypatch):
    unsaved_library(monkeypatch)
    key(app, pygame.K_l, "l")
    library = app.top
    library.selected = GROUPED.index("nim-q-1k (unsaved 2026-11-25 09:05)")
    key(app, pygame.K_F2)
    library.rename_entry.set_text("keeper")
    key(app, pygame.K_RETURN)
    frames(app, 2)
    names = [info.name for info in library.brains]
    assert names[:3] == ["alpha", "keeper", "zeta"] and len(names) == 5
    assert library.unsaved_heading().startswith("Unsaved runs (2)")
    library.selected = names.index("Unsaved 2026-11-24 08.00.00")
    key(app, pygame.K_DELETE)
    click(app, library.dialog.confirm_button.rect.center)   # the delete asks, as before
    frames(app, 2)
    assert "Unsaved 2026-11-24 08.00.00" not in [info.name for info in library.brains]


def test_an_unsaved_run_opens_from_the_library(app, monkeypatch):
    unsaved_library(monkeypatch)
    key(app, pygame.K_l, "l")
    library = app.top
    library.selected = GROUPED.index("Pupil (unsaved 2026-11-25 11:40)")
    key(app, pygame.K_t, "t")
    scene = app.top
    assert isinstance(scene, TrainingScene)
    assert scene.choices.start_from.name == "Pupil (unsaved 2026-11-25 11:40)"


def test_no_heading_without_unsaved_runs(app, monkeypatch):
    keep_at(monkeypatch, "alpha", "2026-11-21T10:00:00+00:00")
    key(app, pygame.K_l, "l")
    library = app.top
    assert library.rows() == [0] and library.unsaved_heading() == ""


# -- going on training continues the curve ---------------------------------------------------

def test_going_on_training_continues_the_earlier_curve(app, nimgame_home):
    earlier = saved_brain()
    assert len(earlier.curve) > 3 and earlier.curve[-1][0] == 2_000
    key(app, pygame.K_l, "l")
    key(app, pygame.K_t, "t")
    scene = app.top
    assert isinstance(scene, TrainingScene)
    curve, x_max = chart_curve(scene)
    assert curve == earlier.curve and x_max == 2_000 + scene.choices.games   # before it runs
    scene.form.games_entry.set_text("1000")
    key(app, pygame.K_RETURN)
    wait_until(app, lambda: scene.trained is not None)
    frames(app, 2)   # drawn
    new = [(p.games, p.optimal_share, p.win_rate) for p in scene.job.curve]
    assert new[0][0] == 2_000 and new[-1][0] == 3_000   # the x values go on from the earlier
    curve, x_max = chart_curve(scene)
    assert curve == earlier.curve[:-1] + new and x_max == 3_000
    assert scene.trained.curve == curve      # what saving keeps is what the chart shows
    press(app, button_named(scene, "Save"))
    assert list(storage.read_header(nimgame_home / "brains" / "alpha.brain").curve) == curve


def test_a_brain_saved_before_curves_were_kept_starts_its_chart_where_it_is(app,
                                                                            nimgame_home):
    saved_brain(curve_points=0)   # no curve measured: as a brain of format 1 loads
    key(app, pygame.K_l, "l")
    key(app, pygame.K_t, "t")
    scene = app.top
    assert chart_curve(scene) == ([], 2_000 + scene.choices.games)
    scene.form.games_entry.set_text("1000")
    key(app, pygame.K_RETURN)
    wait_until(app, lambda: scene.trained is not None)
    curve, x_max = chart_curve(scene)
    assert curve[0][0] == 2_000 and curve[-1][0] == 3_000 and x_max == 3_000


# -- laid out at the smallest window and the default one -------------------------------------

@pytest.mark.parametrize("size", [(800, 560), (1100, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_discard_question_fits_the_window(size):
    from pygame_gui.core.utility import translate

    app = App(size)
    try:
        app.open("menu")
        scene = app.open("training")
        scene.trained, scene.unsaved = QLearner(Nim((1, 2))), True
        scene.rebuild()
        frames(app, 1)
        press(app, button_named(scene, "Discard"))
        dialog = scene.discard_dialog
        window = pygame.Rect((0, 0), size)
        assert window.contains(dialog.rect)
        for button in (dialog.confirm_button, dialog.cancel_button):
            assert dialog.rect.contains(button.rect)
            shown = translate(button.text)   # "Cancel" is the box's own, translated
            assert not shown.startswith("pygame-gui.")
            # sized to its text by the box: drawn whole
            assert button.font.size(shown)[0] <= button.rect.width, shown
    finally:
        app.quit()


@pytest.mark.parametrize("size", [(800, 560), (1100, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_unsaved_heading_fits_its_row(size, monkeypatch):
    from nimgame.ui import theme

    unsaved_library(monkeypatch)
    app = App(size)
    try:
        app.open("menu")
        library = app.open("library")
        wait_until(app, lambda: not library.reading)
        frames(app, 2)
        table = library.table()
        heading = library.unsaved_heading()
        assert theme.font(15).size(library.heading_text(table.width))[0] <= \
            table.width - 2 * theme.GAP
        assert library.heading_text(table.width).startswith("Unsaved runs (3)")
        assert heading
        assert library.visible_rows() >= 4   # the heading and some runs under it
    finally:
        app.quit()
