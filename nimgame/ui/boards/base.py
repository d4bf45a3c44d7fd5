"""What every board shares: whose turn, AI moves off the frame, undo, restart, hints,
the end of a game, KUET rounds, and saving a learner that learns from play."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pygame
import pygame_gui

from ...games.base import IllegalMove
from ...learning.sticks_computer import save_computer
from ...learning.training import train
from ...match import AiTurn, Event, GameOver, Match, Moved
from ...storage import SaveError
from .. import theme
from ..match import MatchSetup
from ..scene import Scene

THINK_SECONDS = 0.45   # an AI's move shows after at least this long, so people can follow
ANIMATION_SECONDS = 0.35
TOP = 96               # the board area starts below the title and the rules


def typed_digit(event: pygame.event.Event) -> int | None:
    """The digit a key press typed, if it typed exactly one ASCII digit. '²', '٣' and '①'
    pass str.isdigit() but are not what a player means; an input method may send several
    characters at once."""
    text = getattr(event, "unicode", "") if event.type == pygame.KEYDOWN else ""
    return int(text) if len(text) == 1 and text in "0123456789" else None


class BoardScene(Scene):
    """A game in progress. Subclasses draw the board and turn clicks and keys into moves."""

    def __init__(self, app, setup: MatchSetup) -> None:
        super().__init__(app)
        self.setup = setup
        self.match = Match(setup.game, setup.seats, setup.rounds, random.Random())
        setup.round_results = self.match.round_results   # the results screen reads them
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="nimgame-ai")
        self.job: Future | None = None
        self.turn: AiTurn | None = None   # what the AI's job was asked
        self.training: tuple[int, int] | None = None   # (done, total) while an AI practises
        self.closing = False
        self.show_hint = False
        self.show_thoughts = False
        ai = next((seat for seat in setup.seats if not seat.human), None)
        human = next((seat for seat in setup.seats if seat.human), None)
        greeting = f"Hello, {human.name}! I am {ai.name}.  " if ai and human else ""
        self.status_error = False
        self.animation: tuple[Any, Any, float] | None = None  # (before, move, t)
        notice, setup.notice = setup.notice, ""
        self.status = ""
        self.new_game()
        self.status = notice or greeting + self.status
        for seat in setup.seats:
            if seat.pretrain:
                self._pretrain(seat)

    # -- the match, as the board shows it ---------------------------------------------------
    @property
    def seats(self):
        return self.match.seats

    @property
    def game(self):
        return self.match.game

    @property
    def state(self):
        return self.match.state

    @property
    def history(self):
        return self.match.history

    @property
    def round(self) -> int:
        return self.match.round

    @property
    def strategy(self) -> str | None:
        return self.match.strategy

    def seat_to_move(self):
        return self.match.seat_to_move

    @property
    def humans_turn(self) -> bool:
        return self.training is None and self.match.humans_turn

    @property
    def over(self) -> bool:
        return self.match.over

    # -- games -------------------------------------------------------------------------------
    def new_game(self) -> None:
        """The view of a fresh game (the match has started it)."""
        self.job = None
        self.animation = None
        self.judge_ready: Future | None = None   # the judge working out the theory
        self.status = self.turn_text()

    def restart(self) -> None:
        if self.training is not None:
            self.status, self.status_error = "Wait: NimX is still practising.", True
            return
        self.match.restart()
        self.new_game()
        self.rebuild()

    def _pretrain(self, seat) -> None:
        learner = getattr(seat.player, "learner", seat.player)   # the computer's hats
        total = seat.pretrain
        self.training = (0, total)

        def progress(done, _total, _stats):
            self.training = (done, total)

        def work():
            train(learner, total, progress=progress, should_stop=lambda: self.closing,
                  curve_points=0)

        self.job = self.executor.submit(work)
        self.status = f"{seat.name} is practising before the game…"

    def turn_text(self) -> str:
        seat = self.seat_to_move()
        if seat.human:
            both_human = all(s.human for s in self.seats)
            return f"{seat.name}, your move." if both_human else "Your move."
        return f"{seat.name} is thinking…"

    def apply(self, move) -> bool:
        """Play `move` for the player to move; False (and a message) if it is illegal."""
        try:
            events = self.match.play(move)
        except IllegalMove as err:
            self.status, self.status_error = f"Not allowed: {err}.", True
            return False
        self.show(events)
        return True

    def show(self, events: list[Event]) -> None:
        """Tell the person what the match did."""
        for event in events:
            if isinstance(event, Moved):
                seat = self.seats[event.seat]
                self.animation = (event.before, event.move, 0.0)
                self.status_error = False
                said = (f"{seat.name} {event.words}." if not seat.human or
                        self.match.both_human else f"You {event.words}.")
                self.status = f"{said}  {self.turn_text()}"
            elif isinstance(event, GameOver):
                self.finish(event)
        if events:
            self.on_moved()

    def human_move(self, move) -> bool:
        if not self.humans_turn:
            self.status, self.status_error = "Wait for your turn.", True
            return False
        return self.apply(move)

    def on_moved(self) -> None:
        """A move was made (widgets that depend on the position may change)."""
        self.rebuild()

    def finish(self, over: GameOver) -> None:
        if over.winner is None:
            self.status = "It's a draw."
        else:
            seat = self.seats[over.winner]
            self.status = (f"{seat.name} wins!" if self.match.both_human or not seat.human
                           else "You win!")
        for index in over.learned:
            if self.seats[index].learns:
                self.keep_hats(self.seats[index].player.learner)

    def keep_hats(self, learner) -> None:
        """Save what the learning computer learned; a save that fails says so in the
        status line (the hats stay in play for the next game)."""
        try:
            save_computer(learner)
        except (SaveError, OSError) as err:
            self.status += f"  The computer's hats were not saved: {err}"
            self.status_error = True

    def undo(self) -> None:
        """Take back your last move and the reply to it."""
        if self.training is not None:
            return
        if self.match.take_back() is None:
            self.status, self.status_error = "Nothing to take back.", True
            return
        self.job = None
        self.animation = None
        self.status, self.status_error = "Move taken back. " + self.turn_text(), False
        self.rebuild()

    # -- each frame --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.animation is not None:
            before, move, t = self.animation
            t += dt
            self.animation = None if t >= ANIMATION_SECONDS else (before, move, t)
        judge = getattr(self, "judge", None)
        if self.judge_ready is None and judge is not None and not self.over:
            # Work out the theory off the frame: hints and thoughts read it afterwards.
            self.judge_ready = self.executor.submit(judge.outcome, self.state)
        if self.job is not None:
            if not self.job.done():
                return
            job, self.job = self.job, None
            if self.training is not None:
                self.training = None
                job.result()
                self.status = self.turn_text()
                self.rebuild()
                return
            if self.turn is not None:
                self.show(self.match.play_ai(job.result(), self.turn.generation))
            return
        if self.over or self.training is not None or self.seat_to_move().human:
            return
        if self.animation is not None:
            return
        turn = self.match.ai_turn()
        if turn is None:
            return
        self.turn = turn
        self.job = self.executor.submit(self._think, turn.player, turn.state)
        self.status = self.turn_text() if not self.status else self.status

    @staticmethod
    def _think(player, state):
        started = time.perf_counter()
        move = player.choose_move(state)
        rest = THINK_SECONDS - (time.perf_counter() - started)
        if rest > 0:
            time.sleep(rest)
        return move

    def exit(self) -> None:
        self.closing = True   # practice stops at `closing`; an answer still coming is dropped
        self.executor.shutdown(wait=False, cancel_futures=True)
        super().exit()

    # -- layout ------------------------------------------------------------------------------
    def board_rect(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(theme.GAP, TOP, w - theme.PANEL_WIDTH - 3 * theme.GAP,
                           h - TOP - 64)

    def panel_rect(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(w - theme.PANEL_WIDTH - theme.GAP, TOP, theme.PANEL_WIDTH,
                           h - TOP - 64)

    def build(self) -> None:
        panel = self.panel_rect()
        x, width = panel.x + theme.GAP, panel.width - 2 * theme.GAP
        y = panel.bottom - theme.GAP - theme.BUTTON_HEIGHT
        self.buttons: dict[object, Callable[[], object]] = {}

        def button(text: str, action, primary: bool = False, enabled: bool = True):
            nonlocal y
            made = self.add(pygame_gui.elements.UIButton(
                pygame.Rect(x, y, width, theme.BUTTON_HEIGHT), text, self.manager,
                object_id="#primary" if primary else None))
            if not enabled:
                made.disable()
            self.buttons[made] = action
            y -= theme.BUTTON_HEIGHT + 8

        button("Menu (Esc)", self.app.pop)
        button("Help  ?", self.open_help)
        if self.over:
            if self.setup.rounds and self.round + 1 < len(self.setup.rounds):
                button(f"Next game ({self.round + 2} of {len(self.setup.rounds)})  N",
                       self.next_round, primary=True)
            elif self.setup.rounds:
                button("See the results  N", self.show_results, primary=True)
            else:
                button("Play again  (Enter)", self.restart, primary=True)
        else:
            button("Restart  R", self.restart, enabled=self.training is None)
        has_human = any(s.human for s in self.seats)
        button("Take back  U", self.undo, enabled=has_human and self.match.can_take_back())
        if self.hint_available():
            button(("Hide hint" if self.show_hint else "Show hint") + "  H", self.toggle_hint)
        self.panel_buttons_top = y + theme.BUTTON_HEIGHT

    def open_help(self) -> None:
        from ..help import HelpOverlay
        self.app.push(HelpOverlay(self.app, self.game))

    def pause(self) -> None:
        """An overlay on top: its widgets replace ours, and the game waits (no AI moves)."""
        self.clear()

    def toggle_hint(self) -> None:
        self.show_hint = not self.show_hint
        self.rebuild()

    def next_round(self) -> None:
        self.match.next_round()
        self.setup.game = self.game
        self.new_game()
        self.rebuild()

    def show_results(self) -> None:
        from ..results import KuetResults
        self.app.push(KuetResults(self.app, self.setup))

    # -- input -------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.buttons[event.ui_element]()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_F1, pygame.K_QUESTION) or event.unicode == "?":
                self.open_help()
                return True
            if event.key == pygame.K_u:
                self.undo()
                return True
            if event.key == pygame.K_r and not self.over:
                self.restart()
                return True
            if event.key == pygame.K_i and self.thinker() is not None:
                self.show_thoughts = not self.show_thoughts
                return True
            if event.key == pygame.K_t and self.training is None:
                from ..training import TrainingScene
                self.app.push(TrainingScene(self.app, self.game))
                return True
            if event.key == pygame.K_h and self.hint_available():
                self.toggle_hint()
                return True
            if self.over and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_n):
                if self.setup.rounds:
                    if self.round + 1 < len(self.setup.rounds):
                        self.next_round()
                    else:
                        self.show_results()
                else:
                    self.restart()
                return True
        if self.training is None:
            return self.handle_board_event(event)
        return False

    def handle_board_event(self, event: pygame.event.Event) -> bool:
        return False

    # -- the AI's thoughts ------------------------------------------------------------------
    def thinker(self):
        """The learner playing on this board, if any (its thoughts can be shown)."""
        from ...players import Learner
        for seat in self.seats:
            player = getattr(seat.player, "learner", seat.player)   # the computer's hats
            if isinstance(player, Learner):
                return player
        return None

    def thought_lines(self) -> list[str]:
        from ...learning import insight
        learner = self.thinker()
        if learner is None or self.over:
            return []
        if not self.theory_ready():
            return ["NimX's thoughts: working out the theory…"]
        rows = sorted(insight.move_table(learner, self.state, getattr(self, "judge", None)),
                      key=lambda r: -r.score)
        word = {1: "wins", 0: "draws", -1: "loses"}
        lines = ["NimX's thoughts (best first):"]
        for row in rows[:6]:
            score = f"{row.score:,}" if isinstance(row.score, int) else f"{row.score:+.2f}"
            lines.append(f"  {row.words}: {score}, {word[row.theory]}")
        return lines

    # -- hints -------------------------------------------------------------------------------
    def theory_ready(self) -> bool:
        """Whether the judge has finished its first look (until then, hints wait)."""
        return self.judge_ready is not None and self.judge_ready.done()

    def hint_available(self) -> bool:
        """Hints are for people: shown while someone at the screen has a game to play."""
        return not self.over and self.training is None and any(s.human for s in self.seats)

    def hint_lines(self) -> list[str]:
        return []

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        title = self.game.title
        if self.setup.rounds:
            title += f" — KUET round {self.round + 1} of {len(self.setup.rounds)}: NimX plays " \
                     f"{self.strategy}"
        theme.text(surface, title, (theme.GAP, 14), 26, theme.ACCENT, bold=True)
        theme.text(surface, self.game.describe_rules(), (theme.GAP, 52), 16, theme.MUTED)
        board = self.board_rect()
        theme.panel(surface, board)
        if self.training is not None:
            self.draw_training(surface, board)
        else:
            self.draw_board(surface, board)
        self.draw_panel(surface)
        colour = theme.ERROR if self.status_error else theme.TEXT
        theme.text(surface, self.status, (theme.GAP, h - 32), 20, colour, anchor="midleft",
                   width=w - 2 * theme.GAP)

    def draw_training(self, surface: pygame.Surface, board: pygame.Rect) -> None:
        if self.training is None:
            return
        done, total = self.training
        theme.text(surface, f"NimX is practising: {done:,} of {total:,} games",
                   (board.centerx, board.centery - 40), 22, anchor="center")
        bar = pygame.Rect(0, 0, board.width * 2 // 3, 22)
        bar.center = (board.centerx, board.centery)
        pygame.draw.rect(surface, theme.PANEL_EDGE, bar, border_radius=8)
        filled = bar.copy()
        filled.width = int(bar.width * done / total) if total else 0
        if filled.width:
            pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=8)

    def draw_panel(self, surface: pygame.Surface) -> None:
        panel = self.panel_rect()
        theme.panel(surface, panel)
        x, y = panel.x + theme.GAP, panel.y + theme.GAP
        to_move = None if self.over else self.game.to_move(self.state)
        for index, seat in enumerate(self.seats):
            marker = self.seat_marker(index)
            colour = theme.ACCENT if index == to_move else theme.TEXT
            label = seat.name if seat.human else f"{seat.name} — {seat.label or seat.player.label}"
            label = theme.fit(label, 18, 2 * (panel.width - 2 * theme.GAP - 18))
            if index == to_move:
                pygame.draw.polygon(surface, theme.ACCENT,
                                    [(x, y + 6), (x + 10, y + 13), (x, y + 20)])
            for part in theme.wrap(f"{marker}{label}", 18, panel.width - 2 * theme.GAP - 18,
                                   bold=index == to_move):
                theme.text(surface, part, (x + 18, y), 18, colour, bold=index == to_move)
                y += 26
            y += 4
        y += 8
        lines = []
        if self.show_thoughts:
            lines += self.thought_lines()
        if self.show_hint and self.hint_available():
            lines += self.hint_lines()
        if lines:
            limit = self.panel_buttons_top - theme.GAP
            for line in lines:
                indent = 16 if line.startswith("  ") else 0
                for part in theme.wrap(line.strip(), 15, panel.width - 2 * theme.GAP - indent):
                    if y + 18 > limit:
                        return
                    theme.text(surface, part, (x + indent, y), 15, theme.GOOD)
                    y += 18

    def seat_marker(self, index: int) -> str:
        return ""

    def draw_board(self, surface: pygame.Surface, board: pygame.Rect) -> None:
        raise NotImplementedError
