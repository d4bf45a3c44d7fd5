"""The Game of Sticks' two pre-training models, side by side (issue: the Sticks stages).

*shared*: one set of hats plays both sides of every self-play game (what the suite did
first). *two*: the seed's model — two AIs battle, each with its own hats, and the player
(who moves first) faces the one that moved second. For each start a player can give and
several seeds, training goes on in steps and the figure is the number of games after
which every hat the player can lead the AI to (heaps 2 to start-1 with a winning move)
holds the theory's move as its most-drawn ball; ">N" if that never happened.

`python -m bench.sticks_models` prints the table; `make bench` runs it as a target.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from nimgame.games import Sticks, SticksState
from nimgame.players import HatLearner

STARTS = (10, 11, 12, 13, 20, 40, 70, 100)
SEEDS = (0, 1, 2)
STEPS = (500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000)


def facing_hats_right(ai: HatLearner, start: int) -> bool:
    """Whether each heap the AI can face (2..start-1) with a winning move has that move
    as its hat's strict favourite."""
    return all(facing_hats_right_at(ai, n) for n in range(2, start))


def games_to_right(model: str, start: int, seed: int) -> int | None:
    """Games until the player-facing hats are right, checked at STEPS; None if never."""
    game, rng = Sticks(start), random.Random(seed)
    first, second = HatLearner(game), HatLearner(game)
    done = 0
    for step in STEPS:
        if model == "shared":
            first.train_games(step - done, rng)
        else:
            first.train_pair(second, step - done, rng)
        done = step
        if facing_hats_right(first if model == "shared" else second, start):
            return step
    return None


def shown(games: int | None) -> str:
    return f">{STEPS[-1]:,}" if games is None else f"{games:,}"


def compare(report: Callable[[str, bool, str], None] | None = None) -> dict[str, list]:
    """The table, per model: games to right for every (start, seed)."""
    results: dict[str, list] = {"shared": [], "two": []}
    started = time.perf_counter()
    print(f"{'start':>6} {'shared (per seed)':>28} {'two AIs (per seed)':>28}")
    for start in STARTS:
        row = {m: [games_to_right(m, start, s) for s in SEEDS] for m in results}
        for m in results:
            results[m] += row[m]
        print(f"{start:>6} {', '.join(map(shown, row['shared'])):>28} "
              f"{', '.join(map(shown, row['two'])):>28}", flush=True)
    summary = []
    for m, found in results.items():
        reached = [g for g in found if g is not None]
        total = sum(STEPS[-1] if g is None else g for g in found)
        summary.append(f"{m}: right in {len(reached)}/{len(found)} runs, {total:,} games "
                       f"in all (a miss counted as {STEPS[-1]:,})")
    print("; ".join(summary) + f" ({time.perf_counter() - started:.0f}s)")
    if report is not None:
        def cost(found: list) -> int:
            return sum(STEPS[-1] if g is None else g for g in found)
        better = cost(results["shared"]) <= cost(results["two"])
        report("Sticks pre-training: the default model (shared hats) needs no more games "
               "than the seed's two AIs", better, "; ".join(summary))
    return results


def exploring_target(report: Callable[[str, bool, str], None], seeds: tuple = (0, 1, 2, 3, 4),
                     games: int = 100_000) -> None:
    """Exploring starts (issue: learning you can trust): after `games` self-play games on
    100 sticks every hat from 2 to 100 favours the theory's move, for every seed — beside
    the same without them — and the trained computer, drawing its balls as in play, never
    loses to the perfect player from a heap the theory says it wins."""
    from nimgame.learning.training import EXPLORE
    from nimgame.match import Match, Seat
    from nimgame.players import PerfectPlayer
    from nimgame.session.kept_hats import HatDrawer

    started = time.perf_counter()
    wrong: dict[float, list[int]] = {0.0: [], EXPLORE: []}
    trained = {}
    for explore in wrong:
        for seed in seeds:
            learner = HatLearner(Sticks(100))
            learner.train_games(games, random.Random(seed), explore=explore)
            bad = [n for n in range(2, 101) if not facing_hats_right_at(learner, n)]
            wrong[explore].append(len(bad))
            trained[explore, seed] = learner
    losses = 0
    for seed in seeds:
        learner = trained[EXPLORE, seed]
        for heap in range(2, 101):
            if heap % 4 == 1:
                continue   # the computer, moving first, has no winning move here
            game = Sticks(heap)
            ai = HatDrawer(learner, game, seed=heap)
            match = Match(game, (Seat("AI", ai), Seat("Perfect", PerfectPlayer(game))))
            while not match.over:
                turn = match.ai_turn()
                assert turn is not None
                match.play_ai(turn.player.choose_move(turn.state), turn.generation)
            ai.spoiled = True   # judging only: the hats learn nothing from it
            losses += game.winner(match.state) != 0
    ok = not any(wrong[EXPLORE]) and losses == 0
    report(f"4. Exploring starts: hats on Sticks(100) right everywhere after {games:,} games "
           f"for {len(seeds)} seeds", ok,
           f"wrong hats per seed with {EXPLORE:.0%} exploring starts {wrong[EXPLORE]}, "
           f"without {wrong[0.0]}; the trained computer lost {losses} of "
           f"{len(seeds) * 75} games to the perfect player from winning heaps "
           f"({time.perf_counter() - started:.0f}s)")


def facing_hats_right_at(ai: HatLearner, n: int) -> bool:
    """Whether heap `n`'s hat favours the theory's move (a lost heap is always right)."""
    if n % 4 == 1:
        return True
    hat = ai.hat(SticksState(n, 1))
    right = (n - 1) % 4
    return all(count < hat[right] for move, count in hat.items() if move != right)


if __name__ == "__main__":
    def say(target: str, ok: bool, figures: str) -> None:
        print(f"[{'PASS' if ok else 'FAIL'}] {target}\n       {figures}")

    compare(say)
    exploring_target(say)
    sys.exit(0)
