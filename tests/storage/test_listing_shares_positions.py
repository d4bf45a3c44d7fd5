"""The first listing of brains copied in checks each in full (a listed brain is one that
loads), yet works each game's positions out once: the canonical forms, endings and moves
of a game are shared by every brain of that game and rules, not worked out per file."""

import pickle
import random

import pytest
from brainfiles import brain, write

from nimgame import storage
from nimgame.games import Nim, TicTacToe
from nimgame.players import HatLearner, QLearner, positions
from nimgame.storage import library


@pytest.fixture(autouse=True)
def fresh():
    """Nothing known in this process: no listing remembered, no game's positions."""
    library._seen.clear()
    positions.forget_positions()
    yield
    library._seen.clear()
    positions.forget_positions()


@pytest.fixture
def canonical_calls(monkeypatch):
    """How many times each game's rules worked a canonical position out."""
    counted = {"tictactoe": 0, "nim": 0}
    for cls in (TicTacToe, Nim):
        def counting(self, state, _rules=cls.canonical, _name=cls.name):
            counted[_name] += 1
            return _rules(self, state)
        monkeypatch.setattr(cls, "canonical", counting)
    return counted


@pytest.fixture
def games_worked_out(monkeypatch):
    """The games whose positions were worked out (a GamePositions made), in order."""
    made = []

    class Counted(positions.GamePositions):
        def __init__(self, game):
            made.append(game)
            super().__init__(game)

    monkeypatch.setattr(positions, "GamePositions", Counted)
    return made


def copies(folder, learner, count, seed=1):
    """`count` files of `learner`'s brain, each with its own name and values (different
    bytes, so each is checked in full), written as files copied in."""
    header, table = storage.header_for(learner), learner.export_table()
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    for number in range(count):
        mine = pickle.loads(pickle.dumps(table))
        if "values" in mine:
            mine["values"] = [round(rng.uniform(-1, 1), 3) for _ in mine["values"]]
        else:
            mine["hats"] = [None if h is None else [rng.randint(1, 9) for _ in h]
                            for h in mine["hats"]]
        write(folder / f"copy-{number}.brain", {**header, "name": f"copy {number}"}, mine)


def test_brains_of_one_game_work_its_positions_out_once(tmp_path, canonical_calls,
                                                        games_worked_out):
    ttt = brain(HatLearner, TicTacToe(), 200, "ttt")
    copies(tmp_path / "one", ttt, 1)
    positions.forget_positions()
    canonical_calls["tictactoe"] = 0
    assert [i.ok for i in storage.list_brains(tmp_path / "one")] == [True]
    once = canonical_calls["tictactoe"]
    assert once > 0
    positions.forget_positions()
    canonical_calls["tictactoe"] = 0
    games_worked_out.clear()
    copies(tmp_path / "six", ttt, 6)
    assert [i.ok for i in storage.list_brains(tmp_path / "six")] == [True] * 6
    assert canonical_calls["tictactoe"] == once     # not six times as many
    assert games_worked_out == [TicTacToe()]


def test_each_game_and_rules_is_worked_out_on_its_own(tmp_path, games_worked_out):
    copies(tmp_path / "a", brain(QLearner, TicTacToe(), 100, "ttt q"), 3)
    copies(tmp_path / "b", brain(QLearner, Nim(), 100, "nim q"), 3)
    copies(tmp_path / "c", brain(HatLearner, Nim((1, 3, 5), max_take=2), 100, "n"), 1)
    copies(tmp_path / "d", brain(HatLearner, TicTacToe(), 100, "ttt hats"), 1)
    games_worked_out.clear()
    positions.forget_positions()
    listed = [i for folder in "abcd" for i in storage.list_brains(tmp_path / folder)]
    assert len(listed) == 8 and all(i.ok for i in listed)
    assert sorted(map(repr, games_worked_out)) == sorted(map(repr, [
        TicTacToe(), Nim(), Nim((1, 3, 5), max_take=2)]))


def test_a_damaged_table_is_still_refused_with_the_loads_reason(tmp_path):
    """Shared positions change no verdict: a table listing a position twice, after a
    good brain of the same game was listed, is refused as a load refuses it."""
    ttt = brain(QLearner, TicTacToe(), 100, "ttt")
    copies(tmp_path, ttt, 2)
    header, table = storage.header_for(ttt), ttt.export_table()
    table["states"][-1] = table["states"][1]
    write(tmp_path / "twice.brain", header, table)
    with pytest.raises(storage.BrainFileError) as caught:
        storage.load(tmp_path / "twice.brain")
    listed = {i.path.name: i for i in storage.list_brains(tmp_path)}
    assert listed["copy-0.brain"].ok and listed["copy-1.brain"].ok
    assert not listed["twice.brain"].ok and listed["twice.brain"].error == str(caught.value)
