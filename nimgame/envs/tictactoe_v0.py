"""Tic-Tac-Toe as a PettingZoo environment: `env()`.

Actions: row * 3 + column, 0 to 8 from the top left; the mask says which are legal.
Observation: a 3×3×2 plane of the agent's own marks and the other's. player_1 plays X.

It shows what PettingZoo's tictactoe_v3 shows on the same actions, step by step, the end
included (there, the agent selected is shown the squares left): tictactoe_v3 numbers the
squares down the columns, so its boards are these ones mirrored along the diagonal, and
every line, game and observation is the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pettingzoo import AECEnv

from ..games import TicTacToe
from ..games.tictactoe.rules import EMPTY
from .core import NimgameEnv, wrapped

if TYPE_CHECKING:
    import pygame


def raw_env(render_mode: str | None = None) -> NimgameEnv:
    return NimgameEnv(TicTacToe(), "tictactoe_v0", render_mode, draw, free_squares)


def env(**rules: Any) -> AECEnv:
    return wrapped(raw_env(**rules))


def free_squares(board: str) -> list[tuple[int, int]]:
    """The squares left, won or not: what tictactoe_v3's mask shows after the end."""
    return [divmod(i, 3) for i, cell in enumerate(board) if cell == EMPTY]


def draw(surface: pygame.Surface, area: pygame.Rect, board: Any) -> None:
    """The grid, X and O."""
    import pygame

    from .window import ACCENT, MUTED, SECOND

    cell = min(area.width, area.height) // 3
    grid = pygame.Rect(0, 0, 3 * cell, 3 * cell)
    grid.center = area.center
    for k in (1, 2):
        pygame.draw.line(surface, MUTED, (grid.x + k * cell, grid.y),
                         (grid.x + k * cell, grid.bottom), 3)
        pygame.draw.line(surface, MUTED, (grid.x, grid.y + k * cell),
                         (grid.right, grid.y + k * cell), 3)
    for i, mark in enumerate(board):
        centre = (grid.x + (i % 3) * cell + cell // 2, grid.y + (i // 3) * cell + cell // 2)
        size = cell // 3
        if mark == "X":
            for dx in (-size, size):
                pygame.draw.line(surface, ACCENT, (centre[0] - dx, centre[1] - size),
                                 (centre[0] + dx, centre[1] + size), 6)
        elif mark == "O":
            pygame.draw.circle(surface, SECOND, centre, size, 6)
