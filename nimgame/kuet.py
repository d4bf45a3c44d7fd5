"""KUET NimX's rounds and the genetic algorithm's selection step.

Easy: 3 games against IDA*. Hard: 6 games alternating minimax and alpha-beta (the boards
and rounds are Nim's: `games.nim.kuet`). Each strategy's results form a chromosome, its
"win array" ([1, 0, 1]: 1 = NimX won); fitness is wins / games; selection keeps the
fittest (the first listed among equals), as `ranking` ranks, and says how it chose.
"""

from __future__ import annotations

from dataclasses import dataclass

from .games.nim.kuet import EASY, HARD, KUET_CAP, kuet_game, random_board
from .ranking import Record, rank

__all__ = ["EASY", "HARD", "KUET_CAP", "Selected", "fitness", "kuet_game", "random_board",
           "selection"]


def fitness(chromosome: list[int]) -> float:
    return sum(chromosome) / len(chromosome) if chromosome else 0.0


@dataclass
class Selected:
    algorithm: str
    chromosome: list[int]
    fitness: float
    #: How it was chosen, in words: alone on top, or how a tie was broken.
    how: str


def selection(population: dict[str, list[int]]) -> Selected:
    """The fittest strategy; ties go to the one listed first (a stable sort, as KUET's)."""
    if not population:
        raise ValueError("selection needs at least one strategy")
    ranking = rank([Record(name, sum(chromosome), 0, len(chromosome) - sum(chromosome))
                    for name, chromosome in population.items()])
    name = ranking.first.name
    return Selected(name, list(population[name]), fitness(population[name]), ranking.how)
