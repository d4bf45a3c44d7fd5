"""Nim: take objects from one pile; misère (CS50) or normal play (KUET NimX), optional cap."""

from __future__ import annotations

import itertools
import math
import random
from typing import Any, NamedTuple

from ...plain import all_whole_within
from ...safetext import escape
from ..base import Game, IllegalMove, check_int
from ..heaps import Heaps

#: The largest board Nim builds: more piles could not be shown or typed, and bigger
#: piles could not be stored. Perfect play is O(piles) on any board this size.
MAX_PILES = 100
MAX_PILE = 10**100
MAX_DIGITS = 101  # of MAX_PILE


class NimState(NamedTuple):
    piles: tuple[int, ...]
    player: int = 0  # whose turn it is


def parse_piles(text: str) -> tuple[int, ...]:
    """Pile sizes typed by a person ("1, 3, 5, 7"); ValueError saying what is wrong.

    Only ASCII digits count (Python's int() would also take '²'-like digits of other
    scripts, and 'x'.isdigit() is True for some that int() refuses), at most MAX_PILES
    piles of at most 101 digits: anything longer is refused before it is read.
    """
    limit = MAX_PILES * (MAX_DIGITS + 2)
    if len(text) > limit:
        raise ValueError(f"that is too long for a board of at most {MAX_PILES} piles")
    parts = text.replace(" ", "").split(",")
    if parts[-1] == "":
        parts.pop()   # a comma at the end ends the list
    if len(parts) > 1 and "" in parts:   # "1,,3" is not 1,3: a pile was left out
        raise ValueError(f"pile {parts.index('') + 1} is empty: piles are whole numbers "
                         f"separated by commas, like 1,3,5,7, not '{escape(text, 40)}'")
    if not parts or not all(p.isascii() and p.isdigit() for p in parts):
        raise ValueError(f"piles are whole numbers separated by commas, like 1,3,5,7, "
                         f"not '{escape(text, 40)}'")
    if len(parts) > MAX_PILES:
        raise ValueError(f"a board has at most {MAX_PILES} piles, not {len(parts)}")
    for part in parts:
        if len(part.lstrip("0")) > MAX_DIGITS:
            raise ValueError(f"a pile holds at most 10**{MAX_DIGITS - 1} objects")
    return tuple(int(p) for p in parts)


#: Up to this many, `sorted_boards` counts exactly (in at most about this many steps).
COUNTED_EXACTLY = 1_000_000


def sorted_boards(piles: tuple[int, ...], exact: int = COUNTED_EXACTLY) -> int:
    """How many boards of sorted piles lie within `piles` (the k-th smallest pile at most
    the k-th smallest of `piles`): Nim's canonical positions, each reachable from the
    start, the finished board included. Exact where there are at most `exact`; beyond,
    an upper bound that is more than `exact` too, worked out at once on any board (piles of
    a googol included).

    Counted pile by pile, smallest first: the boards whose largest pile is v, for each v.
    Before that, a lower bound (the last m piles all at most the m-th largest, the others
    empty: C(b + m, m) boards) says whether the count can be at most `exact`; if so,
    every pile but the largest is small, and the count takes about `exact` steps at most.
    """
    board = sorted(piles)
    n = len(board)
    for m in range(1, n + 1):
        size = board[n - m]
        if size > exact or math.comb(size + m, m) > exact:
            return min(math.prod(p + 1 for p in board), math.comb(board[-1] + n, n))
    ways = [1]   # ways[v]: the boards so far whose largest pile is v
    for size in board:
        upto = list(itertools.accumulate(ways))   # ... whose largest is at most v
        ways = upto + [upto[-1]] * (size + 1 - len(upto))
    return sum(ways)


