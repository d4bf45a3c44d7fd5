"""The MENACE screen, driven by the keyboard alone and by the mouse: it opens from the menu,
plays one game (the bead drawn lit, on the page shown), many beside the frames (Esc stops
them), Michie's tournament, a game against the person typed move by move, presets and rules
typed (one line when wrong), the labels exported, and back to the menu."""

import pygame
from uidriver import click, frames, key, post, wait_until

from nimgame.session.menace import MICHIE, SCROGGS
from nimgame.ui.menace import MenaceScene
from nimgame.ui.menu import MenuScene


def open_menace(app, **kwargs):
    if kwargs:
        return app.open("menace", **kwargs)
    key(app, pygame.K_x)
    assert isinstance(app.top, MenaceScene)
    return app.top


def tab_to(app, scene, widget):
    """Tab until the app's focus is on `widget` (the order the screen made its widgets)."""
    for _ in range(40):
        if scene.focus.widget is widget:
            return
        key(app, pygame.K_TAB)
    raise AssertionError("Tab never reached the widget")


def type_into(app, text):
    for char in text:
        post(app, pygame.TEXTINPUT, text=char)


def test_keyboard_alone_plays_a_game_and_lights_the_bead(app):
    scene = open_menace(app)
    assert scene.desk.menace.rules == MICHIE.rules and len(scene.desk.menace.boxes) == 304
    key(app, pygame.K_g)
    run = scene.desk.run
    assert len(run.results) == 1 and scene.desk.menace.last is not None
    box, _ = scene.desk.menace.last
    assert box in scene.page_boxes()          # turned to the page of the bead drawn
    assert scene.message in ("MENACE lost.", "A draw.", "MENACE won.",
                             "MENACE resigned: its box was empty.")
    page = (scene.stage, scene.page)
    key(app, pygame.K_RIGHT)
    assert (scene.stage, scene.page) != page
    key(app, pygame.K_LEFT)
    assert (scene.stage, scene.page) == page
    key(app, pygame.K_DOWN)
    assert scene.stage == (page[0] + 1) % 4 and scene.page == 0
    key(app, pygame.K_c)
    assert scene.charts
    frames(app, 2)
    key(app, pygame.K_c)
    assert not scene.charts
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


def test_presets_and_rules_from_the_keyboard(app):
    scene = open_menace(app)
    key(app, pygame.K_r)
    assert scene.desk.choices.preset == "Scroggs" and scene.desk.menace.rules == SCROGGS.rules
    assert scene.desk.menace.first_box().beads == [8, 8, 8]
    key(app, pygame.K_y)
    assert not scene.desk.menace.rules.symmetry and len(scene.desk.menace.boxes) == 2201
    assert scene.desk.choices.preset == "Your own"
    key(app, pygame.K_y)
    key(app, pygame.K_e)
    assert not scene.desk.menace.rules.resigns
    key(app, pygame.K_e)
    assert scene.desk.choices.preset == "Scroggs"
    # Tab to the beads field, type wrong numbers: said in one line, the MENACE kept
    before = scene.desk.run
    field = scene.fields["beads"]
    tab_to(app, scene, field)
    assert field.is_focused
    field.set_text("")
    type_into(app, "4 x")
    key(app, pygame.K_RETURN)
    assert "Beads for the machine's move 2 must be a whole number" in scene.message
    assert scene.desk.run is before
    field = scene.fields["beads"]
    field.set_text("")
    tab_to(app, scene, field)
    type_into(app, "5 3 2 1")
    key(app, pygame.K_RETURN)
    assert scene.desk.menace.first_box().beads == [5, 5, 5]
    assert scene.desk.choices.preset == "Your own" and "304 boxes" in scene.message
    tab_to(app, scene, scene.fields["beads"])
    assert scene.fields["beads"].is_focused
    key(app, pygame.K_ESCAPE)    # leaves the field first
    assert isinstance(app.top, MenaceScene) and not any(
        f.is_focused for f in scene.fields.values())
    key(app, pygame.K_h)         # Hexapawn: Gardner's HER, playing second
    assert scene.desk.game.name == "hexapawn" and len(scene.desk.menace.boxes) == 19
    assert scene.desk.choices.preset == "Gardner" and scene.desk.run.side == 1


