"""nimgame's games as PettingZoo environments (the optional extra: `pip install
nimgame[rl]`): `from nimgame.envs import nim_v0, sticks_v0, tictactoe_v0`, then
`nim_v0.env(piles=(1, 3, 5, 7))`. Importing them imports no pygame."""

import os

# PettingZoo picks SDL's audio driver for the whole process when it is imported ("dsp" on
# Linux), which silences nimgame's window if it opens later in the same program: the
# choice made before is put back.
_audio = os.environ.get("SDL_AUDIODRIVER")
import pettingzoo  # noqa: E402, F401 - imported here first, for the line below

if _audio is None:
    os.environ.pop("SDL_AUDIODRIVER", None)
else:
    os.environ["SDL_AUDIODRIVER"] = _audio

from . import nim_v0, sticks_v0, tictactoe_v0  # noqa: E402

__all__ = ["nim_v0", "sticks_v0", "tictactoe_v0"]
