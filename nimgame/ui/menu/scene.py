"""The first screen: pick a game."""

from __future__ import annotations

from functools import partial

import pygame
import pygame_gui

from .. import theme
from ..scene import Scene, plain_key

GAMES = (
    ("nim", "Nim", "Take stones from one pile. CS50 misère, KUET NimX rounds, or your rules."),
    ("sticks", "Game of Sticks", "Take 1 to 3 sticks; whoever takes the last one loses."),
    ("tictactoe", "Tic-Tac-Toe", "Three in a row. Minimax never loses; can a learner?"),
)


class MenuScene(Scene):
    def build(self) -> None:
        w, h = self.size
        self.games: dict[pygame_gui.elements.UIButton, str] = {}   # button -> its blurb
        width = min(560, w - 2 * theme.GAP)
        x = (w - width) // 2
        y = max(150, h // 2 - 190)
        # The games' buttons are 64 high where there is room, lower in a short window, so
        # Quit stays above the keys line at the bottom.
        room = h - 48 - y - 2 * (theme.BUTTON_HEIGHT + theme.GAP) - len(GAMES) * 2 * theme.GAP
        tall = max(44, min(64, room // len(GAMES)))
        for number, (key, title, blurb) in enumerate(GAMES, start=1):
            made = self.button(pygame.Rect(x, y, width, tall), f"{number}.  {title}",
                               partial(self.open, "setup", key),
                               primary=key == self.app.settings.game,   # the last one played
                               tooltip=blurb if theme.font(13).size(blurb)[0] > width
                               else None)   # the caption under it says it, if it fits
            self.games[made] = blurb
            y += tall + 2 * theme.GAP
        third = (width - 2 * theme.GAP) // 3
        for column, (text, name) in enumerate((("Train an AI  T", "training"),
                                               ("Saved AIs  L", "library"),
                                               ("Arena  A", "arena"))):
            self.button(pygame.Rect(x + column * (third + theme.GAP), y, third,
                                    theme.BUTTON_HEIGHT), text,
                        partial(self.open, name))
        y += theme.BUTTON_HEIGHT + theme.GAP
        self.button(pygame.Rect(x, y, width, theme.BUTTON_HEIGHT), "Quit  Q", self.app.quit)

    def pause(self) -> None:
        self.app.notice = ""   # said once: gone when the person moves on
        super().pause()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if not plain_key(event):
            return False
        games = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2,
                 pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2}
        scenes = {pygame.K_t: "training", pygame.K_l: "library", pygame.K_a: "arena"}
        if event.key in games:
            self.open("setup", GAMES[games[event.key]][0])
        elif event.key in scenes:
            self.open(scenes[event.key])
        elif event.key == pygame.K_q:
            self.app.quit()
        elif event.key == pygame.K_m:
            self.app.notice = self.app.toggle_sound()
        elif event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.app.notice = self.app.change_volume(0.1)
        elif event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.app.notice = self.app.change_volume(-0.1)
        else:
            return False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        top = max(30, h // 2 - 310)
        theme.text(surface, "nimgame", (w // 2, top), 56, theme.ACCENT, bold=True,
                   anchor="midtop")
        theme.text(surface, "Play against AIs that learn — and watch them learn.",
                   (w // 2, top + 78), 20, theme.MUTED, anchor="midtop")
        for button, blurb in self.games.items():
            theme.text(surface, blurb, (button.rect.centerx, button.rect.bottom + 1), 13,
                       theme.MUTED, anchor="midtop", width=button.rect.width)
        if self.app.notice:
            theme.text(surface, self.app.notice, (w // 2, h - theme.GAP - 22), 14, theme.ERROR,
                       anchor="midbottom", width=w - 2 * theme.GAP)
        sound = f"{self.app.settings.volume:.0%}" if self.app.sounds.on else "off"
        theme.text(surface, f"Keys: 1–3 choose a game, T trains, L saved AIs, A arena, "
                   f"M sound ({sound}), +/- volume, Q quits",
                   (w // 2, h - theme.GAP), 14, theme.MUTED, anchor="midbottom")
