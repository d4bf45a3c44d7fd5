"""Game rules only: no rendering, no players. See `base.Game` for the shared protocol."""

from .base import AnyGame, Game, IllegalMove
from .nim import Nim, NimState
from .sticks import Sticks, SticksState
from .tictactoe import TicTacToe

GAMES: dict[str, type[AnyGame]] = {cls.name: cls for cls in (Nim, Sticks, TicTacToe)}

__all__ = ["GAMES", "AnyGame", "Game", "IllegalMove", "Nim", "NimState", "Sticks", "SticksState",
           "TicTacToe"]
