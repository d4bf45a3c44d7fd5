"""Three work-arounds for pygame_gui (0.6.x), installed by the app.

**An open drop-down stays open when its chosen entry is clicked again.** The open list is
a one-choice selection list: clicking the entry already chosen unselects it (a "dropped
selection"), which the drop-down does not listen for, so the list stays open over the
screen and the next click can land on it. `close_on_same_choice` closes it, keeping the
choice, as a person expects.

**A slow path.**

`UIAppearanceTheme.build_all_combined_ids` makes its cache key with nested `str.join`
calls that put the text of one id list between every character of the next, so the key of
a drop-down entry (whose object id is the entry's text) is megabytes long: opening a
drop-down of a dozen entries spent 90–120 ms joining strings (measured with cProfile),
above the 100 ms a frame may take. The answer depends only on the four id lists, so this
version keys its memo on them as tuples and builds the answer the way the original does
(the test compares the two on many id lists, so a change in pygame_gui shows up there).

**A path added per window.** Every `UIManager` appends pygame_gui's translations folder to
`i18n.load_path`, and every button's text missing from the translations (all of ours) is
searched for in each folder on that list: a process that opens windows one after another
(the test suite opens hundreds) listed the same folder hundreds of times per button.
`one_translation_path` keeps each folder once, after a manager is made.
"""

from __future__ import annotations

from typing import Any

import i18n  # type: ignore[import-untyped]
import pygame
from pygame_gui import UI_SELECTION_LIST_DROPPED_SELECTION
from pygame_gui.core.ui_appearance_theme import UIAppearanceTheme
from pygame_gui.elements.ui_drop_down_menu import UIExpandedDropDownState

_original = UIAppearanceTheme.build_all_combined_ids
_original_expanded_event = UIExpandedDropDownState.process_event


def close_on_same_choice(self: UIExpandedDropDownState, event: pygame.event.Event) -> bool:
    """The open list's events, and: the chosen entry clicked again closes the list."""
    if event.type == UI_SELECTION_LIST_DROPPED_SELECTION and \
            event.ui_element == self.options_selection_list:
        self.should_transition = True   # to "closed"; `selected_option` is unchanged
        return False
    return _original_expanded_event(self, event)


def _tuple(ids: Any) -> tuple[Any, ...] | None:
    return None if ids is None else tuple(ids)


def _suffixes(combined: list[str]) -> list[str]:
    """The original's tail: every id again without its leading parts, pass by pass, until
    a pass meets an id with no dot left."""
    found = list(combined)
    current = list(combined)
    done = not current
    while not done:
        for index, whole in enumerate(current):
            dot = whole.find(".")
            if dot == -1:
                done = True
            else:
                current[index] = whole[dot + 1:]
                found.append(current[index])
    return found


def combined_ids(self: UIAppearanceTheme, element_base_ids: Any, element_ids: Any,
                 class_ids: Any, object_ids: Any) -> list[str]:
    memo: dict[tuple[Any, ...], list[str]] = self.__dict__.setdefault(
        "_nimgame_combined_ids", {})
    key = (_tuple(element_base_ids), _tuple(element_ids), _tuple(class_ids),
           _tuple(object_ids))
    if key in memo:
        return memo[key]
    lists = (element_base_ids, element_ids, class_ids, object_ids)
    if any(ids is None for ids in lists) or not element_ids or \
            len({len(ids) for ids in lists}) != 1:
        return _original(self, *lists)  # rare shapes (and the original's error): as is
    combined: list[str] = []
    self._get_next_id_node(None, element_base_ids, element_ids, class_ids, object_ids, 0,
                           len(element_ids), combined)
    memo[key] = found = _suffixes(combined)
    return found


def one_translation_path() -> None:
    """Each folder on i18n's search list once, in its first place (what is found is the
    same: a folder searched again finds nothing new)."""
    kept = list(dict.fromkeys(i18n.load_path))
    if len(kept) != len(i18n.load_path):
        i18n.load_path[:] = kept


def install() -> None:
    """Idempotent: puts `combined_ids` and `close_on_same_choice` in place."""
    UIAppearanceTheme.build_all_combined_ids = combined_ids  # type: ignore[method-assign]
    UIExpandedDropDownState.process_event = close_on_same_choice  # type: ignore[method-assign]
