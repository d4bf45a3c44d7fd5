"""Whole dialogues fed on stdin, compared with the seeds' words."""

import io
import sys

import pytest
from dialogue import split_transcript

from nimgame import storage
from nimgame.console.cli import main

SEED_EXAMPLE_1 = """\
Welcome to the Game of Sticks!
How many sticks are there on the table initially (10-100)? 10
Options:
 Play against a friend (1)
 Play against the computer (2)
 Play against the trained computer (3)
Which option do you take (1-3)? 1

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

# The seed's example 2, with more bad input: letters, 0, 101, taking 4, and more than is left.
BAD_INPUT = """\
Welcome to the Game of Sticks!
How many sticks are there on the table initially (10-100)? 500
Please enter a number between 10 and 100.
How many sticks are there on the table initially (10-100)? 3
Please enter a number between 10 and 100.
How many sticks are there on the table initially (10-100)? ten
Please enter a number between 10 and 100.
How many sticks are there on the table initially (10-100)? 101
Please enter a number between 10 and 100.
How many sticks are there on the table initially (10-100)? 0
Please enter a number between 10 and 100.
How many sticks are there on the table initially (10-100)? 10
Options:
 Play against a friend (1)
 Play against the computer (2)
 Play against the trained computer (3)
Which option do you take (1-3)? 4
Please enter a number between 1 and 3.
Which option do you take (1-3)? 1

There are 10 sticks on the board.
Player 1: How many sticks do you take (1-3)? 55
Please enter a number between 1 and 3
Player 1: How many sticks do you take (1-3)? 4
Please enter a number between 1 and 3
Player 1: How many sticks do you take (1-3)? x
Please enter a number between 1 and 3
Player 1: How many sticks do you take (1-3)? 0
Please enter a number between 1 and 3
Player 1: How many sticks do you take (1-3)? 3

There are 7 sticks on the board.
Player 2: How many sticks do you take (1-3)? 3

There are 4 sticks on the board.
Player 1: How many sticks do you take (1-3)? 2

There are 2 sticks on the board.
Player 2: How many sticks do you take (1-3)? 3
Please enter a number between 1 and 2
Player 2: How many sticks do you take (1-3)? 1

There is 1 stick on the board.
Player 1: How many sticks do you take (1-3)? 1
Player 1, you lose.
"""


def run(argv, stdin, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(argv)
    return status, capsys.readouterr()


@pytest.mark.parametrize("transcript", [SEED_EXAMPLE_1, BAD_INPUT])
def test_sticks_dialogue_word_for_word(transcript, monkeypatch, capsys):
    stdin, expected = split_transcript(transcript)
    status, out = run(["play", "sticks", "--text"], stdin, monkeypatch, capsys)
    assert status == 0
    assert out.out == expected
    assert out.err == ""


def ai_games(out: str):
    return [line for line in out.splitlines() if line.startswith("AI selects ")]


def test_sticks_computer_learns_and_remembers(monkeypatch, capsys, nimgame_home):
    # Always take 1; once the game is over the 1s meet "Play again" and input runs out.
    answers = "10\n2\n" + "1\n" * 12
    path = nimgame_home / "brains" / "sticks-computer.brain"
    for played in (1, 2):
        status, out = run(["play", "sticks", "--text", "--seed", str(played)], answers,
                          monkeypatch, capsys)
        assert status == 1   # the end of input at "Play again"
        text = out.out
        assert text.count("AI loses.") + text.count("You lose.") == 1
        assert "Play again (y/n)? Please answer y or n." in text
        for line in ai_games(text):
            assert line in ("AI selects 1.", "AI selects 2.", "AI selects 3.")
        brain = storage.load(path)
        assert brain.games_trained == played  # it starts from what it learned last time


def test_sticks_computer_that_cannot_be_saved_says_so(monkeypatch, capsys, nimgame_home):
    """A brains folder that cannot be written: the game goes on, one line says why."""
    nimgame_home.mkdir(parents=True)
    (nimgame_home / "brains").write_text("not a folder")
    status, out = run(["play", "sticks", "--text", "--seed", "1"], "10\n2\n" + "1\n" * 12,
                      monkeypatch, capsys)
    assert status == 1 and "Traceback" not in out.err   # 1: the end of input
    assert out.out.count("(The computer's hats were not saved: cannot save") == 1
    assert (nimgame_home / "brains").read_text() == "not a folder"


def test_trained_computer_plays_the_4k_plus_1_rule(monkeypatch, capsys):
    answers = "10\n3\n3\n1\n1\n" + "n\n"
    status, out = run(["play", "sticks", "--text", "--seed", "1"], answers, monkeypatch, capsys)
    stdin, expected = split_transcript("""\
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
Play again (y/n)? n
""")
    assert stdin == answers
    assert out.out == expected


NIM_GAME = """\

