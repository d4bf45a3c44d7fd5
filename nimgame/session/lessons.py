"""Lessons: short *predict → run → explain* walks through the learners and the screens,
written as data files (TOML, `assets/lessons/*.toml`; the format is `docs/lessons.md`) so
a teacher can write one without code. This module reads and checks them, pygame-free:
a lesson is a `Lesson` of typed steps, and a file that is broken or hostile gives a
`LessonError` whose text is one line naming the file, the step and what is wrong.

A `run` step names a screen of the window and its preset in data (`RunStep`); what each
screen accepts is `RUN_SCREENS`, checked here against the games' boards, the players, the
drills and MENACE's presets, so a lesson that loads opens what it says."""

from __future__ import annotations

import re
import string
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ..files import NotRegularFile, read_regular_file
from ..games import KITS
from ..learning.training import TRAINING_OPPONENTS
from ..players import LEARNERS, PLAYERS
from .drills import KINDS as DRILL_KINDS
from .drills import LEVELS as DRILL_LEVELS
from .menace_desk import GAMES as MENACE_GAMES
from .menace_desk import PRESET_NAMES as MENACE_PRESETS

#: A lesson file is read up to this many bytes; a longer one is refused, not cut.
MOST_BYTES = 64 * 1024
MOST_STEPS = 60
MOST_TEXT = 1_500          # characters in one text, question or explanation
MOST_TITLE = 60
MOST_GOALS = 6
MOST_CHOICES = 6
MOST_RUNS = 6              # runs in a lab preset
MINUTES = (1, 60)          # a lesson's time, in minutes, at least and at most
NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")    # a lesson's name: its file's stem
ANSWER_ID = re.compile(r"[a-z][a-z0-9_]{0,29}")   # a prediction's name, quoted as {name}
#: Quoted as {result} after a run step: what the screen it opened measured (the lab's
#: games until right, the drills' score, ...), read when the person came back.
RESULT = "result"


class LessonError(ValueError):
    """A lesson that cannot be used; str() is one line: the file, the step, what is wrong."""


# -- what a lesson is ----------------------------------------------------------------------
@dataclass(frozen=True)
class Choices:
    """What a question accepts: one of `options` (words), or a whole number from `low` to
    `high` when `options` is empty."""

    options: tuple[str, ...] = ()
    low: int = 0
    high: int = 0

    def accepts(self, answer: str) -> bool:
        if self.options:
            return answer in self.options
        try:
            return self.low <= int(answer) <= self.high
        except ValueError:
            return False

    def words(self) -> str:
        """The choices as a sheet says them: "a / b / c" or "a whole number, 1 to 100"."""
        return (" / ".join(self.options) if self.options
                else f"a whole number, {self.low} to {self.high}")


@dataclass(frozen=True)
class SayStep:
    text: str
    kind: str = "say"


@dataclass(frozen=True)
class PredictStep:
    """A question before the run: the answer is kept under `name` and quoted back as
    {name} in later steps."""

    name: str
    question: str
    choices: Choices
    kind: str = "predict"


@dataclass(frozen=True)
class RunStep:
    """Open `screen` of the window with `preset` (what `RUN_SCREENS` accepts for it); the
    lesson goes on when the person comes back (Esc or Back). `text` says what to do there.
    What the screen measured is quoted after it as {result} (until the next run) and, if
    the step has a `name`, as {name} anywhere after it."""

    screen: str
    preset: Mapping[str, Any]
    text: str
    name: str = ""
    kind: str = "run"


@dataclass(frozen=True)
class ExplainStep:
    """Text after a run; {name} quotes the answer to the prediction called `name` (or what
    the run step called `name` measured), and {result} what the last run measured."""

    text: str
    kind: str = "explain"


@dataclass(frozen=True)
class CheckStep:
    """A question with its answer (and why), told when answered."""

    question: str
    choices: Choices
    answer: str
    why: str
    kind: str = "check"


Step = SayStep | PredictStep | RunStep | ExplainStep | CheckStep


@dataclass(frozen=True)
class Lesson:
    name: str                   # the file's stem: `nimgame lesson sheet NAME`
    title: str
    minutes: int
    goals: tuple[str, ...]
    steps: tuple[Step, ...]

    def predictions(self) -> list[PredictStep]:
        return [step for step in self.steps if isinstance(step, PredictStep)]

    def checks(self) -> list[CheckStep]:
        return [step for step in self.steps if isinstance(step, CheckStep)]

    def runs(self) -> list[RunStep]:
        return [step for step in self.steps if isinstance(step, RunStep)]


