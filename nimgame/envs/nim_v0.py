"""Nim as a PettingZoo environment: `env(piles=(1, 3, 5, 7), misere=True, max_take=None)`.

Actions: pile * K + (count - 1), K = the cap, or the biggest pile without one; the mask
says which are legal. Observation: the pile sizes, then 1 where the agent observing is to
move (0 where it waits). Boards up to 20 piles of 1,000.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pettingzoo import AECEnv

from ..games import Nim
from .core import NimgameEnv, wrapped

if TYPE_CHECKING:
    import pygame


def raw_env(piles: tuple[int, ...] | list[int] = (1, 3, 5, 7), misere: bool = True,
            max_take: int | None = None, render_mode: str | None = None) -> NimgameEnv:
    game = Nim(tuple(piles), misere=misere, max_take=max_take)
    return NimgameEnv(game, "nim_v0", render_mode, draw)


def env(**rules: Any) -> AECEnv:
    return wrapped(raw_env(**rules))


def draw(surface: pygame.Surface, area: pygame.Rect, state: Any) -> None:
    """Nim's stones in rows, each row numbered."""
    import pygame

    from .window import ACCENT, MUTED, text

    piles = state.piles
    step = min(48, area.height // max(len(piles), 1))
    widest = max(max(piles), 1)
    radius = max(2, min(step // 2 - 3, (area.width - 60) // (2 * widest) - 2))
    for row, size in enumerate(piles):
        y = area.y + row * step + step // 2
        text(surface, str(row + 1), (area.x, y), 16, MUTED, anchor="midleft")
        for stone in range(size):
            x = area.x + 40 + radius + stone * (2 * radius + 4)
            pygame.draw.circle(surface, ACCENT, (x, y), radius)
