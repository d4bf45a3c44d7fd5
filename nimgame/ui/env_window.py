"""render_mode "human" of nimgame.envs: the board in a small pygame window, opened only
when a human render is asked for (nimgame.envs imports no pygame) — Nim's stones in
rows, the Sticks heap, the Tic-Tac-Toe grid, in the window's colours."""

from __future__ import annotations

from typing import Any

import pygame

from ..games import Nim, Sticks, TicTacToe
from ..games.base import AnyGame, State
from . import theme

SIZE = (560, 400)


def show(window: Any, game: AnyGame, state: State, title: str) -> Any:
    """Draw `state` of `game` in `window`, opening it first if need be."""
    if window is None:
        pygame.display.init()
        pygame.font.init()
        window = pygame.display.set_mode(SIZE)
        pygame.display.set_caption(title)
    pygame.event.pump()   # the window stays responsive between steps
    window.fill(theme.BACKGROUND)
    area = window.get_rect().inflate(-40, -40)
    if isinstance(game, Nim):
        draw_nim(window, area, state.piles)
    elif isinstance(game, Sticks):
        draw_sticks(window, area, state.sticks)
    elif isinstance(game, TicTacToe):
        draw_tictactoe(window, area, state)
    pygame.display.flip()
    return window


def draw_nim(surface: pygame.Surface, area: pygame.Rect, piles: tuple[int, ...]) -> None:
    rows = len(piles)
    step = min(48, area.height // max(rows, 1))
    widest = max(max(piles), 1)
    radius = max(2, min(step // 2 - 3, (area.width - 60) // (2 * widest) - 2))
    for row, size in enumerate(piles):
        y = area.y + row * step + step // 2
        theme.text(surface, str(row + 1), (area.x, y), 16, theme.MUTED, anchor="midleft")
        for stone in range(size):
            x = area.x + 40 + radius + stone * (2 * radius + 4)
            pygame.draw.circle(surface, theme.ACCENT, (x, y), radius)


def draw_sticks(surface: pygame.Surface, area: pygame.Rect, left: int) -> None:
    gap = max(2, min(16, area.width // max(left, 1)))
    for stick in range(left):
        x = area.x + stick * gap
        if x > area.right:
            break
        pygame.draw.line(surface, theme.ACCENT, (x, area.centery - 60),
                         (x, area.centery + 60), max(1, gap // 3))
    theme.text(surface, f"{left} left", (area.centerx, area.bottom), 18, theme.TEXT,
               anchor="midbottom")


def draw_tictactoe(surface: pygame.Surface, area: pygame.Rect, board: str) -> None:
    cell = min(area.width, area.height) // 3
    grid = pygame.Rect(0, 0, 3 * cell, 3 * cell)
    grid.center = area.center
    for k in (1, 2):
        pygame.draw.line(surface, theme.MUTED, (grid.x + k * cell, grid.y),
                         (grid.x + k * cell, grid.bottom), 3)
        pygame.draw.line(surface, theme.MUTED, (grid.x, grid.y + k * cell),
                         (grid.right, grid.y + k * cell), 3)
    for i, mark in enumerate(board):
        centre = (grid.x + (i % 3) * cell + cell // 2, grid.y + (i // 3) * cell + cell // 2)
        size = cell // 3
        if mark == "X":
            for dx in (-size, size):
                pygame.draw.line(surface, theme.ACCENT, (centre[0] - dx, centre[1] - size),
                                 (centre[0] + dx, centre[1] + size), 6)
        elif mark == "O":
            pygame.draw.circle(surface, theme.SECOND, centre, size, 6)


def close(window: Any) -> None:
    pygame.display.quit()
