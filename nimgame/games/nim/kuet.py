"""KUET NimX's boards and rounds, as the report plays them: normal play, at most 3 per
move, 2 to 3 piles of 1 to 6 stones drawn at random; Easy is 3 games against IDA*, Hard 6
alternating minimax and alpha-beta (each a label and a player kind's registry name).
The genetic algorithm's selection over their results is `nimgame.kuet`."""

from __future__ import annotations

import random

from .rules import Nim

KUET_CAP = 3
EASY = (("IDA*", "easy"),) * 3
HARD = (("Minimax", "minimax"), ("Alpha-Beta", "alphabeta")) * 3


def random_board(rng: random.Random) -> tuple[int, ...]:
    """2 to 3 piles of 1 to 6 stones, as KUET's get_board draws them."""
    return tuple(rng.randint(1, 6) for _ in range(rng.randint(2, 3)))


def kuet_game(rng: random.Random) -> Nim:
    return Nim(random_board(rng), misere=False, max_take=KUET_CAP)
