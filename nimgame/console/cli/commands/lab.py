"""`nimgame lab GAME --run "learner=q alpha=0.5 games=2000" --run … --seeds 10`: compare
training runs over several seeds, judged exactly every `--every` games; the table of games
until every position is right, and the curves and the table as CSV (`--csv`, `--table`),
the same files the window's lab exports, and its chart as PNG (`--png`, on a log scale of
games with `--log-x`)."""

from __future__ import annotations

import argparse
import shlex
import signal
import sys
import time
from pathlib import Path
from typing import Any

from ....learning.exports import ExportError, write_lab
from ....learning.lab import (
    DEFAULT_EVERY,
    DEFAULT_SEEDS,
    MAX_RUN_GAMES,
    MAX_RUNS,
    MAX_SEED,
    MAX_SEEDS,
    LabProgress,
    LabResult,
    LabSpec,
    RunSpec,
    games_text,
    run_lab,
)
from ....safetext import escape
from ....typed import decimal, whole_number
from ..command import Command
from ..errors import CliError
from ..options import GAME_NAMES, add_game_options, cli_game, whole
from .train import CtrlC, Output, duration

#: What a --run says, key=value: the key and how its value is read.
RUN_KEYS = ("learner", "alpha", "epsilon", "explore", "opponent", "games", "label")


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", choices=GAME_NAMES)
    add_game_options(p)
    p.add_argument("--run", action="append", default=[], metavar='"KEY=VALUE …"',
                   help=f"a run to compare (1 to {MAX_RUNS}): any of "
                        f"{', '.join(RUN_KEYS)} as key=value, e.g. \"learner=q alpha=0.5 "
                        "epsilon=0.1 explore=0.25 opponent=self games=2000\"; the others "
                        "take their defaults")
    p.add_argument("--seeds", type=whole(1, MAX_SEEDS, "--seeds"), default=DEFAULT_SEEDS,
                   help=f"seeds each run is trained with, 1 to {MAX_SEEDS} "
                        f"(default {DEFAULT_SEEDS})")
    p.add_argument("--seed", type=whole(0, MAX_SEED - MAX_SEEDS, "--seed"), default=0,
                   help="the first seed (default 0): the seeds are SEED, SEED+1, …")
    p.add_argument("--every", type=whole(1, MAX_RUN_GAMES, "--every"), default=DEFAULT_EVERY,
                   help="games between two checks of every position (default "
                        f"{DEFAULT_EVERY}); each run's games must be a multiple of it")
    p.add_argument("--csv", default=None, metavar="PATH",
                   help="write the curves here: a row per check of each seed and of each "
                        "run's median, worst and best")
    p.add_argument("--table", default=None, metavar="PATH",
                   help="write the table here: games until every position is right")
    p.add_argument("--png", default=None, metavar="PATH",
                   help="draw the chart and the table here, as the lab screen's Export "
                        "does (needs pygame-ce; no window is opened)")
    p.add_argument("--log-x", action="store_true",
                   help="the PNG's games on a log scale (the CSV files are the same)")


def run_spec(text: str, number: int) -> RunSpec:
    """A --run's text as a run; CliError naming the run and what is wrong."""
    def wrong(why: str) -> CliError:
        return CliError(f"--run {number}: {why}")

    try:
        words = shlex.split(text)
    except ValueError as err:
        raise wrong(f"{err} in {escape(text, 60)}") from None
    given: dict[str, Any] = {}
    for word in words:
        key, sep, value = word.partition("=")
        if not sep:
            raise wrong(f"'{escape(word, 40)}' is not key=value (keys: {', '.join(RUN_KEYS)})")
        if key not in RUN_KEYS:
            raise wrong(f"unknown key '{escape(key, 40)}'; the keys are {', '.join(RUN_KEYS)}")
        if key in given:
            raise wrong(f"{key} is given twice")
        try:
            if key == "games":
                given[key] = whole_number(value, 1, MAX_RUN_GAMES, "games")
            elif key in ("alpha", "epsilon", "explore"):
                given[key] = decimal(value, key == "alpha", key)
            else:
                given[key] = value
        except ValueError as err:
            raise wrong(str(err)) from None
    return RunSpec(**given)


