"""Selection ranks by the result the game gives (a win 1 point, a draw ½, a loss 0, per game
played), then by fewer losses a game, then by the order listed — and says which decided.

The scorer here is written apart from `nimgame.ranking`: whole numbers only (twice the
points, cross-multiplied), a pairwise "beats" and a count of who beats whom."""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nimgame import kuet
from nimgame.games import Nim, TicTacToe
from nimgame.learning.arena import run_arena
from nimgame.players import MinimaxPlayer, PerfectPlayer, RandomPlayer
from nimgame.ranking import Record, rank


def points_a_game(row: tuple[int, int, int]) -> tuple[int, int]:
    """Twice the points over the games, as (numerator, denominator): 0 where unplayed."""
    wins, draws, losses = row
    games = wins + draws + losses
    return (2 * wins + draws, games) if games else (0, 1)


def losses_a_game(row: tuple[int, int, int]) -> tuple[int, int]:
    """Losses over the games: an unplayed row counts as all lost."""
    games = sum(row)
    return (row[2], games) if games else (1, 1)


def compare(a: tuple[int, int], b: tuple[int, int]) -> int:
    left, right = a[0] * b[1], b[0] * a[1]
    return (left > right) - (left < right)


def beats(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    """+1 if the table row `a` (wins, draws, losses) ranks above `b`, -1 below, 0 level on
    both keys."""
    return compare(points_a_game(a), points_a_game(b)) or \
        compare(losses_a_game(b), losses_a_game(a))


def scorer(rows: list[tuple[int, int, int]]) -> list[int]:
    """The rows' indices best first: a row's place is how many rows beat it, plus the
    level rows listed before it."""
    places = []
    for i, row in enumerate(rows):
        above = sum(beats(other, row) > 0 for other in rows)
        level_before = sum(beats(other, row) == 0 for other in rows[:i])
        places.append(above + level_before)
    return sorted(range(len(rows)), key=places.__getitem__)


def records(rows):
    return [Record(f"p{i}", *row) for i, row in enumerate(rows)]


def assert_agrees(rows):
    ranking = rank(records(rows))
    expected = scorer(rows)
    assert [r.name for r in ranking.order] == [f"p{i}" for i in expected]
    best = expected[0]
    others = [i for i in range(len(rows)) if i != best]
    level = [i for i in others if beats(rows[i], rows[best]) == 0]
    same_points = [i for i in others
                   if compare(points_a_game(rows[i]), points_a_game(rows[best])) == 0]
    if len(rows) == 1:
        assert "only" in ranking.how and "tie" not in ranking.how
    elif level:   # level on points and on losses: the first listed is kept, and it says so
        assert ranking.how.startswith("tie on ") and "kept the first listed" in ranking.how
        named = level if len(level) <= 3 else level[:2]
        assert all(f"p{i}" in ranking.how for i in named)
        if len(level) > 3:
            assert f"and {len(level) - 2} others:" in ranking.how
    elif same_points:   # level on points, not on losses
        assert ranking.how.startswith("tie on ") and "fewer losses" in ranking.how
        assert "first listed" not in ranking.how
    else:
        assert "tie" not in ranking.how and "most points" in ranking.how


ROWS_OF_TWO = [row for row in itertools.product(range(3), repeat=3) if sum(row) == 2]


@pytest.mark.parametrize("size", [1, 2, 3])
def test_every_table_of_two_game_rows_agrees(size):
    for rows in itertools.product(ROWS_OF_TWO, repeat=size):
        assert_agrees(list(rows))


row = st.tuples(*[st.integers(0, 6)] * 3)


@given(st.lists(row, min_size=1, max_size=6))
def test_random_tables_agree(rows):
    assert_agrees(rows)


@given(st.integers(1, 8), st.lists(row, min_size=1, max_size=6))
def test_random_tables_of_equal_games_agree(games, rows):
    """Every contender played `games` games (an arena that was not stopped)."""
    equal = [(w, d, games - w - d) for w, d, _ in rows if w + d <= games]
    if equal:
        assert_agrees(equal)


def test_records_refuse_negative_counts():
    with pytest.raises(ValueError, match="losses"):
        Record("x", 1, 0, -1)
    with pytest.raises(ValueError, match="at least one"):
        rank([])


def test_the_issues_tic_tac_toe_arena_picks_a_drawing_player():
    """Random lost most of its games against minimax; minimax and a trained AI drew all.
    Counting wins only, Random (listed first) was picked."""
    game = TicTacToe()
    contenders = {"Random": RandomPlayer(game, seed=3), "Minimax": MinimaxPlayer(game),
                  "Trained": MinimaxPlayer(game)}
    arena = run_arena(game, contenders, MinimaxPlayer(game), 20)
    assert arena.results["Random"].losses > 10 and arena.results["Minimax"].draws == 20
    assert arena.selected.algorithm == "Minimax"
    assert arena.selected.fitness == 0.5
    assert arena.selected.how == ("tie on 10 of 20 points and 0 losses with Trained: "
                                  "kept the first listed")


def test_a_draw_is_worth_more_than_a_loss_and_less_than_a_win():
    game = TicTacToe()
    arena = run_arena(game, {"Random": RandomPlayer(game, seed=3),
                             "Minimax": MinimaxPlayer(game)}, RandomPlayer(game, seed=4), 10)
    assert arena.selected.algorithm == "Minimax"
    assert arena.selected.how.startswith("Minimax: the most points a game")


def test_fewer_losses_break_a_tie_and_say_so():
    ranking = rank([Record("Bold", 5, 0, 5), Record("Careful", 0, 10, 0)])
    assert ranking.first.name == "Careful"
    assert ranking.how == ("tie on 5 of 10 points with Bold: fewer losses decided "
                           "(0 of 10 against 5 of 10)")


def test_a_long_tie_names_two_and_counts_the_others():
    ranking = rank([Record(f"p{i}", 1, 1, 1) for i in range(5)])
    assert ranking.first.name == "p0"
    assert ranking.how == "tie on 1½ of 3 points and 1 loss with p1, p2 and 2 others: " \
                          "kept the first listed"


def test_half_points_are_written_as_halves():
    ranking = rank([Record("A", 1, 1, 0), Record("B", 0, 1, 1)])
    assert ranking.how == "A: the most points a game, 1½ of 2; next B, ½ of 2"


def test_kuet_selection_keeps_the_first_of_equals_and_says_so():
    chosen = kuet.selection({"Minimax": [1, 0, 1], "Alpha_Beta": [1, 1, 0]})
    assert chosen.algorithm == "Minimax" and chosen.fitness == 2 / 3
    assert chosen.how == "tie on 2 of 3 points and 1 loss with Alpha_Beta: " \
                         "kept the first listed"
    alone = kuet.selection({"Minimax": [0, 0, 1], "Alpha_Beta": [1, 1, 0]})
    assert alone.algorithm == "Alpha_Beta" and "tie" not in alone.how


def test_a_nim_arena_still_selects_by_wins():
    game = Nim((2, 3, 4), misere=False, max_take=3)
    arena = run_arena(game, {"Random": RandomPlayer(game, seed=1),
                             "Perfect": PerfectPlayer(game)}, RandomPlayer(game, seed=2), 10)
    assert arena.selected.algorithm == "Perfect"
    assert arena.selected.fitness == arena.results["Perfect"].wins / 10
