"""The first screen: pick a game."""

from __future__ import annotations

import pygame
import pygame_gui

from . import theme
from .scene import Scene

GAMES = (
    ("nim", "Nim", "Take stones from one pile. CS50 misère, KUET NimX rounds, or your rules."),
    ("sticks", "Game of Sticks", "Take 1 to 3 sticks; whoever takes the last one loses."),
    ("tictactoe", "Tic-Tac-Toe", "Three in a row. Minimax never loses; can a learner?"),
)


class MenuScene(Scene):
    def build(self) -> None:
        w, h = self.size
        self.buttons: dict[pygame_gui.elements.UIButton, str] = {}
        width = min(560, w - 2 * theme.GAP)
        x = (w - width) // 2
        y = max(150, h // 2 - 190)
        for number, (key, title, blurb) in enumerate(GAMES, start=1):
            button = self.add(pygame_gui.elements.UIButton(
                pygame.Rect(x, y, width, 64), f"{number}.  {title}", self.manager,
                tool_tip_text=blurb, object_id="#primary" if number == 1 else None))
            self.buttons[button] = key
            y += 64 + 2 * theme.GAP
        third = (width - 2 * theme.GAP) // 3
        self.train_button = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(x, y, third, theme.BUTTON_HEIGHT), "Train an AI  T", self.manager))
        self.library_button = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(x + third + theme.GAP, y, third, theme.BUTTON_HEIGHT), "Saved AIs  L",
            self.manager))
        self.arena_button = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(x + 2 * (third + theme.GAP), y, third, theme.BUTTON_HEIGHT),
            "Arena  A", self.manager))
        y += theme.BUTTON_HEIGHT + theme.GAP
        self.quit_button = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(x, y, width, theme.BUTTON_HEIGHT), "Quit  Q", self.manager))

    def choose(self, key: str) -> None:
        from .setup import SetupScene

        self.app.push(SetupScene(self.app, key))

    def open_training(self) -> None:
        from .training import TrainingScene

        self.app.push(TrainingScene(self.app))

    def open_library(self) -> None:
        from .library import LibraryScene

        self.app.push(LibraryScene(self.app))

    def open_arena(self) -> None:
        from .arena import ArenaScene

        self.app.push(ArenaScene(self.app))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.quit_button:
                self.app.quit()
                return True
            if event.ui_element is self.train_button:
                self.open_training()
                return True
            if event.ui_element is self.library_button:
                self.open_library()
                return True
            if event.ui_element is self.arena_button:
                self.open_arena()
                return True
            if event.ui_element in self.buttons:
                self.choose(self.buttons[event.ui_element])
                return True
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2,
                    pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2}
            if event.key in keys:
                self.choose(GAMES[keys[event.key]][0])
                return True
            if event.key == pygame.K_t:
                self.open_training()
                return True
            if event.key == pygame.K_l:
                self.open_library()
                return True
            if event.key == pygame.K_a:
                self.open_arena()
                return True
            if event.key == pygame.K_q:
                self.app.quit()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        top = max(30, h // 2 - 310)
        theme.text(surface, "nimgame", (w // 2, top), 56, theme.ACCENT, bold=True,
                   anchor="midtop")
        theme.text(surface, "Play against AIs that learn — and watch them learn.",
                   (w // 2, top + 78), 20, theme.MUTED, anchor="midtop")
        for button, key in self.buttons.items():
            blurb = next(b for k, _, b in GAMES if k == key)
            theme.text(surface, blurb, (button.rect.centerx, button.rect.bottom + 1), 13,
                       theme.MUTED, anchor="midtop")
        theme.text(surface, "Keys: 1–3 choose a game, T trains, L saved AIs, A arena, Q quits",
                   (w // 2, h - theme.GAP), 14, theme.MUTED, anchor="midbottom")
