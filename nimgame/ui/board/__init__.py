"""The board: a scene per game over one presenter. `BOARDS` finds a game's board scene by
the game's name; a new game adds its module here and one entry."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ...games.base import AnyGame
from ...session import MatchSetup
from ..scene import SceneHost
from .hexapawn import HexapawnBoard
from .nim import NimBoard
from .scene import BoardScene, MoveValue
from .sticks import SticksBoard
from .tictactoe import TicTacToeBoard
from .value_colours import chance_colour, draw_legend, scale_colour, value_colour

#: The game's name (`Game.name`) -> the scene that shows its board.
BOARDS: dict[str, type[BoardScene]] = {"nim": NimBoard, "sticks": SticksBoard,
                                       "tictactoe": TicTacToeBoard, "hexapawn": HexapawnBoard}

#: Draws a small picture of a position: (surface, area, state).
PositionPicture = Callable[[pygame.Surface, pygame.Rect, Any], None]


def board_for(app: SceneHost, setup: MatchSetup) -> BoardScene:
    """The board scene for `setup`'s game."""
    return BOARDS[setup.game.name](app, setup)


def value_map(game: AnyGame) -> type[BoardScene] | None:
    """The board that draws a learner's values on `game`'s board itself, if it has one."""
    board = BOARDS.get(game.name)
    return board if board is not None and board.has_value_map else None


def board_picture(game: AnyGame) -> PositionPicture:
    """What draws `game`'s positions in the board's own drawing, at any size."""
    return BOARDS[game.name].draw_position


def position_picture(game: AnyGame) -> PositionPicture | None:
    """What draws small pictures of `game`'s positions, if its board has one."""
    board = BOARDS.get(game.name)
    return board.draw_position if board is not None and board.has_position_picture else None


__all__ = ["BOARDS", "BoardScene", "MoveValue", "NimBoard", "PositionPicture", "SticksBoard",
           "TicTacToeBoard", "board_for", "board_picture", "chance_colour", "draw_legend",
           "position_picture", "scale_colour", "value_colour", "value_map"]