def cmd_lab(args: argparse.Namespace) -> int:
    game = cli_game(args)
    if not args.run:
        raise CliError('give at least one --run, e.g. --run "learner=q games=2000"')
    if args.log_x and args.png is None:
        raise CliError("--log-x draws the PNG's games on a log scale: give --png PATH too")
    runs = tuple(run_spec(text, number) for number, text in enumerate(args.run, start=1))
    spec = LabSpec(game.name, game.rules(), runs, args.seeds, args.seed, args.every)
    try:
        spec.check()
    except ValueError as err:
        raise CliError(escape(str(err), 300)) from None
    out = Output(sys.stdout)
    last_line = [0.0]

    def progress(now: LabProgress) -> None:
        text = (f"{now.done:,}/{now.total:,} games  run {now.run + 1} of {len(runs)}, seed "
                f"{now.seed}")
        if out.tty:
            filled = int(30 * now.done / now.total)
            out.write(f"\r[{'#' * filled}{'-' * (30 - filled)}] {text}   ", end="")
        elif time.monotonic() - last_line[0] >= 1 or now.done == now.total:
            last_line[0] = time.monotonic()
            out.write(text)

    ctrl_c = CtrlC()
    previous = signal.signal(signal.SIGINT, ctrl_c.pressed)
    began = time.monotonic()
    try:
        result = run_lab(spec, progress, lambda: ctrl_c.count > 0)
    finally:
        signal.signal(signal.SIGINT, previous)
    if out.tty:
        out.write("")
    if result.stopped:
        out.write(f"Stopped: {len(result.curves)} of {len(runs) * spec.seeds} seed runs "
                  "judged; what was judged is kept.")
    out.write(f"{escape(game.describe_rules(), 200)}: {len(runs)} run"
              f"{'s' * (len(runs) != 1)} × {spec.seeds} seeds, every position judged every "
              f"{spec.every:,} games, in {duration(time.monotonic() - began)}")
    for line in table_lines(result):
        out.write(line)
    try:
        written = write_lab(result, args.csv, args.table)
        if args.png is not None:
            written.append(chart_png(result, args.png, args.log_x))
    except ExportError as err:
        raise CliError(str(err)) from None
    for path in written:
        out.write(f"Wrote {escape(str(path), 200)}")
    out.done()
    return 0


def chart_png(result: LabResult, path: str, log: bool) -> Path:
    """The chart as the lab screen's Export draws it, written to `path`."""
    try:
        from .... import ui
        return ui.save_lab_chart(result, path, log)
    except ImportError as err:
        raise CliError(f"--png needs pygame-ce ({escape(str(err), 120)}); 'make run' "
                       "installs it") from None


def table_lines(result: LabResult) -> list[str]:
    """The table as text: games until every position is right, first and for good."""
    rows = result.table()
    width = max([len("run")] + [len(row.label) for row in rows])
    lines = [f"{'run'.ljust(width)}  {'right':>9}  {'first right':>19}  "
             f"{'right for good':>19}",
             f"{''.ljust(width)}  {'seeds':>9}  {'median':>9} {'worst':>9}  "
             f"{'median':>9} {'worst':>9}"]
    for row in rows:
        lines.append(f"{escape(row.label, 60).ljust(width)}  "
                     f"{f'{row.right_seeds} of {row.seeds}':>9}  "
                     f"{games_text(row.first_median) or '—':>9} "
                     f"{games_text(row.first_worst) or '—':>9}  "
                     f"{games_text(row.stays_median) or '—':>9} "
                     f"{games_text(row.stays_worst) or '—':>9}")
    return lines


COMMAND = Command("lab", "compare training runs over several seeds", cmd_lab, arguments)
