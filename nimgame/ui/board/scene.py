"""What every board shares on screen: the title, the board area and the side panel with
its buttons, the board's keys, and the AI's moves timed for people to follow. What the
board knows about the game is `MatchView`'s; each game's board draws and maps clicks."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...session import MatchSetup
from .. import theme
from ..scene import Scene, plain_key
from .banner import build_banner, draw_banner
from .presenter import MatchView
from .side_panel import draw_panel, draw_practice

THINK_SECONDS = 0.45   # an AI's move shows after at least this long, so people can follow
ANIMATION_SECONDS = 0.35
PREVIEW_SECONDS = 0.3  # the AI's chosen stones, sticks or square show before they go
TOP = 96               # the board area starts below the title and the rules


def typed_digit(event: pygame.event.Event) -> int | None:
    """The digit a key press typed, if it typed exactly one ASCII digit. '²', '٣' and '①'
    pass str.isdigit() but are not what a player means; an input method may send several
    characters at once."""
    text = getattr(event, "unicode", "") if event.type == pygame.KEYDOWN else ""
    return int(text) if len(text) == 1 and text in "0123456789" else None


class BoardScene(Scene, MatchView):
    """A game in progress. Subclasses draw the board and turn clicks and keys into moves."""

    def __init__(self, app, setup: MatchSetup) -> None:
        Scene.__init__(self, app)
        self.panel_buttons_top = 0
        self.banner_text_bottom = 0   # where the game-over words must end (banner.py)
        MatchView.__init__(self, setup)

    def sound(self, name: str) -> None:
        self.app.sounds.play(name)

    def count(self, winner: int | None, step: int) -> None:
        self.app.tally_for(self.seats).add(
            None if winner is None else self.seats[winner].name, step)

    # -- each frame --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        motion = self.app.settings.motion   # off: moves happen at once
        if self.animation is not None:
            before, move, t = self.animation
            t += dt
            self.animation = None if t >= ANIMATION_SECONDS * motion else (before, move, t)
        if not self.over:
            self.background.look_at(self.judge, self.state)   # hints and thoughts read it
        if self.preview is not None:
            asked, chosen, shown = self.preview
            self.preview = (asked, chosen, shown + dt)
            if shown + dt >= PREVIEW_SECONDS * motion:
                self.preview = None
                self.show(self.match.play_ai(chosen, asked.generation))
            return
        if self.background.busy:
            self.background.collect(self._practised, self._answered)
            return
        if self.training is None and self.animation is None:
            turn = self.match.ai_turn()
            if turn is not None:
                self.background.ask(turn, THINK_SECONDS)

    def exit(self) -> None:
        self.background.close()
        super().exit()

    # -- layout and widgets ------------------------------------------------------------------
    def board_rect(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(theme.GAP, TOP, w - theme.PANEL_WIDTH - 3 * theme.GAP,
                           h - TOP - 64)

    def panel_rect(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(w - theme.PANEL_WIDTH - theme.GAP, TOP, theme.PANEL_WIDTH,
                           h - TOP - 64)

    def build(self) -> None:
        """The panel's buttons, two to a row, stacked up from its bottom."""
        panel = self.panel_rect()
        width = (panel.width - 3 * theme.GAP) // 2
        made: list[tuple[str, Callable[[], object], bool]] = []
        if not self.over or self.setup.rounds:   # else the banner's "New opponent" is Back
            made.append(("Back (Esc)", self.app.pop, True))
        made.append(("Help  ?", self.open_help, True))
        if not self.over:
            made.append(("Restart  R", self.restart, self.training is None))
        has_human = any(s.human for s in self.seats)
        made.append(("Take back  U", self.undo, has_human and self.match.can_take_back()))
        if self.hint_available():
            made.append((("Hide hint" if self.show_hint else "Show hint") + "  H",
                         self.toggle_hint, True))
        rows = (len(made) + 1) // 2
        top = panel.bottom - theme.GAP - rows * (theme.BUTTON_HEIGHT + 8) + 8
        for index, (text, action, enabled) in enumerate(made):
            row, column = divmod(index, 2)
            self.button(pygame.Rect(panel.x + theme.GAP + column * (width + theme.GAP),
                                    top + row * (theme.BUTTON_HEIGHT + 8), width,
                                    theme.BUTTON_HEIGHT), text, action, enabled=enabled)
        self.panel_buttons_top = top
        if self.over and self.training is None:
            build_banner(self)   # what next, in the panel above its buttons

    def open_help(self) -> None:
        self.app.open("help", self.game)

    def pause(self) -> None:
        """An overlay on top: its widgets replace ours, and the game waits (no AI moves)."""
        self.clear()

    def toggle_hint(self) -> None:
        self.show_hint = not self.show_hint
        self.rebuild()

    # -- input -------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and not plain_key(event):
            return False   # Ctrl+R, Alt+digit…: not the board's keys
        if event.type == pygame.KEYDOWN and self.key_command(event):
            return True
        if self.training is None:
            return self.handle_board_event(event)
        return False

    def key_command(self, event: pygame.event.Event) -> bool:
        """The board's keys: ? help, U take back, R restart, I thoughts, T training,
        H hint, M sound; after a game Enter or N plays on, S swaps sides, C changes
        opponent."""
        key = event.key
        if key in (pygame.K_F1, pygame.K_QUESTION) or event.unicode == "?":
            self.open_help()
        elif key == pygame.K_u:
            self.undo()
        elif key == pygame.K_r and not self.over:
            self.restart()
        elif key == pygame.K_i and self.thinker() is not None:
            self.show_thoughts = not self.show_thoughts
        elif key == pygame.K_t and self.training is None:
            self.app.open("training", self.game)
        elif key == pygame.K_h and self.hint_available():
            self.toggle_hint()
        elif key == pygame.K_m:
            problem = self.app.toggle_sound()
            said = "Sound on: M mutes it." if self.app.sounds.on else "Sound off: M turns it on."
            if problem:
                self.tell(f"{said}  {problem}", error=True)
            else:   # said after what the status said, which still holds (whose move it is)
                self.tell(f"{self.status.split('  Sound o')[0]}  {said}")
        elif self.over and key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_n):
            self.play_on()
        elif self.over and not self.setup.rounds and key == pygame.K_s:
            self.swap_sides()
        elif self.over and not self.setup.rounds and key == pygame.K_c:
            self.app.pop()   # back to choose another opponent
        else:
            return False
        return True

    def handle_board_event(self, event: pygame.event.Event) -> bool:
        return False

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        title = self.game.title
        if self.setup.rounds:
            title += (f" — KUET round {self.match.round + 1} of {len(self.setup.rounds)}: "
                      f"NimX plays {self.match.strategy}")
        theme.text(surface, title, (theme.GAP, 14), 26, theme.ACCENT, bold=True)
        theme.text(surface, self.game.describe_rules(), (theme.GAP, 52), 16, theme.MUTED)
        board = self.board_rect()
        theme.panel(surface, board)
        if self.training is not None:
            draw_practice(surface, board, *self.training)
        else:
            self.draw_board(surface, board)
        draw_panel(surface, self)
        if self.over and self.training is None:
            draw_banner(surface, self)
        colour = theme.ERROR if self.status_error else theme.TEXT
        theme.text(surface, self.status, (theme.GAP, h - 32), 20, colour, anchor="midleft",
                   width=w - 2 * theme.GAP)

    def seat_marker(self, index: int) -> str:
        return ""

    def draw_board(self, surface: pygame.Surface, board: pygame.Rect) -> None:
        raise NotImplementedError
