"""Take-away games (Nim, the Game of Sticks) played by the theory instead of by search.

The theory is the game's own (`Game.heaps()`, see `nimgame.games.heaps`): the nim-sum,
the misère rule and Grundy values under a cap. This player asks it, so it plays any game
that reads as heaps, on any board, at once.
"""

from __future__ import annotations

from typing import Any

from ..games.base import AnyGame, Move, State
from ..games.heaps import Heaps, nim_sum
from .base import MoveValues, Player

__all__ = ["PerfectPlayer", "nim_sum"]


class PerfectPlayer(Player):
    label = "Perfect"
    weighs_moves = True
    #: The most moves `move_values` lists: a board of a billion stones has a billion.
    MOST_LISTED = 10_000

    def __init__(self, game: AnyGame) -> None:
        super().__init__(game)
        heaps = game.heaps()
        if heaps is None:  # check_game refused it already; this says so to the type checker
            raise ValueError(self.refusal(game))
        self.theory: Heaps[Any, Any] = heaps
        self.misere, self.cap = heaps.misere, heaps.cap

    @classmethod
    def supports(cls, game: AnyGame) -> bool:
        return game.heaps() is not None

    # -- the theory -------------------------------------------------------------------
    def mover_wins(self, piles: tuple[int, ...]) -> bool:
        """Whether the player to move on `piles` wins with best play."""
        return self.theory.mover_wins(piles)

    def outcome(self, state: State) -> int:
        """+1 if the player to move wins with best play, -1 if they lose (no draws here)."""
        return self.theory.outcome(state)

    def winning_moves(self, state: State) -> list[Move]:
        """Every legal move after which the opponent loses (empty in a losing position),
        found in O(piles) on any board (see `Heaps.winning_moves`)."""
        return self.theory.winning_moves(state)

    def choose_move(self, state: State) -> Move:
        if self.game.is_over(state):
            raise ValueError("the game is over: there is no move to choose")
        winning = self.winning_moves(state)
        if winning:
            return winning[0]
        # A lost position: take one from the largest pile, to make the game last longest.
        return self.theory.longest_move(state)

    def move_scores(self, state: State) -> dict[Move, float]:
        """Every legal move's exact score for its mover: +1 it wins, -1 it loses (listed,
        so for boards whose moves can be listed)."""
        game, mover = self.game, self.game.to_move(state)
        scores: dict[Move, float] = {}
        for move in game.legal_moves(state):
            after = game.result(state, move)
            scores[move] = float(game.outcome(after, mover) if game.is_over(after)
                                 else -self.theory.outcome(after))
        return scores

    def move_values(self, state: State) -> MoveValues | None:
        """The theory's verdict on each move in `state` (None on a board with more than
        `MOST_LISTED` moves)."""
        if not 0 < self.game.move_bound() <= self.MOST_LISTED:
            return None
        scores = self.move_scores(state)
        return MoveValues(
            "theory", scores, {move: "wins" if score > 0 else "loses"
                               for move, score in scores.items()},
            "The theory's verdict, with best play on both sides.", "It plays a winning move "
            "if there is one, else one that makes the game last.", order="winning first",
            exact=True)

    def grundy_values(self, piles: tuple[int, ...]) -> tuple[int, ...]:
        """Each pile's Grundy value: its size, or its size mod (cap + 1) under a cap."""
        return self.theory.grundy_values(piles)
