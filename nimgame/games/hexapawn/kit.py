"""Hexapawn's kit: its text board, typed moves, actions and hints (by exact search)."""

from __future__ import annotations

import re
from typing import Any

from ..base import AnyGame, Move, State
from ..kit import Codec, GameKit, Judge, KeptHats, Menu, Preset, allowed
from ..registry import register
from .rules import (
    BLACK,
    EMPTY,
    FILES,
    PAWNS,
    SIDES,
    WHITE,
    Hexapawn,
    HexapawnState,
    square_name,
)
from .rules import Move as PawnMove

#: The most moves a game lasts: each of the six pawns can step once without ending the
#: game (its next step reaches the far row), and one move more ends it.
LONGEST_GAME = 7
#: A typed move: two squares, "-" or "x" (or a space, or nothing) between them.
TYPED_MOVE = re.compile(r"([a-c][1-3])\s*[-x ]?\s*([a-c][1-3])")


def draw_board(board: str) -> str:
    """The board in text, rank 3 (Black's side) at the top, files a-c under it."""
    rows = [f"{rank + 1}  {' '.join(board[rank * 3:rank * 3 + 3])}" for rank in (2, 1, 0)]
    return "\n".join(rows + ["   " + " ".join(FILES)])


def square_of(name: str) -> int:
    """"b2" -> 4."""
    return (int(name[1]) - 1) * 3 + FILES.index(name[0])


class HexapawnCodec(Codec[HexapawnState, PawnMove]):
    """action = from_square * 9 + to_square (81 actions, squares 0-8 from a1 to c3, as
    the rules number them); observation: a 3×3×2 plane of the agent's own pawns and the
    other's, rank 1 first, as Tic-Tac-Toe's environment has its marks."""

    actions = 81
    observation_shape = (3, 3, 2)
    observation_high = 1

    def encode(self, move: PawnMove) -> int:
        start, end = move
        return start * 9 + end

    def decode(self, action: int) -> PawnMove:
        start, end = divmod(action, 9)
        return (start, end)

    def observe(self, state: HexapawnState, me: int) -> list[int]:
        mine, theirs = PAWNS[me], PAWNS[1 - me]
        return [int(cell == pawn) for cell in state.board for pawn in (mine, theirs)]


class HexapawnKit(GameKit):
    name = "hexapawn"
    blurb = "Three pawns each on a 3×3 board: Gardner's matchbox game. Can you beat Black?"
    presets = (Preset("Hexapawn", {}),)
    default_opponent = "hats"
    #: Gardner's HER (Hexapawn Educable Robot): matchboxes of beads that start as Gardner's
    #: did, every move alike, draw a bead, learn from every game and are kept between runs.
    kept_hats = KeptHats("hexapawn-her", "hats", who="Gardner's HER")
    controls = ("Click one of your pawns, then the square it goes to (straight on into an "
                "empty square, or diagonally onto a pawn of the other side).",
                "Keys: type the move, e.g. b1-b2 or b1xa2, then Enter. Backspace corrects.")
    move_prompt = "Your move (e.g. b1-b2)? "
    first_menu = Menu("first", "You play", (("White (moves first)", True), ("Black", False)))

    @property
    def game_class(self) -> type[Hexapawn]:
        return Hexapawn

    def text_board(self, game: AnyGame, state: State) -> str:
        return draw_board(state.board) + "\n"

    def position_line(self, game: AnyGame, state: State) -> str:
        """The ranks from Black's side, "/" between them, and who moves:
        "BBB/.../WWW, White to move"."""
        board = state.board
        ranks = "/".join(board[rank * 3:rank * 3 + 3] for rank in (2, 1, 0))
        return f"{ranks}, {SIDES[game.to_move(state)]} to move"

    def move_text(self, game: AnyGame, state: State, move: Move) -> str:
        start, end = move
        capture = state.board[end] != EMPTY
        return f"{square_name(start)}{'x' if capture else '-'}{square_name(end)}"

    def parse_move(self, game: AnyGame, state: State, text: str) -> Move:
        found = TYPED_MOVE.fullmatch(text.strip().lower())
        legal = game.legal_moves(state)
        if found is not None:
            return allowed(game, state, (square_of(found.group(1)), square_of(found.group(2))))
        words = ", ".join(self.move_text(game, state, move) for move in legal)
        raise ValueError(f"Type a move as two squares, e.g. b1-b2; here you can play "
                         f"{words}.")

    def you_are(self, game: AnyGame, player: int) -> str:
        pawn, rank = (WHITE, "1, moving up") if player == 0 else (BLACK, "3, moving down")
        return (f"You are {SIDES[player]} ({pawn}), from rank {rank}. Reach the far row, "
                "or leave the other side no move.")

    def codec(self, game: AnyGame) -> HexapawnCodec:
        return HexapawnCodec()

    def max_game_length(self, game: AnyGame) -> int:
        return LONGEST_GAME

    def hint(self, game: AnyGame, state: State, judge: Judge, short: bool = False
             ) -> list[str]:
        best, moves = best_moves(state, judge)
        named = ", ".join(game.describe_move(state, move) for move in moves)
        side = SIDES[game.to_move(state)]
        if best > 0:
            lines = [f"Winning move{'s' * (len(moves) > 1)}: {named}."]
        else:
            lines = [f"No winning move: {side} loses with best play. To last longest: "
                     f"{named}."]
        if not short:
            lines.append("With best play Black, the second player, wins Hexapawn: as White, "
                         "hope for a mistake.")
        return lines

    def hint_moves(self, game: AnyGame, state: State, judge: Judge) -> list[Any]:
        return best_moves(state, judge)[1]

    def square_names(self, game: AnyGame) -> tuple[str, str]:
        return FILES, "123"

    def mistake_words(self, game: AnyGame, state: State, move: Move, better: Move,
                      judge: Judge, who: str = "It") -> str:
        """The win at once it missed, or the reply it allowed. (On every position the
        game can reach, each mistake is one of these two: the tests go through them all;
        the last sentence is there for safety.)"""
        assert isinstance(game, Hexapawn)
        them = SIDES[1 - state.player]
        for chance in game.legal_moves(state):
            ended = game.result(state, chance)
            if game.winner(ended) == state.player:
                return (f"{who} missed {self.move_text(game, state, chance)}, which wins at "
                        f"once: it {game.last_move_words(ended)}.")
        after = game.result(state, move)
        instead = f"{self.move_text(game, state, better)} would have kept the win"  # no draws
        reply = best_moves(after, judge)[1][0]
        answered = game.result(after, reply)
        shown = self.move_text(game, after, reply)
        if game.is_over(answered):
            return (f"{who} allowed {shown}: {them} {game.last_move_words(answered)}; "
                    f"{instead}.")
        return f"{who} allowed {shown}, after which {them} wins with best play; {instead}."


def best_moves(state: HexapawnState, judge: Judge) -> tuple[float, list[Move]]:
    """The best exact score in `state` and the moves that keep it, in board order."""
    scores = judge.move_scores(state)
    best = max(scores.values())
    return best, [move for move, score in scores.items() if score == best]


KIT = register(HexapawnKit())
