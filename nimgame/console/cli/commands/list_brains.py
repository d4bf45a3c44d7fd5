"""`nimgame list`: the saved brains, a row each."""

from __future__ import annotations

import argparse
import sys

from .... import storage
from ....players import PLAYERS
from ....safetext import escape, percent
from ..command import Command


def cmd_list(args: argparse.Namespace) -> int:
    brains = storage.list_brains()
    if not brains:
        print(f"No saved brains in {escape(str(storage.brains_dir()), 200)}")
        return 0
    rows = [("NAME", "GAME", "RULES", "LEARNER", "GAMES", "ACCURACY", "UPDATED")]
    for info in brains:
        h = info.header
        if h is None:
            rows.append((escape(info.path.name, 40), "damaged:", escape(info.error, 100),
                         "", "", "", ""))
            continue
        game = h.game
        rows.append((escape(info.name, 40), game.title, escape(game.short_rules(), 40),
                     PLAYERS[h.learner].label, f"{h.games_trained:,}", percent(h.accuracy),
                     escape(h.updated[:16].replace("T", " "))))
    shown = [[as_written(cell) for cell in row] for row in rows]
    widths = [max(len(r[i]) for r in shown) for i in range(len(shown[0]))]
    for row in shown:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
    return 0


def as_written(text: str) -> str:
    """`text` as stdout will write it: what its encoding cannot hold escaped (the command
    line sets errors="backslashreplace"), so that columns are measured as they are seen."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        return text.encode(encoding, "backslashreplace").decode(encoding, "replace")
    except LookupError:
        return text


COMMAND = Command("list", "the saved brains", cmd_list)
