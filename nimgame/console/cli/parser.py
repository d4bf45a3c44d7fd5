"""The command line's parser: one line for a mistake, a sub-parser per command."""

from __future__ import annotations

import argparse
from typing import NoReturn

from ...safetext import escape
from .commands import COMMANDS
from .errors import CliError


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, not usage + message
        raise CliError(escape(message, 200))


def build_parser() -> Parser:
    parser = Parser(prog="nimgame", description="Nim, the Game of Sticks and Tic-Tac-Toe "
                    "against AIs that learn. With no command, the window opens.")
    sub = parser.add_subparsers(dest="command", parser_class=Parser)
    for command in COMMANDS.values():
        command.arguments(sub.add_parser(command.name, help=command.help))
    return parser
