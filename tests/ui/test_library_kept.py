"""The library says what the Sticks computer's memory is (a brain the program keeps for
its learning opponent), and what renaming or deleting it does (issue 23)."""

import pygame
import pygame_gui
from uidriver import frames, key

from nimgame import storage
from nimgame.games import Sticks
from nimgame.learning.training import train
from nimgame.players import QLearner
from nimgame.session.kept_hats import keep, own_hats, own_path


def library_on_the_computer(app):
    drawer = own_hats(Sticks(20)).drawer
    learner = drawer.learner
    train(learner, 200, seed=1, curve_points=0)
    keep(drawer)
    other = QLearner(Sticks(20))
    other.name = "alpha"
    storage.save(other)
    key(app, pygame.K_l, "l")
    library = app.top
    frames(app, 2)
    library.selected = next(i for i, info in enumerate(library.brains)
                            if info.path == own_path("sticks"))
    library.resize()
    frames(app, 1)
    return library, learner.games_trained


def test_the_library_says_what_the_computers_memory_is(app):
    library, _ = library_on_the_computer(app)
    note = library.kept_note()
    assert "the Sticks computer's memory" in note
    assert "learns from every game you play against it" in note
    library.selected = next(i for i, info in enumerate(library.brains) if info.name == "alpha")
    library.resize()
    assert library.kept_note() == ""


def test_deleting_the_computers_memory_asks_saying_it_starts_fresh(app):
    library, _ = library_on_the_computer(app)
    key(app, pygame.K_DELETE)
    asked = library.dialog.confirmation_text.html_text
    assert "Sticks computer" in asked and "start" in asked and "fresh" in asked
    key(app, pygame.K_ESCAPE)   # no: it stays
    assert own_path("sticks").exists()
    key(app, pygame.K_DELETE)
    app.handle(pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
                                  ui_element=library.dialog))
    assert not own_path("sticks").exists() and "starts fresh" in library.message


def test_renaming_the_computers_memory_keeps_it_the_computers(app):
    library, games = library_on_the_computer(app)
    key(app, pygame.K_F2)
    assert "stays the Sticks computer's memory" in library.message
    library.rename_entry.set_text("my sticks teacher")
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert library.message_ok and "still the Sticks computer's memory" in library.message
    own = own_hats(Sticks(20))
    learner = own.drawer.learner
    assert own.notice == "" and learner.name == "my sticks teacher"
    assert learner.games_trained == games
