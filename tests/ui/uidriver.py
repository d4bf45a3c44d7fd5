"""Driving the window headless with synthetic events (the `app` fixture is in conftest)."""

import contextlib
import time

import pygame


def frames(app, n=2):
    """`n` frames, each after the background work started so far has finished: tests see
    what a user sees once the files are read."""
    for _ in range(n):
        app.tasks.wait(timeout=60)
        app.step(1 / 60)


def post(app, event_type, **attrs):
    app.handle(pygame.event.Event(event_type, **attrs))
    frames(app, 1)


def click(app, pos):
    post(app, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(app, pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(app, pygame.MOUSEBUTTONUP, pos=pos, button=1)


def key(app, k, text="", mod=0):
    post(app, pygame.KEYDOWN, key=k, unicode=text, mod=mod, scancode=0)
    post(app, pygame.KEYUP, key=k, unicode=text, mod=mod, scancode=0)


def wait_until(app, condition, seconds=60.0):
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "timed out"
        frames(app, 1)
        time.sleep(0.002)


def frames_until(app, board, condition, most):
    """How many frames (of 1/60 s each) pass until `condition`, each frame after the work
    the board started beside the frames (the AI's move, the theory) has finished: a count
    of frames, whatever the machine's speed. Fails after `most` frames."""
    from concurrent.futures import wait

    for count in range(most + 1):
        if condition():
            return count
        work = board.presenter.background
        wait([f for f in (work.job, work.theory) if f is not None], timeout=60)
        frames(app, 1)
    raise AssertionError(f"not within {most} frames")


def press(app, button):
    """A pygame_gui button press, as the manager reports it."""
    import pygame_gui
    post(app, pygame_gui.UI_BUTTON_PRESSED, ui_element=button)


def button_named(scene, prefix):
    return next(b for b in scene.actions if b.text.startswith(prefix))


@contextlib.contextmanager
def window_at(size, menu=True):
    """A window of `size` (WIDTH, HEIGHT) or (WIDTH, HEIGHT, SCALE%): an interface scale
    lays the screens out on a canvas that much smaller, drawn larger), the menu open
    (unless not `menu`); closed after."""
    from nimgame.ui.app import App

    app = App(size[:2])
    try:
        if len(size) > 2:
            app.settings.scale = size[2]
            app.apply_look()
        if menu:
            app.open("menu")
        yield app
    finally:
        app.quit()
