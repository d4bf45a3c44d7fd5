"""Take-away games seen as heaps, and the theory that plays them perfectly.

Nim's piles and the Game of Sticks' one heap are the same kind of game: a move takes 1 to
`cap` objects (any number, without a cap) from one heap; in normal play taking the last
object wins, in misère play it loses. A game of that kind says so with `Game.heaps()`,
and every algorithm that knows the theory (the perfect player, IDA*, the hints) works
through this view instead of naming a game:

- Normal play: move to nim-sum 0 (the XOR of the heaps' Grundy values).
- Misère: the same, except when every value is 0 or 1: leave an odd number of 1s.
- A cap of k per move: a heap of n counts as n mod (k+1) (its Grundy value), and under
  misère the misère rule applies to those values. (These heaps are tame in Conway's
  sense; the tests check the rule against brute force on every position they try.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import reduce
from operator import xor
from typing import Any, Generic, TypeVar

S = TypeVar("S")
M = TypeVar("M")


def nim_sum(values: Iterable[int]) -> int:
    """The XOR of `values`."""
    return reduce(xor, values, 0)


@dataclass(frozen=True)
class Heaps(Generic[S, M]):
    """A take-away game's positions as heaps: `sizes(state)` the heaps in a fixed order,
    `move(heap, count)` the game's move taking `count` from heap `heap` (0-based)."""

    cap: int | None
    misere: bool
    sizes: Callable[[S], tuple[int, ...]]
    move: Callable[[int, int], M]

    def largest_take(self, size: int) -> int:
        return size if self.cap is None else min(size, self.cap)

    def grundy_values(self, sizes: tuple[int, ...]) -> tuple[int, ...]:
        """Each heap's Grundy value: its size, or its size mod (cap + 1) under a cap."""
        k = self.cap
        return sizes if k is None else tuple(p % (k + 1) for p in sizes)

    def mover_wins(self, sizes: tuple[int, ...]) -> bool:
        """Whether the player to move on heaps of `sizes` wins with best play."""
        values = self.grundy_values(sizes)
        if self.misere and max(values, default=0) <= 1:
            return sum(values) % 2 == 0
        return nim_sum(values) != 0

    def outcome(self, state: S) -> int:
        """+1 if the player to move in `state` wins with best play, -1 if they lose."""
        return 1 if self.mover_wins(self.sizes(state)) else -1

    def winning_moves(self, state: S) -> list[M]:
        """Every legal move after which the opponent loses (empty in a losing position).

        Found without listing the legal moves, so it costs O(heaps) on any board: for each
        heap there is exactly one value it may be left with that loses for the opponent
        (see `_target`), and at most one legal move leaves it that value (`_take`).
        """
        sizes = self.sizes(state)
        values = self.grundy_values(sizes)
        total, big, ones = nim_sum(values), sum(v > 1 for v in values), values.count(1)
        moves: list[M] = []
        for i, (size, value) in enumerate(zip(sizes, values, strict=True)):
            target = self._target(total ^ value, big - (value > 1), ones - (value == 1))
            count = self._take(size, value, target)
            if count is not None:
                moves.append(self.move(i, count))
        return moves

    def longest_move(self, state: S) -> M:
        """In a lost position, the move that makes the game last longest: one from the
        largest heap. ValueError when every heap is empty."""
        sizes = self.sizes(state)
        if not any(sizes):
            raise ValueError("the game is over: there is no move to choose")
        return self.move(max(range(len(sizes)), key=sizes.__getitem__), 1)

    def lazy_moves(self, state: S) -> Iterator[M]:
        """The legal moves in heap order, made one at a time (a big board has many)."""
        return (self.move(i, count) for i, size in enumerate(self.sizes(state))
                for count in range(1, self.largest_take(size) + 1))

    def objects_left(self, state: S) -> int:
        return sum(self.sizes(state))

    def _target(self, rest_sum: int, rest_big: int, rest_ones: int) -> int:
        """The value one heap must be left with so that the player to move next loses,
        given the nim-sum of the other heaps' values, how many of them are above 1, and
        how many are exactly 1.

        Under misère with every other value 0 or 1, the misère rule decides if this heap
        is left at 0 or 1: leave an odd number of 1s in all. (Leaving it above 1 cannot
        work there: the normal rule would need it equal to the others' nim-sum, which is at
        most 1.) Otherwise the normal rule decides: the nim-sum must become 0.
        """
        if self.misere and rest_big == 0:
            return 1 - rest_ones % 2
        return rest_sum

    def _take(self, size: int, value: int, target: int) -> int | None:
        """How many to take from a heap of `size` (Grundy value `value`) to leave it with
        Grundy value `target`, or None if no single move does.

        Uncapped, a heap can be left with any smaller size. With a cap of k, taking c
        (1 <= c <= k) changes the value by -c mod (k+1): every value but its own is
        reachable, except that values above its own need a heap of more than k objects.
        """
        k = self.cap
        if k is None:
            return size - target if target < size else None
        if target > k or target == value or (target > value and size <= k):
            return None
        return (value - target) % (k + 1)


AnyHeaps = Heaps[Any, Any]
