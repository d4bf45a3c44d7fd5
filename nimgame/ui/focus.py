"""Keyboard focus over a scene's widgets, the same on every screen.

Tab and Shift+Tab move the focus through the scene's widgets in the order the scene made
them (as a web page's order follows its document), wrapping round; a ring drawn round the
focused widget shows where it is (a white line with a dark one inside it: a shape, seen
on any background). On a focused button Enter or Space presses it, as a click does; a
focused drop-down changes its choice with Up/Down (Enter or Space opens its list, or
closes it), a slider its value with the arrows
(Shift, PgUp/PgDn: a tenth of its range; Home/End: its ends), a list moves a cursor with
Up/Down and picks or unpicks with Space or Enter; a focused text field takes the typing.
Screens that are lists of buttons (`Scene.arrow_focus`) move the focus with Up/Down too.
While a yes/no box is open, the focus goes only between its two buttons.

Nothing is focused until Tab is first pressed, so a screen's own keys work as before; a
click moves the focus to what was clicked (or clears it). The focus keeps its place when a
scene lays itself out again (a resize, a change of its rows).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UIHorizontalSlider,
    UISelectionList,
    UITextEntryLine,
)
from pygame_gui.windows import UIConfirmationDialog

#: The kinds of widget the focus stops at.
STOPS = (UIButton, UITextEntryLine, UIDropDownMenu, UIHorizontalSlider, UISelectionList)
ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
RING, RING_INSIDE = (255, 255, 255), (0, 0, 0)


class FocusScene(Protocol):
    """What the focus reads of a scene (`Scene` is one)."""

    widgets: list[UIElement]
    arrow_focus: bool

    @property
    def manager(self) -> pygame_gui.UIManager: ...

    def handle_event(self, event: pygame.event.Event) -> bool: ...


def usable(widget: UIElement) -> bool:
    return bool(widget.alive() and widget.visible and getattr(widget, "is_enabled", True))


def stops(widgets: Sequence[UIElement]) -> list[UIElement]:
    """The widgets the focus stops at, in the order they were made; while a yes/no box is
    open, only its two buttons (nothing under it can be reached)."""
    boxes = [w for w in widgets if isinstance(w, UIConfirmationDialog) and usable(w)]
    if boxes:
        return [b for b in (boxes[-1].confirm_button, boxes[-1].cancel_button) if usable(b)]
    return [w for w in widgets if isinstance(w, STOPS) and usable(w)]


class Focus:
    """Where the keyboard is on one scene."""

    def __init__(self) -> None:
        self.widget: UIElement | None = None
        self.place: int | None = None   # its index among the stops: kept over a rebuild
        self.spot: tuple[type, pygame.Rect, int] | None = None   # its kind, rect, stops
        self.item = 0                   # the cursor in a focused list
        self.in_box = False             # on a yes/no box's button: gone with the box

    # -- moving ---------------------------------------------------------------------------
    def set(self, scene: FocusScene, widget: UIElement | None) -> None:
        """Focus `widget` (None: nothing); a text field is given the typing."""
        if widget is self.widget:
            return
        found = stops(scene.widgets)
        self.widget = widget
        self.place = found.index(widget) if widget in found else None
        self.spot = None if widget is None else (type(widget), pygame.Rect(widget.rect),
                                                 len(found))
        self.item = 0
        self.in_box = widget is not None and any(
            isinstance(box, UIConfirmationDialog) and widget in (box.confirm_button,
                                                                 box.cancel_button)
            for box in scene.widgets)
        if isinstance(widget, UITextEntryLine):
            scene.manager.set_focus_set(widget)
        elif scene.manager.get_focus_set():
            scene.manager.set_focus_set(None)

    def move(self, scene: FocusScene, step: int) -> bool:
        """The next (step 1) or previous (-1) stop, wrapping round; False if none."""
        found = stops(scene.widgets)
        if not found:
            self.set(scene, None)
            return False
        if self.widget in found:
            index = (found.index(self.widget) + step) % len(found)
        elif self.place is not None:   # the widget went (disabled, rebuilt): from its place
            index = min(self.place, len(found) - 1) if step > 0 else self.place - 1
        else:
            index = 0 if step > 0 else len(found) - 1
        self.set(scene, found[index % len(found)])
        return True

    def restore(self, scene: FocusScene) -> None:
        """After the scene laid itself out again: the stop at the old place, if focused."""
        if self.place is None or (self.widget is not None and usable(self.widget)):
            return
        if self.in_box:   # the box was answered: its place means nothing among the rest
            self.widget, self.place, self.in_box = None, None, False
            return
        found = stops(scene.widgets)
        place, item, spot = self.place, self.item, self.spot
        self.widget = None
        # The same widget made again: of its kind where it was; else, the stops laid out
        # anew (a resize), the one at its place. Where the stops changed (some disabled,
        # as the training form while a run goes), the focus goes: landing on another
        # widget would make Enter press something the person never chose.
        same = [w for w in found if spot is not None and type(w) is spot[0]
                and w.rect == spot[1]]
        if same:
            self.set(scene, same[0])
        elif found and spot is not None and len(found) == spot[2]:
            self.set(scene, found[min(place, len(found) - 1)])
        else:
            self.set(scene, None)
            self.place = None
            return
        self.item = item

    @property
    def ring(self) -> pygame.Rect | None:
        """Where the ring goes (around the focused widget), or None."""
        widget = self.widget
        if widget is None or not usable(widget):
            return None
        if isinstance(widget, UISelectionList):
            button = self._item_button(widget)
            if button is not None and widget.rect.contains(button.rect):
                return pygame.Rect(button.rect)
        return pygame.Rect(widget.rect)

    def draw(self, surface: pygame.Surface) -> None:
        ring = self.ring
        if ring is not None:
            pygame.draw.rect(surface, RING, ring.inflate(8, 8), 3, border_radius=6)
            pygame.draw.rect(surface, RING_INSIDE, ring.inflate(3, 3), 1, border_radius=5)

    # -- keys and clicks ------------------------------------------------------------------
    def handle(self, scene: FocusScene, event: pygame.event.Event) -> bool:
        """Use `event` if it is the focus's: True if it went no further."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            pos = getattr(event, "pos", None)
            hit = [w for w in stops(scene.widgets) if pos is not None and w.rect.collidepoint(pos)]
            self.widget, self.place = (hit[-1], stops(scene.widgets).index(hit[-1])) if hit \
                else (None, None)
            return False
        if event.type != pygame.KEYDOWN:
            return False
        mods = getattr(event, "mod", 0)
        if mods & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        if event.key == pygame.K_TAB:
            return self.move(scene, -1 if mods & pygame.KMOD_SHIFT else 1)
        widget = self.widget
        if widget is None or not usable(widget):
            return False
        if isinstance(widget, UIButton):
            return self._button(scene, widget, event.key)
        if isinstance(widget, UIDropDownMenu):
            return self._menu(scene, widget, event.key)
        if isinstance(widget, UIHorizontalSlider):
            return self._slider(scene, widget, event.key, bool(mods & pygame.KMOD_SHIFT))
        if isinstance(widget, UISelectionList):
            return self._list(scene, widget, event.key)
        return False   # a text field: its keys are its own

    def _button(self, scene: FocusScene, button: UIButton, key: int) -> bool:
        if key in ACTIVATE:   # as a click: the widgets hear it (a yes/no box's button is
            pressed = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,   # theirs), then
                                         {"ui_element": button})         # the scene
            scene.manager.process_events(pressed)
            scene.handle_event(pressed)
            return True
        if scene.arrow_focus and key in (pygame.K_UP, pygame.K_DOWN):
            return self.move(scene, -1 if key == pygame.K_UP else 1)
        return False

    def _menu(self, scene: FocusScene, menu: UIDropDownMenu, key: int) -> bool:
        if key in ACTIVATE:   # Enter or Space opens the list, or closes it, as a click
            if menu.current_state is not None:   # does (not the screen's own Enter: a
                menu.current_state.should_transition = True   # game or a run started)
            return True
        step = {pygame.K_UP: -1, pygame.K_DOWN: 1}.get(key)
        if step is None:
            return False
        options = [(o, o) if isinstance(o, str) else o for o in menu.options_list]
        now = options.index(menu.selected_option) if menu.selected_option in options else 0
        chosen = options[max(0, min(len(options) - 1, now + step))]
        if chosen != menu.selected_option:
            menu.selected_option = chosen
            menu._switch_to_closed_state()   # shows the new choice (pygame_gui 0.6)
            scene.handle_event(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, {
                "text": chosen[0], "selected_option_id": chosen[1], "ui_element": menu,
                "ui_object_id": menu.most_specific_combined_id}))
        return True

    def _slider(self, scene: FocusScene, slider: UIHorizontalSlider, key: int,
                big: bool) -> bool:
        low, high = slider.value_range
        unit = slider.increment   # what its own arrow buttons step by
        tenth = max(unit, round((high - low) / 10 / unit) * unit)
        step = {pygame.K_LEFT: -unit, pygame.K_DOWN: -unit, pygame.K_RIGHT: unit,
                pygame.K_UP: unit, pygame.K_PAGEDOWN: -tenth, pygame.K_PAGEUP: tenth}.get(key)
        value: Any = slider.get_current_value()
        if key == pygame.K_HOME:
            new = low
        elif key == pygame.K_END:
            new = high
        elif step is not None:
            if big and abs(step) == unit:
                step = tenth if step > 0 else -tenth
            new = max(low, min(high, round(value + step, 10)))
        else:
            return False
        if new != value:
            slider.set_current_value(new)
            scene.handle_event(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, {
                "value": slider.get_current_value(), "ui_element": slider,
                "ui_object_id": slider.most_specific_combined_id}))
        return True

    def _item_button(self, listed: UISelectionList) -> Any:
        items = listed.item_list
        return items[self.item]["button_element"] if 0 <= self.item < len(items) else None

    def _list(self, scene: FocusScene, listed: UISelectionList, key: int) -> bool:
        items = listed.item_list
        if not items:
            return False
        if key in (pygame.K_UP, pygame.K_DOWN):
            self.item = max(0, min(len(items) - 1, self.item + (1 if key == pygame.K_DOWN
                                                                 else -1)))
            self._scroll_to(listed)
            return True
        if key not in ACTIVATE:
            return False
        item = items[self.item]
        picked = not item["selected"]
        if not listed.allow_multi_select:
            for other in items:
                other["selected"] = False
                if other["button_element"] is not None:
                    other["button_element"].unselect()
        item["selected"] = picked
        if item["button_element"] is not None:
            (item["button_element"].select if picked else item["button_element"].unselect)()
        kind = (pygame_gui.UI_SELECTION_LIST_NEW_SELECTION if picked
                else pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION)
        scene.handle_event(pygame.event.Event(kind, {
            "text": item["text"], "ui_element": listed,
            "ui_object_id": listed.most_specific_combined_id}))
        return True

    def _scroll_to(self, listed: UISelectionList) -> None:
        """Scroll the list so the cursor's entry shows (pygame_gui makes buttons only for
        the entries in view)."""
        bar, container = listed.scroll_bar, listed.item_list_container
        if bar is None or container is None:
            return
        height = listed.list_item_height
        top = self.item * height
        shown = container.rect.height
        total = max(1, len(listed.item_list) * height)
        start = bar.start_percentage * total
        if top < start:
            start = top
        elif top + height > start + shown:
            start = top + height - shown
        bar.set_scroll_from_start_percentage(max(0.0, min(1.0, start / total)))
        listed.update(0.0)
