"""A lesson's printable teacher sheet: its goals, a timing for each step, what each run
opens, the questions with their choices, and the checks' answers and why. The same blocks
are written as Markdown or as a PDF (`pdf`, no dependency); `write_sheet` writes either
atomically and never replaces a file unless asked."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from pathlib import Path

from ..files import NotRegularFile, check_replaceable, write_atomically
from .lessons import (
    RESULT,
    ExplainStep,
    Lesson,
    PredictStep,
    RunStep,
    SayStep,
    Step,
    quoted,
)
from .pdf import PAGE_H, pdf_document, text_op

#: What each screen a run step opens is called on the sheet.
SCREEN_WORDS = {"menace": "MENACE (X from the menu)", "training": "Train an AI (T)",
                "lab": "Compare runs (C)", "drills": "Drills (D)",
                "board": "a board against an AI", "mcts": "the MCTS view of one decision"}
SHEET_KINDS = (".md", ".pdf")


class SheetError(Exception):
    """A sheet that was not written; str() is one line saying why (nothing was changed)."""


@dataclass(frozen=True)
class Block:
    """One piece of a sheet: a heading (level 1 or 2), a paragraph (level 0) or an item
    of a list (level 3; numbered when `number` is given), or a paragraph under the item
    above it (level 4)."""

    level: int
    text: str
    number: int | None = None


def step_minutes(lesson: Lesson) -> list[int]:
    """A suggested time per step, summing to the lesson's minutes where it can: a minute
    for words and questions (two to explain), the rest shared between the runs."""
    base = [0 if isinstance(step, RunStep) else 2 if isinstance(step, ExplainStep) else 1
            for step in lesson.steps]
    runs = [i for i, step in enumerate(lesson.steps) if isinstance(step, RunStep)]
    left = max(len(runs), lesson.minutes - sum(base))
    for place, index in enumerate(runs):
        base[index] = left // len(runs) + (1 if place < left % len(runs) else 0)
    return base


def preset_words(step: RunStep) -> str:
    """A run step's screen and preset in words: "Compare runs (C): board = ..., seeds = 3"."""
    parts = []
    for key, value in step.preset.items():
        if isinstance(value, list):
            value = "; ".join(", ".join(f"{k} {v}" for k, v in run.items()) for run in value
                              if isinstance(run, dict))
        parts.append(f"{key} = {value}")
    return SCREEN_WORDS[step.screen] + (f", with {'; '.join(parts)}" if parts else "")


class _Theirs(dict[str, str]):
    """Every prediction's answer, as a sheet quotes it: "[their answer to NAME]" (and
    {result}: "[what the run measured]"; a named run's {NAME}: "[what run NAME measured]")."""

    def __init__(self, runs: set[str]) -> None:
        super().__init__()
        self.runs = runs

    def get(self, key: str, default: object = None) -> str:
        if key == RESULT:
            return "[what the run measured]"
        return f"[what run {key} measured]" if key in self.runs else f"[their answer to {key}]"


def _step_line(step: Step, theirs: _Theirs) -> str:
    if isinstance(step, SayStep):
        return f"Tell: {step.text}"
    if isinstance(step, PredictStep):
        return f"Predict ({step.name}): {step.question} [{step.choices.words()}]"
    if isinstance(step, RunStep):
        named = f" ({step.name})" if step.name else ""
        return f"Run{named} {preset_words(step)}. {step.text}"
    if isinstance(step, ExplainStep):
        return f"Explain: {quoted(step.text, theirs)}"
    return f"Check: {step.question}"


