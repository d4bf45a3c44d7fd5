"""A board's work beside the frames: the AI's moves, practice before a game, and the exact
player's first look at each position (which hints and thoughts read afterwards).

One worker thread per board, so the AI never thinks about two positions at once. A move
that arrives after a take-back or a restart is dropped by the match (`play_ai` checks its
generation); closing the board stops practice at the next game and drops the rest.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from ...games.base import Move, State
from ...learning.training import train
from ...match import AiTurn
from ...players import Learner, Player


def think(player: Player, state: State, at_least: float) -> Move:
    """`player`'s move in `state`, taking at least `at_least` seconds."""
    started = time.perf_counter()
    move = player.choose_move(state)
    rest = at_least - (time.perf_counter() - started)
    if rest > 0:
        time.sleep(rest)
    return move


class Background:
    def __init__(self) -> None:
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="nimgame-ai")
        self.job: Future[Any] | None = None
        self.turn: AiTurn | None = None              # what the AI's job was asked
        self.training: tuple[int, int] | None = None  # (done, total) while an AI practises
        self.theory: Future[Any] | None = None            # the judge's look at this position
        self.closing = False

    @property
    def busy(self) -> bool:
        return self.job is not None

    def drop(self) -> None:
        """Forget the AI's pending move and the theory (the position changed under them)."""
        if self.training is None:
            self.job = None
        self.theory = None

    def practise(self, learner: Learner, games: int) -> None:
        """Self-play `games` games off the frame; `training` shows how far it got."""
        self.training = (0, games)

        def progress(done: int, _total: int, _stats: object) -> None:
            self.training = (done, games)

        self.job = self.executor.submit(
            train, learner, games, progress=progress, should_stop=lambda: self.closing,
            curve_points=0)

    def ask(self, turn: AiTurn, at_least: float) -> None:
        self.turn = turn
        self.job = self.executor.submit(think, turn.player, turn.state, at_least)

    def run(self, work: Callable[[], Any]) -> Future[Any]:
        """`work()` beside the frames, after the work asked before it."""
        return self.executor.submit(work)

    def look_at(self, judge: Any, state: State) -> None:
        """Let `judge` work out `state` once (its caches then answer hints at once)."""
        if self.theory is None:
            self.theory = self.executor.submit(judge.outcome, state)

    @property
    def theory_ready(self) -> bool:
        return self.theory is not None and self.theory.done()

    def collect(self, on_practised: Callable[[], None],
                on_move: Callable[[AiTurn, Move], None]) -> None:
        """Hand a finished job to its callback (its error, if any, is raised here)."""
        if self.job is None or not self.job.done():
            return
        job, self.job = self.job, None
        if self.training is not None:
            self.training = None
            job.result()
            on_practised()
        elif self.turn is not None:
            on_move(self.turn, job.result())

    def close(self) -> None:
        self.closing = True   # practice stops at `closing`; an answer still coming is dropped
        self.executor.shutdown(wait=False, cancel_futures=True)
