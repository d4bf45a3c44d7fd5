"""KUET's results say the person's own score and why NimX loses, from the boards played:
the first to move can force a win exactly when the nim-sum of the piles (each counted mod
cap + 1) is not 0 — checked against a brute force over every KUET board."""

import itertools
from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from nimgame import kuet


@cache
def mover_wins(piles: tuple[int, ...], cap: int) -> bool:
    """Normal play, at most `cap` a move: whether the player to move can force a win."""
    return any(not mover_wins(tuple(sorted(piles[:i] + (p - take,) + piles[i + 1:])), cap)
               for i, p in enumerate(piles) for take in range(1, min(cap, p) + 1))


def every_kuet_board():
    for count in (2, 3):
        yield from itertools.product(range(1, 7), repeat=count)


def test_the_first_to_move_wins_exactly_where_the_brute_force_says():
    boards = list(every_kuet_board())
    assert len(boards) == 6 ** 2 + 6 ** 3
    for board in boards:
        assert kuet.first_player_wins(board) is mover_wins(tuple(sorted(board)), kuet.KUET_CAP)


def test_the_persons_score_is_every_game_nimx_lost():
    results = {"Minimax": [0, 1, 0], "Alpha-Beta": [0, 0, 1]}
    assert kuet.person_score(results) == (4, 6)
    assert kuet.person_score({}) == (0, 0)


@given(st.lists(st.lists(st.integers(1, 6), min_size=2, max_size=3), min_size=1, max_size=6))
def test_why_counts_the_boards_the_first_player_wins(boards):
    boards = [tuple(board) for board in boards]
    sentence = kuet.why_nimx_loses(boards)
    winning = sum(mover_wins(tuple(sorted(b)), kuet.KUET_CAP) for b in boards)
    assert sentence.startswith("You moved first in every game")
    if winning:
        assert f"on {winning} of the {len(boards)} boards" in sentence or (
            winning == len(boards) == 1 and "on the one board" in sentence)
        assert "nim-sum" in sentence and "not 0" in sentence
    else:
        assert "none of the" in sentence or "the one board" in sentence
    assert "\n" not in sentence
