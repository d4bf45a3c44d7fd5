"""Brain files from anyone: every hostile value, structure, truncation and bomb is refused in
one line, or loads into a learner that passes the schema; never anything else."""

import io
import math
import os
import pickle
import stat
import subprocess
import sys
import textwrap
import time

import pytest
from brainfiles import BRAINS, brain, real, write
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nimgame import files, storage
from nimgame.games import Nim, Sticks
from nimgame.players import HatLearner, QLearner
from nimgame.storage import BrainFileError, schema


def deep(levels: int):
    value: object = 1
    for _ in range(levels):
        value = (value,)
    return value


HOSTILE = [None, True, False, 0, -1, 2**64, 10**30, 1.5, math.nan, math.inf, -math.inf, "",
           "lots", "x" * 10_000, "\x1b[31m\u202e", [], {}, [1, 2], [[1]], {"a": 1}, (1, 2),
           deep(6)]


def assert_refused_or_sane(path):
    """The one property every load must have."""
    started = time.thread_time()   # this thread's work, whatever else the machine runs
    try:
        learner = storage.load(path)
    except BrainFileError as err:
        message = str(err)
        assert message and "\n" not in message and len(message) < 400, message
        assert "Traceback" not in message
    else:
        # It loaded: it must be exactly what a good file holds.
        header, table = storage.header_for(learner), learner.export_table()
        schema.check_table(table, schema.check_header(header))
        if isinstance(learner, QLearner):
            assert all(math.isfinite(v) and -1 <= v <= 1 for v in learner.values)
        else:
            assert all(h is None or all(b >= 1 for b in h) for h in learner.counts)
        assert learner.games_trained >= 0 and isinstance(learner.games_trained, int)
        assert learner.accuracy is None or 0 <= learner.accuracy <= 1
        for state in list(learner.graph.states)[:20]:
            if not learner.game.is_over(state):
                assert learner.choose_move(state) in learner.game.legal_moves(state)
    assert time.thread_time() - started < 5   # seconds of work: no runaway on any value
    # Listing shows it as one row, good or damaged, and never raises.
    (info,) = [i for i in storage.list_brains(path.parent) if i.path == path]
    assert info.ok or ("\n" not in info.error and info.error)


@pytest.mark.parametrize("kind", sorted(BRAINS))
@pytest.mark.parametrize("field", schema.HEADER_FIELDS)
def test_every_header_field_with_every_hostile_value(tmp_path, kind, field):
    for number, value in enumerate(HOSTILE):
        header, table = real(kind)
        header[field] = value
        path = tmp_path / f"{number}.brain"
        write(path, header, table)
        assert_refused_or_sane(path)


@pytest.mark.parametrize("kind", sorted(BRAINS))
def test_missing_and_extra_fields(tmp_path, kind):
    for field in schema.HEADER_FIELDS:
        header, table = real(kind)
        del header[field]
        write(tmp_path / "m.brain", header, table)
        with pytest.raises(BrainFileError):
            storage.load(tmp_path / "m.brain")
    header, table = real(kind)
    header["evil"] = 1
    write(tmp_path / "e.brain", header, table)
    with pytest.raises(BrainFileError, match="unknown field evil"):
        storage.load(tmp_path / "e.brain")


@pytest.mark.parametrize("kind", sorted(BRAINS))
def test_a_table_keyed_by_other_than_names_is_refused(tmp_path, kind):
    """Found by test_random_edits_of_real_brains (a flipped byte made a key a float): the
    table's keys were sorted with the names they must be, which raised TypeError."""
    header, table = real(kind)
    table[1.5] = table.pop(next(k for k in table if k != "states"))
    write(tmp_path / "k.brain", header, table)
    with pytest.raises(BrainFileError, match="^the table must hold "):
        storage.load(tmp_path / "k.brain")


@pytest.mark.parametrize("kind", sorted(BRAINS))
def test_hostile_rules_and_settings(tmp_path, kind):
    header, _ = real(kind)
    for section in ("rules", "settings"):
        for key in list(header[section]) + ["extra"]:
            for value in HOSTILE + [[10**9] * 3, [1] * 5_000, "yes"]:
                header, table = real(kind)
                header[section][key] = value
                path = tmp_path / "r.brain"
                write(path, header, table)
                assert_refused_or_sane(path)


