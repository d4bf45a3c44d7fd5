"""The hats a game keeps (the Sticks seed's computer, Tic-Tac-Toe's "Nightmare Mode"): they
draw at random by the ball counts, learn from every game and are saved after each one,
atomically — in the window's seats and in text mode alike, for the game's own hats and for
a saved hats brain."""

import os
import signal
import subprocess
import sys
import textwrap
from collections import Counter
from concurrent.futures import Future
from pathlib import Path

import pytest

from nimgame import storage
from nimgame.games import Nim, Sticks, TicTacToe, kit_for
from nimgame.learning.training import PRACTICE_GAMES, train
from nimgame.match import GameOver, Match, Seat
from nimgame.players import HatLearner, MinimaxPlayer
from nimgame.session import Named, Saved, keep, ready_player, seat_for

ROOT = Path(__file__).resolve().parent.parent
EMPTY = TicTacToe().initial_state()


def kept_path(home):
    return home / "brains" / "tictactoe-hats.brain"


def keep_hats(games=40, name="tictactoe-hats", path=None):
    """Tic-Tac-Toe hats that have learned a little, saved as the game's own (or `path`)."""
    learner = HatLearner(TicTacToe())
    train(learner, games, seed=1, curve_points=0)
    learner.name = name
    storage.save(learner, path, force=True)
    return learner


def saved_brain(home, name="mine"):
    keep_hats(name=name)
    return storage.find_brain(name)


def loaded(path):
    done = Future()
    done.set_result(storage.load(path))
    return done


# Each way a person meets Tic-Tac-Toe hats: the window's seat and text mode's player, for
# `--opponent hats` / the set-up's Hats, and for a saved hats brain.
WAYS = {
    "window, hats": lambda home: seat_for(Named("hats"), TicTacToe(), seed=7)[0].player,
    "text, hats": lambda home: ready_player(Named("hats"), TicTacToe(), seed=7),
    "window, saved": lambda home: (lambda path: seat_for(
        Saved(path), TicTacToe(), loaded(path), seed=7)[0].player)(saved_brain(home)),
    "text, saved": lambda home: ready_player(Saved(saved_brain(home)), TicTacToe(), seed=7),
}


def hats_of(player):
    return getattr(player, "learner", player)


def with_counts(player, counts):
    """Give the empty board's hat `counts` balls of its kinds (corner, edge, centre: the
    order the hat holds them); each move's count, by move."""
    learner = hats_of(player)
    node = learner.graph.node(EMPTY)
    learner._hat(node)[:] = counts
    learner.totals[node] = sum(counts)
    return learner.hat(EMPTY)


class Enumerating:
    """An rng whose `random()` gives the middle of each of `total` equal slices of [0, 1)
    in turn: every ball of a hat of `total` is drawn exactly once."""

    def __init__(self, total):
        self.values = iter([(k + 0.5) / total for k in range(total)])

    def random(self):
        return next(self.values)


@pytest.mark.parametrize("way", WAYS)
def test_each_ball_is_drawn_as_often_as_it_is_in_the_hat(way, nimgame_home):
    """Small counts, enumerated: over every slice of the draw, a kind of ball comes out
    exactly as many times as the hat holds it (not the most-balls move every time)."""
    keep_hats()
    player = WAYS[way](nimgame_home)
    count_of = with_counts(player, [1, 2, 4])
    player.rng = Enumerating(7)
    drawn = Counter(count_of[player.choose_move(EMPTY)] for _ in range(7))
    assert drawn == {1: 1, 2: 2, 4: 4}


@pytest.mark.parametrize("way", WAYS)
def test_many_seeded_draws_follow_the_counts(way, nimgame_home):
    keep_hats()
    player = WAYS[way](nimgame_home)
    count_of = with_counts(player, [3, 1, 6])
    draws = 20_000
    drawn = Counter(count_of[player.choose_move(EMPTY)] for _ in range(draws))
    for count in (3, 1, 6):
        share = count / 10
        sigma = (draws * share * (1 - share)) ** 0.5
        assert abs(drawn[count] - draws * share) < 5 * sigma, drawn


def play_out(match, person):
    """Finish the game in play, `person` choosing the person's moves."""
    events = []
    while not match.over:
        if match.humans_turn:
            events += match.play(person.choose_move(match.state))
        else:
            turn = match.ai_turn()
            events += match.play_ai(turn.player.choose_move(turn.state), turn.generation)
    return next(e for e in events if isinstance(e, GameOver))