def quoted(text: str, answers: Mapping[str, str]) -> str:
    """`text` with each {name} replaced by the answer given to that prediction (or
    "(not answered)"); {{ and }} are braces."""
    out = []
    for literal, field_name, _, _ in string.Formatter().parse(text):
        out.append(literal)
        if field_name is not None:
            out.append(answers.get(field_name) or "(not answered)")
    return "".join(out)


# -- what a run step may open ----------------------------------------------------------------
def _board_labels(fixed_only: bool) -> tuple[str, ...]:
    return tuple(preset.label for kit in KITS.values() for preset in kit.presets
                 if preset.rules is not None or not fixed_only)


def _one_of(values: tuple[str, ...]) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        if isinstance(value, str) and value in values:
            return None
        return f"must be one of {', '.join(repr(v) for v in values)}"
    return check


def _whole(low: int, high: int) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return None
        return f"must be a whole number from {low} to {high}"
    return check


def _rate(allow_zero: bool) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        if isinstance(value, int | float) and not isinstance(value, bool) and \
                (0 <= value <= 1 if allow_zero else 0 < value <= 1):
            return None
        return f"must be a number {'from 0' if allow_zero else 'above 0'} to 1"
    return check


#: A lab run's keys: learner kind, α, ε (left to the learner if absent), opponent, games.
LAB_RUN: dict[str, Callable[[Any], str | None]] = {
    "learner": _one_of(tuple(LEARNERS)), "alpha": _rate(False), "epsilon": _rate(True),
    "opponent": _one_of(TRAINING_OPPONENTS), "games": _whole(1, 1_000_000)}


def _lab_runs(value: Any) -> str | None:
    if not isinstance(value, list) or not 1 <= len(value) <= MOST_RUNS:
        return f"must be a list of 1 to {MOST_RUNS} runs ([[...runs]] or [{{...}}, ...])"
    for number, run in enumerate(value, start=1):
        problem = _table(run, LAB_RUN, required=("learner",))
        if problem:
            return f"run {number}: {problem}"
    return None


#: What each screen a `run` step may open accepts: key -> its check (None if right, else
#: what it must be). Every key may be left out (the screen's own default) but those
#: `REQUIRED`.
RUN_SCREENS: dict[str, dict[str, Callable[[Any], str | None]]] = {
    "menace": {"game": _one_of(tuple(MENACE_GAMES)),
               "preset": _one_of(MENACE_PRESETS)},
    "training": {"board": _one_of(_board_labels(False)), "learner": _one_of(tuple(LEARNERS))},
    "lab": {"board": _one_of(_board_labels(True)), "seeds": _whole(1, 20),
            "runs": _lab_runs},
    "drills": {"kind": _one_of(tuple(DRILL_KINDS)), "level": _whole(1, len(DRILL_LEVELS))},
    "board": {"board": _one_of(_board_labels(True)),
              "opponent": _one_of(tuple(name for name, kind in PLAYERS.items() if kind.window)),
              "first": _one_of(("person", "ai"))},
    "mcts": {"board": _one_of(_board_labels(True)), "simulations": _whole(10, 20_000)},
}
REQUIRED: dict[str, tuple[str, ...]] = {"board": ("board", "opponent"), "mcts": ("board",)}


def _table(value: Any, keys: Mapping[str, Callable[[Any], str | None]],
           required: tuple[str, ...] = ()) -> str | None:
    """What is wrong with the table `value` against `keys`, or None."""
    if not isinstance(value, dict):
        return "must be a table ({ key = value, ... })"
    for key in value:
        if key not in keys:
            return f"unknown key {str(key)[:30]!r}; it takes {', '.join(keys)}"
    for key in required:
        if key not in value:
            return f"needs {key!r}"
    for key, check in keys.items():
        if key in value:
            problem = check(value[key])
            if problem:
                return f"{key} {problem}"
    return None


