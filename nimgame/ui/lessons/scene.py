"""Lessons: the list of the shipped lessons (their time and goals), and a lesson step by
step — words, a prediction, a real screen opened pre-set (the lesson goes on when the
person comes back with Esc), an explanation quoting the prediction, a question with its
answer. Next and Back by mouse or keys (Right/Left, PgDn/PgUp, Enter next), 1–6 choose, digits
type a number, O opens a run step's screen, W writes the teacher sheet (Markdown and PDF),
Esc goes back to the list, then to the menu. The lessons are data
(`session.lessons`); this screen shows them."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pygame
import pygame_gui

from ...files import data_folder
from ...session.lesson_sheets import SCREEN_WORDS, SheetError, write_sheet
from ...session.lessons import (
    RESULT,
    CheckStep,
    Lesson,
    PredictStep,
    RunStep,
    Shelf,
    Step,
    load_lessons,
    quoted,
)
from .. import theme
from ..scene import Scene, SceneHost, plain_key
from ..widgets.png import free_stem
from ..widgets.rows import BUTTON_PAD
from .measures import measured
from .openers import open_run

ROW = 40
#: A choice's row when there are more than three rows of them, and the gap between rows.
LOW_ROW, GAP = 32, 6
#: The look of the choice given: the primary button's colours, its bold at the usual size
#: (so the words measured for the layout are the words drawn, chosen or not).
CHOSEN = "#chosen"
CHOICE_KEYS = {getattr(pygame, f"K_{n}"): n for n in range(1, 10)} | {
    getattr(pygame, f"K_KP{n}"): n for n in range(1, 10)}
DIGITS = {getattr(pygame, f"K_{n}"): n for n in range(10)} | {
    getattr(pygame, f"K_KP{n}"): n for n in range(10)}
NEXT_KEYS = (pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_RETURN, pygame.K_KP_ENTER)
BACK_KEYS = (pygame.K_LEFT, pygame.K_PAGEUP)
LIST_KEYS = "Up/Down or Tab choose · Enter opens · W teacher sheet · Esc menu"


def step_keys(step: Step | None, opened: bool = False) -> str:
    """The keys line of a step: only the keys that do something on it (Enter opens a run
    step's screen until it was opened once)."""
    options = step.choices.options if isinstance(step, PredictStep | CheckStep) else ()
    run = isinstance(step, RunStep)
    return " · ".join(["Right next" if run and not opened else "Right or Enter next",
                       "Left back"]
                      + ([f"1–{len(options)} choose"] if options else [])
                      + ([("O" if opened else "Enter or O") + " open the screen"] if run
                         else [])
                      + ["W teacher sheet", "Esc lessons"])


class LessonsScene(Scene):
    def __init__(self, app: SceneHost, lesson: str | None = None,
                 folder: Path | None = None) -> None:
        """The lessons of `folder` (the shipped ones if None), `lesson` open if named."""
        super().__init__(app)
        self.shelf: Shelf = load_lessons(folder)
        self.chosen = 0                      # the lesson the list shows the goals of
        self.lesson: Lesson | None = None    # the lesson open, None: the list
        self.step = 0
        self.answers: dict[str, str] = {}    # prediction -> the answer given
        self.checked: dict[int, str] = {}    # check step -> the answer given
        self.typed = ""                      # a number being typed
        self.opened: set[int] = set()        # run steps whose screen was opened
        self.results: dict[int, str] = {}    # run step -> what its screen measured
        self.away: tuple[int, Scene] | None = None   # the run step whose screen is open
        if self.shelf.problems:   # as it is: a file's name keeps its own letters
            self.message = self.shelf.problems[0] + (
                f" (and {len(self.shelf.problems) - 1} more)"
                if len(self.shelf.problems) > 1 else "")
        if lesson is not None and lesson in self.shelf.lessons:
            self.start(self.shelf.lessons[lesson])

    # -- where the person is -----------------------------------------------------------------
    @property
    def lessons(self) -> list[Lesson]:
        return list(self.shelf.lessons.values())

    @property
    def current(self) -> Step | None:
        return self.lesson.steps[self.step] if self.lesson is not None else None

    def start(self, lesson: Lesson) -> None:
        self.lesson, self.step = lesson, 0
        self.answers, self.checked, self.opened, self.typed = {}, {}, set(), ""
        self.results, self.away = {}, None
        self.chosen = self.lessons.index(lesson)
        self.say("")

    def open_lesson(self, index: int) -> None:
        self.start(self.lessons[index])
        self.focus.set(self, None)
        self.rebuild()

    def to_list(self) -> None:
        self.lesson = None
        self.say("")
        self.focus.set(self, None)
        self.rebuild()

    def go(self, by: int) -> None:
        """The next (1) or the previous (-1) step; past the last, the list. A number typed
        and not yet answered is answered instead of going on: a check's verdict and why
        stay on the screen (going on at once put "Lesson done" or nothing over them)."""
        if self.lesson is None:
            return
        if by > 0 and self.typed:   # a number typed is answered first: its verdict shows
            self.keep_typed()
            self.rebuild()
            return
        self.keep_typed()
        step = self.step + by
        if step >= len(self.lesson.steps):
            self.say(f"Lesson done: {self.lesson.title}.", ok=True)
            self.lesson = None
            self.focus.set(self, None)
            self.rebuild()
            return
        self.step, self.typed = max(0, step), ""
        self.say("")
        self.rebuild()

    # -- answering -------------------------------------------------------------------------------
    def choose(self, number: int) -> None:
        """Choice `number` (from 1) of the question on this step."""
        step = self.current
        if not isinstance(step, PredictStep | CheckStep) or not step.choices.options:
            return
        options = step.choices.options
        if not 1 <= number <= len(options):
            self.say(f"Choose 1 to {len(options)}.")
            return
        self.answer(options[number - 1])

    def answer(self, words: str) -> None:
        step = self.current
        if isinstance(step, PredictStep):
            self.answers[step.name] = words
            self.say(f"Kept: {words}. Next when ready.", ok=True)
        elif isinstance(step, CheckStep):
            self.checked[self.step] = words
            right = words == step.answer
            self.app.sounds.play("win" if right else "lose")
            self.say(f"{'Right' if right else 'Not quite'}: the answer is {step.answer}. "
                     f"{step.why}", ok=right)
        self.rebuild()

    def type_digit(self, digit: int) -> None:
        step = self.current
        if not isinstance(step, PredictStep | CheckStep) or step.choices.options:
            return
        if len(self.typed) < 9:
            self.typed += str(digit)
        self.say("")

    def keep_typed(self) -> bool:
        """A typed number answers this step's number question; False if it is out of range."""
        step = self.current
        if not self.typed or not isinstance(step, PredictStep | CheckStep):
            return True
        typed, self.typed = self.typed, ""
        if not step.choices.accepts(str(int(typed))):
            self.say(f"{int(typed)} is not {step.choices.words()}.")
            return False
        self.answer(str(int(typed)))
        return True

    def open_screen(self) -> None:
        step = self.current
        if not isinstance(step, RunStep):
            return
        self.opened.add(self.step)
        try:
            self.away = (self.step, open_run(self.app, step))
        except (ValueError, KeyError, OSError) as err:
            self.say(f"Cannot open {SCREEN_WORDS[step.screen]}: {err}")

    def on_top(self) -> None:
        """Back from a run step's screen: what it measured, kept for {result}."""
        if self.away is not None:
            step, screen = self.away
            self.away = None
            found = measured(screen)
            if found or step not in self.results:
                self.results[step] = found

    def quoting(self) -> dict[str, str]:
        """What {name} quotes on this step: the predictions' answers, what each named run
        before it measured, and {result} what the last run before it measured."""
        assert self.lesson is not None
        left = "(nothing measured: the screen was left before it finished)"

        def said(index: int) -> str:
            return self.results.get(index, "(not run: the step was passed by)") or left

        before = [index for index, step in enumerate(self.lesson.steps[:self.step])
                  if isinstance(step, RunStep)]
        named = {step.name: said(index) for index in before
                 if isinstance(step := self.lesson.steps[index], RunStep) and step.name}
        return {**self.answers, **named, RESULT: said(before[-1]) if before else left}

    def write_sheets(self) -> None:
        """W: the teacher sheet of the lesson open (or chosen) as Markdown and PDF, in the
        lessons folder under a free name."""
        lessons = self.lessons
        if self.lesson is None and not lessons:
            return
        lesson = self.lesson or lessons[self.chosen]
        folder = data_folder("lessons")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            stem = free_stem(folder, lesson.name, (".md", ".pdf"))
            for suffix in (".md", ".pdf"):
                write_sheet(lesson, folder / f"{stem}{suffix}")
        except (SheetError, OSError) as err:
            self.say(f"The sheet was not written: {err}")
        else:
            self.say(f"Teacher sheet written: {folder / stem}.md and .pdf", ok=True)
        self.rebuild()

    # -- widgets -------------------------------------------------------------------------------
    @property
    def text_size(self) -> int:
        return max(16, min(26, self.size[1] // 40))

    def build(self) -> None:
        w, h = self.size
        bottom = h - 30 - ROW
        if self.lesson is None:
            self.button(pygame.Rect(w - 160, 16, 136, ROW), "Back  Esc", self.app.pop)
            width = min(520, w // 2 - 30)
            step = min(ROW + 8, (bottom - 80) // max(1, len(self.lessons)))
            for index, lesson in enumerate(self.lessons):
                self.button(pygame.Rect(24, 80 + index * step, width, min(ROW, step - 4)),
                            f"{index + 1}. {lesson.title} · {lesson.minutes} min",
                            partial(self.open_lesson, index), primary=index == self.chosen)
            self.button(pygame.Rect(w - 24 - 220, bottom, 220, ROW), "Teacher sheet  W",
                        self.write_sheets)
            return
        self.button(pygame.Rect(w - 200, 16, 176, ROW), "Lessons  Esc", self.to_list)
        self.button(pygame.Rect(24, bottom, 140, ROW), "Back  Left", partial(self.go, -1),
                    enabled=self.step > 0)
        last = self.step == len(self.lesson.steps) - 1
        self.button(pygame.Rect(w - 24 - 140, bottom, 140, ROW),
                    "Finish  Right" if last else "Next  Right", partial(self.go, 1), primary=True)
        self.button(pygame.Rect(w - 24 - 140 - 12 - 200, bottom, 200, ROW),
                    "Teacher sheet  W", self.write_sheets)
        shown = self.current
        area = self.answer_area()
        if isinstance(shown, RunStep):
            self.button(pygame.Rect(area.x, area.y, min(area.width, 420), ROW),
                        f"Open {SCREEN_WORDS[shown.screen]}  O", self.open_screen,
                        primary=self.step not in self.opened)
        elif isinstance(shown, PredictStep | CheckStep) and shown.choices.options:
            options = shown.choices.options
            columns, tall = self.choice_grid()
            each = (area.width - (columns - 1) * 8) // columns
            given = (self.answers.get(shown.name) if isinstance(shown, PredictStep)
                     else self.checked.get(self.step))
            for index, words in enumerate(options):
                rect = pygame.Rect(area.x + index % columns * (each + 8),
                                   area.y + index // columns * (tall + GAP), each, tall)
                text = f"{index + 1}. {words}"
                made = self.add(pygame_gui.elements.UIButton(
                    rect, text, self.manager, tool_tip_text=words,
                    object_id=CHOSEN if words == given else None))
                self.actions[made] = partial(self.answer, words)
                self.fit(made, text, each)

    def choice_grid(self) -> tuple[int, int]:
        """(columns, height of a row) of this step's choices: as many columns as keep every
        choice's words whole (measured in the chosen look, bolder), three side by side only
        in a wide window; more than three rows are made lower to leave the question room."""
        step = self.current
        if not isinstance(step, PredictStep | CheckStep) or not step.choices.options:
            return 1, ROW
        options = step.choices.options
        width = self.size[0] - 48
        font = self.manager.get_theme().get_font([CHOSEN, "button"])
        need = max(font.size(f"{n}. {words}")[0] for n, words in enumerate(options, 1)) \
            + 2 * BUTTON_PAD
        most = len(options) if width >= 900 and len(options) <= 3 else 2
        columns = next((c for c in range(most, 1, -1)
                        if (width - (c - 1) * 8) // c >= need), 1)
        rows = -(-len(options) // columns)
        return columns, ROW if rows <= 3 else LOW_ROW

    def fit(self, button: object, words: str, width: int) -> None:
        """Cut a choice's words with "…" where the button is too narrow even alone in its
        row (its tooltip has them whole)."""
        font = getattr(button, "font", None)
        if font is None or font.size(words)[0] <= width - 2 * BUTTON_PAD:
            return
        cut = len(words)
        while cut > 1 and font.size(words[:cut].rstrip() + "…")[0] > width - 2 * BUTTON_PAD:
            cut -= 1
        button.set_text(words[:cut].rstrip() + "…")   # type: ignore[attr-defined]

    def answer_area(self) -> pygame.Rect:
        """Where the choices (or the button that opens a screen) go: above Back and Next."""
        w, h = self.size
        step = self.current
        height = ROW + GAP
        if isinstance(step, PredictStep | CheckStep) and step.choices.options:
            columns, tall = self.choice_grid()
            height = -(-len(step.choices.options) // columns) * (tall + GAP)
        return pygame.Rect(24, h - 30 - ROW - 16 - height, w - 48, height)

    # -- keys ------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if not plain_key(event):
            return False
        key = event.key
        if key == pygame.K_w:
            self.write_sheets()
            return True
        if self.lesson is None:
            return self.list_key(key)
        step = self.current
        if key == pygame.K_ESCAPE:
            self.to_list()
        elif key in NEXT_KEYS or key == pygame.K_n:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and isinstance(step, RunStep) \
                    and self.step not in self.opened:
                self.open_screen()
            else:
                self.go(1)
        elif key in BACK_KEYS or key == pygame.K_b:
            self.typed = ""
            self.go(-1)
        elif key == pygame.K_o and isinstance(step, RunStep):
            self.open_screen()
        elif key == pygame.K_BACKSPACE:
            self.typed = self.typed[:-1]
        elif isinstance(step, PredictStep | CheckStep) and not step.choices.options \
                and key in DIGITS:
            self.type_digit(DIGITS[key])
        elif key in CHOICE_KEYS:
            self.choose(CHOICE_KEYS[key])
        else:
            return False
        return True

    def list_key(self, key: int) -> bool:
        lessons = self.lessons
        if not lessons:
            return False
        if key in (pygame.K_UP, pygame.K_DOWN):
            self.chosen = (self.chosen + (1 if key == pygame.K_DOWN else -1)) % len(lessons)
            self.rebuild()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_RIGHT):
            self.open_lesson(self.chosen)
        elif key in CHOICE_KEYS and CHOICE_KEYS[key] <= len(lessons):
            self.open_lesson(CHOICE_KEYS[key] - 1)
        else:
            return False
        return True

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        if self.lesson is None:
            self.draw_list(surface)
        else:
            self.draw_step(surface, self.lesson)
        keys = LIST_KEYS if self.lesson is None else step_keys(self.current,
                                                               self.step in self.opened)
        theme.text(surface, keys,
                   (w // 2, h - 6), 14, theme.MUTED, anchor="midbottom",
                   width=w - 2 * theme.GAP)

    def draw_list(self, surface: pygame.Surface) -> None:
        w, h = self.size
        theme.text(surface, "Lessons", (24, 20), 30, theme.ACCENT, bold=True)
        theme.text(surface, "Predict, run a real screen, explain: each in 10–20 minutes.",
                   (24, 56), 15, theme.MUTED, width=w - 220)
        lessons = self.lessons
        if not lessons:
            theme.text(surface, "No lessons could be read.", (24, 90), 18, theme.ERROR)
        left = min(520, w // 2 - 30) + 48
        panel = pygame.Rect(left, 80, w - left - 24, h - 80 - 30 - ROW - 16)
        lines: list[tuple[str, theme.Colour, bool]] = []
        size = max(15, min(24, h // 45))
        if lessons:
            lesson = lessons[self.chosen]
            lines.append((lesson.title, theme.ACCENT, True))
            lines.append((f"{lesson.minutes} minutes · {len(lesson.steps)} steps",
                          theme.MUTED, False))
            lines.append(("Goals:", theme.TEXT, True))
            lines += [(f"• {goal}", theme.TEXT, False) for goal in lesson.goals]
        self.draw_lines(surface, panel, lines, size)
        if self.message:
            self.draw_message(surface, pygame.Rect(24, h - 30 - ROW - 8, w - 24 - 260, 0))

    def draw_lines(self, surface: pygame.Surface, area: pygame.Rect,
                   lines: list[tuple[str, theme.Colour, bool]], size: int) -> int:
        """`lines` wrapped into `area`, made smaller (to 13) until they fit; the y below."""
        while True:
            step = theme.font(size).get_linesize()
            wrapped = [(part, colour, bold) for words, colour, bold in lines
                       for part in (theme.wrap(words, size, area.width, bold) or [""])]
            if len(wrapped) * step <= area.height or size <= 13:
                break
            size -= 1
        y = area.y
        for part, colour, bold in wrapped:
            if y + step > area.bottom + step // 2:
                break
            theme.text(surface, part, (area.x, y), size, colour, bold=bold)
            y += step
        return y

    def draw_message(self, surface: pygame.Surface, where: pygame.Rect) -> None:
        colour = theme.GOOD if self.message_ok else theme.ERROR
        parts = theme.wrap(self.message, 15, where.width)[:2]
        for index, part in enumerate(parts):
            theme.text(surface, part, (where.x, where.y - 18 * (len(parts) - index)), 15,
                       colour)

    def draw_step(self, surface: pygame.Surface, lesson: Lesson) -> None:
        w, h = self.size
        step = self.current
        assert step is not None
        theme.text(surface, lesson.title, (24, 20), 28, theme.ACCENT, bold=True,
                   width=w - 250)
        theme.text(surface, f"Step {self.step + 1} of {len(lesson.steps)} · "
                   f"{STEP_TITLES[step.kind]}", (24, 58), 16, theme.MUTED, width=w - 250)
        area = self.answer_area()
        top = 92
        below = area.y - 12 - (40 if self.message else 0)
        lines: list[tuple[str, theme.Colour, bool]] = [
            (line, theme.TEXT, False) for line in self.step_lines(step)]
        self.draw_lines(surface, pygame.Rect(24, top, w - 48, below - top), lines,
                        self.text_size)
        if self.message:
            self.draw_message(surface, pygame.Rect(24, area.y - 4, w - 48, 0))

    def step_lines(self, step: Step) -> list[str]:
        """What a step says, as paragraphs."""
        if isinstance(step, PredictStep | CheckStep):
            lines = [step.question]
            if not step.choices.options:
                given = (self.answers.get(step.name) if isinstance(step, PredictStep)
                         else self.checked.get(self.step))
                lines.append(f"Type {step.choices.words()}, then Enter: "
                             f"{self.typed or given or '…'}")
            elif isinstance(step, PredictStep):
                lines.append(f"Choose your prediction (1–{len(step.choices.options)} or "
                             "click): it is kept and shown back after the run.")
            return lines
        if isinstance(step, RunStep):
            done = ("Back from the screen: Next (Right) when ready, or open it again (O)."
                    if self.step in self.opened else
                    f"Enter or O opens {SCREEN_WORDS[step.screen]}; Esc there comes back here.")
            return [quoted(step.text, self.quoting()), done]
        return quoted(step.text, self.quoting()).split("\n")


STEP_TITLES = {"say": "read", "predict": "predict", "run": "run", "explain": "explain",
               "check": "check"}
