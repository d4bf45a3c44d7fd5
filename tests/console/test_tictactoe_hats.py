"""Tic-Tac-Toe against hats in the terminal (the Sticks seed's "Nightmare Mode"): the hats
practise first, then draw their moves and learn from every game, as the seed's AI does.
A golden transcript (seeded, fed on stdin) compared line for line and re-read by an
independent referee."""

import io
import re
import sys
from pathlib import Path

from dialogue import split_transcript

from nimgame.console import textplay
from nimgame.console.cli import main
from nimgame.games import Nim, TicTacToe
from nimgame.learning.training import PRACTICE_GAMES
from nimgame.match import Match, Seat
from nimgame.players import HatLearner, MinimaxPlayer, QLearner
from nimgame.session.sticks_computer import HatDrawer

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
        ending = game.rstrip().splitlines()[-1]
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
