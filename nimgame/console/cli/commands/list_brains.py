"""`nimgame list`: the saved brains, a row each."""

from __future__ import annotations

import argparse

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
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
    return 0


COMMAND = Command("list", "the saved brains", cmd_list)
