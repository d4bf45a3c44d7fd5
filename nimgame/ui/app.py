"""The window, the event loop and the stack of scenes."""

from __future__ import annotations

import gc
import os
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

import pygame
import pygame_gui

from .. import settings
from ..games import AnyGame
from ..match import Seat, Tally
from ..session import MatchSetup
from ..storage import SaveError
from . import pygame_gui_fixes, theme
from .board import BOARDS
from .scene import Scene, help_key, typing_in
from .sound import Sounds
from .tasks import Tasks

MIN_SIZE = (800, 560)
#: The shortest canvas a larger interface scale may leave (1080 rows at 200%).
MIN_SCALED_HEIGHT = 540
FPS = 60

#: Signals that close the window as its close button does, every scene saving what it must
#: (a training run kept as "(unsaved)", its worker ended): Ctrl-C, `kill`, the terminal
#: closing. Without this a hang-up ended the window on the spot and orphaned the worker.
CLOSING_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                        if hasattr(signal, name))

SignalHandler = Callable[[int, FrameType | None], None]

#: SDL's drivers that draw where nobody sees: fine when asked for (tests, screenshots), but
#: chosen by SDL itself they mean there is no screen (DISPLAY names a server not there).
UNSEEN_DRIVERS = ("offscreen", "dummy")


class NoDisplay(RuntimeError):
    """There is no screen to open the window on: why, in words."""


def open_display() -> None:
    """Start SDL's video on a screen a person can see; NoDisplay, saying why, if none can
    be had (a driver asked for that is not there, or only one that draws unseen)."""
    try:
        pygame.display.init()
    except pygame.error as err:
        raise NoDisplay(str(err)) from None
    driver = pygame.display.get_driver()
    asked = {name.strip().lower() for name in os.environ.get("SDL_VIDEODRIVER", "").split(",")}
    if driver in UNSEEN_DRIVERS and driver not in asked:
        pygame.display.quit()
        raise NoDisplay(f"no screen answered; SDL could only draw unseen ({driver})")


