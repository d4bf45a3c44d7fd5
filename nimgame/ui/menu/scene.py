"""The first screen: pick a game."""

from __future__ import annotations

from functools import partial

import pygame
import pygame_gui

from ...games import KITS
from .. import theme
from ..board import BOARDS
from ..scene import Scene, plain_key
from ..widgets.rows import needed_width

#: Every game the window has a board for, in the registry's order: (name, title, the line
#: under its button).
GAMES = tuple((kit.name, kit.title, kit.blurb) for kit in KITS.values() if kit.name in BOARDS)
#: The number keys that open the games, in order (the keypad's too).
GAME_KEYS = tuple(zip((pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6,
                       pygame.K_7, pygame.K_8, pygame.K_9),
                      (pygame.K_KP1, pygame.K_KP2, pygame.K_KP3, pygame.K_KP4, pygame.K_KP5,
                       pygame.K_KP6, pygame.K_KP7, pygame.K_KP8, pygame.K_KP9), strict=True))


#: The buttons under the games, a row at a time: (text with its key, scene name, tooltip).
TOOLS: tuple[tuple[tuple[str, str, str | None], ...], ...] = (
    (("Lessons  E", "lessons", "Short lessons: predict, run a real screen, explain"),
     ("Train an AI  T", "training", None), ("Saved AIs  L", "library", None),
     ("Arena  A", "arena", None),
     ("Drills  D", "drills", "Timed exercises: find the winning move, spot a lost position")),
    (("MENACE  X", "menace", "Michie's matchbox machine, drawn box by box"),
     ("Compare runs  C", "lab", "Several training runs over several seeds, side by side"),
     ("Class  K", "class", "One AI learning from every game of a class, counted"),
     ("Settings  S", "settings", "Interface size, contrast, colours, motion, sound, name"),
     ("Quit  Q", "quit", None)),
)


class MenuScene(Scene):
    arrow_focus = True

    def build(self) -> None:
        w, h = self.size
        self.games: dict[pygame_gui.elements.UIButton, str] = {}   # button -> its blurb
        width = min(560, w - 2 * theme.GAP)
        x = (w - width) // 2
        y = max(150, h // 2 - 190)
        # The games' buttons are 64 high where there is room, lower in a short window, so
        # Quit stays above the keys line at the bottom.
        room = (h - 48 - y - theme.GAP // 2 - len(TOOLS) * (theme.BUTTON_HEIGHT + theme.GAP)) \
            // len(GAMES)
        gap = 2 * theme.GAP   # the line under each game's button; closer in a short window
        if room < 44 + gap:
            gap = max(20, room - 44)
        tall = max(40, min(64, room - gap))
        for number, (key, title, blurb) in enumerate(GAMES, start=1):
            made = self.button(pygame.Rect(x, y, width, tall), f"{number}.  {title}",
                               partial(self.open, "setup", key),
                               primary=key == self.app.settings.game,   # the last one played
                               tooltip=blurb if theme.font(13).size(blurb)[0] > width
                               else None)   # the caption under it says it, if it fits
            self.games[made] = blurb
            y += tall + gap
        y += theme.GAP // 2   # the last game's line apart from the buttons under it
        for row in TOOLS:   # the other screens, a row of buttons at a time, wider than
            # the games' column where a row's buttons need it (at most the window's width):
            # each as wide as the widest words of the row need
            each = max(needed_width(self.manager, text) for text, _, _ in row)
            across = min(w - 2 * theme.GAP,
                         max(width, len(row) * each + (len(row) - 1) * theme.GAP))
            left = (w - across) // 2
            each = (across - (len(row) - 1) * theme.GAP) // len(row)
            for column, (text, name, tip) in enumerate(row):
                action = self.app.quit if name == "quit" else partial(self.open, name)
                self.button(pygame.Rect(left + column * (each + theme.GAP), y, each,
                                        theme.BUTTON_HEIGHT), text, action, tooltip=tip)
            y += theme.BUTTON_HEIGHT + theme.GAP

    def pause(self) -> None:
        self.app.notice = ""   # said once: gone when the person moves on
        super().pause()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if not plain_key(event):
            return False
        games = {key: number for number, keys in enumerate(GAME_KEYS[:len(GAMES)])
                 for key in keys}
        scenes = {pygame.K_t: "training", pygame.K_l: "library", pygame.K_a: "arena",
                  pygame.K_s: "settings", pygame.K_x: "menace", pygame.K_c: "lab",
                  pygame.K_d: "drills", pygame.K_e: "lessons", pygame.K_k: "class"}
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
        theme.text(surface, f"Keys: 1–{len(GAMES)} a game, each button's letter, Tab and Enter; "
                   f"M sound ({sound}), +/- volume, ? words",
                   (w // 2, h - theme.GAP), 14, theme.MUTED, anchor="midbottom")
