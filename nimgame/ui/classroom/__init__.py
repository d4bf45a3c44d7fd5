"""Class mode: one AI learning from every person's game at an event, counted big."""

from .scene import ClassScene

__all__ = ["ClassScene"]