@contextmanager
def closing_signals(handler: SignalHandler) -> Iterator[None]:
    """CLOSING_SIGNALS go to `handler` meanwhile (only the main thread may set handlers:
    elsewhere nothing changes); the handlers before are put back after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {signum: signal.signal(signum, handler) for signum in CLOSING_SIGNALS}
    try:
        yield
    finally:
        for signum, previous in before.items():   # None: set outside Python (SDL's)
            signal.signal(signum, signal.SIG_DFL if previous is None else previous)


class App:
    def __init__(self, size: tuple[int, int] | None = None) -> None:
        """The window, `size` or as big as it was last time."""
        open_display()
        self.settings, self.notice = settings.load()   # notice: a damaged file, said once
        pygame.init()
        pygame_gui_fixes.install()
        theme.forget()  # fonts and text from an earlier pygame.init() are dead
        pygame.display.set_caption("nimgame")
        if theme.ICON_FILE.exists():
            pygame.display.set_icon(pygame.image.load(str(theme.ICON_FILE)))
        #: The window itself; `screen` is what scenes draw on, `size` its size: the window
        #: at 100%, a smaller canvas drawn enlarged into the window at a larger interface
        #: scale (fonts, widgets and boards grow together: a projector's view).
        self.window = pygame.display.set_mode(size or self.remembered_size(), pygame.RESIZABLE)
        self.screen, self.size, self.scale = self.window, self.window.get_size(), 1.0
        self.manager = pygame_gui.UIManager(self.size, str(theme.THEME_FILE))
        pygame_gui_fixes.one_translation_path()
        self.contrast = False
        self.scenes: list[Scene] = []
        self.clock = pygame.time.Clock()
        self.running = True
        self.closed_by: int | None = None   # the signal that asked the window to close
        self.asking_to_close = False   # a screen asks whether to close (`close_wanted`)
        self.tasks = Tasks()
        self.sounds = Sounds(self.settings.sound, self.settings.volume)
        #: Scores since the window opened, by game and the two players.
        self.tallies: dict[tuple[str, frozenset[tuple[str, str]]], Tally] = {}
        self.apply_look()

    # -- how it looks ---------------------------------------------------------------------
    def apply_look(self) -> None:
        """Draw as the settings say: the colours (high contrast, colour-blind safe) and the
        interface scale; the screen on top lays itself out again."""
        look = self.settings
        theme.use(theme.palette(look.contrast, look.colour_blind))
        if look.contrast != self.contrast:
            self.contrast = look.contrast
            self.manager.get_theme().load_theme(
                str(theme.CONTRAST_THEME_FILE if look.contrast else theme.THEME_FILE))
            self.manager.rebuild_all_from_changed_theme_data()
        self.fit_canvas()

    def fit_canvas(self) -> None:
        """The canvas for the window's size at the chosen scale (never below the smallest
        layout the screens are made for: a small window gets less than it asked)."""
        width, height = self.window.get_size()
        scale = max(1.0, min(self.settings.scale / 100, width / MIN_SIZE[0],
                             height / MIN_SCALED_HEIGHT))
        size = (round(width / scale), round(height / scale)) if scale > 1 else (width, height)
        self.scale = scale
        self.screen = self.window if size == (width, height) else pygame.Surface(size)
        resized = size != self.size
        self.size = size
        self.manager.set_window_resolution(size)
        self.manager.mouse_pos_scale_factor = [size[0] / width, size[1] / height]
        if resized and self.top is not None:
            self.top.resize()

    def scaled(self, event: pygame.event.Event) -> pygame.event.Event:
        """`event` as the canvas sees it: a mouse position shrunk by the scale."""
        if self.screen is self.window or not hasattr(event, "pos"):
            return event
        fx, fy = self.manager.mouse_pos_scale_factor
        data = dict(event.dict, pos=(int(event.pos[0] * fx), int(event.pos[1] * fy)))
        if "rel" in data:
            data["rel"] = (int(event.rel[0] * fx), int(event.rel[1] * fy))
        return pygame.event.Event(event.type, data)

    def remembered_size(self) -> tuple[int, int]:
        """The size the window had when it was last closed (it fitted the screen then; the
        window manager keeps a window on the screen), at least the minimum."""
        width, height = self.settings.window
        return (max(width, MIN_SIZE[0]), max(height, MIN_SIZE[1]))

    def tally_for(self, game: str, seats: tuple[Seat, Seat]) -> Tally:
        """The score since the window opened between these two players at the game called
        `game` (the same people and the same kind of opponent, whoever moves first)."""
        key = (game, frozenset((seat.name, seat.label) for seat in seats))
        return self.tallies.setdefault(key, Tally())

    def toggle_sound(self) -> str:
        """M: mute or unmute, remembered; "" or why it could not be remembered."""
        self.settings.sound = self.sounds.toggle()
        return self.remember()

    def change_volume(self, step: float) -> str:
        """+/-: the effects louder or softer by `step` (0 to 1), remembered and played once
        so the person hears the new level; "" or why it could not be remembered."""
        volume = round(min(1.0, max(0.0, self.settings.volume + step)), 2)
        self.settings.volume = self.sounds.volume = volume
        self.sounds.play("click")
        return self.remember()

    def remember(self) -> str:
        """Save the settings; "" or the one line saying why they could not be."""
        try:
            settings.save(self.settings)
        except SaveError as err:
            return str(err)
        return ""

    # -- the stack --------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.top is not None:
            self.top.pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> None:
        """Leave the top scene (Esc); leaving the last one quits."""
        if not self.scenes:
            return
        if len(self.scenes) == 1:   # the last screen: close as Q does, keeping the size
            self.quit()
            return
        self.scenes.pop().exit()
        if self.top is not None:
            self.top.resume()

    def open(self, name: str, *args: Any, replace: bool = False, **kwargs: Any) -> Scene:
        """Open the scene called `name` (see `screens`) on top, or in place of the top
        scene with `replace`; the scene."""
        from .screens import make_scene

        scene = make_scene(self, name, *args, **kwargs)
        (self.replace if replace else self.push)(scene)
        return scene

    def home(self) -> None:
        """Back to the first scene (the menu), every scene above it leaving in order."""
        while len(self.scenes) > 1:
            self.pop()

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def quit(self) -> None:
        """Close: every scene leaves in order, so each saves what it must."""
        self.running = False   # first: a scene's exit may wait for its work when closing
        while self.scenes:
            self.scenes.pop().exit()
        self.tasks.close()
        self.settings.window = self.window.get_size()
        self.remember()   # nowhere left to say it if this fails: the window is closing
        gc.unfreeze()     # what lived as long as the window may go now (a test opens many)

    # -- the loop -----------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        if size != self.window.get_size():
            self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        before = self.size
        self.fit_canvas()
        if self.size == before and self.top is not None:
            self.top.resize()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.close_wanted()
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        top = self.top
        seen = self.scaled(event)   # the widgets' manager scales the original itself
        if top is not None and top.focus.handle(top, seen):
            return
        used = self.manager.process_events(event)
        if top is not None and help_key(event) and not typing_in(self.manager):
            top.help_wanted()   # `?` on every screen, before the screen's own keys
            return
        if top is not None and top.handle_event(seen):
            return
        if (not used and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
                and self.top is top):
            self.pop()

    def close_wanted(self) -> None:
        """The close button: a screen that would lose something (a game under way) asks
        first, brought to the top; the button pressed again while it asks closes."""
        asking = self.asking_to_close
        self.asking_to_close = False
        if not asking:
            for index in range(len(self.scenes) - 1, -1, -1):
                scene = self.scenes[index]
                if scene.loses_on_leaving():
                    while self.top is not scene:   # what is above it loses nothing
                        self.pop()
                    self.asking_to_close = scene.close_wanted()
                    if self.asking_to_close:
                        return
                    break
        self.quit()

    def on_signal(self, signum: int, frame: FrameType | None) -> None:
        """A closing signal: the next frame closes the window (a handler must not)."""
        if self.closed_by is None:
            self.closed_by = signum

    def step(self, dt: float) -> None:
        """One frame: events, update, draw; or closing, if a signal asked."""
        if self.closed_by is not None:
            self.quit()
            return
        for event in pygame.event.get():
            self.handle(event)
            if not self.running:
                return
        self.tasks.deliver(lambda scene: scene in self.scenes)
        if self.top is not None:
            self.top.update(dt)
        self.manager.update(dt)
        self.draw()

    def draw(self) -> None:
        self.screen.fill(theme.BACKGROUND)
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].overlay:
            first -= 1
        for scene in self.scenes[max(first, 0):]:
            scene.draw(self.screen)
        self.manager.draw_ui(self.screen)
        if self.top is not None:
            self.top.focus.draw(self.screen)
        if self.screen is not self.window:
            pygame.transform.smoothscale(self.screen, self.window.get_size(), self.window)
        pygame.display.flip()

    def run(self, first: Scene | None = None) -> None:
        """Frames until the window closes. Closed by Ctrl-C, it ends as Ctrl-C does
        (KeyboardInterrupt), after closing as the close button does."""
        if first is not None:
            self.push(first)
        # Everything made so far (modules, fonts, the theme) lives as long as the window: out
        # of the collector's full passes, which otherwise walk it all and can stall a frame.
        # Garbage first: frozen, it would never go (a test that opened many windows grew to
        # 6 GB so). Here, not on opening: a window driven frame by frame (the tests open
        # thousands) pays no full pass.
        gc.collect()
        gc.freeze()
        with closing_signals(self.on_signal):
            while self.running:
                dt = self.clock.tick(FPS) / 1000
                self.step(dt)
        pygame.quit()
        if self.closed_by == signal.SIGINT:
            raise KeyboardInterrupt


class CannotShow(ValueError):
    """A board the window cannot draw (too many piles, too many sticks): why, in words."""


def check_board(game: AnyGame) -> None:
    """CannotShow, saying why, if the window cannot draw `game`'s board (its board scene
    says: the set-up screen's limits)."""
    why = BOARDS[game.name].cannot_show(game)
    if why is not None:
        raise CannotShow(why)


def main(game: str | None = None, setup: MatchSetup | None = None) -> None:
    """Open the window on the menu, on `game`'s set-up screen ("nim", ...), or on the board
    of `setup` above that set-up screen; CannotShow, before anything opens, if the window
    cannot draw the board of `setup`."""
    if setup is not None:
        check_board(setup.game)
    app = App()
    app.open("menu")
    if game:
        app.open("setup", game)
    if setup is not None:
        app.open("board", setup)
    app.run()
