"""Hexapawn as a PettingZoo environment: `env()`.

Actions: from_square * 9 + to_square (squares 0 to 8 from a1 to c3, rank 1 first; 81
actions); the mask says which are legal. Observation: a 3×3×2 plane of the agent's own
pawns and the other's, rank 1 first. player_1 plays White and moves first. After the end
the agent selected is shown the moves its pawns still have, as PettingZoo's board games
show the moves their boards have room for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pettingzoo import AECEnv

from ..games.hexapawn import Hexapawn
from ..games.hexapawn.rules import HexapawnState, pawn_moves
from .core import NimgameEnv, wrapped

if TYPE_CHECKING:
    import pygame


def raw_env(render_mode: str | None = None) -> NimgameEnv:
    return NimgameEnv(Hexapawn(), "hexapawn_v0", render_mode, draw, board_pawn_moves)


def env(**rules: Any) -> AECEnv:
    return wrapped(raw_env(**rules))


def board_pawn_moves(state: HexapawnState) -> list[tuple[int, int]]:
    """The moves the mover's pawns have on the board, the game over or not."""
    return pawn_moves(state.board, state.player)


def draw(surface: pygame.Surface, area: pygame.Rect, state: Any) -> None:
    """The 3×3 board, rank 3 at the top, White's pawns and Black's, each with its letter
    (so colour is not the only cue)."""
    import pygame

    from .window import ACCENT, BACKGROUND, MUTED, SECOND, text

    cell = min(area.width, area.height) // 3
    grid = pygame.Rect(0, 0, 3 * cell, 3 * cell)
    grid.center = area.center
    for square, pawn in enumerate(state.board):
        row, col = divmod(square, 3)
        box = pygame.Rect(grid.x + col * cell, grid.y + (2 - row) * cell, cell, cell)
        pygame.draw.rect(surface, MUTED, box, 2)
        if pawn in "WB":
            colour = ACCENT if pawn == "W" else SECOND
            pygame.draw.circle(surface, colour, box.center, cell // 3)
            text(surface, pawn, box.center, cell // 3, BACKGROUND)