def test_many_games_beside_the_frames_and_esc_stops_them(app):
    scene = open_menace(app, seed=3)
    key(app, pygame.K_o)   # against Random
    assert scene.desk.choices.opponent == "Random"
    key(app, pygame.K_f)
    assert scene.busy
    wait_until(app, lambda: not scene.busy)
    assert len(scene.desk.run.results) == 500 and len(scene.desk.run.first_box) == 501
    key(app, pygame.K_f)
    key(app, pygame.K_ESCAPE)   # stops: the screen stays
    wait_until(app, lambda: not scene.busy)
    assert isinstance(app.top, MenaceScene)
    assert 500 < len(scene.desk.run.results) < 1000


def test_michies_tournament_from_the_keyboard(app):
    scene = open_menace(app, seed=2)
    key(app, pygame.K_r)   # Scroggs' beads: this seed gets there
    key(app, pygame.K_t)
    wait_until(app, lambda: not scene.busy)
    tour = scene.desk.tournament
    assert tour.done and tour.games == len(scene.desk.run.results)
    assert scene.desk.run.results[-20:] == [0] * 20
    assert f"drew 20 in a row after {tour.games:,} games (Michie's MENACE: ~20; " \
           "Scroggs': ~40)" in scene.message


def test_a_person_plays_by_typing_moves(app):
    scene = open_menace(app, seed=4)
    for _ in range(3):
        key(app, pygame.K_o)
    assert scene.desk.choices.opponent == "You"
    key(app, pygame.K_g)
    person = scene.desk.person
    assert person is not None and person.state.count("X") == 1
    assert scene.move_field is not None and scene.move_field.is_focused
    type_into(app, "x")
    key(app, pygame.K_RETURN)
    assert scene.message == "Please choose an empty square from 1 to 9."
    while scene.desk.person is not None:
        free = scene.desk.person.state.index(".") + 1
        assert scene.move_field.is_focused
        type_into(app, str(free))
        key(app, pygame.K_RETURN)
    assert len(scene.desk.run.results) == 1 and "G starts another" in scene.message


def test_the_labels_are_exported(app, nimgame_home):
    scene = open_menace(app)
    key(app, pygame.K_p)
    path = nimgame_home / "menace" / "menace-tictactoe-first.pdf"
    assert path.read_bytes().startswith(b"%PDF-1.4")
    assert scene.message == f"Labels for 304 boxes written to {path}"


def test_the_labels_that_cannot_be_written_are_said(app, nimgame_home):
    nimgame_home.mkdir(parents=True, exist_ok=True)
    (nimgame_home / "menace").write_text("a file where the folder should be")
    scene = open_menace(app)
    key(app, pygame.K_p)
    assert scene.message.startswith("The labels could not be written to ")
    assert "\n" not in scene.message


def test_the_mouse_does_the_same(app):
    scene = open_menace(app, seed=5)
    one = next(b for b in scene.actions if b.text.startswith("One game"))
    click(app, one.rect.center)
    assert len(scene.desk.run.results) == 1
    charts = next(b for b in scene.actions if b.text.startswith("Charts"))
    click(app, charts.rect.center)
    assert scene.charts
    back = next(b for b in scene.actions if b.text.startswith("Back"))
    click(app, back.rect.center)
    assert isinstance(app.top, MenuScene)


def test_the_menu_has_a_menace_button(app):
    button = next(b for b in app.top.actions if b.text.startswith("MENACE"))
    click(app, button.rect.center)
    assert isinstance(app.top, MenaceScene)


def test_fast_games_stop_when_the_first_box_is_empty(app):
    scene = open_menace(app, seed=0)
    scene.desk.menace.first_box().beads[:] = [1, 0, 0]
    key(app, pygame.K_f)
    wait_until(app, lambda: not scene.busy)
    assert scene.desk.refuses and len(scene.desk.run.results) < 500
    assert scene.message.startswith("Its first box is empty: it refuses to play on.")
