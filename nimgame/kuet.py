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

__all__ = ["EASY", "HARD", "KUET_CAP", "Selected", "first_player_wins", "fitness",
           "kuet_game", "person_score", "random_board", "score_text", "selection",
           "why_nimx_loses"]


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


def person_score(population: dict[str, list[int]]) -> tuple[int, int]:
    """The person's own score over the rounds: (games won, games played). Nim has no
    draws, so every game NimX lost (a 0 in its win arrays) the person won."""
    games = sum(len(chromosome) for chromosome in population.values())
    return games - sum(sum(chromosome) for chromosome in population.values()), games


def score_text(population: dict[str, list[int]]) -> str:
    """The person's score in words, as the window's results and the console game end."""
    won, games = person_score(population)
    return f"Your score: {won} of {games} game{'s' * (games != 1)} won (NimX won {games - won})"


def first_player_wins(piles: tuple[int, ...] | list[int], cap: int = KUET_CAP) -> bool:
    """Whether the player to move first can force a win on a KUET board (normal play, at
    most `cap` a move): each pile is worth its size mod cap + 1 (its Grundy value), and the
    first player wins exactly when the nim-sum of those is not 0."""
    nim_sum = 0
    for pile in piles:
        nim_sum ^= pile % (cap + 1)
    return nim_sum != 0


def why_nimx_loses(boards: list[tuple[int, ...]], cap: int = KUET_CAP) -> str:
    """One plain sentence on why NimX loses, from the boards the rounds were played on (the
    person always moves first in KUET's rounds)."""
    count = len(boards)
    winning = sum(first_player_wins(board, cap) for board in boards)
    rule = (f"the nim-sum of the piles, each counted mod {cap + 1} as at most {cap} may be "
            "taken, was not 0")
    if count == 1:
        return ("You moved first in every game, and on the one board the first to move "
                + (f"can force a win ({rule}): there even a perfect search loses to perfect "
                   "play." if winning else
                   "cannot force a win (its nim-sum was 0): NimX wins it by playing well."))
    if winning == 0:
        return (f"You moved first in every game, and on none of the {count} boards could the "
                "first to move force a win (every nim-sum was 0): NimX wins them all by "
                "playing well.")
    return (f"You moved first in every game, and on {winning} of the {count} boards the "
            f"first to move can force a win ({rule}): there even a perfect search loses to "
            "perfect play.")
