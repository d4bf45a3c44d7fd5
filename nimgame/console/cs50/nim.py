"""CS50's nim.py interface: `Nim`, `NimAI`, `train`, `play`, over the engine's rules.

`NimAI` is the handout's learner exactly (its `q` dict keyed by `(tuple(state), action)`),
for people comparing their own; the suite's fast learner is `nimgame.players.QLearner`.
"""

from __future__ import annotations

import random
from typing import Any

from ...games.nim import Nim as NimRules
from ...games.nim import NimState
from ...players.base import Player

Action = tuple[int, int]   # (pile i, take j), piles counted from 0


class Nim:
    def __init__(self, initial: list[int] = [1, 3, 5, 7]  # noqa: B006 - the handout's
                 ) -> None:
        self.rules = NimRules(tuple(initial))
        self.piles = list(initial)
        self.player = 0
        self.winner: int | None = None

    @classmethod
    def available_actions(cls, piles: list[int]) -> set[Action]:
        """Every `(i, j)`: take j objects from pile i."""
        return set(NimRules(tuple(piles)).legal_moves(NimState(tuple(piles), 0)))

    @classmethod
    def other_player(cls, player: int) -> int:
        return 0 if player == 1 else 1

    def switch_player(self) -> None:
        self.player = Nim.other_player(self.player)

    def move(self, action: Action) -> None:
        """Make the move for the current player; raises (IllegalMove) on an invalid one.
        Its reason counts piles from 1, as people do, though `action` indexes them from 0."""
        if self.winner is not None:
            raise Exception("Game already won")
        state = self.rules.result(NimState(tuple(self.piles), self.player), action)
        self.piles = list(state.piles)
        self.player = state.player
        self.winner = self.rules.winner(state)


class NimAI:
    def __init__(self, alpha: float = 0.5, epsilon: float = 0.1) -> None:
        self.q: dict[tuple[tuple[int, ...], tuple[int, ...]], float] = dict()
        self.alpha = alpha
        self.epsilon = epsilon

    def update(self, old_state: list[int], action: Action, new_state: list[int],
               reward: float) -> None:
        old = self.get_q_value(old_state, action)
        best_future = self.best_future_reward(new_state)
        self.update_q_value(old_state, action, old, reward, best_future)

    def get_q_value(self, state: list[int], action: Action) -> float:
        return self.q.get((tuple(state), tuple(action)), 0)

    def update_q_value(self, state: list[int], action: Action, old_q: float, reward: float,
                       future_rewards: float) -> None:
        self.q[(tuple(state), tuple(action))] = (
            old_q + self.alpha * ((reward + future_rewards) - old_q))

    def best_future_reward(self, state: list[int]) -> float:
        actions = Nim.available_actions(state)
        if not actions:
            return 0
        return max(self.get_q_value(state, action) for action in actions)

    def choose_action(self, state: list[int], epsilon: bool = True) -> Action:
        actions = list(Nim.available_actions(state))
        if epsilon and random.random() < self.epsilon:
            return random.choice(actions)
        best = max(self.get_q_value(state, action) for action in actions)
        return random.choice([a for a in actions if self.get_q_value(state, a) == best])


def train(n: int) -> NimAI:
    """Train an AI by playing `n` games against itself."""
    player = NimAI()
    for i in range(n):
        print(f"Playing training game {i + 1}")
        play_training_game(player)
    print("Done training")
    return player


def play_training_game(player: NimAI, initial: list[int] | None = None) -> None:
    """One of `train`'s games, the handout's loop as it is, on `initial` piles (the
    handout's 1, 3, 5, 7 if None): `nimgame train nim --cs50` plays these too."""
    game = Nim() if initial is None else Nim(initial)
    last: dict[int, dict[str, Any]] = {0: {"state": None, "action": None},
                                       1: {"state": None, "action": None}}
    while True:
        state = game.piles.copy()
        action = player.choose_action(game.piles)
        last[game.player]["state"] = state
        last[game.player]["action"] = action
        game.move(action)
        new_state = game.piles.copy()
        if game.winner is not None:
            player.update(state, action, new_state, -1)
            player.update(last[game.player]["state"], last[game.player]["action"],
                          new_state, 1)
            break
        if last[game.player]["state"] is not None:
            player.update(last[game.player]["state"], last[game.player]["action"],
                          new_state, 0)


class NimAIPlayer(Player):
    """A `NimAI` behind the suite's Player interface (greedy)."""

    label = "CS50 NimAI"

    def __init__(self, game: NimRules, ai: NimAI) -> None:
        super().__init__(game)
        self.ai = ai

    def choose_move(self, state: NimState) -> Action:
        pile, count = self.ai.choose_action(list(state.piles), epsilon=False)
        return (pile, count)


def play(ai: NimAI | Player, human_player: int | None = None) -> None:
    """Play against `ai` in the terminal, as the handout's play.py does."""
    from ..textplay import play_nim

    rules = NimRules()
    opponent = ai if isinstance(ai, Player) else NimAIPlayer(rules, ai)
    play_nim(rules, opponent, human_player=human_player, cs50=True)
