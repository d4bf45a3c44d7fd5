"""Every screen by keyboard: Tab and Shift+Tab visit every widget in the order it was made
and wrap round, a ring shows where the focus is, Enter or Space presses a focused button,
arrows change a focused drop-down, slider or list, a focused field takes the typing; the
focus keeps its place when a screen lays itself out again."""

import pygame
import pygame_gui
import pytest
from screen_texts import drawn_texts
from uidriver import click, frames, key, window_at

from nimgame import storage
from nimgame.games import Nim
from nimgame.players import QLearner
from nimgame.ui.arena import ArenaScene
from nimgame.ui.focus import RING, stops
from nimgame.ui.inspector import InspectorScene
from nimgame.ui.library import LibraryScene
from nimgame.ui.setup import SetupScene
from nimgame.ui.training import TrainingScene

OPENERS = {
    "menu": lambda app: None,
    "nim set-up": lambda app: key(app, pygame.K_1, "1"),
    "sticks set-up": lambda app: key(app, pygame.K_2, "2"),
    "tictactoe set-up": lambda app: key(app, pygame.K_3, "3"),
    "training": lambda app: key(app, pygame.K_t, "t"),
    "library": lambda app: key(app, pygame.K_l, "l"),
    "arena": lambda app: key(app, pygame.K_a, "a"),
    "lab": lambda app: key(app, pygame.K_c, "c"),
    "inspector": lambda app: app.push(InspectorScene(app, QLearner(Nim()))),
    "help": lambda app: app.open("help", Nim()),
    "menace": lambda app: key(app, pygame.K_x, "x"),
    "drills": lambda app: key(app, pygame.K_d, "d"),
    "lessons": lambda app: key(app, pygame.K_e, "e"),
    "lesson": lambda app: (key(app, pygame.K_e, "e"), key(app, pygame.K_1, "1")),
    "class": lambda app: key(app, pygame.K_k, "k"),
    "tournament": lambda app: (key(app, pygame.K_k, "k"), key(app, pygame.K_o, "o")),
}


def tab(app, back=False):
    key(app, pygame.K_TAB, "\t", pygame.KMOD_SHIFT if back else 0)
    return app.top.focus.widget


@pytest.mark.parametrize("name", sorted(OPENERS))
def test_tab_visits_every_widget_in_order_and_wraps_round(name, app):
    OPENERS[name](app)
    frames(app, 2)
    scene = app.top
    found = stops(scene.widgets)
    assert found, f"{name}: nothing to focus"
    start = scene.focus.widget                     # nothing focused before the first Tab,
    assert start is None or (                      # but a set-up's Play, its last stop
        name.endswith("set-up") and start.text == "Play  Enter" and start is found[-1])
    visited = [tab(app) for _ in found]
    assert visited == found                        # each once, in the order made
    assert tab(app) is found[0]                    # and round again
    assert tab(app, back=True) is found[-1]        # Shift+Tab: backwards, wrapping
    assert tab(app, back=True) is found[-2 % len(found)] if len(found) > 1 else True


@pytest.mark.parametrize("name", ["menu", "training", "library"])
def test_a_ring_is_drawn_round_the_focused_widget(name, app):
    OPENERS[name](app)
    frames(app, 2)
    widget = tab(app)
    frames(app, 1)
    ring = app.top.focus.ring
    assert ring == widget.rect
    outer = ring.inflate(8, 8)
    for point in ((outer.centerx, outer.top + 1), (outer.left + 1, outer.centery),
                  (outer.centerx, outer.bottom - 2), (outer.right - 2, outer.centery)):
        assert tuple(app.screen.get_at(point))[:3] == RING, point
    click(app, (2, app.size[1] - 2))               # a click elsewhere clears it
    assert app.top.focus.ring is None


def focus_on(app, wanted):
    """Tab until the focused widget is `wanted(widget)`; it."""
    for _ in range(len(stops(app.top.widgets)) + 1):
        widget = tab(app)
        if widget is not None and wanted(widget):
            return widget
    raise AssertionError("never focused")


@pytest.mark.parametrize("activate", [pygame.K_RETURN, pygame.K_SPACE])
def test_enter_or_space_presses_the_focused_button(activate, app):
    focus_on(app, lambda w: isinstance(w, pygame_gui.elements.UIButton)
             and w.text.startswith("Train"))
    key(app, activate, "\r" if activate == pygame.K_RETURN else " ")
    assert isinstance(app.top, TrainingScene)


