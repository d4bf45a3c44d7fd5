"""render_modes "human" and "rgb_array" of nimgame.envs: a small pygame window, opened only
when a human render is asked for (nimgame.envs imports no pygame), and the same picture
drawn off screen as an array. Each environment's module draws its own board (`Draw`); this
module owns the window, its colours and its fonts. Nothing pygame makes is kept from one
render to the next but the window: other code may quit pygame between them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
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
    paint(window, draw, state)
    pygame.display.flip()
    return window


def picture(draw: Draw, state: Any) -> np.ndarray:
    """The window's picture of `state`, as an array of rows of RGB pixels (height × width
    × 3, uint8), drawn on a surface of its own: no display is needed, none is opened."""
    surface = pygame.Surface(SIZE)
    paint(surface, draw, state)
    return np.ascontiguousarray(pygame.surfarray.array3d(surface).transpose(1, 0, 2),
                                dtype=np.uint8)


def paint(surface: pygame.Surface, draw: Draw, state: Any) -> None:
    """`state` drawn by `draw` on the whole of `surface`, margins and background included."""
    surface.fill(BACKGROUND)
    draw(surface, surface.get_rect().inflate(-40, -40), state)


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
