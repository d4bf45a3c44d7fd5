"""Colours, fonts and spacing shared by every screen (widgets take theirs from
assets/theme.json; what scenes draw themselves takes it from here)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pygame

ASSETS = Path(__file__).resolve().parent.parent.parent / "assets"
THEME_FILE = ASSETS / "theme.json"
FONT_REGULAR = ASSETS / "fonts" / "NotoSans-Regular.ttf"
FONT_BOLD = ASSETS / "fonts" / "NotoSans-Bold.ttf"
ICON_FILE = ASSETS / "icon.png"

BACKGROUND = (27, 31, 39)
PANEL = (36, 43, 56)
PANEL_EDGE = (62, 74, 96)
TEXT = (238, 241, 245)
MUTED = (150, 160, 176)
ACCENT = (224, 169, 74)        # stones, sticks, X
ACCENT_DARK = (150, 108, 40)
SECOND = (110, 170, 230)       # O
TAKE = (242, 95, 92)           # what a click would take
GOOD = (108, 192, 112)         # a winning move, the winning line
ERROR = (255, 138, 128)

GAP = 16                       # the spacing unit
BUTTON_HEIGHT = 40
PANEL_WIDTH = 300


@cache
def font(size: int, bold: bool = False) -> pygame.font.Font:
    return pygame.font.Font(FONT_BOLD if bold else FONT_REGULAR, size)


def text(surface: pygame.Surface, words: str, pos: tuple[int, int], size: int = 18,
         colour=TEXT, bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    """Draw `words` with its `anchor` point at `pos`; the rectangle it took."""
    image = font(size, bold).render(words, True, colour)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def wrap(words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split `words` into lines no wider than `width` pixels."""
    f, lines = font(size, bold), []
    for paragraph in words.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}".strip()
            if line and f.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def panel(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, PANEL, rect, border_radius=10)
    pygame.draw.rect(surface, PANEL_EDGE, rect, width=1, border_radius=10)
