"""Drills: timed questions on the theory, with a score, a streak and levels."""

from .scene import DrillsScene

__all__ = ["DrillsScene"]
