"""One PettingZoo AEC environment for any nimgame game, following PettingZoo's classic games
(its Tic-Tac-Toe and Connect Four): two agents "player_1" and "player_2" taking turns,
observations {"observation", "action_mask"}, integer actions, +1 / -1 at the end (0 for a
draw), `reset(seed=)`, and `render_mode` "ansi" (the game kit's text board), "human" (a
small pygame window, opened only when asked: importing this module imports no pygame) or
"rgb_array" (the window's picture as an array, drawn off screen: no display needed).

The action mask is PettingZoo's board games' (tictactoe_v3, connect_four_v3, chess_v6): all
zeros but for the agent selected, who is shown the legal moves, and after the end the
moves its board still has room for (`board_moves`: the free squares in Tic-Tac-Toe).

The rules are nimgame's own (`nimgame.games`): the environment numbers the moves with the
game kit's `Codec` and keeps PettingZoo's bookkeeping.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import AgentSelector, wrappers

from ..games.base import AnyGame, Move, State
from ..games.kit import AnyCodec
from ..games.registry import kit_for

AGENTS = ("player_1", "player_2")


def wrapped(env: AECEnv) -> AECEnv:
    """PettingZoo's usual wrappers for a classic game: an illegal action ends the game
    with -1 for the player who made it; actions out of range are refused; order enforced."""
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


class NimgameEnv(AECEnv):  # type: ignore[misc] # PettingZoo has no types
    """`game` played by two agents: its kit's codec numbers the moves and says what they
    see (ValueError for a board too big to number); `draw(surface, area, state)` draws it
    for the human window and the rgb_array picture (without it, only "ansi" renders);
    `board_moves(state)` is what the mask shows the agent selected once the game is over
    (without it, the legal moves: none, in nimgame's games)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human", "rgb_array"],
                                "is_parallelizable": False, "render_fps": 2}

    def __init__(self, game: AnyGame, name: str, render_mode: str | None = None,
                 draw: Callable[[Any, Any, State], None] | None = None,
                 board_moves: Callable[[State], Iterable[Move]] | None = None) -> None:
        super().__init__()
        modes = NimgameEnv.metadata["render_modes"] if draw is not None else ["ansi"]
        if render_mode is not None and render_mode not in modes:
            raise ValueError(f"render_mode is {', '.join(map(repr, modes))} or None, "
                             f"not {render_mode!r:.40}")
        self.metadata = {**NimgameEnv.metadata, "name": name, "render_modes": list(modes)}
        self.kit = kit_for(game)
        codec = self.kit.codec(game)
        self.game, self.codec, self.render_mode, self.draw = game, codec, render_mode, draw
        self.board_moves = board_moves or game.legal_moves
        self.possible_agents = list(AGENTS)
        self.agents = self.possible_agents[:]
        shape = codec.observation_shape
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(low=0, high=codec.observation_high, shape=shape,
                                      dtype=np.int64),
            "action_mask": spaces.Box(low=0, high=1, shape=(codec.actions,), dtype=np.int8),
        }) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(codec.actions)
                              for agent in self.possible_agents}
        self.window: Any = None
        self.state_now: State = game.initial_state()
        self.reset()

    # -- PettingZoo's interface ------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.state_now = self.game.initial_state()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._agent_selector = AgentSelector(self.agents)
        self.agent_selection = self._agent_selector.reset()
        # The games here are decided by the players alone: a seed has nothing to draw.

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        me = self.possible_agents.index(agent)
        mask = np.zeros(self.codec.actions, dtype=np.int8)
        if agent == self.agent_selection:
            state = self.state_now
            over = self.game.is_over(state)
            for move in self.board_moves(state) if over else self.game.legal_moves(state):
                mask[self.codec.encode(move)] = 1
        return {"observation": observation(self.codec, self.state_now, me),
                "action_mask": mask}

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        move: Move = self.codec.decode(int(action))
        self.state_now = self.game.result(self.state_now, move)   # IllegalMove if masked
        if self.game.is_over(self.state_now):
            for index, name in enumerate(self.agents):
                self.rewards[name] = self.game.outcome(self.state_now, index)
                self.terminations[name] = True
            self._accumulate_rewards()
        self.agent_selection = self._agent_selector.next()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | np.ndarray | None:
        if self.render_mode == "ansi":
            return self.kit.text_board(self.game, self.state_now)
        if self.render_mode == "human" and self.draw is not None:
            from .window import show  # pygame, only now

            self.window = show(self.window, self.draw, self.state_now, self.metadata["name"])
        if self.render_mode == "rgb_array" and self.draw is not None:
            from .window import picture  # pygame, only now

            return picture(self.draw, self.state_now)
        return None

    def close(self) -> None:
        if self.window is not None:
            from .window import close

            close(self.window)
            self.window = None


def observation(codec: AnyCodec, state: State, me: int) -> np.ndarray:
    """What player `me` sees in `state`, as the array the observation space describes."""
    return np.array(codec.observe(state, me), dtype=np.int64).reshape(codec.observation_shape)
