"""`nimgame lab`: the runs as key=value, the table printed, and the same CSV files the lab
core writes (the window exports them too); every mistake one line, exit 2."""

import pytest

from nimgame.console.cli import main
from nimgame.learning.exports import write_lab
from nimgame.learning.lab import NEVER, LabSpec, RunSpec, run_lab

ARGS = ["lab", "sticks", "--sticks", "13", "--seeds", "3", "--seed", "4", "--every", "50",
        "--run", "learner=q alpha=0.5 epsilon=0.1 games=300",
        "--run", "learner=hats opponent=random explore=0 games=300 label='hats, random'"]
SPEC = LabSpec("sticks", {"sticks": 13, "max_take": 3}, (
    RunSpec("q", 0.5, 0.1, games=300),
    RunSpec("hats", opponent="random", explore=0.0, games=300, label="hats, random")),
    seeds=3, first_seed=4, every=50)


def cli(capsys, *argv):
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


def test_the_command_writes_what_the_lab_core_writes(capsys, tmp_path):
    status, out, err = cli(capsys, *ARGS, "--csv", str(tmp_path / "c.csv"),
                           "--table", str(tmp_path / "t.csv"))
    assert status == 0 and err == ""
    result = run_lab(SPEC)
    write_lab(result, tmp_path / "core-c.csv", tmp_path / "core-t.csv")
    for name in ("c", "t"):
        assert (tmp_path / f"{name}.csv").read_bytes() == \
            (tmp_path / f"core-{name}.csv").read_bytes()
    lines = out.splitlines()
    assert lines[-2:] == [f"Wrote {tmp_path / 'c.csv'}", f"Wrote {tmp_path / 't.csv'}"]
    table = result.table()
    assert table[1].first_median == NEVER   # hats against Random on 300 games: never here
    hats = next(line for line in lines if line.startswith("hats, random"))
    assert hats.split()[-4:] == ["never", "never", "never", "never"]
    q = next(line for line in lines if line.startswith("q α0.5 ε0.1"))
    assert f"{table[0].right_seeds} of 3" in q


def test_without_files_it_prints_the_table_only(capsys, tmp_path):
    status, out, err = cli(capsys, *ARGS)
    assert status == 0 and err == "" and "Wrote" not in out
    assert "first right" in out and "right for good" in out


@pytest.mark.parametrize("extra, message", [
    (["--run", "learner=q games"], "--run 3: 'games' is not key=value"),
    (["--run", "speed=3"], "--run 3: unknown key 'speed'; the keys are learner, alpha"),
    (["--run", "games=100 games=200"], "--run 3: games is given twice"),
    (["--run", "alpha=2"], "--run 3: alpha must be a decimal number with 0 < x <= 1"),
    (["--run", "games=1e3"], "--run 3: games must be a whole number"),
    (["--run", "label='open"], "--run 3: No closing quotation"),
    (["--run", "games=275"], "run 3: games (275) must be a multiple of the check interval"),
    (["--run", "learner=dqn"], "run 3: unknown learner 'dqn'"),
    (["--seeds", "0"], "--seeds must be a whole number"),
    (["--every", "x"], "--every must be a whole number"),
])
def test_a_mistake_is_one_line(capsys, extra, message):
    status, out, err = cli(capsys, *ARGS, *extra)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err, err


def test_no_run_is_a_mistake(capsys):
    status, out, err = cli(capsys, "lab", "nim")
    assert status == 2 and "give at least one --run" in err and err.count("\n") == 1


def test_a_file_that_cannot_be_written_is_one_line_after_the_table(capsys, tmp_path):
    status, out, err = cli(capsys, *ARGS, "--csv", str(tmp_path))
    assert status == 2 and "first right" in out
    assert err == f"nimgame: error: cannot write {tmp_path}: {tmp_path.name} is not a " \
                  "regular file (a pipe, a folder or a device)\n"


@pytest.mark.parametrize("log", [False, True])
def test_the_chart_as_a_png_is_what_the_window_exports_on_either_scale(capsys, tmp_path, log):
    """`--png PATH` writes the window's Export picture, `--log-x` with its games on a log
    scale; the CSV files are the same bytes either way."""
    more = ["--log-x"] if log else []
    status, out, err = cli(capsys, *ARGS, "--csv", str(tmp_path / "c.csv"),
                           "--png", str(tmp_path / "chart.png"), *more)
    assert status == 0 and err == "" and "pygame" not in out   # no banner
    import pygame

    from nimgame.ui.lab.drawing import chart_image

    assert out.splitlines()[-1] == f"Wrote {tmp_path / 'chart.png'}"
    pygame.font.init()
    expected = chart_image(run_lab(SPEC), log=log)
    written = pygame.image.load(str(tmp_path / "chart.png"))
    assert written.get_size() == expected.get_size()
    assert pygame.image.tobytes(written, "RGB") == pygame.image.tobytes(expected, "RGB")
    other = chart_image(run_lab(SPEC), log=not log)   # the other scale: another picture
    assert pygame.image.tobytes(other, "RGB") != pygame.image.tobytes(expected, "RGB")
    write_lab(run_lab(SPEC), tmp_path / "core.csv", None)
    assert (tmp_path / "c.csv").read_bytes() == (tmp_path / "core.csv").read_bytes()


def test_log_x_without_a_png_is_one_line(capsys):
    status, out, err = cli(capsys, *ARGS, "--log-x")
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "--log-x draws the PNG's games on a log scale: give --png PATH too" in err
