"""Hints for a person at the board: the best move and the theory that finds it, in words.

Every game explains itself from its exact player (`judge_for`): Nim shows the nim-sum in
binary (each pile's Grundy value, its size mod k+1, under a cap of k) and the misère rule;
the Game of Sticks the 4k+1 rule (k+1 = what a move may take, plus one); Tic-Tac-Toe the
squares that keep the best result. Front ends show these lines; they work nothing out.
"""

from __future__ import annotations

from ..games.base import AnyGame, Move, State
from ..games.nim import Nim, NimState
from ..games.sticks import Sticks, SticksState
from ..games.tictactoe import TicTacToe
from .minimax import MinimaxPlayer
from .perfect import PerfectPlayer, nim_sum


def hint_move(game: AnyGame, state: State, judge: PerfectPlayer | MinimaxPlayer) -> Move:
    """The move a hint points at on the board: a winning move if there is one, else the
    best there is (a draw kept, or the longest loss). ValueError for a finished game."""
    if game.is_over(state):
        raise ValueError("the game is over: there is no move to hint")
    return judge.choose_move(state)


def hint(game: AnyGame, state: State, judge: PerfectPlayer | MinimaxPlayer,
         short: bool = False) -> list[str]:
    """The hint for the player to move in `state`, as lines of text; `judge` is
    `judge_for(game)` (passed in so its work, e.g. a search's cache, is reused). `short`:
    the same in fewer lines, for a small window (Nim's table becomes one line).
    ValueError for a finished game (there is nothing to hint)."""
    if game.is_over(state):
        raise ValueError("the game is over: there is no move to hint")
    if isinstance(game, Nim) and isinstance(judge, PerfectPlayer):
        return nim_hint(game, state, judge, short)
    if isinstance(game, Sticks) and isinstance(judge, PerfectPlayer):
        return sticks_hint(game, state, judge)
    if isinstance(game, TicTacToe) and isinstance(judge, MinimaxPlayer):
        return tictactoe_hint(state, judge)
    raise ValueError(f"no hint is written for {game.title} judged by {judge.label}")


def nim_hint(game: Nim, state: NimState, judge: PerfectPlayer, short: bool = False
             ) -> list[str]:
    piles, cap = state.piles, game.max_take
    winning = judge.winning_moves(state)
    if winning:
        pile, count = winning[0]
        lines = [f"Winning move: take {count} from pile {pile + 1}."]
    else:
        longest = judge.choose_move(state)   # a lost position: make the game last longest
        if sum(game.largest_take(size) for size in piles) == 1:   # nothing to hope for
            lines = [f"No winning move: your only move is to "
                     f"{game.describe_move(state, longest)}."]
        else:
            lines = [f"No winning move. To last longest, {game.describe_move(state, longest)} "
                     "and hope for a mistake."]
    values = judge.grundy_values(piles)
    width = max(max(values).bit_length(), 1)
    if short:
        counted = f"each pile counts its size mod {cap + 1}; " if cap else ""
        lines.append(f"Nim-sum: {counted}in binary, "
                     f"{' xor '.join(f'{value:0{width}b}' for value in values)} = "
                     f"{nim_sum(values):0{width}b}.")
        lines.append(nim_rule(game.misere))
        return lines
    lines.append(f"Nim-sum{f' (mod {cap + 1})' if cap else ''}, in binary:")
    for i, (size, value) in enumerate(zip(piles, values, strict=True)):
        reduced = f" counts {value}" if cap else ""
        lines.append(f"  pile {i + 1}: {size:>2}{reduced} = {value:0{width}b}")
    lines.append(f"  XOR of all = {nim_sum(values):0{width}b}")
    lines.append(nim_rule(game.misere))
    return lines


def nim_rule(misere: bool) -> str:
    if misere:
        return ("Misère: leave nim-sum 0, but when only 0s and 1s would be left, "
                "leave an odd number of 1s.")
    return "Leave a nim-sum of 0 and your opponent cannot leave 0 again."


def sticks_hint(game: Sticks, state: SticksState, judge: PerfectPlayer) -> list[str]:
    k, n = game.max_take, state.sticks
    winning = judge.winning_moves(state)
    if winning:
        lines = [f"Winning move: take {winning[0]}, leaving {n - winning[0]}."]
    else:
        lines = [f"{n} = {k + 1}×{(n - 1) // (k + 1)} + 1: no winning move. Take one and hope."]
    lines.append(f"The rule: leave a multiple of {k + 1}, plus 1 (1, {k + 2}, {2 * k + 3}, …). "
                 f"Whatever your opponent takes (1 to {k}), you take the rest of {k + 1}, "
                 "until they must take the last stick.")
    return lines


def hint_moves(game: AnyGame, state: State, judge: PerfectPlayer | MinimaxPlayer
               ) -> list[Move]:
    """Every move a hint points at on the board: in Tic-Tac-Toe every square it names (each
    keeps the best result; the first is `hint_move`'s), elsewhere the one move it names."""
    if isinstance(game, TicTacToe) and isinstance(judge, MinimaxPlayer) and \
            not game.is_over(state):
        return best_squares(state, judge)[1]
    return [hint_move(game, state, judge)]


def best_squares(state: str, judge: MinimaxPlayer) -> tuple[float, list[Move]]:
    """The best exact score in `state` and the squares that keep it, in board order."""
    scores = judge.move_scores(state)
    best = max(scores.values())
    return best, [move for move, score in scores.items() if score == best]


def tictactoe_hint(state: str, judge: MinimaxPlayer) -> list[str]:
    best, moves = best_squares(state, judge)
    good = [r * 3 + c + 1 for r, c in moves]
    verdict = "wins" if best > 0 else "keeps the draw" if best == 0 else "loses slowest"
    if len(good) == 1:
        return [f"Best square: {good[0]} (it {verdict} with best play)."]
    return [f"Best squares: {', '.join(map(str, good))} (each {verdict} with best play)."]
