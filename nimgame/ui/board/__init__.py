"""The board: a scene per game over one presenter. `BOARDS` finds a game's board scene by
the game's name; a new game adds its module here and one entry."""

from __future__ import annotations

from ...session import MatchSetup
from ..scene import SceneHost
from .nim import NimBoard
from .scene import BoardScene
from .sticks import SticksBoard
from .tictactoe import TicTacToeBoard

#: The game's name (`Game.name`) -> the scene that shows its board.
BOARDS: dict[str, type[BoardScene]] = {"nim": NimBoard, "sticks": SticksBoard,
                                       "tictactoe": TicTacToeBoard}


def board_for(app: SceneHost, setup: MatchSetup) -> BoardScene:
    """The board scene for `setup`'s game."""
    return BOARDS[setup.game.name](app, setup)


__all__ = ["BOARDS", "BoardScene", "NimBoard", "SticksBoard", "TicTacToeBoard", "board_for"]
