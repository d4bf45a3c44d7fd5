"""The class tournament (`learning/tournament.py`, `learning/policy_process.py`, `nimgame
tournament`): the leaderboard against one worked out here for every result table of small
tournaments; students' policy files that raise, hang, cheat, return no whole number, print
megabytes or do not load each lose with one line naming the file and why; Ctrl-C ends a
tournament waiting on a hung policy at once."""

import csv
import itertools
import os
import signal
import subprocess
import sys
import textwrap
from fractions import Fraction
from pathlib import Path

import pytest

from nimgame import storage
from nimgame.console.cli import main
from nimgame.games import Sticks, TicTacToe
from nimgame.learning.policy_process import PolicyFailed, PolicyProcess
from nimgame.learning.tournament import (
    GameResult,
    PolicyContender,
    Tournament,
    leaderboard,
    pairings,
    play_game,
    run_tournament,
    write_leaderboard,
)
from nimgame.learning.training import train
from nimgame.players import QLearner

ROOT = Path(__file__).resolve().parents[2]


# -- the leaderboard, against a brute force -------------------------------------------------
def expected_board(names, games):
    """Points, wins, draws and losses per name, counted game by game; the ranks as a
    competition ranks (1 + how many have more points); best first, ties in entry order."""
    tally = {name: [Fraction(0), 0, 0, 0] for name in names}
    for first, second, outcome in games:
        a, b = names[first], names[second]
        if outcome == "draw":
            for who in (a, b):
                tally[who][0] += Fraction(1, 2)
                tally[who][2] += 1
        else:
            won, lost = (a, b) if outcome == "first" else (b, a)
            tally[won][0] += 1
            tally[won][1] += 1
            tally[lost][3] += 1
    rows = []
    for points in sorted({t[0] for t in tally.values()}, reverse=True):
        better = sum(1 for t in tally.values() if t[0] > points)
        rows += [(better + 1, name, points, *tally[name][1:]) for name in names
                 if tally[name][0] == points]
    return rows


@pytest.mark.parametrize(("entrants", "games"), [(2, 1), (2, 3), (3, 1), (3, 2), (4, 1)])
def test_every_result_table_ranks_as_worked_out_by_hand(entrants, games):
    names = [f"p{i}" for i in range(entrants)]
    order = pairings(entrants, games)
    for outcomes in itertools.product(("first", "second", "draw"), repeat=len(order)):
        results = [GameResult(a, b, None if o == "draw" else (a if o == "first" else b))
                   for (a, b), o in zip(order, outcomes, strict=True)]
        board = leaderboard(Tournament(names, ["brain"] * entrants, games, results))
        got = [(s.rank, s.name, s.points, s.wins, s.draws, s.losses) for s in board]
        assert got == expected_board(names, [(a, b, o) for (a, b), o in
                                             zip(order, outcomes, strict=True)])


def test_pairings_meet_every_pair_as_often_each_moving_first_in_turn():
    for entrants, games in itertools.product(range(2, 7), range(1, 5)):
        order = pairings(entrants, games)
        for a, b in itertools.combinations(range(entrants), 2):
            firsts = [p for p in order if set(p) == {a, b}]
            assert len(firsts) == games
            assert abs(sum(p[0] == a for p in firsts) - sum(p[0] == b for p in firsts)) <= 1


