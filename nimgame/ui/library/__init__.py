"""The saved AIs: the screen (`scene`) and its table of brains (`table`)."""

from .scene import LibraryScene

__all__ = ["LibraryScene"]
