"""The inspector's numbers equal the learner's own and the theory's."""

from nimgame.games import Nim, Sticks, TicTacToe
from nimgame.learning import insight
from nimgame.learning.evaluation import optimal_move_share, winning_move_share
from nimgame.learning.training import train
from nimgame.players import HatLearner, PerfectPlayer, QLearner


def test_nim_move_table_matches_the_learner_and_the_theory():
    learner = QLearner(Nim())
    train(learner, 3_000, seed=1, curve_points=0)
    state = Nim().initial_state()._replace(piles=(1, 2, 4, 5))
    rows = insight.move_table(learner, state)
    assert {r.move: r.score for r in rows} == learner.q_values(state)
    winning = set(PerfectPlayer(Nim()).winning_moves(state))
    assert {r.move for r in rows if r.theory == 1} == winning
    for row in rows:
        after = Nim().result(state, row.move).piles
        total = 0
        for p in after:
            total ^= p
        assert row.nim_sum == total


def test_tictactoe_table_has_draws():
    learner = HatLearner(TicTacToe())
    rows = insight.move_table(learner, "." * 9)
    assert len(rows) == 9 and {r.theory for r in rows} == {0}
    assert {r.move: r.score for r in rows} == learner.hat("." * 9)


def test_hats_and_rule():
    learner = HatLearner(Sticks(30))
    train(learner, 20_000, seed=2, curve_points=0)
    found = insight.hats(learner)
    assert [h.sticks for h in found] == list(range(1, 31))
    assert found[5].balls == learner.hat(Sticks(30).initial_state()._replace(sticks=6))
    assert found[4].theory == [] and found[5].theory == [1]
    assert insight.sticks_rule(learner).startswith(
        "Its favourite ball leaves 4k+1 sticks in 22 of 22 winning positions")


def test_coverage_equals_the_evaluation():
    learner = QLearner(Nim((1, 2, 3)))
    train(learner, 300, seed=1, curve_points=0)
    seen = insight.coverage(learner)
    assert seen.winning_share == winning_move_share(learner)
    assert seen.optimal_share == optimal_move_share(learner)
    assert 0 < seen.met <= seen.total
