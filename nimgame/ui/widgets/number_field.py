"""One whole number chosen with a slider or typed beside it, the two kept in step.

Moving the slider types its value. A typed value in range moves the slider; one out of
range (or not a number) is said, and Enter puts the last good value back in the field, so
the slider and the field never show two different choices once the typing is done.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui

from .fields import Field
from .owner import WidgetOwner


class NumberField:
    def __init__(self, scene: WidgetOwner, rect: pygame.Rect, value: int, low: int, high: int,
                 parse: Callable[[str], int]) -> None:
        """`parse(text)` is the number typed, or ValueError saying what is wrong."""
        self.scene, self.value, self.parse = scene, value, parse
        self.slider: pygame_gui.elements.UIHorizontalSlider = scene.add(
            pygame_gui.elements.UIHorizontalSlider(
                pygame.Rect(rect.x, rect.y, rect.width - 110, rect.height), value, (low, high),
                scene.manager))
        self.entry: Field = scene.add(Field(pygame.Rect(rect.right - 96, rect.y, 96, rect.height),
                                     scene.manager, str(value), limit=6))

    def typed(self) -> int:
        """The number in the field now; ValueError if it is not a good one."""
        return self.parse(self.entry.get_text())

    def handle(self, event: pygame.event.Event) -> bool:
        """Keep the value, the slider and the field in step (True if the event was ours)."""
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and element is self.slider:
            self.value = int(self.slider.get_current_value())
            self.entry.set_text(str(self.value))
            self.scene.say("")
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and element is self.entry:
            self.take(restore=False)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and element is self.entry:
            self.take(restore=True)
        else:
            return False
        return True

    def take(self, restore: bool) -> bool:
        """Take the typed number if it is good (the slider follows); else say why. With
        `restore` (typing is done) the field then shows the value as the slider has it.
        Whether it was good."""
        try:
            self.value = self.typed()
        except ValueError as err:
            self.scene.say(str(err))
            if restore:
                self.entry.set_text(str(self.value))
            return False
        self.slider.set_current_value(self.value)
        if restore and self.entry.get_text() != str(self.value):
            self.entry.set_text(str(self.value))   # "1,2" typed: 12 shown, as the slider is
        self.scene.say("")
        return True
