"""Class mode's event brain (`session/class_event.py`): one AI learning from every game of
an event, counted and saved after each, whole after a crash, every game kept when two
windows play at once; a snapshot into the library and a reset. Each learner's lesson is
checked against the update worked out here, by hand."""

import json
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import textwrap
from datetime import datetime
from pathlib import Path

import pytest

from nimgame import storage
from nimgame.games import TicTacToe
from nimgame.match import Match, Seat
from nimgame.players import HatLearner
from nimgame.players.qlearner import QLearner
from nimgame.session import class_event as ce
from nimgame.session import keep
from nimgame.session.class_event import (
    ClassEvent,
    ClassEventError,
    EventCount,
    EventKey,
    EventPlayer,
    GameLesson,
)

ROOT = Path(__file__).resolve().parent.parent


def play_one(player, rng, ai_seat=1):
    """A game between `player` and random moves (the person); the AI's result."""
    game = player.game
    state = game.initial_state()
    player.new_game()
    while not game.is_over(state):
        if game.to_move(state) == ai_seat:
            move = player.choose_move(state)
        else:
            move = rng.choice(list(game.legal_moves(state)))
        state = game.result(state, move)
    result = game.outcome(state, ai_seat)
    player.game_over(result)
    return result


def play_games(key, games, seed, folder=None):
    """`games` games of the event `key`, each saved as the board saves it (`keep`)."""
    event = ClassEvent(key, folder)
    player = EventPlayer(event, event.read(), seed=seed)
    rng = random.Random(seed)
    results = []
    for number in range(games):
        results.append(play_one(player, rng, ai_seat=number % 2))
        keep(player)
    return results


def q_value(learner, state, result):
    """The Q-learner's value of the position its move left: as saved, else as a new one
    starts (0, or the result where the game is over)."""
    node = learner.graph.find(state)
    if node is not None and node < len(learner.values):
        return learner.values[node]
    return float(result) if learner.game.is_over(state) else 0.0


def files_of(folder):
    return sorted(p.name for p in folder.iterdir())


def test_an_event_counts_learns_and_is_kept_across_sessions(nimgame_home):
    """Every game counted from the AI's side and taught to its hats; a new session (a new
    ClassEvent, a new player) goes on from where the last stopped; one count file and one
    brain on disk."""
    key = EventKey("sticks", "hats")
    first = play_games(key, 7, seed=1)
    second = play_games(key, 5, seed=2)
    results = first + second
    state = ClassEvent(key).read()
    assert state.count == EventCount(12, results.count(1), results.count(0), results.count(-1))
    assert state.learner.games_trained == 12
    folder = nimgame_home / "class"
    assert files_of(folder) == ["sticks-hats.12.brain", "sticks-hats.event.json"]
    assert storage.list_brains() == []   # the event brain is not in the library


@pytest.mark.parametrize("learner", ["hats", "q"])
def test_each_game_teaches_what_the_learner_learns_by_hand(learner, nimgame_home):
    """The saved brain after each game is the one before with exactly that game's update
    worked out here: hats, each ball drawn +1 on a win, -1 (never below 1) on a loss;
    Q, each position the AI left toward the next it left, the last toward the result."""
    key = EventKey("sticks", learner)
    event = ClassEvent(key)
    player = EventPlayer(event, event.read(), seed=5)
    rng = random.Random(5)
    game = key.make_game()
    for number in range(12):
        before = ClassEvent(key).read().learner
        result = play_one(player, rng, ai_seat=number % 2)
        moves = player.finished.moves
        keep(player)
        after = ClassEvent(key).read().learner
        if learner == "hats":
            for state, move in moves:
                old, new = before.hat(state), after.hat(state)
                want = dict(old)
                want[move] = old[move] + 1 if result > 0 else max(1, old[move] - 1)
                assert new == want
        else:
            lefts = [game.result(s, m) for s, m in moves]
            values = {s: q_value(before, s, result) for s in lefts}
            for here, nxt in zip(lefts, lefts[1:], strict=False):
                values[here] += 1.0 * (values[nxt] - values[here])   # alpha 1
            values[lefts[-1]] += 1.0 * (result - values[lefts[-1]])
            for s, v in values.items():
                assert after.values[after.graph.node(s)] == v
        assert after.games_trained == number + 1


def test_a_take_back_counts_the_game_but_teaches_nothing(nimgame_home):
    key = EventKey("tictactoe", "hats")
    event = ClassEvent(key)
    player = EventPlayer(event, event.read(), seed=3)
    before = player.learner.export_table()
    play_one(player, random.Random(3))
    player.take_back()
    player.finished = GameLesson(player.finished.moves, player.finished.result, False)
    keep(player)
    state = ClassEvent(key).read()
    assert state.count.games == 1 and state.learner.export_table() == before


