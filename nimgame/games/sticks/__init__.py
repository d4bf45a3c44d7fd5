"""The Game of Sticks: the rules (`rules`) and the kit (`kit`), registered on import."""

from .kit import KIT, SticksCodec
from .rules import MAX_STICKS, Sticks, SticksState

__all__ = ["KIT", "MAX_STICKS", "Sticks", "SticksCodec", "SticksState"]
