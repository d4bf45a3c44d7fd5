"""The pyramid boards (rows of 1, 3, 5, ... objects, normal play), after Zhou & Riis,
"Impartial games: a challenge for reinforcement learning" (Machine Learning, 2026): a
learner's table holds one entry per canonical position, so its limit counts those, not
the real positions (piles in every order, either player to move). The 7-row board their
AlphaZero could not learn holds 21,318 of them; it used to be refused as "more than
250,000 positions" because its 1,290,240 real ones were counted."""

from functools import cache
from math import comb

import pytest
from bruteforce import nim_canonical_positions
from hypothesis import given, settings
from hypothesis import strategies as st

from nimgame.games import Nim, Sticks, TicTacToe
from nimgame.games.hexapawn import Hexapawn
from nimgame.learning.training import train
from nimgame.players import LEARNERS, HatLearner, QLearner
from nimgame.players.learner import MAX_LEARNER_POSITIONS

#: rows -> canonical positions (the finished board included), as the paper counts them
PYRAMIDS = {5: 728, 6: 3_876, 7: 21_318}


def pyramid(rows: int) -> tuple[int, ...]:
    return tuple(range(1, 2 * rows, 2))


@pytest.mark.parametrize("rows,count", PYRAMIDS.items())
def test_a_pyramid_board_counts_the_canonical_positions_a_walk_finds(rows, count):
    game = Nim(pyramid(rows), misere=False)
    assert len(nim_canonical_positions(game.piles)) == count
    assert game.canonical_bound() == count < game.position_bound()


@settings(max_examples=150, deadline=None)
@given(piles=st.lists(st.integers(0, 7), min_size=1, max_size=5),
       cap=st.none() | st.integers(1, 3))
def test_any_small_board_counts_exactly_what_a_walk_finds(piles, cap):
    game = Nim(piles, max_take=cap)
    assert game.canonical_bound() == len(nim_canonical_positions(piles, cap))


@pytest.mark.parametrize("size,piles", [
    (2000, 2), (10**6, 1), (10**6, 3), (15, 8), (10**100, 100), (0, 100), (1, 100),
])
def test_equal_piles_count_the_multisets_even_far_beyond_any_table(size, piles):
    """n piles of m: the sorted boards are the multisets of n sizes from 0..m, C(m+n, n)
    of them; on boards of a googol it is answered without walking (a brain file's header
    may name any board)."""
    assert Nim((size,) * piles).canonical_bound() == comb(size + piles, piles)


@pytest.mark.parametrize("piles", [(10**100, 3, 10**6), (5, 10**7, 2, 2), (999, 1001, 1000)])
def test_a_board_too_big_to_count_is_bounded_above_by_its_real_positions(piles):
    game = Nim(piles)
    bound = game.canonical_bound()
    assert MAX_LEARNER_POSITIONS < 10**6 < bound <= game.position_bound() // 2


def test_other_games_bound_their_canonical_positions_by_their_positions():
    for game in (Sticks(100), TicTacToe(), Hexapawn()):
        assert game.canonical_bound() == game.position_bound()


@pytest.mark.parametrize("kind", ["q", "hats"])
@pytest.mark.parametrize("rows", PYRAMIDS)
def test_the_learners_take_on_every_pyramid_board_and_their_tables_load(kind, rows):
    game = Nim(pyramid(rows), misere=False)
    cls = LEARNERS[kind]
    assert cls.supports(game)
    learner = cls(game)
    train(learner, 30, seed=1, curve_points=0)
    table = learner.export_table()
    assert cls.check_table(table, game) is table


@pytest.mark.parametrize("cls", [QLearner, HatLearner])
def test_a_table_longer_than_the_board_holds_is_refused_before_it_is_read(cls):
    game = Nim(pyramid(7), misere=False)
    huge = {"states": [object()] * (PYRAMIDS[7] + 1), "values": [], "hats": []}
    huge = {key: huge[key] for key in ("states", *cls.table_fields)}
    with pytest.raises(ValueError, match="^the table must list 1 to 21,318 positions$"):
        cls.check_table(huge, game)
    # a header may name a board of a googol: its limit is worked out, not walked
    googol = Nim((10**100,) * 100)
    small = {"states": [[[0] * 100, 0]], "values": [0.0], "hats": [None]}
    small = {key: small[key] for key in ("states", *cls.table_fields)}
    assert cls.check_table(small, googol) is small


