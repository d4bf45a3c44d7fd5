"""What a scene draws in words, read from one frame (headless), and which of its
characters the font draws as boxes."""

import html
import re
from functools import cache

import pygame
import pygame_gui

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


def drawn_texts(app, monkeypatch, cut=None, ink=None, sizes=None):
    """Every text the top scene draws in a frame, with the rectangle it covers; in `cut`,
    those shortened to fit their width; in `ink`, each text with the rectangle its letters
    cover (a line's box is taller than its letters: boxes of lines close together touch);
    in `sizes`, each text with its type size."""
    drawn = []
    real = theme.text

    def recording(surface, words, pos, size=18, colour=theme.TEXT, bold=False,
                  anchor="topleft", width=None):
        rect = real(surface, words, pos, size, colour, bold, anchor, width)
        drawn.append((words, rect))
        if sizes is not None and words:
            sizes.append((words, size))
        if cut is not None and width is not None and theme.fit(words, size, width, bold) != words:
            cut.append(words)
        if ink is not None and words:
            shown = words if width is None else theme.fit(words, size, width, bold)
            image = theme.font(size, bold).render(shown, True, colour)
            ink.append((words, image.get_bounding_rect().move(rect.topleft)))
        return rect

    monkeypatch.setattr(theme, "text", recording)
    app.screen.fill((0, 0, 0))
    app.top.draw(app.screen)
    monkeypatch.setattr(theme, "text", real)
    return drawn


def assert_inside_and_whole(texts, size):
    window = pygame.Rect((0, 0), size)
    for words, rect in texts:
        assert not words or window.contains(rect), (words, rect)
