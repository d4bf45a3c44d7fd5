"""train(): progress, stopping, the learning curve, argument checks; and matches."""

import random

import pytest

from nimgame.games import Nim, Sticks, TicTacToe
from nimgame.learning.evaluation import match, optimal_move_share, winning_move_share
from nimgame.learning.training import train
from nimgame.players import HatLearner, MinimaxPlayer, PerfectPlayer, QLearner, RandomPlayer


def test_progress_and_curve():
    learner = QLearner(Nim())
    calls = []
    report = train(learner, 4_000, seed=1, curve_points=4, eval_games=50, curve_share=None,
                   progress=lambda done, total, stats: calls.append((done, total, stats)))
    assert report.games == 4_000 == learner.games_trained
    assert [p.games for p in report.curve] == [0, 1_000, 2_000, 3_000, 4_000]
    assert calls and calls[-1][0] == 4_000 and all(t == 4_000 for _, t, _ in calls)
    assert [d for d, _, _ in calls] == sorted(d for d, _, _ in calls)
    assert calls[-1][2].games_per_second > 0
    assert report.curve[-1].optimal_share > report.curve[0].optimal_share
    assert 0 <= report.curve[-1].win_rate <= 1
    assert report.accuracy == report.curve[-1].optimal_share
    assert report.training_seconds <= report.seconds and not report.stopped


def test_should_stop_leaves_a_consistent_learner():
    learner = QLearner(Nim())
    seen = []
    report = train(learner, 1_000_000, seed=1, curve_points=0,
                   progress=lambda d, t, s: seen.append(d),
                   should_stop=lambda: bool(seen) and seen[-1] >= 2_000)
    assert report.stopped
    assert 2_000 <= report.games == learner.games_trained < 1_000_000
    assert len(learner.values) == len(learner.graph)
    learner.choose_move(Nim().initial_state())


def test_chunking_does_not_change_what_is_learned():
    a, b = QLearner(Nim()), QLearner(Nim())
    train(a, 5_000, seed=4, curve_points=0)
    train(b, 5_000, seed=4, curve_points=7)
    assert a.values == b.values


def test_train_checks_its_arguments():
    with pytest.raises(TypeError, match="only a learner"):
        train(PerfectPlayer(Nim()), 10)
    with pytest.raises(ValueError, match="games must be"):
        train(QLearner(Nim()), -1)
    with pytest.raises(ValueError, match="different game"):
        train(QLearner(Nim()), 10, opponent=RandomPlayer(Nim((1, 2))))
    with pytest.raises(ValueError, match="cannot play"):
        train(QLearner(TicTacToe()), 10, opponent=PerfectPlayer(Nim()))


def test_finished_board_trains_nothing():
    learner = QLearner(Nim((0, 0)))
    report = train(learner, 10, seed=1, curve_points=0)
    assert report.games == 10


def test_match_totals_add_up_by_side():
    game = Sticks(21)
    result = match(game, PerfectPlayer(game), RandomPlayer(game, seed=3), games=30)
    assert result.games == 30 == result.wins + result.losses + result.draws
    assert result.wins == result.wins_first + result.wins_second
    assert result.losses == result.losses_first + result.losses_second
    assert result.wins_first == 15  # 21 = 4*5+1 is lost for the mover: Perfect wins second
    ttt = match(TicTacToe(), MinimaxPlayer(TicTacToe()), MinimaxPlayer(TicTacToe()), games=4)
    assert ttt.draws == 4


def test_judges_score_players():
    game = Nim()
    assert winning_move_share(PerfectPlayer(game)) == 1.0
    assert optimal_move_share(MinimaxPlayer(game)) == 1.0
    assert optimal_move_share(RandomPlayer(game, seed=1)) < 0.5
    assert optimal_move_share(MinimaxPlayer(TicTacToe())) == 1.0


