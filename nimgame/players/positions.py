"""What a game's rules say of its positions, worked out once per game and shared.

Each learner numbers positions in its own graph, in the order it meets them, but what a
position *is* depends on the rules alone: its canonical form, whether the game is over
there and for whom, and the distinct canonical positions its moves lead to. Working that
out again for every learner of a game (each brain file listed or loaded, a second AI for
the same board) repeated the game's `canonical` on every position every time: listing
3,000 Tic-Tac-Toe brains spent most of its time there. `positions_of(game)` gives the one
`GamePositions` of a game and its rules, which every graph of that game reads.

- What it records is only added to, never changed: a fact recorded is what the rules say,
  so graphs in any thread may share it (two threads at worst work one fact out twice,
  alike).
- Memory is bounded: at most KEPT_GAMES games are kept (the least recently asked for is
  dropped), and each records at most MAX_KEPT positions; beyond that, facts are worked out
  each time they are asked for, as before.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from ..games.base import AnyGame, State

KEPT_GAMES = 8
MAX_KEPT = 60_000   # positions recorded per game (Tic-Tac-Toe has 5,478; its graph 765)


class GamePositions:
    """The facts of one game's positions (see the module's docstring)."""

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        # What is recorded (graphs read these directly in their loops, never write them):
        #: any position met -> its canonical position
        self.known_canonical: dict[State, State] = {}
        #: canonical position -> (the game is over there, the reward of the player who
        #: moved into it: +1/-1/0, 0 while the game goes on)
        self.known_ending: dict[State, tuple[bool, float]] = {}
        #: canonical position -> the distinct canonical positions one move away, in the
        #: order of the moves
        self.known_after: dict[State, tuple[State, ...]] = {}

    def canonical(self, state: State) -> State:
        """`game.canonical(state)`, worked out once."""
        found = self.known_canonical.get(state)
        if found is None:
            found = self.game.canonical(state)
            if len(self.known_canonical) < MAX_KEPT:
                self.known_canonical[state] = found
        return found

    def ending(self, canon: State) -> tuple[bool, float]:
        """Whether the game is over in the canonical position `canon`, and the reward there
        of the player who moved into it (0.0 while the game goes on)."""
        found = self.known_ending.get(canon)
        if found is None:
            game = self.game
            over = game.is_over(canon)
            found = (over, float(game.outcome(canon, 1 - game.to_move(canon))) if over else 0.0)
            if len(self.known_ending) < MAX_KEPT:
                self.known_ending[canon] = found
        return found

    def after(self, canon: State) -> tuple[State, ...]:
        """The distinct canonical positions the moves of the canonical position `canon` lead
        to, each once, in the order of the moves."""
        found = self.known_after.get(canon)
        if found is None:
            game, canonical = self.game, self.canonical
            found = tuple(dict.fromkeys(canonical(game.result(canon, move))
                                        for move in game.legal_moves(canon)))
            if len(self.known_after) < MAX_KEPT:
                self.known_after[canon] = found
        return found


_kept: OrderedDict[AnyGame, GamePositions] = OrderedDict()
_lock = threading.Lock()


def positions_of(game: AnyGame) -> GamePositions:
    """The shared `GamePositions` of `game`'s rules (made on first asking); a game that
    cannot be told apart from others by its rules (no hash) gets its own."""
    try:
        hash(game)
    except TypeError:
        return GamePositions(game)
    with _lock:
        found = _kept.get(game)
        if found is not None:
            _kept.move_to_end(game)
            return found
        made = _kept[game] = GamePositions(game)
        while len(_kept) > KEPT_GAMES:
            _kept.popitem(last=False)
        return made


def forget_positions() -> None:
    """Drop every game's recorded positions (what tests start from)."""
    with _lock:
        _kept.clear()
