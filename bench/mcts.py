"""Monte Carlo tree search against the theory: the share of positions where it picks an
optimal move, at 100, 1,000 and 10,000 simulations a move, on each game — every position
where the choice matters for 100 and 1,000, a fixed sample of 40 of them for 10,000.

`python -m bench.mcts` prints the table; `make bench` runs it as a target.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from nimgame.games import Nim, Sticks, TicTacToe
from nimgame.learning.evaluation import verdicts
from nimgame.players import MCTSPlayer

GAMES = (("Sticks(20)", Sticks(20)), ("Nim 1, 3, 5, 7", Nim()), ("Tic-Tac-Toe", TicTacToe()))
SIMULATIONS = (100, 1_000, 10_000)
SAMPLE = 40


def optimal_share(game, simulations: int, sample: int | None, seed: int = 1) -> float:
    deciding = [v for v in verdicts(game) or () if not v.all_equal]
    if sample is not None and len(deciding) > sample:
        deciding = random.Random(seed).sample(deciding, sample)
    player = MCTSPlayer(game, simulations, seed=seed)
    return sum(player.choose_move(v.state) in v.good_moves for v in deciding) / len(deciding)


def mcts_target(report: Callable[[str, bool, str], None]) -> None:
    started = time.perf_counter()
    rows, perfect = [], True
    for name, game in GAMES:
        shares = [optimal_share(game, n, None if n < 10_000 else SAMPLE) for n in SIMULATIONS]
        perfect &= shares[-1] == 1.0 or name != "Tic-Tac-Toe"
        rows.append(f"{name}: " + ", ".join(f"{n:,} sims {s:.1%}"
                                              for n, s in zip(SIMULATIONS, shares, strict=True)))
    report("5. MCTS: optimal moves by simulations a move (Tic-Tac-Toe perfect at 10,000)",
           perfect, "; ".join(rows) + f" ({time.perf_counter() - started:.0f}s)")


if __name__ == "__main__":
    def say(target: str, ok: bool, figures: str) -> None:
        print(f"[{'PASS' if ok else 'FAIL'}] {target}\n       {figures}")

    mcts_target(say)
    sys.exit(0)
