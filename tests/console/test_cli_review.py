"""`nimgame review`: moves typed on the command line, kept games (from text play), the
list of kept games; --json's schema; every mistake one line on stderr and exit 2."""

import io
import json
import os
import sys

import pytest

from nimgame.console.cli import main

KEYS = {"ply", "player", "move", "before", "after", "before_in", "after_in", "mistake",
        "first_mistake", "why"}
RANK = {"loss": -1, "draw": 0, "win": 1}


def cli(capsys, *argv):
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


def json_moves(capsys, *argv):
    status, out, err = cli(capsys, *argv, "--json")
    assert status == 0 and err == ""
    return [json.loads(line) for line in out.splitlines()]


@pytest.mark.parametrize("argv", [
    ["nim", "--moves", "4:7", "3:3", "2:1", "3:2", "1:1", "2:2"],
    ["nim", "--piles", "2,3", "--normal", "--max-take", "2", "--moves", "2:2", "1:1", "2:1"],
    ["sticks", "--sticks", "10", "--moves", "1", "3", "2", "1", "2"],
    ["tictactoe", "--moves", "5", "2", "1", "9", "3", "7"],
    ["hexapawn", "--moves", "b1-b2", "c3xb2", "a1xb2", "a3-a2"],
])
def test_json_is_one_object_per_move_in_its_schema(argv, capsys):
    moves = json_moves(capsys, "review", *argv)
    typed = argv[argv.index("--moves") + 1:]
    assert [m["move"] for m in moves] == typed and [m["ply"] for m in moves] == list(
        range(1, len(typed) + 1))
    firsts = 0
    for ply, move in enumerate(moves, 1):
        assert set(move) == KEYS
        assert move["player"] in (0, 1)
        assert move["before"] in RANK and move["after"] in RANK
        assert move["mistake"] is (RANK[move["after"]] < RANK[move["before"]])
        assert isinstance(move["why"], str) is move["mistake"]
        for side in ("before", "after"):
            count = move[f"{side}_in"]
            assert count is None if move[side] == "draw" else (
                isinstance(count, int) and count >= 0)
        if move["first_mistake"]:
            firsts += 1
            assert move["mistake"] and not any(m["mistake"] for m in moves[:ply - 1])
    assert firsts == int(any(m["mistake"] for m in moves))


def test_a_sticks_game_in_json(capsys):
    moves = json_moves(capsys, "review", "sticks", "--sticks", "10", "--moves", "1", "3",
                       "2", "1", "2")
    assert [(m["before"], m["before_in"], m["after"], m["after_in"]) for m in moves] == [
        ("win", 6, "win", 5), ("loss", 5, "loss", 4), ("win", 4, "loss", 2),
        ("win", 2, "loss", 2), ("win", 2, "win", 1)]
    assert [m["first_mistake"] for m in moves] == [False, False, True, False, False]
    assert moves[2]["why"].startswith("Player 1 left 4 sticks, which is not 4k+1")


def test_the_table_shows_the_first_mistake_why_and_where_to_play_on(capsys):
    status, out, err = cli(capsys, "review", "nim", "--piles", "1,2", "--moves", "2:1", "1:1")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Nim (1, 2), misère: taking the last object loses"
    assert "   1  Player 1  2:1   win in 2  loss in 2  <- first mistake" in lines
    assert "Why: Player 1 left 2 piles of 1 and none bigger: an even number, and in misère play " \
           "that wins for the one to move; taking 2 from pile 2 would have left 1 pile of " \
           "1 and none bigger, an odd number." in lines
    at = lines.index("Play on from just before it (Player 1 to move):")
    assert lines[at + 1:] == ["Pile 1: o (1)", "Pile 2: oo (2)"]


