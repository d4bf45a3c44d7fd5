"""A player that picks uniformly among the legal moves: the baseline every AI must beat."""

from __future__ import annotations

import random

from ..games.base import AnyGame, Move, State
from .base import Player


class RandomPlayer(Player):
    label = "Random"

    def __init__(self, game: AnyGame, seed: int | None = None) -> None:
        super().__init__(game)
        self.rng = random.Random(seed)

    def choose_move(self, state: State) -> Move:
        return self.game.random_move(state, self.rng)
