"""The pyramid boards of Zhou & Riis, "Impartial games: a challenge for reinforcement
learning" (Machine Learning, 2026): Nim in rows of 1, 3, 5, ... objects, normal play. Their
AlphaZero-style self-play improved on 5 rows, slowed sharply on 6 and on 7 (1..13) did no
better than a version with a random policy. Here, for each seed, the games and the
training time until nimgame's Q-learner, with its default settings (as `train` and the
training screen use them: self-play, EXPLORE exploring starts), plays every canonical
position right, judged exactly (`optimal_move_share`, the theory as judge).

Checked every `step` games (so a count is a multiple of the step: the first check at which
every position was right); the time is the training alone, the checks left out, in CPU
seconds of this process (on a shared machine the wall clock counts the others' work too).
A seed not right by the cap counts "never".

`python -m bench.pyramid [SEEDS] [ROWS,...]` prints each seed as it ends, then the line
(SEEDS: a count, 10 by default, or FIRST-LAST; ROWS: 5,6,7 by default); `make bench` runs
it as a target.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from nimgame.games import Nim
from nimgame.games.nim.kit import pyramid
from nimgame.learning.evaluation import judging_tables, optimal_move_share
from nimgame.learning.training import EXPLORE
from nimgame.players import QLearner

#: rows -> (check every so many games, the most games a seed is given)
PLAN = {5: (500, 200_000), 6: (2_000, 1_000_000), 7: (20_000, 6_000_000)}
#: The paper's finding per board, in a few words, printed beside each row.
PAPER = {5: "AlphaZero-style self-play improved",
         6: "AlphaZero-style self-play slowed sharply",
         7: "AlphaZero-style self-play no better than a random policy"}


@dataclass(frozen=True)
class Reached:
    """One seed's run: games and training seconds until every position was right (None:
    not by the cap), and where it stopped."""
    games: int | None
    seconds: float
    played: int
    share: float | None


def run_seed(game: Nim, seed: int, step: int, cap: int) -> Reached:
    learner, rng, done, seconds = QLearner(game), random.Random(seed), 0, 0.0
    share: float | None = None
    while done < cap:
        started = time.process_time()
        learner.train_games(step, rng, explore=EXPLORE)
        seconds += time.process_time() - started
        done += step
        share = optimal_move_share(learner)
        if share == 1.0:
            return Reached(done, seconds, done, share)
    return Reached(None, seconds, done, share)


def median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def board_line(rows: int, seeds: range,
               each_seed: Callable[[int, Reached], None] | None = None) -> tuple[bool, str]:
    """(every seed right by the cap, what was measured on the board of `rows` rows);
    `each_seed(seed, run)` hears each seed as it ends."""
    game = Nim(pyramid(rows), misere=False)
    step, cap = PLAN[rows]
    judging_tables(game)   # the judge's tables, built once: not the learner's time
    runs = []
    for seed in seeds:
        runs.append(run_seed(game, seed, step, cap))
        if each_seed is not None:
            each_seed(seed, runs[-1])
    reached = [r for r in runs if r.games is not None]
    games = [r.games for r in reached if r.games is not None]
    ok = len(reached) == len(runs)
    if games:
        most = f"{max(games):,}" if ok else "never"
        counted = (f"median {median(games):,.0f} games, worst {most}; training CPU time "
                   f"median {median([r.seconds for r in reached]):.1f}s, worst "
                   f"{max(r.seconds for r in runs):.1f}s")
    else:
        counted = "never"
    missed = [f"seed {seeds[i]}: {r.share:.4%} after {r.played:,}"
              for i, r in enumerate(runs) if r.games is None and r.share is not None]
    return ok, (f"{rows} rows (1..{2 * rows - 1}), {game.canonical_bound():,} canonical "
                f"positions: right on {len(reached)} of {len(runs)} seeds within {cap:,} "
                f"games (checked every {step:,}): {counted}; per seed {[r.games for r in runs]}"
                f"{'; not right: ' + ', '.join(missed) if missed else ''}. "
                f"Zhou & Riis: {PAPER[rows]}")


def pyramid_target(report: Callable[[str, bool, str], None], seeds: range = range(10),
                   boards: Sequence[int] = (5, 6, 7),
                   each_seed: Callable[[int, Reached], None] | None = None) -> None:
    for rows in boards:
        ok, figures = board_line(rows, seeds, each_seed)
        report(f"QLearner (defaults), pyramid Nim {rows} rows, normal play: every "
               f"position right on {len(seeds)} of {len(seeds)} seeds", ok, figures)


def main(argv: Sequence[str]) -> int:
    first, _, last = argv[0].partition("-") if argv else ("10", "", "")
    seeds = range(int(first), int(last) + 1) if last else range(int(first))
    boards = tuple(int(r) for r in argv[1].split(",")) if len(argv) > 1 else (5, 6, 7)
    results: list[bool] = []

    def report(target: str, ok: bool, figures: str) -> None:
        results.append(ok)
        print(f"[{'PASS' if ok else 'FAIL'}] {target}\n       {figures}", flush=True)

    def each_seed(seed: int, run: Reached) -> None:
        print(f"  seed {seed}: {run.games if run.games is not None else 'never'} games "
              f"({run.played:,} played), {run.seconds:.1f} s CPU training", flush=True)

    print(f"Measured {time.strftime('%Y-%m-%d')}", flush=True)
    pyramid_target(report, seeds, boards, each_seed)
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
