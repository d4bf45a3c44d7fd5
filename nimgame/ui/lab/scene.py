"""The lab: choose several training runs, run each over several seeds in the training
worker's process (stoppable, its progress shown), and compare their exact curves — each
run's median line with a band from its worst seed to its best — and the games until every
position is right; export the curves and the table as CSV and the chart as PNG.

Mouse: the menus and fields. Keys: Up and Down choose a row, Left and Right change it; A
adds a run like the one shown, Delete removes it; Enter runs, Esc stops (then leaves); E
exports; L switches the chart's games between a linear and a log scale (the PNG export
too; the CSV files are the same either way).

The form takes a column of its own, the chart the rest: at 800x560 (and at 1920x1080 with
the interface at 200%) the rows come closer and the run's buttons take a second row under
Run and Export, so the run menu has the column's whole width; on a big window the rows
spread and the column widens. Where the boards' names do not fit the column (a name cut
to "Nim 1, 3, 5, 7 —…" hides normal or misère) the Game menu is as wide as they need and
the panel starts under it."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

import pygame
import pygame_gui

from ...files import data_folder
from ...learning.exports import ExportError, write_lab
from ...learning.lab import MAX_RUNS, LabJob, LabResult, LabSpec, RightRow
from ...learning.worker import END_SECONDS, CannotStart
from ...safetext import escape
from .. import theme
from ..scene import Scene, SceneHost, plain_key
from ..theme import drawable
from ..training.choices import LEARNERS, OPPONENTS, STARTS
from ..widgets.dropdown import MENU_FRAME, ChoiceMenu, chosen_text
from ..widgets.fields import Field
from ..widgets.png import free_stem, save_png
from .choices import PRESETS, ROWS, LabChoices
from .drawing import (
    Series,
    chart_image,
    chart_series,
    draw_chart,
    draw_table,
    table_height,
    x_max_of,
)

LABEL_WIDTH = 96
TOP = 64
ROW_MOST, ROW_LEAST, FIELD_HEIGHT = 64, 34, 32
BUTTON_HEIGHT, BUTTON_GAP = 36, 8
NOTE_SIZE = 13
#: What each row is called on the screen.
LABELS = {"game": "Game", "seeds": "Seeds", "every": "Check every", "run": "Run",
          "learner": "Learner", "alpha": "α", "epsilon": "ε", "starts": "Starts",
          "opponent": "Opponent", "games": "Games"}
EXPORT_SUFFIXES = ("-curves.csv", "-table.csv", "-chart.png")


class LabScene(Scene):
    def __init__(self, app: SceneHost, choices: LabChoices | None = None) -> None:
        """The lab, its board and runs as `choices` set them (a lesson's), else the first
        board with a Q-learner and hats."""
        super().__init__(app)
        self.choices = choices if choices is not None else LabChoices()
        self.job: LabJob | None = None
        self.result: LabResult | None = None    # the last lab, or the one going so far
        self.menus: dict[ChoiceMenu, str] = {}  # menu -> the row it sets
        self.fields: dict[Field, str] = {}      # field -> the row it sets
        self.row_y: dict[str, int] = {}         # where each row is (its labels drawn there)
        self.drawn: list[list[tuple[int, int]]] = []   # the chart's lines as last drawn
        self.worked: tuple[LabResult, list[Series], list[RightRow]] | None = None
        self.log_x = False                      # the chart's games on a log scale

    # -- widgets ---------------------------------------------------------------------------
    def field_width(self) -> int:
        return max(200, min(380, (self.size[0] - 160) // 3))

    def row_step(self) -> int:
        """Rows as far apart as the window's height allows, between ROW_LEAST and
        ROW_MOST, leaving room for the two rows of buttons under them."""
        room = self.size[1] - TOP - 16 - 2 * BUTTON_HEIGHT - 2 * BUTTON_GAP
        return max(ROW_LEAST, min(ROW_MOST, room // len(ROWS)))

    def game_menu_width(self) -> int:
        """The Game menu's width: the form's column where every board's name fits in it,
        else as wide as the longest name needs (up to the window's right edge, the panel
        then starting under the Game row)."""
        font = self.manager.get_theme().get_font(["drop_down_menu"])
        need = max(font.size(drawable(name))[0] for name in PRESETS) + MENU_FRAME
        if need <= self.field_width():
            return self.field_width()
        return min(need, self.size[0] - 24 - (24 + LABEL_WIDTH))

    def panel(self) -> pygame.Rect:
        """Right of the form: progress, the chart and the table (under the Game row where
        the Game menu is wider than the form's column)."""
        w, h = self.size
        left = 24 + LABEL_WIDTH + self.field_width() + 24
        top = TOP if self.game_menu_width() <= self.field_width() else TOP + self.row_step()
        return pygame.Rect(left, top, w - left - 24, h - top - 16)

    def table_room(self) -> tuple[pygame.Rect, int]:
        """Where the table is in the panel (its top left and width) and its height, for
        the runs of the result shown."""
        area = self.panel()
        rows = self.figures(self.result)[1] if self.result is not None else []
        inner = area.width - 24
        return (pygame.Rect(area.x + 12, 0, inner, 0),
                table_height(rows, inner, x_max_of(self.result) if self.result else 0))

    def chart_rect(self) -> pygame.Rect:
        """Where the chart goes in the panel, above the table of the result's runs."""
        area = self.panel()
        top = area.y + 48
        height = self.table_room()[1]
        return pygame.Rect(area.x + 12, top, area.width - 24,
                           max(120, area.bottom - 10 - height - top))

    def build(self) -> None:
        step = self.row_step()
        self.menus, self.fields, self.row_y = {}, {}, {}
        x, width = 24 + LABEL_WIDTH, self.field_width()
        busy = self.job is not None
        choices, run = self.choices, self.choices.run
        q = LEARNERS[run.learner] == "q"
        for index, name in enumerate(ROWS):
            y = TOP + index * step
            self.row_y[name] = y
            rect = pygame.Rect(x, y, width, FIELD_HEIGHT)
            if name == "game":
                self.menu(name, list(PRESETS), choices.preset,
                          pygame.Rect(x, y, self.game_menu_width(), FIELD_HEIGHT))
            elif name in ("seeds", "every"):
                self.field(name, getattr(choices, name), pygame.Rect(x, y, 100, FIELD_HEIGHT))
            elif name == "run":   # the whole width: a run's title is long
                self.menu(name, choices.run_titles(), choices.run_titles()[choices.chosen],
                          rect)
            elif name == "learner":
                self.menu(name, list(LEARNERS), run.learner, rect)
            elif name in ("alpha", "epsilon"):
                made = self.field(name, getattr(run, name),
                                  pygame.Rect(x, y, 100, FIELD_HEIGHT))
                if not q:
                    made.disable()   # hats have no rates
            elif name == "starts":
                self.menu(name, list(STARTS), run.starts, rect)
            elif name == "opponent":
                self.menu(name, list(OPPONENTS), run.opponent, rect)
            else:
                self.field(name, run.games, pygame.Rect(x, y, 120, FIELD_HEIGHT))
        # Two rows of buttons under the form, each across the form's width.
        y = TOP + len(ROWS) * step + 4
        across = LABEL_WIDTH + width
        for row in self.button_rows(busy):
            left = 24
            shares = sum(share for *_, share in row)
            for text, action, enabled, tip, share in row:
                wide = round((across - BUTTON_GAP * (len(row) - 1)) * share / shares)
                self.button(pygame.Rect(left, y, wide, BUTTON_HEIGHT), text, action,
                            primary=action in (self.run, self.stop), enabled=enabled,
                            tooltip=tip)
                left += wide + BUTTON_GAP
            y += BUTTON_HEIGHT + BUTTON_GAP

    def button_rows(self, busy: bool) -> list[list[tuple[str, Callable[[], None], bool,
                                                         str | None, int]]]:
        """The buttons under the form, a row at a time: text, action, enabled, tooltip and
        a share of the row's width."""
        runs = len(self.choices.runs)
        return [[("Stop  Esc" if busy else "Run  Enter", self.stop if busy else self.run,
                  True, None, 9),
                 ("Export  E", self.export, not busy, None, 6),
                 ("Back  Esc", self.app.pop, True, None, 6)],
                [("Add  A", self.add_run, not busy and runs < MAX_RUNS,
                  "Add a run like this one (A)", 3),
                 ("Remove  Del", self.remove_run, not busy and runs > 1,
                  "Remove this run (Delete)", 4),
                 (f"x: {'log' if self.log_x else 'linear'}  L", self.switch_scale, True,
                  "Games on a log or a linear scale, in the chart and its PNG (L)", 4)]]

    def menu(self, name: str, texts: list[str], chosen: str, rect: pygame.Rect) -> None:
        # a run's title ends in its games: cut in the middle, runs alike stay told apart
        made = self.add(ChoiceMenu(texts, chosen, rect, self.manager, middle=name == "run"))
        if self.job is not None:
            made.disable()
        self.menus[made] = name

    def field(self, name: str, text: str, rect: pygame.Rect) -> Field:
        made = self.add(Field(rect, self.manager, text, limit=9))
        if self.job is not None:
            made.disable()
        self.fields[made] = name
        return made

    # -- actions ---------------------------------------------------------------------------
    def switch_scale(self) -> None:
        """The chart's games on a log scale, or back on a linear one (the PNG export draws
        what the window shows; the CSV files hold the games either way)."""
        self.log_x = not self.log_x
        self.say(f"Games on a {'log' if self.log_x else 'linear'} scale.", ok=True)
        self.rebuild()

    def add_run(self) -> None:
        if self.job is None and not self.choices.add_run():
            self.say(f"At most {MAX_RUNS} runs at a time.")
        self.rebuild()

    def remove_run(self) -> None:
        if self.job is None and not self.choices.remove_run():
            self.say("A lab has at least one run.")
        self.rebuild()

    def run(self) -> None:
        """Check the lab beside the frames (judging a board's every position takes a good
        part of a second), then start it."""
        if self.job is not None or self.waiting:
            return
        try:
            spec = self.choices.spec()
        except ValueError as err:
            self.say(escape(str(err), 200))
            return
        self.say("Getting the lab ready…", ok=True)
        self.later(spec.check, lambda done: self.start(done, spec))

    def start(self, checked: Future[Any], spec: LabSpec) -> None:
        try:
            checked.result()
        except ValueError as err:
            self.say(escape(str(err), 200))
            return
        try:
            self.job = LabJob(spec).start()
        except CannotStart as err:
            self.say(f"The lab could not start: {escape(str(err), 200)}")
            return
        self.result = LabResult(spec)
        self.say("")
        self.rebuild()

    def stop(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.say("Stopping…", ok=True)

    def export(self) -> None:
        """The curves and the table as CSV and the chart as PNG, in the exports folder."""
        if self.result is None or not self.result.curves or self.job is not None:
            self.say("Nothing to export yet: run the lab first.")
            return
        folder = data_folder("exports")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            stem = free_stem(folder, "lab", EXPORT_SUFFIXES)
            curves, table, chart = (folder / f"{stem}{s}" for s in EXPORT_SUFFIXES)
            write_lab(self.result, curves, table)
            save_png(chart_image(self.result, log=self.log_x), chart)
        except (ExportError, OSError) as err:
            reason = err if isinstance(err, ExportError) else (err.strerror or err)
            self.say(f"Not exported: {escape(str(reason), 200)}")
            return
        self.say(f"Exported {stem}-curves.csv, -table.csv and -chart.png to "
                 f"{escape(str(folder), 120)}", ok=True)

    def close_job(self) -> None:
        if self.job is not None and self.app.running:
            self.job.close_soon()
        elif self.job is not None:
            self.job.close(timeout=END_SECONDS)
        self.job = None

    # -- events ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and element in self.menus:
            self.chose(self.menus[element], chosen_text(event))
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and element in self.fields:
            name = self.fields[element]
            target = self.choices if name in ("seeds", "every") else self.choices.run
            setattr(target, name, element.get_text())
            return True
        if event.type != pygame.KEYDOWN:
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        typing = any(getattr(w, "is_focused", False) for w in self.fields)
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.run()
        elif event.key == pygame.K_ESCAPE:
            if self.job is None:
                self.app.pop()
            else:
                self.stop()
        elif typing or not plain_key(event):
            return False
        else:
            return self.key(event.key)
        return True

    def key(self, pressed: int) -> bool:
        """A key that is not typing: move between the rows, change one, add, remove,
        export. False if it is none of these."""
        actions: dict[int, Callable[[], None]] = {
            pygame.K_a: self.add_run, pygame.K_DELETE: self.remove_run,
            pygame.K_e: self.export, pygame.K_l: self.switch_scale}
        if pressed in actions:
            actions[pressed]()
            return True
        if pressed in (pygame.K_UP, pygame.K_DOWN):
            self.choices.move_row(-1 if pressed == pygame.K_UP else 1)
            return True
        if pressed in (pygame.K_LEFT, pygame.K_RIGHT) and self.job is None:
            self.choices.step(-1 if pressed == pygame.K_LEFT else 1)
            self.rebuild()
            return True
        return False

    def chose(self, name: str, text: str) -> None:
        """A menu's choice taken (the run menu shows another run)."""
        choices = self.choices
        if name == "game":
            choices.preset = text
        elif name == "run":
            choices.chosen = choices.run_titles().index(text)
        else:
            setattr(choices.run, name, text)
        choices.row = ROWS.index(name)
        self.rebuild()

    def update(self, dt: float) -> None:
        job = self.job
        if job is None:
            return
        job.poll()
        if self.result is None or len(job.curves) != len(self.result.curves):
            self.result = job.result()
        if not job.running:
            self.result = job.result()
            if job.error or job.ended:
                self.say(f"The lab failed: {escape(job.error or job.ended, 200)}")
            else:
                done = job.progress.done
                self.say(f"{'Stopped' if self.result.stopped else 'Done'}: {done:,} games "
                         f"over {len(self.result.curves)} seed runs.", ok=True)
            self.close_job()
            self.rebuild()

    def exit(self) -> None:
        self.close_job()   # the worker never outlives the screen
        super().exit()

    def figures(self, result: LabResult) -> tuple[list[Series], list[RightRow]]:
        """The chart's series and the table's rows for `result`, worked out once for each
        result (a frame only draws them: a big lab has many thousands of points)."""
        if self.worked is None or self.worked[0] is not result:
            self.worked = (result, chart_series(result), result.table())
        return self.worked[1], self.worked[2]

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        theme.text(surface, "Lab: compare training runs", (24, 16), 26, theme.ACCENT,
                   bold=True, width=w - 48)
        focus = ROWS[self.choices.row]
        for name, y in self.row_y.items():
            colour = theme.ACCENT if name == focus else theme.TEXT
            theme.text(surface, ("› " if name == focus else "") + LABELS[name],
                       (24, y + FIELD_HEIGHT // 2), 15, colour, anchor="midleft",
                       width=LABEL_WIDTH - 4)
        run = self.choices.run
        for name in ("alpha", "epsilon"):
            if name in self.row_y and LEARNERS[run.learner] == "q":
                note = "over 0 to 1, or default" if name == "alpha" else "0 to 1, or default"
                width = self.field_width() - 108
                lines = theme.wrap(note, NOTE_SIZE, width)[:2]   # on two lines if it must
                middle = self.row_y[name] + FIELD_HEIGHT // 2
                for number, line in enumerate(lines):
                    theme.text(surface, line, (24 + LABEL_WIDTH + 108, middle + (
                        number - (len(lines) - 1) / 2) * (NOTE_SIZE + 2)), NOTE_SIZE,
                        theme.MUTED, anchor="midleft", width=width)
        self.draw_panel(surface)

    def draw_panel(self, surface: pygame.Surface) -> None:
        area = self.panel()
        theme.panel(surface, area)
        x, y, inner = area.x + 12, area.y + 10, area.width - 24
        job = self.job
        if job is not None:
            now = job.progress
            theme.text(surface, f"{now.done:,} of {now.total:,} games · run {now.run + 1}, "
                       f"seed {now.seed}", (x, y), 14, width=inner)
            bar = pygame.Rect(x, y + 22, inner, 10)
            pygame.draw.rect(surface, theme.PANEL_EDGE, bar, border_radius=4)
            if now.total:
                bar.width = int(bar.width * min(now.done, now.total) / now.total)
                pygame.draw.rect(surface, theme.ACCENT, bar, border_radius=4)
        elif self.message:
            for number, line in enumerate(theme.wrap(self.message, 14, inner)[:2]):
                theme.text(surface, line, (x, y + 18 * number), 14,
                           theme.GOOD if self.message_ok else theme.ERROR)
        else:
            hint = ("Choose the runs, then Run: each is trained with every seed and judged "
                    "on every position.")
            for number, line in enumerate(theme.wrap(hint, 14, inner)[:2]):
                theme.text(surface, line, (x, y + 18 * number), 14, theme.MUTED, width=inner)
        result = self.result
        if result is None:
            self.drawn = []
            return
        series, rows = self.figures(result)
        chart = self.chart_rect()
        self.drawn = draw_chart(surface, chart, series, x_max_of(result), self.log_x)
        height = self.table_room()[1]
        draw_table(surface, pygame.Rect(x, chart.bottom + 8, inner, height), rows,
                   result.spec.every, series, x_max_of(result))
