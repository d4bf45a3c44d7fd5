"""Work too slow for a frame, done beside it: reading the brains folder, loading a brain.

A frame must never take more than 100 ms, and reading a folder of large brains or loading
one can take longer (each file is read and checked in full). A scene hands such work to
`App.tasks.start(scene, work, then)`: `work()` runs on a background thread, and on a later
frame `then(future)` runs on the window's thread, where it may touch widgets; it calls
`future.result()`, which returns the value or raises what `work` raised. Work whose scene
has left the stack meanwhile is dropped unseen.

One thread does all of it, one piece after another: storage's caches are used from one
thread at a time, and the order of requests is the order of answers.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import Any


@dataclass
class _Pending:
    owner: object
    future: Future[Any]
    then: Callable[[Future[Any]], None]


class Tasks:
    def __init__(self) -> None:
        self.pool: ThreadPoolExecutor | None = None   # made on first use, again after close
        self.pending: list[_Pending] = []

    def start(self, owner: object, work: Callable[[], Any],
              then: Callable[[Future[Any]], None]) -> None:
        if self.pool is None:
            self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="nimgame-files")
        self.pending.append(_Pending(owner, self.pool.submit(work), then))

    def busy(self, owner: object) -> bool:
        """Whether `owner` still waits for an answer."""
        return any(p.owner is owner for p in self.pending)

    def deliver(self, alive: Callable[[object], bool]) -> None:
        """Hand finished work to its `then`, in the order it was started, if its owner is
        `alive`. Called once a frame by the app; never waits."""
        while self.pending and self.pending[0].future.done():
            done = self.pending.pop(0)
            if alive(done.owner):
                done.then(done.future)

    def wait(self, timeout: float | None = None) -> None:
        """Block until all started work is finished (tests, and closing the window)."""
        wait([p.future for p in self.pending], timeout=timeout)

    def close(self) -> None:
        self.pending.clear()
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None
