"""The lab screen's choices: each row's values as the keys step through them, runs added
and removed within bounds, and the lab they make (or why not, naming the run)."""

import pytest

from nimgame.learning.lab import MAX_RUNS, RunSpec
from nimgame.ui.lab.choices import PRESETS, ROWS, LabChoices


def on_row(choices, name):
    choices.row = ROWS.index(name)
    return choices


def test_each_row_steps_within_its_values():
    c = on_row(LabChoices(), "game")
    c.step(-1)
    assert c.preset == next(iter(PRESETS))          # kept at the first
    c.step(1)
    assert c.preset == list(PRESETS)[1]
    on_row(c, "every")
    c.every = "150"                                  # typed: on to the next of the steps
    c.step(1)
    assert c.every == "200"
    c.every = "150"
    c.step(-1)
    assert c.every == "100"
    on_row(c, "alpha")
    c.step(1)
    assert c.run.alpha == "0.05"                     # α is never 0
    c.step(-1)
    assert c.run.alpha == "default"
    on_row(c, "epsilon")
    c.step(1)
    assert c.run.epsilon == "0.00"
    on_row(c, "games")
    c.run.games = "not a number"                     # from the default
    c.step(1)
    assert c.run.games == "5000"
    on_row(c, "seeds")
    c.seeds = "100"
    c.step(1)
    assert c.seeds == "100"
    c.move_row(len(ROWS))
    assert ROWS[c.row] == "seeds"


def test_runs_come_and_go_within_bounds():
    c = LabChoices()
    while c.add_run():
        pass
    assert len(c.runs) == MAX_RUNS and c.chosen == MAX_RUNS - 1
    assert len(set(c.run_titles())) == MAX_RUNS      # the menu tells them apart
    while c.remove_run():
        pass
    assert len(c.runs) == 1 and c.chosen == 0


def test_the_lab_they_make_or_why_not():
    c = LabChoices()
    on_row(c, "opponent").step(1)
    spec = c.spec()
    assert spec.runs == (RunSpec(opponent="random"), RunSpec("hats"))
    assert (spec.seeds, spec.every, spec.first_seed) == (10, 100, 0)
    c.chosen = 1
    c.run.games = "12x"
    with pytest.raises(ValueError, match="Run 2: Games must be a whole number"):
        c.spec()
    c.run.games = "1000"
    c.run.alpha = "0.3"   # a hats run has no rates: what its field says is not used
    assert c.spec().runs[1] == RunSpec("hats", games=1000)
    c.chosen = 0
    c.run.alpha = "1.5"
    with pytest.raises(ValueError, match="Run 1: α must be a decimal number"):
        c.spec()