def writer(folder, key, games, seed, barrier):
    barrier.wait()
    play_games(key, games, seed, Path(folder))


def test_two_windows_at_once_keep_every_game(tmp_path):
    """Two processes playing the same event at once (a barrier starts them together):
    every game of both is counted and learned."""
    key = EventKey("tictactoe", "hats")
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(2)
    workers = [context.Process(target=writer, args=(str(tmp_path), key, 15, seed, barrier))
               for seed in (1, 2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
        assert worker.exitcode == 0
    state = ClassEvent(key, tmp_path).read()
    assert state.count.games == 30 and state.learner.games_trained == 30
    assert files_of(tmp_path) == ["tictactoe-hats.30.brain", "tictactoe-hats.event.json"]


def test_a_save_that_fails_half_way_leaves_the_last_whole(nimgame_home, monkeypatch):
    """The brain written but not the count (a crash between the two): the event reads as
    before that game, its count and its brain agreeing; the next save goes on and sweeps
    the brain no count names."""
    key = EventKey("sticks", "q")
    play_games(key, 3, seed=1)

    def dies(*args, **kwargs):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patched, pytest.raises(
            storage.SaveError, match=r"^the class event Game of Sticks, Q-learning was not "
            r"saved: No space left on device$"):
        patched.setattr(ce, "write_atomically", dies)
        play_games(key, 1, seed=2)
    state = ClassEvent(key).read()
    assert state.count.games == 3 and state.learner.games_trained == 3
    play_games(key, 1, seed=3)
    assert files_of(nimgame_home / "class") == ["sticks-q.5.brain", "sticks-q.event.json"]
    assert ClassEvent(key).read().count.games == 4


KILLED = textwrap.dedent("""
    import os, random, signal, sys
    from nimgame import files
    from nimgame.session import class_event as ce
    from nimgame.session import keep
    real, saves = files._write_all, []

    def dying(out, data):
        saves.append(1)
        if len(saves) == int(sys.argv[1]):
            out.write(data[:len(data) // 2])
            out.flush()
            os.kill(os.getpid(), signal.SIGKILL)
        real(out, data)

    files._write_all = dying
    event = ce.ClassEvent(ce.EventKey("sticks", "hats"))
    player = ce.EventPlayer(event, event.read(), seed=1)
    rng = random.Random(1)
    while True:
        state = player.game.initial_state()
        player.new_game()
        while not player.game.is_over(state):
            move = (player.choose_move(state) if player.game.to_move(state) == 1
                    else rng.choice(list(player.game.legal_moves(state))))
            state = player.game.result(state, move)
        player.game_over(player.game.outcome(state, 1))
        keep(player)
""")


@pytest.mark.parametrize("write", [5, 6])
def test_a_process_killed_mid_save_leaves_a_whole_event(write, nimgame_home):
    """Killed half way through its 5th write (the third game's brain) or 6th (its count),
    the process leaves the event as after its second game, count and brain agreeing."""
    child = subprocess.run([sys.executable, "-c", KILLED, str(write)], cwd=ROOT, timeout=120,
                           capture_output=True, text=True,
                           env={**os.environ, "NIMGAME_HOME": str(nimgame_home)})
    assert child.returncode == -signal.SIGKILL, child.stderr
    state = ClassEvent(EventKey("sticks", "hats")).read()
    assert state.count.games == 2 and state.learner.games_trained == 2


def test_reset_and_snapshot(nimgame_home):
    """A snapshot is a copy in the library named with the date; a reset starts the event
    again with no games and a new AI (and leaves the snapshot)."""
    key = EventKey("hexapawn", "hats")
    play_games(key, 6, seed=4)
    kept = ClassEvent(key).read().learner.export_table()
    path = ClassEvent(key).snapshot(datetime(2026, 11, 25, 14, 5))
    assert path.parent == storage.brains_dir()
    again = storage.load(path)
    assert again.name == "Class Hexapawn hats 2026-11-25 14:05"
    assert again.export_table() == kept and again.games_trained == 6
    second = ClassEvent(key).snapshot(datetime(2026, 11, 25, 14, 5))
    assert storage.load(second).name == "Class Hexapawn hats 2026-11-25 14:05 (2)"
    state = ClassEvent(key).reset()
    assert state.count == EventCount() and state.learner.games_trained == 0
    assert ClassEvent(key).read().count == EventCount()
    assert len(files_of(nimgame_home / "class")) == 2
    assert storage.load(path).games_trained == 6


def broken(folder, text):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "sticks-hats.event.json").write_text(text)


def good_count(**changes):
    record = {"format": "nimgame-class-event", "version": 1, "games": 1, "ai_wins": 1,
              "draws": 0, "ai_losses": 0, "brain": "sticks-hats.1.brain", "started": ""}
    return json.dumps(record | changes)


@pytest.mark.parametrize(("text", "why"), [
    ("{not json", "not an event's count (not JSON)"),
    ("[]", "not an event's count"),
    (good_count(version=9), "version 9, this nimgame reads 1"),
    (good_count(games=2), "its wins, draws and losses do not add up to its games"),
    (good_count(games=True, ai_wins=True), "its counts are not whole numbers"),
    (good_count(brain="../brains/x.brain"), "it names no brain file of its own"),
    (good_count(), "its brain sticks-hats.1.brain: "),
    ("x" * 5000, "too large to be an event's count"),
])
def test_a_damaged_event_says_why_and_is_not_overwritten(text, why, nimgame_home):
    folder = nimgame_home / "class"
    broken(folder, text)
    key = EventKey("sticks", "hats")
    with pytest.raises(ClassEventError) as caught:
        ClassEvent(key).read()
    line = str(caught.value)
    assert "\n" not in line and line.startswith(
        "the class event Game of Sticks, Hats (MENACE) cannot be read "
        f"(sticks-hats.event.json: {why}")
    with pytest.raises(ClassEventError):
        ClassEvent(key).record(GameLesson((), 1))
    assert (folder / "sticks-hats.event.json").read_text() == text
    assert ClassEvent(key).reset().count == EventCount()   # a reset starts it again


def test_a_count_that_is_a_pipe_or_names_another_learners_brain(nimgame_home):
    folder = nimgame_home / "class"
    play_games(EventKey("sticks", "q"), 1, seed=1)
    (folder / "sticks-hats.1.brain").write_bytes((folder / "sticks-q.1.brain").read_bytes())
    broken(folder, good_count())
    with pytest.raises(ClassEventError, match="is not Game of Sticks, Hats"):
        ClassEvent(EventKey("sticks", "hats")).read()
    (folder / "sticks-hats.event.json").unlink()
    os.mkfifo(folder / "sticks-hats.event.json")
    with pytest.raises(ClassEventError, match="not a regular file"):
        ClassEvent(EventKey("sticks", "hats")).read()
    with pytest.raises(ClassEventError, match="was not saved: sticks-hats.event.json is not "
                       "a regular file"):
        ClassEvent(EventKey("sticks", "hats")).reset()   # the pipe is never replaced
    assert (folder / "sticks-hats.event.json").is_fifo()


def test_an_event_folder_that_cannot_be_made_says_so(nimgame_home):
    nimgame_home.mkdir(parents=True, exist_ok=True)
    (nimgame_home / "class").write_text("a file where the folder goes")
    event = ClassEvent(EventKey("tictactoe", "q"))
    assert event.read().count == EventCount()   # nothing kept yet: a new event
    with pytest.raises(ClassEventError) as caught:
        event.record(GameLesson((), 0))
    assert str(caught.value).startswith("cannot keep the class event in ")
    assert "\n" not in str(caught.value)


def test_the_board_keeps_the_events_games_through_its_match(nimgame_home):
    """Through a Match as the board plays it (the AI's seat learns), keep saves the game."""
    key = EventKey("tictactoe", "q")
    event = ClassEvent(key)
    player = EventPlayer(event, event.read())
    game = key.make_game()
    match = Match(game, (Seat("Ada"), Seat("Class AI", player, learns=True)))
    rng = random.Random(9)
    while not match.over:
        if match.humans_turn:
            events = match.play(rng.choice(list(game.legal_moves(match.state))))
        else:
            turn = match.ai_turn()
            events = match.play_ai(turn.player.choose_move(turn.state), turn.generation)
    over = [e for e in events if type(e).__name__ == "GameOver"][0]
    assert over.learned == (1,)
    keep(match.seats[1].player)
    assert ClassEvent(key).read().count.games == 1


def test_keys_refuse_what_no_event_holds():
    with pytest.raises(ValueError, match="a class event is held for sticks, tictactoe, "
                       "hexapawn, not nim"):
        EventKey("nim", "hats")
    with pytest.raises(ValueError, match="AI is hats or q, not mcts"):
        EventKey("sticks", "mcts")
    assert isinstance(EventKey("sticks", "q").new_learner(), QLearner)
    assert isinstance(EventKey("tictactoe", "hats").new_learner(), HatLearner)
    assert EventKey("tictactoe", "q").make_game() == TicTacToe()
