"""The command line and text mode under hostile arguments, input, names, signals and pipes.

Every case asserts the one promise: a result, or one line on stderr that says what and
why (exit 2 for a mistake, 130 for Ctrl-C, 1 when the output cannot be written), with
nothing raw from outside reaching the terminal.
"""

import io
import os
import signal
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest
from brainfiles import real, write
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench import interrupt
from nimgame import files, storage
from nimgame.console import cli
from nimgame.console.cli import commands
from nimgame.console.cli.commands import play

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, PYTHONPATH=str(ROOT))

HOSTILE_TEXT = ["²", "①", "٣", "\u200b3", "3\u200b", "10**30", "1e3", "-0", "-1", "+3", " 3",
                "", "x" * 10_000, "9" * 200, "0x10", "3.0", "nan", "inf", "\x1b[2J", "\u202e1",
                "1\n2", "½"]
#: Characters that must never reach a terminal raw from outside text.
RAW = ("\x1b", "\r", "\b", "\u202e", "\u200b", "\x00")


def run(argv, stdin="", capsys=None):
    with mock.patch.object(sys, "stdin", io.StringIO(stdin)):
        status = cli.main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


def assert_one_line(err: str) -> None:
    assert err.count("\n") == 1 and err.startswith("nimgame: error: "), err[:500]
    assert len(err) < 400 and "Traceback" not in err
    assert not any(c in err.rstrip("\n") for c in RAW), err


@pytest.fixture
def nothing_played(monkeypatch):
    """No game is trained or played: a refusal said at once comes before any of that."""
    def played(*args, **kwargs):
        raise AssertionError("a game was trained or played before the refusal")

    monkeypatch.setattr(commands.train, "train", played)
    monkeypatch.setattr(commands.arena, "match", played)


OPTIONS = [
    (["train", "nim", "--games", "20"], "--piles"),
    (["train", "nim", "--games", "20"], "--max-take"),
    (["train", "sticks", "--learner", "hats", "--games", "20"], "--sticks"),
    (["train", "nim"], "--games"),
    (["train", "nim", "--games", "20"], "--seed"),
    (["train", "nim", "--games", "20"], "--alpha"),
    (["train", "nim", "--games", "20"], "--epsilon"),
    (["train", "nim", "--games", "20"], "--name"),
    (["train", "nim", "--games", "20"], "--opponent"),
    (["train", "nim", "--games", "20"], "--learner"),
    (["arena", "nim", "random", "perfect"], "--games"),
    (["arena", "nim", "random", "perfect", "--games", "5"], "--piles"),
    (["play", "sticks", "--text"], "--sticks"),
    (["play", "nim", "--text", "--opponent", "random"], "--seed"),
    (["play", "nim", "--text"], "--opponent"),
]


@pytest.mark.parametrize("prefix,option", OPTIONS)
def test_hostile_values_for_every_option(capsys, prefix, option):
    """Each value is refused at parse time in one line, or (for the few a person may
    mean, like -0 for --epsilon) used as what it looks like."""
    for value in HOSTILE_TEXT:
        status, out, err = run(prefix + [option, value], capsys=capsys)
        if status == 2:
            assert_one_line(err)
            assert "Trained" not in out  # refused before any work
        else:   # play's answers run out: the end of input, status 1
            assert status == (1 if prefix[0] == "play" else 0) and err == "", (option, value,
                                                                              err)
            assert not any(c in out for c in RAW)


