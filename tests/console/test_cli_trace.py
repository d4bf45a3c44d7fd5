"""`nimgame train ... --trace FIRST-LAST --trace-file PATH`: one JSON object per learning
update of the games traced, the brain the same as untraced, and every hostile argument or
failing disk one line, exit 2, nothing half-saved."""

import io
import json
import os
import sys
from unittest import mock

import pytest

from nimgame import storage
from nimgame.console import cli
from nimgame.console.cli import trace_file
from nimgame.games import KITS, make_game
from nimgame.learning.trace import JsonLinesTrace, TraceRecorder, update_record
from nimgame.learning.training import train
from nimgame.players import make_learner

BOARDS = {"nim": [], "sticks": ["--sticks", "12"], "tictactoe": [], "hexapawn": []}
RULES = {"nim": {}, "sticks": {"sticks": 12}, "tictactoe": {}, "hexapawn": {}}


def run(argv, capsys):
    with mock.patch.object(sys, "stdin", io.StringIO("")):
        status = cli.main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


def assert_one_line(err):
    assert err.count("\n") == 1 and err.startswith("nimgame: error: "), err[:500]
    assert "Traceback" not in err and len(err) < 400


def lines_of(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("kind", ["q", "hats"])
@pytest.mark.parametrize("name", sorted(KITS))
def test_a_traced_run_writes_its_updates_and_saves_the_untraced_brain(capsys, tmp_path,
                                                                     name, kind):
    common = ["train", name, *BOARDS[name], "--learner", kind, "--games", "120",
              "--seed", "9"]
    trace = tmp_path / "trace.jsonl"
    status, out, err = run([*common, "--out", str(tmp_path / "plain.brain")], capsys)
    assert status == 0, err
    status, out, err = run([*common, "--out", str(tmp_path / "traced.brain"), "--trace",
                            "3-40", "--trace-file", str(trace)], capsys)
    assert status == 0 and err == "", err
    assert "Traced" in out and "games 3 to 40" in out
    plain, traced = storage.load(tmp_path / "plain.brain"), storage.load(tmp_path / "traced.brain")
    assert traced.export_table() == plain.export_table()

    lines = lines_of(trace)
    assert lines and sorted({line["game"] for line in lines}) == list(range(3, 41))
    assert [line["game"] for line in lines] == sorted(line["game"] for line in lines)
    for line in lines:
        assert line["learner"] == kind
        if kind == "q":
            assert line["new"] == line["old"] + line["alpha"] * (
                line["reward"] + line["future"] - line["old"])
            assert (line["position"] is None) == (line["move"] is None)
        else:
            assert line["ball"] in line["balls"] and line["balls"][line["ball"]] >= 1
            assert line["change"] <= 0 if line["result"] < 0 else line["change"] >= 0
    # the lines are the records of the same run traced in this process
    game = make_game(name, RULES[name])
    learner = make_learner(kind, game)
    recorder = TraceRecorder()
    train(learner, 120, seed=9, sink=recorder, traced=range(3, 41), curve_points=0)
    assert lines == [json.loads(json.dumps(update_record(u, game, g.number)))
                     for g in recorder.games() for u in g.updates]
    assert sorted(os.listdir(tmp_path)) == ["plain.brain", "trace.jsonl", "traced.brain"]


def test_the_trace_replaces_an_old_one_once_the_brain_is_saved(capsys, tmp_path):
    trace = tmp_path / "t.jsonl"
    trace.write_text("old\n")
    argv = ["train", "sticks", "--learner", "hats", "--games", "5", "--seed", "1",
            "--trace", "5-5", "--trace-file", str(trace), "--out", str(tmp_path / "b.brain")]
    assert run(argv, capsys)[0] == 0
    assert {line["game"] for line in lines_of(trace)} == {5}


@pytest.mark.parametrize("value", ["5-2", "0-3", "x", "", "3", "1-", "-3", "1-2-3", "1 - 3",
                                   "١-٣", "１-３", "1-9999999999", "1.5-3", "+1-3", "1-1e3",
                                   "\x1b[2J", "1-3\n4"])
def test_hostile_ranges_are_one_line(capsys, tmp_path, value):
    status, _, err = run(["train", "nim", "--games", "20", "--trace", value, "--trace-file",
                          str(tmp_path / "t.jsonl"), "--out", str(tmp_path / "b.brain")],
                         capsys)
    assert status == 2
    assert_one_line(err)
    assert "--trace" in err and "\x1b" not in err
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("argv,says", [
    (["--trace", "1-3"], "--trace-file"),
    (["--trace-file", "t.jsonl"], "--trace FIRST-LAST"),
    (["--trace", "1-21", "--trace-file", "t.jsonl"], "only 20 games"),
    (["--trace", "30-40", "--trace-file", "t.jsonl"], "only 20 games"),
])
def test_what_the_trace_needs_is_said_before_training(capsys, tmp_path, monkeypatch, argv,
                                                      says):
    monkeypatch.chdir(tmp_path)
    from nimgame.console.cli import commands
    monkeypatch.setattr(commands.train, "train", lambda *a, **k: pytest.fail("trained"))
    status, _, err = run(["train", "nim", "--games", "20", "--out", "b.brain", *argv], capsys)
    assert status == 2 and says in err
    assert_one_line(err)
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("where", ["missing-folder", "a-folder", "under-a-file", "too-long",
                                   "dev"])
def test_a_trace_file_that_cannot_be_written_is_said_before_training(capsys, tmp_path,
                                                                     monkeypatch, where):
    from nimgame.console.cli import commands
    monkeypatch.setattr(commands.train, "train", lambda *a, **k: pytest.fail("trained"))
    (tmp_path / "file").write_text("")
    (tmp_path / "folder").mkdir()
    path = {"missing-folder": tmp_path / "no" / "t.jsonl", "a-folder": tmp_path / "folder",
            "under-a-file": tmp_path / "file" / "t.jsonl",
            "too-long": tmp_path / ("t" * 300), "dev": "/dev/full"}[where]
    status, _, err = run(["train", "nim", "--games", "20", "--trace", "1-2", "--trace-file",
                          str(path), "--out", str(tmp_path / "b.brain")], capsys)
    assert status == 2 and "cannot write the trace" in err
    assert_one_line(err)
    assert sorted(os.listdir(tmp_path)) == ["file", "folder"]
    assert os.listdir(tmp_path / "folder") == []


def full_disk(*args, **kwargs):
    raise OSError(28, "No space left on device")


@pytest.mark.parametrize("when", ["writing", "syncing", "renaming"])
def test_a_failing_disk_saves_nothing_half(capsys, tmp_path, monkeypatch, when):
    trace = tmp_path / "t.jsonl"
    trace.write_text("the old trace\n")
    brain = tmp_path / "b.brain"
    if when == "writing":
        written = []

        def fill(self, update):
            written.append(update)
            if len(written) > 30:
                full_disk()
        monkeypatch.setattr(JsonLinesTrace, "on_update", fill)
    elif when == "syncing":
        monkeypatch.setattr(trace_file.os, "fsync", full_disk)
    else:
        replace = os.replace

        def fail_for_the_trace(source, target):
            if str(target) == str(trace):
                full_disk()
            replace(source, target)
        monkeypatch.setattr(trace_file.os, "replace", fail_for_the_trace)
    status, _, err = run(["train", "nim", "--games", "50", "--trace", "1-50", "--trace-file",
                          str(trace), "--out", str(brain)], capsys)
    assert status == 2 and "No space left on device" in err and "trace" in err
    assert_one_line(err)
    assert trace.read_text() == "the old trace\n"   # the old trace whole, no temporary left
    if when == "renaming":   # only then was the brain saved, and the line says so
        assert "the brain is saved" in err and brain.exists()
        assert sorted(os.listdir(tmp_path)) == ["b.brain", "t.jsonl"]
    else:
        assert "not saved" in err
        assert os.listdir(tmp_path) == ["t.jsonl"]


def test_a_brain_that_cannot_be_saved_leaves_no_trace(capsys, tmp_path):
    (tmp_path / "folder").mkdir()
    trace = tmp_path / "t.jsonl"
    status, _, err = run(["train", "nim", "--games", "20", "--trace", "1-2", "--trace-file",
                          str(trace), "--out", str(tmp_path / "folder")], capsys)
    assert status == 2
    assert_one_line(err)
    assert sorted(os.listdir(tmp_path)) == ["folder"]


@pytest.mark.parametrize("where", ["the-out-file", "the-out-file-again", "another-brain",
                                   "the-default-brain"])
def test_the_trace_never_replaces_a_brain(capsys, tmp_path, monkeypatch, where):
    # The trace takes its file's name after the brain is saved: were it the brain's own
    # file (or another saved brain), the brain just trained (or the other) would be lost.
    from nimgame.console.cli import commands
    monkeypatch.setattr(commands.train, "train", lambda *a, **k: pytest.fail("trained"))
    work = tmp_path / "work"
    (work / "x").mkdir(parents=True)
    monkeypatch.chdir(work)
    other = storage.save(make_learner("q", make_game("nim")), work / "other.brain")
    default = make_learner("q", make_game("sticks"))
    default.name = "sticks-q"
    default_path = storage.save(default)   # where `train sticks` without --out saves
    saved = {path: path.read_bytes() for path in (other, default_path)}
    trace, out = {"the-out-file": ("b.brain", ["--out", "b.brain"]),
                  "the-out-file-again": (str(work / "x" / ".." / "b.brain"),
                                         ["--out", "b.brain"]),
                  "another-brain": ("other.brain", ["--out", "b.brain"]),
                  "the-default-brain": (str(default_path), [])}[where]
    status, _, err = run(["train", "sticks", "--games", "5", "--trace", "1-2",
                          "--trace-file", trace, *out], capsys)
    assert status == 2 and "--trace-file" in err and "brain" in err, err
    assert_one_line(err)
    assert {path: path.read_bytes() for path in saved} == saved
    assert sorted(os.listdir(work)) == ["other.brain", "x"]
