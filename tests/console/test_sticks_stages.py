"""The Game of Sticks seed's three programs, replayed word for word: --stage 1 (players
only), 2 (a computer that learns as you play, naive each run) and 3 (and a trained one),
the AI's random draws fixed by --seed; and the two ways to pre-train the trained one."""

import io
import random
import sys

import pytest
from dialogue import split_transcript

from nimgame.console.cli import main
from nimgame.games import Sticks, SticksState
from nimgame.players import HatLearner
from nimgame.players.hats import STICKS_SCHEME

# The seed's "Player vs Player" Example 1, verbatim.
STAGE_1 = """\
Welcome to the Game of Sticks!
How many sticks are there on the table initially (10-100)? 10

There are 10 sticks on the board.
Player 1: How many sticks do you take (1-3)? 3

There are 7 sticks on the board.
Player 2: How many sticks do you take (1-3)? 3

There are 4 sticks on the board.
Player 1: How many sticks do you take (1-3)? 3

There is 1 stick on the board.
Player 2: How many sticks do you take (1-3)? 1
Player 2, you lose.
"""

# The seed's "Player vs AI" example, verbatim.
STAGE_2 = """\
Welcome to the Game of Sticks!
How many sticks are there on the table initially (10-100)? 10
Options:
 Play against a friend (1)
 Play against the computer (2)
Which option do you take (1-2)? 2

There are 10 sticks on the board.
Player 1: How many sticks do you take (1-3)? 3

There are 7 sticks on the board.
AI selects 2.

There are 5 sticks on the board.
Player 1: How many sticks do you take (1-3)? 3

There are 2 sticks on the board.
AI selects 2.
AI loses.
Play again (y/n)? y

There are 10 sticks on the board.
Player 1: How many sticks do you take (1-3)? 1

There are 9 sticks on the board.
AI selects 1.

There are 8 sticks on the board.
Player 1: How many sticks do you take (1-3)? 3

There are 5 sticks on the board.
AI selects 3.

There are 2 sticks on the board.
Player 1: How many sticks do you take (1-3)? 2
You lose.
Play again (y/n)? y

There are 10 sticks on the board.
Player 1: How many sticks do you take (1-3)? 3

There are 7 sticks on the board.
AI selects 2.

There are 5 sticks on the board.
Player 1: How many sticks do you take (1-3)? 3

There are 2 sticks on the board.
AI selects 2.
AI loses.
Play again (y/n)? n
"""

# The seed's "AI vs AI" example (the trained computer), verbatim.
STAGE_3 = """\
Welcome to the Game of Sticks!
How many sticks are there on the table initially (10-100)? 10
Options:
 Play against a friend (1)
 Play against the computer (2)
 Play against the trained computer (3)
Which option do you take (1-3)? 3
Training AI, please wait...

There are 10 sticks on the board.
Player 1: How many sticks do you take (1-3)? 3

There are 7 sticks on the board.
AI selects 2.

There are 5 sticks on the board.
Player 1: How many sticks do you take (1-3)? 1

There are 4 sticks on the board.
AI selects 3.

There is 1 stick on the board.
Player 1: How many sticks do you take (1-3)? 1
You lose.
Play again (y/n)? y

There are 10 sticks on the board.
Player 1: How many sticks do you take (1-3)? 2

There are 8 sticks on the board.
AI selects 3.

There are 5 sticks on the board.
Player 1: How many sticks do you take (1-3)? 2

There are 3 sticks on the board.
AI selects 2.

There is 1 stick on the board.
Player 1: How many sticks do you take (1-3)? 1
You lose.
Play again (y/n)? n
"""


