"""MENACE as Michie built it, measured over 10 seeds (`nimgame.session.menace`):

- Michie's tournament: MENACE as X against the perfect player (a best move drawn at
  random) until it draws 20 games in a row; the games it took, beside Michie's 20 and
  Scroggs' ~40.
- Games until MENACE as X never loses again to the perfect player, within a horizon
  (the last loss + 1; "never" when it still lost in the last fifth of the horizon).
- Games until its greedy play (the fullest colour in every box) is unbeatable by any line,
  as X and as O (checked every CHECK games, by an exhaustive walk), against the perfect
  player and against a random one.

`python -m bench.menace` prints the table; `make bench` runs it as a target.
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Callable
from dataclasses import replace

from nimgame.games import TicTacToe
from nimgame.session.menace import (
    MICHIE,
    SCROGGS,
    MenaceRules,
    MenaceRun,
    greedy_never_loses,
    tournament,
)

SEEDS = range(10)
HORIZON = 3_000
CHECK = 10
GOAL = 100   # issue 25: median games until it never loses again, Michie's rules


def last_loss(rules: MenaceRules, seed: int, horizon: int = HORIZON
              ) -> tuple[int | None, bool]:
    """Games until MENACE as X never loses again to the perfect player within `horizon`
    games (None if it still lost in the horizon's last fifth), and whether its first box
    ran empty (it then resigns every game: Scroggs' MENACE "refuses to play")."""
    run = MenaceRun(TicTacToe(), rules, "perfect", 0, seed)
    run.play(horizon)
    losses = [i for i, result in enumerate(run.results) if result < 0]
    end = losses[-1] + 1 if losses else 0
    return (None if end > horizon * 4 // 5 else end), run.menace.first_box().total == 0


def greedy_safe(rules: MenaceRules, seed: int, side: int, opponent: str,
                horizon: int = HORIZON) -> int | None:
    """Games (a multiple of CHECK) until the greedy play of MENACE playing `side` is
    unbeatable by any line; None if not within `horizon`."""
    run = MenaceRun(TicTacToe(), rules, opponent, side, seed)
    while len(run.results) < horizon:
        if greedy_never_loses(run.menace):
            return len(run.results)
        run.play(CHECK)
    return horizon if greedy_never_loses(run.menace) else None


def summary(values: list[int | None]) -> tuple[str, float | None]:
    """"median M, worst W (n of 10 never)" and the median (None if most never got there),
    "never" counted as worse than any number."""
    ranked = sorted(values, key=lambda v: (v is None, v or 0))
    middle = ranked[(len(ranked) - 1) // 2:len(ranked) // 2 + 1]
    median = None if None in middle else statistics.median(v for v in middle if v is not None)
    never = values.count(None)
    worst = "never" if never else str(max(v for v in values if v is not None))
    said = "never" if median is None else f"{median:g}"
    return (f"median {said}, worst {worst}"
            f"{f' ({never} of {len(values)} never)' if never else ''}; "
            f"per seed {', '.join('never' if v is None else str(v) for v in values)}"), median


def menace_target(report: Callable[[str, bool, str], None]) -> None:
    for preset in (MICHIE, SCROGGS):
        rules = preset.rules
        games = [tournament(MenaceRun(TicTacToe(), rules, "perfect", 0, seed), limit=HORIZON)
                 for seed in SEEDS]
        words, _ = summary(games)
        report(f"MENACE ({preset.name}) as X: Michie's tournament, 20 draws in a row vs "
               "Perfect", True, f"{words}; Michie's MENACE ~20, Scroggs' online ~40")
        found = [last_loss(rules, seed) for seed in SEEDS]
        words, median = summary([end for end, _ in found])
        refused = sum(empty for _, empty in found)
        report(f"MENACE ({preset.name}) as X never loses again to Perfect (goal: median "
               f"<= {GOAL}; horizon {HORIZON:,})",
               preset is not MICHIE or (median is not None and median <= GOAL),
               f"{words}; first box emptied (refuses to play) on {refused} of {len(found)}")
        if preset is MICHIE:   # the same without resigning: a loss never empties a box
            kept = replace(rules, resigns=False)
            words, _ = summary([last_loss(kept, seed)[0] for seed in SEEDS])
            report("MENACE (Michie, no resigning) as X never loses again to Perfect", True,
                   words)
    for side, mark in ((0, "X"), (1, "O")):
        for opponent in ("perfect", "random"):
            safe = [greedy_safe(MICHIE.rules, seed, side, opponent) for seed in SEEDS]
            words, _ = summary(safe)
            report(f"MENACE (Michie) greedy play unbeatable by any line as {mark}, trained "
                   f"vs {opponent} (checked every {CHECK} games)", True, words)


def main() -> int:
    results: list[bool] = []

    def say(target: str, ok: bool, figures: str) -> None:
        results.append(ok)
        print(f"[{'PASS' if ok else 'FAIL'}] {target}\n       {figures}", flush=True)

    menace_target(say)
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
