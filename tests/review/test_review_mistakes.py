"""The first mistake of random games against the brute force (hypothesis), the position to
play on from, and each game's words for why a mistake was one, checked against the brute
force on every mistake the small boards allow."""

import itertools
import re

import bruteforce
import bruteforce_hexapawn as hexa
import pytest
from hypothesis import given
from hypothesis import strategies as st
from reviewbrute import hexa_solve, nim_solver, sticks_solver, ttt_solve

from nimgame.games import Nim, Sticks, TicTacToe, kit_for, make_game
from nimgame.games.kit import GameKit
from nimgame.games.nim import NimState
from nimgame.games.sticks import SticksState
from nimgame.review import BadMove, ExactJudge, read_moves, review

GAMES = {
    "nim misère": (Nim((1, 3, 5)), nim_solver(True, None), lambda s: s.piles),
    "nim normal capped": (Nim((2, 3, 4), misere=False, max_take=2), nim_solver(False, 2),
                          lambda s: s.piles),
    "nim misère capped": (Nim((3, 4), max_take=3), nim_solver(True, 3), lambda s: s.piles),
    "sticks": (Sticks(14), sticks_solver(3), lambda s: s.sticks),
    "sticks cap 2": (Sticks(11, 2), sticks_solver(2), lambda s: s.sticks),
    "tictactoe": (TicTacToe(), ttt_solve, lambda s: s),
    "hexapawn": (make_game("hexapawn"), hexa_solve, hexa.from_state),
}
JUDGES = {name: ExactJudge(game) for name, (game, _, _) in GAMES.items()}


def brute_outcome(name, state, player):
    game, solve, key = GAMES[name]
    outcome = solve(key(state))[0]
    return outcome if game.to_move(state) == player else -outcome


@given(st.sampled_from(sorted(GAMES)), st.lists(st.integers(0, 10**6), max_size=40))
def test_the_first_mistake_is_the_brute_forces(name, choices):
    game = GAMES[name][0]
    state, moves = game.initial_state(), []
    for choice in choices:
        if game.is_over(state):
            break
        legal = game.legal_moves(state)
        moves.append(legal[choice % len(legal)])
        state = game.result(state, moves[-1])
    reviewed = review(game, moves, JUDGES[name])
    first = None
    state = game.initial_state()
    for ply, move in enumerate(moves, 1):
        player, after = game.to_move(state), game.result(state, move)
        if first is None and brute_outcome(name, after, player) < \
                brute_outcome(name, state, player):
            first = (ply, state, player)
        state = after
    mistake = reviewed.first_mistake
    play_on = reviewed.play_on()
    if first is None:
        assert mistake is None and play_on is None
        return
    ply, before, player = first
    assert mistake is not None and mistake.ply == ply and mistake.player == player
    assert mistake.why and "\n" not in mistake.why
    assert play_on is not None and play_on.ply == ply and play_on.state == before
    assert play_on.player == player == game.to_move(before)
    replayed = game.initial_state()
    for move in play_on.moves:
        replayed = game.result(replayed, move)
    assert replayed == before and len(play_on.moves) == ply - 1


def every_mistake(game, states):
    """(state, move, why) for every move of `states` that the judge calls a mistake."""
    judge, kit = ExactJudge(game), kit_for(game)
    for state in states:
        if game.is_over(state):
            continue
        player = game.to_move(state)
        before = judge.value(state, player)
        for move in game.legal_moves(state):
            if judge.value(game.result(state, move), player).outcome < before.outcome:
                yield state, move, kit.mistake_words(game, state, move,
                                                     judge.best_move(state), judge)


def grundy(piles, cap):
    return [p % (cap + 1) if cap else p for p in piles]


@pytest.mark.parametrize("board,misere,cap", [((1, 2, 3), True, None),
                                              ((1, 2, 4), False, None),
                                              ((2, 3, 5), True, 2), ((3, 4), False, 3)])
def test_nims_words_say_what_the_move_left_and_what_was_better(board, misere, cap):
    """The nim-sum it left is the XOR of what the piles count; under misère, with no pile
    counting more than 1, the number of piles of 1 instead; the better move named leaves
    a lost position for the opponent (by the brute force)."""
    game = Nim(board, misere=misere, max_take=cap)
    solve = nim_solver(misere, cap)
    states = [NimState(p, 0) for p in itertools.product(*(range(n + 1) for n in board))]
    seen = set()
    for state, move, why in every_mistake(game, states):
        assert "\n" not in why
        after = game.result(state, move).piles
        values = grundy(after, cap)
        xor = 0
        for v in values:
            xor ^= v
        if not any(after):
            assert misere and why.startswith("It took the last object")
            seen.add("last")
        elif misere and max(values) <= 1:
            assert why.startswith(f"It left {values.count(1)} pile") or \
                why.startswith("It left every pile worth 0")
            assert values.count(1) % 2 == 0
            seen.add("ones")
        else:
            assert why.startswith(f"It left a nim-sum of {xor} ({xor:b} in binary")
            assert xor != 0
            seen.add("sum")
        found = re.search(r"taking (\d+) from pile (\d+) would have left", why)
        assert found, why
        count, pile = int(found.group(1)), int(found.group(2)) - 1
        kept = list(state.piles)
        kept[pile] -= count
        assert count >= 1 and kept[pile] >= 0 and (cap is None or count <= cap)
        assert solve(tuple(kept))[0] == -1   # the opponent, to move, loses
    assert "sum" in seen and (not misere or "ones" in seen)