Piles:
Pile 1: 1
Pile 2: 3
Pile 3: 5
Pile 4: 7

Your Turn
Choose Pile: a
Choose Count: 1
Invalid move, try again.
(type whole numbers, like 1)
Choose Pile: 5
Choose Count: 1
Invalid move, try again.
(there is no pile 5; the piles are 1 to 4)
Choose Pile: 0
Choose Count: 1
Invalid move, try again.
(there is no pile 0; the piles are 1 to 4)
Choose Pile: 1
Choose Count: 2
Invalid move, try again.
(pile 1 has only 1 object)
Choose Pile: 1
Choose Count: 0
Invalid move, try again.
(you must take at least 1 object, not 0)
Choose Pile: 4
Choose Count: 7

Piles:
Pile 1: 1
Pile 2: 3
Pile 3: 5
Pile 4: 0

AI's Turn
AI chose to take 3 from pile 3.

Piles:
Pile 1: 1
Pile 2: 3
Pile 3: 2
Pile 4: 0

Your Turn
Choose Pile: 4
Choose Count: 1
Invalid move, try again.
(pile 4 has only 0 objects)
Choose Pile: 2
Choose Count: 3

Piles:
Pile 1: 1
Pile 2: 0
Pile 3: 2
Pile 4: 0

AI's Turn
AI chose to take 2 from pile 3.

Piles:
Pile 1: 1
Pile 2: 0
Pile 3: 0
Pile 4: 0

Your Turn
Choose Pile: 1
Choose Count: 1

GAME OVER
Winner is AI
Review this game: nimgame review 1
"""

#: The same game under --cs50: CS50's play.py, piles from 0 and no reasons.
CS50_GAME = """\

Piles:
Pile 0: 1
Pile 1: 3
Pile 2: 5
Pile 3: 7

Your Turn
Choose Pile: a
Choose Count: 1
Invalid move, try again.
Choose Pile: 4
Choose Count: 1
Invalid move, try again.
Choose Pile: 0
Choose Count: 2
Invalid move, try again.
Choose Pile: 3
Choose Count: 7

Piles:
Pile 0: 1
Pile 1: 3
Pile 2: 5
Pile 3: 0

AI's Turn
AI chose to take 3 from pile 2.

Piles:
Pile 0: 1
Pile 1: 3
Pile 2: 2
Pile 3: 0

Your Turn
Choose Pile: 1
Choose Count: 3

Piles:
Pile 0: 1
Pile 1: 0
Pile 2: 2
Pile 3: 0

AI's Turn
AI chose to take 2 from pile 2.

Piles:
Pile 0: 1
Pile 1: 0
Pile 2: 0
Pile 3: 0

Your Turn
Choose Pile: 0
Choose Count: 1