def test_the_issues_examples_are_refused_with_their_reason(tmp_path):
    cases = [
        ("games_trained", "lots", "^games_trained must be a whole number from 0 to 10\\*\\*15, "
                                  "not 'lots'$"),
        ("games_trained", math.nan, "games_trained must be"),
        ("games_trained", True, "games_trained must be"),
        ("game", ["nim"], "^unknown game \\['nim'\\] in the brain file$"),
        ("name", 5, "^name must be text"),
        ("accuracy", math.nan, "^accuracy must be a number from 0 to 1, not nan$"),
    ]
    for field, value, message in cases:
        header, table = real("sticks-hats")
        header[field] = value
        write(tmp_path / "x.brain", header, table)
        with pytest.raises(BrainFileError, match=message):
            storage.load(tmp_path / "x.brain")
    header, table = real("nim-q")
    header["rules"]["misere"] = "yes"
    write(tmp_path / "x.brain", header, table)
    with pytest.raises(BrainFileError, match="^rule misere must be true or false, not 'yes'$"):
        storage.load(tmp_path / "x.brain")
    (tmp_path / "v.brain").write_bytes(_huge_version())
    with pytest.raises(BrainFileError, match="too large"):
        storage.load(tmp_path / "v.brain")


def _huge_version() -> bytes:
    """A header whose version is 10**5000 (its pickle needs LONG4)."""
    sys.set_int_max_str_digits(0)
    try:
        return pickle.dumps({"format": "nimgame-brain", "version": 10**5000}, protocol=4)
    finally:
        sys.set_int_max_str_digits(4300)


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, 1.5, -2.0, "0.5", None,
                                   True, 10**20, [0.1]])
def test_q_values_must_be_finite_and_in_range(tmp_path, value):
    header, table = real("nim-q")
    table["values"][len(table["values"]) // 2] = value
    write(tmp_path / "q.brain", header, table)
    with pytest.raises(BrainFileError, match="^every value must be a finite number"):
        storage.load(tmp_path / "q.brain")
    assert not storage.list_brains(tmp_path)[0].ok


@pytest.mark.parametrize("value", [0, -1, 10**13, 1.0, "3", None, [1], True])
def test_hat_counts_must_be_sane(tmp_path, value):
    header, table = real("sticks-hats")
    hat = next(h for h in table["hats"] if h)
    hat[0] = value
    write(tmp_path / "h.brain", header, table)
    with pytest.raises(BrainFileError, match="^every hat must be a list of ball counts"):
        storage.load(tmp_path / "h.brain")


@pytest.mark.parametrize("kind", sorted(BRAINS))
def test_tables_that_do_not_fit_their_game(tmp_path, kind):
    header, table = real(kind)
    edits = [
        lambda t: t.update(states=t["states"][::-1]),
        lambda t: t.update(states=t["states"] + [t["states"][-1]]),
        lambda t: t["states"].__setitem__(0, "nonsense"),
        lambda t: t["states"].__setitem__(-1, [[99, 99, 99, 99], 0]),
        lambda t: t["states"].__setitem__(-1, None),
        lambda t: t.update(states=[]),
        lambda t: t.update(states={}),
        lambda t: t.update(extra=1),
        lambda t: t.pop("states"),
    ]
    for edit in edits:
        header, table = real(kind)
        edit(table)
        write(tmp_path / "t.brain", header, table)
        assert_refused_or_sane(tmp_path / "t.brain")


def test_another_learners_table(tmp_path):
    header, _ = real("nim-q")
    _, table = real("nim-hats")
    write(tmp_path / "t.brain", header, table)
    with pytest.raises(BrainFileError, match="^the table must hold states and values$"):
        storage.load(tmp_path / "t.brain")


# -- structure: truncation, bit flips, bombs ---------------------------------------------


def good_bytes(kind="nim-q") -> bytes:
    header, table = real(kind)
    return pickle.dumps(header, protocol=4) + pickle.dumps(table, protocol=4)


@pytest.mark.parametrize("kind", sorted(BRAINS))
def test_every_truncation_is_refused(tmp_path, kind):
    data = good_bytes(kind)
    path = tmp_path / "cut.brain"
    for cut in range(0, len(data), max(1, len(data) // 300)):
        path.write_bytes(data[:cut])
        with pytest.raises(BrainFileError, match="^(truncated|empty|not a nimgame)"):
            storage.load(path)
        assert not storage.list_brains(tmp_path)[0].ok


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_random_edits_of_real_brains(tmp_path, data):
    kind = data.draw(st.sampled_from(sorted(BRAINS)))
    raw = bytearray(good_bytes(kind))
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(raw) - 1))
        edit = data.draw(st.sampled_from(["flip", "byte", "insert", "delete"]))
        if edit == "flip":
            raw[at] ^= 1 << data.draw(st.integers(0, 7))
        elif edit == "byte":
            raw[at] = data.draw(st.integers(0, 255))
        elif edit == "insert":
            raw[at:at] = data.draw(st.binary(min_size=1, max_size=8))
        elif len(raw) > 1:
            del raw[at]
    path = tmp_path / "edited.brain"
    path.write_bytes(bytes(raw))
    assert_refused_or_sane(path)


PLAIN = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4)
    | st.tuples(inner, inner),
    max_leaves=12)


