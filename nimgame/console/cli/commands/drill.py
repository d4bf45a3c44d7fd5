"""`nimgame drill KIND`: the window's drills in the terminal — questions on the theory
against a clock, a score and a streak. The answers are read from stdin: a Nim move as
PILE:COUNT, a count of sticks, y or n, a number; h asks for a hint, q stops. An answer
given after the time is up is too late (the terminal cannot take a question back while
it waits for a line)."""

from __future__ import annotations

import argparse
import time
from typing import Any

from ....games import kit_for
from ....safetext import escape
from ....session.drill_run import DrillRun, Score
from ....session.drills import KINDS, LEVELS, Form, Question, working
from ...textplay import NoInput, as_number, check_input, read_answer
from ..command import Command
from ..options import add_seed_option, whole

#: The drills' clock: seconds from any origin (tests put their own here).
CLOCK = time.monotonic
MOST_QUESTIONS = 1_000

PROMPTS = {Form.YES_NO: "Lost (y/n)? ", Form.NUMBER: "Value? "}


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("kind", choices=list(KINDS), metavar="{" + ",".join(KINDS) + "}",
                   help="the drill: " + "; ".join(f"{key}: {kind.title}"
                                                  for key, kind in KINDS.items()))
    p.add_argument("--level", type=whole(1, len(LEVELS), "--level"), default=1,
                   help="; ".join(f"{made.number} {made.name}" for made in LEVELS) +
                        " (the binary table at 1, hints at 1 and 2; default 1)")
    p.add_argument("--questions", type=whole(1, MOST_QUESTIONS, "--questions"), default=10,
                   help=f"how many questions, 1 to {MOST_QUESTIONS:,} (default 10)")
    add_seed_option(p)


def prompt_for(question: Question) -> str:
    if question.form is Form.MOVE:
        return "Take how many? " if question.board.sticks else "Your move (PILE:COUNT)? "
    return PROMPTS[question.form]


def show(question: Question, number: int, total: int, table: bool) -> None:
    game = question.game
    print(f"\nQuestion {number} of {total}. {question.asks}")
    print(kit_for(game).text_board(game, question.state), end="")
    if table:
        rows = working(question)
        width = max(len(label) for label, _ in rows)
        for label, value in rows:
            print(f"  {label.ljust(width)}  {value}")


def read(question: Question, text: str) -> tuple[Any, str]:
    """`text` as an answer to `question`, or (None, what to type instead)."""
    game = question.game
    if question.form is Form.MOVE:
        try:
            return kit_for(game).parse_move(game, question.state, text), ""
        except ValueError as err:   # the kit's words: what to type, or why not that move
            return None, str(err)
    if question.form is Form.YES_NO:
        yes_no = {"y": True, "yes": True, "n": False, "no": False}.get(text.lower())
        return yes_no, "" if yes_no is not None else "Answer y or n."
    number = as_number(text)
    return number, "" if number is not None else "Answer with a whole number, like 3."


def ask(run: DrillRun) -> bool:
    """Ask the open question until it has an answer; False when the person stops (q)."""
    question = run.question
    while True:
        text = read_answer(prompt_for(question))
        if text is None:
            print("That is too long for an answer.")
            continue
        if text.lower() in ("q", "quit"):
            return False
        if text.lower() in ("h", "hint", "?"):
            lines = run.hint()
            print("\n".join(lines) if lines else "No hint at this level." if not
                  run.level.hints else "No more hints for this question.")
            continue
        answer, why = read(question, text)
        if answer is None:
            print(escape(why, 200))
            continue
        verdict = run.answer(answer)
        points = f" (+{run.points_won})" if run.points_won else ""
        print(verdict.why + points)
        return True


def tally(score: Score) -> str:
    return (f"Score {score.points} · streak {score.streak} (best {score.best_streak}) · "
            f"right {score.right} of {score.answered}")


def cmd_drill(args: argparse.Namespace) -> int:
    check_input()   # no stdin: said before the first question
    run = DrillRun(args.kind, args.level, CLOCK, seed=args.seed)
    level = run.level
    print(f"Drill: {run.kind.title} — {level.name} level ({level.seconds:.0f} s a question"
          f"{'; h for a hint' if level.hints else ''}; q to stop).")
    status = 0
    try:
        for number in range(1, args.questions + 1):
            if number > 1:
                run.next()
            show(run.question, number, args.questions, level.table)
            if not ask(run):
                break
            print(tally(run.score))
    except NoInput:
        raise
    except EOFError:   # the answers ended first: what was scored is still said
        print("\nEnd of input.")
        status = 1
    score = run.score
    print(f"\nDone: {score.right} right of {score.answered}, {score.points} points, "
          f"best streak {score.best_streak}.")
    return status


COMMAND = Command("drill", "timed questions on the theory: a score and a streak", cmd_drill,
                  arguments)
