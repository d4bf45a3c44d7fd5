"""What can go wrong with brain files, each as one line a person understands (SaveError
is any save's, brain file or not: `nimgame.files`)."""

from __future__ import annotations

from pathlib import Path

from ..files import SaveError

__all__ = ["BrainFileError", "NameTaken", "SaveError"]


class BrainFileError(Exception):
    """A brain file that cannot be used; str() is one line saying why."""


class NameTaken(SaveError):
    """The file a save would write holds a *different* brain (another name, game, rules
    or learner, or a file that cannot be read); saving needs `force=True`."""

    def __init__(self, path: Path, other: str | None, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.other = other
