"""Tic-Tac-Toe's kit: its text board, actions and hints (the best squares, by search)."""

from __future__ import annotations

from typing import Any

from ..base import AnyGame, Move, State
from ..kit import Codec, GameKit, Judge, KeptHats, Menu, Preset
from ..registry import register
from .rules import EMPTY, LINES, MARKS, TicTacToe


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


def threats(board: str, mark: str) -> list[int]:
    """The squares (0 to 8) where `mark` would complete a line at once, in board order."""
    found = set()
    for line in LINES:
        cells = [board[i] for i in line]
        if cells.count(mark) == 2 and cells.count(EMPTY) == 1:
            found.add(line[cells.index(EMPTY)])
    return sorted(found)


def square(move: Move) -> int:
    """A move as its key, 1 to 9 from the top left."""
    row, col = move
    return int(row * 3 + col + 1)


def best_replies(state: str, judge: Judge) -> list[Move]:
    """The best moves of the player to move in `state`, in board order."""
    return best_squares(state, judge)[1]


def forced_fork(game: TicTacToe, state: str, judge: Judge, mark: str, other: str
                ) -> tuple[Move, Move] | None:
    """A best move of `mark` (to move in `state`) that makes one threat, and the fork it
    makes after `other` blocks it, where one such line exists."""
    for threat_move in best_replies(state, judge):
        board = game.result(state, threat_move)
        made = threats(board, mark)
        if len(made) != 1 or threats(board, other) or game.is_over(board):
            continue
        blocked = game.result(board, divmod(made[0], 3))
        if game.is_over(blocked):
            continue
        for fork in game.legal_moves(blocked):
            forked = game.result(blocked, fork)
            if len(threats(forked, mark)) >= 2 and not threats(forked, other):
                return threat_move, fork
    return None


class TicTacToeKit(GameKit):
    name = "tictactoe"
    move_key = "squares 1–9 from top left"
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

    def mistake_words(self, game: AnyGame, state: State, move: Move, better: Move,
                      judge: Judge, who: str = "It") -> str:
        """The three in a row it missed, the threat it left open, or the fork it allowed
        or missed."""
        assert isinstance(game, TicTacToe)
        me, them = MARKS[game.to_move(state)], MARKS[1 - game.to_move(state)]
        after = game.result(state, move)
        wins = threats(state, me)
        if wins:
            return f"{who} missed three in a row at square {wins[0] + 1}."
        open_threats = threats(after, them)
        if open_threats:
            return (f"{who} did not block {them} at square {open_threats[0] + 1}: {them} "
                    "completes three in a row there next.")
        keeps = "the win" if judge.move_scores(state)[better] > 0 else "the draw"
        if not game.is_over(after):
            for reply in best_replies(after, judge):
                forked = game.result(after, reply)
                made = threats(forked, them)
                if len(made) >= 2 and not threats(forked, me):
                    return (f"{who} let {them} fork at square {square(reply)}: two threats at "
                            f"once (squares {made[0] + 1} and {made[1] + 1}), and only one "
                            "can be blocked.")
            line = forced_fork(game, after, judge, them, me)
            if line is not None:
                threat_move, fork = line
                return (f"{who} let {them} force a fork: {them} threatens at square "
                        f"{square(threat_move)}, and after the block forks at square "
                        f"{square(fork)}.")
        for fork in game.legal_moves(state):
            forked = game.result(state, fork)
            if len(threats(forked, me)) >= 2 and not threats(forked, them) and \
                    judge.move_scores(state)[fork] > 0:
                return f"{who} missed the fork at square {square(fork)}: two threats at once."
        line = forced_fork(game, state, judge, me, them) if keeps == "the win" else None
        if line is not None:
            threat_move, fork = line
            return (f"{who} missed a forced fork: square {square(threat_move)} threatens, and "
                    f"after the block square {square(fork)} forks.")
        return f"{who} gave away {keeps}: square {square(better)} would have kept it."


KIT = register(TicTacToeKit())
