"""An independent brute force over Hexapawn, written without the package's rules: pawns are
sets of (file, rank) pairs, files 0-2 (a-c) and ranks 1-3 counted from White's side, and
a move is a pair of such squares. The game's and the players' tests check the engine
against it; `to_state` and `to_move` translate to the engine's form only for comparing."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

WHITE, BLACK = "white", "black"


class Position(NamedTuple):
    white: frozenset   # of (file, rank)
    black: frozenset
    mover: str         # WHITE or BLACK


START = Position(frozenset((f, 1) for f in range(3)), frozenset((f, 3) for f in range(3)),
                 WHITE)


def other(side: str) -> str:
    return BLACK if side == WHITE else WHITE


def pawns(pos: Position, side: str) -> frozenset:
    return pos.white if side == WHITE else pos.black


def arrived(pos: Position) -> str | None:
    """The side with a pawn on the rank it was heading for."""
    if any(rank == 3 for _, rank in pos.white):
        return WHITE
    if any(rank == 1 for _, rank in pos.black):
        return BLACK
    return None


def raw_moves(pos: Position) -> list:
    mine, theirs = pawns(pos, pos.mover), pawns(pos, other(pos.mover))
    ahead = 1 if pos.mover == WHITE else -1
    moves = []
    for f, r in mine:
        to_rank = r + ahead
        if not 1 <= to_rank <= 3:
            continue
        if (f, to_rank) not in mine and (f, to_rank) not in theirs:
            moves.append(((f, r), (f, to_rank)))
        for g in (f - 1, f + 1):
            if (g, to_rank) in theirs:
                moves.append(((f, r), (g, to_rank)))
    return moves


def moves(pos: Position) -> list:
    return [] if arrived(pos) else raw_moves(pos)


def winner(pos: Position) -> str | None:
    side = arrived(pos)
    if side:
        return side
    return None if raw_moves(pos) else other(pos.mover)


def how_it_ended(pos: Position) -> str | None:
    """"far row", "no pawns" or "no move" for a finished game, else None."""
    if arrived(pos):
        return "far row"
    if raw_moves(pos):
        return None
    return "no pawns" if not pawns(pos, pos.mover) else "no move"


def play(pos: Position, move) -> Position:
    start, end = move
    mine = (pawns(pos, pos.mover) - {start}) | {end}
    theirs = pawns(pos, other(pos.mover)) - {end}
    white, black = (mine, theirs) if pos.mover == WHITE else (theirs, mine)
    return Position(white, black, other(pos.mover))


def mirror(pos: Position) -> Position:
    flip = lambda squares: frozenset((2 - f, r) for f, r in squares)   # noqa: E731
    return Position(flip(pos.white), flip(pos.black), pos.mover)


@cache
def mover_wins(pos: Position) -> bool:
    """Negamax over the whole tree: whether the side to move wins with best play."""
    if winner(pos) is not None:
        return winner(pos) == pos.mover
    return any(not mover_wins(play(pos, m)) for m in moves(pos))


def positions() -> set:
    """Every position reachable from the start, finished ones included."""
    seen, frontier = {START}, [START]
    while frontier:
        pos = frontier.pop()
        for m in moves(pos):
            child = play(pos, m)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return seen


def every_game():
    """Every complete game from the start: (its moves, its final position)."""
    stack = [(START, ())]
    while stack:
        pos, path = stack.pop()
        options = moves(pos)
        if not options:
            yield path, pos
        for m in options:
            stack.append((play(pos, m), path + (m,)))


# -- translating to the engine's form, only to compare ---------------------------------------

def square(cell) -> int:
    f, r = cell
    return (r - 1) * 3 + f


def to_state(pos: Position):
    """The engine's state for `pos`: a 9-character board and the player to move."""
    from nimgame.games.hexapawn import HexapawnState

    board = ["."] * 9
    for cell in pos.white:
        board[square(cell)] = "W"
    for cell in pos.black:
        board[square(cell)] = "B"
    return HexapawnState("".join(board), 0 if pos.mover == WHITE else 1)


def from_state(state) -> Position:
    board, player = state
    white = frozenset((i % 3, i // 3 + 1) for i, c in enumerate(board) if c == "W")
    black = frozenset((i % 3, i // 3 + 1) for i, c in enumerate(board) if c == "B")
    return Position(white, black, WHITE if player == 0 else BLACK)


def to_move(move) -> tuple[int, int]:
    return square(move[0]), square(move[1])


def words(move) -> str:
    """A move as the rules' description should read: "b1 to b2", "b1 takes a2"."""
    (f, r), (g, s) = move
    return f"{'abc'[f]}{r} {'to' if f == g else 'takes'} {'abc'[g]}{s}"