# -- students' files ----------------------------------------------------------------------------
POLICIES = {
    "first_legal.py": """
        def policy(observation, action_mask):
            return int(action_mask.nonzero()[0][0])
    """,
    "raises.py": """
        def policy(observation, action_mask):
            raise ZeroDivisionError("divided\\nby nothing")
    """,
    "hangs.py": """
        def policy(observation, action_mask):
            while True:
                pass
    """,
    "illegal.py": """
        def policy(observation, action_mask):
            return int(action_mask.argmin()) if action_mask.min() == 0 else 99
    """,
    "huge_number.py": """
        def policy(observation, action_mask):
            return 10 ** 5000
    """,
    "text.py": """
        def policy(observation, action_mask):
            return "1"
    """,
    "boolean.py": """
        def policy(observation, action_mask):
            return True
    """,
    "decimal.py": """
        def policy(observation, action_mask):
            return 1.0
    """,
    "syntax.py": """
        def policy(observation, action_mask)
            return 0
    """,
    "no_policy.py": """
        def choose(observation, action_mask):
            return 0
    """,
    "noisy.py": """
        import sys
        print("x" * 5_000_000)
        def policy(observation, action_mask):
            sys.stderr.write("y" * 5_000_000)
            raise SystemExit(3)
    """,
    "dies.py": """
        import os
        def policy(observation, action_mask):
            os._exit(1)
    """,
}
WHY = {
    "raises.py": "raises.py raised ZeroDivisionError: divided by nothing",
    "hangs.py": "hangs.py took longer than 0.2 s to move",
    "illegal.py": "illegal.py chose action 0, which is not legal here (the mask says "
                  "which are)",
    "huge_number.py": "huge_number.py chose action a huge number, which is not legal here "
                      "(the mask says which are)",
    "text.py": "text.py returned str, not an action number",
    "boolean.py": "boolean.py returned True, not an action number",
    "decimal.py": "decimal.py returned float, not an action number",
    "syntax.py": "syntax.py cannot be loaded: a syntax error on line 2: expected ':'",
    "no_policy.py": "no_policy.py has no function policy(observation, action_mask)",
    "noisy.py": "noisy.py raised SystemExit: 3",
    "dies.py": "dies.py stopped without answering (its process ended)",
}


@pytest.fixture
def policies(tmp_path):
    for name, text in POLICIES.items():
        (tmp_path / name).write_text(textwrap.dedent(text))
    return tmp_path


def test_each_hostile_policy_loses_its_game_with_one_line(policies, capfd):
    """Against a policy that plays the first legal move, in Tic-Tac-Toe after X took the
    first square (so action 0 is illegal): each hostile file forfeits, its line says which
    file and why, nothing it printed shows; the good one is still asked afterwards."""
    game = TicTacToe()
    good = PolicyContender(game, PolicyProcess(policies / "first_legal.py", 5.0))
    try:
        for name, why in WHY.items():
            bad = PolicyContender(game, PolicyProcess(policies / name, 0.2, 5.0))
            try:
                result = play_game(game, 0, 1, [good, bad])
            finally:
                bad.close()
            assert result.winner == 0 and result.forfeited_by == 1, name
            assert result.forfeit == f"{why}; it loses the game", name
            assert "\n" not in result.forfeit
    finally:
        good.close()
    out, err = capfd.readouterr()
    assert "xxxx" not in out + err and "yyyy" not in out + err and "Traceback" not in err


def test_a_policy_that_hangs_is_ended_and_asked_again_in_a_fresh_process(policies):
    process = PolicyProcess(policies / "hangs.py", 0.2)
    try:
        for _ in range(2):
            with pytest.raises(PolicyFailed, match=r"^hangs.py took longer than 0.2 s"):
                process.move([20, 1], [2], [1, 1, 1])
            assert process.process is None   # ended, not left spinning
    finally:
        process.close()


def test_a_round_robin_of_brains_and_files_and_its_csv(policies, tmp_path, nimgame_home,
                                                      capsys):
    """From the command line: two brains from the library and two policy files; every
    forfeit said in one line; the printed leaderboard and the CSV say the same."""
    for name, games in (("strong", 3000), ("weak", 1)):
        learner = QLearner(Sticks())
        train(learner, games, seed=1, curve_points=0)
        learner.name = name
        storage.save(learner)
    out_csv = tmp_path / "board.csv"
    code = main(["tournament", "strong", "weak", str(policies / "first_legal.py"),
                 str(policies / "raises.py"), "--game", "sticks", "--games", "2",
                 "--csv", str(out_csv)])
    said = capsys.readouterr()
    assert code == 0 and said.err == ""
    lines = said.out.splitlines()
    assert lines[0].startswith("Tournament: Game of Sticks: 20 sticks")
    forfeits = [line for line in lines if "loses the game" in line]
    assert len(forfeits) == 6 and all("raises.py raised ZeroDivisionError" in line
                                      for line in forfeits)
    rows = list(csv.DictReader(out_csv.open()))
    assert [r["entrant"] for r in rows][-1] == "raises.py"
    assert rows[-1]["losses"] == rows[-1]["forfeits"] == "6"
    assert sum(int(r["wins"]) for r in rows) + sum(int(r["draws"]) for r in rows) // 2 == 12
    for row in rows:
        assert any(line.split()[:2] == [row["rank"], row["entrant"]] for line in lines)


