"""KUET NimX's rounds and the genetic algorithm's selection step.

Easy: 3 games against IDA*. Hard: 6 games alternating minimax and alpha-beta (the boards
and rounds are Nim's: `games.nim.kuet`). Each strategy's results form a chromosome, its
"win array" ([1, 0, 1]: 1 = NimX won); fitness is wins / games; selection keeps the
fittest (the first listed among equals).
"""

from __future__ import annotations

from dataclasses import dataclass

from .games.nim.kuet import EASY, HARD, KUET_CAP, kuet_game, random_board

__all__ = ["EASY", "HARD", "KUET_CAP", "Selected", "fitness", "kuet_game", "random_board",
           "selection"]


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
