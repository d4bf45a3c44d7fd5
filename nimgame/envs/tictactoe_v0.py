"""Tic-Tac-Toe as a PettingZoo environment: `env()`.

Actions: row * 3 + column, 0 to 8 from the top left; the mask says which are legal.
Observation: a 3×3×2 plane of the agent's own marks and the other's. player_1 plays X.
"""

from __future__ import annotations

from pettingzoo import AECEnv

from ..games import TicTacToe
from .codecs import TicTacToeCodec
from .core import NimgameEnv, wrapped


def raw_env(render_mode: str | None = None) -> NimgameEnv:
    game = TicTacToe()
    return NimgameEnv(game, TicTacToeCodec(game), "tictactoe_v0", render_mode)


def env(**rules) -> AECEnv:
    return wrapped(raw_env(**rules))
