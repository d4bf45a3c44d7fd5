"""Brain files: round trips, refusing bad files with a reason, atomic saves, the library."""

import os
import pickle

import pytest

from nimgame import files, storage
from nimgame.games import Nim, Sticks, TicTacToe
from nimgame.learning.training import train
from nimgame.players import HatLearner, PerfectPlayer, QLearner
from nimgame.storage import BrainFileError, list_brains, load, save


def trained_q(games=2_000):
    learner = QLearner(Nim(), alpha=0.4, epsilon=0.2)
    train(learner, games, seed=1, curve_points=1, eval_games=20)
    learner.name = "Nim master"
    return learner


def test_q_learner_round_trip(nimgame_home):
    learner = trained_q()
    path = save(learner)
    assert path.parent == nimgame_home / "brains" and path.suffix == ".brain"
    loaded = load(path)
    assert isinstance(loaded, QLearner)
    assert (loaded.alpha, loaded.epsilon) == (0.4, 0.2)
    assert loaded.values == learner.values
    assert loaded.games_trained == 2_000 and loaded.name == "Nim master"
    assert loaded.accuracy == learner.accuracy is not None
    state = Nim().initial_state()
    assert loaded.move_scores(state) == learner.move_scores(state)
    train(loaded, 100, seed=2, curve_points=0)  # it goes on learning
    assert loaded.games_trained == 2_100


def test_hat_learner_round_trip(tmp_path):
    learner = HatLearner(Sticks(30))
    train(learner, 1_000, seed=1, curve_points=0)
    loaded = load(save(learner, tmp_path / "h.brain"))
    assert loaded.counts == learner.counts and loaded.totals == learner.totals
    assert loaded.game == Sticks(30)


def test_header_says_what_it_is(tmp_path):
    path = save(trained_q(), tmp_path / "a.brain")
    header = storage.read_header(path)
    assert header.format == "nimgame-brain" and header.version == storage.VERSION
    assert header.game.name == "nim" and header.rules["piles"] == [1, 3, 5, 7]
    assert header.learner == "q" and header.settings == {"alpha": 0.4, "epsilon": 0.2}
    assert header.games_trained == 2_000 and header.name == "Nim master"
    assert header.created <= header.updated


def test_resaving_keeps_created(tmp_path):
    learner = trained_q()
    path = save(learner, tmp_path / "a.brain")
    created = storage.read_header(path).created
    header = storage.read_header(save(learner, path))
    assert header.created == created


class Evil:
    def __reduce__(self):
        return (os.system, ("touch pwned",))


