"""What the bundled font draws, as the README says it: every letter of the Latin, Greek
and Cyrillic scripts as itself; other scripts (Arabic, Hebrew, Chinese, Japanese, Korean,
Thai) and emoji as a box (the font's "missing" glyph; the window shows "�" for them instead:
`theme.drawable`, tested in test_names_the_font_lacks), never an error (see
test_ui_hostile's exhaustive test). A font added later that draws more fails the second
test: then the README says more."""

import unicodedata
from pathlib import Path

import pygame
import pytest

from nimgame.safetext import is_visible
from nimgame.ui import theme

README = " ".join((Path(__file__).resolve().parents[2] / "README.md").read_text(
    encoding="utf-8").split())
CLAIM = ("Every character a field accepts is checked, over all of Unicode, to be drawn by "
         "the font without an error; the bundled Noto Sans draws every Latin, Greek and "
         "Cyrillic letter, and other scripts (Arabic, Hebrew, Chinese, Japanese, Korean, "
         "Thai, …) and emoji, which it lacks, are shown as \"�\" in the window's text and "
         "menus (one for each emoji, its joiners and skin tone with it), the name kept whole "
         "in its file; a text field being typed in still shows the font's box.")
BOXES = {"Arabic": "سلام", "Hebrew": "שלום", "Chinese": "漢字", "Japanese": "かなカナ",
         "Korean": "한글", "Thai": "สวัสดี", "emoji": "😀❤🎲♞☃"}


@pytest.fixture
def picture():
    pygame.init()
    theme.forget()
    font = theme.font(18)

    def draw(char):
        surface = font.render(char, True, (255, 255, 255))
        return surface.get_size(), pygame.image.tobytes(surface, "RGBA")

    return draw


def test_the_readme_says_what_the_font_draws():
    assert CLAIM in README


def test_latin_greek_and_cyrillic_letters_are_drawn_and_the_rest_are_boxes(picture):
    box = picture("\U0010fffd")   # a code point no font draws: the font's missing glyph
    letters = [chr(code) for code in range(0x30000) if is_visible(chr(code))
               and unicodedata.category(chr(code)).startswith("L")
               and unicodedata.name(chr(code), "").split(" ")[0] in ("LATIN", "GREEK",
                                                                     "CYRILLIC")]
    assert len(letters) > 1500
    assert [c for c in letters if picture(c) == box] == []
    for script, sample in BOXES.items():
        assert all(picture(c) == box for c in sample), script
