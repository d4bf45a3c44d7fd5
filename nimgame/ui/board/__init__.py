"""The three boards, and which one a game gets."""

from ...games import Nim, Sticks, TicTacToe
from .nim import NimBoard
from .scene import BoardScene
from .sticks import SticksBoard
from .tictactoe import TicTacToeBoard


def board_for(app, setup) -> BoardScene:
    kinds: dict[type, type[BoardScene]] = {Nim: NimBoard, Sticks: SticksBoard,
                                           TicTacToe: TicTacToeBoard}
    return kinds[type(setup.game)](app, setup)


__all__ = ["BoardScene", "NimBoard", "SticksBoard", "TicTacToeBoard", "board_for"]
