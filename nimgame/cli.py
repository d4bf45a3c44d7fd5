"""The command line: train, list, inspect, play (text) and arena.

Every error is one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from collections.abc import Sequence

from . import insight, storage
from .evaluation import match, optimal_move_share
from .games import Game, Nim, Sticks, TicTacToe
from .players import (
    LEARNERS,
    PLAYERS,
    HatLearner,
    Learner,
    MinimaxPlayer,
    PerfectPlayer,
    Player,
    RandomPlayer,
    make_player,
)
from .storage import BrainFileError
from .training import train

GAME_NAMES = ("nim", "sticks", "tictactoe")


class CliError(Exception):
    """A mistake by the person at the keyboard: shown as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, not usage + message
        raise CliError(message)


def whole(low: int, what: str):
    def parse(text: str) -> int:
        try:
            value = int(text.replace("_", "").replace(",", ""))
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{what} must be a whole number, not {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"{what} must be at least {low}, not {value}")
        return value
    return parse


def piles(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(p) for p in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"--piles takes sizes separated by commas, like 1,3,5,7, not {text!r}") from None


def add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--piles", type=piles, default=(1, 3, 5, 7),
                        help="Nim piles, e.g. 1,3,5,7 (default)")
    parser.add_argument("--normal", action="store_true",
                        help="Nim normal play: taking the last object wins (default: misère)")
    parser.add_argument("--max-take", type=whole(1, "--max-take"), default=None,
                        help="the most one move may take (Sticks: 3)")
    parser.add_argument("--sticks", type=whole(1, "--sticks"), default=20,
                        help="Sticks: the starting heap (default 20)")


def build_parser() -> Parser:
    parser = Parser(prog="nimgame", description="Nim, the Game of Sticks and Tic-Tac-Toe "
                    "against AIs that learn. With no command, the window opens.")
    sub = parser.add_subparsers(dest="command", parser_class=Parser)

    p = sub.add_parser("train", help="train a learner and save it as a brain file")
    p.add_argument("game", choices=GAME_NAMES)
    p.add_argument("--learner", choices=LEARNERS, default="q")
    p.add_argument("--games", type=whole(1, "--games"), default=10_000)
    add_game_options(p)
    p.add_argument("--opponent", choices=("self", "random", "perfect"), default="self")
    p.add_argument("--alpha", type=float, default=0.5, help="Q-learning rate (default 0.5)")
    p.add_argument("--epsilon", type=float, default=0.1,
                   help="Q-learning exploration while training (default 0.1)")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--name", default=None, help="what to call it")
    p.add_argument("--out", default=None, help="file to write (default: the brains folder)")

    sub.add_parser("list", help="the saved brains")

    p = sub.add_parser("inspect", help="what a saved brain has learned")
    p.add_argument("brain", help="a brain file or the name of a saved brain")

    p = sub.add_parser("play", help="play in the terminal")
    p.add_argument("game", choices=GAME_NAMES)
    p.add_argument("--text", action="store_true",
                   help="play in the terminal (without it, the window opens on this game)")
    p.add_argument("--opponent", default=None,
                   help=f"a player ({', '.join(PLAYERS)}) or a saved brain")
    p.add_argument("--first", choices=("human", "ai", "random"), default="random",
                   help="Nim: who moves first (default: random, as CS50)")
    p.add_argument("--mark", choices=("X", "O"), default="X", help="Tic-Tac-Toe: your mark")
    add_game_options(p)
    p.add_argument("--seed", type=int, default=None)

    p = sub.add_parser("arena", help="one AI against another")
    p.add_argument("game", choices=GAME_NAMES)
    p.add_argument("players", nargs=2, metavar="PLAYER",
                   help=f"a player ({', '.join(PLAYERS)}) or a saved brain")
    p.add_argument("--games", type=whole(1, "--games"), default=100)
    add_game_options(p)
    p.add_argument("--seed", type=int, default=None)
    return parser


# -- helpers -------------------------------------------------------------------------------

def make_game(args: argparse.Namespace) -> Game:
    try:
        if args.game == "nim":
            return Nim(args.piles, misere=not args.normal, max_take=args.max_take)
        if args.game == "sticks":
            return Sticks(args.sticks, max_take=args.max_take or 3)
        return TicTacToe()
    except ValueError as err:
        raise CliError(str(err)) from None


