"""Colours, fonts and spacing shared by every screen (widgets take theirs from
assets/theme.json; what scenes draw themselves takes it from here)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import astuple, dataclass, replace
from functools import cache, lru_cache, partial
from importlib import resources
from pathlib import Path

import pygame

from ..safetext import escape, is_visible, shorten


def find_assets() -> Path:
    """The fonts, theme and icon: inside the installed package (the wheel ships the top-level
    assets/ folder as nimgame/assets), else the checkout's own assets/ beside the package."""
    installed = Path(str(resources.files("nimgame"))) / "assets"
    if (installed / "theme.json").is_file():
        return installed
    return Path(__file__).resolve().parents[2] / "assets"


ASSETS = find_assets()
THEME_FILE = ASSETS / "theme.json"
#: The widgets' colours over THEME_FILE's for high contrast (loaded over it when chosen).
CONTRAST_THEME_FILE = ASSETS / "theme-contrast.json"
FONT_REGULAR = ASSETS / "fonts" / "NotoSans-Regular.ttf"
FONT_BOLD = ASSETS / "fonts" / "NotoSans-Bold.ttf"
ICON_FILE = ASSETS / "icon.png"


@dataclass(frozen=True)
class Palette:
    """The colours the screens draw with (widgets take theirs from the theme file)."""

    background: tuple[int, int, int]
    panel: tuple[int, int, int]
    panel_edge: tuple[int, int, int]
    text: tuple[int, int, int]
    muted: tuple[int, int, int]
    accent: tuple[int, int, int]       # stones, sticks, X
    accent_dark: tuple[int, int, int]
    second: tuple[int, int, int]       # O
    take: tuple[int, int, int]         # what a click would take; a loss
    good: tuple[int, int, int]         # a winning move, the winning line
    error: tuple[int, int, int]


STANDARD = Palette(background=(27, 31, 39), panel=(36, 43, 56), panel_edge=(62, 74, 96),
                   text=(238, 241, 245), muted=(150, 160, 176), accent=(224, 169, 74),
                   accent_dark=(150, 108, 40), second=(110, 170, 230), take=(242, 95, 92),
                   good=(108, 192, 112), error=(255, 138, 128))
#: Black and white with the brightest hues, every edge drawn white (a projector, low vision).
HIGH_CONTRAST = Palette(background=(0, 0, 0), panel=(16, 16, 16), panel_edge=(255, 255, 255),
                        text=(255, 255, 255), muted=(220, 220, 220), accent=(255, 204, 0),
                        accent_dark=(190, 150, 0), second=(100, 200, 255),
                        take=(255, 100, 90), good=(90, 235, 120), error=(255, 130, 120))
#: Okabe and Ito's colours, told apart with any colour vision: the hues that carry meaning
#: (X and O, a take, a win, an error) replaced, the rest as the contrast chosen has them.
OKABE_ITO = {"accent": (230, 159, 0), "accent_dark": (160, 110, 0), "second": (86, 180, 233),
             "take": (213, 94, 0), "good": (0, 158, 115), "error": (240, 140, 80)}


def palette(high_contrast: bool = False, colour_blind: bool = False) -> Palette:
    """The colours for the settings chosen."""
    chosen = HIGH_CONTRAST if high_contrast else STANDARD
    return replace(chosen, **OKABE_ITO) if colour_blind else chosen


def use(colours: Palette) -> None:
    """Draw with `colours` from now on (every screen reads them when it draws)."""
    global BACKGROUND, PANEL, PANEL_EDGE, TEXT, MUTED, ACCENT, ACCENT_DARK, SECOND, TAKE, \
        GOOD, ERROR
    (BACKGROUND, PANEL, PANEL_EDGE, TEXT, MUTED, ACCENT, ACCENT_DARK, SECOND, TAKE, GOOD,
     ERROR) = astuple(colours)
    _image.cache_clear()


BACKGROUND, PANEL, PANEL_EDGE, TEXT, MUTED = (STANDARD.background, STANDARD.panel,
                                             STANDARD.panel_edge, STANDARD.text, STANDARD.muted)
ACCENT, ACCENT_DARK, SECOND = STANDARD.accent, STANDARD.accent_dark, STANDARD.second
TAKE, GOOD, ERROR = STANDARD.take, STANDARD.good, STANDARD.error

#: A colour as pygame takes it: (r, g, b) or (r, g, b, a).
Colour = tuple[int, ...]

GAP = 16                       # the spacing unit
BUTTON_HEIGHT = 40
PANEL_WIDTH = 330


@cache
def font(size: int, bold: bool = False) -> pygame.font.Font:
    return pygame.font.Font(FONT_BOLD if bold else FONT_REGULAR, size)


#: What a character the font cannot draw is shown as (the name itself is kept as it is).
REPLACEMENT = "\ufffd"
#: Characters that join onto the one before them in an emoji (the zero-width joiner,
#: variation selectors, skin tones, tag characters, the keycap): shown as part of it.
_JOINING = ((0x200D, 0x200D), (0xFE00, 0xFE0F), (0x1F3FB, 0x1F3FF), (0xE0020, 0xE007F),
            (0x20E3, 0x20E3))


