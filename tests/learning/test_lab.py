"""The lab: each seed's curve is the share of positions played right as an independent
brute force counts it, at every check; the median, worst and best, the games until right
and the CSV files follow from those curves; the worker's lab is the same lab."""

import csv
import os
import statistics
import time

import pytest
from bruteforce import sticks_mover_wins

from nimgame.learning.exports import (
    CURVE_COLUMNS,
    TABLE_COLUMNS,
    ExportError,
    write_csv,
    write_lab,
)
from nimgame.learning.lab import (
    NEVER,
    LabJob,
    LabSpec,
    RunSpec,
    SeedCurve,
    games_text,
    run_lab,
)
from nimgame.learning.training import train, training_opponent
from nimgame.players import make_learner

STICKS = {"sticks": 13, "max_take": 3}
RUNS = (RunSpec("q", alpha=0.5, epsilon=0.1, games=300),
        RunSpec("hats", opponent="random", explore=0.0, games=300, label="hats vs random"))
SPEC = LabSpec("sticks", STICKS, RUNS, seeds=3, first_seed=5, every=50)


@pytest.fixture(autouse=True)
def patient_worker(monkeypatch):
    """A busy machine is not a silent worker: on a shared machine a spawned child can take
    more than the window's SILENCE_SECONDS to start (the ending of a silent worker is
    tested in test_worker_faults, on a clock of its own)."""
    from nimgame.learning import worker

    monkeypatch.setattr(worker, "SILENCE_SECONDS", 600.0)


def brute_share(learner, sticks, cap):
    """The share of heaps 1..sticks where the choice matters in which the learner takes a
    winning number (the mover wins iff the heap left is lost for the other)."""
    right = deciding = 0
    for heap in range(1, sticks + 1):
        moves = range(1, min(cap, heap) + 1)
        winning = {t for t in moves if not sticks_mover_wins(heap - t, cap)}
        if not winning or len(winning) == len(moves):
            continue
        deciding += 1
        state = learner.game.initial_state()._replace(sticks=heap)
        right += learner.choose_move(state) in winning
    return right / deciding


@pytest.fixture(scope="module")
def result():
    return run_lab(SPEC)


def test_every_check_of_every_seed_is_the_brute_force_share(result):
    assert not result.stopped
    assert [(c.run, c.seed) for c in result.curves] == [
        (run, seed) for seed in (5, 6, 7) for run in (0, 1)]
    for curve in result.curves:
        run = RUNS[curve.run]
        assert curve.finished
        assert [g for g, _ in curve.points] == list(range(0, run.games + 1, 50))
        for games, share in curve.points:
            # The same seed trained for just `games` games is the learner at that check.
            game = SPEC.make_game()
            learner = make_learner(run.learner, game, **run.settings())
            train(learner, games, seed=curve.seed, curve_points=0, explore=run.explore,
                  opponent=training_opponent(run.opponent, game, curve.seed))
            assert share == brute_share(learner, 13, 3), (curve.run, curve.seed, games)


def test_the_median_worst_and_best_are_those_of_the_seeds_at_each_check(result):
    for run in range(len(RUNS)):
        seeds = result.seeds_of(run)
        for check in result.stats(run):
            shares = [dict(c.points)[check.games] for c in seeds]
            assert check.seeds == 3
            assert (check.median, check.worst, check.best) == (
                statistics.median(shares), min(shares), max(shares))


def test_games_until_right_first_and_for_good():
    def curve(shares, finished=True):
        return SeedCurve(0, 1, tuple((100 * i, s) for i, s in enumerate(shares)), finished)

    assert curve([0.5, 1.0, 0.9, 1.0]).first_right() == 100
    assert curve([0.5, 1.0, 0.9, 1.0]).right_from() == 300
    assert curve([0.5, 1.0, 1.0, 1.0]).right_from() == 100
    assert curve([0.5, 0.9, 1.0, 0.9]).right_from() == NEVER
    assert curve([0.5, 0.9]).first_right() == NEVER
    assert curve([0.5, 0.9], finished=False).first_right() is None   # not known
    assert curve([0.5, 1.0], finished=False).first_right() == 100
    assert curve([0.5, 1.0], finished=False).right_from() is None


def test_the_table_is_the_median_and_worst_of_the_seeds_never_where_so():
    spec = LabSpec("sticks", STICKS, (RunSpec(games=300),), seeds=4, every=100)

    def seed(n, first):
        points = tuple((g, 1.0 if first is not None and g >= first else 0.5)
                       for g in range(0, 301, 100))
        return SeedCurve(0, n, points, True)

    from nimgame.learning.lab import LabResult
    two_never = LabResult(spec, [seed(0, 100), seed(1, 200), seed(2, None), seed(3, None)])
    row, = two_never.table()
    assert (row.seeds, row.right_seeds, row.first_median, row.first_worst) == (4, 2, NEVER,
                                                                               NEVER)
    one_never = LabResult(spec, [seed(0, 100), seed(1, 200), seed(2, 300), seed(3, None)])
    row, = one_never.table()
    assert (row.first_median, row.first_worst) == (250, NEVER)
    assert [games_text(v) for v in (250, 150.5, NEVER, None)] == ["250", "150.5", "never", ""]


