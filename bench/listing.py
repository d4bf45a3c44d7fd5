"""`python -m bench.listing`: listing a brains folder of 3,000 brains (every kind of learner
and game, each under its own name) against the naive listing, which reads and checks every
file whole as a load does (what `list` did before the index of verdicts), in the same run.

Target: listing a folder whose verdicts are known (the brains were saved here, or listed
once) at least 10x faster than the naive full read. Also printed: the first listing of
files copied in (every one checked in full, once), and `nimgame list` as a person runs it.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from nimgame import storage
from nimgame.games import Nim, Sticks, TicTacToe
from nimgame.learning.training import train
from nimgame.players import HatLearner, Learner, QLearner
from nimgame.storage import library, reading

ROOT = Path(__file__).resolve().parents[1]
BRAINS = 3_000
NEED = 10.0
KINDS: tuple[tuple[type[Learner], Callable[[], object], int], ...] = (
    (QLearner, Nim, 300), (HatLearner, lambda: Sticks(20), 300),
    (QLearner, lambda: Sticks(15, max_take=4), 300), (QLearner, TicTacToe, 200),
    (HatLearner, TicTacToe, 200), (HatLearner, lambda: Nim((1, 3, 5), max_take=2), 300),
)


def fill(folder: Path, count: int) -> None:
    """`count` brain files of every kind, each under its own name, written as files copied
    in would be (not saved here: nothing is known about them)."""
    made = []
    for cls, game, games in KINDS:
        learner = cls(game())  # type: ignore[arg-type]
        train(learner, games, seed=3, curve_points=0)
        made.append((storage.header_for(learner), learner.export_table()))
    folder.mkdir(parents=True, exist_ok=True)
    for number in range(count):
        header, table = made[number % len(made)]
        header = {**header, "name": f"brain {number}"}
        (folder / f"brain-{number}.brain").write_bytes(
            pickle.dumps(header, protocol=4) + pickle.dumps(table, protocol=4))


def naive(folder: Path) -> int:
    """Every file read whole and checked as a load checks it: the listing before."""
    good = 0
    for path in sorted(folder.glob("*.brain")):
        try:
            header, table = reading.read_brain(path)
            reading.build_learner(path, header, table)
            good += 1
        except storage.BrainFileError:
            pass
    return good


def timed(fn: Callable[[], object]) -> tuple[object, float]:
    started = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - started


def measure(count: int = BRAINS) -> dict[str, float]:
    before = os.environ.get("NIMGAME_HOME")
    try:
        with tempfile.TemporaryDirectory() as home:
            os.environ["NIMGAME_HOME"] = home
            folder = storage.brains_dir()
            fill(folder, count)
            good, naive_s = timed(lambda: naive(folder))
            library._seen.clear()
            first, cold_s = timed(storage.list_brains)
            library._seen.clear()   # as a new process: only the index on disk is known
            warm, warm_s = timed(storage.list_brains)
            assert isinstance(first, list) and isinstance(warm, list)
            assert good == count == sum(i.ok for i in warm) == sum(i.ok for i in first)
            env = {**os.environ, "PYTHONPATH": str(ROOT)}
            _, cli_s = timed(lambda: subprocess.run(
                [sys.executable, "-m", "nimgame", "list"], env=env, check=True,
                stdout=subprocess.DEVNULL))
            _, bare_s = timed(lambda: subprocess.run(
                [sys.executable, "-c", "import nimgame.console.cli"], env=env, check=True))
    finally:
        if before is None:
            os.environ.pop("NIMGAME_HOME", None)
        else:
            os.environ["NIMGAME_HOME"] = before
    return {"count": count, "naive": naive_s, "cold": cold_s, "warm": warm_s, "cli": cli_s,
            "bare": bare_s}


def listing_target(report: Callable[[str, bool, str], None]) -> None:
    m = measure()
    ratio = m["naive"] / m["warm"]
    report(f"8. Listing {m['count']:,} brains whose checks are known >= {NEED:.0f}x the "
           f"naive full read", ratio >= NEED,
           f"{m['warm']:.2f}s vs reading and checking every file whole {m['naive']:.2f}s = "
           f"{ratio:.1f}x (need {NEED:.0f}x); the first listing of files copied in "
           f"{m['cold']:.2f}s (each checked once); `nimgame list` {m['cli']:.2f}s, of "
           f"which starting Python and importing the command line {m['bare']:.2f}s")


def main() -> int:
    results: list[bool] = []

    def report(target: str, ok: bool, figures: str) -> None:
        results.append(ok)
        print(f"[{'PASS' if ok else 'FAIL'}] {target}\n       {figures}", flush=True)

    listing_target(report)
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
