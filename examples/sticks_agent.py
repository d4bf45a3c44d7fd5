"""Your own agent, trained with nimgame's PettingZoo environment, then facing nimgame's
perfect player — the way any agent written against the environments can.

    python -m examples.sticks_agent          # train, then play the perfect player
    nimgame arena sticks perfect --sticks 21 --player examples.sticks_agent:policy

The agent is plain tabular Monte Carlo control: play whole games against itself through
the AEC API, then move each (observation, action) it took towards how that game ended
for it. `policy(observation, action_mask)` is all nimgame needs from it.
"""

from __future__ import annotations

import random
import sys
from collections import defaultdict

import numpy as np

from nimgame.envs import sticks_v0

STICKS = 21
EPISODES = 20_000
TABLE: dict[tuple[int, int], float] | None = None   # (sticks left, action) -> value


def train(episodes: int = EPISODES, seed: int = 0, epsilon: float = 0.1,
          step: float = 0.1) -> dict[tuple[int, int], float]:
    rng = random.Random(seed)
    values: dict[tuple[int, int], float] = defaultdict(float)
    env = sticks_v0.env(sticks=STICKS)
    for episode in range(episodes):
        env.reset(seed=episode)
        taken: dict[str, list[tuple[int, int]]] = {agent: [] for agent in env.agents}
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _ = env.last()
            if termination or truncation:
                for key in taken[agent]:   # the game is over: learn what it was worth
                    values[key] += step * (reward - values[key])
                env.step(None)
                continue
            left = int(observation["observation"][0])
            legal = np.flatnonzero(observation["action_mask"])
            if rng.random() < epsilon:
                action = int(rng.choice(list(legal)))
            else:
                action = int(max(legal, key=lambda a: values[(left, int(a))]))
            taken[agent].append((left, action))
            env.step(action)
    return dict(values)


def policy(observation: np.ndarray, action_mask: np.ndarray) -> int:
    """The trained agent's move (it trains on first use)."""
    global TABLE
    if TABLE is None:
        TABLE = train()
    left = int(observation[0])
    legal = np.flatnonzero(action_mask)
    return int(max(legal, key=lambda a: TABLE.get((left, int(a)), 0.0)))


def main() -> int:
    from nimgame.envs.policy import PolicyPlayer
    from nimgame.games import Sticks
    from nimgame.learning.evaluation import match
    from nimgame.players import PerfectPlayer

    game = Sticks(STICKS)
    agent = PolicyPlayer(game, policy, "sticks_agent")
    result = match(game, agent, PerfectPlayer(game), 100)
    first_wins = STICKS % 4 != 1   # the theory: a heap of 4k+1 is lost for the mover
    print(f"after {EPISODES:,} training games, against the perfect player on {STICKS} "
          f"sticks: won {result.wins_first} of {result.games // 2} moving first and "
          f"{result.wins_second} of {result.games // 2} moving second (the theory says the "
          f"{'first' if first_wins else 'second'} player wins: the most it can do is "
          f"{result.games // 2} and 0)" if first_wins else
          f"after {EPISODES:,} training games, against the perfect player on {STICKS} "
          f"sticks: won {result.wins_first} of {result.games // 2} moving first and "
          f"{result.wins_second} of {result.games // 2} moving second (the theory says the "
          f"second player wins: the most it can do is 0 and {result.games // 2})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
