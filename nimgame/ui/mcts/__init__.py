"""One MCTS decision taken apart: the screen (`scene`) and its drawing (`drawing`)."""

from .scene import DecisionScene

__all__ = ["DecisionScene"]