def test_up_and_down_move_along_the_menus_buttons(app):
    first = tab(app)
    key(app, pygame.K_DOWN)
    found = stops(app.top.widgets)
    assert app.top.focus.widget is found[1]
    key(app, pygame.K_UP)
    assert app.top.focus.widget is first


def test_a_focused_drop_down_changes_its_choice_with_the_arrows_and_the_screen_hears(app):
    key(app, pygame.K_1, "1")
    setup = app.top
    assert isinstance(setup, SetupScene)
    menu = focus_on(app, lambda w: isinstance(w, pygame_gui.elements.UIDropDownMenu))
    before = dict(setup.choices)
    shown = menu.selected_option
    key(app, pygame.K_DOWN)
    menu = app.top.focus.widget   # the screen may have laid itself out again
    assert isinstance(menu, pygame_gui.elements.UIDropDownMenu)
    assert setup.choices != before                 # the screen took the new choice
    changed = [k for k in before if before[k] != setup.choices[k]]
    assert len(changed) == 1
    setup.rebuild()                                # and shows it when laid out again
    assert menu.selected_option != shown or setup.focus.widget.selected_option != shown
    key(app, pygame.K_UP)
    assert setup.choices[changed[0]] == before[changed[0]]


@pytest.mark.parametrize("activate", [pygame.K_RETURN, pygame.K_SPACE])
def test_enter_on_a_focused_drop_down_opens_its_list_not_the_game(activate, app,
                                                                   monkeypatch):
    """Enter on the set-up's Opponent menu started the game (the screen's Enter); it opens
    the list, as a click does, and again closes it; the keys line says Up/Down."""
    key(app, pygame.K_1, "1")
    setup = app.top
    menu = focus_on(app, lambda w: isinstance(w, pygame_gui.elements.UIDropDownMenu))
    text = "\r" if activate == pygame.K_RETURN else " "
    key(app, activate, text)
    frames(app, 1)
    assert app.top is setup and menu.current_state is menu.menu_states["expanded"]
    key(app, activate, text)
    frames(app, 1)
    assert app.top is setup and menu.current_state is menu.menu_states["closed"]
    assert any("Up/Down: change it" in words for words, _ in drawn_texts(app, monkeypatch))


def test_a_focused_slider_moves_with_the_arrows_and_its_field_follows(app):
    key(app, pygame.K_t, "t")
    training = app.top
    slider = focus_on(app, lambda w: isinstance(w, pygame_gui.elements.UIHorizontalSlider))
    low, high = slider.value_range
    key(app, pygame.K_HOME)
    assert slider.get_current_value() == low
    key(app, pygame.K_RIGHT)                       # a step of its own arrow buttons
    assert slider.get_current_value() == pytest.approx(low + slider.increment)
    key(app, pygame.K_RIGHT, mod=pygame.KMOD_SHIFT)  # Shift: a tenth of the range
    assert slider.get_current_value() == pytest.approx(
        low + slider.increment + max(slider.increment, (high - low) / 10), abs=0.051)
    key(app, pygame.K_END)
    assert slider.get_current_value() == high
    assert training.focus.widget is slider


def test_a_focused_field_takes_the_typing_and_tab_leaves_it(app):
    key(app, pygame.K_t, "t")
    training = app.top
    field = focus_on(app, lambda w: w is training.form.games_entry)
    field.set_text("")
    for char in "123":
        app.handle(pygame.event.Event(pygame.TEXTINPUT, text=char))
    assert field.get_text() == "123"
    after = tab(app)
    assert after is not field
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="9"))
    assert field.get_text() == "123"


def test_a_focused_list_picks_with_space_and_the_screen_hears(app):
    key(app, pygame.K_a, "a")
    arena = app.top
    assert isinstance(arena, ArenaScene)
    listed = focus_on(app, lambda w: isinstance(w, pygame_gui.elements.UISelectionList))
    before = sorted(arena.chosen)
    first = listed.item_list[0]["text"]
    key(app, pygame.K_SPACE, " ")
    assert sorted(arena.chosen) != before
    key(app, pygame.K_SPACE, " ")
    assert sorted(arena.chosen) == before
    key(app, pygame.K_DOWN)
    assert arena.focus.item == 1 and listed.item_list[0]["text"] == first


