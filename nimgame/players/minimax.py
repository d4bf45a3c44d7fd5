"""Exact game-tree search (negamax) for any game, with a transposition table.

Scores are from the point of view of the player to move: +WIN - n for a win n plies
away, -(WIN - n) for a loss, 0 for a draw; so taking the maximum prefers the quickest
win and the slowest loss. Plain minimax and alpha-beta are both here because KUET's
Hard mode plays both; they give the same scores.
"""

from __future__ import annotations

import random

from ..games.base import AnyGame, Move, State
from .base import MoveValues, Player

WIN = 10**9
#: Games with more positions than this are refused: the search would not end in time.
POSITION_LIMIT = 3_000_000
_EXACT, _LOWER, _UPPER = 0, 1, 2
_INF = float("inf")


def _toward_zero(score: float) -> float:
    """A child's score, negated, seen one ply further up: wins and losses get one ply longer."""
    if score > 0:
        return score - 1
    if score < 0:
        return score + 1
    return score


def _away_from_zero(bound: float) -> float:
    """Inverse of `_toward_zero`, used to pass a parent's window down to a child."""
    if bound > 0:
        return bound + 1
    if bound < 0:
        return bound - 1
    return bound


def score_words(score: float) -> str:
    """An exact score in words: "win in 3 moves" (both sides' moves counted), "draw"."""
    if score == 0:
        return "draw"
    moves = int(WIN - abs(score))
    return f"{'win' if score > 0 else 'loss'} in {moves:,} move{'s' * (moves != 1)}"


def terminal_score(game: AnyGame, state: State) -> int:
    """Score of a finished game for the player whose turn it would be."""
    return WIN * game.outcome(state, game.to_move(state))


class MinimaxPlayer(Player):
    """Plays perfectly by search. `seed` breaks ties between equal moves at random."""

    label = "Minimax"
    weighs_moves = True

    def __init__(self, game: AnyGame, alpha_beta: bool = True, seed: int | None = None) -> None:
        super().__init__(game)
        self.alpha_beta = alpha_beta
        self.rng = random.Random(seed) if seed is not None else None
        self.table: dict[State, tuple[float, int]] = {}
        self.nodes = 0  # positions searched, for people comparing the two modes

    @classmethod
    def supports(cls, game: AnyGame) -> bool:
        return game.position_bound() <= POSITION_LIMIT

    def score(self, state: State) -> float:
        """The exact score of `state` for the player to move."""
        return self._search(state, -_INF, _INF)

    def outcome(self, state: State) -> int:
        """+1 if the player to move wins with best play, -1 if they lose, 0 for a draw."""
        score = self.score(state)
        return (score > 0) - (score < 0)

    def move_scores(self, state: State) -> dict[Move, float]:
        """The exact score of every legal move, for the player making it."""
        game, mover = self.game, self.game.to_move(state)
        return {
            move: self._child_value(mover, game.result(state, move), -_INF, _INF)
            for move in game.legal_moves(state)
        }

    def move_values(self, state: State) -> MoveValues:
        """Its exact score of each move in `state`, in words."""
        scores = self.move_scores(state)
        return MoveValues(
            "search", scores, {move: score_words(score) for move, score in scores.items()},
            "Every reply searched to the end: a win or a loss in so many moves (both sides' "
            "counted), or a draw.", "It plays the quickest win, else a draw, else the "
            "slowest loss.", order="best first", exact=True)

    def _child_value(self, mover: int, child: State, alpha: float, beta: float) -> float:
        """`child`'s score for `mover`, one ply further up, searched within the parent's
        window (alpha, beta). Usually the other player moves in `child` and its score is
        negated (negamax); on a board where `mover` moves again — CS50's `player()` counts
        marks, so a board with two more X than O gives O two turns — it is kept as is."""
        if self.game.to_move(child) == mover:
            return _toward_zero(self._search(child, _away_from_zero(alpha),
                                             _away_from_zero(beta)))
        return _toward_zero(
            -self._search(child, -_away_from_zero(beta), -_away_from_zero(alpha)))

    def choose_move(self, state: State) -> Move:
        self._moves(state)
        scores = self.move_scores(state)
        best = max(scores.values())
        best_moves = [move for move, score in scores.items() if score == best]
        return self.rng.choice(best_moves) if self.rng else best_moves[0]

    def _search(self, state: State, alpha: float, beta: float) -> float:
        game = self.game
        key = game.canonical(state)
        entry = self.table.get(key)
        if entry is not None:
            value, flag = entry
            if (flag == _EXACT or (flag == _LOWER and value >= beta)
                    or (flag == _UPPER and value <= alpha)):
                return value
        self.nodes += 1
        if game.is_over(state):
            value = terminal_score(game, state)
            self.table[key] = (value, _EXACT)
            return value
        if not self.alpha_beta:
            alpha, beta = -_INF, _INF
        original_alpha, best, mover = alpha, -_INF, game.to_move(state)
        for move in game.legal_moves(state):
            value = self._child_value(mover, game.result(state, move), alpha, beta)
            if value > best:
                best = value
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        if best <= original_alpha:
            flag = _UPPER
        elif best >= beta:
            flag = _LOWER
        else:
            flag = _EXACT
        self.table[key] = (best, flag)
        return best
