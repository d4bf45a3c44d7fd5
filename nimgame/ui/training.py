"""Train an AI and watch it learn: settings, a worker process, a live learning curve, and
at the end save it, play it, or throw it away."""

from __future__ import annotations

import math
from concurrent.futures import Future
from typing import Any

import pygame
import pygame_gui

from .. import storage
from ..learning.worker import TrainingJob, TrainingSpec
from ..players import LEARNERS as LEARNER_KINDS
from ..players import Learner
from ..safetext import escape
from ..typed import whole_number
from . import theme
from .chart import draw_chart
from .choices import (
    CAPS,
    PILES_LIMIT,
    PLAY,
    PRESETS,
    MatchSetup,
    custom_piles,
    nim_rules,
    typed_sticks,
)
from .dialog import confirm, dialog_open
from .fields import Field
from .scene import Scene

CUSTOM = "Nim — your own rules"
CUSTOM_STICKS = "Game of Sticks — your own count"
LEARNERS = {cls.label: kind for kind, cls in LEARNER_KINDS.items()}   # menu text -> kind
OPPONENTS = {"Itself": "self", "Random": "random", "Perfect": "perfect"}
MIN_GAMES, MAX_GAMES = 1_000, 1_000_000


def games_from_slider(value: float) -> int:
    """The slider runs on a log scale; round to two significant figures."""
    raw = 10 ** (3 + 3 * value / 100)
    digits = 10 ** max(0, int(math.log10(raw)) - 1)
    return int(min(MAX_GAMES, max(MIN_GAMES, round(raw / digits) * digits)))


def slider_from_games(games: int) -> float:
    return 100 * (math.log10(games) - 3) / 3