def sheet_blocks(lesson: Lesson) -> list[Block]:
    """The sheet of `lesson`, block by block."""
    blocks = [Block(1, f"{lesson.title} - teacher sheet"),
              Block(0, f"Time: {lesson.minutes} minutes, {len(lesson.steps)} steps. "
                       f"Lesson file: {lesson.name}.toml (Lessons, E from the menu)."),
              Block(2, "Goals")]
    blocks += [Block(3, goal) for goal in lesson.goals]
    blocks.append(Block(2, "Timing, step by step"))
    theirs = _Theirs({step.name for step in lesson.steps
                      if isinstance(step, RunStep) and step.name})
    blocks += [Block(3, f"({minutes} min) {_step_line(step, theirs)}", number)
               for number, (step, minutes) in enumerate(
                   zip(lesson.steps, step_minutes(lesson), strict=True), start=1)]
    predictions = lesson.predictions()
    if predictions:
        blocks.append(Block(2, "Predictions (asked before the run; no answer is wrong)"))
        blocks += [Block(3, f"{step.question} Choices: {step.choices.words()}.", number)
                   for number, step in enumerate(predictions, start=1)]
    checks = lesson.checks()
    if checks:
        blocks.append(Block(2, "Questions and answers"))
        for number, step in enumerate(checks, start=1):
            blocks.append(Block(3, f"{step.question} Choices: {step.choices.words()}.",
                                number))
            blocks.append(Block(4, f"Answer: {step.answer}. Why: {step.why}"))
    return blocks


def sheet_markdown(lesson: Lesson) -> str:
    """The sheet as Markdown."""
    out = []
    for block in sheet_blocks(lesson):
        text = " ".join(block.text.split())
        if block.level in (1, 2):
            out.append(f"\n{'#' * block.level} {text}\n")
        elif block.level == 3:
            out.append(f"{block.number}. {text}" if block.number is not None else f"- {text}")
        elif block.level == 4:
            out.append(f"   {text}")
        else:
            out.append(f"\n{text}\n")
    return "\n".join(out).strip().replace("\n\n\n", "\n\n") + "\n"


MARGIN, BODY, LINE = 50, 10.0, 13.0
WRAP = 95   # characters a body line holds between the margins, about


def sheet_pdf(lesson: Lesson) -> bytes:
    """The sheet as a PDF of A4 pages: headings in bold, lines wrapped at the margins."""
    pages: list[list[str]] = [[]]
    y: float = PAGE_H - MARGIN

    def line(text: str, size: float, bold: bool = False, indent: float = 0) -> None:
        nonlocal y
        if y < MARGIN + size:
            pages.append([])
            y = PAGE_H - MARGIN
        pages[-1].append(text_op(MARGIN + indent, y - size, size, text,
                                 "F2" if bold else "F1", spelled=True))
        y -= size + (LINE - BODY)

    for block in sheet_blocks(lesson):
        text = " ".join(block.text.split())
        if block.level in (1, 2):
            y -= 6
            size = 16.0 if block.level == 1 else 12.5
            for part in textwrap.wrap(text, int(WRAP * BODY / size)):
                line(part, size, bold=True)
            continue
        mark = "" if block.level in (0, 4) else f"{block.number}. " if block.number else "- "
        indent = {0: 0, 3: 14, 4: 26}[block.level]
        for index, part in enumerate(textwrap.wrap(text, WRAP - 4) or [""]):
            line((mark if index == 0 else "") + part, BODY, indent=indent if index == 0
                 or not mark else indent + 12)
        y -= 2
    return pdf_document(["\n".join(ops) for ops in pages])


def write_sheet(lesson: Lesson, path: Path, replace: bool = False) -> str:
    """Write `lesson`'s sheet to `path` (.md or .pdf, by its ending), atomically; an
    existing file only with `replace`. The line to show; SheetError in one line if not."""
    kind = path.suffix.lower()
    if kind not in SHEET_KINDS:
        raise SheetError(f"{path.name}: a sheet is written as .md or .pdf")
    data = sheet_markdown(lesson).encode("utf-8") if kind == ".md" else sheet_pdf(lesson)
    try:
        check_replaceable(path)
        write_atomically(path, data, exclusive=not replace)
    except FileExistsError:
        raise SheetError(f"{path.name} is there already; choose another name or replace it "
                         "(--force)") from None
    except NotRegularFile as err:
        raise SheetError(str(err)) from None
    except OSError as err:
        raise SheetError(f"{path.name}: cannot be written ({err.strerror or err})") from None
    return f"Teacher sheet written to {path}"
