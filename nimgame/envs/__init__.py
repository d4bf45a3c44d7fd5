"""nimgame's games as PettingZoo environments (the optional extra: `pip install
nimgame[rl]`): `from nimgame.envs import nim_v0, sticks_v0, tictactoe_v0`, then
`nim_v0.env(piles=(1, 3, 5, 7))`. Importing them imports no pygame."""

from . import nim_v0, sticks_v0, tictactoe_v0

__all__ = ["nim_v0", "sticks_v0", "tictactoe_v0"]
