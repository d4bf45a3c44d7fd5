"""`nimgame glossary`: the words the learners and the screens use, each in one sentence with
what changing it does (the window's `?` shows the same)."""

from __future__ import annotations

import argparse

from .... import glossary
from ..command import Command


def cmd_glossary(args: argparse.Namespace) -> int:
    for line in glossary.lines():
        print(line)
    return 0


COMMAND = Command("glossary", "what the learning words mean", cmd_glossary)