@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(kind=st.sampled_from(sorted(BRAINS)), where=st.sampled_from(["header", "table"]),
       value=PLAIN, data=st.data())
def test_random_values_anywhere(tmp_path, kind, where, value, data):
    header, table = real(kind)
    target = header if where == "header" else table
    key = data.draw(st.sampled_from(sorted(target)))
    if isinstance(target[key], (dict, list)) and target[key] and data.draw(st.booleans()):
        inner = target[key]
        index = data.draw(st.sampled_from(sorted(inner) if isinstance(inner, dict)
                                          else range(len(inner))))
        inner[index] = value
    else:
        target[key] = value
    write(tmp_path / "v.brain", header, table)
    assert_refused_or_sane(tmp_path / "v.brain")


def bombs() -> dict[str, bytes]:
    """Small files that would cost a naive loader a crash, a hang or gigabytes."""
    header = pickle.dumps({"format": "nimgame-brain", "version": 1}, protocol=4)
    # (): then 100 times t = (t, t) through the memo: 2**100 paths in 900 bytes.
    shared = b"\x80\x04)\x94" + b"".join(
        b"h" + bytes([i]) + b"h" + bytes([i]) + b"\x86\x94" for i in range(100)) + b"."
    nested = b"\x80\x04K\x01" + b"\x85" * 1_000_000 + b"."
    deep_game = (b"\x80\x04}\x94(\x8c\x06format\x94\x8c\rnimgame-brain\x94\x8c\x07version"
                 b"\x94K\x01\x8c\x04game\x94K\x01" + b"\x85" * 1_000_000 + b"u.")
    big_header, big_table = real("sticks-hats")
    big_header["rules"]["sticks"] = 10**9
    nim_header, nim_table = real("nim-q")
    nim_header["rules"]["piles"] = [10**6] * 8
    return {
        "shared-tuples": shared,
        "deep-game": deep_game,
        "nested-million": nested,
        "header-then-nest": header + nested,
        "claims-4gb-string": b"\x80\x04X\xff\xff\xff\xff" + b"a" * 10,
        "long-int": b"\x80\x04\x8a\xff" + b"\x01" * 255 + b".",
        "billion-sticks": pickle.dumps(big_header, protocol=4) + pickle.dumps(big_table,
                                                                             protocol=4),
        "huge-nim": pickle.dumps(nim_header, protocol=4) + pickle.dumps(nim_table, protocol=4),
        "many-lists": b"\x80\x04]\x94(" + b"]" * 3_000_000 + b"e.",
        "global": b"\x80\x04\x8c\x05posix\x94\x8c\x06system\x94\x93\x94.",
        "bytes": b"\x80\x04C\x03abc.",
    }


