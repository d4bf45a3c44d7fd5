"""`python -m bench.learners_floor` (also in `make bench`): games until each learner, with
its default training settings, plays every position right, for 10 seeds, beside the CS50
handout's own learner; and the cost of training with a curve beside the handout's.

"Right everywhere" is `learning.evaluation.optimal_move_share(...) == 1.0`: the greedy
move keeps the exact value in every reachable position where the choice matters. A run
is judged every CHECK games (stated beside each figure), so "games until right" is a
number of games, rounded up to the check; "never" means not within the cap.

Targets (issue 25): CS50 Nim within a median of 60 games (worst 100); Nim 3, 5, 7, 9, 11
within 50,000 (worst 80,000); Sticks(100) hats within 3,000; Tic-Tac-Toe Q-learning within
20,000 and right at every later check to 100,000; Hexapawn right everywhere for both
learners; training with its curve at least 30x the handout's learner in games per second.
"""

from __future__ import annotations

import itertools
import queue
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from nimgame.games import Nim, NimState, Sticks, TicTacToe, make_game
from nimgame.games.base import AnyGame
from nimgame.learning.evaluation import judging_tables, optimal_move_share
from nimgame.learning.training import EXPLORE, TrainingStats, train
from nimgame.players import HatLearner, PerfectPlayer, QLearner
from nimgame.players.learner import Learner

from . import reference as ref

SEEDS = range(10)