class Nim(Game[NimState, tuple[int, int]]):
    """Piles of objects; a move takes 1.. objects (at most `max_take`) from one pile.

    misere=True: whoever takes the last object loses. misere=False: whoever takes it wins.
    Moves are `(pile, count)` with piles counted from 0, as lists are; words for people
    (refusals, `describe_move`) count them from 1, as people do. At most MAX_PILES piles of
    at most MAX_PILE objects (all empty is a finished game).
    """

    name = "nim"
    title = "Nim"

    def __init__(
        self,
        piles: tuple[int, ...] | list[int] = (1, 3, 5, 7),
        misere: bool = True,
        max_take: int | None = None,
    ) -> None:
        if isinstance(piles, (str, bytes)):
            raise ValueError(
                f"piles must be a sequence of pile sizes, not {escape(repr(piles[:80]), 40)}")
        try:
            piles = tuple(itertools.islice(piles, MAX_PILES + 1))
        except TypeError:
            raise ValueError(
                f"piles must be a sequence of pile sizes, not {escape(piles, 40)}") from None
        if not 1 <= len(piles) <= MAX_PILES:
            raise ValueError(f"Nim needs 1 to {MAX_PILES} piles")
        for i, size in enumerate(piles):
            check_int(size, f"pile {i + 1}", 0, MAX_PILE)
        if max_take is not None:
            check_int(max_take, "max_take", 1, MAX_PILE)
        self.piles: tuple[int, ...] = piles
        self.misere = bool(misere)
        self.max_take = max_take

    def rules(self) -> dict[str, Any]:
        return {"piles": self.piles, "misere": self.misere, "max_take": self.max_take}

    def describe_rules(self) -> str:
        piles = ", ".join(map(str, self.piles))
        play = "misère: taking the last object loses" if self.misere else (
            "normal play: taking the last object wins")
        cap = f"; at most {self.max_take} per move" if self.max_take else ""
        return f"Nim ({piles}), {play}{cap}"

    def position_bound(self) -> int:
        bound = 2  # who is to move
        for size in self.piles:
            bound *= size + 1
        return bound

    def canonical_bound(self) -> int:
        """The canonical positions (piles sorted, the finished board included): exactly,
        up to COUNTED_EXACTLY; beyond, a bound above it (see `sorted_boards`)."""
        return sorted_boards(self.piles)

    def move_bound(self) -> int:
        return sum(self.largest_take(size) for size in self.piles)

    def shortest_game(self) -> int:
        most = self.max_take
        return sum(-(-size // (most or size)) for size in self.piles if size)

    def short_rules(self) -> str:
        cap = f", at most {self.max_take}" if self.max_take else ""
        return f"{', '.join(map(str, self.piles))}; {'misère' if self.misere else 'normal'}{cap}"

    def initial_state(self) -> NimState:
        return NimState(self.piles, 0)

    def parse_position(self, text: str) -> NimState:
        """A position of this board typed by a person ("1, 2, 0, 7"), with player 0 to move:
        as many piles as the board, each at most its size at the start, not all empty (a
        finished game has no move to look at). ValueError saying what to type."""
        start = self.piles
        try:
            piles = parse_piles(text)
        except ValueError:
            piles = ()
        if len(piles) != len(start) or any(p > most for p, most in zip(piles, start,
                                                                        strict=True)):
            raise ValueError(f"Type {len(start)} pile sizes separated by commas, each at "
                             f"most its size at the start ({', '.join(map(str, start))}).")
        if not any(piles):
            raise ValueError("The game is over on an empty board: there is no move to show.")
        return NimState(piles, 0)

    def to_move(self, state: NimState) -> int:
        return state.player

    def largest_take(self, pile_size: int) -> int:
        return pile_size if self.max_take is None else min(pile_size, self.max_take)

    def legal_moves(self, state: NimState) -> list[tuple[int, int]]:
        return [
            (i, count)
            for i, size in enumerate(state.piles)
            for count in range(1, self.largest_take(size) + 1)
        ]

    def random_move(self, state: NimState, rng: random.Random) -> tuple[int, int]:
        # The same draw as rng.choice(legal_moves) (both take rng._randbelow(len)), found
        # by walking the piles instead of listing up to 10**100 moves per pile.
        index = rng.randrange(sum(self.largest_take(size) for size in state.piles) or 1)
        for i, size in enumerate(state.piles):
            takes = self.largest_take(size)
            if index < takes:
                return (i, index + 1)
            index -= takes
        raise ValueError("the game is over: there is no move to choose")

    def result(self, state: NimState, move: tuple[int, int]) -> NimState:
        try:
            pile, count = move
        except (TypeError, ValueError):
            raise IllegalMove(f"a Nim move is (pile, count), not {move!r}") from None
        piles = state.piles
        if isinstance(pile, bool) or not isinstance(pile, int):
            raise IllegalMove(f"a pile is chosen by a whole number, not {escape(pile, 20)}")
        if not 0 <= pile < len(piles):
            raise IllegalMove(f"there is no pile {pile + 1}; the piles are 1 to {len(piles)}"
                              if len(piles) > 1 else f"there is no pile {pile + 1}; the only "
                              "pile is pile 1")
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise IllegalMove(f"you must take at least 1 object, not {count!r}")
        if count > piles[pile]:
            have = piles[pile]
            raise IllegalMove(f"pile {pile + 1} has only {have} object{'s' * (have != 1)}")
        if self.max_take is not None and count > self.max_take:
            raise IllegalMove(f"you may take at most {self.max_take} at a time")
        new = piles[:pile] + (piles[pile] - count,) + piles[pile + 1:]
        return NimState(new, 1 - state.player)

    def last_move_words(self, state: NimState) -> str:
        if not self.is_over(state):
            return ""
        return ("took the last object — in misère play, that loses" if self.misere else
                "took the last object — in normal play, that wins")

    def exploring_start(self, rng: random.Random) -> NimState:
        """Any piles no bigger than the start's, not all empty, each such board as likely:
        every one is reachable (take one object at a time, from any pile), and the player
        to move does not matter (the game is impartial)."""
        if not any(self.piles):
            return self.initial_state()
        while True:   # drawn again when all empty: at most a few times on any board
            piles = tuple(rng.randint(0, size) for size in self.piles)
            if any(piles):
                return NimState(piles, 0)

    def exploring_starts(self, limit: int) -> list[NimState] | None:
        """Every board `exploring_start` draws, once each (they are equally likely)."""
        boards = 1
        for size in self.piles:
            boards *= size + 1
        if not any(self.piles) or boards - 1 > limit:
            return None
        return [NimState(piles, 0)
                for piles in itertools.product(*(range(size + 1) for size in self.piles))
                if any(piles)]

    def take_from(self, state: NimState, pile: int, stone: int) -> tuple[int, int]:
        """The move that takes stone `stone` of `pile` (0 = the first) and every stone after
        it: what pointing at a stone means. It may break the cap (see `why_illegal`)."""
        return (pile, state.piles[pile] - stone)

    def is_over(self, state: NimState) -> bool:
        return not any(state.piles)

    def winner(self, state: NimState) -> int | None:
        if any(state.piles):
            return None
        # The player to move did not take the last object; the other one did.
        took_last = 1 - state.player
        return 1 - took_last if self.misere else took_last

    def describe_move(self, state: NimState, move: tuple[int, int]) -> str:
        pile, count = move
        return f"take {count} from pile {pile + 1}"

    def canonical(self, state: NimState) -> NimState:
        # Pile order does not matter, and Nim is impartial: the position alone decides.
        return NimState(tuple(sorted(state.piles)), 0)

    def state_from_data(self, data: object) -> NimState:
        """A position read from a file: (piles, player), each pile a whole number no larger
        than the board allows. Piles may come in any order (tables store them sorted), so
        the k-th smallest pile is checked against the board's k-th smallest."""
        if not isinstance(data, (tuple, list)) or len(data) != 2 or not isinstance(
                data[0], (tuple, list)) or len(data[0]) != len(self.piles):
            raise ValueError(f"{escape(data, 60)} is not a position of {len(self.piles)} piles")
        piles, player = data
        check_int(player, "the player to move", 0, 1)
        if not all_whole_within(list(piles), 0, MAX_PILE):   # else: which pile is wrong
            for i, size in enumerate(piles):
                check_int(size, f"pile {i + 1}", 0, MAX_PILE)
        if any(have > most for have, most in zip(sorted(piles), sorted(self.piles), strict=True)):
            raise ValueError(f"{escape(data, 60)} has more objects than the board "
                             f"{escape(self.short_rules(), 60)}")
        return NimState(tuple(piles), player)

    def objects_left(self, state: NimState) -> int:
        return sum(state.piles)

    def heaps(self) -> Heaps[NimState, tuple[int, int]]:
        return Heaps(self.max_take, self.misere, _piles, _pile_move)


def _piles(state: NimState) -> tuple[int, ...]:
    return state.piles


def _pile_move(pile: int, count: int) -> tuple[int, int]:
    return (pile, count)
