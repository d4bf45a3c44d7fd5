"""Nim and Sticks played by the theory instead of by search.

- Normal play: move to nim-sum 0 (the XOR of the pile sizes).
- Misère: the same, except when every pile is 0 or 1: leave an odd number of 1-piles.
- A cap of k per move: a pile of n counts as n mod (k+1) (its Grundy value), and under
  misère the misère rule applies to those values: when every value is 0 or 1, leave an
  odd number of 1s. (These heaps are tame in Conway's sense; the tests check the rule
  against brute force on every position of the boards they try.)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce
from operator import xor

from ..games.base import AnyGame, Move, State
from ..games.nim import Nim, NimState
from ..games.sticks import Sticks, SticksState
from .base import Player


def nim_sum(piles: Iterable[int]) -> int:
    return reduce(xor, piles, 0)


class PerfectPlayer(Player):
    label = "Perfect"

    def __init__(self, game: AnyGame) -> None:
        super().__init__(game)
        self.misere: bool
        self.cap: int | None
        if isinstance(game, Sticks):
            self.misere, self.cap = True, game.max_take
        elif isinstance(game, Nim):
            self.misere, self.cap = game.misere, game.max_take
        else:  # check_game refused it already; this says so to the type checker
            raise ValueError(self.refusal(game))

    @classmethod
    def supports(cls, game: AnyGame) -> bool:
        return isinstance(game, (Nim, Sticks))

    # -- the theory -------------------------------------------------------------------
    def _piles(self, state: NimState | SticksState) -> tuple[int, ...]:
        return (state.sticks,) if isinstance(state, SticksState) else state.piles

    def mover_wins(self, piles: tuple[int, ...]) -> bool:
        """Whether the player to move on `piles` wins with best play."""
        values = self.grundy_values(piles)
        if self.misere and max(values, default=0) <= 1:
            return sum(values) % 2 == 0
        return nim_sum(values) != 0

    def outcome(self, state: NimState | SticksState) -> int:
        """+1 if the player to move wins with best play, -1 if they lose (no draws here)."""
        return 1 if self.mover_wins(self._piles(state)) else -1

    # -- moves --------------------------------------------------------------------------
    def winning_moves(self, state: NimState | SticksState) -> list[Move]:
        """Every legal move after which the opponent loses (empty in a losing position).

        Found without listing the legal moves, so it costs O(piles) on any board: for each
        pile there is exactly one value it may be left with that loses for the opponent
        (see `_target`), and at most one legal move leaves it that value (`_take`).
        """
        piles = self._piles(state)
        values = self.grundy_values(piles)
        total, big, ones = nim_sum(values), sum(v > 1 for v in values), values.count(1)
        moves: list[Move] = []
        for i, (size, value) in enumerate(zip(piles, values, strict=True)):
            target = self._target(total ^ value, big - (value > 1), ones - (value == 1))
            count = self._take(size, value, target)
            if count is not None:
                moves.append(count if isinstance(state, SticksState) else (i, count))
        return moves

    def choose_move(self, state: State) -> Move:
        if self.game.is_over(state):
            raise ValueError("the game is over: there is no move to choose")
        winning = self.winning_moves(state)
        if winning:
            return winning[0]
        # A lost position: take one from the largest pile, to make the game last longest.
        piles = self._piles(state)
        largest = max(range(len(piles)), key=piles.__getitem__)
        return 1 if isinstance(state, SticksState) else (largest, 1)

    def grundy_values(self, piles: tuple[int, ...]) -> tuple[int, ...]:
        """Each pile's Grundy value: its size, or its size mod (cap + 1) under a cap."""
        k = self.cap
        return piles if k is None else tuple(p % (k + 1) for p in piles)

    def _target(self, rest_sum: int, rest_big: int, rest_ones: int) -> int:
        """The value one pile must be left with so that the player to move next loses,
        given the nim-sum of the other piles' values, how many of them are above 1, and how
        many are exactly 1.

        Under misère with every other value 0 or 1, the misère rule decides if this pile
        is left at 0 or 1: leave an odd number of 1s in all. (Leaving it above 1 cannot
        work there: the normal rule would need it equal to the others' nim-sum, which is at
        most 1.) Otherwise the normal rule decides: the nim-sum must become 0.
        """
        if self.misere and rest_big == 0:
            return 1 - rest_ones % 2
        return rest_sum

    def _take(self, size: int, value: int, target: int) -> int | None:
        """How many to take from a pile of `size` (Grundy value `value`) to leave it with
        Grundy value `target`, or None if no single move does.

        Uncapped, a pile can be left with any smaller size. With a cap of k, taking c
        (1 <= c <= k) changes the value by -c mod (k+1): every value but its own is
        reachable, except that values above its own need a pile of more than k objects.
        """
        k = self.cap
        if k is None:
            return size - target if target < size else None
        if target > k or target == value or (target > value and size <= k):
            return None
        return (value - target) % (k + 1)
