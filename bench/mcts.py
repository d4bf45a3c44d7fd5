"""Monte Carlo tree search against the theory: the share of positions where it picks an
optimal move, at 100, 1,000 and 10,000 simulations a move, on each game — every position
where the choice matters for 100 and 1,000, a fixed sample of 40 of them for 10,000.
And what keeping a decision to take apart costs (`record=True`): its memory and time
beside the same decision unrecorded.

`python -m bench.mcts` prints the table; `make bench` runs it as a target.
"""

from __future__ import annotations

import random
import sys
import time
import tracemalloc
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


def decision_memory(record: bool, iterations: int) -> tuple[int, int, MCTSPlayer]:
    """A Tic-Tac-Toe decision from the empty board: its peak memory, what is still held
    once it is made (the record, if any), and the player."""
    game = TicTacToe()
    tracemalloc.start()
    player = MCTSPlayer(game, iterations, seed=1, record=record)
    player.choose_move(game.initial_state())
    held, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak, held, player


def trace_target(report: Callable[[str, bool, str], None], iterations: int = 5_000,
                 rounds: int = 3) -> None:
    """Recording a decision of `iterations` iterations on Tic-Tac-Toe: held in well under
    50 MB, at most 3x the peak memory and 1.5x the time of the same decision unrecorded
    (the best of `rounds` each, taken in turn)."""
    game = TicTacToe()
    best = {False: float("inf"), True: float("inf")}
    for _ in range(rounds):
        for record in (False, True):
            player = MCTSPlayer(game, iterations, seed=1, record=record)
            started = time.perf_counter()
            player.choose_move(game.initial_state())
            best[record] = min(best[record], time.perf_counter() - started)
    plain_peak, _, _ = decision_memory(False, iterations)
    peak, held, player = decision_memory(True, iterations)
    memory, slower = peak / plain_peak, best[True] / best[False]
    ok = held < 50_000_000 and memory <= 3 and slower <= 1.5
    report(f"5b. MCTS keeps a decision to take apart: {iterations:,} Tic-Tac-Toe iterations in "
           f"under 50 MB, at most 3x the memory and 1.5x the time unrecorded", ok,
           f"record held {held / 1e6:.1f} MB ({held / iterations:.0f} bytes an iteration, "
           f"{len(player.last_decision.parents) if player.last_decision else 0:,} nodes); "
           f"peak {peak / 1e6:.1f} MB vs {plain_peak / 1e6:.1f} MB unrecorded = {memory:.1f}x; "
           f"time {best[True] * 1000:.0f} ms vs {best[False] * 1000:.0f} ms = {slower:.2f}x "
           f"(best of {rounds})")


if __name__ == "__main__":
    def say(target: str, ok: bool, figures: str) -> None:
        print(f"[{'PASS' if ok else 'FAIL'}] {target}\n       {figures}")

    mcts_target(say)
    trace_target(say)
    sys.exit(0)
