"""The arena: the screen (`scene`) and its results table and bars (`drawing`)."""

from .scene import ArenaScene

__all__ = ["ArenaScene"]
