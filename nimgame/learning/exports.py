"""The lab's curves and table and the arena's results as CSV files: stated columns (below),
written atomically (`files.write_atomically`: a crash leaves the old file or the new one),
and a path that cannot be written said in one line (`ExportError`), nothing half-written.

Numbers are written as Python reads them back exactly (a share is `repr` of its float), so
a file says what the chart drew, to the last digit.
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from ..files import NotRegularFile, check_replaceable, write_atomically
from ..safetext import escape
from .arena import ArenaResult
from .evaluation import MatchResult
from .lab import LabResult, games_text

#: The lab's curves in long form: a row per check of each seed ("seed", its number in
#: `seed`), and of each run's median, worst and best over its seeds (`seed` empty) — the
#: line and the band the chart draws. `seeds`: how many seeds the value is over.
CURVE_COLUMNS = ("run", "label", "series", "seed", "seeds", "games", "share_right")
#: The lab's table: games until every position is right, a row per run ("never" where a
#: seed never was, empty where no seed's answer is known), at the stated check interval.
TABLE_COLUMNS = ("run", "label", "game", "check_every", "seeds", "right_seeds",
                 "first_right_median", "first_right_worst", "stays_right_seeds",
                 "stays_right_median", "stays_right_worst")
#: The arena's results: a row per contender, against the opponent named; `fitness` is
#: points a game (a win 1, a draw ½), `selected` 1 for the contender the selection kept
#: (from `nimgame arena`, the player ahead on points; neither when level).
ARENA_COLUMNS = ("contender", "opponent", "games", "wins", "losses", "draws",
                 "wins_moving_first", "wins_moving_second", "fitness", "selected")


class ExportError(Exception):
    """A file that cannot be written: one line, the path and why (nothing was written)."""


def curve_rows(result: LabResult) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = []
    for run, spec in enumerate(result.spec.runs):
        label = spec.title()
        for curve in result.seeds_of(run):
            rows += [(run + 1, label, "seed", curve.seed, 1, games, repr(share))
                     for games, share in curve.points]
        for series in ("median", "worst", "best"):
            rows += [(run + 1, label, series, "", check.seeds, check.games,
                      repr(getattr(check, series))) for check in result.stats(run)]
    return rows


def table_rows(result: LabResult) -> list[tuple[object, ...]]:
    game = result.spec.make_game().describe_rules()
    return [(row.run + 1, row.label, game, result.spec.every, row.seeds, row.right_seeds,
             games_text(row.first_median), games_text(row.first_worst), row.stays_seeds,
             games_text(row.stays_median), games_text(row.stays_worst))
            for row in result.table()]


def arena_rows(arena: ArenaResult, opponent: str) -> list[tuple[object, ...]]:
    fitness = {r.name: r.fitness for r in (arena.ranking.order if arena.ranking else [])}
    chosen = arena.selected.algorithm if arena.selected is not None else None
    return [(name, opponent, r.games, r.wins, r.losses, r.draws, r.wins_first,
             r.wins_second, repr(float(fitness.get(name, 0))), int(name == chosen))
            for name, r in arena.results.items()]


def match_rows(names: tuple[str, str], result: MatchResult) -> list[tuple[object, ...]]:
    """`nimgame arena`'s two players, each from its own side of `result` (a's)."""
    a, b = names
    games = result.games
    points = (result.wins + result.draws / 2, result.losses + result.draws / 2)
    ahead = (points[0] > points[1], points[1] > points[0])
    return [(a, b, games, result.wins, result.losses, result.draws, result.wins_first,
             result.wins_second, repr(points[0] / games if games else 0.0), int(ahead[0])),
            (b, a, games, result.losses, result.wins, result.draws, result.losses_second,
             result.losses_first, repr(points[1] / games if games else 0.0), int(ahead[1]))]


def csv_text(columns: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    writer.writerows(rows)
    return out.getvalue()


def write_csv(path: str | os.PathLike[str], columns: Sequence[str],
              rows: Iterable[Sequence[object]]) -> Path:
    """Write the CSV file at `path` (replacing a file there, never a folder, a pipe or a
    device); the path written, or ExportError saying why not."""
    return write_file(path, csv_text(columns, rows).encode("utf-8"))


def write_file(path: str | os.PathLike[str], data: bytes) -> Path:
    """`data` written atomically at `path`; ExportError (one line) if it cannot be."""
    target = Path(path)
    try:
        if not str(path).strip():
            raise ExportError("no file named to write to")
        check_replaceable(target)
        write_atomically(target, data)
    except ExportError:
        raise
    except NotRegularFile as err:
        raise ExportError(f"cannot write {escape(str(target), 120)}: {err}") from None
    except (OSError, ValueError) as err:   # ValueError: a NUL in the path
        reason = getattr(err, "strerror", None) or str(err)
        raise ExportError(f"cannot write {escape(str(target), 120)}: "
                          f"{escape(reason, 120)}") from None
    return target


def write_lab(result: LabResult, curves: str | os.PathLike[str] | None,
              table: str | os.PathLike[str] | None) -> list[Path]:
    """The lab's curves and table where asked (None: not that one); the paths written."""
    written = []
    if curves is not None:
        written.append(write_csv(curves, CURVE_COLUMNS, curve_rows(result)))
    if table is not None:
        written.append(write_csv(table, TABLE_COLUMNS, table_rows(result)))
    return written
