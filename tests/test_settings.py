"""The settings file: remembered as written, every hostile value dropped for its default,
and a file that cannot be read at all gives the defaults and one line, never a crash."""

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nimgame import settings as settings_module
from nimgame.files import SaveError
from nimgame.settings import MAX_BYTES, Settings, from_data, load, save

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10),
                                                                inner, max_size=4),
    max_leaves=20)
KEYS = st.sampled_from(["name", "game", "setups", "sound", "volume", "motion", "window",
                        "scale", "contrast", "colour_blind", "drill_streaks"])


def valid(s: Settings) -> bool:
    return (isinstance(s.name, str) and 0 < len(s.name) <= 20 and s.game in settings_module.GAMES
            and isinstance(s.sound, bool) and isinstance(s.motion, bool)
            and isinstance(s.contrast, bool) and isinstance(s.colour_blind, bool)
            and type(s.scale) is int and 100 <= s.scale <= 200
            and math.isfinite(s.volume) and 0 <= s.volume <= 1
            and 800 <= s.window[0] <= 10_000 and 560 <= s.window[1] <= 10_000
            and all(isinstance(k, str) and isinstance(v, str) for entries in s.setups.values()
                    for k, v in entries.items())
            and all(isinstance(k, str) and type(v) is int and v >= 0
                    for k, v in s.drill_streaks.items()))


def test_what_is_saved_is_what_is_read(tmp_path):
    path = tmp_path / "s.json"
    mine = Settings(name="Ann", game="sticks", setups={"sticks": {"opponent": "Perfect"}},
                    sound=False, volume=0.25, motion=False, window=(1300, 800), scale=175,
                    contrast=True, colour_blind=True)
    save(mine, path)
    assert load(path) == (mine, "")
    assert load(tmp_path / "none.json") == (Settings(), "")


@pytest.mark.parametrize("raw,why", [
    (b"{not json", "not a settings file"), (b"\xff\xfe\x00", "not a settings file"),
    (b"[1, 2]", "not a settings file"), (b"{}" + b" " * MAX_BYTES, "over 64 KB"),
    (b"[" * 60_000, "not a settings file"),
])
def test_a_damaged_file_gives_the_defaults_and_one_line(tmp_path, raw, why):
    path = tmp_path / "s.json"
    path.write_bytes(raw)
    got, problem = load(path)
    assert got == Settings() and why in problem and "\n" not in problem
    save(Settings(name="Bo"), path)   # and is replaced on the next save
    assert load(path)[0].name == "Bo"


@pytest.mark.parametrize("key,value", [
    ("name", "\u202eevil"), ("name", "x" * 10_000), ("name", ""), ("name", 7),
    ("name", "zero\u200bwidth"), ("game", "chess"), ("game", ["nim"]),
    ("sound", "yes"), ("sound", 1), ("motion", "no"), ("motion", 0),
    ("volume", float("nan")), ("volume", 10**30), ("volume", int("9" * 309)),
    ("volume", -0.1), ("volume", True), ("window", [10**30, 600]), ("window", [799, 600]),
    ("window", [900.5, 600]), ("window", [900, 600, 1]), ("window", "900x600"),
    ("setups", {"nim": {"opponent": "\x1b[2J"}}), ("setups", {"nim": "Perfect"}),
    ("setups", {"nim": {str(n): "x" for n in range(50)}}),
    ("scale", 99), ("scale", 201), ("scale", 150.0), ("scale", True), ("scale", "150"),
    ("scale", 10**400), ("contrast", 1), ("contrast", "yes"), ("colour_blind", None),
])
def test_each_hostile_value_falls_back_to_its_default_alone(tmp_path, key, value):
    path = tmp_path / "s.json"
    data = Settings(name="Ann", sound=False).to_data()
    data[key] = value
    path.write_text(json.dumps(data))
    got, problem = load(path)
    assert problem == "" and valid(got)
    assert getattr(got, key) == getattr(Settings(), key) or key == "setups" and got.setups == {}
    if key != "name":
        assert got.name == "Ann"
    if key != "sound":
        assert got.sound is False


@given(st.dictionaries(KEYS, JSON, max_size=6))
def test_any_json_object_reads_as_valid_settings(data):
    assert valid(from_data(data))


@given(JSON)
def test_any_json_reads_as_valid_settings(data):
    assert valid(from_data(data))


def test_a_save_that_cannot_be_written_says_why(tmp_path):
    folder = tmp_path / "s.json"
    folder.mkdir()   # a folder where the file should be
    with pytest.raises(SaveError, match="cannot save the settings"):
        save(Settings(), folder)


def test_a_byte_order_mark_is_read_past(tmp_path):
    """Notepad writes UTF-8 with a byte-order mark: the file is still the person's."""
    path = tmp_path / "s.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(Settings(name="Zoë").to_data()).encode())
    got, problem = load(path)
    assert problem == "" and got.name == "Zoë"


def test_a_save_sweeps_what_killed_saves_left(tmp_path):
    """A save killed between writing and renaming leaves `.settings.json.XXXX.tmp`; the
    next save removes such files once they are old, and leaves a live one alone."""
    import os

    path = tmp_path / "settings.json"
    dead, live = tmp_path / ".settings.json.dead1.tmp", tmp_path / ".settings.json.live.tmp"
    dead.write_text("{")
    live.write_text("{")
    os.utime(dead, (1, 1))
    save(Settings(name="Ann"), path)
    assert not dead.exists() and live.exists() and load(path)[0].name == "Ann"


# -- a settings file that is not a file: refused without opening it to read --------------


