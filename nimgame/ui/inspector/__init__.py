"""What a trained AI learned: the screen (`scene`) and the Sticks hats chart (`hats`)."""

from .scene import InspectorScene

__all__ = ["InspectorScene"]
