"""The glossary over any screen (`?`): every learning word in one sentence."""

from .scene import GlossaryOverlay

__all__ = ["GlossaryOverlay"]
