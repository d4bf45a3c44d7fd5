"""A scene: one screen or overlay on the app's stack (Tuxemon-style).

A scene makes its widgets in `build` (called on enter and after every resize) and kills
them in `clear`; it keeps its own state in plain attributes, so a rebuild loses nothing.
Its buttons are made with `button(rect, text, action)`: a press runs `action` through
`Scene.handle_event`, which subclasses call first (`super().handle_event(event)`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from .. import storage

if TYPE_CHECKING:
    from .app import App


#: Modifiers that make a key a shortcut of something else (Ctrl+A is not "A": a scene's
#: one-letter keys ignore it, and so does a board's digit input). Shift is not among them:
#: "?" needs it.
COMMAND_MODS = pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META | pygame.KMOD_GUI


def plain_key(event: pygame.event.Event) -> bool:
    """Whether `event` is a key press without Ctrl, Alt or the system key held."""
    return event.type == pygame.KEYDOWN and not getattr(event, "mod", 0) & COMMAND_MODS


class Scene:
    #: An overlay is drawn over the scene below it instead of replacing it.
    overlay = False
    #: Scenes that list the saved brains: the folder is read beside the frames on entering
    #: and on coming back (training may have saved one); `brains_read` gets the list.
    lists_brains = False

    def __init__(self, app: App) -> None:
        self.app = app
        self.widgets: list[pygame_gui.core.UIElement] = []
        self.actions: dict[pygame_gui.core.UIElement, Callable[[], Any]] = {}
        self.message = ""          # one line for the person: what worked, or why not
        self.message_ok = False

    @property
    def manager(self) -> pygame_gui.UIManager:
        return self.app.manager

    @property
    def size(self) -> tuple[int, int]:
        return self.app.size

    # -- life cycle ---------------------------------------------------------------------
    def enter(self) -> None:
        self.read_brains()
        self.build()

    def exit(self) -> None:
        """Leaving for good (popped, or the window closing): save anything worth keeping."""
        self.clear()

    def pause(self) -> None:
        """Another scene is pushed on top; overlays leave the scene below visible."""
        self.clear()

    def resume(self) -> None:
        self.read_brains()
        self.build()

    def read_brains(self) -> None:
        """Read the brains folder again, if this scene lists it; `brains_read` follows."""
        if self.lists_brains:
            self.later(storage.list_brains, lambda done: self.brains_read(done.result()))

    def brains_read(self, brains: list[storage.BrainInfo]) -> None:
        """The saved brains, read beside the frames (see `lists_brains`)."""

    def resize(self) -> None:
        """The window changed size: lay everything out again."""
        self.rebuild()

    def rebuild(self) -> None:
        """Make the widgets again after the scene's state changed (rows came or went, a
        file was read). Only while the scene is on top: a covered scene has no widgets, and an
        answer arriving for it must not draw them over the scene in front."""
        self.clear()
        if self.app.top is self:
            self.build()

    def build(self) -> None:
        """Make this scene's widgets for the current window size."""

    def clear(self) -> None:
        for widget in self.widgets:
            widget.kill()
        self.widgets.clear()
        self.actions.clear()

    def later(self, work, then) -> None:
        """Run `work()` beside the frames; `then(future)` gets its answer on a later frame
        (see `tasks`). For anything that may take longer than a frame."""
        self.app.tasks.start(self, work, then)

    @property
    def waiting(self) -> bool:
        """Whether work this scene started with `later` has not answered yet."""
        return self.app.tasks.busy(self)

    def add(self, widget):
        self.widgets.append(widget)
        return widget

    def say(self, message: str, ok: bool = False) -> None:
        """Show `message` as a sentence (its first letter a capital): in the good colour if
        `ok`, else as an error ("" clears it)."""
        self.message, self.message_ok = message[:1].upper() + message[1:], ok

    def open(self, name: str, *args: Any, **kwargs: Any) -> None:
        """Open the scene called `name` on top of this one (see `screens`)."""
        self.app.open(name, *args, **kwargs)

    def button(self, rect: pygame.Rect, text: str, action: Callable[[], Any], *,
               primary: bool = False, enabled: bool = True,
               tooltip: str | None = None) -> pygame_gui.elements.UIButton:
        """A button of this scene that runs `action` when pressed (the primary one is
        drawn in the accent colour; a disabled one is shown but cannot be pressed)."""
        made = self.add(pygame_gui.elements.UIButton(
            rect, text, self.manager, object_id="#primary" if primary else None,
            tool_tip_text=tooltip))
        if not enabled:
            made.disable()
        self.actions[made] = action
        return made

    # -- each frame ---------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to `event`; True if it was used and should go no further. Here: a press
        of one of this scene's buttons runs its action."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.actions:
            self.app.sounds.play("click")
            self.actions[event.ui_element]()
            return True
        return False

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene (widgets are drawn by the app, above this)."""
