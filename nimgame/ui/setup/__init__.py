"""Set-up: the opponent, who moves first, your name and the rules (who can play is the
session layer's `opponents`)."""

from .scene import FRIEND, SetupScene

__all__ = ["FRIEND", "SetupScene"]
