"""A form laid out as rows of a label and a field, the way the set-up and training screens
ask their questions; each drop-down remembers which choice it sets."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

import pygame
import pygame_gui

from .dropdown import ChoiceMenu, chosen_text
from .owner import WidgetOwner


class Choice(NamedTuple):
    """A drop-down's change: which choice (`key`) became which entry (its whole text)."""

    key: str
    text: str


class FormRows:
    """Rows from (x, y) down, `step` apart: a label in the first `label_width` pixels and a
    field `field_width` wide beside it, made as widgets of `scene`."""

    def __init__(self, scene: WidgetOwner, x: int, y: int, label_width: int, field_width: int,
                 step: int, height: int) -> None:
        self.scene = scene
        self.field_x, self.field_width = x + label_width, field_width
        self.y, self.step, self.height = y, step, height
        self.labels: list[tuple[str, int]] = []   # (label, y) of each row, for drawing
        self.dropdowns: dict[ChoiceMenu, str] = {}

    def row(self, label: str) -> pygame.Rect:
        """The next row's field rect, its label written down."""
        self.labels.append((label, self.y))
        self.y += self.step
        return pygame.Rect(self.field_x, self.y - self.step, self.field_width, self.height)

    def dropdown(self, key: str, label: str, options: Iterable[str], chosen: str,
                 enabled: bool = True) -> ChoiceMenu:
        """A row choosing `key` among `options`, showing `chosen`."""
        menu = self.scene.add(ChoiceMenu(list(options), chosen, self.row(label),
                                         self.scene.manager))
        if not enabled:
            menu.disable()
        self.dropdowns[menu] = key
        return menu

    def chose(self, event: pygame.event.Event) -> Choice | None:
        """Which choice a drop-down `event` changed, and to what."""
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and \
                event.ui_element in self.dropdowns:
            return Choice(self.dropdowns[event.ui_element], chosen_text(event))
        return None


def fit_rows(scene: WidgetOwner, lay_out: Callable[[int], tuple[int, int]], step: int,
             bottom: int, least: int = 40) -> None:
    """Lay a form out with rows `step` apart, or closer (down to `least`) when the window is
    too short for them all to end above `bottom`. `lay_out(step)` makes the widgets and
    says where they end and how many rows it made."""
    end, rows = lay_out(step)
    if end > bottom and rows:
        scene.clear()
        lay_out(max(least, step - -(-(end - bottom) // rows)))
