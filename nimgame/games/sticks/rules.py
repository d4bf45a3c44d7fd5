"""The Game of Sticks: one heap, take 1 to 3, whoever takes the last stick loses."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from ...safetext import escape
from ..base import Game, IllegalMove, check_int
from ..heaps import Heaps

#: The largest heap: perfect play is O(1) on any heap, but a bigger one cannot be stored.
MAX_STICKS = 10**100


class SticksState(NamedTuple):
    sticks: int
    player: int = 0


class Sticks(Game[SticksState, int]):
    """A heap of `sticks`; a move (an int) takes 1..max_take; taking the last one loses.

    1 to MAX_STICKS sticks; max_take from 1 up (a cap above the heap is no cap).
    """

    name = "sticks"
    title = "Game of Sticks"

    def __init__(self, sticks: int = 20, max_take: int = 3) -> None:
        check_int(sticks, "sticks", 1, MAX_STICKS)
        check_int(max_take, "max_take", 1, MAX_STICKS)
        self.sticks = sticks
        self.max_take = max_take

    def rules(self) -> dict[str, Any]:
        return {"sticks": self.sticks, "max_take": self.max_take}

    def describe_rules(self) -> str:
        return (f"Game of Sticks: {self.sticks} sticks, take 1 to {self.max_take}; "
                "whoever takes the last stick loses")

    def position_bound(self) -> int:
        return 2 * (self.sticks + 1)

    def move_bound(self) -> int:
        return min(self.max_take, self.sticks)

    def shortest_game(self) -> int:
        return -(-self.sticks // self.max_take)

    def exploring_start(self, rng: random.Random) -> SticksState:
        """Any heap from 1 to the start, each as likely: every heap is reachable (take one
        at a time), and the player to move does not matter (the game is impartial)."""
        return SticksState(rng.randint(1, self.sticks), 0) if self.sticks else \
            self.initial_state()

    def exploring_starts(self, limit: int) -> list[SticksState] | None:
        """Every heap `exploring_start` draws, once each (they are equally likely)."""
        if not self.sticks or self.sticks > limit:
            return None
        return [SticksState(sticks, 0) for sticks in range(1, self.sticks + 1)]

    def short_rules(self) -> str:
        return f"{self.sticks} sticks, take 1–{self.max_take}"

    def initial_state(self) -> SticksState:
        return SticksState(self.sticks, 0)

    def to_move(self, state: SticksState) -> int:
        return state.player

    def legal_moves(self, state: SticksState) -> list[int]:
        return list(range(1, min(self.max_take, state.sticks) + 1))

    def random_move(self, state: SticksState, rng: random.Random) -> int:
        # The same draw as rng.choice(legal_moves), without listing them.
        if state.sticks == 0:
            raise ValueError("the game is over: there is no move to choose")
        return rng.randrange(min(self.max_take, state.sticks)) + 1

    def result(self, state: SticksState, move: int) -> SticksState:
        if isinstance(move, bool) or not isinstance(move, int):
            raise IllegalMove(f"a move is a number of sticks, not {move!r}")
        if not 1 <= move <= self.max_take:
            raise IllegalMove(f"you must take between 1 and {self.max_take} sticks, not {move}")
        if move > state.sticks:
            left = state.sticks
            raise IllegalMove(f"there {'is' if left == 1 else 'are'} only {left} "
                              f"stick{'s' * (left != 1)} left")
        return SticksState(state.sticks - move, 1 - state.player)

    def last_move_words(self, state: SticksState) -> str:
        return "took the last stick — whoever takes it loses" if self.is_over(state) else ""

    def take_from(self, state: SticksState, stick: int) -> int:
        """The move that takes stick `stick` (0 = the first) and every stick after it: what
        pointing at a stick means. It may take more than allowed (see `why_illegal`)."""
        return state.sticks - stick

    def is_over(self, state: SticksState) -> bool:
        return state.sticks == 0

    def winner(self, state: SticksState) -> int | None:
        # The one who took the last stick moved just before: the player to move wins.
        return state.player if state.sticks == 0 else None

    def describe_move(self, state: SticksState, move: int) -> str:
        return f"take {move} stick{'s' * (move != 1)}"

    def canonical(self, state: SticksState) -> SticksState:
        return SticksState(state.sticks, 0)

    def state_from_data(self, data: object) -> SticksState:
        """A position read from a file: (sticks, player), whole numbers in range."""
        if not isinstance(data, (tuple, list)) or len(data) != 2:
            raise ValueError(f"{escape(data, 60)} is not a position (sticks, player)")
        sticks, player = data
        check_int(sticks, "sticks left", 0, self.sticks)
        check_int(player, "the player to move", 0, 1)
        return SticksState(sticks, player)

    def objects_left(self, state: SticksState) -> int:
        return state.sticks

    def heaps(self) -> Heaps[SticksState, int]:
        """One heap; taking the last stick loses (misère play)."""
        return Heaps(self.max_take, True, _heap, _take)


def _heap(state: SticksState) -> tuple[int, ...]:
    return (state.sticks,)


def _take(heap: int, count: int) -> int:
    return count