# -- reading -------------------------------------------------------------------------------
class _Reader:
    """Reads one lesson's tables, saying where a problem is."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.where = ""

    def fail(self, what: str) -> LessonError:
        where = f"{self.where}: " if self.where else ""
        return LessonError(f"{self.file}: {where}{what}")

    def keys(self, table: Mapping[str, Any], allowed: tuple[str, ...],
             required: tuple[str, ...]) -> None:
        for key in table:
            if key not in allowed:
                raise self.fail(f"unknown key {str(key)[:30]!r}; "
                                f"{'it takes' if self.where else 'a lesson has'} "
                                f"{', '.join(allowed)}")
        for key in required:
            if key not in table:
                raise self.fail(f"{key!r} is missing")

    def text(self, table: Mapping[str, Any], key: str, most: int = MOST_TEXT) -> str:
        value = table.get(key)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"{key} must be text, not empty")
        if len(value) > most:
            raise self.fail(f"{key} is {len(value):,} characters; at most {most:,}")
        if any(ord(c) < 32 and c not in "\n\t" for c in value):
            raise self.fail(f"{key} holds a control character")
        return value.strip()

    def braces(self, text: str, key: str, known: set[str]) -> None:
        try:
            parsed = list(string.Formatter().parse(text))
        except ValueError as err:
            raise self.fail(f"{key}: {err} (write {{{{ and }}}} for braces)") from None
        for _, field_name, spec, conversion in parsed:
            if field_name is None:
                continue
            if field_name not in known or spec or conversion:
                raise self.fail((f"{key} quotes {{result}}, but no run step comes before it"
                                 if field_name == RESULT else
                                 f"{key} quotes {{{field_name[:30]}}}, but no earlier "
                                 "prediction or run has that name") if not spec and
                                not conversion
                                else f"{key}: write {{name}} alone, without ! or :")

    def name(self, table: Mapping[str, Any], known: set[str]) -> str:
        """A prediction's or a run's name, quoted after it as {name}: new, not "result"."""
        name = table["name"]
        if not isinstance(name, str) or not ANSWER_ID.fullmatch(name):
            raise self.fail("name must be lower-case letters, digits or _ "
                            "(a letter first, at most 30)")
        if name in known or name == RESULT:
            raise self.fail(f"a prediction or run called {name!r} is there already" if
                            name != RESULT else
                            f"{RESULT!r} is kept for what the last run measured; choose "
                            "another")
        return name

    def choices(self, table: Mapping[str, Any]) -> Choices:
        options, number = table.get("choices"), table.get("number")
        if (options is None) == (number is None):
            raise self.fail("give either choices = [...] or number = [LOW, HIGH]")
        if options is not None:
            if not isinstance(options, list) or not 2 <= len(options) <= MOST_CHOICES or \
                    not all(isinstance(o, str) and o.strip() and len(o) <= 80
                            for o in options):
                raise self.fail(f"choices must be 2 to {MOST_CHOICES} pieces of text, "
                                "each at most 80 characters")
            if len(set(options)) != len(options):
                raise self.fail("choices are not all different")
            return Choices(tuple(options))
        if not isinstance(number, list) or len(number) != 2 or not all(
                isinstance(n, int) and not isinstance(n, bool) and abs(n) < 10**9
                for n in number) or number[0] > number[1]:
            raise self.fail("number must be [LOW, HIGH], two whole numbers, LOW <= HIGH")
        return Choices((), number[0], number[1])

    def step(self, table: Any, known: set[str]) -> Step:
        if not isinstance(table, dict):
            raise self.fail("a step must be a table ([[step]])")
        kind = table.get("kind")
        if not isinstance(kind, str) or kind not in STEP_KEYS:   # (a table: unhashable)
            raise self.fail(f"kind must be one of {', '.join(STEP_KEYS)}"
                            if kind is not None else "'kind' is missing")
        self.where += f" ({kind})"
        allowed, required = STEP_KEYS[kind]
        self.keys(table, ("kind", *allowed), required)
        if kind == "say":
            return SayStep(self.text(table, "text"))
        if kind == "explain":
            text = self.text(table, "text")
            self.braces(text, "text", known)
            return ExplainStep(text)
        if kind == "predict":
            return PredictStep(self.name(table, known), self.text(table, "question"),
                               self.choices(table))
        if kind == "run":
            screen = table["screen"]
            if not isinstance(screen, str) or screen not in RUN_SCREENS:
                raise self.fail(f"screen must be one of {', '.join(RUN_SCREENS)}")
            preset = table.get("preset", {})
            problem = _table(preset, RUN_SCREENS[screen], REQUIRED.get(screen, ()))
            if problem:
                raise self.fail(f"preset: {problem}")
            text = self.text(table, "text")
            self.braces(text, "text", known)
            name = self.name(table, known) if "name" in table else ""
            return RunStep(screen, preset, text, name)
        question = self.text(table, "question")
        choices = self.choices(table)
        answer = table["answer"]
        answer = str(answer) if isinstance(answer, int) and not isinstance(answer, bool) \
            else answer
        if not isinstance(answer, str) or not choices.accepts(answer):
            raise self.fail(f"answer must be one of the choices ({choices.words()[:200]})")
        return CheckStep(question, choices, answer, self.text(table, "why"))


#: Each step kind's keys besides `kind`: (all it takes, those it needs).
STEP_KEYS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "say": (("text",), ("text",)),
    "predict": (("name", "question", "choices", "number"), ("name", "question")),
    "run": (("screen", "preset", "text", "name"), ("screen", "text")),
    "explain": (("text",), ("text",)),
    "check": (("question", "choices", "number", "answer", "why"),
              ("question", "answer", "why")),
}
TOP_KEYS = ("title", "minutes", "goals", "step")


def parse_lesson(text: str, name: str, file: str | None = None) -> Lesson:
    """The lesson `text` (TOML) called `name`; LessonError in one line naming `file` (the
    name, if not given), the step and what is wrong."""
    reader = _Reader(file or name)
    if not NAME.fullmatch(name):
        raise reader.fail("a lesson's file name must be lower-case letters, digits and -, "
                          "at most 40")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise reader.fail(f"not TOML: {str(err).splitlines()[0][:200]}") from None
    except RecursionError:
        raise reader.fail("not TOML: nested too deeply") from None
    return lesson_from_data(data, name, file)


def lesson_from_data(data: Any, name: str, file: str | None = None) -> Lesson:
    """The lesson called `name` from TOML's tables (`data`); LessonError as `parse_lesson`."""
    reader = _Reader(file or name)
    if not isinstance(data, dict):
        raise reader.fail("a lesson is a table of title, minutes, goals and steps")
    reader.keys(data, TOP_KEYS, TOP_KEYS)
    title = reader.text(data, "title", MOST_TITLE)
    minutes = data["minutes"]
    if not isinstance(minutes, int) or isinstance(minutes, bool) or \
            not MINUTES[0] <= minutes <= MINUTES[1]:
        raise reader.fail(f"minutes must be a whole number from {MINUTES[0]} to {MINUTES[1]}")
    goals = data["goals"]
    if not isinstance(goals, list) or not 1 <= len(goals) <= MOST_GOALS:
        raise reader.fail(f"goals must be a list of 1 to {MOST_GOALS} pieces of text")
    made_goals = []
    for number, goal in enumerate(goals, start=1):
        reader.where = f"goal {number}"
        made_goals.append(reader.text({"goal": goal}, "goal", 300))
    reader.where = ""
    steps = data["step"]
    if not isinstance(steps, list) or not 1 <= len(steps) <= MOST_STEPS:
        raise reader.fail(f"a lesson needs 1 to {MOST_STEPS} steps ([[step]] tables)")
    made: list[Step] = []
    known: set[str] = set()
    for number, table in enumerate(steps, start=1):
        reader.where = f"step {number}"
        step = reader.step(table, known)
        if isinstance(step, PredictStep):
            known.add(step.name)
        if isinstance(step, RunStep):   # what it measures, quoted after it
            known.add(RESULT)
            if step.name:
                known.add(step.name)
        made.append(step)
    return Lesson(name, title, minutes, tuple(made_goals), tuple(made))