GAME OVER
Winner is AI
"""


def test_nim_transcript_counts_piles_from_1_and_says_why(monkeypatch, capsys):
    stdin, expected = split_transcript(NIM_GAME)
    status, out = run(["play", "nim", "--text", "--opponent", "perfect", "--first", "human"],
                      stdin, monkeypatch, capsys)
    assert status == 0
    assert out.out == expected


def test_cs50_transcript_is_the_handouts(monkeypatch, capsys):
    stdin, expected = split_transcript(CS50_GAME)
    status, out = run(["play", "nim", "--cs50", "--opponent", "perfect", "--first", "human"],
                      stdin, monkeypatch, capsys)
    assert status == 0
    assert out.out == expected


@pytest.mark.parametrize("game", ["sticks", "tictactoe"])
def test_cs50_is_only_for_nim(game, monkeypatch, capsys):
    status, out = run(["play", game, "--cs50"], "", monkeypatch, capsys)
    assert status == 2
    assert out.err.count("\n") == 1 and "--cs50" in out.err


def test_nim_trains_first_as_cs50_does(monkeypatch, capsys):
    # Take 1 from the last pile that has any: some of these are refused, one is taken.
    status, out = run(["play", "nim", "--cs50", "--first", "ai", "--seed", "2"],
                      "3\n1\n2\n1\n1\n1\n0\n1\n" * 16, monkeypatch, capsys)
    lines = out.out.splitlines()
    assert lines[:2] == ["Playing training game 1", "Playing training game 2"]
    assert lines[9999:10003] == ["Playing training game 10000", "Done training", "", "Piles:"]
    assert lines[10003:10007] == ["Pile 0: 1", "Pile 1: 3", "Pile 2: 5", "Pile 3: 7"]
    assert lines[10008:10010] == ["AI's Turn", lines[10009]]
    assert lines[10009].startswith("AI chose to take ")
    assert lines[-1] in ("Winner is AI", "Winner is Human") and lines[-2] == "GAME OVER"


def test_nim_text_trains_in_one_line_and_counts_from_1(monkeypatch, capsys):
    status, out = run(["play", "nim", "--text", "--first", "ai", "--seed", "2"],
                      "4\n1\n3\n1\n2\n1\n1\n1\n" * 16, monkeypatch, capsys)
    lines = out.out.splitlines()
    assert lines[:4] == ["Training the AI: 10,000 games against itself...", "Done training",
                         "", "Piles:"]
    assert lines[4:8] == ["Pile 1: 1", "Pile 2: 3", "Pile 3: 5", "Pile 4: 7"]
    assert lines[-1] == "Review this game: nimgame review 1"
    assert lines[-2] in ("Winner is AI", "Winner is Human") and lines[-3] == "GAME OVER"


def test_tictactoe_text(monkeypatch, capsys):
    answers = "0\n10\nx\n5\n5\n1\n3\n8\n4\n6\n9\n2\n7\nn\n"
    status, out = run(["play", "tictactoe", "--text"], answers, monkeypatch, capsys)
    assert status == 0
    text = out.out
    assert " 1 | 2 | 3\n---+---+---\n 4 | 5 | 6\n---+---+---\n 7 | 8 | 9" in text
    assert text.count("Please choose an empty square from 1 to 9.") >= 4
    assert "AI plays " in text
    assert text.rstrip().endswith("Play again (y/n)?")
    assert "You win!" not in text  # minimax never loses
    # The ending is said in the window's words (narration), by the seats' names.
    assert ("It's a draw." in text) != ("AI wins!" in text)


def test_end_of_input_is_a_quiet_exit(monkeypatch, capsys):
    """Quiet (one line, nothing on stderr) but not a success: the game did not end."""
    status, out = run(["play", "sticks", "--text"], "10\n", monkeypatch, capsys)
    assert status == 1 and out.err == ""


def test_a_given_heap_is_said_once(monkeypatch, capsys):
    """`play sticks --sticks 12`: the dialogue does not ask, and the game says the heap
    once, as it says every heap (it was said twice)."""
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    main(["play", "sticks", "--text", "--sticks", "12", "--stage", "1"])
    out = capsys.readouterr().out
    assert out.count("There are 12 sticks on the board.") == 1