@pytest.mark.parametrize("cls", [QLearner, HatLearner])
def test_a_table_for_a_board_of_a_googol_is_refused_in_one_short_line(cls):
    """No table lists more positions than a learner takes on, whatever board it names."""
    fields = {"states": "all", "values": [], "hats": []}
    with pytest.raises(ValueError, match=f"^the table must list 1 to "
                                         f"{MAX_LEARNER_POSITIONS:,} positions$"):
        cls.check_table({key: fields[key] for key in ("states", *cls.table_fields)},
                        Nim((10**100,) * 100))


def test_the_nim_kit_offers_each_pyramid_board_in_normal_play():
    from nimgame.games.nim.kit import KIT

    offered = {preset.rules["piles"]: preset for preset in KIT.presets
               if preset.rules is not None and not preset.rules["misere"]
               and preset.rules["max_take"] is None}
    for rows in PYRAMIDS:
        assert f"{rows} rows" in offered[pyramid(rows)].label
        assert KIT.make(offered[pyramid(rows)].rules) == Nim(pyramid(rows), misere=False)


def test_who_walks_the_real_positions_still_counts_them_on_the_seven_rows():
    """Search, sampling and OpenSpiel walk real positions (piles in any order), so they
    keep `position_bound`: minimax and MCTS play the 7-row board, the review judges it by
    the theory (its search would walk more than it allows) and says who wins."""
    from nimgame.players import MCTSPlayer, MinimaxPlayer
    from nimgame.review import ExactJudge
    from nimgame.review.values import SEARCH_LIMIT, counts_moves

    game = Nim(pyramid(7), misere=False)
    assert game.position_bound() == 2 * 2 * 4 * 6 * 8 * 10 * 12 * 14 > SEARCH_LIMIT
    assert MinimaxPlayer.supports(game) and MCTSPlayer.supports(game)
    assert not counts_moves(game)
    start = game.initial_state()
    assert ExactJudge(game).value(start, 0).outcome == (1 if sorted_mover_wins(
        game.piles) else -1)


@cache
def sorted_mover_wins(piles):
    """Normal play, by brute force over boards with their piles sorted (the order of the
    piles does not matter): 21,318 boards for the 7 rows, not 645,120."""
    return any(not sorted_mover_wins(tuple(sorted(piles[:i] + (piles[i] - c,) + piles[i + 1:])))
               for i in range(len(piles)) for c in range(1, piles[i] + 1))


def test_a_brain_of_the_seven_rows_is_saved_and_read_back_whole():
    from nimgame import storage

    learner = QLearner(Nim(pyramid(7), misere=False))
    train(learner, 2_000, seed=3, curve_points=0)
    learner.name = "Seven rows"
    path = storage.save(learner)
    again = storage.load(path)
    assert again.game == learner.game and again.export_table() == learner.export_table()
    assert len(again.graph) > 1_000


@pytest.mark.parametrize("cls", [QLearner, HatLearner])
def test_a_refusal_names_the_limit_the_board_passed_with_its_numbers(cls):
    """Two limits: canonical positions, and positions times moves (the most entries a table
    could grow to). The refusal says which one the board passed, with both numbers."""
    from nimgame.players.learner import MAX_LEARNER_ENTRIES

    many = Nim((1, 3, 5, 7, 9, 11, 13, 15, 17), misere=False)   # 690,690 positions
    said = cls.refusal(many)
    assert "690,690 positions" in said and f"more than {MAX_LEARNER_POSITIONS:,}" in said
    wide = Nim((3000, 5))   # 17,991 positions, up to 3,005 moves each
    assert cls.supports(wide) is False
    said = cls.refusal(wide)
    assert "17,991 positions" in said and "3,005 moves" in said and "54,062,955" in said
    assert f"more than {MAX_LEARNER_ENTRIES:,}" in said
    assert f"{MAX_LEARNER_POSITIONS:,} positions" not in said
    assert said.count("\n") == 0
