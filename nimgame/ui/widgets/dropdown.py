"""Menus whose entries fit their width: a drop-down (`ChoiceMenu`) and a list to pick several
from (`ChoiceList`).

pygame_gui cuts an entry wider than its menu at the edge, mid-word and without a sign. Here
each entry is shortened to the width it has, ending in "…", and the whole text is the
entry's tooltip. The widgets then report the *whole* text of what was chosen, so the
screens' tables (words to typed values) never see a shortened one. Entries are given to
pygame_gui as (shown, "#choice_N") pairs: the shown text may repeat after shortening, the
number never does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui

from ..theme import drawable

#: Width in a menu's rect that is not the entry's text: the arrow button, the text's
#: padding on both sides and the open list's scrollbar.
MENU_FRAME = 52
#: The same for a list: its padding and scrollbar.
LIST_FRAME = 36
#: A cut goes back to the end of a word if that keeps this share of what would fit.
WORD_CUT = 0.7


def fit_text(font: Any, text: str, width: int) -> str:
    """`text` if `font` draws it within `width` pixels, else a start of it that does with
    "…" after it (just "…" if nothing does): the longest, cut back to the end of a word
    when that keeps at least WORD_CUT of it (so "at most 3 (…" reads "at most 3…")."""
    if font.size(text)[0] <= width:
        return text
    low, high = 0, len(text)
    while low < high:   # the longest start that fits, found by halving
        middle = (low + high + 1) // 2
        if font.size(text[:middle].rstrip() + "…")[0] <= width:
            low = middle
        else:
            high = middle - 1
    space = text.rfind(" ", 0, low + 1)
    if 0 < space < low and text[low:low + 1] != " " and space >= WORD_CUT * low:
        low = space
    return text[:low].rstrip() + "…"


def fit_middle(font: Any, text: str, width: int) -> str:
    """`text` if `font` draws it within `width` pixels, else its start and its end with
    "…" between them, as much of both as fits (entries alike but for their ends, as a
    lab's runs, stay told apart)."""
    if font.size(text)[0] <= width:
        return text
    for keep in range(len(text) - 1, 1, -1):
        head = (keep + 1) // 2
        cut = f"{text[:head].rstrip()}…{text[len(text) - (keep - head):].lstrip()}"
        if font.size(cut)[0] <= width:
            return cut
    return fit_text(font, text, width)


def entries(manager: pygame_gui.UIManager, element: str, texts: Sequence[str],
            width: int, middle: bool = False) -> tuple[list[tuple[str, str]], dict[str, str]]:
    """The pairs pygame_gui is given for `texts` in a `width` of text, and each pair's id
    mapped to its whole text. `element` is the widget's theme id (its font); `middle`
    cuts a long entry in the middle, not at its end."""
    font = manager.get_theme().get_font([element])
    fit = fit_middle if middle else fit_text
    pairs = [(fit(font, drawable(text), width), f"#choice_{i}")   # "�" for emoji
             for i, text in enumerate(texts)]
    return pairs, {ident: text for (_, ident), text in zip(pairs, texts, strict=True)}


def show_tips(buttons: Sequence[tuple[Any, str]], whole: dict[str, str]) -> None:
    """Give each (button, id) whose text was shortened its whole text as a tooltip."""
    for button, ident in buttons:
        text = whole.get(ident)
        text = None if text is None else drawable(text)
        if button is not None and text is not None and button.text != text and \
                button.tool_tip_text != text:
            button.set_tooltip(text)


class ChoiceMenu(pygame_gui.elements.UIDropDownMenu):
    """A drop-down of `texts` showing `chosen`, each entry fitted to the menu's width (cut
    at its end, or with `middle` in its middle)."""

    def __init__(self, texts: Sequence[str], chosen: str, rect: pygame.Rect,
                 manager: pygame_gui.UIManager, middle: bool = False) -> None:
        pairs, self.whole = entries(manager, "drop_down_menu", texts,
                                    rect.width - MENU_FRAME, middle)
        super().__init__(list[str | tuple[str, str]](pairs), pairs[list(texts).index(chosen)],
                         rect, manager)

    def chosen_text(self) -> str:
        """The whole text of the chosen entry."""
        return self.whole[self.selected_option[1]]

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        # The buttons are made anew each time the menu opens or closes (and as the open
        # list scrolls), so their tooltips are given as they appear: a few per frame.
        state = self.current_state
        shown = [(getattr(state, "selected_option_button", None), self.selected_option[1])]
        listed = getattr(state, "options_selection_list", None)
        if listed is not None and self.current_state is self.menu_states["expanded"]:
            shown += [(item["button_element"], item["object_id"]) for item in listed.item_list]
        show_tips(shown, self.whole)


#: What a list writes before each entry picked: the pick is told by more than its colour.
PICKED = "• "


class ChoiceList(pygame_gui.elements.UISelectionList):
    """A list of `texts` to pick several from, `chosen` picked, entries fitted to its width;
    each entry picked (by a click, or Space or Enter on it) marked PICKED as well as lit."""

    def __init__(self, rect: pygame.Rect, texts: Sequence[str], chosen: Sequence[str],
                 manager: pygame_gui.UIManager) -> None:
        element = "selection_list.@selection_list_item"
        mark = manager.get_theme().get_font([element]).size(PICKED)[0]
        pairs, self.whole = entries(manager, element, texts, rect.width - LIST_FRAME - mark)
        self.fitted = {ident: shown for shown, ident in pairs}
        picked = set(chosen)
        super().__init__(rect, list[str | tuple[str, str]](pairs), manager,
                         allow_multi_select=True, default_selection=list[
                             str | tuple[str, str]](
                             [pair for pair, text in zip(pairs, texts, strict=True)
                              if text in picked]))
        self.mark_picked()

    def chosen_texts(self) -> list[str]:
        """The whole texts of the entries picked, in the list's order."""
        return [self.whole[item["object_id"]] for item in self.item_list if item["selected"]]

    def mark_picked(self) -> None:
        """Each entry's text with PICKED before it if it is picked, without if not (its
        button's too, where it has one in view); locked, those it keeps."""
        kept = () if self.is_enabled else getattr(self, "kept", ())
        for item in self.item_list:
            shown = self.fitted[item["object_id"]]
            text = PICKED + shown if item["selected"] or item["object_id"] in kept else shown
            item["text"] = text
            button = item["button_element"]
            if button is not None and button.text != text:
                button.set_text(text)

    def disable(self) -> None:
        """Locked, keeping what is picked (pygame_gui's list forgets it when disabled)."""
        kept = {item["object_id"] for item in self.item_list if item["selected"]}
        super().disable()
        self.kept = kept
        self.mark_picked()

    def enable(self) -> None:
        """Unlocked, with what was picked before it was locked picked again."""
        super().enable()
        for item in self.item_list:
            if item["object_id"] in getattr(self, "kept", ()):
                item["selected"] = True
                if item["button_element"] is not None:
                    item["button_element"].select()
        self.mark_picked()

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        self.mark_picked()   # picked by a click, a key or anew: marked as it is drawn
        show_tips([(item["button_element"], item["object_id"]) for item in self.item_list
                   if self.fitted[item["object_id"]] != drawable(self.whole[item["object_id"]])],
                  self.whole)


def chosen_text(event: pygame.event.Event) -> str:
    """The whole text a drop-down's change `event` chose."""
    menu = getattr(event, "ui_element", None)
    return menu.chosen_text() if isinstance(menu, ChoiceMenu) else event.text