@pytest.mark.parametrize("argv,message", [
    (["train", "nim", "--piles", "0,0"], "every pile is empty"),
    (["train", "nim", "--piles", "0"], "every pile is empty"),
    (["train", "nim", "--piles", "1000,1000"], "too big to learn"),
    (["train", "sticks", "--sticks", "1000000"], "too big to learn"),
    (["train", "nim", "--piles", ",".join(["1"] * 101)], "at most 100 piles, not 101"),
    (["train", "nim", "--games", "10000001"], "from 1 to 10,000,000"),
    (["arena", "nim", "easy", "random", "--piles", "10000,1"], "at most 10,000 objects"),
    (["arena", "nim", "minimax", "random", "--piles", "20,20,20,20,20"], "cannot play"),
    (["arena", "nim", "", "random"], "unknown player ''"),
    (["arena", "nim", "\x1b[2J", "random"], r"unknown player '\x1b[2J'"),
    (["play", "nim", "--text", "--opponent", ""], "unknown player ''"),
    (["train", "nim", "--name", ""], "--name"),
    (["train", "nim", "--name", "a\u202eb"], r"a\u202eb"),
    (["train", "nim", "--name", "x" * 300], "--name"),
    (["inspect", "\x1b]0;pwned\x07"], r"\x1b]0;pwned\x07"),
    (["train", "nim", "--sticks", "x" * 10_000], "--sticks must be a whole number"),
])
def test_what_no_later_command_could_use_is_refused_at_once(capsys, nothing_played, argv,
                                                           message):
    status, out, err = run(argv, capsys=capsys)
    assert status == 2 and message in err, err
    assert_one_line(err)
    assert "Trained" not in out


def test_huge_boards_are_played_by_the_players_that_can(capsys):
    """Boards no search could finish (piles of a googol, 10**30 sticks): played to the end
    all the same, by the players with a rule instead of a search."""
    googol = str(10**100)
    status, out, err = run(["arena", "nim", "perfect", "random", "--games", "4", "--piles",
                            ",".join([googol] * 3 + ["1"])], capsys=capsys)
    assert status == 0 and err == "" and "4 games" in out
    status, out, err = run(["arena", "sticks", "perfect", "random", "--games", "2",
                            "--sticks", "1" + "0" * 30, "--max-take", "1" + "0" * 29],
                           capsys=capsys)
    assert status == 0 and err == ""


@pytest.mark.parametrize("board", [["sticks", "--sticks", "1" + "0" * 30],
                                   ["nim", "--piles", "5000000", "--max-take", "3"]])
def test_boards_whose_games_never_end_are_refused(capsys, nothing_played, board):
    status, out, err = run(["arena", board[0], "perfect", "random", *board[1:]], capsys=capsys)
    assert status == 2 and "too long to play out" in err and out == ""
    assert_one_line(err)


TOKENS = ["train", "list", "inspect", "play", "arena", "nim", "sticks", "tictactoe", "--text",
          "--games", "3", "--piles", "1,2", "--sticks", "12", "--max-take", "2", "--seed",
          "--name", "--out", "--opponent", "--learner", "hats", "q", "random", "perfect",
          "easy", "--force", "--normal", "--alpha", "--epsilon", "0.5", "--first", "ai",
          "--mark", "O", "--help-me", "-h"] + HOSTILE_TEXT


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.lists(st.one_of(st.sampled_from(TOKENS), st.text(max_size=20)), max_size=8))
def test_random_command_lines(capsys, tmp_path, argv):
    """Whatever the argv: a result or one line; never a traceback, the window or a hang."""
    argv = [a.replace("\x00", "") for a in argv]
    if "--games" in argv:  # keep runs short: this is about parsing, not playing
        i = argv.index("--games")
        argv[i + 1:i + 2] = ["3"]
    if "--out" in argv:
        i = argv.index("--out")
        argv[i + 1:i + 2] = [str(tmp_path / "out.brain")]
    with mock.patch.object(play, "open_window", lambda game=None, setup=None: 0):
        try:
            status, out, err = run(argv, capsys=capsys)
        except SystemExit as done:  # only --help may end this way, with status 0
            assert done.code == 0
            capsys.readouterr()
            return
    assert status in (0, 2), (argv, status, err)
    if status == 2:
        assert_one_line(err)
    else:
        assert "Traceback" not in err


# -- names from files reach the terminal escaped -------------------------------------------

EVIL = "\x1b[2J\r\b\u202eevil\nname" + "x" * 150


@pytest.fixture
def evil_brain(nimgame_home):
    """A brain whose name and dates were written by someone else, beside damaged files."""
    folder = nimgame_home / "brains"
    folder.mkdir(parents=True)
    header, table = real("nim-q")
    header["name"], header["created"] = EVIL, "\x1b[31m2026\u202e"
    write(folder / "evil.brain", header, table)
    (folder / "\x1b[31mtrunc\u202e.brain").write_bytes((folder / "evil.brain").read_bytes()[:99])
    header, table = real("nim-q")
    header["games_trained"] = "many"
    write(folder / "many.brain", header, table)
    os.mkfifo(folder / "fifo.brain")
    return folder / "evil.brain"


