"""Nim and Sticks played by the theory instead of by search.

- Normal play: move to nim-sum 0 (the XOR of the pile sizes).
- Misère: the same, except when every pile is 0 or 1: leave an odd number of 1-piles.
- A cap of k per move: a pile of n counts as n mod (k+1) (its Grundy value), and under
  misère the misère rule applies to those values: when every value is 0 or 1, leave an
  odd number of 1s. (These heaps are tame in Conway's sense; the tests check the rule
  against brute force on every position of the boards they try.)
"""

from __future__ import annotations

from functools import reduce
from operator import xor

from ..games.base import Game
from ..games.nim import Nim, NimState
from ..games.sticks import Sticks, SticksState
from .base import Player


def nim_sum(piles) -> int:
    return reduce(xor, piles, 0)


class PerfectPlayer(Player):
    label = "Perfect"

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        if isinstance(game, Sticks):
            self.misere, self.cap = True, game.max_take
        else:
            self.misere, self.cap = game.misere, game.max_take

    @classmethod
    def supports(cls, game: Game) -> bool:
        return isinstance(game, (Nim, Sticks))

    # -- the theory -------------------------------------------------------------------
    def _piles(self, state: NimState | SticksState) -> tuple[int, ...]:
        return (state.sticks,) if isinstance(state, SticksState) else state.piles

    def mover_wins(self, piles: tuple[int, ...]) -> bool:
        """Whether the player to move on `piles` wins with best play."""
        k = self.cap
        values = piles if k is None else [p % (k + 1) for p in piles]
        if self.misere and max(values, default=0) <= 1:
            return sum(values) % 2 == 0
        return nim_sum(values) != 0

    def outcome(self, state) -> int:
        """+1 if the player to move wins with best play, -1 if they lose (no draws here)."""
        return 1 if self.mover_wins(self._piles(state)) else -1

    # -- moves --------------------------------------------------------------------------
    def winning_moves(self, state) -> list:
        """Every legal move after which the opponent loses (empty in a losing position)."""
        game = self.game
        return [move for move in game.legal_moves(state)
                if not self.mover_wins(self._piles(game.result(state, move)))]

    def choose_move(self, state):
        moves = self._moves(state)
        move = self._formula_move(state) if self.cap is None else None
        if move is None and self.cap is not None:
            # At most piles x cap moves: checking each against the rule is cheap.
            winning = self.winning_moves(state)
            move = winning[0] if winning else None
        if move is None:  # a lost position: take one from the largest pile, to last longest
            piles = self._piles(state)
            largest = max(range(len(piles)), key=piles.__getitem__)
            move = 1 if isinstance(state, SticksState) else (largest, 1)
        assert move in moves or isinstance(state, SticksState)
        return move

    def _formula_move(self, state: NimState) -> tuple[int, int] | None:
        """Uncapped Nim: the winning move straight from the nim-sum, or None if lost."""
        piles = state.piles
        if self.misere:
            big = [i for i, p in enumerate(piles) if p > 1]
            ones = sum(1 for p in piles if p == 1)
            if not big:  # only 1-piles: take one if that leaves an odd number of them
                return (piles.index(1), 1) if ones % 2 == 0 and ones else None
            if len(big) == 1:  # shrink the big pile to 0 or 1 so an odd number of 1s remain
                i = big[0]
                keep = 1 if ones % 2 == 0 else 0
                return (i, piles[i] - keep)
        total = nim_sum(piles)
        if total == 0:
            return None
        for i, p in enumerate(piles):
            if p ^ total < p:
                return (i, p - (p ^ total))
        return None  # unreachable: some pile has the top bit of a non-zero nim-sum
