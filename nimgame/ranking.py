"""Who comes first among players that played the same opponent, and why.

First, the result the game gives, per game played: a win is worth 1 point, a draw ½, a loss
0 (KUET's fitness, wins / games, where a game cannot be drawn). Among equals, the fewer
losses a game (the one that drew more: it won less). Among those, the first listed.
`Ranking.how` says in words which of these decided, for the screens and the command line.
Exact arithmetic (fractions): 1 of 3 and 2 of 6 are level, not nearly so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

__all__ = ["Ranking", "Record", "points_text", "rank"]


@dataclass(frozen=True)
class Record:
    """One player's games against the opponent."""

    name: str
    wins: int
    draws: int
    losses: int

    def __post_init__(self) -> None:
        for field in ("wins", "draws", "losses"):
            if getattr(self, field) < 0:
                raise ValueError(f"{field} cannot be negative, not {getattr(self, field)}")

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> Fraction:
        """A win 1, a draw ½, a loss 0."""
        return self.wins + Fraction(self.draws, 2)

    @property
    def fitness(self) -> Fraction:
        """Points a game, 0 to 1 (0 if it played none)."""
        return self.points / self.games if self.games else Fraction(0)

    @property
    def loss_share(self) -> Fraction:
        """Losses a game (1 if it played none: nothing won counts as all lost)."""
        return Fraction(self.losses, self.games) if self.games else Fraction(1)


@dataclass(frozen=True)
class Ranking:
    """The records best first, and the sentence that says how the first was chosen."""

    order: tuple[Record, ...]
    how: str

    @property
    def first(self) -> Record:
        return self.order[0]


def points_text(points: Fraction) -> str:
    """3 → "3", 7/2 → "3½", 1/2 → "½"."""
    whole, half = divmod(points * 2, 2)
    return (str(int(whole)) if whole or not half else "") + ("½" if half else "")


def rank(records: Sequence[Record]) -> Ranking:
    """`records` best first (a stable sort: equals stay in the order listed), and how."""
    if not records:
        raise ValueError("a ranking needs at least one player")
    order = tuple(sorted(records, key=lambda r: (-r.fitness, r.loss_share)))
    return Ranking(order, _how(order))


def _of(record: Record) -> str:
    return f"{points_text(record.points)} of {record.games}"


def _losses(record: Record) -> str:
    return f"{record.losses} loss" + ("" if record.losses == 1 else "es")


def _names(records: list[Record]) -> str:
    """Up to three names; beyond, two and how many others (a sentence a screen can hold)."""
    if len(records) <= 3:
        return ", ".join(r.name for r in records)
    return f"{records[0].name}, {records[1].name} and {len(records) - 2} others"


def _how(order: tuple[Record, ...]) -> str:
    first, *rest = order
    if not rest:
        return f"{first.name}: the only contender, {_of(first)} points"
    on_points = [r for r in rest if r.fitness == first.fitness]
    if not on_points:
        return f"{first.name}: the most points a game, {_of(first)}; next {rest[0].name}, " \
               f"{_of(rest[0])}"
    level = [r for r in on_points if r.loss_share == first.loss_share]
    if level:
        return f"tie on {_of(first)} points and {_losses(first)} with {_names(level)}: " \
               "kept the first listed"
    runner = on_points[0]
    return f"tie on {_of(first)} points with {_names(on_points)}: fewer losses decided " \
           f"({first.losses} of {first.games} against {runner.losses} of {runner.games})"