def test_the_windows_hats_seat_is_the_kept_one_and_learns(nimgame_home):
    game = TicTacToe()
    kept = keep_hats()
    seat, notice = seat_for(Named("hats"), game)
    assert notice == "" and seat.learns and seat.pretrain == 0
    assert hats_of(seat.player).games_trained == kept.games_trained
    match = Match(game, (Seat("me"), seat))
    assert play_out(match, MinimaxPlayer(game)).learned == (1,)
    keep(seat.player)
    assert storage.load(kept_path(nimgame_home)).games_trained == kept.games_trained + 1


def test_new_hats_practise_first_then_are_kept(nimgame_home):
    seat, _ = seat_for(Named("hats"), TicTacToe())
    assert seat.pretrain == PRACTICE_GAMES and seat.learns
    assert not kept_path(nimgame_home).exists()
    said = []
    player = ready_player(Named("hats"), TicTacToe(), seed=2, announce=said.append)
    assert said == ["Training AI, please wait..."]
    assert storage.load(kept_path(nimgame_home)).games_trained == PRACTICE_GAMES
    again = []
    assert hats_of(ready_player(Named("hats"), TicTacToe(), announce=again.append)
                   ).games_trained == PRACTICE_GAMES and again == []
    assert hats_of(player).name == "tictactoe-hats"


def test_unreadable_kept_hats_are_said_and_replaced(nimgame_home):
    kept_path(nimgame_home).parent.mkdir(parents=True)
    kept_path(nimgame_home).write_bytes(b"not a brain")
    seat, notice = seat_for(Named("hats"), TicTacToe())
    assert notice.startswith("The computer's hats could not be read (")
    assert seat.pretrain == PRACTICE_GAMES
    keep(seat.player)
    assert storage.load(kept_path(nimgame_home)).name == "tictactoe-hats"


def test_a_saved_hats_brain_is_kept_in_its_own_file(nimgame_home):
    game = TicTacToe()
    path = saved_brain(nimgame_home)
    before = storage.load(path).games_trained
    seat, _ = seat_for(Saved(path), game, loaded(path))
    assert seat.learns and seat.label == "mine"
    match = Match(game, (seat, Seat("me")))
    play_out(match, MinimaxPlayer(game))
    keep(seat.player)
    assert storage.load(path).games_trained == before + 1
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


def test_a_saved_hats_brain_that_was_replaced_meanwhile_is_not_overwritten(nimgame_home):
    """Another brain written over the file since it was read is kept: the save says so."""
    path = saved_brain(nimgame_home)
    seat, _ = seat_for(Saved(path), TicTacToe(), loaded(path))
    other = HatLearner(TicTacToe())
    other.name = "someone else"
    storage.save(other, path, force=True)
    with pytest.raises(storage.SaveError, match="The hats of 'mine' were not saved: "):
        keep(seat.player)
    assert storage.load(path).name == "someone else"


def test_other_games_hats_are_unchanged(nimgame_home):
    """Only a game whose kit keeps hats seats them so: Nim's hats practise and play as
    before, and a saved Nim hats brain plays as it is."""
    seat, _ = seat_for(Named("hats"), Nim())
    assert isinstance(seat.player, HatLearner) and not seat.learns
    assert seat.pretrain == PRACTICE_GAMES
    learner = HatLearner(Nim((1, 2)))
    learner.name = "nim hats"
    path = storage.save(learner)
    seat, _ = seat_for(Saved(path), Nim((1, 2)), loaded(path))
    assert seat.player.__class__ is HatLearner and not seat.learns


def test_the_sticks_computer_is_the_same_mechanism(nimgame_home):
    """Sticks keeps its computer's hats through the same kit hook, for every heap up to
    100 taking 1 to 3; on a board they do not cover, fresh hats play and are not kept."""
    from nimgame.session import SticksComputer

    assert kit_for("sticks").kept_hats.name == "sticks-computer"
    seat, notice = seat_for(SticksComputer(learns=True), Sticks(30))
    assert seat.learns and notice == "" and seat.pretrain == 0
    seat, notice = seat_for(SticksComputer(learns=True), Sticks(300))
    assert not seat.learns and "heaps up to 100 taking 1 to 3" in notice
    keep(seat.player)
    assert not (nimgame_home / "brains").exists()


