"""A scene: one screen or overlay on the app's stack (Tuxemon-style).

A scene makes its widgets in `build` (called on enter and after every resize) and kills
them in `clear`; it keeps its own state in plain attributes, so a rebuild loses nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

if TYPE_CHECKING:
    from .app import App


class Scene:
    #: An overlay is drawn over the scene below it instead of replacing it.
    overlay = False

    def __init__(self, app: App) -> None:
        self.app = app
        self.widgets: list[pygame_gui.core.UIElement] = []

    @property
    def manager(self) -> pygame_gui.UIManager:
        return self.app.manager

    @property
    def size(self) -> tuple[int, int]:
        return self.app.size

    # -- life cycle ---------------------------------------------------------------------
    def enter(self) -> None:
        self.build()

    def exit(self) -> None:
        """Leaving for good (popped, or the window closing): save anything worth keeping."""
        self.clear()

    def pause(self) -> None:
        """Another scene is pushed on top; overlays leave the scene below visible."""
        self.clear()

    def resume(self) -> None:
        self.build()

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

    # -- each frame ---------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to `event`; True if it was used and should go no further."""
        return False

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene (widgets are drawn by the app, above this)."""
