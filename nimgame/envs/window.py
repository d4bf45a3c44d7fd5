"""render_mode "human" of nimgame.envs: a small pygame window, opened only when a human
render is asked for (nimgame.envs imports no pygame). Each environment's module draws its
own board on it (`Draw`); this module owns the window, its colours and its fonts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

SIZE = (560, 400)
# The window's colours, as the game's window has them.
BACKGROUND = (27, 31, 39)
TEXT = (238, 241, 245)
MUTED = (150, 160, 176)
ACCENT = (224, 169, 74)        # stones, sticks, X, White
SECOND = (110, 170, 230)       # O, Black

#: Draws a position on the window's surface, inside the area given.
Draw = Callable[[pygame.Surface, pygame.Rect, Any], None]


def show(window: pygame.Surface | None, draw: Draw, state: Any, title: str
         ) -> pygame.Surface:
    """Draw `state` with `draw` in `window`, opening it first if need be (again, if other
    code has quit pygame since)."""
    if window is None or not pygame.display.get_init() or pygame.display.get_surface() is None:
        pygame.display.init()
        window = pygame.display.set_mode(SIZE)
        pygame.display.set_caption(title)
    pygame.event.pump()   # the window stays responsive between steps
    window.fill(BACKGROUND)
    draw(window, window.get_rect().inflate(-40, -40), state)
    pygame.display.flip()
    return window


def text(surface: pygame.Surface, words: str, pos: tuple[int, int], size: int,
         colour: tuple[int, int, int], anchor: str = "center") -> None:
    """`words` drawn at `pos` (a font made now: other code may have quit pygame's fonts)."""
    if not pygame.font.get_init():
        pygame.font.init()
    image = pygame.font.Font(None, size + 6).render(words, True, colour)
    surface.blit(image, image.get_rect(**{anchor: pos}))


def close(window: Any) -> None:
    if pygame.display.get_init():
        pygame.display.quit()
