"""The MENACE screen: Michie's matchboxes drawn, played and exported as labels."""

from .scene import MenaceScene

__all__ = ["MenaceScene"]
