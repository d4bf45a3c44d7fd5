"""`nimgame train GAME`: train a learner and save it as a brain file."""

from __future__ import annotations

import argparse
import random
import signal
import sys
import time
from typing import Any, TextIO

from .... import storage
from ....games.nim import Nim as NimRules
from ....learning.evaluation import optimal_move_share
from ....learning.trace import JsonLinesTrace
from ....learning.training import (
    EXPLORE,
    TRAINING_OPPONENTS,
    TrainingStats,
    train,
    training_opponent,
)
from ....players import LEARNERS, Learner, Player, make_learner
from ....players.qlearner import DEFAULT_ALPHA, DEFAULT_EPSILON
from ....safetext import escape, percent
from ....storage import NameTaken, SaveError
from ...cs50 import nim as cs50nim
from ..command import Command
from ..errors import CliError
from ..options import (
    GAME_NAMES,
    MAX_TRAIN_GAMES,
    add_game_options,
    add_seed_option,
    brain_name,
    cli_game,
    fraction,
    whole,
)
from ..trace_file import TraceFile, check_not_a_brain, check_trace, game_range


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", choices=GAME_NAMES)
    p.add_argument("--learner", choices=LEARNERS, default="q")
    p.add_argument("--games", type=whole(1, MAX_TRAIN_GAMES, "--games"), default=10_000,
                   help="training games, 1 to 10,000,000 (default 10,000)")
    add_game_options(p)
    p.add_argument("--opponent", choices=TRAINING_OPPONENTS, default="self")
    p.add_argument("--alpha", type=fraction(True, "--alpha"), default=None,
                   help=f"Q-learning rate, 0 < alpha <= 1 (default {DEFAULT_ALPHA:g}; "
                        f"{CS50_ALPHA:g} with --cs50)")
    p.add_argument("--epsilon", type=fraction(False, "--epsilon"), default=None,
                   help="Q-learning's share of random moves while training, 0 to 1 "
                        f"(default {DEFAULT_EPSILON:g}; {CS50_EPSILON:g} with --cs50)")
    p.add_argument("--cs50", action="store_true",
                   help="train the CS50 handout's own learner instead (nim.py's NimAI, "
                        "unchanged: self-play from the first position), judged as the "
                        "others are; Nim only, not saved")
    p.add_argument("--explore", type=fraction(False, "--explore"), default=EXPLORE,
                   help="the share of games that start from a position a person can reach, "
                        f"drawn at random (exploring starts), 0 to 1 (default {EXPLORE})")
    add_seed_option(p)
    p.add_argument("--name", type=brain_name, default=None,
                   help=f"what to call it: 1 to {storage.NAME_LIMIT} visible characters")
    p.add_argument("--out", default=None, help="file to write (default: the brains folder)")
    p.add_argument("--force", action="store_true",
                   help="replace a saved brain of another game, learner or name")
    p.add_argument("--trace", type=game_range, default=None, metavar="FIRST-LAST",
                   help="write every learning update of training games FIRST to LAST "
                        "(from 1) to --trace-file, one JSON object a line")
    p.add_argument("--trace-file", default=None, metavar="PATH",
                   help="where --trace writes (replaced once the brain is saved)")


#: The handout's NimAI defaults (`nimgame.console.cs50.nim`).
CS50_ALPHA = 0.5
CS50_EPSILON = 0.1


