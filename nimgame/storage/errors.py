"""What can go wrong with brain files, each as one line a person understands."""

from __future__ import annotations

from pathlib import Path


class BrainFileError(Exception):
    """A brain file that cannot be used; str() is one line saying why."""


class SaveError(Exception):
    """A save that failed; str() is one line with the path and the reason. The file that
    was there before (if any) is untouched."""


class NameTaken(SaveError):
    """The file a save would write holds a *different* brain (another name, game, rules
    or learner, or a file that cannot be read); saving needs `force=True`."""

    def __init__(self, path: Path, other: str | None, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.other = other
