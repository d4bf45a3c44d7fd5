"""nimgame's games as PettingZoo environments (the optional extra: `pip install
".[rl]"` in the checkout): `from nimgame.envs import nim_v0, sticks_v0, tictactoe_v0`, then
`nim_v0.env(piles=(1, 3, 5, 7))`; every registered game has its `<name>_v0` module here.
Importing them imports no pygame."""

import importlib
import os
from types import ModuleType

# PettingZoo picks SDL's audio driver for the whole process when it is imported ("dsp" on
# Linux), which silences nimgame's window if it opens later in the same program: the
# choice made before is put back.
_audio = os.environ.get("SDL_AUDIODRIVER")
import pettingzoo  # noqa: E402, F401 - imported here first, for the line below

if _audio is None:
    os.environ.pop("SDL_AUDIODRIVER", None)
else:
    os.environ["SDL_AUDIODRIVER"] = _audio

from ..games import KITS  # noqa: E402

#: Every game's environment module, by the game's registry name ("nim_v0", ...).
__all__ = [f"{name}_v0" for name in KITS]


def __getattr__(name: str) -> ModuleType:
    """`nimgame.envs.nim_v0` and the others, imported when first asked for."""
    if name in __all__:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
