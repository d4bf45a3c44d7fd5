"""The inspector's numbers equal the learner's own and the theory's."""

import pytest

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
    assert insight.sticks_rule(learner) == insight.SticksRule(True, (
        "It has found the rule: leave 4k+1 sticks (a multiple of 4, plus 1). Its favourite "
        "ball does so in all 22 heaps that have a winning move."))


def test_an_untrained_hat_has_no_favourite_and_claims_no_rule():
    """Tied balls are no favourite: a new learner's hats (one ball each) agree with nothing,
    though the first ball (take 1) happens to be right in a third of the heaps."""
    learner = HatLearner(Sticks(30))
    assert all(hat.favourite is None for hat in insight.hats(learner) if len(hat.balls) > 1)
    assert insight.sticks_rule(learner) == insight.SticksRule(False, (
        "Not learned yet: leave 4k+1 sticks (a multiple of 4, plus 1). Its favourite ball "
        "does so in 0 of 22 heaps that have a winning move; 22 have no favourite yet."))


@pytest.mark.parametrize("cap", [2, 3, 4, 5])
def test_the_rule_is_counted_against_the_theory_for_any_cap(cap):
    """A hat 'agrees' exactly when its single top ball leaves (cap+1)k+1, counted here
    from the rule itself on hats set by hand."""
    game = Sticks(40, max_take=cap)
    learner = HatLearner(game)
    expected = 0
    for n in range(2, 41):
        state = game.initial_state()._replace(sticks=n)
        node = learner.graph.node(state)
        hat = learner._hat(node)
        moves = list(learner.hat(state))
        pick = moves[n % len(moves)]           # some move, right or not
        hat[moves.index(pick)] += 5
        learner.totals[node] += 5
        if (n - 1) % (cap + 1) and (n - pick) % (cap + 1) == 1:
            expected += 1
    rule = insight.sticks_rule(learner).words
    winning = sum(1 for n in range(1, 41) if (n - 1) % (cap + 1))
    assert f"does so in {expected} of {winning} heaps" in rule
    assert f"{cap + 1}k+1" in rule if cap != 3 else "4k+1" in rule


def test_coverage_equals_the_evaluation():
    learner = QLearner(Nim((1, 2, 3)))
    train(learner, 300, seed=1, curve_points=0)
    seen = insight.coverage(learner)
    assert seen.winning_share == winning_move_share(learner)
    assert seen.optimal_share == optimal_move_share(learner)
    assert 0 < seen.met <= seen.total