def resolve_player(spec: str, game: Game, seed: int | None = None) -> Player:
    """A registry player by name, or a saved brain by file or name."""
    if spec in PLAYERS:
        try:
            if spec == "random":
                return RandomPlayer(game, seed=seed)
            return make_player(spec, game)
        except ValueError as err:
            raise CliError(str(err)) from None
    try:
        return storage.load(storage.find_brain(spec), game=game)
    except BrainFileError as err:
        if str(err).startswith("no brain called"):
            raise CliError(f"unknown player {spec!r}: not one of {', '.join(PLAYERS)}, "
                           "nor a saved brain (see 'list')") from None
        raise CliError(f"{spec}: {err}") from None


def training_opponent(name: str, game: Game, seed: int | None) -> Player | None:
    if name == "self":
        return None
    if name == "random":
        return RandomPlayer(game, seed=seed)
    return PerfectPlayer(game) if PerfectPlayer.supports(game) else MinimaxPlayer(game)


def duration(seconds: float | None) -> str:
    if seconds is None:
        return "?"
    seconds = int(round(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"


def percent(value: float | None) -> str:
    return "—" if value is None else f"{value:.1%}"


# -- commands ------------------------------------------------------------------------------

def cmd_train(args: argparse.Namespace) -> int:
    game = make_game(args)
    try:
        if args.learner == "q":
            from .players import QLearner
            learner: Learner = QLearner(game, alpha=args.alpha, epsilon=args.epsilon)
        else:
            learner = HatLearner(game)
    except ValueError as err:
        raise CliError(str(err)) from None
    learner.name = args.name or f"{game.name}-{args.learner}"
    opponent = training_opponent(args.opponent, game, args.seed)
    tty = sys.stdout.isatty()
    last_line = [0.0]

    def progress(done: int, total: int, stats: dict) -> None:
        rate, eta = stats["games_per_second"], stats["eta_seconds"]
        text = f"{done:,}/{total:,} games  {rate:,.0f} games/s  {duration(eta)} left"
        if tty:
            filled = int(30 * done / total)
            print(f"\r[{'#' * filled}{'-' * (30 - filled)}] {text}   ", end="", flush=True)
        elif time.monotonic() - last_line[0] >= 1 or done == total:
            last_line[0] = time.monotonic()
            print(text, flush=True)

    stop = [False]

    def on_interrupt(signum, frame) -> None:
        stop[0] = True

    previous = signal.signal(signal.SIGINT, on_interrupt)
    try:
        report = train(learner, args.games, seed=args.seed, opponent=opponent,
                       progress=progress, should_stop=lambda: stop[0], curve_points=4)
    finally:
        signal.signal(signal.SIGINT, previous)
    if tty:
        print()
    if report.stopped:
        print(f"Stopped after {report.games:,} games; keeping what it learned.")
    if learner.accuracy is None or report.stopped:
        learner.accuracy = optimal_move_share(learner)
    path = storage.save(learner, args.out)
    print(f"Trained {report.games:,} games in {report.training_seconds:.1f} s "
          f"({report.games_per_second:,.0f} games/s); optimal moves: "
          f"{percent(learner.accuracy)}")
    print(f"Saved '{learner.name}' to {path}")
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    brains = storage.list_brains()
    if not brains:
        print(f"No saved brains in {storage.brains_dir()}")
        return 0
    rows = [("NAME", "GAME", "RULES", "LEARNER", "GAMES", "ACCURACY", "UPDATED")]
    for info in brains:
        h = info.header
        if h is None:
            rows.append((info.name, "unreadable:", info.error or "", "", "", "", ""))
            continue
        game = storage.game_from_header(h)
        rows.append((info.name, game.title, game.short_rules(), PLAYERS[h["learner"]].label,
                     f"{h['games_trained']:,}", percent(h.get("accuracy")),
                     str(h.get("updated", ""))[:16].replace("T", " ")))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
    return 0


def hat_lines(learner: HatLearner) -> list[str]:
    lines = []
    for hat in insight.hats(learner):
        balls = "  ".join(f"{move}:{count}" for move, count in hat.balls.items())
        mark = f"  theory: take {hat.theory[0]}" if hat.theory else "  (lost: no winning move)"
        lines.append(f"  hat {hat.sticks:3}: {balls}{mark}")
    return lines + ["Rule found: " + insight.sticks_rule(learner)]


def cmd_inspect(args: argparse.Namespace) -> int:
    try:
        path = storage.find_brain(args.brain)
        header = storage.read_header(path)
        learner = storage.load(path)
    except BrainFileError as err:
        raise CliError(f"{args.brain}: {err}") from None
    game = learner.game
    print(f"{header['name'] or path.stem}  ({path})")
    print(f"  game:     {game.describe_rules()}")
    settings = ", ".join(f"{k}={v}" for k, v in learner.settings().items())
    print(f"  learner:  {PLAYERS[header['learner']].label} ({settings})")
    print(f"  trained:  {header['games_trained']:,} games; accuracy {percent(header['accuracy'])}")
    print(f"  created:  {header['created']}   updated: {header['updated']}")
    if isinstance(learner, HatLearner) and isinstance(game, Sticks):
        print("What it learned (balls per move in each hat):")
        for line in hat_lines(learner):
            print(line)
        return 0
    seen = insight.coverage(learner)
    if seen.total is not None:
        print(f"Coverage: it has met {seen.met:,} of the {seen.total:,} positions "
              f"(up to symmetry) where someone must move.")
        print(f"It picks a winning move in {percent(seen.winning_share)} of the "
              f"positions that have one, and an optimal move in "
              f"{percent(seen.optimal_share)} of those where the choice matters.")
    else:
        print(f"It has met {len(learner.graph):,} positions; the board is too big to "
              "judge every position.")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from . import textplay

    if not args.text:
        return open_window(args.game)
    game = make_game(args)
    opponent = resolve_player(args.opponent, game, args.seed) if args.opponent else None
    if isinstance(game, Sticks):
        textplay.play_sticks(opponent, seed=args.seed)
    elif isinstance(game, Nim):
        if opponent is None:
            opponent = textplay.cs50_training(game, seed=args.seed)
        human = {"human": 0, "ai": 1, "random": None}[args.first]
        textplay.play_nim(game, opponent, human_player=human, seed=args.seed)
    else:
        textplay.play_tictactoe(opponent or MinimaxPlayer(game), human_mark=args.mark)
    return 0


def cmd_arena(args: argparse.Namespace) -> int:
    game = make_game(args)
    a = resolve_player(args.players[0], game, args.seed)
    b = resolve_player(args.players[1], game, None if args.seed is None else args.seed + 1)
    names = [getattr(p, "name", None) or spec for p, spec in zip((a, b), args.players, strict=True)]
    if names[0] == names[1]:
        names = [f"{names[0]} (1)", f"{names[1]} (2)"]
    result = match(game, a, b, args.games)
    print(f"{names[0]} vs {names[1]}: {game.describe_rules()}, {args.games:,} games, "
          "taking turns to move first")
    width = max(len(n) for n in names + ["player"])
    print(f"{'player'.ljust(width)}  {'wins':>6} {'losses':>6} {'draws':>6}   "
          f"{'wins moving first':>17} {'wins moving second':>18}")
    b_wins_first = result.losses_second  # b moved first when a moved second
    b_wins_second = result.losses_first
    print(f"{names[0].ljust(width)}  {result.wins:>6} {result.losses:>6} {result.draws:>6}   "
          f"{result.wins_first:>17} {result.wins_second:>18}")
    print(f"{names[1].ljust(width)}  {result.losses:>6} {result.wins:>6} {result.draws:>6}   "
          f"{b_wins_first:>17} {b_wins_second:>18}")
    return 0


def open_window(game: str | None = None) -> int:
    """The window, on the menu or on `game`'s set-up screen."""
    try:
        from .ui import app as window
    except ImportError as err:
        raise CliError(f"the window needs pygame-ce and pygame_gui ({err}); "
                       "'make run' installs them") from None
    window.main(game)
    return 0


COMMANDS = {"train": cmd_train, "list": cmd_list, "inspect": cmd_inspect, "play": cmd_play,
            "arena": cmd_arena}


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        if args.command is None:
            return open_window()
        return COMMANDS[args.command](args)
    except CliError as err:
        print(f"nimgame: error: {err}", file=sys.stderr)
        return 2
    except EOFError:
        print()
        return 0
    except KeyboardInterrupt:
        print()
        return 130
