"""Listing the brains folder reads only the headers of files whose full check is known (the
index of verdicts in the cache folder), yet a listed brain is still one that loads; the
index is hostile data like any file, and a lost or damaged one only costs a full check."""

import os
import shutil

import pytest
from brainfiles import brain, real, write

from nimgame import storage
from nimgame.games import Nim, Sticks, TicTacToe
from nimgame.players import HatLearner, QLearner
from nimgame.storage import library, verdicts


@pytest.fixture
def checks(monkeypatch):
    """How many files listing has checked in full (tables parsed, learners built)."""
    counted = {"tables": 0, "learners": 0}
    parse, build = library.parse_brain, library.build_learner

    def parse_counted(*args, **kwargs):
        counted["tables"] += 1
        return parse(*args, **kwargs)

    def build_counted(*args, **kwargs):
        counted["learners"] += 1
        return build(*args, **kwargs)

    monkeypatch.setattr(library, "parse_brain", parse_counted)
    monkeypatch.setattr(library, "build_learner", build_counted)
    return counted


def listed_afresh():
    """The brains folder listed as a new process would (nothing remembered in memory)."""
    library._seen.clear()
    return {info.path.name: info for info in storage.list_brains()}


def saved_three():
    return [storage.save(brain(QLearner, Nim(), 100, "nim q")),
            storage.save(brain(HatLearner, Sticks(20), 100, "sticks hats")),
            storage.save(brain(QLearner, TicTacToe(), 50, "ttt q"))]


def test_brains_saved_here_are_listed_without_reading_their_tables(nimgame_home, checks):
    paths = saved_three()
    listed = listed_afresh()
    assert checks == {"tables": 0, "learners": 0}
    assert sorted(listed) == sorted(p.name for p in paths)
    assert {i.name: i.header.games_trained for i in listed.values()} == {
        "nim q": 100, "sticks hats": 100, "ttt q": 50}
    assert storage.load(storage.find_brain("ttt q")).games_trained == 50


def test_each_content_is_checked_in_full_once(nimgame_home, checks):
    folder = nimgame_home / "brains"
    folder.mkdir(parents=True)
    header, table = real("ttt-hats")
    write(folder / "given.brain", header, table)      # copied in, not saved here
    assert listed_afresh()["given.brain"].ok and checks["tables"] == 1
    assert listed_afresh()["given.brain"].ok and checks["tables"] == 1
    shutil.copy(folder / "given.brain", folder / "copy.brain")   # the same bytes again
    listed = listed_afresh()
    assert listed["copy.brain"].ok and listed["copy.brain"].header.name == "ttt hats"
    assert checks["tables"] == 1
    header["name"] = "changed"                          # new bytes: checked again
    write(folder / "given.brain", header, table)
    assert listed_afresh()["given.brain"].name == "changed" and checks["tables"] == 2
    (folder / "copy.brain").unlink()
    assert sorted(listed_afresh()) == ["given.brain"] and checks["tables"] == 2


def test_a_listed_brain_still_loads_when_its_verdict_is_remembered(nimgame_home, checks):
    """A table of positions the game cannot reach is listed as damaged, with the load's
    reason, the first time (checked in full) and every time after (remembered)."""
    folder = nimgame_home / "brains"
    folder.mkdir(parents=True)
    header, table = real("nim-q")
    table["states"][-1] = ((99, 99, 99, 99), 0)
    write(folder / "alien.brain", header, table)
    with pytest.raises(storage.BrainFileError) as caught:
        storage.load(folder / "alien.brain")
    for _ in range(2):
        info = listed_afresh()["alien.brain"]
        assert not info.ok and info.error == str(caught.value)
    assert checks["tables"] == 1


def test_a_file_changed_in_place_is_checked_again(nimgame_home, checks):
    path, *_ = saved_three()
    good = path.read_bytes()
    header, table = real("nim-q")
    table["states"][-1] = ((99, 99, 99, 99), 0)
    damaged = write(path.parent / "scratch", header, table)
    (path.parent / "scratch").unlink()
    with open(path, "r+b") as file:    # same file, same inode: new bytes
        file.write(damaged)
        file.truncate()
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert not listed_afresh()[path.name].ok and checks["tables"] == 1
    path.write_bytes(good)
    assert listed_afresh()[path.name].ok


@pytest.mark.parametrize("index", [
    b"", b"{", b"\xff\xfe", b"[]", b'{"checks": 1}', b"x" * 1000,
    "fifo", "folder",
])
def test_a_damaged_index_costs_a_full_check_and_nothing_else(nimgame_home, checks, index):
    saved_three()
    path = verdicts.index_path()
    path.unlink()
    if index == "fifo":
        os.mkfifo(path)
    elif index == "folder":
        path.mkdir()
    else:
        path.write_bytes(index)
    listed = listed_afresh()
    assert [i.ok for i in listed.values()] == [True] * 3 and checks["tables"] == 3
    listed_afresh()   # the index is written again where it can be (a folder stays)
    assert checks["tables"] == (6 if index == "folder" else 3)


def test_forged_entries_are_ignored(nimgame_home, checks):
    """An entry that names a file with another identity says nothing about it (its bytes
    are hashed again: the verdict on those bytes stands); values of the wrong kind are
    dropped, and what they stood for is checked in full."""
    import json

    path, *_ = saved_three()
    data = json.loads(verdicts.index_path().read_text())
    entry = data["files"][path.name]
    data["files"][path.name] = [entry[0], entry[1] + 1, *entry[2:]]
    data["files"]["other.brain"] = ["x", 1, 2, 3, "0" * 64]
    data["verdicts"]["0" * 64] = ["not text"]
    verdicts.index_path().write_text(json.dumps(data))
    assert listed_afresh()[path.name].ok and checks["tables"] == 0
    data["verdicts"][entry[4]] = 7
    verdicts.index_path().write_text(json.dumps(data))
    assert listed_afresh()[path.name].ok and checks["tables"] == 1


def test_brains_outside_the_brains_folder_leave_no_index(nimgame_home, tmp_path):
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    storage.save(brain(QLearner, Nim(), 50, "x"), folder / "x.brain")
    assert [i.ok for i in storage.list_brains(folder)] == [True]
    assert not verdicts.index_path().exists()


def test_fifos_among_the_brains_hang_nothing(nimgame_home, capsys):
    """A FIFO named like a brain, or like anything else, among the brains: `list` and
    finding a brain go on (the FIFO is never opened to be read in a blocking way)."""
    from nimgame.console.cli import main

    saved_three()
    folder = nimgame_home / "brains"
    os.mkfifo(folder / "x.json")
    os.mkfifo(folder / "x.brain")
    listed = listed_afresh()
    assert "regular file" in listed["x.brain"].error and "x.json" not in listed
    assert sum(i.ok for i in listed.values()) == 3
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert "x.brain" in out and "nim q" in out
    assert storage.load(storage.find_brain("ttt q")).games_trained == 50
