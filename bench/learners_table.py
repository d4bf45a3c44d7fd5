"""`python -m bench.learners_table`: what each learner reaches on each game, as a Markdown
table for the README — games until every position is played right (median and worst of
several seeds, checked on a grid, "never" past the cap), its pure learning speed in games
per second, and the size of its trained table (entries and bytes in a brain file).

A developer tool beside the benchmarks; it prints the date with the table.
"""

from __future__ import annotations

import datetime
import io
import pickle
import random
import sys
import time

from nimgame.games import Nim, Sticks, TicTacToe
from nimgame.learning.evaluation import optimal_move_share
from nimgame.learning.training import EXPLORE
from nimgame.players import HatLearner, QLearner

CASES = (
    ("Q-learning", QLearner, "Nim 1, 3, 5, 7", Nim(), 1_000, 50_000, 10),
    ("Q-learning", QLearner, "Nim 3, 5, 7, 9, 11", Nim((3, 5, 7, 9, 11)), 10_000, 200_000, 10),
    ("Q-learning", QLearner, "Sticks(100)", Sticks(100), 1_000, 100_000, 10),
    ("Q-learning", QLearner, "Tic-Tac-Toe", TicTacToe(), 10_000, 100_000, 5),
    ("Hats", HatLearner, "Nim 1, 3, 5, 7", Nim(), 1_000, 50_000, 10),
    ("Hats", HatLearner, "Sticks(100)", Sticks(100), 5_000, 100_000, 10),
    ("Hats", HatLearner, "Tic-Tac-Toe", TicTacToe(), 10_000, 100_000, 5),
)


def games_to_right(cls, game, step: int, cap: int, seed: int):
    """(games until 100% optimal moves or None, games per second, the learner)."""
    learner, rng, done, seconds = cls(game), random.Random(seed), 0, 0.0
    while done < cap:
        t0 = time.perf_counter()
        learner.train_games(step, rng, explore=EXPLORE)
        seconds += time.perf_counter() - t0
        done += step
        if optimal_move_share(learner) == 1.0:
            return done, done / seconds, learner
    return None, done / seconds, learner


def size_of(learner) -> tuple[int, int]:
    table = learner.export_table()
    entries = len(table["states"])
    buffer = io.BytesIO()
    pickle.dump(table, buffer, protocol=4)
    return entries, len(buffer.getvalue())


def main() -> int:
    print(f"Measured {datetime.date.today().isoformat()} by `python -m bench.learners_table`"
          f" ({EXPLORE:.0%} exploring starts):\n")
    print("| learner | game | games to every position right (median / worst) | "
          "games/s | trained table |")
    print("|---|---|---|---|---|")
    for label, cls, name, game, step, cap, seeds in CASES:
        found, rates, learner = [], [], None
        for seed in range(seeds):
            hit, rate, learner = games_to_right(cls, game, step, cap, seed)
            found.append(hit)
            rates.append(rate)
        reached = sorted(g for g in found if g is not None)
        median = reached[len(reached) // 2] if len(reached) > len(found) // 2 else None
        worst = "never" if len(reached) < len(found) else f"{reached[-1]:,}"
        shown = (f"{median:,} / {worst} ({seeds} seeds)" if median is not None else
                 f"not within {cap:,} ({len(reached)} of {seeds} seeds)")
        entries, size = size_of(learner)
        rate = sorted(rates)[len(rates) // 2]
        print(f"| {label} | {name} | {shown} | {rate:,.0f} | "
              f"{entries:,} positions, {size / 1024:,.0f} KB |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
