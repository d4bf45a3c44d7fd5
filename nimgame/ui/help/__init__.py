"""Help over a board: its game's rules and keys."""

from .scene import HelpOverlay

__all__ = ["HelpOverlay"]
