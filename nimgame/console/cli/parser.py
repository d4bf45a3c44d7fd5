"""The command line's parser: one line for a mistake, a sub-parser per command."""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn, Protocol

from ...safetext import escape
from .commands import COMMANDS
from .errors import CliError


class Writable(Protocol):
    def write(self, text: str, /) -> object: ...


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, not usage + message
        raise CliError(escape(message, 200))

    def _print_message(self, message: str, file: Writable | None = None) -> None:
        """Help as argparse prints it, but an output that cannot be written raises (the
        command line ends quietly on a closed pipe, status 1) instead of passing for
        printed; with stdout closed (`>&-`) it goes to stderr, as argparse's does."""
        stream = file or sys.stderr
        if message and stream is not None:
            stream.write(message)


def build_parser() -> Parser:
    parser = Parser(prog="nimgame", description="Nim, the Game of Sticks and Tic-Tac-Toe "
                    "against AIs that learn. With no command, the window opens.")
    sub = parser.add_subparsers(dest="command", parser_class=Parser)
    for command in COMMANDS.values():
        command.arguments(sub.add_parser(command.name, help=command.help))
    return parser
