"""The first screen: pick a game, or train, browse the saved AIs, open the arena."""

from .scene import MenuScene

__all__ = ["MenuScene"]
