"""Each learner owns its table's format: what `export_table` gives passes its own
`check_table`, and anything else read back is refused in one line, never crashes."""

import math

import pytest

from nimgame.games import Nim, Sticks, TicTacToe
from nimgame.learning.training import train
from nimgame.players import HatLearner, QLearner


@pytest.mark.parametrize("cls", [QLearner, HatLearner])
@pytest.mark.parametrize("game", [Nim((1, 2, 3)), Sticks(12), TicTacToe()])
def test_an_exported_table_passes_its_own_check_and_loads(cls, game):
    learner = cls(game)
    train(learner, 200, seed=1, curve_points=0)
    table = learner.export_table()
    assert cls.check_table(table, game) is table
    again = cls(game)
    again.import_table(cls.check_table(table, game))
    assert again.export_table() == table


@pytest.mark.parametrize("cls,bad,message", [
    (QLearner, {"states": [[[1], 0]], "hats": []}, "^the table must hold states and values$"),
    (HatLearner, {"states": [[[1], 0]], "values": []}, "^the table must hold states and hats$"),
    (QLearner, {"states": [[[1], 0]], "values": [], 1: 2}, "must hold states and values"),
    (QLearner, {"states": "all", "values": []}, "^the table must list 1 to "),
    (QLearner, {"states": [[[1], 0]], "values": [0.5, 0.5]}, "one value per position$"),
    (QLearner, {"states": [[[1], 0]], "values": [math.nan]},
     "^every value must be a finite number from -1 to 1, not nan$"),
    (QLearner, {"states": [[[1], 0]], "values": [True]}, "^every value must be"),
    (HatLearner, {"states": [[[1], 0]], "hats": [None, None]}, "at most one hat per position$"),
    (HatLearner, {"states": [[[1], 0]], "hats": [[0]]},
     r"^every hat must be a list of ball counts from 1 to 1,000,000,000,000, not \[0\]$"),
    (HatLearner, {"states": [[[1], 0]], "hats": ["\x1b[31m"]}, r"not '\\x1b\[31m'$"),
])
def test_a_table_that_is_not_its_format_is_refused_in_one_line(cls, bad, message):
    with pytest.raises(ValueError, match=message):
        cls.check_table(bad, Nim((1,)))
