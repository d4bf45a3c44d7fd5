"""The command line: train, list, inspect, play (text) and arena.

Every error is one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import signal
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from .. import (
    spiel_bot,  # noqa: F401 - adds OpenSpiel's bot to the players
    storage,
)
from ..games import KITS, AnyGame, Nim, Sticks, kit_for, make_game
from ..learning import insight
from ..learning.evaluation import match, optimal_move_share, too_long
from ..learning.training import EXPLORE, TRAINING_OPPONENTS, train, training_opponent
from ..match import Seat
from ..players import (
    LEARNERS,
    PLAYERS,
    HatLearner,
    Player,
    make_learner,
)
from ..safetext import escape, percent
from ..session import (
    AI_NAME,
    MatchSetup,
    Named,
    choice_of,
    default_opponent,
    opponents,
    player_for,
    seat_for,
)
from ..storage import BrainFileError, NameTaken, SaveError
from ..typed import decimal, whole_number

GAME_NAMES = tuple(KITS)


class CliError(Exception):
    """A mistake by the person at the keyboard: shown as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, not usage + message
        raise CliError(escape(message, 200))


# -- what each option accepts (the README lists the same bounds) ---------------------------

MAX_TRAIN_GAMES = 10_000_000   # about two minutes of the fastest learner
MAX_ARENA_GAMES = 1_000_000
MAX_SEED = 2**63 - 1


