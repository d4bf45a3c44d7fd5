"""The commands, a module each, in the order `nimgame --help` lists them."""

from __future__ import annotations

from ..command import Command
from . import (
    arena,
    drill,
    glossary,
    inspect,
    lab,
    lesson,
    list_brains,
    play,
    review,
    tournament,
    train,
)

COMMANDS: dict[str, Command] = {command.name: command for command in (
    train.COMMAND, list_brains.COMMAND, inspect.COMMAND, play.COMMAND, arena.COMMAND,
    review.COMMAND, lab.COMMAND, glossary.COMMAND, drill.COMMAND, lesson.COMMAND,
    tournament.COMMAND)}
