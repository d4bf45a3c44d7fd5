"""Hexapawn, Gardner's 3×3 pawn game: its rules (`rules.Hexapawn`)."""

from .rules import Hexapawn, HexapawnState

__all__ = ["Hexapawn", "HexapawnState"]
