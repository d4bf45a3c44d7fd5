"""How each game's moves become the environment's integer actions, and what an agent sees.

Nim: action = pile * K + (count - 1), K the most a move may take from any pile (the
cap, or the biggest pile); observation: the pile sizes. Sticks: action = count - 1;
observation: the sticks left. Tic-Tac-Toe: action = row * 3 + column (0 to 8, from the top
left); observation: a 3×3×2 plane of the agent's own marks and the other's, as
PettingZoo's Tic-Tac-Toe has it.
"""

from __future__ import annotations

import numpy as np

from ..games import Nim, Sticks, TicTacToe
from ..games.base import Move, State


class Codec:
    actions: int
    observation_shape: tuple[int, ...]
    observation_high: int

    def encode(self, move: Move) -> int:
        raise NotImplementedError

    def decode(self, action: int) -> Move:
        raise NotImplementedError

    def observe(self, state: State, me: int) -> np.ndarray:
        raise NotImplementedError

    def draw(self, state: State) -> str:
        raise NotImplementedError


class NimCodec(Codec):
    def __init__(self, game: Nim) -> None:
        self.game = game
        self.width = max(game.largest_take(size) for size in game.piles) or 1
        self.actions = len(game.piles) * self.width
        self.observation_shape = (len(game.piles),)
        self.observation_high = max(game.piles)

    def encode(self, move: Move) -> int:
        pile, count = move
        return pile * self.width + count - 1

    def decode(self, action: int) -> Move:
        pile, count = divmod(action, self.width)
        return (pile, count + 1)

    def observe(self, state: State, me: int) -> np.ndarray:
        return np.array(state.piles, dtype=np.int64)

    def draw(self, state: State) -> str:
        return "\n".join(f"Pile {i + 1}: {'o' * size} ({size})"
                         for i, size in enumerate(state.piles)) + "\n"


class SticksCodec(Codec):
    def __init__(self, game: Sticks) -> None:
        self.game = game
        self.actions = game.max_take
        self.observation_shape = (1,)
        self.observation_high = game.sticks

    def encode(self, move: Move) -> int:
        return int(move) - 1

    def decode(self, action: int) -> Move:
        return action + 1

    def observe(self, state: State, me: int) -> np.ndarray:
        return np.array([state.sticks], dtype=np.int64)

    def draw(self, state: State) -> str:
        left = state.sticks
        return f"{'|' * left}\n{left} stick{'s' * (left != 1)} on the board.\n"


class TicTacToeCodec(Codec):
    actions = 9
    observation_shape = (3, 3, 2)
    observation_high = 1

    def __init__(self, game: TicTacToe) -> None:
        self.game = game

    def encode(self, move: Move) -> int:
        row, col = move
        return row * 3 + col

    def decode(self, action: int) -> Move:
        return divmod(action, 3)

    def observe(self, state: State, me: int) -> np.ndarray:
        marks = np.array(list(state)).reshape(3, 3)
        mine, theirs = ("X", "O") if me == 0 else ("O", "X")
        return np.stack([marks == mine, marks == theirs], axis=-1).astype(np.int64)

    def draw(self, state: State) -> str:
        from ..console.textplay import draw_board  # the text mode's board

        return draw_board(state) + "\n"
