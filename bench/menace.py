"""MENACE as Michie built it, measured over 10 seeds (`nimgame.session.menace`):

- Michie's tournament: MENACE as X against a perfect player until it draws 20 games in a
  row; the games it took, beside Michie's 20 and Scroggs' ~40.
- Games until MENACE as X never loses again to the perfect player: exact, not sampled —
  after each lost game an exhaustive walk asks whether any line through a colour it still
  holds a bead of, against any reply the opponent may choose, can lose (or meet an empty
  box); the count is the game that made that impossible, its last loss ("never" when not
  within HORIZON games, or when its first box ran empty: it then resigns every game).
- Games until its greedy play (the fullest colour in every box) is unbeatable by any line,
  as X and as O (checked every CHECK games, by an exhaustive walk), against the perfect
  player and against a random one.

Two perfect players: "Perfect" draws among the best moves at random (as Scroggs' online
MENACE's does: every drawing line is met sooner or later); "one best line" always plays
the first best move, as Michie played "best strategy" in his first games against MENACE
(in his account, after 20 games the machine "was settling into a stereotyped line which
ensured a draw in face of 'best strategy'"). And two rule sets: Michie's
exactly (an empty box resigns; a loss takes a box's last bead, the first box's too, as in
Scroggs' code: `Math.max(0, ...)`), and the same with the one documented change that keeps
every box from emptying (`resigns` off: a loss never takes a box's last bead).

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
from nimgame.session.menace_safety import games_until_safe

SEEDS = range(10)
HORIZON = 3_000
CHECK = 10
GOAL = 100   # issue 25: median games until it never loses again, Michie's rules


def until_safe(rules: MenaceRules, seed: int, opponent: str,
               horizon: int = HORIZON) -> tuple[int | None, bool]:
    """Games until MENACE as X can no longer lose to `opponent` ("perfect" or
    "perfect-line"), None if not within `horizon`; and whether its first box ran empty (it
    then resigns every game, as Scroggs' MENACE refuses to play)."""
    run = MenaceRun(TicTacToe(), rules, opponent, 0, seed)
    games = games_until_safe(run, horizon)
    return games, rules.resigns and run.menace.first_box().total == 0


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


OPPONENT_WORDS = {"perfect": "Perfect (a best move at random)",
                  "perfect-line": "one best line (Michie's 'best strategy')"}


def menace_target(report: Callable[[str, bool, str], None]) -> None:
    kept = replace(MICHIE.rules, resigns=False)
    settings = ((MICHIE.name, MICHIE.rules), (SCROGGS.name, SCROGGS.rules),
                ("Michie, boxes never empty", kept))
    goal: list[int | None] = []
    for opponent, said in OPPONENT_WORDS.items():
        for name, rules in settings:
            games = [tournament(MenaceRun(TicTacToe(), rules, opponent, 0, seed),
                                limit=HORIZON) for seed in SEEDS]
            words, _ = summary(games)
            report(f"MENACE ({name}) as X vs {said}: Michie's tournament, 20 draws in a row",
                   True, f"{words}; Michie's MENACE ~20, Scroggs' online ~40")
            found = [until_safe(rules, seed, opponent) for seed in SEEDS]
            values = [end for end, _ in found]
            words, median = summary(values)
            refused = sum(empty for _, empty in found)
            faithful = rules is MICHIE.rules and opponent == "perfect"
            if faithful:
                goal = values
            report(f"MENACE ({name}) as X vs {said}: games until it never loses again"
                   + (f" (goal: median <= {GOAL})" if faithful else ""),
                   not faithful or (median is not None and median <= GOAL),
                   f"{words}; first box emptied (refuses to play) on {refused} of "
                   f"{len(found)}")
    _, median = summary(goal)
    if median is None or median > GOAL:
        report("Why the goal is not met", True, WHY)
    for side, mark in ((0, "X"), (1, "O")):
        for opponent in ("perfect", "random"):
            safe = [greedy_safe(MICHIE.rules, seed, side, opponent) for seed in SEEDS]
            words, _ = summary(safe)
            report(f"MENACE (Michie) greedy play unbeatable by any line as {mark}, trained "
                   f"vs {opponent} (checked every {CHECK} games)", True, words)


#: Said under the goal's line when it is not met (the numbers are in the lines above).
WHY = ("against a perfect player MENACE cannot win, so its first box (Michie: 12 beads) "
       "gains at most a draw's one bead a game while every loss takes one: the losses "
       "that come before the deeper boxes have learned empty it on most seeds, and an "
       "empty box resigns for good. A line's last bead goes only after a loss on that "
       "line, and a perfect player who draws among its best moves keeps finding lines "
       "met rarely. Michie's own ~20 games were against himself playing one stereotyped "
       "line; against one best line his rules still empty the first box on half the "
       "seeds. So no faithful setting measured here reaches a median of 100: the closest "
       "are Scroggs' 8/4/2/1 against one best line, and Michie's with boxes that never "
       "empty (not his rule), both lines above")


def main() -> int:
    results: list[bool] = []

    def say(target: str, ok: bool, figures: str) -> None:
        results.append(ok)
        print(f"[{'PASS' if ok else 'FAIL'}] {target}\n       {figures}", flush=True)

    menace_target(say)
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
