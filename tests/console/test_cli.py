"""The command line: train, list, inspect, arena; errors are one line and exit 2."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from nimgame import storage
from nimgame.console.cli import main

ROOT = Path(__file__).resolve().parents[2]


def cli(capsys, *argv):
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


def test_train_saves_a_brain_and_says_so(capsys, nimgame_home):
    status, out, err = cli(capsys, "train", "nim", "--games", "3000", "--seed", "1",
                           "--name", "champ")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[-2].startswith("Trained 3,000 games in ") and "games/s" in lines[-2]
    assert "optimal moves: 100.0%" in lines[-2]
    path = nimgame_home / "brains" / "champ.brain"
    assert lines[-1] == f"Saved 'champ' to {path}"
    assert any("/3,000 games" in line and "left" in line for line in lines)  # plain progress
    learner = storage.load(path)
    assert learner.games_trained == 3000 and learner.accuracy == 1.0


def test_train_options_reach_the_game_and_learner(capsys, tmp_path):
    out_file = tmp_path / "k.brain"
    status, *_ = cli(capsys, "train", "nim", "--learner", "hats", "--games", "500",
                     "--piles", "2,3,4", "--normal", "--max-take", "3", "--opponent",
                     "random", "--out", str(out_file))
    assert status == 0
    header = storage.read_header(out_file)
    assert header.rules == {"piles": [2, 3, 4], "misere": False, "max_take": 3}
    assert header.learner == "hats"
    status, *_ = cli(capsys, "train", "sticks", "--sticks", "40", "--games", "200",
                     "--opponent", "perfect", "--out", str(out_file), "--force")
    assert storage.read_header(out_file).rules == {"sticks": 40, "max_take": 3}


def test_list_and_inspect(capsys, nimgame_home):
    cli(capsys, "train", "sticks", "--learner", "hats", "--sticks", "30", "--games",
        "20000", "--seed", "2", "--name", "hatter")
    cli(capsys, "train", "tictactoe", "--games", "2000", "--seed", "2")
    (nimgame_home / "brains" / "broken.brain").write_bytes(b"\x80\x04garbage")
    status, out, _ = cli(capsys, "list")
    assert status == 0
    rows = out.splitlines()
    assert rows[0].split() == ["NAME", "GAME", "RULES", "LEARNER", "GAMES", "ACCURACY",
                               "UPDATED"]
    assert any(r.startswith("broken.brain") and "damaged:" in r for r in rows)
    assert any(r.startswith("hatter") and "Game of Sticks" in r and "20,000" in r for r in rows)
    status, out, _ = cli(capsys, "inspect", "hatter")
    assert status == 0
    assert "It has found the rule: leave 4k+1 sticks (a multiple of 4, plus 1)" in out
    assert "hat  30: 1:" in out
    status, out, _ = cli(capsys, "inspect", "tictactoe-q")
    assert "Coverage: it has met" in out and "picks a winning move in" in out
    status, _, err = cli(capsys, "inspect", "broken")
    assert status == 2 and err.count("\n") == 1 and "broken" in err


def test_list_with_nothing_saved(capsys, nimgame_home):
    status, out, _ = cli(capsys, "list")
    assert status == 0 and out.startswith("No saved brains in ")


def test_arena_totals_add_up(capsys):
    status, out, _ = cli(capsys, "arena", "sticks", "perfect", "random", "--games", "10",
                         "--sticks", "21", "--seed", "1")
    assert status == 0
    lines = out.splitlines()
    perfect = lines[2].split()
    random_ = lines[3].split()
    assert perfect[0] == "perfect" and random_[0] == "random"
    wins, losses, draws = map(int, perfect[1:4])
    assert wins + losses + draws == 10 and wins >= 5
    assert list(map(int, random_[1:3])) == [losses, wins]
    assert int(perfect[4]) + int(perfect[5]) == wins


def test_arena_with_a_saved_brain(capsys, tmp_path):
    path = tmp_path / "b.brain"
    cli(capsys, "train", "nim", "--games", "3000", "--seed", "1", "--out", str(path))
    status, out, _ = cli(capsys, "arena", "nim", str(path), "perfect", "--games", "4")
    assert status == 0 and "nim-q vs perfect" in out


@pytest.mark.parametrize("argv,message", [
    (["train", "nim", "--games", "abc"], "--games must be a whole number, not 'abc'"),
    (["train", "nim", "--games", "0"],
     "--games must be a whole number from 1 to 10,000,000, not 0"),
    (["train", "chess"], "invalid choice: 'chess'"),
    (["train", "nim", "--piles", "1,x"], "--piles: piles are whole numbers separated by"),
    (["train", "nim", "--piles", "1,-3"], "not '1,-3'"),
    (["train", "nim", "--alpha", "2"], "--alpha must be a decimal number with 0 < x <= 1"),
    (["arena", "nim", "wizard", "random"], "unknown player 'wizard'"),
    (["arena", "tictactoe", "perfect", "random"], "Perfect cannot play Tic-Tac-Toe"),
    (["inspect", "nothing-here"], "no brain called 'nothing-here'"),
    (["frobnicate"], "invalid choice"),
])
def test_errors_are_one_line_and_exit_2(capsys, argv, message):
    status, out, err = cli(capsys, *argv)
    assert status == 2
    assert err.startswith("nimgame: error: ") and err.count("\n") == 1
    assert message in err


def test_brain_for_another_game_is_refused(capsys, tmp_path):
    path = tmp_path / "n.brain"
    cli(capsys, "train", "nim", "--games", "100", "--out", str(path))
    status, _, err = cli(capsys, "arena", "tictactoe", str(path), "random")
    assert status == 2 and "this brain plays Nim, not Tic-Tac-Toe" in err


def run_module(*argv, **kwargs):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, *argv], capture_output=True, text=True, env=env,
                          cwd=ROOT, **kwargs)


def test_entry_points(nimgame_home):
    for argv in (["main.py", "list"], ["-m", "nimgame", "list"]):
        done = run_module(*argv)
        assert done.returncode == 0 and "No saved brains" in done.stdout
    done = run_module("-m", "nimgame", "arena", "nim", "x", "y")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_ctrl_c_stops_training_and_saves(nimgame_home, tmp_path):
    out_file = tmp_path / "long.brain"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "nimgame", "train", "nim", "--piles", "3,5,7,9,11",
         "--games", "10000000", "--out", str(out_file)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    # Wait until it is training (its first progress line, after its first games), then
    # press Ctrl-C. Ten million games would take minutes: stopping is seen in the count.
    assert proc.stdout.readline().strip().endswith("left")
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)   # a guard against hanging, not a measure
    assert proc.returncode == 0, err
    assert "Stopped after" in out and "Saved 'nim-q'" in out
    trained = storage.load(out_file).games_trained
    assert 0 < trained < 10_000_000


def test_progress_bar_on_a_terminal(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    status = main(["train", "nim", "--games", "2000", "--out", str(tmp_path / "t.brain")])
    out = capsys.readouterr().out
    assert status == 0
    bars = [part for part in out.split("\r") if part.startswith("[")]
    assert bars and bars[-1].startswith("[" + "#" * 30 + "] 2,000/2,000 games")
    assert "games/s" in bars[-1] and "left" in bars[-1]


def test_play_without_text_opens_the_window_on_that_game(capsys, monkeypatch):
    from nimgame.ui import app as window
    opened = []
    monkeypatch.setattr(window, "main", lambda game=None, setup=None: opened.append(game))
    assert main(["play", "sticks"]) == 0 and opened == ["sticks"]
    assert main([]) == 0 and opened == ["sticks", None]


def test_play_with_options_opens_the_window_on_that_board(capsys, monkeypatch, nimgame_home):
    from nimgame.games import Nim, Sticks, TicTacToe
    from nimgame.players import PerfectPlayer, QLearner
    from nimgame.ui import app as window

    opened = []

    class Window:   # the window's app, never opened: it records the board it would show
        def open(self, name, *args):
            if name == "board":
                opened.append(args[0])

        def run(self):
            pass

    monkeypatch.setattr(window, "App", Window)
    assert main(["play", "nim", "--piles", "2,3", "--normal", "--opponent", "perfect",
                 "--first", "ai"]) == 0
    setup = opened[-1]
    assert setup.game == Nim((2, 3), misere=False)
    assert isinstance(setup.seats[0].player, PerfectPlayer) and setup.seats[1].human
    assert main(["play", "sticks", "--sticks", "30"]) == 0   # the set-up's default opponent
    assert opened[-1].game == Sticks(30) and opened[-1].seats[1].learns
    assert main(["play", "tictactoe", "--mark", "O", "--opponent", "q"]) == 0
    setup = opened[-1]
    assert setup.game == TicTacToe() and setup.seats[1].human
    assert isinstance(setup.seats[0].player, QLearner) and setup.seats[0].pretrain
    learner = QLearner(Nim((1, 2)))
    learner.name = "mine"
    storage.save(learner)
    assert main(["play", "nim", "--piles", "1,2", "--opponent", "mine", "--first",
                 "human"]) == 0
    assert opened[-1].seats[1].player.name == "mine" and opened[-1].seats[0].human
    # Refused in one line, the window never opening: a board it cannot draw, a brain of
    # other rules, an unknown player.
    for argv, said in ((["--piles", "1,2,99"], "the window cannot show this board"),
                       (["--opponent", "mine"], "mine: "),
                       (["--opponent", "nobody"], "unknown player 'nobody'"),
                       (["--piles", "9,9,9,9,9,9,9,9", "--opponent", "minimax"],
                        "cannot play")):
        count = len(opened)
        assert main(["play", "nim", *argv]) == 2 and len(opened) == count
        err = capsys.readouterr().err
        assert said in err and err.count("\n") == 1


def test_an_empty_pile_entry_is_refused_not_skipped(capsys):
    """`--piles 1,,3` is not the board 1,3: the left-out pile is said, in one line."""
    assert main(["arena", "nim", "perfect", "random", "--piles", "1,,3"]) == 2
    err = capsys.readouterr().err
    assert "--piles: pile 2 is empty" in err and err.count("\n") == 1


def test_a_board_the_default_opponent_cannot_learn_is_said_in_one_line(capsys):
    """`play nim --text --piles 1000000000`: CS50's Q-learner cannot learn that board;
    one line says so and names a player that can (it was a traceback)."""
    assert main(["play", "nim", "--text", "--piles", "1000000000"]) == 2
    err = capsys.readouterr().err
    assert "Q-learning cannot learn" in err and "--opponent perfect" in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_no_display_says_so_and_suggests_text_mode(capsys, monkeypatch):
    """`play sticks` with no display at all: one line, not a window nobody can see."""
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("sys.platform", "linux")
    assert main(["play", "sticks"]) == 2
    err = capsys.readouterr().err
    assert "no display" in err and "--text" in err and err.count("\n") == 1


def dead_display() -> str:
    """A display name no X server answers on."""
    number = next(n for n in range(87, 200) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    return f":{number}"


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="X11 and Wayland systems")
@pytest.mark.parametrize("environment", [
    {"DISPLAY": "dead"},                           # SDL falls back on its offscreen driver
    {"SDL_VIDEODRIVER": "x11"},                    # a driver asked for, with no display
    {"SDL_VIDEODRIVER": "wayland", "DISPLAY": "dead"},
])
def test_a_display_that_cannot_be_opened_is_one_line(nimgame_home, environment):
    """`play sticks` where the display named cannot be opened: one line naming the game's
    text mode, status 2, not a traceback ('x11 not available') nor an invisible window
    that never ends (SDL's offscreen driver, chosen when DISPLAY answers nothing)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update({k: dead_display() if v == "dead" else v for k, v in environment.items()})
    env["XDG_RUNTIME_DIR"] = str(nimgame_home.parent)
    try:
        done = subprocess.run([sys.executable, "-m", "nimgame", "play", "sticks"], env=env,
                              stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              timeout=120, cwd=Path(__file__).resolve().parents[2])
    except subprocess.TimeoutExpired:
        pytest.fail("the window opened where nobody can see it, and never ended")
    errors = [line for line in done.stderr.splitlines() if line.startswith("nimgame:")]
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert len(errors) == 1 and "no display" in errors[0]
    assert "play sticks --text" in errors[0]
