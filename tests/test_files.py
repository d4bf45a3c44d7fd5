"""Atomic writes: the new file or the old one, never half; temporary files of dead writes
swept, and only those."""

import os
import time

import pytest

from nimgame import files


def test_a_write_replaces_the_file_whole(tmp_path):
    target = tmp_path / "a.json"
    target.write_bytes(b"old")
    files.write_atomically(target, b"new" * 100_000)
    assert target.read_bytes() == b"new" * 100_000
    assert os.listdir(tmp_path) == ["a.json"]


def test_a_write_that_dies_keeps_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "a.json"
    target.write_bytes(b"old")

    def die(out, data):
        out.write(data[:5])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files, "_write_all", die)
    with pytest.raises(OSError, match="No space left"):
        files.write_atomically(target, b"new" * 1_000)
    assert target.read_bytes() == b"old" and os.listdir(tmp_path) == ["a.json"]


def test_sweep_removes_old_temporaries_of_its_suffix_only(tmp_path):
    names = [".a.json.x1.tmp", ".b.json.x2.tmp", ".c.brain.x3.tmp", "d.json.x4.tmp",
             ".e.json.x5"]
    for name in names:
        (tmp_path / name).write_bytes(b"half")
    an_hour_ago = time.time() - 3600
    for name in names[1:]:
        os.utime(tmp_path / name, (an_hour_ago, an_hour_ago))
    files.sweep(tmp_path, ".json")
    assert sorted(os.listdir(tmp_path)) == sorted(n for n in names if n != ".b.json.x2.tmp")
    files.sweep(tmp_path / "missing", ".json")   # never raises


@pytest.mark.parametrize("links", [True, False], ids=["hard links", "no hard links"])
def test_an_exclusive_write_takes_a_free_name_only(tmp_path, monkeypatch, links):
    if not links:
        def no_links(*args, **kwargs):
            raise OSError(1, "Operation not permitted")
        monkeypatch.setattr(files.os, "link", no_links)
    target = tmp_path / "x.brain"
    files.write_atomically(target, b"first", exclusive=True)
    assert target.read_bytes() == b"first"
    with pytest.raises(FileExistsError):
        files.write_atomically(target, b"second", exclusive=True)
    assert target.read_bytes() == b"first"
    assert sorted(os.listdir(tmp_path)) == ["x.brain"]   # no temporary, no second name
