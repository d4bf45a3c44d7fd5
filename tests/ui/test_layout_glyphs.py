"""Every text a screen shows is drawn by the bundled font: no character of a widget's text
(a button, a label, a text box, a drop-down's entries, a tooltip) or of a text the scene
draws itself comes out as the font's "missing" glyph, a box (← and → did: the font has no
arrows). Every scene of the layout test, at the smallest window and at 1920x1080 at 200%;
names people type are theirs to choose and not checked here."""

import html
import re
from functools import cache

import pygame
import pygame_gui
import pytest
from screen_texts import drawn_texts
from test_layout import SCENES, SIZES, scene_at, size_id, usable

from nimgame.ui import theme

#: A code point no font draws: what the font draws for a character it lacks.
NOWHERE = "\U0010fffd"
TAG = re.compile(r"<[^>]*>")


def picture(char: str, bold: bool) -> tuple[tuple[int, int], bytes]:
    surface = theme.font(18, bold).render(char, True, (255, 255, 255))
    return surface.get_size(), pygame.image.tobytes(surface, "RGBA")


@cache
def boxed(char: str) -> bool:
    """Whether the font (regular or bold) draws `char` as its missing glyph."""
    if char.isspace():
        return False
    return any(picture(char, bold) == picture(NOWHERE, bold) for bold in (False, True))


def widget_texts(widget):
    """The texts a pygame_gui widget shows (html markup and entities read as text)."""
    tip = getattr(widget, "tool_tip_text", None)
    if tip:
        yield tip
    if isinstance(widget, (pygame_gui.elements.UIButton, pygame_gui.elements.UILabel)):
        yield widget.text
    if isinstance(widget, pygame_gui.elements.UITextBox):
        yield html.unescape(TAG.sub("", widget.html_text.replace("<br>", "\n")))
    if isinstance(widget, pygame_gui.elements.UIDropDownMenu):
        for option in widget.options_list:
            yield option[0] if isinstance(option, tuple) else option
    if isinstance(widget, pygame_gui.elements.UISelectionList):
        yield from (item["text"] for item in widget.item_list)


def boxes_in(texts) -> list[tuple[str, str]]:
    """(text, the characters of it the font draws as boxes), for each text that has any."""
    return [(words, "".join(sorted({c for c in words if boxed(c)})))
            for words in texts if isinstance(words, str) and any(boxed(c) for c in words)]


def test_the_check_sees_a_box_and_passes_what_the_font_draws():
    pygame.init()
    theme.forget()
    boxed.cache_clear()
    assert boxes_in(["Keys: ←/→ a move", "Left/Right < > — … ½ × −", "😀"]) == [
        ("Keys: ←/→ a move", "←→"), ("😀", "😀")]


@pytest.mark.parametrize("size", [SIZES[0], SIZES[3]], ids=size_id)
@pytest.mark.parametrize("name", list(SCENES))
def test_no_text_of_a_screen_is_drawn_as_boxes(size, name, monkeypatch):
    with scene_at(size, name, monkeypatch) as app:
        texts = [words for widget in app.top.widgets if usable(widget)
                 for words in widget_texts(widget)]
        texts += [words for words, _ in drawn_texts(app, monkeypatch)]
        assert boxes_in(texts) == [], name
