"""KUET's Easy opponent: IDA* toward the empty board, as the NimX report describes.

It searches for the shortest sequence of moves that empties the board, with the number
of objects left as its heuristic, and plays the first move of the path it finds. Reaching
the empty board says nothing about who wins, so it is deliberately beatable.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..games.base import AnyGame, Move, State
from ..games.nim import Nim, NimState
from ..games.sticks import Sticks, SticksState
from .base import Player

MAX_OBJECTS = 10_000


class IdaStarPlayer(Player):
    label = "Easy (IDA*)"

    @classmethod
    def supports(cls, game: AnyGame) -> bool:
        # A path can be as long as the board has objects (taking one at a time), so a
        # board of a googol would never finish; 10,000 is searched in well under a second.
        if isinstance(game, Nim):
            return game.objects_left(game.initial_state()) <= MAX_OBJECTS
        if isinstance(game, Sticks):
            return game.objects_left(game.initial_state()) <= MAX_OBJECTS
        return False

    @classmethod
    def refusal(cls, game: AnyGame, label: str = "") -> str:
        if not isinstance(game, (Nim, Sticks)):
            return super().refusal(game, label)
        return (f"{label or cls.label} searches toward the empty board one object at a time: it "
                f"plays boards of at most {MAX_OBJECTS:,} objects")

    def heuristic(self, state: NimState | SticksState) -> int:
        """Objects left: every move takes at least one, so it never overestimates."""
        game = self.game
        if isinstance(state, NimState) and isinstance(game, Nim):
            return game.objects_left(state)
        if isinstance(state, SticksState) and isinstance(game, Sticks):
            return game.objects_left(state)
        raise ValueError(self.refusal(game))

    def choose_move(self, state: State) -> Move:
        self._moves(state)
        threshold = self.heuristic(state)
        while True:
            found, path = self._search(state, threshold)
            if found:
                return path[0]
            threshold = path  # the smallest f that went over the threshold

    def _lazy_moves(self, state: NimState | SticksState) -> Iterator[Move]:
        """Legal moves in the game's order, made one at a time: the search usually needs
        only the first, and a big board has thousands."""
        game = self.game
        if isinstance(state, SticksState) and isinstance(game, Sticks):
            return iter(range(1, min(game.max_take, state.sticks) + 1))
        if isinstance(state, NimState) and isinstance(game, Nim):
            return ((i, count) for i, size in enumerate(state.piles)
                    for count in range(1, game.largest_take(size) + 1))
        raise ValueError(self.refusal(game))

    def _search(self, root: State, threshold: int) -> tuple[bool, Any]:
        """Depth-first search bounded by f = g + h <= threshold, with an explicit stack
        (a path can be as long as the board has objects).

        Returns (True, path) when it reaches the empty board, else (False, next threshold).
        """
        game = self.game
        path: list[Move] = []
        stack = [(root, self._lazy_moves(root))]
        smallest = float("inf")
        while stack:
            state, moves = stack[-1]
            move = next(moves, None)
            if move is None:
                stack.pop()
                if path:
                    path.pop()
                continue
            child = game.result(state, move)
            f = len(path) + 1 + self.heuristic(child)
            if f > threshold:
                smallest = min(smallest, f)
                continue
            path.append(move)
            if game.is_over(child):
                return True, path
            stack.append((child, self._lazy_moves(child)))
        return False, smallest