def duration(seconds: float | None) -> str:
    if seconds is None:
        return "?"
    seconds = int(round(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"


def cmd_train(args: argparse.Namespace) -> int:
    game = cli_game(args)
    if args.cs50:
        return train_cs50(args, game)
    check_trace(args.trace, args.trace_file, args.games)
    if args.trace_file is not None:
        check_not_a_brain(args.trace_file, args.out)
    alpha = DEFAULT_ALPHA if args.alpha is None else args.alpha
    epsilon = DEFAULT_EPSILON if args.epsilon is None else args.epsilon
    try:
        settings = {"alpha": alpha, "epsilon": epsilon} if args.learner == "q" else {}
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
    # Traced in this process, as every `train` run is (the window's worker is not needed
    # here): the trace file is written as the games are played.
    trace = None if args.trace is None else TraceFile(args.trace_file).open()
    try:
        return _train_and_save(args, learner, opponent, trace)
    finally:
        if trace is not None:
            trace.discard()   # after a commit, nothing; after a failure, the partial trace


def _train_and_save(args: argparse.Namespace, learner: Learner, opponent: Player | None,
                    trace: TraceFile | None) -> int:
    out = Output(sys.stdout)
    last_line = [0.0]

    def progress(done: int, total: int, stats: TrainingStats) -> None:
        rate, eta = stats.games_per_second, stats.eta_seconds
        text = f"{done:,}/{total:,} games  {rate:,.0f} games/s  {duration(eta)} left"
        if out.tty:
            filled = int(30 * done / total)
            out.write(f"\r[{'#' * filled}{'-' * (30 - filled)}] {text}   ", end="")
        elif time.monotonic() - last_line[0] >= 1 or done == total:
            last_line[0] = time.monotonic()
            out.write(text)

    sink = None if trace is None else JsonLinesTrace(trace.out, learner.game,
                                                      learner.games_trained)
    ctrl_c = CtrlC()
    previous = signal.signal(signal.SIGINT, ctrl_c.pressed)
    try:
        try:
            report = train(learner, args.games, seed=args.seed, opponent=opponent,
                           progress=progress, should_stop=lambda: ctrl_c.count > 0,
                           curve_points=4, explore=args.explore, sink=sink,
                           traced=args.trace)
        except OSError as err:
            if trace is None:
                raise
            raise trace.failed(err) from None
        if out.tty:
            out.write("")
        if report.stopped:
            out.write(f"Stopped after {report.games:,} games; keeping what it learned.")
        accuracy = percent(learner.accuracy)
        if learner.accuracy is None or report.stopped:
            accuracy = ctrl_c.measure(learner)
        out.write(f"Trained {report.games:,} games in {report.training_seconds:.1f} s "
                  f"({report.games_per_second:,.0f} games/s); optimal moves: {accuracy}")
        if trace is not None:
            trace.finish()
        try:
            path = storage.save(learner, args.out, force=args.force)
        except NameTaken as err:
            raise CliError(f"{err}; add --force to replace it, or choose another --name") \
                from None
        except SaveError as err:
            raise CliError(f"not saved: {err}") from None
    finally:
        signal.signal(signal.SIGINT, previous)
    out.write(f"Saved '{escape(learner.name)}' to {escape(str(path), 200)}")
    if trace is not None and sink is not None:
        trace.commit()
        first, last = args.trace.start, min(args.trace.stop - 1, report.games)
        games = f"games {first:,} to {last:,}" if first <= last else "no game (stopped)"
        out.write(f"Traced {sink.lines:,} learning update{'s' * (sink.lines != 1)} of {games} "
                  f"in {escape(str(trace.path), 200)}")
    out.done()   # the output that could not be written, said now that nothing is lost
    return 0


class Output:
    """The command's lines on `stream` (None: Python had no stdout to give, as with
    `>&-`). Once a line cannot be written (a closed pipe, a full disk) the rest are let
    go, so the training goes on and is saved; `done` then raises what went wrong."""

    def __init__(self, stream: TextIO | None) -> None:
        self.stream = stream
        self.failed: OSError | None = None
        try:
            self.tty = stream is not None and stream.isatty()
        except (OSError, ValueError):
            self.tty = False

    def write(self, line: str, end: str = "\n") -> None:
        if self.stream is None or self.failed is not None:
            return
        try:
            self.stream.write(line + end)
            self.stream.flush()
        except OSError as err:
            self.failed = err
        except ValueError:   # closed
            self.stream = None

    def done(self) -> None:
        if self.failed is not None:
            raise self.failed


class CtrlC:
    """Ctrl-C while the command trains, measures what it learned and saves it: the first
    stops the training between chunks (what it learned is kept); one while it measures
    skips the measure; none stops the save."""

    def __init__(self) -> None:
        self.count = 0
        self.measuring = False

    def pressed(self, signum: int, frame: Any) -> None:
        self.count += 1
        if self.measuring:
            self.measuring = False
            raise KeyboardInterrupt

    def measure(self, learner: Learner) -> str:
        """Measure `learner`'s share of optimal moves (its `accuracy`), shown; "not measured
        (interrupted)" (and no accuracy) if Ctrl-C comes meanwhile."""
        learner.accuracy = None   # what was measured before the stop is not what is saved
        self.measuring = True
        try:
            learner.accuracy = optimal_move_share(learner)
        except KeyboardInterrupt:
            return "not measured (interrupted)"
        finally:
            self.measuring = False
        return percent(learner.accuracy)


def train_cs50(args: argparse.Namespace, game: Any) -> int:
    """`train --cs50`: the CS50 handout's NimAI, trained by the handout's own loop on the
    board given, and judged by the exact measure the suite's learners are judged by."""
    if not isinstance(game, NimRules) or not game.misere or game.max_take is not None:
        raise CliError("--cs50 trains the CS50 handout's learner, which plays misère Nim "
                       "without a cap: choose nim, without --normal or --max-take")
    given = [flag for flag, value in (
        ("--learner", args.learner != "q"), ("--opponent", args.opponent != "self"),
        ("--explore", args.explore != EXPLORE), ("--trace", args.trace is not None),
        ("--name", args.name is not None), ("--out", args.out is not None),
        ("--force", args.force)) if value]
    if given:
        raise CliError(f"--cs50 trains the handout's learner by self-play from the first "
                       f"position and does not save it: leave out {', '.join(given)}")
    ai = cs50nim.NimAI(alpha=CS50_ALPHA if args.alpha is None else args.alpha,
                       epsilon=CS50_EPSILON if args.epsilon is None else args.epsilon)
    random.seed(args.seed)   # the handout's learner draws from the random module
    out, piles = Output(sys.stdout), list(game.piles)
    ctrl_c = CtrlC()
    previous = signal.signal(signal.SIGINT, ctrl_c.pressed)
    done, started, last_line = 0, time.perf_counter(), time.monotonic()
    try:
        while done < args.games and not ctrl_c.count:
            cs50nim.play_training_game(ai, piles)
            done += 1
            if time.monotonic() - last_line >= 1:
                last_line = time.monotonic()
                out.write(f"{done:,}/{args.games:,} games")
    finally:
        signal.signal(signal.SIGINT, previous)
    seconds = time.perf_counter() - started
    if done < args.games:
        out.write(f"Stopped after {done:,} games.")
    share = optimal_move_share(cs50nim.NimAIPlayer(game, ai))
    out.write(f"Trained the CS50 handout's learner {done:,} games in {seconds:.1f} s "
              f"({done / max(seconds, 1e-9):,.0f} games/s); optimal moves: {percent(share)}")
    out.write("Not saved: brain files hold the suite's learners (--learner q trains one).")
    out.done()
    return 0


COMMAND = Command("train", "train a learner and save it as a brain file", cmd_train, arguments)
