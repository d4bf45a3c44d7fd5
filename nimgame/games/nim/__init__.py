"""Nim: the rules (`rules`) and the kit (`kit`), registered on import."""

from .kit import ENV_MAX_PILE, ENV_MAX_PILES, KIT, NimCodec
from .rules import MAX_DIGITS, MAX_PILE, MAX_PILES, Nim, NimState, parse_piles

__all__ = ["ENV_MAX_PILE", "ENV_MAX_PILES", "KIT", "MAX_DIGITS", "MAX_PILE", "MAX_PILES", "Nim",
           "NimCodec", "NimState", "parse_piles"]