def load_without_hanging(path):
    """`load(path)` in a thread; if it is still blocked after a generous guard (a FIFO's
    open waits for a writer), release it by opening the FIFO's other end and fail."""
    import os
    import stat
    import threading

    got: list = []
    reader = threading.Thread(target=lambda: got.append(load(path)), daemon=True)
    reader.start()
    reader.join(60)
    if reader.is_alive():
        if stat.S_ISFIFO(os.stat(path).st_mode):
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(60)
        pytest.fail(f"load({path.name}) blocked")
    return got[0]


def not_regular(kind, path):
    import os
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
        (path / "inside").write_text("mine")
    else:   # a device, through a link
        path.symlink_to("/dev/zero")


@pytest.mark.parametrize("kind", ["fifo", "folder", "device"])
def test_a_settings_path_that_is_not_a_file_is_refused_and_left_alone(tmp_path, kind):
    import os
    import stat

    path = tmp_path / "settings.json"
    not_regular(kind, path)
    got, problem = load_without_hanging(path)
    assert got == Settings() and "\n" not in problem
    assert "not a regular file" in problem and "the defaults are used" in problem
    before = os.lstat(path)
    with pytest.raises(SaveError, match="not a regular file") as caught:
        save(Settings(name="Bo"), path)
    assert "\n" not in str(caught.value)
    after = os.lstat(path)   # the same thing, not replaced by a settings file
    assert (after.st_ino, stat.S_IFMT(after.st_mode)) == (before.st_ino,
                                                          stat.S_IFMT(before.st_mode))
    if kind == "folder":
        assert (path / "inside").read_text() == "mine"


# -- two windows on one settings file: each keeps the other's changes ---------------------


def test_two_windows_keep_each_others_changes(tmp_path):
    path = tmp_path / "settings.json"
    save(Settings(name="Ann", volume=0.5), path)
    first, _ = load(path)
    second, _ = load(path)     # a second window, opened before the first changed anything
    first.volume = 0.2
    first.setups["nim"] = {"opponent": "Perfect"}
    save(first, path)
    second.name = "Bo"
    second.setups["sticks"] = {"opponent": "Hats"}
    save(second, path)         # its stale volume and setups are not written back
    got, _ = load(path)
    assert (got.name, got.volume) == ("Bo", 0.2)
    assert got.setups == {"nim": {"opponent": "Perfect"}, "sticks": {"opponent": "Hats"}}
    save(second, path)         # saved again with nothing changed: still nothing lost
    second.window = (1200, 800)
    save(second, path)
    got, _ = load(path)
    assert (got.name, got.volume, got.window) == ("Bo", 0.2, (1200, 800))
    assert got.setups["nim"] == {"opponent": "Perfect"}
    first.volume = 0.5         # a window that changes a value back writes it too
    save(first, path)
    assert load(path)[0].volume == 0.5


def test_settings_that_were_never_read_are_written_whole(tmp_path):
    """A Settings made by hand (not read from the file) is all this process's: it is
    written as it is, as before."""
    path = tmp_path / "settings.json"
    save(Settings(name="Ann", volume=0.2), path)
    save(Settings(name="Bo"), path)
    assert load(path)[0] == Settings(name="Bo")


def _change_one_setting(path, key, value, barrier):
    mine, _ = load(path)
    setattr(mine, key, value)
    barrier.wait()             # every process has read the file before any writes
    save(mine, path)


def test_processes_saving_at_once_lose_no_change(tmp_path):
    import multiprocessing

    path = tmp_path / "settings.json"
    save(Settings(), path)
    changes = {"name": "Cy", "volume": 0.3, "sound": False, "motion": False,
               "window": (900, 600), "game": "tictactoe"}
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(len(changes))
    workers = [context.Process(target=_change_one_setting, args=(path, key, value, barrier))
               for key, value in changes.items()]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert [w.exitcode for w in workers] == [0] * len(workers)
    got, problem = load(path)
    assert problem == ""
    assert {key: getattr(got, key) for key in changes} == changes


def test_the_best_drill_streaks_are_kept_and_a_hostile_one_dropped_alone(tmp_path):
    path = tmp_path / "s.json"
    mine = Settings(drill_streaks={"winning-move/1": 4, "sticks/3": 12})
    save(mine, path)
    assert load(path)[0].drill_streaks == {"winning-move/1": 4, "sticks/3": 12}
    data = mine.to_data()
    data["drill_streaks"] = {"lost/1": 3, "lost/2": -1, "lost/3": True, "grundy/1": 2.5,
                             "\x1b[2J": 5, "x" * 200: 5, "grundy/2": 10**30}
    path.write_text(json.dumps(data))
    assert load(path)[0].drill_streaks == {"lost/1": 3}
    for hostile in ([1, 2], "many", {str(n): 1 for n in range(500)}):
        data["drill_streaks"] = hostile
        path.write_text(json.dumps(data))
        got, problem = load(path)
        assert problem == "" and got.drill_streaks == {}


def test_two_windows_keep_the_better_of_their_best_streaks(tmp_path):
    path = tmp_path / "settings.json"
    save(Settings(drill_streaks={"lost/1": 2}), path)
    first, _ = load(path)
    second, _ = load(path)
    first.drill_streaks["lost/1"] = 7
    first.drill_streaks["sticks/1"] = 1
    save(first, path)
    second.drill_streaks["lost/1"] = 5
    second.drill_streaks["grundy/2"] = 3
    save(second, path)
    assert load(path)[0].drill_streaks == {"lost/1": 7, "sticks/1": 1, "grundy/2": 3}
