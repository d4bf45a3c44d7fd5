"""What every board shares on screen: the title, the board area and the side panel with
its buttons, the game-over banner, and the board's keys. What the board knows about the
game is its `MatchPresenter`'s; each game's board (a subclass, one module per game)
draws the position and maps clicks and keys to moves."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui

from ...games.base import AnyGame
from ...match import Seat, Tally
from ...players import DecisionRecord, MCTSPlayer
from ...session import MatchSetup
from ...session.kept_hats import HatDrawer, last_lesson
from ...session.learning_steps import RecordedSteps
from .. import theme
from ..scene import Scene, SceneHost, plain_key
from ..widgets.dialog import confirm, dialog_open
from .banner import Banner, choices
from .presenter import MatchPresenter
from .side_panel import draw_panel, draw_practice

TOP = 96               # the board area starts below the title and the rules


def typed_digit(event: pygame.event.Event) -> int | None:
    """The digit a key press typed, if it typed exactly one ASCII digit. '²', '٣' and '①'
    pass str.isdigit() but are not what a player means; an input method may send several
    characters at once."""
    text = getattr(event, "unicode", "") if event.type == pygame.KEYDOWN else ""
    return int(text) if len(text) == 1 and text in "0123456789" else None


@dataclass(frozen=True)
class MoveValue:
    """What a learner thinks of a move, as a value map shows it: its colour on a fixed
    scale (`value_colours`), the number, what the number comes from ("9 balls", or ""), and
    the exact verdict in words."""

    colour: tuple[int, int, int]
    score: str
    detail: str
    verdict: str
    framed: bool = False     # drawn with a thick frame (the value a learning step wrote)


class BoardScene(Scene):
    """A game in progress. Subclasses draw the board and turn clicks and keys into moves;
    the scene is its presenter's `BoardHost`."""

    #: The effect a move makes: objects taken away (a mark placed on Tic-Tac-Toe).
    move_sound = "take"
    #: Whether screens that show many positions at once (the inspector's boxes of a hat
    #: learner) draw them with `draw_position`, which every board has.
    has_position_picture = False
    #: Whether the board draws a learner's value of each move on the board itself (a
    #: heat map, `draw_value_map`), each move on a square of its own.
    has_value_map = False

    @classmethod
    def draw_position(cls, surface: pygame.Surface, area: pygame.Rect, state: Any) -> None:
        """A picture of `state` within `area`, in the board's own drawing: every board
        draws one (the MCTS view shows the positions its search went through)."""
        raise NotImplementedError(f"{cls.__name__} draws no small positions")

    @classmethod
    def value_map_grid(cls, area: pygame.Rect) -> tuple[pygame.Rect, int]:
        """Where the value map's squares lie in `area`: the grid and a square's side."""
        raise NotImplementedError(f"{cls.__name__} draws no value map")

    @classmethod
    def draw_value_map(cls, surface: pygame.Surface, area: pygame.Rect, state: Any,
                       values: Mapping[Any, MoveValue]) -> pygame.Rect:
        """The position with each move's value on its square; the grid drawn."""
        raise NotImplementedError(f"{cls.__name__} draws no value map")

    @classmethod
    def value_map_move(cls, area: pygame.Rect, pos: tuple[int, int]) -> Any | None:
        """The move whose square is at `pos` on the value map in `area`, if any."""
        raise NotImplementedError(f"{cls.__name__} draws no value map")

    @classmethod
    def cannot_show(cls, game: AnyGame) -> str | None:
        """Why this board cannot draw `game` (too big for the window), or None if it can."""
        return None

    def __init__(self, app: SceneHost, setup: MatchSetup) -> None:
        self._rules: tuple[int, list[str]] = (-1, [])   # (the width, the rules' lines)
        super().__init__(app)
        self.panel_buttons_top = 0
        self.banner = Banner()
        self.presenter = MatchPresenter(setup, self, self.move_sound)
        self.leaving = False   # asking whether to leave a game under way (`leave`)
        self.closing = False   # the question is whether to close the window (`close_wanted`)
        self.homeward = False  # ... or whether to go to the menu (`go_home`)
        self.leave_box: pygame_gui.windows.UIConfirmationDialog | None = None
        for seat in self.presenter.seats:   # its decisions can be taken apart (D)
            if isinstance(seat.player, MCTSPlayer):
                seat.player.record = True

    # -- the presenter's host ----------------------------------------------------------------
    def play_sound(self, name: str) -> None:
        self.app.sounds.play(name)

    def tally_for(self, game: str, seats: tuple[Seat, Seat]) -> Tally:
        return self.app.tally_for(game, seats)

    def game_started(self) -> None:
        """A fresh game: a board with input in progress forgets it."""

    # -- each frame --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.leaving and self.leave_box is not None and not self.leave_box.alive():
            self.leaving = False   # answered "stay" (N, Esc, its Cancel or its close button)
            if self.closing:   # the window stays open (its answer, if Y, is on its way)
                self.app.asking_to_close = False
        self.presenter.advance(dt, self.app.settings.motion)

    # -- leaving -----------------------------------------------------------------------------
    def loses_on_leaving(self) -> str:
        """What leaving now would lose, in words ("" if nothing): a game under way (only
        finished games are kept) or KUET rounds begun and not all played."""
        presenter = self.presenter
        if presenter.over and not (presenter.setup.rounds and presenter.match.more_rounds):
            return ""
        if presenter.setup.rounds and presenter.match.round_results:
            return "The KUET rounds are not finished; their scores so far will be lost."
        if presenter.match.moves and not presenter.over:
            return "This game is not finished and will not be kept."
        return ""

    def leave(self) -> None:
        """Back (Esc): at once where nothing is lost, else after a yes/no box."""
        if not self.loses_on_leaving():
            self.app.pop()
            return
        self.leaving, self.closing, self.homeward = True, False, False
        self.ask_leave()

    def go_home(self) -> None:
        """The banner's Menu (Home): to the menu, past the set-up; asked first, as Back
        asks, where that loses something (KUET rounds begun and not all played)."""
        if not self.loses_on_leaving():
            self.app.home()
            return
        self.leaving, self.closing, self.homeward = True, False, True
        self.ask_leave()

    def close_wanted(self) -> bool:
        """The window's close button with a game under way: asked as Back asks, and Y
        closes the window (the close button pressed again closes it too)."""
        self.leaving = self.closing = True
        self.homeward = False
        self.ask_leave()
        return True

    def ask_leave(self) -> None:
        if self.closing:
            self.leave_box = confirm(self, "Close nimgame?", f"{self.loses_on_leaving()} "
                                     "Y: close the window. N or Esc: go on playing.", "Close")
        else:
            self.leave_box = confirm(self, "Leave this game?", f"{self.loses_on_leaving()} "
                                     "Y: leave it. N or Esc: go on playing.", "Leave")
        self.focus.set(self, self.leave_box.cancel_button)   # the ring on the safe answer

    def exit(self) -> None:
        self.presenter.close()
        super().exit()

    # -- layout and widgets ------------------------------------------------------------------
    def board_rect(self) -> pygame.Rect:
        w, h = self.size
        top = self.top()
        return pygame.Rect(theme.GAP, top, w - theme.PANEL_WIDTH - 3 * theme.GAP,
                           h - top - 64)

    def panel_rect(self) -> pygame.Rect:
        w, h = self.size
        top = self.top()
        return pygame.Rect(w - theme.PANEL_WIDTH - theme.GAP, top, theme.PANEL_WIDTH,
                           h - top - 64)

    def rules_lines(self) -> list[str]:
        """The rules under the title, wrapped to the window (at most two lines; worked out
        once for each width: the board's every rectangle asks)."""
        width = self.size[0] - 2 * theme.GAP
        if self._rules[0] != width:
            self._rules = (width, theme.wrap(self.presenter.game.describe_rules(), 16,
                                             width)[:2])
        return self._rules[1]

    def top(self) -> int:
        """Where the board and the panel start: below the title and the rules (lower by a
        line's gap where the rules take two lines, so they never touch the board)."""
        return TOP + (10 if len(self.rules_lines()) > 1 else 0)

    def build(self) -> None:
        """The panel's buttons, two to a row, stacked up from its bottom; after a game, the
        banner's above them."""
        presenter = self.presenter
        panel = self.panel_rect()
        width = (panel.width - 3 * theme.GAP) // 2
        made: list[tuple[str, Callable[[], object], bool]] = []
        if not presenter.over or presenter.setup.rounds:   # else the banner's "New opponent"
            made.append(("Back  Esc", self.leave, True))
        made.append(("Help  ?", self.open_help, True))
        if not presenter.over:
            made.append(("Restart  R", presenter.restart, presenter.training is None))
        has_human = any(s.human for s in presenter.seats)
        made.append(("Take back  U", presenter.undo,
                     has_human and presenter.match.can_take_back()))
        if presenter.advice.hint_available():
            made.append((("Hide hint" if presenter.advice.show_hint else "Show hint") + "  H",
                         self.toggle_hint, True))
        if presenter.advice.thinker() is not None and not presenter.over:
            made.append((("Hide thoughts" if presenter.advice.show_thoughts
                          else "Thoughts") + "  I", self.toggle_thoughts, True))
        if self.decision() is not None:
            made.append(("Take apart  D", self.open_decision, True))
        rows = (len(made) + 1) // 2
        top = panel.bottom - theme.GAP - rows * (theme.BUTTON_HEIGHT + 8) + 8
        for index, (text, action, enabled) in enumerate(made):
            row, column = divmod(index, 2)
            self.button(pygame.Rect(panel.x + theme.GAP + column * (width + theme.GAP),
                                    top + row * (theme.BUTTON_HEIGHT + 8), width,
                                    theme.BUTTON_HEIGHT), text, action, enabled=enabled)
        self.panel_buttons_top = top
        if presenter.over and presenter.training is None:
            self.build_banner()
        if self.leaving:   # laid out again with the question open: it stays open
            self.ask_leave()

    def build_banner(self) -> None:
        """What next, in the panel above its buttons."""
        panel = self.panel_rect()
        rect = pygame.Rect(panel.x, panel.y, panel.width, self.panel_buttons_top - panel.y)
        font = self.manager.get_theme().get_font(["button"])
        learned = self.what_it_learned if self.lesson() is not None else None
        for place, text, action, primary in self.banner.lay_out(
                rect, choices(self.presenter, self.app.pop, self.go_home, learned,
                              self.open_review), font):
            self.button(place, text, action, primary=primary)

    def lesson(self) -> HatDrawer | None:
        """The learner that learned from the game just over, if any."""
        return last_lesson(seat.player for seat in self.presenter.seats)

    def what_it_learned(self) -> None:
        """The step-through view over what the game just over taught its learner."""
        drawer = self.lesson()
        if drawer is not None and drawer.lesson is not None:
            self.app.open("steps", RecordedSteps(drawer.lesson, drawer.game),   # as played
                          "What it learned from this game")

    def open_help(self) -> None:
        self.app.open("help", self.presenter.game)

    def help_wanted(self) -> None:
        """`?` or F1 on a board: its game's rules and keys (the glossary a key from there)."""
        self.open_help()

    def decision(self) -> DecisionRecord | None:
        """The last decision of the tree search playing here, if it has made one."""
        for seat in self.presenter.seats:
            if isinstance(seat.player, MCTSPlayer) and seat.player.last_decision is not None:
                return seat.player.last_decision
        return None

    def open_decision(self) -> None:
        """D: the tree search's last decision, taken apart iteration by iteration."""
        decision = self.decision()
        if decision is not None:
            self.app.open("mcts", decision)

    def open_review(self) -> None:
        """V, after a game: the game reviewed move by move, with a way to play on from
        before its first mistake (not in KUET rounds, whose games are scored)."""
        if self.presenter.over:
            self.app.open("review", self.presenter.match.record(),
                          None if self.presenter.setup.rounds else self.presenter.play_from)

    def pause(self) -> None:
        """An overlay on top: its widgets replace ours, and the game waits (no AI moves)."""
        self.clear()

    def toggle_hint(self) -> None:
        self.presenter.advice.show_hint = not self.presenter.advice.show_hint
        self.rebuild()

    # -- input -------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        box = self.leave_box
        if box is not None and event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED \
                and event.ui_element is box:
            self.leaving, self.leave_box = False, None
            if self.closing:
                self.app.quit()
            elif self.homeward:
                self.app.home()
            else:
                self.app.pop()
            return True
        if self.leaving and box is not None and box.alive():
            used = dialog_open(box, event)
            self.leaving = box.alive()
            if not self.leaving and self.closing:   # answered: the window stays open, or
                self.app.asking_to_close = False    # its Y is on its way (`closing` says)
            return used or super().handle_event(event)
        if super().handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and not plain_key(event):
            return False   # Ctrl+R, Alt+digit…: not the board's keys
        if event.type == pygame.KEYDOWN and self.key_command(event):
            return True
        if self.presenter.training is None and self.handle_board_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return True
        return False

    def key_command(self, event: pygame.event.Event) -> bool:
        """The board's keys: ? help, U take back, R restart, I thoughts, T training,
        H hint, M sound, D the tree search's last decision taken apart; after a game Enter
        or N plays on, S swaps sides, C changes opponent, V reviews it, Home goes to the
        menu."""
        action = self.key_actions().get(event.key)
        if event.key == pygame.K_F1 or event.unicode == "?":
            action = self.open_help
        if action is None:
            return False
        action()
        return True

    def key_actions(self) -> dict[int, Callable[[], Any]]:
        """The board's keys that do something now, and what each does."""
        presenter, advice = self.presenter, self.presenter.advice
        actions: dict[int, Callable[[], Any]] = {pygame.K_QUESTION: self.open_help,
                                                 pygame.K_u: presenter.undo,
                                                 pygame.K_m: self.toggle_sound}
        if not presenter.over:
            actions[pygame.K_r] = presenter.restart
        if advice.thinker() is not None:
            actions[pygame.K_i] = self.toggle_thoughts
        if presenter.training is None:
            actions[pygame.K_t] = lambda: self.app.open("training", presenter.game)
        if advice.hint_available():
            actions[pygame.K_h] = self.toggle_hint
        if self.decision() is not None:
            actions[pygame.K_d] = self.open_decision
        if presenter.over and presenter.training is None:   # the banner's keys
            actions |= {pygame.K_v: self.open_review, pygame.K_HOME: self.go_home}
        if presenter.over:
            actions |= {pygame.K_RETURN: presenter.play_on, pygame.K_KP_ENTER: presenter.play_on,
                        pygame.K_n: presenter.play_on}
        if presenter.over and presenter.training is None and self.lesson() is not None:
            actions[pygame.K_w] = self.what_it_learned
        if presenter.over and not presenter.setup.rounds:
            actions |= {pygame.K_s: presenter.swap_sides,
                        pygame.K_c: self.app.pop}   # back to choose another opponent
        return actions

    def toggle_thoughts(self) -> None:
        self.presenter.advice.show_thoughts = not self.presenter.advice.show_thoughts
        self.rebuild()

    def toggle_sound(self) -> None:
        """M: sound off or on, said after what the status said, which still holds (whose
        move it is); a setting that cannot be saved says why instead."""
        problem = self.app.toggle_sound()
        said = "Sound on: M mutes it." if self.app.sounds.on else "Sound off: M turns it on."
        if problem:
            self.presenter.tell(f"{said}  {problem}", error=True)
        else:
            self.presenter.note(said)

    def handle_board_event(self, event: pygame.event.Event) -> bool:
        return False

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        presenter = self.presenter
        title = presenter.game.title
        if presenter.setup.rounds:
            title += (f" — KUET round {presenter.match.round + 1} of "
                      f"{len(presenter.setup.rounds)}: NimX plays {presenter.match.strategy}")
        theme.text(surface, title, (theme.GAP, 14), 26, theme.ACCENT, bold=True)
        rules = self.rules_lines()
        for line, y in zip(rules, (50 if len(rules) > 1 else 52, 72), strict=False):
            theme.text(surface, line, (theme.GAP, y), 16, theme.MUTED, width=w - 2 * theme.GAP)
        board = self.board_rect()
        theme.panel(surface, board)
        if presenter.training is not None:
            draw_practice(surface, board, *presenter.training)
        else:
            self.draw_board(surface, board)
        draw_panel(surface, self.panel_rect(), self.panel_buttons_top, presenter,
                   self.seat_marker)
        if presenter.over and presenter.training is None:
            self.banner.draw(surface, presenter.match, presenter.setup.rounds,
                             self.app.tally_for(presenter.game.name, presenter.seats))
        colour = theme.ERROR if presenter.status_error else theme.TEXT
        theme.text(surface, presenter.status, (theme.GAP, h - 32), 20, colour,
                   anchor="midleft", width=w - 2 * theme.GAP)

    def seat_marker(self, index: int) -> str:
        return ""

    def draw_board(self, surface: pygame.Surface, board: pygame.Rect) -> None:
        raise NotImplementedError
