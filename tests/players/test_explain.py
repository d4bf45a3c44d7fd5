"""Hints in words, on every position of small boards: the move a hint names wins by a brute
force written in the games' tests, a hint says "no winning move" exactly where none wins,
and the binary nim-sum it shows is the XOR worked out here."""

import re
from functools import reduce
from operator import xor

import pytest
from bruteforce import nim_mover_wins, nim_positions, sticks_mover_wins, ttt_positions, ttt_value

from nimgame.games import Nim, NimState, Sticks, SticksState, TicTacToe
from nimgame.players import judge_for
from nimgame.players.explain import hint, hint_move, hint_moves


@pytest.mark.parametrize("misere,cap", [(True, None), (False, None), (True, 3), (False, 2)])
def test_nim_hint_on_every_position_of_1357(misere, cap):
    game = Nim((1, 3, 5, 7), misere=misere, max_take=cap)
    judge = judge_for(game)
    for piles in nim_positions((1, 3, 5, 7)):
        if not any(piles):
            continue
        lines = hint(game, NimState(piles, 0), judge)
        found = re.fullmatch(r"Winning move: take (\d+) from pile (\d+)\.", lines[0])
        if found:
            count, pile = int(found[1]), int(found[2]) - 1
            left = piles[:pile] + (piles[pile] - count,) + piles[pile + 1:]
            assert 1 <= count <= (cap or count) and not nim_mover_wins(left, misere, cap)
            assert hint_move(game, NimState(piles, 0), judge) == (pile, count)   # drawn
        else:
            assert lines[0].startswith("No winning move") and not nim_mover_wins(
                piles, misere, cap)
            pile, count = hint_move(game, NimState(piles, 0), judge)
            if len(game.legal_moves(NimState(piles, 0))) == 1:   # forced: no hope to offer
                assert lines[0] == (f"No winning move: your only move is to take {count} "
                                    f"from pile {pile + 1}.")
            else:
                assert f"To last longest, take {count} from pile {pile + 1} and hope" in lines[0]
        values = [p % (cap + 1) if cap else p for p in piles]
        width = max(max(values).bit_length(), 1)
        assert f"  XOR of all = {reduce(xor, values):0{width}b}" in lines
        assert ("Misère" in lines[-1]) == misere
        # The short hint (a small window's) says the same move, values and rule in 3 lines.
        short = hint(game, NimState(piles, 0), judge, short=True)
        binary = " xor ".join(f"{v:0{width}b}" for v in values)
        assert short == [lines[0], short[1], lines[-1]]
        assert short[1].endswith(f"in binary, {binary} = {reduce(xor, values):0{width}b}.")
        assert ("each pile counts its size mod" in short[1]) == bool(cap)
        assert not cap or f"mod {cap + 1};" in short[1]


@pytest.mark.parametrize("cap", [2, 3, 4])
def test_sticks_hint_on_every_heap(cap):
    game = Sticks(60, max_take=cap)
    judge = judge_for(game)
    for n in range(1, 61):
        first = hint(game, SticksState(n, 1), judge)[0]
        found = re.fullmatch(r"Winning move: take (\d+), leaving (\d+)\.", first)
        if found:
            take = int(found[1])
            assert take <= cap and int(found[2]) == n - take
            assert not sticks_mover_wins(n - take, cap)
        else:
            assert not sticks_mover_wins(n, cap) and first.startswith(f"{n} = {cap + 1}×")


def test_tictactoe_hint_names_only_squares_that_keep_the_best_result():
    game = TicTacToe()
    judge = judge_for(game)
    for state in ttt_positions():
        if game.is_over(state):
            continue
        (line,) = hint(game, state, judge)
        mark = "X" if state.count("X") == state.count("O") else "O"
        sign = 1 if mark == "X" else -1
        after = {i + 1: sign * ttt_value(state[:i] + mark + state[i + 1:])
                 for i in range(9) if state[i] == "."}
        best = max(after.values())
        named = [int(n) for n in re.search(r"squares?: ([\d, ]+) \(", line)[1].split(", ")]
        row, col = hint_move(game, state, judge)
        assert row * 3 + col + 1 == named[0]   # the first named is hint_move's
        # The board frames exactly the squares named.
        assert [r * 3 + c + 1 for r, c in hint_moves(game, state, judge)] == named
        assert named and all(after[n] == best for n in named)  # the quickest of them
        word = {1: "wins", 0: "keeps the draw", -1: "loses slowest"}[best]
        if len(named) == 1:
            assert line.startswith("Best square: ") and f"(it {word} with best play)" in line
        else:
            assert line.startswith("Best squares: ") and f"each {word} with best play" in line


def test_no_hint_for_a_finished_game_or_a_judge_without_one():
    game = Nim((1,))
    with pytest.raises(ValueError, match="over"):
        hint(game, NimState((0,), 1), judge_for(game))
    with pytest.raises(ValueError, match="no hint"):
        hint(TicTacToe(), TicTacToe().initial_state(), judge_for(Nim()))
