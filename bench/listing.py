"""`python -m bench.listing`: listing a brains folder of 3,000 brains (every kind of learner
and game, each under its own name and with its own table) against the naive listing, which
reads and checks every file whole as a load did before the index of verdicts, before each
game's positions were shared and before the tables' checks were made lean
(`listing_reference.check_before`), in the same run.

Targets:
8. listing a folder whose verdicts are known (the brains were saved here, or listed once)
   at least 10x faster than the naive full read;
9. the first listing of 3,000 different brains copied in (nothing known: each checked in
   full, as a listed brain is one that loads) at least FIRST_NEED times faster than the
   naive full read, in CPU time (the best of FIRST_ROUNDS listings, each as a new process
   would make it): on a machine that other people's tests keep busy, the seconds of one
   listing vary twofold from run to run, its CPU time much less. The listing took 46 s on
   the reference machine before, so under 8 s there; the seconds are printed too.
Also printed: `nimgame list` as a person runs it.
"""

from __future__ import annotations

import os
import pickle
import random
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
from nimgame.players.positions import forget_positions
from nimgame.storage import library, verdicts

from .listing_reference import as_before, check_before

ROOT = Path(__file__).resolve().parents[1]
BRAINS = 3_000
NEED = 10.0
FIRST_NEED = 6.0
FIRST_ROUNDS = 3
KINDS: tuple[tuple[type[Learner], Callable[[], object], int], ...] = (
    (QLearner, Nim, 300), (HatLearner, lambda: Sticks(20), 300),
    (QLearner, lambda: Sticks(15, max_take=4), 300), (QLearner, TicTacToe, 200),
    (HatLearner, TicTacToe, 200), (HatLearner, lambda: Nim((1, 3, 5), max_take=2), 300),
)


def fill(folder: Path, count: int) -> None:
    """`count` brain files of every kind, each under its own name and with its own table
    (values or ball counts drawn afresh), written as files copied in would be (not saved
    here: nothing is known about them)."""
    made = []
    for cls, game, games in KINDS:
        learner = cls(game())  # type: ignore[arg-type]
        train(learner, games, seed=3, curve_points=0)
        made.append((storage.header_for(learner), learner.export_table()))
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(23)
    for number in range(count):
        header, table = made[number % len(made)]
        header = {**header, "name": f"brain {number}"}
        if "values" in table:
            table = {**table, "values": [rng.uniform(-1, 1) for _ in table["values"]]}
        else:
            table = {**table, "hats": [None if hat is None else [rng.randint(1, 200) for _ in hat]
                                       for hat in table["hats"]]}
        (folder / f"brain-{number}.brain").write_bytes(
            pickle.dumps(header, protocol=4) + pickle.dumps(table, protocol=4))


def naive(folder: Path) -> int:
    """Every file read whole and checked as a load checked it: the listing before."""
    good = 0
    with as_before():
        for path in sorted(folder.glob("*.brain")):
            try:
                check_before(path)
                good += 1
            except storage.BrainFileError:
                pass
    return good


def timed(fn: Callable[[], object]) -> tuple[object, float]:
    started = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - started


def cpu_timed(fn: Callable[[], object]) -> tuple[object, float, float]:
    """`fn()`, the seconds it took and the seconds of CPU this process spent on it (which
    the machine's other work lengthens less)."""
    cpu = time.process_time()
    value, seconds = timed(fn)
    return value, seconds, time.process_time() - cpu


def measure(count: int = BRAINS) -> dict[str, float]:
    before = os.environ.get("NIMGAME_HOME")
    try:
        with tempfile.TemporaryDirectory() as home:
            os.environ["NIMGAME_HOME"] = home
            folder = storage.brains_dir()
            fill(folder, count)
            good, naive_s, naive_cpu = cpu_timed(lambda: naive(folder))
            cold_s = cold_cpu = float("inf")
            for _ in range(FIRST_ROUNDS):
                library._seen.clear()   # as a new process: nothing known, no index,
                forget_positions()      # no game's positions worked out yet
                verdicts.index_path().unlink(missing_ok=True)
                first, seconds, cpu = cpu_timed(storage.list_brains)
                cold_s, cold_cpu = min(cold_s, seconds), min(cold_cpu, cpu)
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
            "bare": bare_s, "naive_cpu": naive_cpu, "cold_cpu": cold_cpu}


def listing_target(report: Callable[[str, bool, str], None]) -> None:
    m = measure()
    ratio = m["naive"] / m["warm"]
    report(f"8. Listing {m['count']:,} brains whose checks are known >= {NEED:.0f}x the "
           f"naive full read", ratio >= NEED,
           f"{m['warm']:.2f}s vs reading and checking every file whole {m['naive']:.2f}s = "
           f"{ratio:.1f}x (need {NEED:.0f}x); `nimgame list` {m['cli']:.2f}s, of "
           f"which starting Python and importing the command line {m['bare']:.2f}s")
    first = m["naive_cpu"] / m["cold_cpu"]
    report(f"9. The first listing of {m['count']:,} different brains copied in >= "
           f"{FIRST_NEED:.0f}x the naive full read (CPU time)", first >= FIRST_NEED,
           f"{m['cold_cpu']:.2f}s of CPU, each checked in full once (a listed brain loads), "
           f"vs {m['naive_cpu']:.2f}s = {first:.1f}x (need {FIRST_NEED:.0f}x; best of "
           f"{FIRST_ROUNDS}); in seconds {m['cold']:.2f}s vs {m['naive']:.2f}s")


def main() -> int:
    results: list[bool] = []

    def report(target: str, ok: bool, figures: str) -> None:
        results.append(ok)
        print(f"[{'PASS' if ok else 'FAIL'}] {target}\n       {figures}", flush=True)

    listing_target(report)
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
