"""The pyramid boards (Nim in rows of 1, 3, 5, ..., normal play) in the window: chosen by
their presets on the training screen, trained, judged exactly, and played, at the smallest
window and the default size."""

import pygame
import pytest
from uidriver import button_named, click, frames, key, wait_until

from nimgame.games import Nim
from nimgame.learning.evaluation import optimal_move_share
from nimgame.ui.app import App
from nimgame.ui.board import BoardScene
from nimgame.ui.training import TrainingScene


@pytest.fixture
def window(request, monkeypatch):
    from nimgame.ui.board import presenter as board_base

    monkeypatch.setattr(board_base, "THINK_SECONDS", 0.0)
    monkeypatch.setattr(board_base, "PREVIEW_SECONDS", 0.0)
    monkeypatch.setattr(board_base, "ANIMATION_SECONDS", 0.01)
    app = App(request.param)
    app.open("menu")
    yield app
    app.quit()
    pygame.quit()


def choose_by_mouse(app, scene, key_name, label):
    """Open the drop-down of `key_name` and click the entry that is `label` (drawn whole or
    cut short, its whole text then its tooltip)."""
    rows = scene.form.rows
    menu = next(m for m, k in rows.dropdowns.items() if k == key_name)
    click(app, menu.rect.center)
    entries = menu.menu_states["expanded"].options_selection_list.item_list
    entry = next(e for e in entries if menu.whole.get(e["object_id"], e["text"]) == label)
    assert app.screen.get_rect().contains(entry["button_element"].rect)
    click(app, entry["button_element"].rect.center)
    frames(app, 2)


@pytest.mark.parametrize("window,rows", [((800, 560), 5), ((800, 560), 6), ((1100, 720), 7)],
                         indirect=["window"],
                         ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else f"{v}rows")
def test_a_pyramid_preset_trains_is_judged_exactly_and_plays(window, rows):
    app = window
    game = Nim(tuple(range(1, 2 * rows, 2)), misere=False)
    key(app, pygame.K_t, "t")
    scene = app.top
    assert isinstance(scene, TrainingScene)
    label = next(text for text, (name, rules) in scene.choices.presets.items()
                 if name == "nim" and rules is not None and rules["piles"] == list(game.piles))
    assert f"{rows} rows" in label and "normal" in label
    choose_by_mouse(app, scene, "preset", label)
    assert scene.choices.preset == label
    scene.form.games_entry.set_text("1000")
    scene.choices.games = 1_000
    key(app, pygame.K_RETURN)
    wait_until(app, lambda: scene.trained is not None, seconds=180)
    trained = scene.trained
    assert trained.game == game and trained.games_trained == 1_000
    # the curve is the exact judge's: the share of optimal moves over every position
    # (worked out again here where it is quick: the 7-row board's judge takes seconds)
    share = scene.job.curve[-1].optimal_share
    assert 0 < share == trained.accuracy < 1
    if rows < 7:
        assert share == optimal_move_share(trained)
    frames(app, 2)
    click(app, button_named(scene, "Play against it").rect.center)
    board = app.top
    assert isinstance(board, BoardScene) and board.presenter.game == game
    wait_until(app, lambda: board.presenter.humans_turn)
    before = board.presenter.state.piles
    last = max(i for i, size in enumerate(before) if size)
    click(app, board.stone_center(last, before[last] - 1))   # the last stone of a pile
    wait_until(app, lambda: board.presenter.humans_turn or board.presenter.over)
    if board.presenter.over:
        return
    piles = board.presenter.state.piles
    assert sum(piles) < sum(before) - 1   # the person took one, the AI answered
    pile = next(i for i, size in enumerate(piles) if size)
    key(app, getattr(pygame, f"K_{pile + 1}"), str(pile + 1))
    key(app, pygame.K_1, "1")
    key(app, pygame.K_RETURN)
    assert board.presenter.history[-1].piles[pile] == piles[pile] - 1 or \
        board.presenter.state.piles[pile] == piles[pile] - 1


def focus_on(app, wanted):
    """Tab until the focused widget is `wanted(widget)`; it."""
    from nimgame.ui.focus import stops

    for _ in range(len(stops(app.top.widgets)) + 1):
        key(app, pygame.K_TAB, "\t")
        widget = app.top.focus.widget
        if widget is not None and wanted(widget):
            return widget
    raise AssertionError("never focused")


@pytest.mark.parametrize("window", [(800, 560)], indirect=True, ids=["800x560"])
def test_a_pyramid_preset_by_the_keys_alone(window):
    import pygame_gui

    app = window
    game = Nim((1, 3, 5, 7, 9), misere=False)
    key(app, pygame.K_t, "t")
    scene = app.top
    label = "Nim pyramid, 5 rows — normal"
    focus_on(app, lambda w: isinstance(w, pygame_gui.elements.UIDropDownMenu)
             and w.selected_option[0] == scene.choices.preset)
    for _ in range(len(scene.choices.presets)):
        if scene.choices.preset == label:
            break
        key(app, pygame.K_DOWN)
    assert scene.choices.preset == label
    focus_on(app, lambda w: isinstance(w, pygame_gui.elements.UIButton)
             and w.text.startswith("Start training"))
    key(app, pygame.K_RETURN, "\r")
    wait_until(app, lambda: scene.trained is not None, seconds=180)
    assert scene.trained.game == game
    frames(app, 2)
    focus_on(app, lambda w: isinstance(w, pygame_gui.elements.UIButton)
             and w.text.startswith("Play against it"))
    key(app, pygame.K_RETURN, "\r")
    board = app.top
    assert isinstance(board, BoardScene) and board.presenter.game == game
    wait_until(app, lambda: board.presenter.humans_turn)
    piles, moved = board.presenter.state.piles, len(board.presenter.history)
    pile = max(i for i, size in enumerate(piles) if size)
    key(app, getattr(pygame, f"K_{pile + 1}"), str(pile + 1))
    key(app, pygame.K_1, "1")
    key(app, pygame.K_RETURN, "\r")
    assert board.presenter.history[moved].piles[pile] == piles[pile] - 1   # took one