def run(argv, stdin, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(argv)
    return status, capsys.readouterr()


@pytest.mark.parametrize("transcript,argv", [
    (STAGE_1, ["--stage", "1"]),
    (STAGE_2, ["--stage", "2", "--seed", "29"]),
    (STAGE_3, ["--stage", "3", "--seed", "0"]),
    (STAGE_3, ["--text", "--seed", "0"]),               # stage 3 is the default
    (STAGE_3, ["--stage", "3", "--seed", "0", "--model", "two"]),
])
def test_each_stage_replays_the_seed_word_for_word(transcript, argv, monkeypatch, capsys,
                                                   nimgame_home):
    stdin, expected = split_transcript(transcript)
    status, out = run(["play", "sticks", *argv], stdin, monkeypatch, capsys)
    assert status == 0 and out.err == ""
    assert out.out.splitlines() == expected.splitlines()
    assert out.out == expected


def test_stage_2s_computer_starts_naive_every_run(monkeypatch, capsys, nimgame_home):
    """As in the seed, the computer of step 2 learns only during the run: the same seed
    plays the same games twice, and nothing is saved."""
    stdin, _ = split_transcript(STAGE_2)
    outs = [run(["play", "sticks", "--stage", "2", "--seed", "29"], stdin, monkeypatch,
                capsys)[1].out for _ in range(2)]
    assert outs[0] == outs[1]
    assert not (nimgame_home / "brains" / "sticks-computer.brain").exists()


def test_stage_2_offers_two_options(monkeypatch, capsys):
    status, out = run(["play", "sticks", "--stage", "2"], "10\n3\n0\n1\n3\n3\n3\n1\n",
                      monkeypatch, capsys)
    assert status == 0
    assert "Play against the trained computer" not in out.out
    assert out.out.count("Please enter a number between 1 and 2.") == 2
    assert "Player 2, you lose." in out.out


@pytest.mark.parametrize("argv", [["play", "nim", "--stage", "1"],
                                  ["play", "tictactoe", "--model", "two"],
                                  ["play", "sticks", "--stage", "4"],
                                  ["play", "sticks", "--stage", "²"],
                                  ["play", "sticks", "--model", "three"]])
def test_stage_and_model_mistakes_are_one_line(argv, monkeypatch, capsys):
    status, out = run(argv, "", monkeypatch, capsys)
    assert status == 2 and out.err.strip().count("\n") <= 1 and "Traceback" not in out.err


# -- the two pre-training models ------------------------------------------------------------

def test_two_ais_keep_their_own_hats():
    """The first AI never moves at heap start-1 and the second never at the start: their
    hats there stay as made, which a shared set of hats could not do."""
    start = 15
    first, second = HatLearner(Sticks(start)), HatLearner(Sticks(start))
    first.train_pair(second, 3_000, random.Random(1))
    assert first.games_trained == second.games_trained == 3_000
    assert second.graph is first.graph
    assert set(first.hat(SticksState(start - 1, 0)).values()) == {1}
    assert set(second.hat(SticksState(start, 0)).values()) == {1}
    assert first.hat(SticksState(start, 0)) != {1: 1, 2: 1, 3: 1}
    assert second.hat(SticksState(start - 1, 0)) != {1: 1, 2: 1, 3: 1}
    shared = HatLearner(Sticks(start))
    shared.train_games(3_000, random.Random(1))
    assert shared.hat(SticksState(start - 1, 0)) != {1: 1, 2: 1, 3: 1}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_second_ai_learns_every_hat_a_player_can_reach(seed):
    """The seed's model with the seed's balls, as `--model two` builds it (training's
    default hats on Sticks put back other numbers: test_learners_floor.py)."""
    start = 20
    first, second = (HatLearner(Sticks(start), STICKS_SCHEME) for _ in range(2))
    first.train_pair(second, 20_000, random.Random(seed))
    for n in range(2, start):
        if n % 4 != 1:   # a heap with a winning move: leave 4k+1
            hat = second.hat(SticksState(n, 1))
            assert max(hat, key=hat.get) == (n - 1) % 4, (n, hat)


def test_the_battle_goes_on_and_refuses_a_stranger():
    game = Sticks(12)
    first, second = HatLearner(game), HatLearner(game)
    first.train_pair(second, 10, random.Random(1))
    first.train_pair(second, 10, random.Random(2))   # the same pair: training goes on
    assert second.games_trained == 20
    trained = HatLearner(game)
    trained.train_games(5, random.Random(1))
    for stranger in (first, trained, HatLearner(Sticks(13)), HatLearner(game, (2, 0, 1))):
        with pytest.raises(ValueError):
            HatLearner(game).train_pair(stranger, 1, random.Random(1)) \
                if stranger is not first else first.train_pair(first, 1, random.Random(1))
