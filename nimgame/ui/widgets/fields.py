"""Text fields that cannot be broken by what is typed or pasted into them.

pygame_gui's text entry draws whatever reaches it: a zero-width space or a bidi mark makes
its text layout fail ("Text has zero width"), a NUL makes the font raise, and a pasted
megabyte is laid out glyph by glyph. `Field` keeps such characters out at the door (typed,
pasted or set from code) and holds at most `limit` characters; what the text *means*
(a number in range, a valid name) is checked by the scene on submit, with `typed` and
`storage.check_name`, and shown as one line under the form.
"""

from __future__ import annotations

from itertools import islice

import pygame
import pygame_gui
from pygame_gui.core import utility

from ...safetext import is_visible

#: How much of a paste is looked at: a few milliseconds of work, far more than any field holds.
SCAN_LIMIT = 20_000


def clean(text: str, limit: int) -> str:
    """`text` as a field may hold it: its first `limit` visible characters (found among
    the first SCAN_LIMIT characters, so a pasted megabyte costs no more than that)."""
    return "".join(islice((c for c in text[:SCAN_LIMIT] if is_visible(c)), limit))


class Field(pygame_gui.elements.UITextEntryLine):
    """A one-line text entry that only ever holds visible characters, at most `limit`."""

    def __init__(self, rect: pygame.Rect, manager: pygame_gui.UIManager, text: str = "",
                 limit: int = 40, placeholder: str = "") -> None:
        super().__init__(rect, manager, placeholder_text=placeholder or None)
        self.set_text_length_limit(limit)
        self.set_text(text)

    def rebuild(self) -> None:
        """Draw the placeholder hint in the theme's muted `placeholder_text` colour (pygame_gui
        draws it like typed text), typed text in `normal_text`."""
        self.hint_shown = not self.text and bool(self.placeholder_text)
        key = "placeholder_text" if self.hint_shown else "normal_text"
        self.text_colour = self.ui_theme.get_colour_or_gradient(key, self.combined_element_ids)
        super().rebuild()  # type: ignore[no-untyped-call]

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        if self.hint_shown != (not self.text and bool(self.placeholder_text)):
            self.rebuild()

    @property
    def limit(self) -> int:
        return self.length_limit or 0

    def set_text(self, text: str | None) -> None:
        super().set_text(None if text is None else clean(text, self.limit or len(text)))

    def validate_text_string(self, text_to_validate: str) -> bool:
        return text_to_validate is not None and all(map(is_visible, text_to_validate)) \
            and super().validate_text_string(text_to_validate)

    def _process_entered_character(self, character: str) -> bool:
        return is_visible(character) and super()._process_entered_character(character)

    def _do_paste(self) -> None:
        """Paste what can be pasted: invisible characters dropped, cut to the limit."""
        if not self.ui_manager.paste_text_enabled or not self.paste_text_enabled:
            return
        pasted = clean(utility.clipboard_paste() or "", self.limit)
        low, high = sorted(self.select_range)
        if low == high:
            low = high = self.edit_position
        room = self.limit - (len(self.text) - (high - low))
        pasted = pasted[:max(room, 0)]
        if not pasted:
            return
        self.set_text(self.text[:low] + pasted + self.text[high:])
        self.select_range = [0, 0]
        self.edit_position = low + len(pasted)
        if self.drawable_shape is not None and self.drawable_shape.text_box_layout is not None:
            self.drawable_shape.text_box_layout.set_cursor_position(self.edit_position)
            self.drawable_shape.apply_active_text_changes()