def _joining(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in _JOINING)


@cache
def _missing_glyph() -> bytes:
    return _glyph("\U0010fffd")   # a code point no font draws: the font's missing glyph


def _glyph(char: str) -> bytes:
    return pygame.image.tobytes(font(18).render(char, True, (255, 255, 255)), "RGBA")


@cache
def draws(char: str) -> bool:
    """Whether the bundled font draws `char` as itself, not as its "missing" box (emoji,
    Chinese...); characters that draw nothing (`safetext.is_visible`) count as drawn here:
    they are shown as escapes."""
    if char.isascii() or not is_visible(char):
        return True
    return _glyph(char) != _missing_glyph()


def drawable(words: str) -> str:
    """`words` with each character the font cannot draw shown as REPLACEMENT ("�"): one for
    each emoji, with the joiners, variation selectors and skin tones that build it."""
    if words.isascii():
        return words
    shown: list[str] = []
    index = 0
    while index < len(words):
        char = words[index]
        if _joining(char) or draws(char):
            shown.append(char)
            index += 1
            continue
        index += 1   # the character, then what joins onto it (after a joiner, the next too)
        while index < len(words) and _joining(words[index]):
            index += 2 if words[index] == "\u200d" else 1
        shown.append(REPLACEMENT)
    return "".join(shown)


def fit(words: object, size: int, width: float, bold: bool = False) -> str:
    """`words` as they may be drawn in `width` pixels: invisible characters shown as
    escapes (a name from a shared file may hold anything), shortened with an ellipsis."""
    shown = escape(drawable(words) if isinstance(words, str) else words, 300)
    measure = font(size, bold).size
    if measure(shown)[0] <= width:
        return shown
    return shorten(shown, _longest(lambda n: measure(shorten(shown, n))[0] <= width,
                                   len(shown)))


def text(surface: pygame.Surface, words: str, pos: tuple[float, float], size: int = 18,
         colour: Colour = TEXT, bold: bool = False, anchor: str = "topleft",
         width: float | None = None) -> pygame.Rect:
    """Draw `words` with its `anchor` point at `pos`; the rectangle it took. Characters
    that draw nothing are shown as escapes; with `width`, too long a text ends in '…'."""
    if isinstance(words, str):
        image = _image(words, size, tuple(colour), bold, width)
    else:
        image = _render(words, size, colour, bold, width)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def footer(surface: pygame.Surface, message: str, ok: bool, keys: str) -> None:
    """The bottom of a screen: its last message (in words; the colour only repeats whether
    it went well) over the line of its keys."""
    w, h = surface.get_size()
    if message:
        text(surface, message, (w // 2, h - 40), 16, GOOD if ok else ERROR,
             anchor="midbottom", width=w - 2 * GAP)
    text(surface, keys, (w // 2, h - GAP), 14, MUTED, anchor="midbottom", width=w - 2 * GAP)


def _render(words: object, size: int, colour: Colour, bold: bool, width: float | None
            ) -> pygame.Surface:
    shown = escape(drawable(words) if isinstance(words, str) else words, None) \
        if width is None else fit(words, size, width, bold)
    return font(size, bold).render(shown, True, colour)


@lru_cache(maxsize=2048)
def _image(words: str, size: int, colour: tuple[int, ...], bold: bool,
           width: float | None
           ) -> pygame.Surface:
    """The same labels are drawn every frame: rendered (and fitted) once. Callers only
    blit the image, never change it."""
    return _render(words, size, colour, bold, width)


def forget() -> None:
    """Drop fonts and rendered text: after pygame.init() the old fonts are dead."""
    font.cache_clear()
    _image.cache_clear()


def wrap(words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split `words` into lines no wider than `width` pixels (a word too long for a line,
    such as a long name from a file, is broken where it must be)."""
    f, lines = font(size, bold), []
    for paragraph in drawable(words).split("\n"):
        line = ""
        for word in _pieces(paragraph.split(" "), f, width):
            trial = f"{line} {word}".strip()
            if line and f.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def _fits(f: pygame.font.Font, word: str, width: int, n: int) -> bool:
    return f.size(word[:n])[0] <= width


def _pieces(words: list[str], f: pygame.font.Font, width: int) -> list[str]:
    """`words`, each one wider than `width` cut into pieces that fit."""
    pieces = []
    for word in words:
        while len(word) > 1 and f.size(word)[0] > width:
            cut = _longest(partial(_fits, f, word, width), len(word) - 1)
            pieces.append(word[:cut])
            word = word[cut:]
        pieces.append(word)
    return pieces


def _longest(fits: Callable[[int], bool], most: int) -> int:
    """The largest n from 1 to `most` for which `fits(n)` (1 if none): a binary search, as
    fitting is monotonic in the length of text."""
    low, high = 1, most
    while low < high:
        middle = (low + high + 1) // 2
        if fits(middle):
            low = middle
        else:
            high = middle - 1
    return low


def panel(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, PANEL, rect, border_radius=10)
    pygame.draw.rect(surface, PANEL_EDGE, rect, width=1, border_radius=10)
