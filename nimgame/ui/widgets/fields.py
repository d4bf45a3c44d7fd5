"""Text fields that cannot be broken by what is typed or pasted into them.

pygame_gui's text entry draws whatever reaches it: a zero-width space or a bidi mark makes
its text layout fail ("Text has zero width"), a NUL makes the font raise, and a pasted
megabyte is laid out glyph by glyph. `Field` keeps such characters out at the door (typed,
pasted or set from code) and holds at most `limit` characters; what the text *means*
(a number in range, a valid name) is checked by the scene on submit, with `typed` and
`storage.check_name`, and shown as one line under the form.

pygame_gui also draws the field's text itself, so an emoji or a Chinese letter (which the
bundled font lacks) came out as the font's empty box. `Field` keeps the text as typed (what
is saved) and has pygame_gui lay out `shown(text)` instead, each character the font lacks as
"�" — the way its password mode lays out "●" for each character. One mark per character,
not one per emoji as `theme.drawable` draws elsewhere: pygame_gui uses one index for the
text and its layout (the cursor, the selection, Backspace and Delete, a click), so that
index stays right, and the cursor steps over each mark as over a letter. (An emoji of one
character, most of them, is one "�" both ways; a skin tone is a second one here. `draws`
asks the bundled Noto Sans, the font theme.json gives fields.)
"""

from __future__ import annotations

from itertools import islice

import pygame
import pygame_gui
from pygame_gui.core import utility

from ...safetext import is_visible
from ..theme import REPLACEMENT, draws

#: How much of a paste is looked at: a few milliseconds of work, far more than any field holds.
SCAN_LIMIT = 20_000


def clean(text: str, limit: int) -> str:
    """`text` as a field may hold it: its first `limit` visible characters (found among
    the first SCAN_LIMIT characters, so a pasted megabyte costs no more than that)."""
    return "".join(islice((c for c in text[:SCAN_LIMIT] if is_visible(c)), limit))


def shown(text: str) -> str:
    """`text` as a field draws it: each character the font lacks as REPLACEMENT, one for
    one (the same length, so an index into the text is the same index into the layout)."""
    return "".join(c if draws(c) else REPLACEMENT for c in text)


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
        if self.show_marks() and self.drawable_shape is not None:
            self._set_image(self.drawable_shape.get_fresh_surface())

    def show_marks(self) -> bool:
        """Where pygame_gui has laid out the text as it is, lay out `shown(text)` instead,
        the cursor kept where it is; whether anything changed. Called after each place
        pygame_gui lays out text of ours (deleting and moving change only places in it)."""
        shape = self.drawable_shape
        if not self.text or self.is_text_hidden or shape is None or \
                shape.text_box_layout is None:
            return False
        marked = shown(self.text)
        if marked == self.text:
            return False
        shape.set_text(marked)
        shape.text_box_layout.set_cursor_position(self.edit_position)
        shape.apply_active_text_changes()
        return True

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        if self.hint_shown != (not self.text and bool(self.placeholder_text)):
            self.rebuild()

    @property
    def limit(self) -> int:
        return self.length_limit or 0

    def set_text(self, text: str | None) -> None:
        super().set_text(None if text is None else clean(text, self.limit or len(text)))
        self.show_marks()

    def _insert_entered_character_at_edit_position(self, character: str) -> None:
        super()._insert_entered_character_at_edit_position(  # type: ignore[no-untyped-call]
            character)
        if not draws(character):
            self.show_marks()

    def _replace_selection_with_entered_character(self, character: str) -> None:
        super()._replace_selection_with_entered_character(  # type: ignore[no-untyped-call]
            character)
        self.show_marks()

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