def assert_clean(text: str) -> None:
    assert not any(c in text.replace("\n", "") for c in RAW), repr(text[:300])
    assert all(len(line) < 300 for line in text.splitlines())


def test_list_inspect_and_arena_escape_names(capsys, evil_brain):
    status, out, err = run(["list"], capsys=capsys)
    assert status == 0 and err == ""
    assert_clean(out)
    rows = out.splitlines()
    assert len(rows) == 5  # the heading, the good brain and three damaged files
    assert sum("damaged:" in row for row in rows) == 3
    assert any(r"\x1b[2J\x0d\x08\u202eevil\x0aname" in row for row in rows)
    status, out, err = run(["inspect", str(evil_brain)], capsys=capsys)
    assert status == 0 and err == "" and "Coverage" in out
    assert_clean(out)
    status, out, err = run(["arena", "nim", str(evil_brain), "random", "--games", "4"],
                           capsys=capsys)
    assert status == 0 and err == ""
    assert_clean(out)
    status, out, err = run(["play", "nim", "--text", "--opponent", str(evil_brain),
                            "--first", "ai"], "", capsys=capsys)
    assert status == 1 and "AI chose" in out   # 1: the end of input


def test_damaged_brains_as_opponents_are_one_line(capsys, evil_brain):
    for spec in ("many", str(evil_brain.parent / "fifo.brain"), "fifo"):
        status, _, err = run(["arena", "nim", spec, "random"], capsys=capsys)
        assert status == 2
        assert_one_line(err)


# -- saving --------------------------------------------------------------------------------

def test_a_name_of_another_brain_needs_force(capsys, nimgame_home, monkeypatch):
    assert run(["train", "sticks", "--learner", "hats", "--games", "50", "--name", "dup"],
               capsys=capsys)[0] == 0
    path = nimgame_home / "brains" / "dup.brain"
    before = path.read_bytes()
    with monkeypatch.context() as patched:
        patched.setattr(commands.train, "train",
                        lambda *a, **k: pytest.fail("trained before refusing"))
        status, out, err = run(["train", "nim", "--games", "100000", "--name", "dup"],
                               capsys=capsys)
    assert status == 2 and "add --force" in err and "Game of Sticks" in err
    assert_one_line(err)   # said before training, not after
    assert path.read_bytes() == before
    status, out, err = run(["train", "nim", "--games", "50", "--name", "dup", "--force"],
                           capsys=capsys)
    assert status == 0 and err == ""
    assert storage.load(path).game.name == "nim"


def test_a_missing_folder_is_made(capsys, tmp_path):
    out = tmp_path / "new" / "folder" / "x.brain"
    status, _, err = run(["train", "nim", "--games", "20", "--out", str(out)], capsys=capsys)
    assert status == 0 and err == "" and storage.load(out).game.name == "nim"


@pytest.mark.parametrize("where", ["home-is-a-file", "out-is-folder",
                                   "out-under-file", "out-name-too-long"])
def test_saves_that_cannot_be_written_are_one_line(capsys, nimgame_home, tmp_path,
                                                   monkeypatch, where):
    argv = ["train", "nim", "--games", "20"]
    if where == "home-is-a-file":
        nimgame_home.parent.mkdir(parents=True, exist_ok=True)
        nimgame_home.write_text("not a folder")
    elif where == "out-is-folder":
        argv += ["--out", str(tmp_path)]
    elif where == "out-under-file":
        (tmp_path / "file").write_text("")
        argv += ["--out", str(tmp_path / "file" / "x.brain")]
    else:
        argv += ["--out", str(tmp_path / ("n" * 300 + ".brain"))]
    status, out, err = run(argv, capsys=capsys)
    assert status == 2, (out, err)
    assert_one_line(err)
    assert "not saved" in err or "folder" in err


def test_a_full_disk_keeps_the_old_brain(capsys, nimgame_home, monkeypatch):
    assert run(["train", "nim", "--games", "50", "--name", "keep"], capsys=capsys)[0] == 0
    path = nimgame_home / "brains" / "keep.brain"
    before = path.read_bytes()

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files, "_write_all", full)
    status, _, err = run(["train", "nim", "--games", "60", "--name", "keep"], capsys=capsys)
    assert status == 2 and "No space left on device" in err
    assert_one_line(err)
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir()] == ["keep.brain"]


