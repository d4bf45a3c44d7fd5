"""What the widget helpers need of the scene they make widgets for (a `Scene` is one): its
manager and size, a way to own a widget, and the scene's message line."""

from __future__ import annotations

from typing import Protocol, TypeVar

import pygame_gui

Widget = TypeVar("Widget", bound=pygame_gui.core.UIElement)


class WidgetOwner(Protocol):
    @property
    def manager(self) -> pygame_gui.UIManager: ...

    @property
    def size(self) -> tuple[int, int]: ...

    def add(self, widget: Widget) -> Widget:
        """`widget` as one of the owner's (killed when it clears its widgets)."""

    def clear(self) -> None:
        """Kill every widget the owner has."""

    def rebuild(self) -> None:
        """Make the widgets again (the choices changed which rows there are)."""

    def say(self, message: str, ok: bool = False) -> None:
        """Show `message` in the owner's message line."""
