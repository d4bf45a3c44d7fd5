"""KUET's Easy opponent: IDA* toward the empty board, as the NimX report describes.

It searches for the shortest sequence of moves that empties the board, with the number
of objects left as its heuristic, and plays the first move of the path it finds. Reaching
the empty board says nothing about who wins, so it is deliberately beatable.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..games.base import AnyGame, Move, State
from ..games.heaps import Heaps
from .base import Player

MAX_OBJECTS = 10_000


class IdaStarPlayer(Player):
    label = "Easy (IDA*)"

    def __init__(self, game: AnyGame) -> None:
        super().__init__(game)
        heaps = game.heaps()
        if heaps is None:  # check_game refused it already; this says so to the type checker
            raise ValueError(self.refusal(game))
        self.heaps: Heaps[Any, Any] = heaps

    @classmethod
    def supports(cls, game: AnyGame) -> bool:
        # It searches games of objects taken away (`Game.heaps`). A path can be as long as
        # the board has objects (taking one at a time), so a board of a googol would never
        # finish; 10,000 is searched in well under a second.
        heaps = game.heaps()
        return heaps is not None and heaps.objects_left(game.initial_state()) <= MAX_OBJECTS

    @classmethod
    def refusal(cls, game: AnyGame, label: str = "") -> str:
        if game.heaps() is None:
            return super().refusal(game, label)
        return (f"{label or cls.label} searches toward the empty board one object at a time: it "
                f"plays boards of at most {MAX_OBJECTS:,} objects")

    def heuristic(self, state: State) -> int:
        """Objects left: every move takes at least one, so it never overestimates."""
        return self.heaps.objects_left(state)

    def choose_move(self, state: State) -> Move:
        self._moves(state)
        threshold = self.heuristic(state)
        while True:
            found, path = self._search(state, threshold)
            if found:
                return path[0]
            threshold = path  # the smallest f that went over the threshold

    def _lazy_moves(self, state: State) -> Iterator[Move]:
        """Legal moves in the game's order, made one at a time: the search usually needs
        only the first, and a big board has thousands."""
        return self.heaps.lazy_moves(state)

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