@dataclass(frozen=True)
class Reached:
    """Games until right for each seed (None: never within `cap`), judged every `check`."""

    games: tuple[int | None, ...]
    check: int
    cap: int
    relapses: int = 0      # later checks at which a seed that was right was wrong again

    @property
    def found(self) -> list[int]:
        return sorted(g for g in self.games if g is not None)

    @property
    def median(self) -> int | None:
        found = self.found
        return found[len(self.games) // 2] if len(found) > len(self.games) // 2 else None

    @property
    def worst(self) -> int | None:
        found = self.found
        return found[-1] if len(found) == len(self.games) else None

    def said(self) -> str:
        never = len(self.games) - len(self.found)
        median = "never" if self.median is None else f"{self.median:,}"
        worst = "never" if self.worst is None else f"{self.worst:,}"
        return (f"median {median}, worst {worst}, never {never} of {len(self.games)} "
                f"(checked every {self.check:,} game{'s' * (self.check != 1)}, cap {self.cap:,})")


def games_until_right(make: Callable[[], Learner], check: int, cap: int,
                      seeds: range = SEEDS, stay: bool = False) -> Reached:
    """Train a learner from `make` per seed in chunks of `check` self-play games (default
    settings: EXPLORE exploring starts) until it is right everywhere; with `stay`, on to
    `cap`, counting the checks at which it is wrong again."""
    reached: list[int | None] = []
    relapses = 0
    for seed in seeds:
        learner, rng, done, hit = make(), random.Random(seed), 0, None
        while done < cap:
            learner.train_games(check, rng, explore=EXPLORE)
            done += check
            right = optimal_move_share(learner) == 1.0
            if hit is None and right:
                hit = done
                if not stay:
                    break
            elif hit is not None and not right:
                relapses += 1
        reached.append(hit)
    return Reached(tuple(reached), check, cap, relapses)


def handout_right_everywhere(ai: ref.Cs50NimAI, game: Nim, judge: PerfectPlayer) -> bool:
    """Whether the handout's learner plays a winning move in every real position of the
    board where there is one (the handout's table is keyed by real piles, not canonical)."""
    for piles in itertools.product(*(range(p + 1) for p in game.piles)):
        state = NimState(piles, 0)
        if game.is_over(state):
            continue
        winning = judge.winning_moves(state)
        if winning and ai.choose_action(list(piles), epsilon=False) not in winning:
            return False
    return True


def handout_until_right(piles: tuple[int, ...], check: int, cap: int,
                        seeds: range = SEEDS) -> Reached:
    """`games_until_right` for the CS50 handout's own learner (bench/reference.py), its
    settings as the handout has them (alpha 0.5, epsilon 0.1, every game from the start)."""
    game = Nim(piles)
    judge = PerfectPlayer(game)
    reached: list[int | None] = []
    for seed in seeds:
        ai, done, hit = ref.Cs50NimAI(rng=random.Random(seed)), 0, None
        while done < cap:
            ref.cs50_train_more(ai, check, piles)
            done += check
            if handout_right_everywhere(ai, game, judge):
                hit = done
                break
        reached.append(hit)
    return Reached(tuple(reached), check, cap)


def speed_ratios(games: int = 10_000, rounds: int = 5) -> dict[str, float]:
    """Games per second of `train` on CS50 Nim with the command line's curve (4 points),
    the training screen's (20 on a log scale, as the worker trains, telling a queue after
    every chunk) and none, over the handout's learner's, best of `rounds` each, all in the
    same rounds. Times are the process's CPU time, not the wall clock: on a shared, loaded
    machine the wall clock counts other people's work (a 20 ms run is often interrupted)."""
    game = Nim()
    told: queue.SimpleQueue[object] = queue.SimpleQueue()

    def progress(done: int, total: int, stats: TrainingStats) -> None:
        for point in stats.new_curve:   # as the worker tells the window
            told.put(point)
        told.put((done, total, stats.games_per_second, stats.eta_seconds))

    ways = {"command line": dict(curve_points=4),
            "training screen": dict(curve_points=20, curve_log=True, eval_games=100,
                                    progress=progress),
            "pure": dict(curve_points=0)}
    judging_tables(game)   # built once per process, not per run
    best = dict.fromkeys([*ways, "handout"], float("inf"))
    for seed in range(rounds):
        for way, kwargs in ways.items():
            t0 = time.process_time()
            train(QLearner(game), games, seed=seed, **kwargs)  # type: ignore[arg-type]
            best[way] = min(best[way], time.process_time() - t0)
        t0 = time.process_time()
        ref.cs50_train(games, game.piles, seed)
        best["handout"] = min(best["handout"], time.process_time() - t0)
    return {way: best["handout"] / best[way] for way in ways} | {
        "handout games/s": games / best["handout"]}


def within(reached: Reached, median: int, worst: int) -> bool:
    return reached.median is not None and reached.median <= median and \
        reached.worst is not None and reached.worst <= worst


def floor_targets(report: Callable[[str, bool, str], None], quick: bool = False) -> None:
    """Each target of issue 25's "learners that reach the floor", measured for 10 seeds.
    `quick`: the handout's learner on the CS50 board only."""
    cs50 = games_until_right(lambda: QLearner(Nim()), 1, 1_000)
    handout = handout_until_right((1, 3, 5, 7), 500, 60_000)
    ratio = (f"{handout.median / cs50.median:,.0f}x fewer games than the handout's learner"
             if handout.median and cs50.median else "the handout's median is not known")
    report("F1. Q-learning, CS50 Nim 1, 3, 5, 7: right everywhere within a median of 60 "
           "games, worst 100", within(cs50, 60, 100),
           f"{cs50.said()}; the CS50 handout's learner: {handout.said()}; {ratio}")

    big = games_until_right(lambda: QLearner(Nim((3, 5, 7, 9, 11))), 1_000, 120_000)
    beside = "" if quick else "; the handout's learner: " + handout_until_right(
        (3, 5, 7, 9, 11), 20_000, 200_000, range(2)).said()
    report("F2. Q-learning, Nim 3, 5, 7, 9, 11: within a median of 50,000 games, worst "
           "80,000", within(big, 50_000, 80_000), big.said() + beside)

    sticks = games_until_right(lambda: HatLearner(Sticks(100)), 100, 30_000)
    report("F3. Hats, Sticks(100): right everywhere within 3,000 games on every seed",
           within(sticks, 3_000, 3_000), sticks.said())

    ttt = games_until_right(lambda: QLearner(TicTacToe()), 500, 100_000, stay=True)
    report("F4. Q-learning, Tic-Tac-Toe: within 20,000 games on every seed and right at "
           "every later check to 100,000", within(ttt, 20_000, 20_000) and not ttt.relapses,
           f"{ttt.said()}; wrong again at {ttt.relapses} later checks")

    hexapawn: AnyGame = make_game("hexapawn", {})
    for label, cls in (("Q-learning", QLearner), ("Hats", HatLearner)):
        found = games_until_right(lambda cls=cls: cls(hexapawn), 10, 20_000)  # type: ignore[misc]
        report(f"F5. {label}, Hexapawn: right everywhere on every seed",
               found.worst is not None, found.said())

    x = speed_ratios()
    report("F6. Training with its curve >= 30x the handout's learner (CS50 Nim, 10,000 "
           "games)", min(x["command line"], x["training screen"]) >= 30,
           f"with the command line's curve {x['command line']:.1f}x, the training screen's "
           f"{x['training screen']:.1f}x, pure {x['pure']:.1f}x (the handout's learner "
           f"{x['handout games/s']:,.0f} games/s; best of 5 rounds each, CPU time)")


def main() -> int:
    results: list[bool] = []

    def report(target: str, ok: bool, figures: str) -> None:
        results.append(ok)
        print(f"[{'PASS' if ok else 'FAIL'}] {target}\n       {figures}", flush=True)

    floor_targets(report, quick="--quick" in sys.argv)
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
