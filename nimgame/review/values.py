"""What a position is worth, exactly: a win in k, a draw or a loss in k, for a given player.

k counts the moves left (both players') when both play best from then on: the winner
ends the game as soon as it can, the loser puts the end off as long as it can. The
project's exact search (`MinimaxPlayer`, whose scores are WIN - k for a win k moves away)
counts it wherever the board is small enough to search; on bigger boards of a take-away
game (Nim, the Game of Sticks) the theory (`Game.heaps()`) still says who wins, at once,
and k is not counted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..games import AnyGame, kit_for
from ..games.base import Move, State
from ..games.heaps import AnyHeaps
from ..players import MinimaxPlayer, PerfectPlayer
from ..players.minimax import WIN

#: The most positions (`Game.position_bound`) a review searches to count the moves left:
#: a few seconds of search at most (Nim 3, 5, 7, 9, 11 has 46,080 and takes under one).
SEARCH_LIMIT = 300_000
#: The longest game a review searches (the search recurses once per move).
DEPTH_LIMIT = 200

OUTCOME_WORDS = {1: "win", 0: "draw", -1: "loss"}


@dataclass(frozen=True)
class Value:
    """A position's worth for one player: `outcome` +1 (they win with best play), 0 (a
    draw) or -1 (they lose), and `left`, the moves left until the end (0 once the game is
    over; None for a draw, or where the board is too big to count them)."""

    outcome: int
    left: int | None

    @property
    def word(self) -> str:
        """"win", "draw" or "loss"."""
        return OUTCOME_WORDS[self.outcome]

    @property
    def text(self) -> str:
        """"win in 3", "draw", "loss in 2", "won", "lost", or "win" where not counted."""
        if self.outcome == 0:
            return "draw"
        if self.left is None:
            return self.word
        if self.left == 0:
            return "won" if self.outcome > 0 else "lost"
        return f"{self.word} in {self.left}"


def counts_moves(game: AnyGame) -> bool:
    """Whether the review searches `game` (and so counts the moves left)."""
    return (game.position_bound() <= SEARCH_LIMIT
            and kit_for(game).max_game_length(game) <= DEPTH_LIMIT)


class ExactJudge:
    """Every position's exact value, and every move's score (the kits' `Judge`): by the
    search where the board is small enough, else by the theory. ValueError for a board
    neither can judge."""

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self.search: MinimaxPlayer | None = MinimaxPlayer(game) if counts_moves(game) else None
        self.theory: AnyHeaps | None = game.heaps() if self.search is None else None
        if self.search is None and self.theory is None:
            raise ValueError(f"{game.describe_rules()} is too big to judge exactly")

    @property
    def counted(self) -> bool:
        """Whether the values count the moves left."""
        return self.search is not None

    def value(self, state: State, player: int) -> Value:
        """What `state` is worth for `player` (0 or 1) with best play."""
        game = self.game
        if game.is_over(state):
            outcome = game.outcome(state, player)
            return Value(outcome, 0 if outcome else None)
        if self.search is not None:
            score = self.search.score(state)
            outcome = (score > 0) - (score < 0)
            left = int(WIN - abs(score)) if outcome else None
        else:
            assert self.theory is not None
            outcome, left = self.theory.outcome(state), None
        return Value(outcome if game.to_move(state) == player else -outcome, left)

    def move_scores(self, state: State) -> Mapping[Move, float]:
        """Each legal move's exact score for its mover (positive wins, 0 draws, negative
        loses; the bigger the better), as the kits' hints read them."""
        if self.search is not None:
            return self.search.move_scores(state)
        return PerfectPlayer(self.game).move_scores(state)   # the theory's, move by move

    def best_move(self, state: State) -> Move:
        """A move that keeps what `state` is worth for its mover, the quickest win or the
        longest loss where the moves are counted. ValueError once the game is over."""
        if self.game.is_over(state):
            raise ValueError("the game is over: there is no move to choose")
        if self.search is not None:
            scores = self.search.move_scores(state)
            return max(scores, key=scores.__getitem__)
        assert self.theory is not None
        winning = self.theory.winning_moves(state)
        return winning[0] if winning else self.theory.longest_move(state)