# -- text mode -----------------------------------------------------------------------------

BAD_LINES = ["²", "①", "٣", "\u200b", "x" * 10_000, "10**30", "9" * 200, "\x1b[2J", "-1",
             "1" * 150, "3\u200b", "\ufffd"]  # what a lone surrogate decodes to


@pytest.mark.parametrize("argv", [
    ["play", "sticks", "--text"],
    ["play", "sticks", "--text", "--sticks", "15", "--opponent", "perfect"],
    ["play", "nim", "--text", "--opponent", "random", "--first", "human"],
    ["play", "tictactoe", "--text"],
])
def test_hostile_lines_are_asked_again(capsys, argv):
    stdin = "\n".join(BAD_LINES) + "\n"
    status, out, err = run(argv, stdin, capsys=capsys)
    assert status == 1 and err == ""
    assert out.rstrip().endswith("End of input: goodbye.")
    assert_clean(out)


def test_text_sticks_uses_the_options(capsys):
    status, out, _ = run(["play", "sticks", "--text", "--sticks", "13", "--max-take", "2",
                          "--opponent", "perfect"], "3\n2\n", capsys=capsys)
    assert status == 1   # the answers end before the game
    assert "There are 13 sticks on the board." in out
    assert "How many sticks are there" not in out
    assert "How many sticks do you take (1-2)?" in out
    assert "Training AI" not in out  # option 3 plays the given opponent
    # taking the last stick loses: with 1-2 per turn the mover loses on 3k + 1, so from 11
    # perfect play takes 1 and leaves 10
    assert "AI selects 1." in out


def test_text_sticks_against_a_saved_brain_plays_its_heap(capsys):
    assert run(["train", "sticks", "--learner", "hats", "--sticks", "25", "--games", "300",
                "--name", "hb"], capsys=capsys)[0] == 0
    status, out, _ = run(["play", "sticks", "--text", "--opponent", "hb"], "2\n", capsys=capsys)
    assert status == 1 and "There are 25 sticks on the board." in out   # 1: input ends


def test_text_sticks_refuses_to_learn_a_heap_too_big(capsys):
    status, out, _ = run(["play", "sticks", "--text", "--sticks", str(10**6)], "2\n3\n1\n",
                         capsys=capsys)
    assert status == 1   # the answers end before the game
    assert out.count("The computer cannot learn a heap of 1,000,000 sticks") == 2
    assert "Player 1: How many sticks do you take (1-3)?" in out


def subprocess_run(args, **kwargs):
    return subprocess.run([sys.executable, "-m", "nimgame", *args], env=ENV, cwd=ROOT,
                          capture_output=True, timeout=60, **kwargs)


def test_bytes_that_are_not_utf8_are_refused_not_a_crash(nimgame_home):
    done = subprocess_run(["play", "tictactoe", "--text"],
                          input=b"\xff\xfe\n\xc3\x28\n" + "²\n".encode() + b"\x00\n")
    assert done.returncode == 1, done.stderr   # the answers end before the game
    assert done.stderr == b""
    assert done.stdout.count(b"Please choose an empty square") == 4


# -- signals and pipes ---------------------------------------------------------------------

@pytest.mark.parametrize("args,stdin,doing", [
    (["arena", "nim", "random", "random", "--games", "1000000", "--piles", "50,50,50"], None,
     b"[playing]"),
    (["play", "nim", "--text", "--opponent", "random"], subprocess.PIPE, b"[asking]"),
])
def test_ctrl_c_ends_any_command_busy_or_waiting(nimgame_home, args, stdin, doing):
    """Ctrl-C in the middle of a million games (minutes of play) or while a move is asked
    for ends the command with 130 and one line. (How soon: `make bench`, bench/interrupt.)"""
    proc = interrupt.start(args, ENV, stdin)
    assert interrupt.wait_for(proc, doing)   # busy (or waiting for a move)
    assert proc.poll() is None
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)   # a guard against hanging, not a measure
    assert proc.returncode == 130
    assert err == b"nimgame: interrupted\n"