@pytest.mark.parametrize("cap", [2, 3, 4])
def test_sticks_words_name_the_rules_number(cap):
    game = Sticks(15, cap)
    solve = sticks_solver(cap)
    count = 0
    for state, move, why in every_mistake(game, [SticksState(n, 0) for n in range(16)]):
        found = re.search(r"taking (\d+) would have left (\d+) = (\d+)×(\d+) \+ 1", why)
        assert found, why
        take, left, base, times = map(int, found.groups())
        assert left == state.sticks - take and base == cap + 1 and left == base * times + 1
        assert solve(left)[0] == -1
        form = "4k+1" if cap == 3 else f"{cap + 1}k+1"
        assert (f"which is not {form}" in why) != (state.sticks == move)
        count += 1
    assert count >= 10


def test_tictactoe_words_are_true_of_every_mistake():
    """The three in a row it missed, the threat it left, the fork it allowed or missed:
    each claim is checked on the board with the brute force's own winner."""
    game = TicTacToe()
    kinds = set()

    def wins(board, square, mark):
        i = square - 1
        return board[i] == "." and bruteforce.ttt_winner(
            bruteforce.ttt_grid(board[:i] + mark + board[i + 1:])) == mark

    def two_threats(board, mark):
        return sum(wins(board, s, mark) for s in range(1, 10)) >= 2

    for state, move, why in every_mistake(game, bruteforce.ttt_positions()):
        me = "X" if state.count("X") == state.count("O") else "O"
        them = "O" if me == "X" else "X"
        after = game.result(state, move)
        if found := re.fullmatch(r"It missed three in a row at square (\d)\.", why):
            assert wins(state, int(found.group(1)), me)
            kinds.add("missed three")
        elif found := re.fullmatch(r"It did not block ([XO]) at square (\d): .*", why):
            assert found.group(1) == them and wins(after, int(found.group(2)), them)
            kinds.add("not blocked")
        elif found := re.fullmatch(r"It let ([XO]) fork at square (\d): .*", why):
            square = int(found.group(2)) - 1
            forked = after[:square] + them + after[square + 1:]
            assert after[square] == "." and two_threats(forked, them)
            assert ttt_solve(forked)[0] == -1   # the one who made the mistake loses
            kinds.add("fork allowed")
        elif found := re.fullmatch(r"It missed the fork at square (\d): .*", why):
            square = int(found.group(1)) - 1
            forked = state[:square] + me + state[square + 1:]
            assert state[square] == "." and two_threats(forked, me)
            kinds.add("fork missed")
        else:
            kinds.add(why.split(":")[0])
    assert {"missed three", "not blocked", "fork allowed", "fork missed",
            "It let X force a fork", "It missed a forced fork"} <= kinds


def test_hexapawn_words_name_the_win_missed_or_the_reply_allowed():
    game = make_game("hexapawn")
    count = 0
    for state, move, why in every_mistake(game, [hexa.to_state(p) for p in hexa.positions()]):
        kit = kit_for(game)
        if found := re.match(r"It missed (\S+), which wins at once", why):
            chance = kit.parse_move(game, state, found.group(1))
            assert game.winner(game.result(state, chance)) == state.player
        else:
            found = re.match(r"It allowed (\S+): (White|Black) ", why)
            assert found, why
            after = game.result(state, move)
            reply = kit.parse_move(game, after, found.group(1))
            assert game.winner(game.result(after, reply)) == 1 - state.player
        count += 1
    assert count > 20


def test_a_game_without_words_of_its_own_says_the_generic_sentence():
    """The kit hook's default names the better move and what it kept."""
    game = Sticks(6)
    judge = ExactJudge(game)
    state = game.initial_state()
    words = GameKit.mistake_words(kit_for(game), game, state, 1, judge.best_move(state), judge)
    assert words == "It gave away the win: 1 (take 1 stick) would have kept it."


def test_play_on_from_just_before_the_first_mistake():
    game = Sticks(10)
    reviewed = review(game, read_moves(game, ["1", "3", "2", "1", "2"]))
    assert [m.mistake for m in reviewed.moves] == [False, False, True, True, False]
    assert reviewed.first_mistake.ply == 3
    play_on = reviewed.play_on()
    assert play_on.state == SticksState(6, 0) and play_on.moves == (1, 3)


@pytest.mark.parametrize("game,texts,ply,words", [
    (Nim((1, 3, 5, 7)), ["4:7", "2:9"], 2, "Pile 2 has only 3 objects."),
    (Nim((1, 3, 5, 7)), ["4:7", "5:1"], 2, "There is no pile 5; the piles are 1 to 4."),
    (Nim((1, 3, 5, 7)), ["x"], 1, "Type a move as PILE:COUNT"),
    (Sticks(5), ["3", "3"], 2, "There are only 2 sticks left."),
    (Sticks(5), ["4"], 1, "You must take between 1 and 3 sticks, not 4."),
    (Sticks(2), ["1", "1", "1"], 3, "the game is over by then"),
    (TicTacToe(), ["5", "5"], 2, "Please choose an empty square from 1 to 9."),
    (make_game("hexapawn"), ["b1-b3"], 1, "B1 to b3 is not a pawn's move"),
])
def test_a_move_that_cannot_be_played_names_its_ply_and_why(game, texts, ply, words):
    with pytest.raises(BadMove) as raised:
        read_moves(game, texts)
    assert raised.value.ply == ply and words in str(raised.value)
    assert "\n" not in str(raised.value)