def test_training_opponents_by_name():
    from nimgame.learning.training import TRAINING_OPPONENTS, training_opponent
    from nimgame.players import MinimaxPlayer, PerfectPlayer, RandomPlayer

    assert TRAINING_OPPONENTS == ("self", "random", "perfect")
    assert training_opponent("self", Nim()) is None
    assert type(training_opponent("random", Nim(), seed=1)) is RandomPlayer
    assert type(training_opponent("perfect", Nim())) is PerfectPlayer
    assert type(training_opponent("perfect", TicTacToe())) is MinimaxPlayer
    with pytest.raises(ValueError, match="unknown training opponent"):
        training_opponent("Perfect", Nim())


def test_match_reports_each_game_and_stops_when_asked():
    game = Sticks(21)   # lost for the mover: Perfect wins every game it moves second
    heard = []
    result = match(game, PerfectPlayer(game), PerfectPlayer(game), games=6,
                   each_game=heard.append)
    assert heard == [-1, 1] * 3 and result.wins_second == 3 and result.losses_first == 3
    stopped = match(game, PerfectPlayer(game), RandomPlayer(game, seed=1), games=10,
                    each_game=heard.append, should_stop=lambda: len(heard) >= 8)
    assert stopped.games == 2 == len(heard) - 6


@pytest.mark.parametrize("games,points", [(10_000, 20), (1_000, 20), (1_000_000, 20), (7, 20),
                                          (1, 5), (400_000, 3)])
