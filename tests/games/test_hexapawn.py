"""Hexapawn's rules against an independent brute force (tests/bruteforce_hexapawn.py): every
game to the end, every reachable position, who wins, the value; and random play."""

from collections import Counter

import bruteforce_hexapawn as brute
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nimgame.games import IllegalMove
from nimgame.games.hexapawn import Hexapawn, HexapawnState
from nimgame.games.hexapawn.rules import playable_states, reachable_states

GAME = Hexapawn()
POSITIONS = brute.positions()
#: What the brute force finds, stated: a wrong count in both would still show here.
GAMES, REACHABLE, PLAYABLE = 134, 135, 70


def engine_games():
    """Every complete game by the engine's rules: (its moves, its final state)."""
    stack = [(GAME.initial_state(), ())]
    while stack:
        state, path = stack.pop()
        options = GAME.legal_moves(state)
        if not options:
            yield path, state
        for move in options:
            stack.append((GAME.result(state, move), path + (move,)))


def test_the_brute_force_counts():
    games = list(brute.every_game())
    wins = Counter(brute.winner(end) for _, end in games)
    assert len(games) == GAMES and wins == {"white": 64, "black": 70}
    assert len(POSITIONS) == REACHABLE
    assert sum(brute.winner(p) is None for p in POSITIONS) == PLAYABLE
    assert not brute.mover_wins(brute.START)   # the second player wins


def test_every_game_to_the_end_is_the_same_game_with_the_same_winner():
    mine = {tuple(map(brute.to_move, path)): brute.winner(end)
            for path, end in brute.every_game()}
    theirs = {path: GAME.winner(end) for path, end in engine_games()}
    assert len(theirs) == len(mine) == GAMES
    assert theirs == {path: (0 if side == "white" else 1) for path, side in mine.items()}


def test_every_reachable_position_and_its_moves():
    states = {brute.to_state(p): p for p in POSITIONS}
    assert set(states) == reachable_states()
    assert set(playable_states()) == {s for s, p in states.items() if brute.moves(p)}
    assert GAME.position_bound() >= len(states)
    assert GAME.move_bound() >= max(len(brute.moves(p)) for p in POSITIONS)
    for state, pos in states.items():
        expected = sorted(map(brute.to_move, brute.moves(pos)))
        assert sorted(GAME.legal_moves(state)) == expected, state
        assert GAME.to_move(state) == (0 if pos.mover == "white" else 1)
        assert GAME.is_over(state) == (not expected)
        side = brute.winner(pos)
        assert GAME.winner(state) == (None if side is None else ("white", "black").index(side))
        for move in brute.moves(pos):
            assert GAME.result(state, brute.to_move(move)) == brute.to_state(brute.play(pos, move))
            assert GAME.describe_move(state, brute.to_move(move)) == brute.words(move)
            assert GAME.why_illegal(state, brute.to_move(move)) is None


def test_how_each_game_ended_is_said():
    said = {"far row": "reached the far row", "no pawns": "took {}'s last pawn",
            "no move": "left {} no move"}
    seen = set()
    for pos in POSITIONS:
        how = brute.how_it_ended(pos)
        words = GAME.last_move_words(brute.to_state(pos))
        if how is None:
            assert words == ""
            continue
        seen.add(how)
        assert words == said[how].format(pos.mover.capitalize())
        outcome = GAME.outcome(brute.to_state(pos), 0 if pos.mover == "white" else 1)
        assert outcome == -1   # the player to move in a finished game has lost
    assert seen == set(said)


def test_the_value_is_a_win_for_the_second_player():
    start = GAME.initial_state()
    assert brute.from_state(start) == brute.START
    assert not brute.mover_wins(brute.from_state(start))
    # ... and every reachable position's value, for the record of which side can win
    values = Counter(brute.mover_wins(p) for p in POSITIONS if brute.moves(p))
    assert sum(values.values()) == PLAYABLE


def test_shortest_game_is_the_brute_force_shortest():
    assert GAME.shortest_game() == min(len(path) for path, _ in brute.every_game())