def test_the_focus_keeps_its_place_when_the_screen_is_laid_out_again(app):
    key(app, pygame.K_l, "l")
    library = app.top
    assert isinstance(library, LibraryScene)
    tab(app)
    tab(app)
    place = library.focus.place
    app.resize((1000, 700))
    frames(app, 1)
    assert library.focus.place == place
    assert library.focus.widget is stops(library.widgets)[place]


def library_asking_to_delete(app):
    brain = QLearner(Nim())
    brain.name = "to go"
    storage.save(brain)
    key(app, pygame.K_l, "l")
    library = app.top
    frames(app, 2)
    library.selected = next(i for i, info in enumerate(library.brains) if info.name == "to go")
    library.resize()
    frames(app, 1)
    key(app, pygame.K_DELETE)
    assert library.dialog is not None and library.dialog.alive()
    return library, library.current.path


def test_a_delete_is_confirmed_by_tab_and_enter_the_focus_kept_inside_the_box(app):
    library, path = library_asking_to_delete(app)
    box = library.dialog
    assert box.confirm_button.text == "Delete  Y" and box.cancel_button.text == "Cancel  N"
    assert stops(library.widgets) == [box.confirm_button, box.cancel_button]
    assert tab(app) is box.confirm_button and tab(app) is box.cancel_button
    assert tab(app) is box.confirm_button          # nothing under the box is reached
    key(app, pygame.K_RETURN, "\r")
    frames(app, 2)
    assert not path.exists() and library.message.startswith("Deleted")


@pytest.mark.parametrize("answer", [pygame.K_y, pygame.K_n, pygame.K_ESCAPE])
def test_y_deletes_and_n_or_esc_keeps(answer, app):
    library, path = library_asking_to_delete(app)
    key(app, answer, pygame.key.name(answer))
    frames(app, 2)
    assert path.exists() == (answer != pygame.K_y)
    assert not library.dialog or not library.dialog.alive()
    assert app.top is library


def test_cancel_by_tab_and_enter_keeps_it(app):
    library, path = library_asking_to_delete(app)
    tab(app)
    tab(app)
    key(app, pygame.K_SPACE, " ")
    frames(app, 2)
    assert path.exists() and not library.dialog.alive()


@pytest.mark.parametrize("size", [(800, 560), (1920, 1080, 200)],
                         ids=["800x560", "1920x1080@200"])
def test_menace_by_keys_alone_at_the_smallest_and_the_largest_size(size, monkeypatch):
    """MENACE against the person at 800x560 and at 1920x1080 with 200%: a whole game by
    the keys (arrows and Enter on the board's ring, digits), then Tab visits every widget
    in order, Enter presses the focused button, Esc leaves the focus, then goes back."""
    from nimgame.ui.board import presenter as base
    from nimgame.ui.menace import MenaceScene
    from nimgame.ui.menu import MenuScene

    monkeypatch.setattr(base, "THINK_SECONDS", 0.0)
    with window_at(size) as app:
        key(app, pygame.K_x, "x")
        scene = app.top
        assert isinstance(scene, MenaceScene)
        for _ in range(3):
            key(app, pygame.K_o, "o")
        key(app, pygame.K_g, "g")
        desk = scene.desk
        assert desk.person is not None and scene.focus.widget is None
        start = desk.person.cursor
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_DOWN)
        assert desk.person.cursor == start + 4
        while desk.person is not None:   # the ring to a free square, then Enter
            target = desk.person.state.index(".")
            row, col = divmod(desk.person.cursor, 3)
            for _ in range(row - target // 3):
                key(app, pygame.K_UP)
            for _ in range(target // 3 - row):
                key(app, pygame.K_DOWN)
            for _ in range(col - target % 3):
                key(app, pygame.K_LEFT)
            for _ in range(target % 3 - col):
                key(app, pygame.K_RIGHT)
            assert desk.person.cursor == target
            key(app, pygame.K_RETURN)
        assert len(desk.run.results) == 1
        frames(app, 2)
        found = stops(scene.widgets)
        visited = [tab(app) for _ in found]
        assert visited == found and tab(app) is found[0]
        charts = focus_on(app, lambda w: getattr(w, "text", "").startswith("Charts"))
        key(app, pygame.K_RETURN)
        assert scene.charts and charts is not None
        key(app, pygame.K_ESCAPE)    # leaves the focus first, if anything holds it
        if isinstance(app.top, MenaceScene):
            key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, MenuScene)