def test_the_command_line_refuses_in_one_line(policies, capsys, tmp_path):
    assert main(["tournament", str(policies / "first_legal.py"), "--game", "sticks"]) == 2
    assert "a tournament has 2 to 40 entrants, not 1" in capsys.readouterr().err
    assert main(["tournament", str(policies / "first_legal.py"), str(tmp_path / "nope.py"),
                 "--game", "sticks"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no policy file" in err
    learner = QLearner(TicTacToe())
    learner.name = "ttt"
    storage.save(learner)
    assert main(["tournament", "ttt", str(policies / "first_legal.py"), "--game",
                 "sticks"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "ttt" in err
    (tmp_path / "folder.csv").mkdir()
    assert main(["tournament", str(policies / "first_legal.py"),
                 str(policies / "first_legal.py"), "--game", "sticks", "--games", "1",
                 "--csv", str(tmp_path / "folder.csv")]) == 2
    said = capsys.readouterr()
    assert "first_legal.py (1)" in said.out and said.err.count("\n") == 1


def test_write_leaderboard_is_atomic_and_refuses_a_folder(tmp_path):
    board = leaderboard(Tournament(["a", "b"], ["brain", "policy"], 1,
                                   [GameResult(0, 1, None)]))
    path = write_leaderboard(tmp_path / "x.csv", board)
    assert path.read_text() == ("rank,entrant,kind,games,wins,draws,losses,points,forfeits\n"
                                "1,a,brain,1,0,1,0,0.5,0\n1,b,policy,1,0,1,0,0.5,0\n")
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_run_tournament_can_be_stopped_and_closes_every_process(policies):
    game = Sticks()
    contenders = [PolicyContender(game, PolicyProcess(policies / "first_legal.py"))
                  for _ in range(3)]
    seen = []
    played = run_tournament(game, contenders, 2, lambda r, done, total: seen.append(done),
                            should_stop=lambda: len(seen) >= 2)
    assert played.stopped and len(played.results) == 2 and played.total == 6
    assert all(c.process.process is None for c in contenders)


def test_ctrl_c_ends_a_tournament_waiting_on_a_hung_policy(policies, nimgame_home):
    """Ctrl-C while a policy has a minute per move: the command ends at once (well before
    the minute: the test's own limit is 30 s), one line, no traceback."""
    child = subprocess.Popen(
        [sys.executable, "-m", "nimgame", "tournament", str(policies / "first_legal.py"),
         str(policies / "hangs.py"), "--game", "sticks", "--move-seconds", "60"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "NIMGAME_HOME": str(nimgame_home)})
    try:
        assert child.stdout.readline().startswith("Tournament:")
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=30)
    finally:
        child.kill()
    assert child.returncode == 130
    assert err.strip() == "nimgame: interrupted" and "Traceback" not in err


def test_shut_from_another_thread_ends_a_move_being_waited_for(policies):
    """The window leaving while a policy thinks (a minute per move): `shut` from the
    window's thread makes the move waited for fail at once, and every later one."""
    import threading

    waiting = threading.Event()

    class Watched(PolicyProcess):
        def _receive(self, seconds, late):
            waiting.set()   # the question is asked: the answer is being waited for
            return super()._receive(seconds, late)

    process = Watched(policies / "hangs.py", 60.0)
    process.start()
    waiting.clear()
    failed = []

    def ask():
        try:
            process.move([20, 1], [2], [1, 1, 1])
        except PolicyFailed as err:
            failed.append(str(err))

    asking = threading.Thread(target=ask)
    asking.start()
    assert waiting.wait(30)
    process.shut()
    asking.join(30)   # well before the minute a move may take
    assert not asking.is_alive() and failed == ["hangs.py was stopped"]
    with pytest.raises(PolicyFailed, match="^hangs.py was stopped$"):
        process.move([20, 1], [2], [1, 1, 1])
