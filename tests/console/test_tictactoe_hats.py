"""Tic-Tac-Toe against hats in the terminal (the Sticks seed's "Nightmare Mode"): the hats
practise first, then draw their moves and learn from every game, as the seed's AI does,
and are kept between runs (a saved hats brain in its own file).
A golden transcript (seeded, fed on stdin) compared line for line and re-read by an
independent referee."""

import io
import re
import sys
from pathlib import Path

from dialogue import split_transcript

from nimgame import storage
from nimgame.console import textplay
from nimgame.console.cli import main
from nimgame.games import Nim, TicTacToe
from nimgame.learning.training import PRACTICE_GAMES, train
from nimgame.match import Match, Seat
from nimgame.players import HatLearner, MinimaxPlayer, QLearner
from nimgame.session.kept_hats import HatDrawer

GOLDEN = Path(__file__).parent / "golden" / "tictactoe-hats.txt"
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8),
         (2, 4, 6)]


def test_golden_transcript(monkeypatch, capsys):
    stdin, expected = split_transcript(GOLDEN.read_text(encoding="utf-8"),
                                       ("(1-9)? ", "(y/n)? "))
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(["play", "tictactoe", "--text", "--opponent", "hats", "--seed", "1"])
    out = capsys.readouterr()
    assert status == 0 and out.err == ""
    assert out.out.splitlines() == expected.splitlines()


def boards(text):
    """Every board drawn, as 9 cells ("." empty), in order."""
    found = re.findall(r" (.) \| (.) \| (.)\n---\+---\+---\n (.) \| (.) \| (.)\n---\+---\+---\n"
                       r" (.) \| (.) \| (.)", text)
    return ["".join(c if c in "XO" else "." for c in cells) for cells in found]


def test_an_independent_reading_of_the_transcript():
    text = GOLDEN.read_text(encoding="utf-8")
    assert text.startswith("Training AI, please wait...\n")
    games = text.split("Play again (y/n)? ")
    endings = []
    for game in games[:-1]:
        drawn = boards(game)
        assert drawn[0] == "." * 9
        # One new mark from each board to the next, X and O in turn.
        for before, after in zip(drawn, drawn[1:], strict=False):
            changed = [i for i in range(9) if before[i] != after[i]]
            assert len(changed) == 1 and before[changed[0]] == "."
            assert after[changed[0]] == ("X" if before.count("X") == before.count("O")
                                         else "O")
        for square, board in zip(re.findall(r"AI plays (\d)\.", game),
                                 [b for b in drawn if b.count("O") == b.count("X")][1:],
                                 strict=True):
            assert board[int(square) - 1] == "O"
        last = drawn[-1]
        won = {last[a] for a, b, c in LINES if last[a] != "." and last[a] == last[b] == last[c]}
        kept = game.rstrip().splitlines()
        assert kept[-1] == f"Review this game: nimgame review {len(endings) + 1}"
        ending = kept[-2]
        assert ending == ("AI wins!" if won == {"O"} else "You win!" if won == {"X"}
                          else "It's a draw.")
        assert won or "." not in last
        endings.append(ending)
    assert len(endings) == 3 and {"AI wins!", "It's a draw."} <= set(endings)


def test_hats_practise_then_draw_and_learn_from_each_game(capsys):
    game = TicTacToe()
    ready = textplay.practised(HatLearner(game), "hats", seed=3)
    assert "Training AI, please wait..." in capsys.readouterr().out
    assert isinstance(ready, HatDrawer) and ready.learner.games_trained == PRACTICE_GAMES
    before = [list(h) if h else None for h in ready.learner.counts]
    match = Match(game, (Seat("You"), Seat("AI", ready)))
    while not match.over:   # the person plays as minimax; hats answer
        if match.humans_turn:
            match.play(MinimaxPlayer(game).choose_move(match.state))
        else:
            turn = match.ai_turn()
            match.play_ai(turn.player.choose_move(turn.state), turn.generation)
    assert ready.learner.games_trained == PRACTICE_GAMES + 1
    assert [list(h) if h else None for h in ready.learner.counts] != before


def test_only_a_new_learner_practises(capsys):
    trained = QLearner(Nim((1, 2)))
    trained.games_trained = 5
    assert textplay.practised(trained, "q") is trained
    perfect = MinimaxPlayer(TicTacToe())
    assert textplay.practised(perfect, "minimax") is perfect
    assert textplay.practised(QLearner(Nim((1, 2))), None).games_trained == 0
    assert capsys.readouterr().out == ""
    q = textplay.practised(QLearner(Nim((1, 2))), "q", seed=1)
    assert isinstance(q, QLearner) and q.games_trained == PRACTICE_GAMES


# -- the hats are kept between runs ---------------------------------------------------------

ONE_GAME = "1\n2\n3\n4\n5\n6\n7\n8\n9\n"   # each square in turn: the taken ones are refused


def play(args, games, monkeypatch, capsys):
    """`play tictactoe --text ARGS`, `games` games fed on stdin; status and stdout."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("y\n".join([ONE_GAME] * games) + "n\n"))
    status = main(["play", "tictactoe", "--text", *args])
    out = capsys.readouterr()
    assert out.err == ""
    return status, out.out


def test_nightmare_hats_are_kept_and_the_next_run_starts_from_them(monkeypatch, capsys,
                                                                   nimgame_home):
    path = nimgame_home / "brains" / "tictactoe-hats.brain"
    status, out = play(["--opponent", "hats", "--seed", "4"], 2, monkeypatch, capsys)
    assert status == 0 and out.count("Training AI, please wait...") == 1
    assert out.count("Play again (y/n)? ") >= 2
    first = path.read_bytes()
    kept = storage.load(path)
    assert isinstance(kept, HatLearner) and kept.games_trained == PRACTICE_GAMES + 2
    status, out = play(["--opponent", "hats", "--seed", "4"], 1, monkeypatch, capsys)
    assert status == 0 and "Training AI" not in out   # it starts from the kept hats
    assert path.read_bytes() != first
    assert storage.load(path).games_trained == PRACTICE_GAMES + 3


def test_a_saved_hats_brain_learns_and_is_saved_in_place(monkeypatch, capsys, nimgame_home):
    learner = HatLearner(TicTacToe())
    train(learner, 500, seed=2, curve_points=0)
    learner.name = "my hats"
    path = storage.save(learner)
    status, out = play(["--opponent", "my hats", "--seed", "5"], 2, monkeypatch, capsys)
    assert status == 0 and "Training AI" not in out
    again = storage.load(path)
    assert again.games_trained == 502 and again.name == "my hats"
    assert again.export_table() != learner.export_table()
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


def test_hats_that_cannot_be_kept_say_so_and_play_on(monkeypatch, capsys, nimgame_home):
    nimgame_home.mkdir(parents=True)
    (nimgame_home / "brains").write_text("not a folder")
    status, out = play(["--opponent", "hats", "--seed", "4"], 2, monkeypatch, capsys)
    assert status == 0 and out.count("Play again (y/n)? ") >= 2
    # once after practice, once after each game
    assert out.count("(The computer's hats were not saved: cannot save") == 3
    assert (nimgame_home / "brains").read_text() == "not a folder"
