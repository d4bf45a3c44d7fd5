"""The window remembers a person: their name, each game's set-up and opponent, the last
game, and the window's size; a damaged settings file is said once, never a crash."""

import pygame
from uidriver import frames, key, post

from nimgame import settings
from nimgame.ui.app import App
from nimgame.ui.menu import MenuScene
from nimgame.ui.setup import SetupScene


def relaunch(app):
    """Close the window and open it again, as a person would."""
    app.quit()
    again = App()
    again.open("menu")
    frames(again, 1)
    return again


def test_name_set_up_opponent_last_game_and_size_come_back(app, nimgame_home):
    post(app, pygame.VIDEORESIZE, w=1234, h=777, size=(1234, 777))
    key(app, pygame.K_3)
    setup = app.top
    setup.name = "Ann"
    setup.choices["opponent"] = next(t for t in setup.opponents
                                     if t.startswith("Hard (alpha-beta)"))
    setup.choices["mark"] = "O"
    key(app, pygame.K_RETURN)
    assert app.top.presenter.seats[1].name == "Ann"
    again = relaunch(app)
    try:
        assert again.size == (1234, 777)
        menu = again.top
        primary = {b.text: b.object_ids[-1] for b in menu.actions}
        assert primary["3.  Tic-Tac-Toe"] == "#primary" != primary["1.  Nim"]
        key(again, pygame.K_3)
        setup = again.top
        assert isinstance(setup, SetupScene) and setup.name == "Ann"
        assert setup.choices["opponent"].startswith("Hard (alpha-beta)")
        assert setup.choices["mark"] == "O"
        key(again, pygame.K_ESCAPE)
        key(again, pygame.K_1)   # another game keeps its own choices, the name is shared
        assert again.top.name == "Ann" and again.top.choices["opponent"].startswith("Q-learning")
    finally:
        again.quit()


def test_set_up_left_without_playing_is_remembered_too(app, nimgame_home):
    """Back (Esc) keeps the name and choices typed; so does closing the window."""
    key(app, pygame.K_1)
    setup = app.top
    setup.name = "Alice Newname"
    setup.choices["rounds"] = "KUET Easy: 3 games vs IDA*"
    setup.choices["piles"] = "Custom"
    setup.texts["custom"] = "2, 4, 6"
    key(app, pygame.K_ESCAPE)
    assert settings.load()[0].name == "Alice Newname"   # saved at once, not at the end
    key(app, pygame.K_1)
    again = app.top
    assert again.name == "Alice Newname"
    assert again.choices["rounds"] == "KUET Easy: 3 games vs IDA*"
    assert again.choices["piles"] == "Custom" and again.texts["custom"] == "2, 4, 6"
    again.name = "Bea"
    relaunched = relaunch(app)   # closing the window on the set-up screen keeps it too
    try:
        key(relaunched, pygame.K_1)
        assert relaunched.top.name == "Bea" and relaunched.top.texts["custom"] == "2, 4, 6"
    finally:
        relaunched.quit()


def test_a_saved_opponent_comes_back_once_the_brains_are_read(app, nimgame_home):
    from nimgame import storage
    from nimgame.games import Nim
    from nimgame.players import QLearner

    learner = QLearner(Nim())
    learner.name = "champ"
    storage.save(learner)
    key(app, pygame.K_1)
    frames(app, 2)
    setup = app.top
    setup.choices["opponent"] = next(t for t in setup.opponents if "champ" in t)
    key(app, pygame.K_RETURN)
    frames(app, 3)
    again = relaunch(app)
    try:
        key(again, pygame.K_1)
        frames(again, 3)
        assert "champ" in again.top.choices["opponent"]
    finally:
        again.quit()


def test_a_damaged_settings_file_is_said_once(app, nimgame_home):
    app.quit()
    nimgame_home.mkdir(parents=True, exist_ok=True)
    settings.settings_path().write_bytes(b"\x00{garbage")
    again = App()
    again.open("menu")
    try:
        frames(again, 1)
        assert "were damaged" in again.notice and again.size == (1100, 720)
        assert isinstance(again.top, MenuScene)
        key(again, pygame.K_1)
        key(again, pygame.K_ESCAPE)
        assert again.notice == ""   # said once
    finally:
        again.quit()
    assert settings.load()[1] == ""   # replaced by good settings on closing


def test_esc_on_the_menu_closes_as_q_does_keeping_the_size(app, nimgame_home):
    """Esc on the last screen closes the window as Q does: its size is remembered."""
    post(app, pygame.VIDEORESIZE, w=1111, h=666, size=(1111, 666))
    while len(app.scenes) > 1:
        app.pop()
    key(app, pygame.K_ESCAPE)
    assert not app.running
    assert settings.load()[0].window == (1111, 666)


def test_a_settings_fifo_neither_hangs_the_window_nor_is_replaced(app, nimgame_home):
    """settings.json as a FIFO: the window opens on its menu with the defaults and one line,
    and closing it leaves the FIFO where it was (nothing overwritten that is not ours)."""
    import os
    import stat

    app.quit()
    settings.settings_path().unlink()   # the fixture's window saved it on closing
    os.mkfifo(settings.settings_path())
    again = App()
    again.open("menu")
    try:
        frames(again, 1)
        assert "not a regular file" in again.notice and "\n" not in again.notice
        assert isinstance(again.top, MenuScene) and again.size == (1100, 720)
    finally:
        again.quit()
    assert stat.S_ISFIFO(os.stat(settings.settings_path()).st_mode)