def test_canonical_is_the_mirror_and_keeps_everything():
    for pos in POSITIONS:
        state = brute.to_state(pos)
        canon = GAME.canonical(state)
        mirrored = brute.to_state(brute.mirror(pos))
        assert canon in (state, mirrored) and canon == GAME.canonical(mirrored)
        assert GAME.canonical(canon) == canon
        assert canon in reachable_states()   # the representative is a legal state
        assert brute.winner(brute.from_state(canon)) == brute.winner(pos)
        if brute.moves(pos):
            assert brute.mover_wins(brute.from_state(canon)) == brute.mover_wins(pos)
    canonical = {GAME.canonical(brute.to_state(p)) for p in POSITIONS}
    assert len(canonical) == len({frozenset({p, brute.mirror(p)}) for p in POSITIONS})


def test_rules_and_words():
    assert GAME.name == "hexapawn" and GAME.title == "Hexapawn" and not GAME.has_draws
    assert GAME.rules() == {} and GAME == Hexapawn() and hash(GAME) == hash(Hexapawn())
    assert repr(GAME) == "Hexapawn()"
    assert "far row" in GAME.describe_rules() and GAME.short_rules() != "—"
    assert GAME.initial_state() == HexapawnState("WWW...BBB", 0)


def test_illegal_moves_say_why():
    start = GAME.initial_state()
    cases = [
        ("b1b3", "a Hexapawn move is \\(from square, to square\\)"),
        ((1, 2, 3), "a Hexapawn move is"),
        ((1, 9), "there is no square 9"),
        ((True, 4), "there is no square True"),
        ((4, 7), "there is no pawn on b2"),
        ((7, 4), "the pawn on b3 is Black's, not yours: White is to move"),
        ((1, 7), "not a pawn's move"),
        ((1, 0), "not a pawn's move"),
        ((0, 5), "not a pawn's move"),
        ((0, 4), "a pawn moves diagonally only to capture, and b2 is empty"),
    ]
    for move, reason in cases:
        with pytest.raises(IllegalMove, match=reason):
            GAME.result(start, move)
        assert GAME.why_illegal(start, move)
    with pytest.raises(IllegalMove, match="a pawn moves diagonally only to capture"):
        GAME.result(HexapawnState("WWW...BBB", 1), (6, 4))
    state = HexapawnState("W.WB..B.B", 0)   # a2 Black: a1 blocked
    with pytest.raises(IllegalMove, match="a1 is blocked: a2 holds a Black pawn"):
        GAME.result(state, (0, 3))
    state = HexapawnState("WW..W.BBB", 0)   # White on b2, in front of b1
    with pytest.raises(IllegalMove, match="b1 is blocked: b2 holds your own pawn"):
        GAME.result(state, (1, 4))
    with pytest.raises(IllegalMove, match="holds your own pawn"):
        GAME.result(state, (0, 4))
    over = HexapawnState("W.W.B.WBB", 1)   # White on a3
    with pytest.raises(IllegalMove, match="the game is over"):
        GAME.result(over, (4, 1))


# -- random play -------------------------------------------------------------------------

def walk(choices):
    """The states of a game played by picking `choices[i] mod n` among the legal moves."""
    state = GAME.initial_state()
    states = [state]
    for pick in choices:
        moves = GAME.legal_moves(state)
        if not moves:
            break
        state = GAME.result(state, moves[pick % len(moves)])
        states.append(state)
    return states


CHOICES = st.lists(st.integers(0, 10), max_size=10)
JUNK_MOVES = st.one_of(
    st.tuples(st.integers(-3, 12), st.integers(-3, 12)),
    st.tuples(st.booleans(), st.integers(0, 8)),
    st.none(), st.text(max_size=5), st.integers(), st.lists(st.integers(0, 8), max_size=3),
    st.tuples(st.floats(0, 8), st.integers(0, 8)),
)


