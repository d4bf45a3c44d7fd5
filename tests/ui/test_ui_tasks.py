"""Slow file work happens beside the frames: the window goes on while it runs, and its
answer reaches the scene that asked, on the window's thread, in order."""

import threading

import pygame
from uidriver import frames, key

from nimgame import storage
from nimgame.games import Nim
from nimgame.players import QLearner
from nimgame.ui.app import App
from nimgame.ui.library import LibraryScene
from nimgame.ui.setup import SetupScene
from nimgame.ui.tasks import Tasks


def test_answers_come_in_order_only_when_done_and_only_to_live_owners():
    tasks, heard, gate = Tasks(), [], threading.Event()
    alive = {"a", "b"}
    tasks.start("a", lambda: gate.wait(10) and 1, lambda f: heard.append(("a", f.result())))
    tasks.start("gone", lambda: 2, lambda f: heard.append(("gone", f.result())))
    tasks.start("b", lambda: 1 / 0, lambda f: heard.append(("b", type(f.exception()))))
    tasks.deliver(alive.__contains__)
    assert heard == [] and tasks.busy("a") and tasks.busy("b")   # "a" blocks the rest
    gate.set()
    tasks.wait(timeout=10)
    tasks.deliver(alive.__contains__)
    assert heard == [("a", True), ("b", ZeroDivisionError)]
    assert not tasks.busy("a")
    tasks.close()
    tasks.start("a", lambda: 3, lambda f: heard.append(("a", f.result())))  # usable again
    tasks.wait(timeout=10)
    tasks.deliver(alive.__contains__)
    assert heard[-1] == ("a", 3)
    tasks.close()


def keydown(app, k, text):
    """A key press handed to the window without running a frame (so no waiting)."""
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, unicode=text, mod=0, scancode=0))


def blocked_listing(monkeypatch):
    """list_brains that waits for the test's go-ahead: if a screen read the folder inside a
    frame, the frame would wait too and the test would time out instead of passing."""
    gate, real = threading.Event(), storage.list_brains

    def listing(*args):
        assert gate.wait(30), "the listing was never released"
        return real(*args)

    monkeypatch.setattr(storage, "list_brains", listing)
    return gate


def saved_brain(name):
    learner = QLearner(Nim())
    learner.name = name
    storage.save(learner)


def test_set_up_opens_and_runs_while_the_folder_is_read(app, monkeypatch):
    saved_brain("slow-to-list")
    gate = blocked_listing(monkeypatch)
    keydown(app, pygame.K_1, "1")
    setup = app.top
    assert isinstance(setup, SetupScene) and setup.waiting
    for _ in range(5):
        app.step(1 / 60)   # frames go on; the saved brain is not offered yet
    assert not any("slow-to-list" in text for text in setup.opponents)
    gate.set()
    frames(app, 2)
    assert any("slow-to-list" in text for text in setup.opponents)


def test_playing_a_saved_brain_loads_it_beside_the_frames(app, monkeypatch):
    saved_brain("loaded-later")
    key(app, pygame.K_1)
    setup = app.top
    setup.choices["opponent"] = next(t for t in setup.opponents if "loaded-later" in t)
    gate, real = threading.Event(), storage.load

    def load(*args, **kwargs):
        assert gate.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(storage, "load", load)
    keydown(app, pygame.K_RETURN, "\r")
    for _ in range(3):
        app.step(1 / 60)
    assert app.top is setup and setup.loading   # still here, saying it reads the brain
    gate.set()
    frames(app, 2)
    assert app.top is not setup and app.top.presenter.seats[1].player.name == "loaded-later"


def test_library_lists_after_opening_and_a_bad_load_says_why(app, monkeypatch):
    saved_brain("in-the-library")
    gate = blocked_listing(monkeypatch)
    keydown(app, pygame.K_l, "l")
    library = app.top
    assert isinstance(library, LibraryScene) and library.reading and library.brains == []
    app.step(1 / 60)
    gate.set()
    frames(app, 1)
    assert [info.name for info in library.brains] == ["in-the-library"]
    library.current.path.write_bytes(b"damaged since it was listed")
    key(app, pygame.K_RETURN)
    assert app.top is library and "Cannot load it" in library.message


def test_an_answer_for_a_covered_scene_draws_nothing_over_the_scene_in_front(tmp_path,
                                                                             monkeypatch):
    """The set-up screen's folder listing answered after Play had opened the board: the
    set-up's widgets were built again, over the board."""
    from nimgame.ui.help import HelpOverlay

    monkeypatch.setenv("NIMGAME_HOME", str(tmp_path))
    learner = QLearner(Nim())
    learner.name = "new opponent"
    storage.save(learner)   # the listing adds an opponent: the set-up rebuilds
    app = App()
    release = threading.Event()
    real = storage.list_brains
    monkeypatch.setattr(storage, "list_brains", lambda *a, **k: (release.wait(10), real())[1])
    setup = SetupScene(app, "nim")
    app.push(setup)
    app.push(HelpOverlay(app, Nim()))
    covered = len(setup.widgets)
    release.set()
    frames(app, 3)
    assert covered == 0 and setup.widgets == []
    app.pop()
    frames(app, 2)
    assert setup.widgets, "uncovered again, it has its widgets back"
    app.quit()