@pytest.mark.parametrize("argv,words", [
    (["nim", "--moves", "4:7", "2:9"],
     "the move at ply 2 (2:9) cannot be played: Pile 2 has only 3 objects."),
    (["nim", "--moves", "0:1"],
     "the move at ply 1 (0:1) cannot be played: There is no pile 0; the piles are 1 to 4."),
    (["sticks", "--moves", "3", "3", "4"],
     "the move at ply 3 (4) cannot be played: You must take between 1 and 3 sticks, not 4."),
    (["tictactoe", "--moves", "5", "5"], "the move at ply 2 (5) cannot be played: Please "
                                         "choose an empty square from 1 to 9."),
    (["hexapawn", "--moves", "b1-b2", "b3-b2"],
     "the move at ply 2 (b3-b2) cannot be played: B3 is blocked: b2 holds a White pawn, "
     "and a pawn captures only diagonally."),
    (["sticks", "--sticks", "2", "--moves", "1", "1", "1"],
     "the move at ply 3 (1) cannot be played: the game is over by then"),
    (["chess", "--moves", "e4"], "--moves reviews moves from the start of a game"),
    (["--moves", "1"], "--moves reviews moves from the start of a game"),
    (["nim"], "to review a game of nim from its moves, give them with --moves"),
    (["1", "--piles", "1,2"], "--piles sets the rules of a game reviewed with --moves"),
    (["7"], "7: there is no kept game 7"),
    (["nim", "--piles", "x", "--moves", "1:1"], "--piles"),
])
def test_a_mistake_on_the_command_line_is_one_line_and_exit_2(argv, words, capsys):
    status, out, err = cli(capsys, "review", *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and words in err and "Traceback" not in err


def play_text(monkeypatch, capsys, argv, answers):
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    status = main(argv)
    return status, capsys.readouterr().out


def test_text_play_keeps_each_game_and_says_how_to_review_it(monkeypatch, capsys,
                                                              nimgame_home):
    status, out = play_text(monkeypatch, capsys, ["play", "tictactoe", "--text", "--opponent",
                                                  "minimax"], "1\n2\n3\n4\n6\n7\n8\n9\ny\n"
                            "5\n1\n2\n3\n4\n6\n7\n8\n9\nn\n")
    assert status == 0
    assert out.count("Review this game: nimgame review 1\n") == 1
    assert out.count("Review this game: nimgame review 2\n") == 1
    status, listed, err = cli(capsys, "review")
    assert status == 0 and err == ""
    assert listed.splitlines()[1].split()[:1] == ["2"] and "Tic-Tac-Toe" in listed
    moves = json_moves(capsys, "review", "2")
    assert moves[0]["move"] == "5" and moves[0]["player"] == 0
    status, table, err = cli(capsys, "review", "last")
    assert status == 0 and table.splitlines()[1].startswith("Game 2, ")
    assert "You moved first, against AI (Minimax)" in table
    path = nimgame_home / "games" / "000001.json"
    assert cli(capsys, "review", str(path))[0] == 0
    listed = [json.loads(line) for line in cli(capsys, "review", "--json")[1].splitlines()]
    assert [entry["id"] for entry in listed] == [2, 1]
    assert listed[0]["game"] == "tictactoe" and listed[0]["moves"] == len(moves)


def test_the_sticks_dialogue_keeps_its_games_without_a_word(monkeypatch, capsys):
    """The seed's dialogue stays word for word; its game is kept all the same."""
    status, out = play_text(monkeypatch, capsys, ["play", "sticks", "--stage", "1"],
                            "10\n3\n3\n3\n1\n")
    assert status == 0 and "review" not in out
    moves = json_moves(capsys, "review", "last")
    assert [m["move"] for m in moves] == ["3", "3", "3", "1"]


def test_no_game_kept_yet(capsys, nimgame_home):
    status, out, err = cli(capsys, "review")
    assert status == 0 and err == ""
    assert out == f"No game has been kept yet: games played in the window or with play " \
                  f"--text are kept in {nimgame_home / 'games'}.\n"
    assert cli(capsys, "review", "last")[2] == \
        "nimgame: error: last: no game has been kept yet\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_hostile_record_files_are_one_line_and_exit_2(capsys, tmp_path, nimgame_home):
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    garbage = tmp_path / "garbage.json"
    garbage.write_bytes(b"\xff\xfe{")
    for path, words in ((fifo, "not a regular file"), (garbage, "not UTF-8"),
                        (tmp_path, "is a folder")):
        status, out, err = cli(capsys, "review", str(path))
        assert status == 2 and out == "" and err.count("\n") == 1 and words in err
    games = nimgame_home / "games"
    games.mkdir(parents=True)
    (games / "000003.json").write_text('{"format": "nimgame game record", "version": 1}')
    status, out, err = cli(capsys, "review")
    assert status == 0 and "     3  cannot be read: its record lacks \"game\"" in out
