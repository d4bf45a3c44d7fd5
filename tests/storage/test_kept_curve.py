"""A learner's learning curve is kept with it: each run of training continues it, its brain
file holds it (bounded, every point checked as hostile), and files from before curves
were kept load with none."""

import math
import pickle

import pytest
from brainfiles import real, write

from nimgame import storage
from nimgame.games import Nim, Sticks
from nimgame.learning.training import train
from nimgame.players import HatLearner, QLearner
from nimgame.players.learner import MAX_CURVE_POINTS
from nimgame.storage import BrainFileError, schema
from nimgame.storage.pickles import MAX_HEADER_BYTES


def learner_trained_twice():
    learner = QLearner(Nim((1, 3, 5)))
    first = train(learner, 1_000, seed=1, curve_points=4, eval_games=10)
    second = train(learner, 2_000, seed=2, curve_points=4, eval_games=10)
    return learner, first, second


def test_each_run_continues_the_curve_it_keeps():
    learner, first, second = learner_trained_twice()
    games = [point[0] for point in learner.curve]
    assert games == sorted(set(games))          # one point per count of games, in order
    assert games[0] == 0 and games[-1] == 3_000 == learner.games_trained
    # the first run's points, then the second's (whose start is the first one's end)
    expected = [(p.games, p.optimal_share, p.win_rate) for p in first.curve]
    expected += [(p.games, p.optimal_share, p.win_rate) for p in second.curve
                 if p.games > first.curve[-1].games]
    assert learner.curve[:len(first.curve) - 1] == expected[:len(first.curve) - 1]
    assert [p[0] for p in learner.curve] == [p[0] for p in expected]
    assert learner.curve[-1] == (3_000, second.curve[-1].optimal_share,
                                 second.curve[-1].win_rate)


def test_the_brain_file_keeps_the_curve(tmp_path):
    learner, _, _ = learner_trained_twice()
    loaded = storage.load(storage.save(learner, tmp_path / "a.brain"))
    assert loaded.curve == learner.curve and len(loaded.curve) > 5
    assert storage.read_header(tmp_path / "a.brain").curve == tuple(learner.curve)
    train(loaded, 500, seed=3, curve_points=2, eval_games=10)   # and goes on from it
    assert loaded.curve[:len(learner.curve)] == learner.curve
    assert loaded.curve[-1][0] == 3_500


def test_a_file_from_before_curves_were_kept_loads_with_none(tmp_path):
    learner, _, _ = learner_trained_twice()
    header = storage.header_for(learner)
    del header["curve"]
    header["version"] = 1
    write(tmp_path / "old.brain", header, learner.export_table())
    loaded = storage.load(tmp_path / "old.brain")
    assert loaded.curve == [] and loaded.games_trained == 3_000
    (info,) = storage.list_brains(tmp_path)
    assert info.ok and info.header.curve == ()
    # saved again, it is a file of today's format, curve and all
    train(loaded, 100, seed=1, curve_points=1, eval_games=10)
    again = storage.load(storage.save(loaded, tmp_path / "old.brain", force=True))
    assert [p[0] for p in again.curve] == [3_000, 3_100]


def test_a_curve_is_thinned_to_its_bound_keeping_its_ends():
    learner = HatLearner(Sticks(10))
    for games in range(0, 3 * MAX_CURVE_POINTS):
        learner.record_point(games, games / (3 * MAX_CURVE_POINTS), 0.5)
    assert len(learner.curve) <= MAX_CURVE_POINTS
    assert learner.curve[0][0] == 0 and learner.curve[-1][0] == 3 * MAX_CURVE_POINTS - 1
    games = [p[0] for p in learner.curve]
    assert games == sorted(set(games))


def test_a_point_for_games_already_passed_replaces_what_follows():
    learner = HatLearner(Sticks(10))
    for games in (0, 10, 20):
        learner.record_point(games, 0.5, 0.5)
    learner.record_point(20, 1.0, 0.75)      # the next run's start: measured again
    assert learner.curve == [(0, 0.5, 0.5), (10, 0.5, 0.5), (20, 1.0, 0.75)]


def test_the_longest_curve_fits_the_header_bound(tmp_path):
    learner = QLearner(Nim((1, 3, 5)))
    learner.games_trained = 10**15
    for k in range(MAX_CURVE_POINTS):
        learner.record_point(10**15 - MAX_CURVE_POINTS + k, math.pi / 4, math.e / 3)
    assert len(pickle.dumps(storage.header_for(learner), protocol=4)) < MAX_HEADER_BYTES // 2
    assert storage.load(storage.save(learner, tmp_path / "x.brain")).curve == learner.curve