def test_log_curve_marks_are_dense_early_and_end_at_the_last_game(games, points):
    from nimgame.learning.training import curve_marks

    marks = curve_marks(games, points, log=True)
    assert marks == sorted(set(marks)) and marks[-1] == games and 1 <= marks[0]
    assert len(marks) <= points + 1
    if games >= 1_000 and points >= 10:
        assert marks[0] <= games / 500 and marks[points // 2] <= games / 10
    assert curve_marks(games, points) == sorted({games * k // points
                                                 for k in range(1, points + 1)})
    assert curve_marks(games, 0, log=True) == [] == curve_marks(0, points, log=True)


def test_a_log_curve_shows_the_climb_of_a_fast_learner():
    learner = QLearner(Nim())
    report = train(learner, 10_000, seed=1, curve_points=20, eval_games=20, curve_log=True,
                   curve_share=None)   # every point (what the budget affords: below)
    shares = [p.optimal_share for p in report.curve]
    assert report.curve[1].games <= 20 and shares[-1] == 1.0
    assert sum(0.1 < s < 0.95 for s in shares) >= 3   # points on the way up, not just ends


def test_progress_hands_on_every_curve_point_once():
    heard = []
    report = train(QLearner(Nim()), 3_000, seed=2, curve_points=12, eval_games=10,
                   curve_log=True,
                   progress=lambda done, total, stats: heard.extend(stats.new_curve))
    assert heard == report.curve and heard[0].games == 0


# -- cheap, exact curves --------------------------------------------------------------------

@pytest.mark.parametrize("game", [Nim((1, 2, 3)), Nim((2, 3), misere=False), Sticks(15),
                                  TicTacToe()], ids=lambda g: g.short_rules())
def test_the_exact_win_rate_is_what_playing_many_games_estimates(game):
    """The expectation worked out over the positions equals, within sampling error, the
    share of 6,000 games won against Random (each side first in half)."""
    from nimgame.learning.evaluation import (
        exact_win_rate_against_random,
        win_rate_against_random,
    )

    learner = QLearner(game)
    learner.train_games(300, random.Random(5))   # a half-trained player: not all wins
    exact = exact_win_rate_against_random(learner)
    sampled = win_rate_against_random(learner, 6_000, seed=3)
    spread = 4 * (max(exact * (1 - exact), 1e-4) / 6_000) ** 0.5
    assert exact is not None and abs(exact - sampled) <= spread + 1e-9, (exact, sampled)


def test_the_exact_win_rate_of_sure_players():
    from nimgame.learning.evaluation import exact_win_rate_against_random
    from nimgame.players import PerfectPlayer, RandomPlayer

    # Perfect wins every game it can: moving first on 1, 2 it wins; moving second it wins
    # unless Random finds the only winning first move (take 1 from the 2: 1 of 3 moves).
    assert exact_win_rate_against_random(PerfectPlayer(Nim((1, 2)))) == (1 + 2 / 3) / 2
    assert exact_win_rate_against_random(RandomPlayer(Nim((3,)), seed=1)) is not None
    big = Nim((3, 5, 7, 9, 11))    # 23,040 real boards: too many to work through ...
    assert exact_win_rate_against_random(RandomPlayer(big, seed=1)) is None
    # ... but a learner is asked on 2,448 canonical ones
    assert exact_win_rate_against_random(QLearner(big)) is not None
    assert exact_win_rate_against_random(QLearner(big), limit=2_000) is None


@pytest.fixture
def ticking(monkeypatch):
    """An exact clock for `training`: measuring a point costs 400 units and each game of a
    learner passed to the returned function 1, so curve budgets are tested, not timed."""
    from nimgame.learning import training

    clock = [0.0]

    class Clock:
        @staticmethod
        def perf_counter():
            return clock[0]

    real_measure = training.measure

    def measure(learner, eval_games):
        clock[0] += 400
        return real_measure(learner, eval_games)

    monkeypatch.setattr(training, "time", Clock)
    monkeypatch.setattr(training, "measure", measure)

    def tick(learner):
        real_train = learner.train_games

        def train_games(games, rng, opponent, explore):
            clock[0] += games
            return real_train(games, rng, opponent, explore)

        learner.train_games = train_games
        return learner

    return tick


def test_the_curve_costs_at_most_its_share_and_changes_nothing_learned(ticking):
    """On a clock where a game costs 1 unit and measuring a point 400 (so the test is
    exact, not timed): a point between the start and the end is measured when those
    before it cost at most a tenth of the training before it, and only then; the start
    and the end are always there, and the learner is the same as one trained without a
    curve."""
    from nimgame.learning import training

    a, b = ticking(QLearner(Nim())), QLearner(Nim())
    report = train(a, 60_000, seed=4, curve_points=40, curve_log=True)
    train(b, 60_000, seed=4, curve_points=0)
    assert a.values == b.values
    assert report.training_seconds == 60_000 and len(report.point_seconds) == len(report.curve)
    assert report.curve[0].games == 0 and report.curve[-1].games == 60_000
    assert report.curve_seconds == sum(report.point_seconds)
    between = report.curve[1:-1]
    for number, point in enumerate(between):
        assert 400 * number <= 0.1 * point.games   # paid for by the training before it
    measured = [point.games for point in between]
    for mark in training.curve_marks(60_000, 40, log=True)[:-1]:   # none left out that
        if mark not in measured:                                    # the training paid
            before = sum(m < mark for m in measured)
            assert 400 * before > 0.1 * mark, mark
    assert len(between) >= 8 and between[0].games < 5_000   # dense early (log marks)
    every = train(QLearner(Nim()), 2_000, seed=4, curve_points=10, curve_share=None)
    assert len(every.curve) == 11   # no share: every point


def test_a_short_run_spreads_its_allowance_over_the_curve(ticking, monkeypatch):
    """On the exact clock, with no share of the training to spend (a run too short to pay
    for its points), the allowance buys points spread over the marks, not the first few."""
    from nimgame.learning import training

    monkeypatch.setattr(training, "CURVE_ALLOWANCE", 2_000)
    report = train(ticking(QLearner(Nim())), 10_000, seed=4, curve_points=20,
                   curve_log=True, curve_share=0.0)
    between = [point.games for point in report.curve[1:-1]]
    marks = training.curve_marks(10_000, 20, log=True)
    assert len(marks) == 20 and between == [marks[i] for i in (0, 3, 7, 11, 15)], between
    assert sum(report.point_seconds[1:-2]) <= 2_000   # 100 units a mark: every fourth


def test_chunking_does_not_change_the_table_saved():
    # Each chunk of hats training makes the first position's hat, which once grew the
    # list of hats to the positions met so far: the same hats, a longer table to save.
    for game in (Sticks(2, 1), Sticks(9), Nim((1, 2))):
        a, b = HatLearner(game), HatLearner(game)
        train(a, 40, seed=0, curve_points=0)
        train(b, 40, seed=0, curve_points=40)
        assert a.export_table() == b.export_table()
