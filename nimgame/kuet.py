"""KUET NimX's rounds and the genetic algorithm's selection step.

Easy: 3 games against IDA*. Hard: 6 games alternating minimax and alpha-beta. Each
strategy's results form a chromosome, its "win array" ([1, 0, 1]: 1 = NimX won); fitness
is wins / games; selection keeps the fittest (the first listed among equals).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .games import Nim

KUET_CAP = 3
EASY = (("IDA*", "easy"),) * 3
HARD = (("Minimax", "minimax"), ("Alpha-Beta", "alphabeta")) * 3


def random_board(rng: random.Random) -> tuple[int, ...]:
    """2 to 3 piles of 1 to 6 stones, as KUET's get_board draws them."""
    return tuple(rng.randint(1, 6) for _ in range(rng.randint(2, 3)))


def kuet_game(rng: random.Random) -> Nim:
    return Nim(random_board(rng), misere=False, max_take=KUET_CAP)


def fitness(chromosome: list[int]) -> float:
    return sum(chromosome) / len(chromosome) if chromosome else 0.0


@dataclass
class Selected:
    algorithm: str
    chromosome: list[int]
    fitness: float


def selection(population: dict[str, list[int]]) -> Selected:
    """The fittest strategy; ties go to the one listed first (a stable sort, as KUET's)."""
    if not population:
        raise ValueError("selection needs at least one strategy")
    ranked = sorted(population.items(), key=lambda item: fitness(item[1]), reverse=True)
    name, chromosome = ranked[0]
    return Selected(name, list(chromosome), fitness(chromosome))
