"""`nimgame tournament ENTRANT... --game G`: a class tournament, every pair of brains and
policy files playing the same number of games, a line per forfeit, and the leaderboard
(optionally as CSV)."""

from __future__ import annotations

import argparse

from ....learning.exports import ExportError
from ....learning.policy_process import MOVE_SECONDS
from ....learning.tournament import (
    Contender,
    GameResult,
    contender_for,
    leaderboard,
    run_tournament,
    write_leaderboard,
)
from ....ranking import points_text
from ....safetext import escape
from ..command import Command
from ..errors import CliError
from ..options import GAME_NAMES, add_game_options, cli_game, whole

MAX_ENTRANTS = 40
MAX_GAMES_PER_PAIR = 10_000


def seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.01 <= value <= 600:
        raise argparse.ArgumentTypeError(f"--move-seconds is 0.01 to 600, not {text[:20]!r}")
    return value


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("entrants", nargs="+", metavar="ENTRANT",
                   help="saved brains (a name in the library or a brain file) and policy "
                        "files (*.py with policy(observation, action_mask) -> action, "
                        "each run in a process of its own)")
    p.add_argument("--game", choices=GAME_NAMES, required=True)
    p.add_argument("--games", type=whole(1, MAX_GAMES_PER_PAIR, "--games"), default=10,
                   help="games each pair plays, taking turns to move first (default 10)")
    p.add_argument("--move-seconds", type=seconds, default=MOVE_SECONDS,
                   help=f"how long a policy may take for one move (default {MOVE_SECONDS:g})")
    add_game_options(p)
    p.add_argument("--csv", default=None, metavar="PATH", help="also write the leaderboard "
                   "as CSV (rank, entrant, kind, games, wins, draws, losses, points, forfeits)")


def cmd_tournament(args: argparse.Namespace) -> int:
    game = cli_game(args)
    if not 2 <= len(args.entrants) <= MAX_ENTRANTS:
        raise CliError(f"a tournament has 2 to {MAX_ENTRANTS} entrants, not "
                       f"{len(args.entrants)}")
    contenders: list[Contender] = []
    try:
        for spec in args.entrants:
            try:
                contenders.append(contender_for(spec, game, args.move_seconds))
            except ValueError as err:
                raise CliError(str(err)) from None
    except BaseException:
        for contender in contenders:
            contender.close()
        raise
    names = [c.name for c in contenders]
    for index, name in enumerate(names):   # two entrants of one name: numbered
        if names.count(name) > 1:
            contenders[index].name = f"{name} ({index + 1})"
    print(f"Tournament: {escape(game.describe_rules(), 200)}; {len(contenders)} entrants, "
          f"{args.games:,} games a pair, taking turns to move first", flush=True)

    def said(result: GameResult, done: int, total: int) -> None:
        if result.forfeit:
            print(f"Game {done} of {total}: {result.forfeit}", flush=True)

    played = run_tournament(game, contenders, args.games, said)
    standings = leaderboard(played)
    width = max([len("entrant")] + [len(s.name) for s in standings])
    print(f"{'rank':>4}  {'entrant'.ljust(width)}  {'kind':<6} {'points':>7} {'wins':>5} "
          f"{'draws':>5} {'losses':>6} {'forfeits':>8}")
    for s in standings:
        print(f"{s.rank:>4}  {s.name.ljust(width)}  {s.kind:<6} "
              f"{points_text(s.points).replace('½', '.5'):>7} {s.wins:>5} {s.draws:>5} "
              f"{s.losses:>6} {s.forfeits:>8}")
    if args.csv is not None:
        try:
            path = write_leaderboard(args.csv, standings)
        except ExportError as err:
            raise CliError(str(err)) from None
        print(f"Wrote {escape(str(path), 200)}")
    return 0


COMMAND = Command("tournament", "a class tournament of brains and policy files",
                  cmd_tournament, arguments)