@settings(max_examples=300, deadline=None)
@given(CHOICES, JUNK_MOVES)
def test_result_is_pure_and_illegal_moves_raise_with_a_reason(choices, move):
    for state in walk(choices):
        copy = HexapawnState(state.board, state.player)
        legal = GAME.legal_moves(state)
        for m in legal:
            assert GAME.result(state, m) == GAME.result(state, m)
            assert GAME.to_move(GAME.result(state, m)) == 1 - GAME.to_move(state)
        assert state == copy
        if isinstance(move, (tuple, list)) and tuple(move) in legal:
            continue   # a list reads as the pair it holds, as in every game's rules
        with pytest.raises(IllegalMove) as raised:
            GAME.result(state, move)
        assert str(raised.value) and GAME.why_illegal(state, move) == str(raised.value)
        if GAME.is_over(state) and isinstance(move, tuple) and len(move) == 2 and all(
                type(v) is int and 0 <= v < 9 for v in move):
            assert str(raised.value) == "the game is over"


@settings(max_examples=200, deadline=None)
@given(CHOICES)
def test_mirror_keeps_value_and_legality(choices):
    flip = (2, 1, 0, 5, 4, 3, 8, 7, 6)
    for state in walk(choices):
        mirrored = HexapawnState("".join(state.board[i] for i in flip), state.player)
        assert GAME.canonical(mirrored) == GAME.canonical(state)
        assert sorted(GAME.legal_moves(mirrored)) == sorted(
            (flip[a], flip[b]) for a, b in GAME.legal_moves(state))
        assert GAME.winner(mirrored) == GAME.winner(state)
        pos = brute.from_state(state)
        if brute.moves(pos):
            assert brute.mover_wins(brute.from_state(GAME.canonical(state))) == \
                brute.mover_wins(pos)


@settings(max_examples=200, deadline=None)
@given(CHOICES)
def test_state_data_round_trips(choices):
    for state in walk(choices):
        data = GAME.state_to_data(state)
        assert type(data) is tuple and data == (state.board, state.player)
        assert GAME.state_from_data(data) == state
        assert GAME.state_from_data(list(data)) == state   # as a list, as files may hold it
        back = GAME.state_from_data(GAME.state_to_data(GAME.canonical(state)))
        assert back == GAME.canonical(state)


GARBAGE = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=3), inner, max_size=2),
    max_leaves=8)


@settings(max_examples=400, deadline=None)
@given(GARBAGE)
def test_state_from_data_refuses_garbage(data):
    reachable = {(s.board, s.player) for s in reachable_states()}
    if isinstance(data, (tuple, list)) and len(data) == 2 and \
            type(data[0]) is str and type(data[1]) is int and (data[0], data[1]) in reachable:
        assert GAME.state_from_data(data) == HexapawnState(*data)
        return
    with pytest.raises(ValueError):
        GAME.state_from_data(data)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="WB.", min_size=9, max_size=9), st.integers(-1, 2))
def test_state_from_data_takes_only_reachable_positions(board, player):
    pos_reachable = HexapawnState(board, player) in reachable_states()
    if pos_reachable:
        assert GAME.state_from_data((board, player)) == HexapawnState(board, player)
    else:
        with pytest.raises(ValueError):
            GAME.state_from_data((board, player))


def test_state_from_data_says_what_is_wrong():
    for data, reason in [
        ("WWW...BBB", "is not a position \\(board, player\\)"),
        (("WWW...BB", 0), "is not a Hexapawn board"),
        (("WWW...BBX", 0), "is not a Hexapawn board"),
        (("WWW...BBB", 2), "the player to move must be a whole number from 0 to 1"),
        (("WWW...BBB", True), "the player to move"),
        (("WWW...BBB", 1), "with Black to move is not a position Hexapawn can reach"),
        (("WWWWBB...", 0), "is not a position Hexapawn can reach"),
        (("WWW.W.BBB", 0), "can reach"),   # four White pawns
    ]:
        with pytest.raises(ValueError, match=reason):
            GAME.state_from_data(data)


def test_exploring_starts_are_every_playable_position_once():
    import random

    starts = GAME.exploring_starts(1_000)
    assert starts is not None and len(starts) == len(set(starts)) == PLAYABLE
    assert all(brute.moves(brute.from_state(s)) for s in starts)
    assert GAME.exploring_starts(PLAYABLE - 1) is None
    rng = random.Random(0)
    drawn = {GAME.exploring_start(rng) for _ in range(2_000)}
    assert drawn == set(starts)