def test_a_stop_keeps_what_was_judged_and_marks_the_cut_seed():
    calls = []

    def stop():
        calls.append(1)
        return len(calls) > 4

    result = run_lab(LabSpec("sticks", STICKS, (RunSpec(games=20_000),), seeds=3, every=100),
                     should_stop=stop)
    assert result.stopped and len(result.curves) == 1
    cut = result.curves[0]
    assert not cut.finished and cut.points and cut.points[-1][0] < 20_000
    row, = result.table()
    assert row.stays_seeds == 0 and row.stays_median is None


@pytest.mark.parametrize("spec, message", [
    (LabSpec("sticks", STICKS, ()), "a lab needs at least one run"),
    (LabSpec("sticks", STICKS, (RunSpec(),) * 9), "at most 8 runs"),
    (LabSpec("sticks", STICKS, (RunSpec(), RunSpec(learner="dqn"))), "run 2: unknown learner"),
    (LabSpec("sticks", STICKS, (RunSpec(games=250),), every=100),
     "run 1: games (250) must be a multiple of the check interval (100)"),
    (LabSpec("sticks", STICKS, (RunSpec(games=200_000),), every=100), "at most 1,000"),
    (LabSpec("sticks", STICKS, (RunSpec(alpha=0.0),)), "run 1: alpha"),
    (LabSpec("sticks", STICKS, (RunSpec(opponent="mum"),)), "run 1: unknown opponent"),
    (LabSpec("sticks", STICKS, (RunSpec(),), seeds=0), "seeds must be a whole number"),
    (LabSpec("sticks", {"sticks": 0}, (RunSpec(),)), "sticks"),
    (LabSpec("sticks", STICKS, (RunSpec(label="x" * 61),)), "run 1: a label is up to 60"),
    (LabSpec("sticks", STICKS, (RunSpec(label="a\nb"),)), "run 1: a label is up to 60"),
])
def test_a_lab_that_cannot_run_says_why_in_one_line(spec, message):
    with pytest.raises(ValueError, match=None) as caught:
        run_lab(spec)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def read(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_the_csv_files_hold_each_seed_the_chart_lines_and_the_table(result, tmp_path):
    curves, table = write_lab(result, tmp_path / "curves.csv", tmp_path / "table.csv")
    rows = read(curves)
    assert tuple(rows[0]) == CURVE_COLUMNS
    for run in range(len(RUNS)):
        mine = [r for r in rows if r["run"] == str(run + 1)]
        assert {r["label"] for r in mine} == {RUNS[run].title()}
        for curve in result.seeds_of(run):
            assert [(int(r["games"]), float(r["share_right"])) for r in mine
                    if r["series"] == "seed" and r["seed"] == str(curve.seed)] == \
                list(curve.points)
        for series in ("median", "worst", "best"):
            assert [(int(r["games"]), int(r["seeds"]), float(r["share_right"])) for r in mine
                    if r["series"] == series] == \
                [(c.games, c.seeds, getattr(c, series)) for c in result.stats(run)]
    lines = read(table)
    assert tuple(lines[0]) == TABLE_COLUMNS and len(lines) == len(RUNS)
    for line, row in zip(lines, result.table(), strict=True):
        assert line["check_every"] == "50" and line["label"] == row.label
        assert line["first_right_median"] == games_text(row.first_median)
        assert line["first_right_worst"] == games_text(row.first_worst)


def test_a_path_that_cannot_be_written_says_why_in_one_line(tmp_path):
    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    folder = tmp_path / "a folder"
    folder.mkdir()
    for path in (folder, fifo, tmp_path / "missing" / "x.csv", "", "bad\0name.csv",
                 tmp_path / ("x" * 300 + ".csv")):
        with pytest.raises(ExportError) as caught:
            write_csv(path, ("a",), [(1,)])
        assert "\n" not in str(caught.value) and str(caught.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a folder", "pipe.csv"]
    assert not list(folder.iterdir())


def test_a_file_there_is_replaced_whole(tmp_path):
    target = tmp_path / "t.csv"
    target.write_text("old")
    write_csv(target, ("a", "b"), [(1, "x,y")])
    assert target.read_text() == 'a,b\n1,"x,y"\n'


def wait(job, condition, seconds=120):
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "timed out"
        job.poll()
        time.sleep(0.01)


def test_the_worker_runs_the_same_lab(result):
    with LabJob(SPEC) as job:
        wait(job, lambda: not job.running)
        assert job.error is None and job.progress.done == job.progress.total == \
            SPEC.total_games
        assert job.result() == result


def test_the_workers_lab_stops_when_asked_keeping_the_seeds_it_judged():
    spec = LabSpec("sticks", STICKS, (RunSpec(games=100_000),), seeds=5, every=1000)
    with LabJob(spec) as job:
        wait(job, lambda: job.progress.done > 0)
        job.cancel()
        wait(job, lambda: not job.running)
        assert job.error is None
        found = job.result()
        assert found.stopped and len(found.curves) == 1 and not found.curves[0].finished
    assert not job.process.is_alive()


def test_the_workers_lab_says_what_is_wrong():
    with LabJob(LabSpec("sticks", STICKS, ())) as job:
        wait(job, lambda: not job.running)
        assert job.error == "ValueError: a lab needs at least one run"
        assert job.result().curves == [] and job.result().stopped


def test_a_board_too_big_to_judge_is_refused(monkeypatch):
    from nimgame.learning import lab

    monkeypatch.setattr(lab, "verdicts", lambda game: None)
    with pytest.raises(ValueError, match="too many positions to judge every one"):
        run_lab(SPEC)