class TrainingScene(Scene):
    overlay = True

    def __init__(self, app, game=None, start_from: storage.BrainInfo | None = None,
                 learner: Learner | None = None) -> None:
        """Train for `game`'s rules (the first preset if None), or go on training
        `learner`, read from the saved brain `start_from`, with its own settings."""
        super().__init__(app)
        self.presets: dict[str, tuple[str, dict[str, Any] | None]] = dict(PRESETS)
        self.preset = next(iter(self.presets))
        if game is not None:
            match = next((k for k, (name, rules) in self.presets.items()
                          if name == game.name and rules is not None and storage.game_from_header(
                              {"game": name, "rules": rules}) == game), None)
            if match is None:
                match = f"This board: {game.describe_rules()}"
                self.presets[match] = (game.name, storage.header_for_rules(game))
            self.preset = match
        self.learner = "Q-learning" if learner is None else learner.label
        self.alpha, self.epsilon = 0.5, 0.1
        if start_from is not None and start_from.header is not None:
            settings = start_from.header.get("settings", {})
            self.alpha = settings.get("alpha", self.alpha)
            self.epsilon = settings.get("epsilon", self.epsilon)
        self.games = 10_000
        self.opponent = "Itself"
        self.start_from = start_from
        self.name = ""
        # asking whether to replace another brain of that name
        self.replace_dialog: pygame_gui.windows.UIConfirmationDialog | None = None
        self.job: TrainingJob | None = None
        self.trained: Learner | None = None   # the learner, once done
        self.custom_piles = "2, 4, 6"
        self.custom_play, self.custom_cap = next(iter(PLAY)), next(iter(CAPS))
        self.custom_sticks = "50"

    # -- widgets ---------------------------------------------------------------------------
    def box(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(24, 24, w - 48, h - 48)

    def build(self) -> None:
        box = self.box()
        x, y = box.x + 24, box.y + 76
        label_w, field_w = 110, 300
        self.rows: list[tuple[str, int]] = []
        self.controls: dict = {}
        busy = self.job is not None
        locked = busy or self.start_from is not None

        def row(label: str) -> int:
            nonlocal y
            self.rows.append((label, y))
            y += 50
            return y - 50

        def dropdown(key: str, label: str, options, disabled: bool = False):
            top = row(label)
            menu = self.add(pygame_gui.elements.UIDropDownMenu(
                list(options), getattr(self, key), pygame.Rect(x + label_w, top, field_w, 36),
                self.manager))
            if disabled:
                menu.disable()
            self.controls[menu] = key

        dropdown("preset", "Game", self.presets, disabled=locked)
        self.piles_entry = None
        if self.preset == CUSTOM:
            top = row("Piles")
            self.piles_entry = self.add(Field(pygame.Rect(x + label_w, top, field_w, 36),
                                              self.manager, self.custom_piles,
                                              limit=PILES_LIMIT))
            dropdown("custom_play", "Play", PLAY, disabled=locked)
            dropdown("custom_cap", "Cap", CAPS, disabled=locked)
            if locked:
                self.piles_entry.disable()
        self.sticks_entry = None
        if self.preset == CUSTOM_STICKS:
            top = row("Sticks")
            self.sticks_entry = self.add(Field(pygame.Rect(x + label_w, top, 100, 36),
                                               self.manager, self.custom_sticks, limit=6))
            if locked:
                self.sticks_entry.disable()
        dropdown("learner", "Learner", LEARNERS, disabled=locked)
        self.alpha_slider = self.epsilon_slider = None
        if self.learner == "Q-learning":
            top = row("Alpha")
            self.alpha_slider = self.add(pygame_gui.elements.UIHorizontalSlider(
                pygame.Rect(x + label_w, top, field_w - 60, 36), self.alpha, (0.05, 1.0),
                self.manager, click_increment=0.05))
            top = row("Epsilon")
            self.epsilon_slider = self.add(pygame_gui.elements.UIHorizontalSlider(
                pygame.Rect(x + label_w, top, field_w - 60, 36), self.epsilon, (0.0, 1.0),
                self.manager, click_increment=0.05))
            for slider in (self.alpha_slider, self.epsilon_slider):
                if locked:
                    slider.disable()
        top = row("Games")
        self.games_slider = self.add(pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(x + label_w, top, field_w - 110, 36), slider_from_games(self.games),
            (0, 100), self.manager))
        self.games_entry = self.add(Field(
            pygame.Rect(x + label_w + field_w - 100, top, 100, 36), self.manager,
            f"{self.games}", limit=12))
        dropdown("opponent", "Opponent", OPPONENTS)
        if busy:
            for widget in (self.games_slider, self.games_entry):
                widget.disable()
            for menu in self.controls:
                menu.disable()
        y += 10

        def button(text: str, action, width: int, primary: bool = False):
            self.button(pygame.Rect(self.button_x, y, width, 42), text, action,
                        primary=primary)
            self.button_x += width + 10

        self.button_x = x
        self.name_entry = None
        if self.job is None and self.trained is None:
            button("Start training  Enter", self.start, 250, primary=True)
            button("Close  Esc", self.app.pop, 150)
        elif self.trained is None:
            button("Stop (keeps what it learned)", self.cancel, 300, primary=True)
        else:
            self.name_y = y
            self.name_entry = self.add(Field(
                pygame.Rect(x + label_w, y, field_w, 36), self.manager,
                self.name or self.trained.name or "", limit=storage.NAME_LIMIT,
                placeholder="a name"))
            y += 50
            button("Save", self.save, 100, primary=True)
            button("Play against it", self.play, 160)
            button("Discard", self.discard, 110)

    # -- actions -----------------------------------------------------------------------------
    def spec(self) -> TrainingSpec:
        game, preset_rules = self.presets[self.preset]
        rules: dict[str, Any] | None = preset_rules
        if rules is None and game == "sticks":
            rules = {"sticks": typed_sticks(self.custom_sticks), "max_take": 3}
        if rules is None:   # your own Nim
            rules = nim_rules(custom_piles(self.custom_piles), self.custom_play, self.custom_cap)
            rules["piles"] = list(rules["piles"])
        settings = ({"alpha": round(self.alpha, 2), "epsilon": round(self.epsilon, 2)}
                    if self.learner == "Q-learning" else {})
        return TrainingSpec(game, rules, LEARNERS[self.learner], settings, self.games,
                            OPPONENTS[self.opponent],
                            start_from=str(self.start_from.path) if self.start_from else None,
                            name=self.start_from.name if self.start_from else "")

    def start(self) -> None:
        try:
            self.games = whole_number(self.games_entry.get_text(), MIN_GAMES, MAX_GAMES,
                                      "Games")
            spec = self.spec()
        except ValueError as err:
            self.say(str(err))
            return
        self.say("")
        self.job = TrainingJob(spec).start()
        self.rebuild()

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.say("Stopping…", ok=True)

    def finish(self) -> None:
        """The worker has ended: read what it learned beside the frames (it may be big)."""
        job = self.job
        if job is None:
            return
        if job.error:
            self.say(f"Training failed: {job.error}")
            self.close_job()
            self.rebuild()
            return
        self.later(job.result, self._finished)

    def _finished(self, done: Future) -> None:
        job = self.job
        try:
            trained: Learner = done.result()
        except storage.BrainFileError as err:
            self.say(f"Training failed: the result could not be read back ({err})")
            self.close_job()
        else:
            self.trained = trained
            if not self.start_from:
                game, _ = self.presets[self.preset]
                trained.name = (f"{game}-{LEARNERS[self.learner]}-"
                                f"{trained.games_trained // 1000}k")
            report = job.done if job is not None else None
            if report is not None:
                self.say(f"{'Stopped' if report['stopped'] else 'Done'}: "
                         f"{report['games']:,} games in {report['seconds']:.1f} s", ok=True)
        self.rebuild()

    def close_job(self) -> None:
        if self.job is not None and self.app.running:
            self.job.close_soon()   # the window does not wait for the process to end
        elif self.job is not None:
            self.job.close()        # the window is closing: end the process before it
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
        where = self.start_from.path if self.start_from else None
        force = replace or where is not None
        try:
            other = None if force else storage.would_replace(trained, where)
            if other:
                self.replace_dialog = confirm(
                    self, "Replace a saved AI?", f"A different AI, {other}, is saved under "
                    "that name. Replace it with this one?", "Replace")
                return
            path = storage.save(trained, where, force=force)
        except (storage.SaveError, OSError) as err:
            self.say(f"Not saved: {escape(str(err), 200)}")
            return
        self.say(f"Saved '{escape(name, 40)}' to {escape(str(path), 120)}", ok=True)

    def play(self) -> None:
        if self.trained is not None:
            self.app.open("board", MatchSetup.against(self.trained), replace=True)

    def discard(self) -> None:
        self.trained = None
        self.close_job()
        self.say("Discarded.", ok=True)
        self.rebuild()

    # -- events ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and \
                event.ui_element is self.replace_dialog:
            self.replace_dialog = None
            self.save(replace=True)
            return True
        if self.replace_dialog is not None and self.replace_dialog.alive():
            return dialog_open(self.replace_dialog, event)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in \
                self.controls:
            setattr(self, self.controls[event.ui_element], event.text)
            self.rebuild()
            return True
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            if event.ui_element is self.alpha_slider:
                self.alpha = max(0.05, float(self.alpha_slider.get_current_value()))
            elif event.ui_element is self.epsilon_slider:
                self.epsilon = float(self.epsilon_slider.get_current_value())
            elif event.ui_element is self.games_slider:
                self.games = games_from_slider(self.games_slider.get_current_value())
                self.games_entry.set_text(str(self.games))
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            if event.ui_element is self.name_entry:
                self.name = self.name_entry.get_text()
            elif event.ui_element is self.sticks_entry:
                self.custom_sticks = self.sticks_entry.get_text()
            elif event.ui_element is self.piles_entry:
                self.custom_piles = self.piles_entry.get_text()
            elif event.ui_element is self.games_entry:
                try:
                    self.games = whole_number(self.games_entry.get_text(), MIN_GAMES,
                                              MAX_GAMES, "Games")
                except ValueError:
                    pass  # said on Start
            return True
        if super().handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.job is None and self.trained is None:
            self.start()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or (
            event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE)

    def update(self, dt: float) -> None:
        if self.job is not None and self.trained is None and not self.waiting:
            self.job.poll()
            if not self.job.running:
                self.finish()

    def exit(self) -> None:
        self.close_job()   # the worker never outlives the scene
        super().exit()

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(self.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 235))  # almost the whole window: hide what is below
        surface.blit(shade, (0, 0))
        box = self.box()
        pygame.draw.rect(surface, theme.BACKGROUND, box, border_radius=12)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=12)
        title = f"Go on training '{self.start_from.name}'" if self.start_from else "Train an AI"
        theme.text(surface, title, (box.x + 24, box.y + 20), 28, theme.ACCENT, bold=True,
                   width=box.width - 48)
        for label, y in self.rows:
            theme.text(surface, label, (box.x + 24, y + 18), 17, anchor="midleft")
        if self.alpha_slider is not None and self.epsilon_slider is not None:
            for value, slider in ((self.alpha, self.alpha_slider),
                                  (self.epsilon, self.epsilon_slider)):
                theme.text(surface, f"{value:.2f}", (slider.rect.right + 10,
                           slider.rect.centery), 16, anchor="midleft")
        if self.trained is not None and self.name_entry is not None:
            theme.text(surface, "Name", (box.x + 24, self.name_y + 18), 17, anchor="midleft")
        self.draw_progress(surface, box)

    def draw_progress(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        right = pygame.Rect(box.x + 470, box.y + 76, box.width - 494, box.height - 100)
        job = self.job
        done, total, rate, eta = job.progress if job else (0, self.games, 0.0, None)
        bar = pygame.Rect(right.x, right.y, right.width, 22)
        pygame.draw.rect(surface, theme.PANEL_EDGE, bar, border_radius=8)
        if total:
            filled = bar.copy()
            filled.width = int(bar.width * min(done, total) / total)
            if filled.width:
                pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=8)
        if job is None:
            words = f"{self.games:,} games against {self.opponent.lower()}, ready to start."
        else:
            left = "—" if eta is None else f"{int(eta) // 60}:{int(eta) % 60:02d}"
            words = f"{done:,} of {total:,} games   {rate:,.0f} games/s   {left} left"
        y = bar.bottom + 10
        for line in theme.wrap(words, 16, right.width)[:2]:
            theme.text(surface, line, (right.x, y), 16)
            y += 22
        if self.message:   # beside the form, so a short window never hides it
            colour = theme.GOOD if self.message_ok else theme.ERROR
            for line in theme.wrap(self.message, 16, right.width)[:4]:
                theme.text(surface, line, (right.x, y), 16, colour)
                y += 22
        y += 12
        curve = job.curve if job else []
        start = job.started_from if job else 0
        draw_chart(surface, pygame.Rect(right.x, y, right.width, max(120, right.bottom - y)), [
            ("optimal moves", theme.ACCENT,
             [(p["games"] - start, p["optimal_share"]) for p in curve
              if p["optimal_share"] is not None]),
            ("wins against Random", theme.SECOND,
             [(p["games"] - start, p["win_rate"]) for p in curve]),
        ], x_max=total)