def good_curve(header):
    trained = header["games_trained"]
    return [[0, 0.25, 0.5], [trained // 2, None, 0.75], [trained, 1.0, 1.0]]


HOSTILE_CURVES = [
    ("not a list", lambda h: {"a": 1}),
    ("a tuple of text", lambda h: "curve"),
    ("too many points", lambda h: [[k, 0.5, 0.5] for k in range(MAX_CURVE_POINTS + 1)]),
    ("a point of two", lambda h: [[0, 0.5]]),
    ("a point of four", lambda h: [[0, 0.5, 0.5, 0.5]]),
    ("a point as text", lambda h: ["0, 0.5, 0.5"]),
    ("a point as a dict", lambda h: [{"games": 0}]),
    ("negative games", lambda h: [[-1, 0.5, 0.5]]),
    ("games as a float", lambda h: [[1.5, 0.5, 0.5]]),
    ("games as true", lambda h: [[True, 0.5, 0.5]]),
    ("games past those trained", lambda h: [[h["games_trained"] + 1, 0.5, 0.5]]),
    ("games going back", lambda h: [[10, 0.5, 0.5], [5, 0.5, 0.5]]),
    ("games repeated", lambda h: [[10, 0.5, 0.5], [10, 0.5, 0.5]]),
    ("a share above 1", lambda h: [[0, 1.5, 0.5]]),
    ("a share below 0", lambda h: [[0, -0.1, 0.5]]),
    ("a share not a number", lambda h: [[0, math.nan, 0.5]]),
    ("a share as text", lambda h: [[0, "all", 0.5]]),
    ("a win rate of None", lambda h: [[0, 0.5, None]]),
    ("a win rate infinite", lambda h: [[0, 0.5, math.inf]]),
    ("a win rate as true", lambda h: [[0, 0.5, True]]),
    ("a huge number", lambda h: [[10**30, 0.5, 0.5]]),
    ("nested deep", lambda h: [[[[[[0]]]]]]),
]


@pytest.mark.parametrize("kind", ["nim-q", "sticks-hats"])
@pytest.mark.parametrize("what,make", HOSTILE_CURVES, ids=[c[0] for c in HOSTILE_CURVES])
def test_a_hostile_curve_is_refused_in_one_line(tmp_path, kind, what, make):
    header, table = real(kind)
    header["curve"] = make(header)
    write(tmp_path / "x.brain", header, table)
    with pytest.raises(BrainFileError, match="^curve") as refused:
        storage.load(tmp_path / "x.brain")
    message = str(refused.value)
    assert "\n" not in message and len(message) < 300
    (info,) = storage.list_brains(tmp_path)
    assert not info.ok and info.error == message


@pytest.mark.parametrize("kind", ["nim-q", "sticks-hats"])
def test_a_good_curve_with_no_share_loads(tmp_path, kind):
    header, table = real(kind)
    header["curve"] = good_curve(header)
    write(tmp_path / "x.brain", header, table)
    trained = header["games_trained"]
    assert storage.load(tmp_path / "x.brain").curve == [
        (0, 0.25, 0.5), (trained // 2, None, 0.75), (trained, 1.0, 1.0)]


def test_the_curve_field_is_in_the_schema():
    assert "curve" in schema.HEADER_FIELDS and schema.VERSION == 2
    assert 1 in schema.MIGRATIONS


@pytest.mark.parametrize("size", [36, 40, 41, 42, 43, 46, 63, 91, 92, 93, 94, 123, 124, 125])
def test_a_string_whose_length_is_a_pattern_character_is_scanned(tmp_path, size):
    """Found by the curve field, the first after the name: a string followed by another
    takes the scanner's quick path for runs of strings, whose pattern held the length as a
    raw byte; a name of 41 characters (")") made it raise re.error from `load` and from
    listing, which never raise. Any length must load, or be refused in one line."""
    learner = HatLearner(Sticks(10))
    learner.name = "n" * size
    assert storage.load(storage.save(learner, tmp_path / "a.brain")).name == "n" * size
    header, table = real("sticks-hats")
    header["created"] = "c" * size   # "updated" follows it; past 40, no date: refused
    write(tmp_path / "b.brain", header, table)
    if size > 40:
        with pytest.raises(BrainFileError, match="^created must be a date"):
            storage.load(tmp_path / "b.brain")
    else:
        assert storage.read_header(tmp_path / "b.brain").created == "c" * size
    assert {info.path.name for info in storage.list_brains(tmp_path)} == {"a.brain",
                                                                          "b.brain"}
