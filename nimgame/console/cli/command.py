"""What a command is: its name and help, the arguments it takes, and what it does."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass


def no_arguments(parser: argparse.ArgumentParser) -> None:
    """A command that takes nothing after its name."""


@dataclass(frozen=True)
class Command:
    """One command of `nimgame COMMAND`: `arguments` adds its options to its own parser,
    `run` does it and returns the exit status."""
    name: str
    help: str
    run: Callable[[argparse.Namespace], int]
    arguments: Callable[[argparse.ArgumentParser], None] = no_arguments