def test_a_saved_sticks_hats_brain_learns_in_text_mode_too(monkeypatch, capsys, nimgame_home):
    """The same hook: a saved Sticks hats brain as --opponent plays its heap as the seed's
    AI, learning, and is saved in its own file after the game."""
    import io

    from nimgame.console.cli import main

    learner = HatLearner(Sticks(25))
    train(learner, 300, seed=1, curve_points=0)
    learner.name = "sb"
    path = storage.save(learner)
    monkeypatch.setattr(sys, "stdin", io.StringIO("2\n" + "1\n" * 30 + "n\n"))
    assert main(["play", "sticks", "--text", "--opponent", "sb", "--seed", "1"]) == 0
    out = capsys.readouterr()
    assert "There are 25 sticks on the board." in out.out and out.err == ""
    assert storage.load(path).games_trained == 301


KILLED = textwrap.dedent("""
    import os, signal, sys
    from nimgame import files
    from nimgame.console.cli import main

    real, saves = files._write_all, []

    def dying(out, data):   # the second save of a brain dies half way through writing
        if not data.startswith(b"\\x80"):   # not a brain (a pickle): the brains index
            return real(out, data)
        saves.append(1)
        if len(saves) == 2:
            out.write(data[:len(data) // 2])
            out.flush()
            os.kill(os.getpid(), signal.SIGKILL)
        real(out, data)

    files._write_all = dying
    sys.exit(main(["play", "tictactoe", "--text", "--opponent", sys.argv[1], "--seed", "3"]))
""")
ONE_GAME = "1\n2\n3\n4\n5\n6\n7\n8\n9\n"


@pytest.mark.parametrize("opponent", ["hats", "mine"])
def test_a_process_killed_mid_save_loses_nothing(opponent, nimgame_home):
    """Killed half way through saving after its second game, a text game leaves the hats
    as saved after the first, whole; the next run starts from them."""
    if opponent == "hats":
        path, before = kept_path(nimgame_home), keep_hats().games_trained
    else:
        path = saved_brain(nimgame_home)
        before = storage.load(path).games_trained
    child = subprocess.run([sys.executable, "-c", KILLED, opponent], cwd=ROOT, timeout=120,
                           input=(ONE_GAME + "y\n") * 2 + "n\n", capture_output=True,
                           text=True, env={**os.environ, "NIMGAME_HOME": str(nimgame_home)})
    assert child.returncode == -signal.SIGKILL, child.stderr
    assert child.stdout.count("Play again (y/n)?") >= 1
    assert storage.load(path).games_trained == before + 1
    assert len(list(path.parent.glob(f".{path.name}.*.tmp"))) == 1   # the dead save's
    again = subprocess.run([sys.executable, "-m", "nimgame", "play", "tictactoe", "--text",
                            "--opponent", opponent], cwd=ROOT, timeout=120,
                           input=ONE_GAME + "n\n", capture_output=True, text=True,
                           env={**os.environ, "NIMGAME_HOME": str(nimgame_home)})
    assert again.returncode == 0 and again.stderr == ""
    assert "Training AI" not in again.stdout
    assert storage.load(path).games_trained == before + 2


def test_hexapawns_own_opponent_is_gardners_her_learning_as_it_plays(nimgame_home):
    """Hexapawn's default opponent is described as Gardner's HER, "learning as it plays":
    matchboxes that start as Gardner's did (every move equally likely, no practice), draw
    a bead, learn from every game and are kept between runs — through the kit's hook, in
    the window's seat and in text mode alike (it practised, then played greedily, and
    forgot everything)."""
    from nimgame.games.hexapawn.rules import Hexapawn
    from nimgame.session.kept_hats import HatDrawer, kept_brain, own_path

    kit = kit_for("hexapawn")
    assert kit.default_opponent == "hats" and kit.kept_hats is not None
    assert not kit.kept_hats.practises
    game = Hexapawn()
    seat, notice = seat_for(Named(kit.default_opponent), game, seed=3)
    assert isinstance(seat.player, HatDrawer) and seat.learns and seat.pretrain == 0
    assert notice == "" and hats_of(seat.player).games_trained == 0
    match = Match(game, (Seat("me"), seat))
    assert play_out(match, MinimaxPlayer(game)).learned == (1,)
    keep(seat.player)
    path = own_path(game)
    assert storage.load(path).games_trained == 1
    player = ready_player(Named("hats"), game, seed=4)   # text mode: the same, kept, hats
    assert isinstance(player, HatDrawer) and hats_of(player).games_trained == 1
    assert "HER" in kept_brain(path).what
