"""The saved brains a screen lists (set-up's opponents, the library, the arena's
contenders): the brains folder is read beside the frames when the screen is entered and
when it is on top again (training may have saved one meanwhile)."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, Protocol

from .. import storage


class RunsLater(Protocol):
    """A scene, which runs slow work beside the frames (`Scene.later`)."""

    def later(self, work: Callable[[], Any], then: Callable[[Future[Any]], None]) -> None: ...


def read_saved_brains(scene: RunsLater,
                      then: Callable[[list[storage.BrainInfo]], None]) -> None:
    """Read the brains folder beside the frames; `then(brains)` on a later frame."""
    scene.later(storage.list_brains, lambda done: then(done.result()))
