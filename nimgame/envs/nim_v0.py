"""Nim as a PettingZoo environment: `env(piles=(1, 3, 5, 7), misere=True, max_take=None)`.

Actions: pile * K + (count - 1), K = the cap, or the biggest pile without one; the mask
says which are legal. Observation: the pile sizes. Boards up to 20 piles of 1,000.
"""

from __future__ import annotations

from pettingzoo import AECEnv

from ..games import Nim
from ..games.nim import ENV_MAX_PILE as MAX_PILE
from ..games.nim import ENV_MAX_PILES as MAX_PILES
from .codecs import NimCodec
from .core import NimgameEnv, wrapped


def raw_env(piles: tuple[int, ...] | list[int] = (1, 3, 5, 7), misere: bool = True,
            max_take: int | None = None, render_mode: str | None = None) -> NimgameEnv:
    game = Nim(tuple(piles), misere=misere, max_take=max_take)
    if not any(game.piles):
        raise ValueError("an environment's board needs something to take")
    if len(game.piles) > MAX_PILES or max(game.piles) > MAX_PILE:
        raise ValueError(f"an environment's board has at most {MAX_PILES} piles of at most "
                         f"{MAX_PILE:,}")
    return NimgameEnv(game, NimCodec(game), "nim_v0", render_mode)


def env(**rules) -> AECEnv:
    return wrapped(raw_env(**rules))