def write(path, data: bytes):
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("make,message", [
    (lambda good: b"", "empty file: not a nimgame brain file"),
    (lambda good: good[: len(good) // 2], "truncated: the file ends early"),
    (lambda good: good[:40], "truncated: the file ends early"),
    (lambda good: bytes(range(256)) * 4, "not a nimgame brain file"),
    (lambda good: b"hello, I am a text file\n", "not a nimgame brain file"),
    (lambda good: pickle.dumps(Evil()), "not a nimgame brain file: it asks to load posix.system"),
    (lambda good: pickle.dumps({"format": "something else"}), "not a nimgame brain file"),
    (lambda good: pickle.dumps([1, 2, 3]), "not a nimgame brain file"),
    (lambda good: pickle.dumps({"format": "nimgame-brain", "version": 3}),
     r"saved by a newer nimgame \(format 3\)"),
])
def test_bad_files_are_refused_with_a_reason(tmp_path, make, message):
    good = save(trained_q(), tmp_path / "good.brain").read_bytes()
    path = write(tmp_path / "bad.brain", make(good))
    with pytest.raises(BrainFileError, match=f"^{message}$"):
        load(path)
    assert not (tmp_path / "pwned").exists() and not os.path.exists("pwned")


def test_hostile_table_after_a_good_header(tmp_path):
    header = storage.header_for(trained_q())
    data = pickle.dumps(header) + pickle.dumps(Evil())
    with pytest.raises(BrainFileError, match="it asks to load"):
        load(write(tmp_path / "x.brain", data))


def test_broken_table_is_refused(tmp_path):
    header = storage.header_for(trained_q())
    data = pickle.dumps(header) + pickle.dumps({"states": [[[9, 9], 0]], "values": [1.0]})
    with pytest.raises(BrainFileError, match="table is broken"):
        load(write(tmp_path / "x.brain", data))


def test_a_table_with_a_number_among_its_keys_is_refused(tmp_path):
    """Its keys cannot be sorted: this once raised TypeError from load and list_brains."""
    header = storage.header_for(trained_q())
    table = {"states": [[[1, 3, 5, 7], 0]], "values": [0.0], 1: 2}
    path = write(tmp_path / "x.brain", pickle.dumps(header) + pickle.dumps(table))
    with pytest.raises(BrainFileError, match="^the table must hold states and values$"):
        load(path)
    (info,) = list_brains(tmp_path)
    assert info.error == "the table must hold states and values"


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(BrainFileError, match="no such file"):
        load(tmp_path / "nope.brain")
    with pytest.raises(BrainFileError, match="is a folder"):
        load(tmp_path)


def test_brain_for_another_game(tmp_path):
    path = save(trained_q(), tmp_path / "a.brain")
    with pytest.raises(BrainFileError, match="^this brain plays Nim, not Tic-Tac-Toe$"):
        load(path, game=TicTacToe())
    with pytest.raises(BrainFileError, match=r"this brain plays Nim \(1, 3, 5, 7\)"):
        load(path, game=Nim((1, 2)))
    assert load(path, game=Nim()).game == Nim()


def test_only_learners_are_saved(tmp_path):
    with pytest.raises(TypeError, match="only a trained learner"):
        save(PerfectPlayer(Nim()), tmp_path / "p.brain")


def test_a_save_that_dies_half_way_leaves_the_old_file(tmp_path, monkeypatch):
    learner = trained_q()
    path = save(learner, tmp_path / "a.brain")
    before = path.read_bytes()

    def die_half_way(out, data):
        out.write(data[: len(data) // 2])
        raise OSError("disk on fire")

    monkeypatch.setattr(files, "_write_all", die_half_way)
    train(learner, 500, seed=3, curve_points=0)
    with pytest.raises(storage.SaveError, match="disk on fire"):
        save(learner, path)
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["a.brain"]  # no temporary file left behind
    assert load(path).games_trained == 2_000


def test_older_formats_are_migrated(tmp_path, monkeypatch):
    path = save(trained_q(), tmp_path / "a.brain")
    calls = []

    def to_next(header, table):
        calls.append(header["version"])
        return header, table

    now = storage.VERSION   # a file of today's format, read by the next one
    monkeypatch.setattr(storage.schema, "VERSION", now + 1)
    monkeypatch.setitem(storage.MIGRATIONS, now, to_next)
    assert load(path).games_trained == 2_000
    assert calls == [now]


def test_library_lists_good_and_broken_files(nimgame_home):
    save(trained_q())
    folder = nimgame_home / "brains"
    (folder / "junk.brain").write_bytes(b"not a brain")
    (folder / "notes.txt").write_text("ignored")
    infos = list_brains()
    assert [i.path.name for i in infos] == ["Nim-master.brain", "junk.brain"]
    good, bad = infos
    assert good.header.name == "Nim master" and good.error is None
    assert bad.header is None and bad.error == "not a nimgame brain file"
    assert storage.find_brain("Nim master") == good.path
    with pytest.raises(BrainFileError, match="no brain called 'x'"):
        storage.find_brain("x")


def test_default_folder_is_the_user_data_folder(monkeypatch):
    monkeypatch.delenv("NIMGAME_HOME")
    assert storage.brains_dir().parts[-2:] == ("nimgame", "brains")
