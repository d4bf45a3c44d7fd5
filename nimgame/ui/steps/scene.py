"""Step through learning, one update or one game at a time: a paused training run (the
training screen's "Pause and step") or the game just played against a learner (the
banner's "What it learned"). Keys and buttons do the same: Left/Right an update,
Shift+Left/Right or PgUp/PgDn a game, Home/End the first or last, R runs a paused run on
to its end, Esc closes (handing a paused run's learner back to the training screen)."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

import pygame

from ...players import Learner
from ...session.learning_steps import PausedRun, RecordedSteps
from ..board import board_picture, value_map
from ..scene import Scene, SceneHost
from .drawing import draw_steps

#: Games a paused run plays on per piece of background work ("Run to the end"): the
#: window stays responsive and shows how far it has got.
RUN_ON_CHUNK = 2_000

#: A paused run's learner, handed back when the view closes: (learner, games played of
#: the run, games in the run).
HandBack = Callable[[Learner, int, int], None]


def replay(run: PausedRun, games: int) -> bool:
    """Replay the first `games` games of `run`, then play its next one, traced."""
    run.catch_up(games)
    return run.play_next()


class StepsScene(Scene):
    overlay = True

    def __init__(self, app: SceneHost, source: RecordedSteps, title: str,
                 catch_up: int = 0, hand_back: HandBack | None = None) -> None:
        """Step through `source`; a paused run first replays the `catch_up` games its
        worker had played, beside the frames, then plays its next game."""
        super().__init__(app)
        self.source, self.title, self.hand_back = source, title, hand_back
        self.picture = board_picture(source.game)
        self.value_map = value_map(source.game)   # a heat map of the values, if drawn
        self.busy = ""            # what the background work is doing, while it works
        self.buttons_top = 0
        self.catch_up = catch_up

    def enter(self) -> None:
        super().enter()
        run = self.source
        if isinstance(run, PausedRun) and run.steps.empty:
            self.busy = (f"Replaying the {self.catch_up:,} games the run had played…"
                         if self.catch_up else "Playing the first game…")
            self.later(lambda: replay(run, self.catch_up), self._ready)

    def _ready(self, done: Future[Any]) -> None:
        self.busy = ""
        try:
            done.result()
        except Exception as err:   # a brain that cannot be read, a bad spec: one line
            self.say(f"The run could not be replayed: {type(err).__name__}: {err}")
        self.rebuild()

    # -- widgets ---------------------------------------------------------------------------
    def box(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(24, 24, w - 48, h - 48)

    def build(self) -> None:
        box = self.box()
        rows: list[list[tuple[str, Callable[[], Any], bool]]] = [
            [("Game back  PgUp", self.previous_game, True),
             ("Update back  Left", self.back, True),
             ("Next update  Right", self.forward, True),
             ("Next game  PgDn", self.next_game, True)],
            [("First  Home", self.first, True), ("Last  End", self.last, True)]]
        if isinstance(self.source, PausedRun):
            rows[1].append(("Run to the end  R", self.run_on, self.source.can_play_on))
        rows[1].append(("Close  Esc", self.app.pop, True))
        width = (box.width - 48 - 3 * 10) // 4
        self.buttons_top = box.bottom - 20 - 2 * 42 - 8
        for r, row in enumerate(rows):
            for c, (text, action, enabled) in enumerate(row):
                self.button(pygame.Rect(box.x + 24 + c * (width + 10),
                                        self.buttons_top + r * 50, width, 42), text,
                            action,
                            enabled=enabled and not self.busy)

    # -- actions -----------------------------------------------------------------------------
    def step(self, move: Callable[[], bool], edge: str) -> None:
        if self.busy:
            return
        self.say("" if move() else edge, ok=True)

    def forward(self) -> None:
        self.step(self.source.forward, "That was the last update.")

    def back(self) -> None:
        self.step(self.source.back, "That was the first update kept.")

    def next_game(self) -> None:
        self.step(self.source.next_game, "That was the last game.")

    def previous_game(self) -> None:
        self.step(self.source.previous_game, "That was the first game kept.")

    def first(self) -> None:
        self.step(self.source.first, "")

    def last(self) -> None:
        self.step(self.source.last, "")

    def run_on(self) -> None:
        """Play the rest of a paused run untraced, a chunk at a time, beside the frames."""
        run = self.source
        if not isinstance(run, PausedRun) or self.busy or not run.can_play_on:
            return
        self.busy = f"Running on: {run.played:,} of {run.total:,} games played…"
        self.rebuild()
        self.later(lambda: run.run_on(RUN_ON_CHUNK), self._ran_on)

    def _ran_on(self, done: Future[Any]) -> None:
        run = self.source
        done.result()
        if isinstance(run, PausedRun) and run.can_play_on:
            self.busy = f"Running on: {run.played:,} of {run.total:,} games played…"
            self.later(lambda: run.run_on(RUN_ON_CHUNK), self._ran_on)
            return
        self.busy = ""
        self.say("Done: every game of the run is played. Close hands it back to save or "
                 "play.", ok=True)
        self.rebuild()

    # -- events ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type != pygame.KEYDOWN:
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        action = {pygame.K_RIGHT: self.next_game if shift else self.forward,
                  pygame.K_LEFT: self.previous_game if shift else self.back,
                  pygame.K_PAGEDOWN: self.next_game, pygame.K_PAGEUP: self.previous_game,
                  pygame.K_HOME: self.first, pygame.K_END: self.last,
                  pygame.K_r: self.run_on}.get(event.key)
        if action is None:
            return bool(event.key != pygame.K_ESCAPE)
        action()
        return True

    def exit(self) -> None:
        run = self.source
        if self.hand_back is not None and isinstance(run, PausedRun) and not self.waiting \
                and run.played:
            self.hand_back(run.learner, run.played, run.total)
        super().exit()

    def draw(self, surface: pygame.Surface) -> None:
        draw_steps(surface, self)
