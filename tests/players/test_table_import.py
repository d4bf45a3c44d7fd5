"""A table imported in a few passes (the usual case) gives the very learner the one at a
time import gives: same graph, hats, totals and values, and the same table saved again;
tables the quick passes do not fit (moves leading out of the table, odd ball counts) are
imported one at a time, as before."""

import pytest

from nimgame.games import Nim, Sticks, TicTacToe
from nimgame.learning.training import train
from nimgame.players import HatLearner, QLearner, positions
from nimgame.players.graph import PositionGraph

KINDS = [(HatLearner, TicTacToe()), (HatLearner, Nim((1, 3, 5), max_take=2)),
         (HatLearner, Sticks(20)), (QLearner, TicTacToe()), (QLearner, Nim())]


def imported(cls, game, table, quick: bool, monkeypatch):
    with monkeypatch.context() as patch:
        if not quick:
            patch.setattr(HatLearner, "_import_known", lambda self, hats: False)
            patch.setattr(PositionGraph, "_number_known", lambda self, states: False)
        learner = cls(game)
        learner.import_table(cls.check_table(table, game))
    return learner


def same(one, other):
    assert one.graph.states == other.graph.states
    assert one.graph.successors == other.graph.successors
    assert one.graph.terminal == other.graph.terminal
    assert one.graph.reward == other.graph.reward
    assert one.export_table() == other.export_table()
    if isinstance(one, HatLearner):
        assert one.counts == other.counts and one.totals == other.totals


@pytest.mark.parametrize("cls, game", KINDS, ids=repr)
@pytest.mark.parametrize("shared", [True, False], ids=["positions known", "forgotten"])
def test_quick_and_one_at_a_time_imports_agree(cls, game, shared, monkeypatch):
    trained = cls(game)
    train(trained, 300, seed=5, curve_points=0)
    table = trained.export_table()
    if not shared:
        positions.forget_positions()
    quick = imported(cls, game, table, True, monkeypatch)
    positions.forget_positions()
    slow = imported(cls, game, table, False, monkeypatch)
    same(quick, slow)
    assert quick.export_table()["states"] == table["states"]
    for after in (quick, slow):   # both play on and learn alike
        train(after, 50, seed=9, curve_points=0)
    same(quick, slow)


def test_hats_whose_moves_leave_the_table_are_made_one_at_a_time(monkeypatch):
    game = TicTacToe()
    trained = HatLearner(game)
    train(trained, 300, seed=5, curve_points=0)
    table = trained.export_table()
    cut = len(table["hats"]) // 2
    table = {"states": table["states"][:cut], "hats": table["hats"][:cut]}
    calls = []
    quick_import = HatLearner._import_known

    def counted(self, hats):
        calls.append(quick_import(self, hats))
        return calls[-1]

    monkeypatch.setattr(HatLearner, "_import_known", counted)
    learner = imported(HatLearner, game, table, True, monkeypatch)
    assert calls == [False] and len(learner.graph) > cut     # grown by the hats' moves
    same(learner, imported(HatLearner, game, table, False, monkeypatch))


def test_a_hat_of_the_wrong_size_is_refused_either_way(monkeypatch):
    game = Sticks(20)
    trained = HatLearner(game)
    train(trained, 100, seed=5, curve_points=0)
    table = trained.export_table()
    first = next(i for i, hat in enumerate(table["hats"]) if hat)
    table["hats"][first] = table["hats"][first] + [1]
    for quick in (True, False):
        with pytest.raises(ValueError, match="one kind of ball per move"):
            imported(HatLearner, game, table, quick, monkeypatch)
