"""Train an AI and watch it learn: settings (`choices`), a worker process, a live
learning curve (`drawing`), and at the end save it, play it, or throw it away."""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import Future
from datetime import datetime
from typing import Any

import pygame
import pygame_gui

from ... import storage
from ...games.base import AnyGame
from ...learning.worker import END_SECONDS, CannotStart, TrainingJob, TrainingSpec
from ...players import Learner
from ...safetext import escape
from ...session import MatchSetup
from ...session.learning_steps import PausedRun
from ...typed import whole_number
from ..scene import Scene, SceneHost, plain_key
from ..widgets.dialog import confirm, dialog_answered, dialog_open
from ..widgets.fields import Field
from ..widgets.form import fit_rows
from ..widgets.rows import needed_width
from ..widgets.tips import HoverTips
from .choices import LEARNERS, MAX_GAMES, MIN_GAMES, TrainingChoices
from .drawing import CLOSE_WIDTH, WORDS_WIDTH, draw_training
from .form import LABEL_WIDTH, TrainingForm

NAME_WIDTH = 190   # the trained AI's name, beside Save, Play against it and Discard


class TrainingScene(Scene):
    overlay = True

    def __init__(self, app: SceneHost, game: AnyGame | None = None,
                 start_from: storage.BrainInfo | None = None,
                 learner: Learner | None = None) -> None:
        """Train for `game`'s rules (the first preset if None), or go on training
        `learner`, read from the saved brain `start_from`, with its own settings."""
        super().__init__(app)
        self.choices = TrainingChoices.made_for(game, start_from, learner)
        self.form = TrainingForm(self, self.choices)
        self.name = ""
        # asking whether to replace another brain of that name
        self.replace_dialog: pygame_gui.windows.UIConfirmationDialog | None = None
        # asking whether to throw the run away
        self.discard_dialog: pygame_gui.windows.UIConfirmationDialog | None = None
        #: the time a run left unsaved is kept at (tests set it)
        self.clock: Callable[[], datetime] = datetime.now
        self.job: TrainingJob | None = None
        self.trained: Learner | None = None   # the learner, once done
        self.unsaved = False                  # the trained learner is not saved yet
        self.spec: TrainingSpec | None = None  # the run going or done (its seed set)
        self.pausing = False                  # stopping the run to step through it
        self.tips = HoverTips(self)           # each control's words from the glossary
        #: the learning curve of the saved brain gone on training (the chart continues it)
        self.earlier_curve = start_from.header.curve if start_from is not None and \
            start_from.header is not None else ()

    # -- widgets ---------------------------------------------------------------------------
    def box(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(24, 24, w - 48, h - 48)

    def build(self) -> None:
        fit_rows(self, self.lay_out, 50, self.box().bottom)

    def lay_out(self, step: int) -> tuple[int, int]:
        """The widgets, rows `step` apart: where they end (with a margin), how many rows."""
        box = self.box()
        x, y = box.x + 24, box.y + 76
        busy = self.job is not None
        y = self.form.build(x, y, locked=busy or self.choices.start_from is not None,
                            busy=busy, step=step)
        y += 10

        def button(text: str, action: Callable[[], Any], width: int,
                   primary: bool = False) -> None:
            width = max(width, needed_width(self.manager, text, primary))
            self.button(pygame.Rect(self.button_x, y, width, 42), text, action,
                        primary=primary)
            self.button_x += width + 10

        self.button(pygame.Rect(box.right - 24 - WORDS_WIDTH, box.y + 18, WORDS_WIDTH, 38),
                    "Words  ?", lambda: self.app.open("glossary"))
        if self.job is None or not self.job.running:   # while a run goes, Esc stops it
            self.button(pygame.Rect(box.right - 24 - WORDS_WIDTH - 10 - CLOSE_WIDTH,
                                    box.y + 18, CLOSE_WIDTH, 38), "Close  Esc", self.app.pop)
        self.button_x = x
        self.name_entry = None
        if self.job is None and self.trained is None:
            button("Start training  Enter", self.start, 250, primary=True)
            self.step_button("Step through  T", self.step_from_start)
        elif self.trained is None:
            button("Stop, keep what it learned  Esc", self.cancel, 300, primary=True)
            self.step_button("Pause and step  P", self.pause_run)
        else:   # the name and what to do with it, on one row at the bottom: the chart
            y = max(y, box.bottom - 24 - 42)   # above it keeps its height as words come
            self.name_y = y + 3
            self.name_entry = self.add(Field(
                pygame.Rect(x + LABEL_WIDTH, y + 3, NAME_WIDTH, 36), self.manager,
                self.name or self.trained.name or "", limit=storage.NAME_LIMIT,
                placeholder="a name"))
            self.button_x = x + LABEL_WIDTH + NAME_WIDTH + 10
            button("Save  Enter", self.save, 90, primary=True)
            button("Play against it  P", self.play, 150)
            button("Discard  Del", self.discard, 90)
        rows = len(self.form.rows.labels) if self.form.rows else 0
        return y + 42 + 12, rows

    def step_button(self, text: str, action: Callable[[], Any]) -> None:
        """Stepping through, under the chart (whose drawing leaves it the room)."""
        box = self.box()
        self.button(pygame.Rect(box.x + 470, box.bottom - 24 - 42, box.width - 494, 42),
                    text, action)

    # -- actions -----------------------------------------------------------------------------
    def run_spec(self) -> TrainingSpec | None:
        """The run the choices describe, with a seed of its own (a paused run is replayed
        from it), or None having said what is wrong."""
        try:
            entry = self.form.games_entry
            typed = entry.get_text() if entry is not None else str(self.choices.games)
            self.choices.games = whole_number(typed, MIN_GAMES, MAX_GAMES, "Games")
            spec = self.choices.spec()
        except ValueError as err:
            self.say(str(err))
            return None
        spec.seed = random.randrange(2**31)
        self.spec = spec
        return spec

    def start(self) -> None:
        spec = self.run_spec()
        if spec is None:
            return
        self.say("")
        try:
            self.job = TrainingJob(spec).start()
        except CannotStart as err:   # no temporary folder, no process: one line, why
            self.say(f"Training could not start: {escape(str(err), 300)}")
            return
        self.rebuild()

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.say("Stopping…", ok=True)

    # -- stepping through (ui/steps over session.learning_steps.PausedRun) -------------------
    def step_from_start(self) -> None:
        """Step through the run these choices describe from its first game."""
        spec = self.run_spec()
        if spec is not None:
            self.open_steps(spec, 0)

    def pause_run(self) -> None:
        """Stop the worker; once it has handed over, step through the run from there (its
        games replayed here from the seed: the same games, so the same learning)."""
        if self.job is not None and self.job.running:
            self.pausing = True
            self.job.cancel()
            self.say("Pausing…", ok=True)

    def open_steps(self, spec: TrainingSpec, played: int) -> None:
        """Open the step view over the run `spec` describes, `played` games in. The run is
        made beside the frames: it may read a saved brain to start from."""
        self.say("Getting the run ready…", ok=True)
        self.later(lambda: PausedRun(spec), lambda done: self._steps_ready(done, played))

    def _steps_ready(self, done: Future[Any], played: int) -> None:
        try:
            run: PausedRun = done.result()
        except (ValueError, storage.BrainFileError) as err:
            self.say(f"The run cannot be stepped through: {escape(str(err), 200)}")
            return
        self.say("")
        self.app.open("steps", run, "Step through learning", catch_up=played,
                      hand_back=self.stepped)

    def stepped(self, learner: Learner, played: int, total: int) -> None:
        """The step-through view closed: what the run learned so far is the result, with
        the curve the worker measured up to the pause (the chart keeps drawing it, and a
        save keeps it: the games stepped through measure nothing)."""
        if self.job is not None:
            reached = self.job.started_from + played
            for point in self.job.curve:
                if point.games <= reached:
                    learner.record_point(point.games, point.optimal_share, point.win_rate)
        self.close_job()
        self.trained, self.unsaved = learner, True
        self.say(f"Stepped through: {played:,} of {total:,} games played, to save, play or "
                 "discard.", ok=True)
        if self.app.running:
            self.rebuild()

    def finish(self) -> None:
        """The worker has ended: read what it learned beside the frames (it may be big). A
        worker that failed, died or stopped answering hands over what it last saved."""
        job = self.job
        if job is None:
            return
        if job.done is None and job.snapshot is None:
            self.say(f"{job.ended} Nothing it learned had come back." if job.ended
                     else f"Training failed: {job.error}")
            self.close_job()
            self.rebuild()
            return
        if job.done is None:
            why = job.ended or f"Training failed: {job.error}."
            self.later(job.kept, lambda done: self._recovered(done, why))
            return
        self.later(job.result, self._finished)

    def _recovered(self, done: Future[Any], why: str) -> None:
        job = self.job
        learner: Learner | None = done.result()
        if learner is None:
            self.say(f"{why} What it last saved could not be read back.")
        else:
            self.trained, self.unsaved = learner, True
            self.name_new(learner)
            games = learner.games_trained - (job.started_from if job is not None else 0)
            self.say(f"{why} The run so far is kept: {games:,} games, to save, play or "
                     "discard.")
        self.close_job()
        self.rebuild()

    def _finished(self, done: Future[Any]) -> None:
        job = self.job
        try:
            trained: Learner = done.result()
        except storage.BrainFileError as err:
            self.say(f"Training failed: the result could not be read back ({err})")
            self.close_job()
        else:
            self.trained = trained
            self.unsaved = True
            self.name_new(trained)
            report = job.done if job is not None else None
            if report is not None:
                took = (f"{report.seconds:.1f} s" if report.seconds >= 0.1 else
                        "under 0.1 s")
                self.say(f"{'Stopped' if report.stopped else 'Done'}: "
                         f"{report.games:,} games in {took}", ok=True)
            if self.pausing and report is not None and self.spec is not None:
                self.pausing = False
                self.rebuild()
                self.open_steps(self.spec, report.games)
                return
        self.rebuild()

    def name_new(self, trained: Learner) -> None:
        """The name offered for a new run's learner, finished or kept when its worker ended
        (a saved brain gone on training keeps its own)."""
        if not self.choices.start_from:
            trained.name = self.offered_name(trained)

    def offered_name(self, learner: Learner) -> str:
        """The name saving `learner` offers: a saved brain gone on training keeps its own,
        a new run is called after its game, learner and thousands of games."""
        start = self.choices.start_from
        if start is not None:
            return start.name
        game, _ = self.choices.presets[self.choices.preset]
        return f"{game}-{LEARNERS[self.choices.learner]}-{learner.games_trained // 1000}k"

    def close_job(self) -> None:
        if self.job is not None and self.app.running:
            self.job.close_soon()   # the window does not wait for the process to end
        elif self.job is not None:
            # The window is closing: end the process before it. It has had its time to
            # hand over (`keep`); one that has not is ended, even if stopped.
            self.job.close(timeout=END_SECONDS)
        self.job = None

    def save(self, replace: bool = False) -> None:
        """Save under the typed name. Going on with a saved brain writes its own file; a
        name that belongs to a different brain is asked about first (`replace` is the
        answer), and a file that cannot be written says why, keeping the learner here."""
        trained = self.trained
        if trained is None:
            return
        try:
            name = storage.check_name(self.name_entry.get_text() if self.name_entry else "")
        except ValueError as err:
            self.say(f"Name: {err}.")
            return
        trained.name = name
        where = self.choices.start_from.path if self.choices.start_from else None
        force = replace or where is not None
        try:
            other = None if force else storage.would_replace(trained, where)
            if other:
                self.replace_dialog = confirm(
                    self, "Replace a saved AI?", f"A different AI, {other}, is saved under "
                    "that name. Replace it with this one?", "Replace")
                self.focus.set(self, self.replace_dialog.cancel_button)   # the safe answer
                return
            path = storage.save(trained, where, force=force)
        except (storage.SaveError, OSError) as err:
            self.say(f"Not saved: {escape(str(err), 200)}")
            return
        self.unsaved = False
        self.say(f"Saved '{escape(name, 40)}' in the library as {escape(path.name, 60)}",
                 ok=True)

    def play(self) -> None:
        if self.trained is not None:
            self.app.open("board", MatchSetup.against(self.trained, self.app.settings.name),
                          replace=True)

    def discard(self) -> None:
        """Ask first (`dialog_answered`: Enter or Y throws the run away, Esc or N keeps it;
        its answer arrives as UI_CONFIRMATION_DIALOG_CONFIRMED, as a click's does)."""
        if self.trained is None:
            return
        what = ("Throw away what this run learned? It is not saved." if self.unsaved
                else "Put this run away? It stays saved in the library.")
        self.discard_dialog = confirm(self, "Discard this run?", f"{what} Enter or Y: discard "
                                      "it. Esc or N: keep it.", "Discard")
        # The ring on the answer Enter gives, as every yes/no box has it on the button
        # Enter presses (Leave's and Delete's: Cancel), never left on the screen's button
        # under the box (where Enter pressed nothing).
        self.focus.set(self, self.discard_dialog.confirm_button)

    def discarded(self) -> None:
        self.trained, self.unsaved = None, False
        self.close_job()
        self.say("Discarded.", ok=True)
        self.rebuild()

    # -- events ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        self.tips.see(event)
        if self.discard_dialog is not None and event.type == \
                pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and \
                event.ui_element is self.discard_dialog:
            self.discarded()
            return True
        if self.discard_dialog is not None and self.discard_dialog.alive():
            return dialog_answered(self.discard_dialog, event)
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and \
                event.ui_element is self.replace_dialog:
            self.replace_dialog = None
            self.save(replace=True)
            return True
        if self.replace_dialog is not None and self.replace_dialog.alive():
            return dialog_open(self.replace_dialog, event)
        if event.type in (pygame_gui.UI_TEXT_ENTRY_CHANGED, pygame_gui.UI_TEXT_ENTRY_FINISHED) \
                and event.ui_element is self.name_entry and self.name_entry is not None:
            self.name = self.name_entry.get_text()
            if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:   # Enter in the name field
                self.save()
            return True
        if self.form.handle(event):
            return True
        if super().handle_event(event):
            return True
        if self.shortcut(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and \
                self.job is not None and self.job.running:
            self.cancel()   # Esc mid-run stops it, keeping what it learned (then Esc leaves)
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or (
            event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE)

    def shortcut(self, event: pygame.event.Event) -> bool:
        """The screen's keys: Enter starts a run, or saves the one done (in the name field
        too); T steps through from the start, P pauses a run to step through it or plays
        against the one done, Del discards it (these three not while typing a name)."""
        done = self.trained is not None and (self.job is None or not self.job.running)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.job is None and self.trained is None:
                self.start()
            elif done:
                self.save()
            return self.job is None or done
        typing = any(getattr(w, "is_focused", False) for w in self.widgets)
        if not plain_key(event) or typing or \
                event.key not in (pygame.K_t, pygame.K_p, pygame.K_DELETE):
            return False
        if event.key == pygame.K_DELETE:
            self.discard()
        elif event.key == pygame.K_t and self.job is None and self.trained is None:
            self.step_from_start()
        elif event.key == pygame.K_p and done:
            self.play()
        elif event.key == pygame.K_p:
            self.pause_run()
        return True

    def update(self, dt: float) -> None:
        rows = self.form.rows
        self.tips.update(dt, paused=rows is not None and any(
            menu.current_state is menu.menu_states["expanded"] for menu in rows.dropdowns))
        if self.job is not None and self.trained is None and not self.waiting:
            self.job.poll()
            if not self.job.running:
                self.finish()

    def exit(self) -> None:
        self.keep_unsaved()
        self.close_job()   # the worker never outlives the scene
        super().exit()

    def keep_unsaved(self) -> None:
        """Leaving loses nothing: a run still going is stopped, and what it learned, or a
        result not saved yet, is saved under the name it would have been saved as, marked
        "(unsaved <date time>)" (`storage.unsaved_name`), for the library to list apart,
        rename or delete (never over another brain). A brain that cannot be saved is let
        go."""
        learner = self.trained if self.unsaved else None
        if self.trained is None and self.job is not None:
            learner = self.job.keep()   # running, or what it handed over not yet read
        self.trained, self.unsaved = None, False
        if learner is None or not learner.games_trained:
            return
        name = storage.unsaved_name(self.kept_name(learner), self.clock())
        try:   # a name no brain has, even another window's run kept in the same minute
            storage.save_new(learner, name)
        except (storage.SaveError, OSError):   # NameTaken too: 99 runs in one minute
            return

    def kept_name(self, learner: Learner) -> str:
        """The name a run left unsaved would have been saved as: the one typed in the name
        field, if it can be a name, else the one saving offers."""
        typed = self.name_entry.get_text() if self.name_entry is not None else self.name
        try:
            return storage.check_name(typed)
        except ValueError:
            return self.offered_name(learner)

    def draw(self, surface: pygame.Surface) -> None:
        draw_training(surface, self)