def test_a_closed_pipe_ends_quietly(nimgame_home):
    proc = subprocess.Popen([sys.executable, "-m", "nimgame", "list"], env=ENV, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # the reader is gone before a word is written
    err = proc.stderr.read()
    assert proc.wait(timeout=30) == 1
    assert err == b""


def test_a_full_output_is_one_line(nimgame_home):
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "nimgame", "list"], env=ENV, cwd=ROOT,
                              stdout=full, stderr=subprocess.PIPE, timeout=60)
    assert done.returncode == 1
    assert done.stderr == b"nimgame: error: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("encoding", ["ascii", "iso-8859-1"])
def test_list_and_inspect_on_a_terminal_that_is_not_utf8(nimgame_home, encoding):
    """A brain named 'Zoë ☃' listed and inspected where stdout cannot show it: what it
    cannot show is written escaped, and the command succeeds."""
    from nimgame.games import Sticks
    from nimgame.players import HatLearner

    brain = HatLearner(Sticks(10))
    brain.name = "Zoë ☃"
    storage.save(brain)
    env = {**os.environ, "PYTHONIOENCODING": encoding, "NIMGAME_HOME": str(nimgame_home)}
    for argv in (["list"], ["inspect", "Zoë ☃"]):
        done = subprocess.run([sys.executable, "-m", "nimgame", *argv], cwd=ROOT, env=env,
                              capture_output=True, timeout=60)
        assert done.returncode == 0, done.stderr.decode(errors="replace")
        assert b"Traceback" not in done.stderr and b"Zo" in done.stdout


@pytest.mark.parametrize("encoding", ["ascii", "iso-8859-1", "utf-8"])
def test_list_keeps_its_columns_where_names_are_escaped(nimgame_home, encoding):
    """Escaped for a terminal that is not UTF-8, 'Zoë ☃' is longer ('Zo\\xeb \\u2603'): the
    columns are measured as written, so every row's GAME starts under the heading's."""
    from nimgame.games import Nim, Sticks
    from nimgame.players import HatLearner, QLearner

    for learner, name in ((HatLearner(Sticks(10)), "Zoë ☃"), (QLearner(Nim((1, 2))), "a")):
        learner.name = name
        storage.save(learner)
    env = {**os.environ, "PYTHONIOENCODING": encoding, "NIMGAME_HOME": str(nimgame_home)}
    done = subprocess.run([sys.executable, "-m", "nimgame", "list"], cwd=ROOT, env=env,
                          capture_output=True, timeout=60)
    assert done.returncode == 0
    lines = done.stdout.decode(encoding).splitlines()
    column = lines[0].index("GAME")
    assert [line[column:column + 3] for line in lines[1:]] == ["Gam", "Nim"] or \
        [line[column:column + 3] for line in lines[1:]] == ["Nim", "Gam"]
    column = lines[0].index("RULES")
    assert all(line[column - 2:column] == "  " for line in lines[1:])


#: A value each game option takes, to give it where it does not belong.
SAMPLE_VALUES = {"piles": ["1,2"], "normal": [], "max_take": ["2"], "sticks": ["20"]}


@pytest.mark.parametrize("command", ["train", "arena"])
def test_a_rule_of_another_game_is_refused_not_ignored(capsys, nothing_played, command):
    """Every option of every game, given for a game that does not have it (`train nim
    --sticks 5` trained on Nim's own board before, the option dropped in silence)."""
    from nimgame.games.registry import KITS

    tried = 0
    for kit in KITS.values():
        own = {option.key for option in kit.options}
        for other in KITS.values():
            for option in other.options:
                if option.key in own:
                    continue
                players = ["random", "random"] if command == "arena" else []
                argv = [command, kit.name, *players, option.flag, *SAMPLE_VALUES[option.key]]
                status, out, err = run(argv, capsys=capsys)
                assert status == 2 and f"{option.flag} is not a rule of {kit.title}" in err, \
                    (argv, err)
                assert_one_line(err)
                tried += 1
    # Nim: --sticks; Sticks: --piles, --normal; Tic-Tac-Toe and Hexapawn: all five
    # (--max-take once from each of Nim and Sticks)
    assert tried == 1 + 2 + 5 + 5
