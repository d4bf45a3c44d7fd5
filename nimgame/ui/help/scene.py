"""Help: the rules of the game on the board and its keys, over the board."""

from __future__ import annotations

import pygame

from ...games import kit_for
from ...games.base import AnyGame
from .. import theme
from ..scene import SceneHost, plain_key
from ..widgets.dialog import Dialog

COMMON = ["U takes back your last move and the reply; R restarts; H shows a hint.",
          "I shows why NimX made its last move (its number for each move it had); T opens "
          "training.",
          "When a game is over: Enter or N plays again, S swaps sides, C picks a new "
          "opponent, V reviews the game move by move, Home goes to the menu.",
          "M turns the sound off and on; Esc goes back."]


class HelpOverlay(Dialog):
    button_text = "Got it"
    extra_close_keys = (pygame.K_F1, pygame.K_QUESTION)

    def __init__(self, app: SceneHost, game: AnyGame) -> None:
        super().__init__(app)
        self.game = game

    def build(self) -> None:
        """"Got it", and beside it the glossary of the learning words (G)."""
        super().build()
        close = pygame.Rect(self.close.relative_rect)
        self.close.set_relative_position((close.x + 110, close.y))
        self.button(pygame.Rect(close.x - 110, close.y, 200, close.height), "Words  G",
                    self.open_glossary)

    def open_glossary(self) -> None:
        self.app.open("glossary", replace=True)

    def help_wanted(self) -> None:
        self.closed()   # `?` again closes the help, as Esc does

    def handle_event(self, event: pygame.event.Event) -> bool:
        if plain_key(event) and event.key == pygame.K_g:
            self.open_glossary()
            return True
        return super().handle_event(event)

    def lines(self) -> list[str]:
        return [self.game.describe_rules() + ".", *kit_for(self.game).controls, *COMMON]

    def box(self) -> pygame.Rect:
        w, h = self.size
        width = min(680, w - 80)
        rows = sum(len(theme.wrap(line, 17, width - 56)) for line in self.lines())
        height = 24 + 50 + rows * 25 + len(self.lines()) * 6 + 90
        rect = pygame.Rect(0, 0, width, min(height, h - 40))
        rect.center = (w // 2, h // 2)
        return rect

    def draw_content(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        x, y, width = box.x + 28, box.y + 24, box.width - 56
        theme.text(surface, f"How to play {self.game.title}", (box.centerx, y), 26,
                   theme.ACCENT, bold=True, anchor="midtop")
        y += 50
        for line in self.lines():
            for part in theme.wrap(line, 17, width):
                theme.text(surface, part, (x, y), 17)
                y += 25
            y += 6
