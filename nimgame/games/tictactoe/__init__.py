"""Tic-Tac-Toe: the rules (`rules`) and the kit (`kit`), registered on import."""

from .kit import KIT, TicTacToeCodec, draw_board
from .rules import EMPTY, LINES, MARKS, SYMMETRIES, O, TicTacToe, X, winning_line

__all__ = ["EMPTY", "KIT", "LINES", "MARKS", "O", "SYMMETRIES", "TicTacToe", "TicTacToeCodec",
           "X", "draw_board", "winning_line"]
