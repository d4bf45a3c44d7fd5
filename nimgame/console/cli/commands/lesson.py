"""`nimgame lesson list` and `nimgame lesson sheet NAME --out FILE.md|FILE.pdf [--force]`:
the window's lessons (Lessons, E from the menu) listed with their time and goals, and a
lesson's teacher sheet written as Markdown or PDF (atomically; an existing file only with
--force)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ....safetext import escape
from ....session.lesson_sheets import SheetError, write_sheet
from ....session.lessons import Lesson, Shelf, load_lessons
from ..command import Command
from ..errors import CliError


def arguments(p: argparse.ArgumentParser) -> None:
    actions = p.add_subparsers(dest="action", metavar="{list,sheet}", required=True)
    actions.add_parser("list", help="the lessons: name, time, title and goals")
    sheet = actions.add_parser("sheet", help="a lesson's teacher sheet as Markdown or PDF")
    sheet.add_argument("name", help="the lesson's name as `lesson list` shows it "
                                    "(its number alone will do: 3)")
    sheet.add_argument("--out", required=True, type=Path,
                       help="the file to write: FILE.md (Markdown) or FILE.pdf")
    sheet.add_argument("--force", action="store_true", help="replace --out if it is there")


def find(shelf: Shelf, name: str) -> Lesson:
    """The lesson called `name`: its whole name, its number ("3" for "03-nim-sum") or
    its name without the number ("nim-sum"); CliError naming those there are if none."""
    for lesson in shelf.lessons.values():
        number, _, bare = lesson.name.partition("-")
        if name in (lesson.name, bare) or (name.isdigit() and number.isdigit()
                                           and int(name) == int(number)):
            return lesson
    there = ", ".join(shelf.lessons) or "none"
    raise CliError(f"no lesson called {escape(name, 40)!r}; there are {there}")


def cmd_lesson(args: argparse.Namespace) -> int:
    shelf = load_lessons()
    for problem in shelf.problems:
        print(f"nimgame: warning: {problem}", file=sys.stderr)
    if args.action == "list":
        for lesson in shelf.lessons.values():
            print(f"{lesson.name}  ({lesson.minutes} min)  {lesson.title}")
            for goal in lesson.goals:
                print(f"    - {goal}")
        return 0
    lesson = find(shelf, args.name)
    try:
        print(write_sheet(lesson, args.out, replace=args.force))
    except SheetError as err:
        raise CliError(str(err)) from None
    return 0


COMMAND = Command("lesson", "the lessons: list them, or write a teacher sheet", cmd_lesson,
                  arguments)