def whole(low: int, high: int, what: str) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high` (see `typed.whole_number`)."""
    def parse(text: str) -> int:
        try:
            return whole_number(text, low, high, what)
        except ValueError as err:
            raise argparse.ArgumentTypeError(str(err)) from None
    return parse


def fraction(low_open: bool, what: str) -> Callable[[str], float]:
    """An argparse type: a decimal number in (0, 1] if `low_open`, else in [0, 1]."""
    def parse(text: str) -> float:
        try:
            return decimal(text, low_open, what)
        except ValueError as err:
            raise argparse.ArgumentTypeError(str(err)) from None
    return parse


def brain_name(text: str) -> str:
    try:
        return storage.check_name(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(f"--name: {err}") from None


def option_type(parse: Callable[[str], Any]) -> Callable[[str], Any]:
    """A game kit's option parser as an argparse type (its ValueError says what and why)."""
    def parse_text(text: str) -> Any:
        try:
            return parse(text)
        except ValueError as err:
            raise argparse.ArgumentTypeError(str(err)) from None
    return parse_text


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """Every game's rules as options (games that share a flag share its meaning); each
    defaults to None, so a game's kit knows what was given."""
    seen: set[str] = set()
    for kit in KITS.values():
        for option in kit.options:
            if option.flag in seen:
                continue
            seen.add(option.flag)
            if option.parse is None:
                parser.add_argument(option.flag, action="store_true", help=option.help)
            else:
                parser.add_argument(option.flag, type=option_type(option.parse), default=None,
                                    help=option.help)


def add_seed_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=whole(0, MAX_SEED, "--seed"), default=None,
                        help="make the run repeatable: 0 to 2**63-1")


def build_parser() -> Parser:
    parser = Parser(prog="nimgame", description="Nim, the Game of Sticks and Tic-Tac-Toe "
                    "against AIs that learn. With no command, the window opens.")
    sub = parser.add_subparsers(dest="command", parser_class=Parser)

    p = sub.add_parser("train", help="train a learner and save it as a brain file")
    p.add_argument("game", choices=GAME_NAMES)
    p.add_argument("--learner", choices=LEARNERS, default="q")
    p.add_argument("--games", type=whole(1, MAX_TRAIN_GAMES, "--games"), default=10_000,
                   help="training games, 1 to 10,000,000 (default 10,000)")
    add_game_options(p)
    p.add_argument("--opponent", choices=TRAINING_OPPONENTS, default="self")
    p.add_argument("--alpha", type=fraction(True, "--alpha"), default=0.5,
                   help="Q-learning rate, 0 < alpha <= 1 (default 0.5)")
    p.add_argument("--epsilon", type=fraction(False, "--epsilon"), default=0.1,
                   help="Q-learning exploration while training, 0 to 1 (default 0.1)")
    p.add_argument("--explore", type=fraction(False, "--explore"), default=EXPLORE,
                   help="the share of games that start from a position a person can reach, "
                        f"drawn at random (exploring starts), 0 to 1 (default {EXPLORE})")
    add_seed_option(p)
    p.add_argument("--name", type=brain_name, default=None,
                   help=f"what to call it: 1 to {storage.NAME_LIMIT} visible characters")
    p.add_argument("--out", default=None, help="file to write (default: the brains folder)")
    p.add_argument("--force", action="store_true",
                   help="replace a saved brain of another game, learner or name")

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
    p.add_argument("--cs50", action="store_true",
                   help="Nim in the terminal exactly as CS50's play.py: piles numbered from 0, "
                        "each training game printed (without it, piles count from 1)")
    p.add_argument("--stage", choices=("1", "2", "3"), default=None,
                   help="Sticks in the terminal as the seed's program at its step 1 (players "
                        "only), 2 (and a computer that learns) or 3 (and a trained one; the "
                        "default)")
    p.add_argument("--model", choices=("shared", "two"), default=None,
                   help="Sticks: how the trained computer learns: one set of hats for both "
                        "sides (shared, the default: it learns faster) or the seed's two AIs")
    p.add_argument("--kuet", action="store_true",
                   help="KUET's NimX console game: Easy (3 games against IDA*) or Hard (6, "
                        "minimax and alpha-beta, then the genetic algorithm's selection)")
    add_game_options(p)
    add_seed_option(p)

    p = sub.add_parser("arena", help="one AI against another")
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
    return parser


# -- helpers -------------------------------------------------------------------------------

def game_options(args: argparse.Namespace) -> dict[str, Any]:
    """Every game option's value on the command line (None or False where not given)."""
    return {option.key: getattr(args, option.key)
            for kit in KITS.values() for option in kit.options}


def game_rules(args: argparse.Namespace) -> dict[str, Any]:
    """The game options given on the command line, as the game's rules."""
    return kit_for(args.game).rules_from_options(game_options(args))


def cli_game(args: argparse.Namespace) -> AnyGame:
    try:
        return make_game(args.game, game_rules(args))
    except ValueError as err:
        raise CliError(str(err)) from None


def resolve_player(spec: str, game: AnyGame | None, seed: int | None = None) -> Player:
    """A registry player by name, or a saved brain by file or name (of `game`, if given;
    without a game, only a brain can be meant: it brings its own)."""
    try:
        if game is None:
            return storage.load(storage.find_brain(spec))
        return player_for(choice_of(spec), game, seed)
    except BrainFileError as err:
        if str(err).startswith("no brain called"):
            raise CliError(f"unknown player '{escape(spec, 40)}': not one of "
                           f"{', '.join(PLAYERS)}, nor a saved brain (see 'list')") from None
        raise CliError(f"{escape(spec, 40)}: {err}") from None
    except ValueError as err:   # a registry kind that cannot play this game
        raise CliError(str(err)) from None


def sticks_opponent(args: argparse.Namespace) -> tuple[Player | None, int | None]:
    """Text-mode Sticks' opponent, and the heap: --sticks if given, else a saved brain's own
    heap (it learned that one), else None (the dialogue asks, as the seed does)."""
    if args.opponent is None:
        return None, args.sticks
    if args.sticks is not None or args.opponent in PLAYERS:
        return resolve_player(args.opponent, cli_game(args), args.seed), args.sticks
    brain = resolve_player(args.opponent, None, args.seed)
    if not isinstance(brain.game, Sticks) or brain.game.max_take != (args.max_take or 3):
        raise CliError(f"{escape(args.opponent, 40)}: this brain plays "
                       f"{escape(brain.game.describe_rules(), 100)}, not the Game of Sticks "
                       f"taking 1 to {args.max_take or 3}")
    return brain, brain.game.sticks


def duration(seconds: float | None) -> str:
    if seconds is None:
        return "?"
    seconds = int(round(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"


# -- commands ------------------------------------------------------------------------------

def cmd_train(args: argparse.Namespace) -> int:
    game = cli_game(args)
    try:
        settings = {"alpha": args.alpha, "epsilon": args.epsilon} if args.learner == "q" \
            else {}
        learner = make_learner(args.learner, game, **settings)
    except ValueError as err:
        raise CliError(str(err)) from None
    learner.name = args.name or f"{game.name}-{args.learner}"
    if not args.force:  # say so now, not after the training
        try:
            other = storage.would_replace(learner, args.out)
        except (SaveError, OSError):
            other = None  # the save itself will say what is wrong with the place
        if other:
            where = "that file" if args.out else "that name"
            raise CliError(f"{other} is saved under {where}; add --force to replace it, or "
                           f"choose another {'--out' if args.out else '--name'}")
    try:
        opponent = training_opponent(args.opponent, game, args.seed)
    except ValueError as err:
        raise CliError(str(err)) from None
    tty = sys.stdout.isatty()
    last_line = [0.0]

    def progress(done: int, total: int, stats: dict[str, Any]) -> None:
        rate, eta = stats["games_per_second"], stats["eta_seconds"]
        text = f"{done:,}/{total:,} games  {rate:,.0f} games/s  {duration(eta)} left"
        if tty:
            filled = int(30 * done / total)
            print(f"\r[{'#' * filled}{'-' * (30 - filled)}] {text}   ", end="", flush=True)
        elif time.monotonic() - last_line[0] >= 1 or done == total:
            last_line[0] = time.monotonic()
            print(text, flush=True)

    stop = [False]

    def on_interrupt(signum: int, frame: Any) -> None:
        stop[0] = True

    previous = signal.signal(signal.SIGINT, on_interrupt)
    try:
        report = train(learner, args.games, seed=args.seed, opponent=opponent,
                       progress=progress, should_stop=lambda: stop[0], curve_points=4,
                       explore=args.explore)
    finally:
        signal.signal(signal.SIGINT, previous)
    if tty:
        print()
    if report.stopped:
        print(f"Stopped after {report.games:,} games; keeping what it learned.")
    if learner.accuracy is None or report.stopped:
        learner.accuracy = optimal_move_share(learner)
    print(f"Trained {report.games:,} games in {report.training_seconds:.1f} s "
          f"({report.games_per_second:,.0f} games/s); optimal moves: "
          f"{percent(learner.accuracy)}")
    try:
        path = storage.save(learner, args.out, force=args.force)
    except NameTaken as err:
        raise CliError(f"{err}; add --force to replace it, or choose another --name") from None
    except SaveError as err:
        raise CliError(f"not saved: {err}") from None
    print(f"Saved '{escape(learner.name)}' to {escape(str(path), 200)}")
    return 0


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
        game = storage.game_from_header(h)
        rows.append((escape(info.name, 40), game.title, escape(game.short_rules(), 40),
                     PLAYERS[h["learner"]].label,
                     f"{h['games_trained']:,}", percent(h.get("accuracy")),
                     escape(str(h.get("updated", ""))[:16].replace("T", " "))))
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
    return lines + [insight.sticks_rule(learner).words]


def cmd_inspect(args: argparse.Namespace) -> int:
    try:
        path = storage.find_brain(args.brain)
        header = storage.read_header(path)
        learner = storage.load(path)
    except BrainFileError as err:
        raise CliError(f"{escape(args.brain, 40)}: {err}") from None
    game = learner.game
    print(f"{escape(header['name'] or path.stem)}  ({escape(str(path), 200)})")
    print(f"  game:     {escape(game.describe_rules(), 200)}")
    settings = ", ".join(f"{k}={v}" for k, v in learner.settings().items())
    print(f"  learner:  {PLAYERS[header['learner']].label} ({settings})")
    print(f"  trained:  {header['games_trained']:,} games; accuracy {percent(header['accuracy'])}")
    print(f"  created:  {escape(header['created'])}   updated: {escape(header['updated'])}")
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

    for flag, what in (("cs50", "as CS50's play.py does"), ("kuet", "as KUET's NimX does")):
        if getattr(args, flag) and args.game != "nim":
            raise CliError(f"--{flag} plays Nim {what}; it is not for {args.game}")
    for flag in ("stage", "model"):
        if getattr(args, flag) is not None and args.game != "sticks":
            raise CliError(f"--{flag} is for the Game of Sticks, not {args.game}")
    if args.stage is not None or args.model is not None:
        args.text = True   # the seed's stages are terminal programs
    if args.kuet:
        if args.cs50 or window_options(args):
            raise CliError("--kuet plays KUET's own game: it draws its boards and "
                           "chooses its opponents (only --seed goes with it)")
        from .nimx import play_nimx

        play_nimx(seed=args.seed)
        return 0
    if not args.text and not args.cs50:
        return open_window(args.game, window_setup(args) if window_options(args) else None)
    game = cli_game(args)
    if isinstance(game, Sticks):
        opponent, sticks = sticks_opponent(args)
        textplay.play_sticks(opponent, seed=args.seed, sticks=sticks, max_take=game.max_take,
                             stage=int(args.stage or 3), model=args.model or "shared")
        return 0
    opponent = (None if args.opponent is None else textplay.practised(
        resolve_player(args.opponent, game, args.seed), args.opponent, args.seed))
    if isinstance(game, Nim):
        if opponent is None:
            opponent = textplay.cs50_training(game, seed=args.seed, cs50=args.cs50)
        human = {"human": 0, "ai": 1, "random": None}[args.first]
        textplay.play_nim(game, opponent, human_player=human, seed=args.seed, cs50=args.cs50)
    else:
        if opponent is None:   # the game's own opponent, as the window sets it up
            kind = kit_for(game).default_opponent
            opponent = textplay.practised(resolve_player(kind, game, args.seed), kind,
                                          args.seed)
        textplay.play_text(game, opponent, 0 if human_moves_first(args) else 1)
    return 0


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
          f"{'wins moving first':>17} {'wins moving second':>18}")
    b_wins_first = result.losses_second  # b moved first when a moved second
    b_wins_second = result.losses_first
    print(f"{names[0].ljust(width)}  {result.wins:>6} {result.losses:>6} {result.draws:>6}   "
          f"{result.wins_first:>17} {result.wins_second:>18}")
    print(f"{names[1].ljust(width)}  {result.losses:>6} {result.wins:>6} {result.draws:>6}   "
          f"{b_wins_first:>17} {b_wins_second:>18}")
    return 0


def outside_player(spec: str, game: AnyGame) -> Player:
    """`--player module:function`: the user's policy as a player (the rl extra)."""
    try:
        from ..envs.policy import PolicyPlayer, load_policy
    except ImportError as err:
        raise CliError(f"--player needs the rl extra (pip install nimgame[rl]): {err}"
                       ) from None
    try:
        name, policy = load_policy(spec)
        return PolicyPlayer(game, policy, name)
    except ValueError as err:
        raise CliError(str(err)) from None


def window_options(args: argparse.Namespace) -> bool:
    """Whether `play` was given rules or an opponent (then the window opens on the board
    they make; without, on the game's set-up screen)."""
    return (args.opponent is not None or any(
                value not in (None, False) for value in game_options(args).values())
            or args.first != "random"
            or args.mark != "X")


def window_setup(args: argparse.Namespace) -> MatchSetup:
    """The board `play GAME --options` opens in the window: the rules given, against the
    opponent given or the set-up screen's default, the person moving first as --first or
    --mark say (the window says if it cannot draw the board)."""
    game = cli_game(args)
    try:
        if args.opponent is None:
            choices = opponents(args.game, game, [])
            other, _ = seat_for(choices[default_opponent(args.game, choices)], game)
        elif args.opponent in PLAYERS:   # as the set-up makes it (a learner practises first)
            other, _ = seat_for(Named(args.opponent), game)
        else:
            brain = resolve_player(args.opponent, game, args.seed)
            other = Seat(AI_NAME, brain, label=getattr(brain, "name", "") or brain.label)
    except ValueError as err:   # a kind of player that cannot play these rules
        raise CliError(str(err)) from None
    me = Seat("Player")
    return MatchSetup(game, (me, other) if human_moves_first(args) else (other, me))


def human_moves_first(args: argparse.Namespace) -> bool:
    """--mark O moves second; --first says who moves first; without it the person does,
    or it is drawn where the game's seed draws it (CS50's Nim)."""
    if args.mark != "X":
        return False
    if args.first != "random":
        return bool(args.first == "human")
    return not kit_for(args.game).first_mover_drawn or random.Random(args.seed).random() < 0.5


def open_window(game: str | None = None, setup: MatchSetup | None = None) -> int:
    """The window, on the menu, on `game`'s set-up screen, or on the board of `setup`."""
    try:
        from ..ui import app as window
    except ImportError as err:
        raise CliError(f"the window needs pygame-ce and pygame_gui ({err}); "
                       "'make run' installs them") from None
    try:
        window.main(game, setup)
    except window.CannotShow as err:
        raise CliError(f"the window cannot show this board ({err}); play it with --text") \
            from None
    return 0


COMMANDS = {"train": cmd_train, "list": cmd_list, "inspect": cmd_inspect, "play": cmd_play,
            "arena": cmd_arena}


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; its exit status. Whatever happens, at most one line on stderr:
    2 for a mistake, 130 for Ctrl-C, 1 when the output cannot be written (a closed pipe
    ends quietly, as `nimgame list | head -1` expects)."""
    if isinstance(sys.stdin, io.TextIOWrapper):  # bytes that are not UTF-8 are not a crash
        sys.stdin.reconfigure(errors="replace")
    try:
        return _run(argv)
    except BrokenPipeError:
        _silence_stdout()
        return 1
    except OSError as err:  # the output cannot be written: /dev/full, a closed terminal
        _silence_stdout()
        _say(f"nimgame: error: cannot write the output: {escape(err.strerror or err, 100)}")
        return 1


def _run(argv: Sequence[str] | None) -> int:
    try:
        args = build_parser().parse_args(argv)
        if args.command is None:
            return open_window()
        return COMMANDS[args.command](args)
    except CliError as err:
        _say(f"nimgame: error: {err}")
        return 2
    except EOFError:
        print("\nEnd of input: goodbye.")
        return 0
    except KeyboardInterrupt:
        print(flush=True)
        _say("nimgame: interrupted")
        return 130


def _say(line: str) -> None:
    """One line on stderr, even if stderr is gone."""
    try:
        print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush of the dead pipe does not
    print "Exception ignored ..." on the way out."""
    stdout = sys.stdout
    if stdout is not sys.__stdout__ or stdout is None:  # replaced (a test capturing it) or
        return                                          # none at all: leave it alone
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stdout.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file
        pass
