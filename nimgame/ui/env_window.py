"""render_mode "human" of nimgame.envs: the environment's drawing in a small pygame
window, opened only when a human render is asked for (nimgame.envs imports no pygame)."""

from __future__ import annotations

from typing import Any

import pygame


def show(window: Any, drawing: str, title: str) -> Any:
    """Draw `drawing` (the ansi rendering) in `window`, opening it first if need be."""
    if window is None:
        pygame.display.init()
        pygame.font.init()
        window = pygame.display.set_mode((520, 360))
        pygame.display.set_caption(title)
    pygame.event.pump()   # the window stays responsive between steps
    window.fill((27, 31, 39))
    font = pygame.font.SysFont("monospace", 22)
    for row, line in enumerate(drawing.splitlines()):
        window.blit(font.render(line, True, (230, 232, 236)), (20, 20 + 30 * row))
    pygame.display.flip()
    return window


def close(window: Any) -> None:
    pygame.display.quit()
