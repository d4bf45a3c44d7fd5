"""Hexapawn, Gardner's 3×3 pawn game: its rules (`rules`) and its kit (`kit`), registered
on import."""

from .kit import KIT, HexapawnCodec, draw_board
from .rules import Hexapawn, HexapawnState

__all__ = ["KIT", "Hexapawn", "HexapawnCodec", "HexapawnState", "draw_board"]
