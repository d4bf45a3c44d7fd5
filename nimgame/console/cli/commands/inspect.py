"""`nimgame inspect BRAIN`: what a saved brain has learned."""

from __future__ import annotations

import argparse

from .... import storage
from ....games import kit_for
from ....learning import insight
from ....players import PLAYERS, HatLearner
from ....safetext import escape, percent
from ....storage import BrainFileError
from ..command import Command
from ..errors import CliError


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("brain", help="a brain file or the name of a saved brain")


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
    print(f"{escape(header.name or path.stem)}  ({escape(str(path), 200)})")
    print(f"  game:     {escape(game.describe_rules(), 200)}")
    settings = ", ".join(f"{k}={v}" for k, v in learner.settings().items())
    print(f"  learner:  {PLAYERS[header.learner].label} ({settings})")
    print(f"  trained:  {header.games_trained:,} games; accuracy {percent(header.accuracy)}")
    print(f"  created:  {escape(header.created)}   updated: {escape(header.updated)}")
    if isinstance(learner, HatLearner) and kit_for(game).hat_positions(game) is not None:
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


COMMAND = Command("inspect", "what a saved brain has learned", cmd_inspect, arguments)
