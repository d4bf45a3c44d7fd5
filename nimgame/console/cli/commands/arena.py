"""`nimgame arena GAME A B`: one AI against another, the score and who is ahead on points
(a win 1, a draw 0.5)."""

from __future__ import annotations

import argparse
from fractions import Fraction

from ....games import AnyGame
from ....learning.evaluation import match, too_long
from ....learning.exports import ARENA_COLUMNS, ExportError, match_rows, write_csv
from ....players import PLAYERS, Player
from ....ranking import Record, rank
from ....safetext import escape
from ..command import Command
from ..errors import CliError
from ..options import (
    GAME_NAMES,
    MAX_ARENA_GAMES,
    add_game_options,
    add_seed_option,
    cli_game,
    resolve_player,
    whole,
)


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", choices=GAME_NAMES)
    p.add_argument("players", nargs="*", metavar="PLAYER",
                   help=f"two players ({', '.join(PLAYERS)}) or saved brains")
    p.add_argument("--player", action="append", default=[], metavar="MODULE:FUNCTION",
                   help="your own agent: a function policy(observation, action_mask) -> "
                        "action written for nimgame.envs, importable from here (your code, "
                        "run because you ask; needs the rl extra); takes a PLAYER's place")
    p.add_argument("--games", type=whole(1, MAX_ARENA_GAMES, "--games"), default=100,
                   help="games to play, 1 to 1,000,000 (default 100)")
    add_game_options(p)
    add_seed_option(p)
    p.add_argument("--csv", default=None, metavar="PATH",
                   help="also write the results as CSV (a row per player, as the window's "
                        "arena exports them)")


def cmd_arena(args: argparse.Namespace) -> int:
    game = cli_game(args)
    if why := too_long(game):
        raise CliError(why)
    specs = list(args.player) + list(args.players)
    if len(specs) != 2:
        raise CliError(f"the arena needs two players (PLAYER or --player), not {len(specs)}")
    a, b = (outside_player(spec, game) if i < len(args.player) else
            resolve_player(spec, game, None if args.seed is None else args.seed + i)
            for i, spec in enumerate(specs))
    names = [escape(getattr(p, "name", None) or spec, 40)
             for p, spec in zip((a, b), specs, strict=True)]
    if names[0] == names[1]:
        names = [f"{names[0]} (1)", f"{names[1]} (2)"]
    try:
        result = match(game, a, b, args.games)
    except ValueError as err:   # an outside policy that fails or cheats
        raise CliError(str(err)) from None
    print(f"{names[0]} vs {names[1]}: {escape(game.describe_rules(), 200)}, "
          f"{args.games:,} games, "
          "taking turns to move first")
    width = max(len(n) for n in names + ["player"])
    print(f"{'player'.ljust(width)}  {'wins':>6} {'losses':>6} {'draws':>6}   "
          f"{'wins moving first':>17} {'wins moving second':>18} {'points':>8}")
    b_wins_first = result.losses_second  # b moved first when a moved second
    b_wins_second = result.losses_first
    records = (Record(names[0], result.wins, result.draws, result.losses),
               Record(names[1], result.losses, result.draws, result.wins))
    print(f"{names[0].ljust(width)}  {result.wins:>6} {result.losses:>6} {result.draws:>6}   "
          f"{result.wins_first:>17} {result.wins_second:>18} "
          f"{decimal(records[0].points):>8}")
    print(f"{names[1].ljust(width)}  {result.losses:>6} {result.wins:>6} {result.draws:>6}   "
          f"{b_wins_first:>17} {b_wins_second:>18} {decimal(records[1].points):>8}")
    print(points_verdict(records))
    if args.csv is not None:
        try:
            path = write_csv(args.csv, ARENA_COLUMNS, match_rows((names[0], names[1]), result))
        except ExportError as err:
            raise CliError(str(err)) from None
        print(f"Wrote {escape(str(path), 200)}")
    return 0


def decimal(points: Fraction) -> str:
    """Points as a script reads them, whatever the terminal: 3 -> "3", 7/2 -> "3.5"."""
    return str(points.numerator) if points.denominator == 1 else \
        f"{points.numerator // 2}.5"


def points_verdict(records: tuple[Record, Record]) -> str:
    """Who is ahead on the result the game gives (both played the same games)."""
    first, second = rank(records).order
    scale = "(win 1, draw 0.5, loss 0)"
    if first.points == second.points:
        return f"Level on points {scale}: {decimal(first.points)} of {first.games} each."
    return f"Ahead on points {scale}: {first.name}, {decimal(first.points)} of " \
           f"{first.games} against {decimal(second.points)}."


def outside_player(spec: str, game: AnyGame) -> Player:
    """`--player module:function`: the user's policy as a player (the rl extra)."""
    try:
        from ....envs.policy import PolicyPlayer, load_policy
    except ImportError as err:
        raise CliError(f"--player needs the rl extra (pip install '.[rl]' in the checkout): {err}"
                       ) from None
    try:
        name, policy = load_policy(spec)
        return PolicyPlayer(game, policy, name)
    except ValueError as err:
        raise CliError(str(err)) from None


COMMAND = Command("arena", "one AI against another", cmd_arena, arguments)