def test_bombs_are_refused_quickly_in_little_memory(tmp_path):
    """Each bomb is listed and loaded in a child limited to 1 GB and to 20 s of its own
    work (CPU time, which other processes on the machine do not lengthen)."""
    folder = tmp_path / "brains"
    folder.mkdir()
    made = bombs()
    for name, data in made.items():
        (folder / f"{name}.brain").write_bytes(data)
    script = textwrap.dedent(f"""
        import resource, sys
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
        resource.setrlimit(resource.RLIMIT_CPU, (20, 20))
        from nimgame import storage
        folder = {str(folder)!r}
        infos = storage.list_brains(folder)
        assert len(infos) == {len(made)} and not any(i.ok for i in infos), infos
        for info in infos:
            try:
                storage.load(info.path)
            except storage.BrainFileError as err:
                print(info.path.name, "|", err)
            else:
                sys.exit(f"{{info.path.name}} loaded")
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60, cwd=os.getcwd())
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])   # -SIGXCPU: slow
    reasons = dict(line.split(" | ") for line in done.stdout.splitlines())
    assert reasons["shared-tuples.brain"].endswith("it shares one part between places")
    assert reasons["nested-million.brain"].endswith("nested more than 8 deep")
    assert reasons["deep-game.brain"].endswith("nested more than 8 deep")
    assert reasons["global.brain"] == "not a nimgame brain file: it asks to load posix.system"
    assert reasons["long-int.brain"].endswith("a number too large to use")
    assert "cannot play" in reasons["billion-sticks.brain"] or "rules are broken" in reasons[
        "billion-sticks.brain"]


def test_a_file_over_the_size_limit_is_not_read(tmp_path, monkeypatch):
    path = tmp_path / "big.brain"
    path.write_bytes(good_bytes())
    monkeypatch.setattr(storage.pickles, "MAX_FILE_BYTES", 100)
    with pytest.raises(BrainFileError, match="^too large for a brain file"):
        storage.load(path)


# -- the folder: one bad file never spoils another -----------------------------------------


def test_good_brain_beside_every_kind_of_damage(nimgame_home):
    good = brain(HatLearner, Sticks(20), 200, "keeper")
    storage.save(good)
    folder = nimgame_home / "brains"
    (folder / "truncated.brain").write_bytes(good_bytes()[:100])
    (folder / "noise.brain").write_bytes(os.urandom(500))
    (folder / "empty.brain").write_bytes(b"")
    os.mkfifo(folder / "fifo.brain")
    (folder / "x.brain").mkdir()
    (folder / "dangling.brain").symlink_to(folder / "nowhere")
    (folder / "to-fifo.brain").symlink_to(folder / "fifo.brain")
    header, table = real("sticks-hats")
    header["games_trained"] = "many"
    write(folder / "many.brain", header, table)
    header["games_trained"], header["name"] = None, "x" * 1_000_000
    write(folder / "huge-name.brain", header, table)
    started = time.thread_time()   # this thread's work, whatever else the machine runs
    infos = storage.list_brains()
    assert time.thread_time() - started < 5
    by_name = {i.path.name: i for i in infos}
    assert set(by_name) == {"keeper.brain", "truncated.brain", "noise.brain", "empty.brain",
                            "fifo.brain", "x.brain", "dangling.brain", "to-fifo.brain",
                            "many.brain", "huge-name.brain"}
    assert [i.path.name for i in infos if i.ok] == ["keeper.brain"]
    assert "regular file" in by_name["fifo.brain"].error
    assert "regular file" in by_name["to-fifo.brain"].error
    assert "folder" in by_name["x.brain"].error
    assert "link" in by_name["dangling.brain"].error
    assert by_name["truncated.brain"].error == "truncated: the file ends early"
    assert by_name["many.brain"].error.startswith("games_trained must be")
    for info in infos:
        assert info.ok or (info.error and "\n" not in info.error and len(info.error) < 300)
    path = storage.find_brain("keeper")
    assert storage.load(path).name == "keeper"
    assert storage.load(path, game=Sticks(20)).games_trained == 200


# -- saving: faults and names ------------------------------------------------------------


def test_a_save_never_replaces_a_pipe_or_a_device(tmp_path, nimgame_home):
    """`train --out FIFO --force` (or `--out /dev/null --force`, run as root) must not put
    a brain file in place of a pipe or a device: one line says why, the pipe stays."""
    learner = brain(QLearner, Nim((1, 3)), 100, "q")
    pipe = tmp_path / "pipe.brain"
    os.mkfifo(pipe)
    (tmp_path / "to-pipe").symlink_to(pipe)
    for path in (pipe, tmp_path / "to-pipe"):
        for force in (False, True):
            with pytest.raises(storage.SaveError,
                               match="^cannot save .*: not a regular file") as caught:
                storage.save(learner, path, force=force)
            assert "\n" not in str(caught.value)
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)
    assert {p.name for p in tmp_path.iterdir()} - {nimgame_home.name} == {"pipe.brain",
                                                                            "to-pipe"}


def test_saving_into_places_that_cannot_hold_it(tmp_path, monkeypatch):
    learner = brain(HatLearner, Sticks(20), 100, "s")
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    cases = [
        (tmp_path, "it is a folder"),
        (blocker / "under.brain", "a-file is not a folder$"),
        (tmp_path / ("n" * 300 + ".brain"), "File name too long"),
    ]
    for path, reason in cases:
        with pytest.raises(storage.SaveError, match=reason) as caught:
            storage.save(learner, path)
        assert "\n" not in str(caught.value)
    monkeypatch.setenv("NIMGAME_HOME", str(blocker))
    with pytest.raises(storage.SaveError, match="^cannot save .*a-file is not a folder$"):
        storage.save(learner)
    assert storage.list_brains() == []
    assert blocker.read_text() == "x"


def test_a_full_disk_keeps_the_old_file_and_leaves_no_temporary(nimgame_home, monkeypatch):
    learner = brain(QLearner, Nim(), 100, "q")
    path = storage.save(learner)
    before = path.read_bytes()

    def full(out, data):
        out.write(data[:10])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files, "_write_all", full)
    with pytest.raises(storage.SaveError, match="No space left on device$"):
        storage.save(learner)
    assert path.read_bytes() == before
    assert sorted(os.listdir(path.parent)) == [path.name]


def test_temporary_files_of_dead_saves_are_swept(nimgame_home):
    folder = nimgame_home / "brains"
    learner = brain(QLearner, Nim(), 100, "q")
    storage.save(learner)
    old = folder / ".q.brain.abc123.tmp"
    new = folder / ".q.brain.def456.tmp"
    old.write_bytes(b"half")
    new.write_bytes(b"half")
    os.utime(old, (time.time() - 120, time.time() - 120))
    storage.list_brains()
    assert not old.exists() and new.exists()  # a save may still be writing the new one
    os.utime(new, (time.time() - 120, time.time() - 120))
    storage.save(learner)
    assert sorted(os.listdir(folder)) == ["q.brain"]


def test_killed_saves_lose_nothing(nimgame_home, tmp_path):
    """A child saves over and over; it is killed at random moments. The brain always loads
    (old or new) and the next listing leaves no temporary file behind."""
    script = textwrap.dedent("""
        import sys
        from nimgame import storage
        from nimgame.games import Nim
        from nimgame.players import QLearner
        from nimgame.learning.training import train
        learner = QLearner(Nim((3, 4, 5, 6)))
        learner.name = "victim"
        storage.save(learner)
        print("ready", flush=True)
        while True:
            train(learner, 50, curve_points=0)
            storage.save(learner)
    """)
    import random
    rng = random.Random(5)
    for _ in range(8):
        child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                                 env={**os.environ})
        assert child.stdout.readline().strip() == b"ready"
        time.sleep(rng.uniform(0.0, 0.3))
        child.kill()
        child.wait()
        assert storage.load(storage.find_brain("victim")).name == "victim"
    folder = nimgame_home / "brains"
    for leftover in folder.glob(".*.tmp"):
        os.utime(leftover, (time.time() - 120, time.time() - 120))
    storage.list_brains()
    assert sorted(os.listdir(folder)) == ["victim.brain"]


@pytest.mark.parametrize("first,second", [
    ("a/b", "a-b"), ("../evil", "evil"), ("café", "caf"), ("名前", "日本"), ("A b", "A-b"),
])
def test_different_names_never_share_a_file(nimgame_home, first, second):
    one = brain(HatLearner, Sticks(20), 50, first)
    two = brain(HatLearner, Sticks(20), 80, second)
    path_one, path_two = storage.save(one), storage.save(two)
    assert path_one != path_two
    assert path_one.parent == path_two.parent == nimgame_home / "brains"
    assert storage.load(storage.find_brain(first)).games_trained == 50
    assert storage.load(storage.find_brain(second)).games_trained == 80
    # Saved again, each goes back to its own file.
    assert storage.save(one) == path_one and storage.save(two) == path_two


def test_a_name_of_another_brain_needs_force(nimgame_home):
    sticks = brain(HatLearner, Sticks(20), 50, "dup")
    nim = brain(QLearner, Nim(), 70, "dup")
    path = storage.save(sticks)
    assert storage.would_replace(nim) == "'dup' (Game of Sticks, Hats)"
    with pytest.raises(storage.NameTaken, match="holds 'dup' \\(Game of Sticks, Hats\\)") as err:
        storage.save(nim)
    assert err.value.other == "dup" and err.value.path == path
    assert isinstance(storage.load(path), HatLearner)
    assert storage.would_replace(sticks) is None  # the same brain, saved again
    assert storage.save(nim, force=True) == path
    assert isinstance(storage.load(path), QLearner)


def test_saving_over_a_damaged_file_needs_force(tmp_path):
    path = tmp_path / "x.brain"
    path.write_bytes(b"precious notes")
    learner = brain(QLearner, Nim(), 50, "x")
    with pytest.raises(storage.NameTaken, match="damaged file x.brain"):
        storage.save(learner, path)
    assert path.read_bytes() == b"precious notes"
    storage.save(learner, path, force=True)
    assert storage.load(path).name == "x"


@pytest.mark.parametrize("name,reason", [
    ("", "at least one character"), ("   ", "at least one character"),
    ("x" * 61, "at most 60 characters"), ("a\nb", "invisible"), ("\x1b[31mred", "invisible"),
    ("evil\u202e", "invisible"), ("zero\u200bwidth", "invisible"), ("bell\x07", "invisible"),
    (5, "is text"), (None, "is text"),
])
def test_names_that_are_refused(name, reason):
    with pytest.raises(ValueError, match=reason):
        storage.check_name(name)


def test_names_that_are_kept():
    for name in ("Nim master", "名前", "café ①²", "x" * 60, "  padded  "):
        assert storage.check_name(name) == name.strip()


def test_rename_keeps_the_file_and_refuses_a_taken_name(nimgame_home):
    a = storage.save(brain(HatLearner, Sticks(20), 50, "alpha"))
    b = storage.save(brain(HatLearner, Sticks(20), 60, "beta"))
    assert storage.rename(a, "gamma") == a
    assert storage.load(a).name == "gamma"
    with pytest.raises(storage.NameTaken, match="another brain is called 'beta'"):
        storage.rename(a, "beta")
    with pytest.raises(ValueError, match="invisible"):
        storage.rename(a, "bad\x00name")
    assert storage.load(b).name == "beta" and storage.load(a).name == "gamma"


def test_the_scan_accepts_what_pickle_writes():
    for kind in BRAINS:
        data = good_bytes(kind)
        end = storage.pickles.scan(data)
        assert storage.pickles.scan(data, end) == len(data)
    value = {"a": [1, 2.5, None, True, "x" * 300, 2**100], "b": ((1, 2), ())}
    data = pickle.dumps(value, protocol=4)
    assert storage.pickles.unpickle(data) == (value, len(data))
    assert io.BytesIO(data).read(2) == b"\x80\x04"


@pytest.mark.parametrize("kind", sorted(BRAINS))
def test_a_listed_brain_is_one_that_loads(tmp_path, kind):
    """Listing makes every check a load makes: a table of positions the game cannot reach
    passes the shape checks but is listed as damaged, with the load's reason."""
    header, table = real(kind)
    table["states"][-1] = table["states"][0] if kind.startswith("ttt") else (
        ((99, 99, 99, 99), 0) if kind.startswith("nim") else (999, 0))
    path = tmp_path / "alien.brain"
    write(path, header, table)
    with pytest.raises(BrainFileError) as caught:
        storage.load(path)
    (info,) = storage.list_brains(tmp_path)
    assert not info.ok and info.error == str(caught.value)


# -- two processes saving at the same moment ------------------------------------------------


def _save_after_both_chose(name, games, barrier, results, new=False):
    """In a child process: save a brain called `name`, after every child has chosen its
    file and before any has written (the barrier), so the saves race as closely as two
    processes can; put what happened in `results`."""
    from nimgame.storage import saving

    chosen = saving._target

    def target_then_wait(*args, **kwargs):
        saving._target = chosen   # only the first choice waits
        found = chosen(*args, **kwargs)
        barrier.wait()
        return found

    saving._target = target_then_wait
    learner = brain(HatLearner, Sticks(20), games, name)
    try:
        path = storage.save_new(learner, name) if new else storage.save(learner)
    except storage.SaveError as err:
        results.put((name, "refused", str(err)))
    else:
        results.put((name, "saved", path.name))


def race(*names, new=False):
    """Each of `names` saved by its own process at the same moment; what each said."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    barrier, results = context.Barrier(len(names)), context.Queue()
    workers = [context.Process(target=_save_after_both_chose,
                               args=(name, 50 + 10 * i, barrier, results, new))
               for i, name in enumerate(names)]
    for worker in workers:
        worker.start()
    said = [results.get(timeout=120) for _ in workers]
    for worker in workers:
        worker.join()
    assert [w.exitcode for w in workers] == [0] * len(workers)
    return said


def test_two_names_of_one_file_saved_at_once_are_both_kept(nimgame_home):
    """`a/b` and `a-b` both want a-b.brain; saved by two processes at the same moment, one
    gets it and the other its hashed file name: both kept, each under its own name."""
    said = race("a/b", "a-b")
    assert sorted(status for _, status, _ in said) == ["saved", "saved"]
    files = {name: file for name, _, file in said}
    assert files["a/b"] != files["a-b"] and "a-b.brain" in files.values()
    assert storage.load(storage.find_brain("a/b")).games_trained == 50
    assert storage.load(storage.find_brain("a-b")).games_trained == 60
    assert sorted(os.listdir(nimgame_home / "brains")) == sorted(files.values())


def test_two_unsaved_runs_kept_in_the_same_second_are_both_kept(nimgame_home):
    """Two windows closing mid-training in the same second keep "Unsaved <time>" each: the
    same name, game and learner, so an ordinary save would take the second for the first
    saved again. `save_new` never replaces: one is "Unsaved …", the other "Unsaved … (2)"."""
    said = race("Unsaved 2026-01-01 10.00.00", "Unsaved 2026-01-01 10.00.00", new=True)
    assert [status for _, status, _ in said] == ["saved", "saved"]
    assert len({file for _, _, file in said}) == 2
    kept = sorted((info.name, info.header.games_trained) for info in storage.list_brains())
    assert [name for name, _ in kept] == ["Unsaved 2026-01-01 10.00.00",
                                          "Unsaved 2026-01-01 10.00.00 (2)"]
    assert sorted(games for _, games in kept) == [50, 60]


def test_save_new_never_replaces_even_the_same_brain(nimgame_home):
    learner = brain(HatLearner, Sticks(20), 50, "x")
    first = storage.save_new(learner, "Unsaved t")
    second = storage.save_new(learner, "Unsaved t")
    assert first != second and learner.name == "Unsaved t (2)"
    assert sorted(i.name for i in storage.list_brains()) == ["Unsaved t", "Unsaved t (2)"]
    with pytest.raises(storage.NameTaken):
        storage.save_new(learner, "Unsaved t", limit=2)
