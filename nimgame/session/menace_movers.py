"""The players a MENACE meets besides a person and another MENACE: a random one, and a
perfect one that draws among the best moves (a memoised negamax over the whole game)."""

from __future__ import annotations

import random

from ..games.base import AnyGame, Move, State


class RandomMover:
    """A legal move drawn at random."""

    def __init__(self, game: AnyGame, seed: int | None = None) -> None:
        self.game, self.rng = game, random.Random(seed)

    def move(self, state: State) -> Move | None:
        return self.rng.choice(self.game.legal_moves(state))


class Solver:
    """Every position's score for the player to move with best play by both: positive a
    win, 0 a draw, negative a loss, the sooner a win (the later a loss) the further from 0
    (a memoised negamax over the whole game), so that a perfect player wins as fast as it
    can, as Scroggs' does."""

    WIN = 100

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self.values: dict[State, int] = {}

    def value(self, state: State) -> int:
        known = self.values.get(state)
        if known is not None:
            return known
        game = self.game
        if game.is_over(state):
            found = game.outcome(state, game.to_move(state)) * self.WIN
        else:
            found = max(self.after(state, move) for move in game.legal_moves(state))
        self.values[state] = found
        return found

    def outcome(self, state: State) -> int:
        """+1, 0 or -1: how the game ends for the player to move with best play."""
        value = self.value(state)
        return (value > 0) - (value < 0)

    def after(self, state: State, move: Move) -> int:
        """The score of `move` in `state` for the player making it."""
        game = self.game
        child = game.result(state, move)
        if game.is_over(child):
            return game.outcome(child, game.to_move(state)) * self.WIN
        score = -self.value(child)
        return score - (score > 0) + (score < 0)   # a move later: one step nearer 0

    def best_moves(self, state: State) -> list[Move]:
        scores = {move: self.after(state, move) for move in self.game.legal_moves(state)}
        best = max(scores.values())
        return [move for move, score in scores.items() if score == best]


class PerfectMover:
    """One of the best moves, drawn at random (as Scroggs' perfect opponent plays): it
    never loses a game it need not, wins as soon as it can, and does not always play the
    same line. With `one_line`, always the first of the best moves in the rules' order:
    one fixed line of best play, as Michie played "best strategy" in his first 20 games
    against MENACE ("a stereotyped line which ensured a draw")."""

    def __init__(self, game: AnyGame, seed: int | None = None,
                 solver: Solver | None = None, one_line: bool = False) -> None:
        self.game, self.rng = game, random.Random(seed)
        self.solver = solver or Solver(game)
        self.one_line = one_line

    def choices(self, state: State) -> list[Move]:
        """Every move it may play in `state`."""
        best = self.solver.best_moves(state)
        return best[:1] if self.one_line else best

    def move(self, state: State) -> Move | None:
        return self.rng.choice(self.choices(state))
