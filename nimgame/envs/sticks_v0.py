"""The Game of Sticks as a PettingZoo environment: `env(sticks=20, max_take=3)`.

Actions: count - 1 (take 1 to max_take); the mask says which are legal. Observation: the
sticks left. Heaps up to 100,000.
"""

from __future__ import annotations

from pettingzoo import AECEnv

from ..games import Sticks
from .codecs import SticksCodec
from .core import NimgameEnv, wrapped

MAX_STICKS = 100_000


def raw_env(sticks: int = 20, max_take: int = 3, render_mode: str | None = None
            ) -> NimgameEnv:
    game = Sticks(sticks, max_take)
    if game.sticks > MAX_STICKS or game.max_take > MAX_STICKS:
        raise ValueError(f"an environment's heap has at most {MAX_STICKS:,} sticks")
    return NimgameEnv(game, SticksCodec(game), "sticks_v0", render_mode)


def env(**rules) -> AECEnv:
    return wrapped(raw_env(**rules))
