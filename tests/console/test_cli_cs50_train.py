"""`nimgame train nim --cs50`: the CS50 handout's own learner (nim.py's NimAI), trained by
the handout's loop and judged by the measure the suite's learners are judged by."""

import random

import pytest

from nimgame.console.cli import main
from nimgame.console.cs50 import nim as cs50nim
from nimgame.games import Nim
from nimgame.learning.evaluation import optimal_move_share


def cli(capsys, *argv):
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


def test_the_handout_s_learner_trains_is_judged_and_is_not_saved(capsys, nimgame_home):
    status, out, err = cli(capsys, "train", "nim", "--cs50", "--games", "300", "--seed", "3",
                           "--piles", "1,2,3")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[-2].startswith("Trained the CS50 handout's learner 300 games in ")
    # The same learner, trained the same way with the same seed, judged the same way.
    random.seed(3)
    ai = cs50nim.NimAI()
    for _ in range(300):
        cs50nim.play_training_game(ai, [1, 2, 3])
    share = optimal_move_share(cs50nim.NimAIPlayer(Nim((1, 2, 3)), ai))
    assert lines[-2].endswith(f"optimal moves: {share:.1%}")
    assert lines[-1].startswith("Not saved")
    assert not (nimgame_home / "brains").exists() or not any((nimgame_home / "brains").iterdir())


@pytest.mark.parametrize("argv, says", [
    (["tictactoe"], "plays misère Nim"),
    (["nim", "--normal"], "plays misère Nim"),
    (["nim", "--max-take", "2"], "plays misère Nim"),
    (["nim", "--opponent", "random"], "leave out --opponent"),
    (["nim", "--learner", "hats", "--name", "x"], "leave out --learner, --name"),
])
def test_what_the_handout_s_learner_cannot_do_is_one_line(capsys, argv, says):
    status, out, err = cli(capsys, "train", *argv, "--cs50", "--games", "10")
    assert status == 2 and out == "" and says in err and err.count("\n") == 1


def test_the_handout_s_train_is_unchanged(capsys):
    random.seed(5)
    ai = cs50nim.train(20)
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Playing training game 1" and out[-1] == "Done training"
    assert len(out) == 21 and ai.q
