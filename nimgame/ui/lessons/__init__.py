"""The lessons screen: the list of lessons, and a lesson step by step."""

from .scene import LessonsScene

__all__ = ["LessonsScene"]
