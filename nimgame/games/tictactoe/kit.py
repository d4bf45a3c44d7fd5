"""Tic-Tac-Toe's kit: its text board, actions and hints (the best squares, by search)."""

from __future__ import annotations

from typing import Any

from ..base import AnyGame, Move, State
from ..kit import Codec, GameKit, Judge, KeptHats, Menu, Preset
from ..registry import register
from .rules import EMPTY, MARKS, TicTacToe


def draw_board(state: str) -> str:
    """The board in text, free squares numbered 1-9 as the keys that take them."""
    cells = [c if c != EMPTY else str(i + 1) for i, c in enumerate(state)]
    rows = [" " + " | ".join(cells[r * 3:r * 3 + 3]) for r in range(3)]
    return "\n---+---+---\n".join(rows)


class TicTacToeCodec(Codec[str, tuple[int, int]]):
    """action = row * 3 + column (0 to 8, from the top left); observation: a 3×3×2 plane
    of the agent's own marks and the other's, as PettingZoo's Tic-Tac-Toe has it."""

    actions = 9
    observation_shape = (3, 3, 2)
    observation_high = 1

    def encode(self, move: tuple[int, int]) -> int:
        row, col = move
        return row * 3 + col

    def decode(self, action: int) -> tuple[int, int]:
        row, col = divmod(action, 3)
        return (row, col)

    def observe(self, state: str, me: int) -> list[int]:
        mine, theirs = ("X", "O") if me == 0 else ("O", "X")
        return [int(cell == mark) for cell in state for mark in (mine, theirs)]


def best_squares(state: str, judge: Judge) -> tuple[float, list[Move]]:
    """The best exact score in `state` and the squares that keep it, in board order."""
    scores = judge.move_scores(state)
    best = max(scores.values())
    return best, [move for move, score in scores.items() if score == best]


class TicTacToeKit(GameKit):
    name = "tictactoe"
    blurb = "Three in a row. Minimax never loses; can a learner?"
    presets = (Preset("Tic-Tac-Toe", {}),)
    default_opponent = "minimax"
    #: The Sticks seed's "Nightmare Mode": its hats AI at Tic-Tac-Toe, practised first,
    #: then drawing, learning from every game and kept between runs.
    kept_hats = KeptHats("tictactoe-hats", "hats", practises=True,
                         who="Tic-Tac-Toe's Nightmare-mode AI")
    first_menu = Menu("mark", "You play", (("X (moves first)", True), ("O", False)))
    controls = ("Click an empty square, or press 1–9 (from the top left, row by row).",)

    @property
    def game_class(self) -> type[TicTacToe]:
        return TicTacToe

    move_prompt = "Your move (1-9)? "

    def text_board(self, game: AnyGame, state: State) -> str:
        return draw_board(state) + "\n"

    def position_line(self, game: AnyGame, state: State) -> str:
        """The rows from the top, "/" between them: "X.O/.X./..."."""
        return "/".join(state[row:row + 3] for row in (0, 3, 6))

    def move_text(self, game: AnyGame, state: State, move: Move) -> str:
        row, col = move
        return str(row * 3 + col + 1)

    def parse_move(self, game: AnyGame, state: State, text: str) -> Move:
        words = text.strip()
        if len(words) == 1 and words in "123456789":
            move = divmod(int(words) - 1, 3)
            if game.why_illegal(state, move) is None:
                return move
        raise ValueError("Please choose an empty square from 1 to 9.")

    def you_are(self, game: AnyGame, player: int) -> str:
        return f"You are {MARKS[player]}. Squares are numbered 1 to 9."

    def codec(self, game: AnyGame) -> TicTacToeCodec:
        return TicTacToeCodec()

    def max_game_length(self, game: AnyGame) -> int:
        return 9

    def hint(self, game: AnyGame, state: State, judge: Judge, short: bool = False
             ) -> list[str]:
        best, moves = best_squares(state, judge)
        good = [r * 3 + c + 1 for r, c in moves]
        verdict = "wins" if best > 0 else "keeps the draw" if best == 0 else "loses slowest"
        if len(good) == 1:
            return [f"Best square: {good[0]} (it {verdict} with best play)."]
        return [f"Best squares: {', '.join(map(str, good))} (each {verdict} with best play)."]

    def hint_moves(self, game: AnyGame, state: State, judge: Judge) -> list[Any]:
        return best_squares(state, judge)[1]


KIT = register(TicTacToeKit())