def load_lesson(path: Path) -> Lesson:
    """The lesson in the file at `path` (its name: the file's stem); LessonError in one line
    if it cannot be read or is not a right lesson. A pipe or a folder is refused unread."""
    file = path.name
    try:
        data = read_regular_file(path, MOST_BYTES + 1)
    except NotRegularFile:
        raise LessonError(f"{file}: not a regular file (a pipe, a folder or a device)") \
            from None
    except FileNotFoundError:
        raise LessonError(f"{file}: there is no such file") from None
    except OSError as err:
        raise LessonError(f"{file}: cannot be read ({err.strerror or err})") from None
    if len(data) > MOST_BYTES:
        raise LessonError(f"{file}: longer than {MOST_BYTES // 1024} KB; a lesson is shorter")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise LessonError(f"{file}: not UTF-8 text (byte {err.start})") from None
    return parse_lesson(text, path.stem, file)


def lessons_folder() -> Path:
    """The shipped lessons: the installed package's assets/lessons (a wheel ships the
    top-level assets/ as nimgame/assets), else the checkout's own."""
    installed = Path(str(resources.files("nimgame"))) / "assets" / "lessons"
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parents[2] / "assets" / "lessons"


@dataclass(frozen=True)
class Shelf:
    """Every lesson of a folder that reads right, by name, and a line per file that does
    not."""

    lessons: dict[str, Lesson]
    problems: tuple[str, ...]


def load_lessons(folder: Path | None = None) -> Shelf:
    """The lessons in `folder` (the shipped ones if None), in the order of their file
    names (a teacher numbers them to order them)."""
    folder = lessons_folder() if folder is None else folder
    lessons: dict[str, Lesson] = {}
    problems: list[str] = []
    try:
        files = sorted(folder.glob("*.toml"))
    except OSError as err:
        return Shelf({}, (f"{folder.name}: cannot be listed ({err.strerror or err})",))
    for path in files:
        try:
            lesson = load_lesson(path)
        except LessonError as err:
            problems.append(str(err))
            continue
        lessons[lesson.name] = lesson
    return Shelf(lessons, tuple(problems))
