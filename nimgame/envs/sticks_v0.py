"""The Game of Sticks as a PettingZoo environment: `env(sticks=20, max_take=3)`.

Actions: count - 1 (take 1 to max_take); the mask says which are legal. Observation: the
sticks left, then 1 where the agent observing is to move (0 where it waits). Heaps up to
100,000.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pettingzoo import AECEnv

from ..games import Sticks
from .core import NimgameEnv, wrapped

if TYPE_CHECKING:
    import pygame


def raw_env(sticks: int = 20, max_take: int = 3, render_mode: str | None = None
            ) -> NimgameEnv:
    return NimgameEnv(Sticks(sticks, max_take), "sticks_v0", render_mode, draw)


def env(**rules: Any) -> AECEnv:
    return wrapped(raw_env(**rules))


def draw(surface: pygame.Surface, area: pygame.Rect, state: Any) -> None:
    """The heap, a line per stick, and how many are left."""
    import pygame

    from .window import ACCENT, TEXT, text

    left = state.sticks
    gap = max(2, min(16, area.width // max(left, 1)))
    for stick in range(left):
        x = area.x + stick * gap
        if x > area.right:
            break
        pygame.draw.line(surface, ACCENT, (x, area.centery - 60), (x, area.centery + 60),
                         max(1, gap // 3))
    text(surface, f"{left} left", (area.centerx, area.bottom), 18, TEXT, anchor="midbottom")
