"""An outside agent in nimgame: a policy written against the environments — a Python
callable `policy(observation, action_mask) -> action` — as a nimgame player, so it can
meet nimgame's players in the arena and on the command line (`--player module:function`).

The code is the user's own, run by their explicit choice on the command line; nothing
here is ever loaded from a brain file.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable
from typing import Any

import numpy as np

from ..games.base import AnyGame, Move, State
from ..games.registry import kit_for
from ..players.base import Player
from ..safetext import escape
from .core import observation

Policy = Callable[[np.ndarray, np.ndarray], Any]


def load_policy(spec: str) -> tuple[str, Policy]:
    """The callable `module:function` names, and a name for it; ValueError saying why not."""
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise ValueError(f"a policy is given as module:function, not {escape(spec, 60)}")
    try:   # "importable from here": the installed command's path lacks the current folder
        here = os.getcwd()
    except OSError:   # a folder removed under the shell: nothing is here
        here = ""
    added = bool(here) and here not in sys.path
    if added:
        sys.path.insert(0, here)
    try:
        module = importlib.import_module(module_name)
    except Exception as err:   # the user's module: anything may go wrong in it
        raise ValueError(f"cannot import {escape(module_name, 60)}: "
                         f"{escape(str(err), 120)}") from None
    finally:
        if added:
            sys.path.remove(here)
    policy: Any = module
    for part in attribute.split("."):
        policy = getattr(policy, part, None)
        if policy is None:
            raise ValueError(f"{escape(module_name, 60)} has no {escape(attribute, 60)}")
    if not callable(policy):
        raise ValueError(f"{escape(spec, 60)} is not a function")
    return attribute.split(".")[-1], policy


class PolicyPlayer(Player):
    """`policy` as a player of `game`: it sees what an environment's agent would see."""

    label = "Outside policy"

    def __init__(self, game: AnyGame, policy: Policy, name: str = "policy") -> None:
        super().__init__(game)
        self.policy, self.name, self.codec = policy, name, kit_for(game).codec(game)

    def choose_move(self, state: State) -> Move:
        self._moves(state)
        game, codec = self.game, self.codec
        mask = np.zeros(codec.actions, dtype=np.int8)
        for move in game.legal_moves(state):
            mask[codec.encode(move)] = 1
        seen = observation(codec, state, game.to_move(state))
        try:
            action = self.policy(seen, mask)
            number = int(action)
        except Exception as err:   # the user's code: say what went wrong, in one line
            raise ValueError(f"the policy {escape(self.name, 40)} failed: "
                             f"{escape(repr(err), 120)}") from None
        if not 0 <= number < codec.actions or not mask[number]:
            raise ValueError(f"the policy {escape(self.name, 40)} chose action "
                             f"{escape(action, 20)}, which is not legal here (the mask says "
                             "which are)")
        return codec.decode(number)
