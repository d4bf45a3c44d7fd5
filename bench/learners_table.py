"""`python -m bench.learners_table`: what each learner reaches on each game, as a Markdown
table for the README — games until every position is played right (median and worst of
several seeds, checked on a grid, "never" past the cap), its pure learning speed in games
per second of CPU time over a fresh learner's first 10,000 games, beside the seed's own
learner where there is one (timed in the same rounds), and the size of its trained table
(entries and bytes in a brain file).

A developer tool beside the benchmarks; it prints the date with the table. The learners'
default settings throughout (`bench/learners_floor.py` holds their targets).
"""

from __future__ import annotations

import datetime
import io
import pickle
import random
import sys
import time

from nimgame.games import Nim, Sticks, TicTacToe, make_game
from nimgame.learning.evaluation import optimal_move_share
from nimgame.learning.training import EXPLORE
from nimgame.players import HatLearner, QLearner

from . import reference as ref

#: (label, learner, board, game, check every, cap, seeds): a check costs a lookup per
#: position, so the small boards are checked after every game or few.
CASES = (
    ("Q-learning", QLearner, "Nim 1, 3, 5, 7", Nim(), 1, 1_000, 10),
    ("Q-learning", QLearner, "Nim 3, 5, 7, 9, 11", Nim((3, 5, 7, 9, 11)), 1_000, 200_000, 10),
    ("Q-learning", QLearner, "Sticks(100)", Sticks(100), 10, 10_000, 10),
    ("Q-learning", QLearner, "Tic-Tac-Toe", TicTacToe(), 500, 100_000, 10),
    ("Q-learning", QLearner, "Hexapawn", make_game("hexapawn", {}), 1, 1_000, 10),
    ("Hats", HatLearner, "Nim 1, 3, 5, 7", Nim(), 100, 50_000, 10),
    ("Hats", HatLearner, "Sticks(100)", Sticks(100), 100, 100_000, 10),
    ("Hats", HatLearner, "Tic-Tac-Toe", TicTacToe(), 10_000, 100_000, 10),
    ("Hats", HatLearner, "Hexapawn", make_game("hexapawn", {}), 10, 20_000, 10),
)


def games_to_right(cls, game, step: int, cap: int, seed: int):
    """(games until 100% optimal moves or None, the learner)."""
    learner, rng, done = cls(game), random.Random(seed), 0
    while done < cap:
        learner.train_games(step, rng, explore=EXPLORE)
        done += step
        if optimal_move_share(learner) == 1.0:
            return done, learner
    return None, learner


#: The seeds' own learners, where the project has one to measure against (bench/reference).
REFERENCES = {
    (QLearner, "Nim"): ("the CS50 handout's",
                        lambda game, games, seed: ref.cs50_train(games, game.piles, seed)),
    (HatLearner, "Sticks"): ("the list-of-balls hats",
                             lambda game, games, seed: ref.list_hats_self_play(
                                 game.sticks, games, seed)),
}


def speeds(cls, game, games: int = 10_000, rounds: int = 3) -> tuple[float, str]:
    """Games per second of a fresh learner's first `games` games (pure learning, best of
    `rounds`) and, where the seed has a learner, its speed beside it, in the same rounds;
    in CPU time (on a shared machine the wall clock counts others' work, and more of it in
    a long run than in a short one)."""
    reference = REFERENCES.get((cls, type(game).__name__))
    mine = theirs = float("inf")
    for seed in range(rounds):
        t0 = time.process_time()
        cls(game).train_games(games, random.Random(seed), explore=EXPLORE)
        mine = min(mine, time.process_time() - t0)
        if reference is not None:
            t0 = time.process_time()
            reference[1](game, games, seed)
            theirs = min(theirs, time.process_time() - t0)
    if reference is None:
        return games / mine, "—"
    return games / mine, (f"{games / theirs:,.0f} ({reference[0]}): "
                          f"{theirs / mine:.0f}x")


def size_of(learner) -> tuple[int, int]:
    table = learner.export_table()
    entries = len(table["states"])
    buffer = io.BytesIO()
    pickle.dump(table, buffer, protocol=4)
    return entries, len(buffer.getvalue())


def main() -> int:
    print(f"Measured {datetime.date.today().isoformat()} by `python -m bench.learners_table`"
          f" ({EXPLORE:.0%} exploring starts):\n")
    print("| learner | game | games to every position right (median / worst) | checked every "
          "| games/s | the seed's learner, games/s | trained table |")
    print("|---|---|---|---|---|---|---|")
    for label, cls, name, game, step, cap, seeds in CASES:
        found, learner = [], None
        for seed in range(seeds):
            hit, learner = games_to_right(cls, game, step, cap, seed)
            found.append(hit)
        reached = sorted(g for g in found if g is not None)
        median = reached[len(reached) // 2] if len(reached) > len(found) // 2 else None
        worst = "never" if len(reached) < len(found) else f"{reached[-1]:,}"
        shown = (f"{median:,} / {worst} ({seeds} seeds)" if median is not None else
                 f"not within {cap:,} ({len(reached)} of {seeds} seeds)")
        entries, size = size_of(learner)
        rate, beside = speeds(cls, game)
        print(f"| {label} | {name} | {shown} | {step:,} game{'s' * (step != 1)} | "
              f"{rate:,.0f} | {beside} | "
              f"{entries:,} positions, {size / 1024:,.0f} KB |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
