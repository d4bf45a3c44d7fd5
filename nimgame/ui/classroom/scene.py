"""Class mode: one AI that learns from every person's game at an event. Choose the game (G)
and the AI (L: hats or Q-learning), play it (Enter: the board, its seat learning and the
event saved after every game), and read the count from the back of the room: games, the
AI's wins, draws and losses in big numbers, each with its word. N saves a snapshot into
the library, R resets the event (asked first, Y/N), O opens the class tournament. The
event itself is `session.class_event`; this screen shows it."""

from __future__ import annotations

from concurrent.futures import Future

import pygame
import pygame_gui

from ...games.registry import kit_for
from ...match import Seat
from ...session import MatchSetup
from ...session.class_event import (
    LEARNER_TITLES,
    ClassEvent,
    ClassEventError,
    EventKey,
    EventPlayer,
    EventState,
    event_games,
)
from ...storage import SaveError
from .. import theme
from ..scene import Scene, SceneHost, plain_key
from ..widgets.dialog import confirm, dialog_open

AI_SEAT_NAME = "Class AI"
#: The count is read again this often (seconds of the frames' time) while the screen is
#: shown: games other windows play at the event show up without leaving it.
REFRESH_SECONDS = 3.0
KEYS_LINE = "G game · L the AI · Enter play · N snapshot · R reset · O tournament · Esc back"


def big_number(count: int) -> str:
    """12345 -> "12,345": digits a room can read at a glance."""
    return f"{count:,}"


class ClassScene(Scene):
    def __init__(self, app: SceneHost, game: str | None = None, learner: str = "hats") -> None:
        super().__init__(app)
        games = event_games()
        self.key = EventKey(game if game in games else games[0], learner)
        self.state: EventState | None = None
        self.problem = ""
        self.dialog: pygame_gui.windows.UIConfirmationDialog | None = None
        self.since_read = 0.0

    # -- the event ---------------------------------------------------------------------
    def on_top(self) -> None:
        """Entered, or back from a game: the count as saved (other windows' games too)."""
        self.read()

    def read(self) -> None:
        self.since_read = 0.0
        try:
            self.state, self.problem = ClassEvent(self.key).read(), ""
        except ClassEventError as err:
            self.state, self.problem = None, str(err)

    def update(self, dt: float) -> None:
        """Every REFRESH_SECONDS, the event read again beside the frames."""
        self.since_read += dt
        if self.since_read < REFRESH_SECONDS or self.waiting:
            return
        self.since_read = 0.0
        key = self.key
        self.later(lambda: ClassEvent(key).read(), lambda done: self.refreshed(key, done))

    def refreshed(self, key: EventKey, done: Future[EventState]) -> None:
        if key != self.key:
            return   # another event chosen meanwhile: it was read then
        try:
            state = done.result()
        except ClassEventError as err:
            self.state, self.problem = None, str(err)
            self.rebuild()
            return
        changed = self.state is None
        self.state, self.problem = state, ""
        if changed:
            self.rebuild()

    def switch(self, game: str | None = None, learner: str | None = None) -> None:
        self.key = EventKey(game or self.key.game, learner or self.key.learner)
        self.say("")
        self.read()
        self.rebuild()

    def next_game(self) -> None:
        games = event_games()
        self.switch(game=games[(games.index(self.key.game) + 1) % len(games)])

    def next_learner(self) -> None:
        kinds = list(LEARNER_TITLES)
        self.switch(learner=kinds[(kinds.index(self.key.learner) + 1) % len(kinds)])

    def play(self) -> None:
        """The board, the person against the event's AI, which learns from the game."""
        if self.state is None:
            self.say(f"{self.problem}. Reset (R) starts the event again.")
            return
        player = EventPlayer(ClassEvent(self.key), self.state)
        seats = (Seat(self.app.settings.name), Seat(AI_SEAT_NAME, player, learns=True,
                                                    label="the class's AI"))
        self.open("board", MatchSetup(player.game, seats, notice=(
            f"The class's AI ({LEARNER_TITLES[self.key.learner]}) has played "
            f"{self.state.count.games:,} games. It learns from this one too.")))

    def snapshot(self) -> None:
        try:
            path = ClassEvent(self.key).snapshot()
        except (ClassEventError, SaveError) as err:
            self.say(str(err))
        else:
            self.say(f"Saved a copy in the library as {path.stem}.", ok=True)
        self.rebuild()

    def ask_reset(self) -> None:
        games = self.state.count.games if self.state is not None else 0
        self.dialog = confirm(self, "Reset the class's AI",
                              f"Forget all the class's AI ({self.key.title}) learned from "
                              f"{games:,} game{'s' * (games != 1)}, and count from 0? To "
                              "keep a copy first: Cancel, then Snapshot.",
                              "Reset")
        self.focus.set(self, self.dialog.cancel_button)   # the ring on the safe answer

    def reset(self) -> None:
        self.dialog = None
        try:
            self.state, self.problem = ClassEvent(self.key).reset(), ""
            self.say("The event starts again: no games, a new AI.", ok=True)
        except ClassEventError as err:
            self.say(str(err))
        self.rebuild()

    # -- layout ------------------------------------------------------------------------
    def content(self) -> pygame.Rect:
        w, h = self.size
        width = min(1100, w - 2 * theme.GAP)
        return pygame.Rect((w - width) // 2, 0, width, h)

    def build(self) -> None:
        area = self.content()
        half = (area.width - theme.GAP) // 2
        y = 60
        self.button(pygame.Rect(area.x, y, half, theme.BUTTON_HEIGHT),
                    f"Game: {kit_for(self.key.game).title}  G", self.next_game)
        self.button(pygame.Rect(area.x + half + theme.GAP, y, half, theme.BUTTON_HEIGHT),
                    f"AI: {LEARNER_TITLES[self.key.learner]}  L", self.next_learner)
        made = (("Play  Enter", self.play, True), ("Snapshot  N", self.snapshot,
                                                   self.state is not None),
                ("Reset  R", self.ask_reset, True), ("Tournament  O", self.tournament, True),
                ("Back  Esc", self.app.pop, True))
        each = (area.width - (len(made) - 1) * theme.GAP) // len(made)
        bottom = self.size[1] - 70 - theme.BUTTON_HEIGHT
        for index, (text, action, enabled) in enumerate(made):
            self.button(pygame.Rect(area.x + index * (each + theme.GAP), bottom, each,
                                    theme.BUTTON_HEIGHT), text, action,
                        primary=index == 0, enabled=enabled)

    def counter_area(self) -> pygame.Rect:
        area = self.content()
        top = 60 + theme.BUTTON_HEIGHT + theme.GAP
        bottom = self.size[1] - 70 - theme.BUTTON_HEIGHT - theme.GAP - 28
        return pygame.Rect(area.x, top, area.width, bottom - top)

    def glossary_term(self) -> str | None:
        return self.key.learner   # "hats" or "q": the class's AI

    def tournament(self) -> None:
        """O: the class tournament, for this event's game on its board (Sticks: 100), so
        the class's AI, saved by a snapshot, can enter."""
        self.open("tournament", self.key.make_game())

    # -- input -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and \
                event.ui_element is self.dialog:
            self.reset()
            return True
        if super().handle_event(event):
            return True
        if self.dialog is not None and self.dialog.alive():
            return dialog_open(self.dialog, event)
        if not plain_key(event):
            return False
        actions = {pygame.K_g: self.next_game, pygame.K_l: self.next_learner,
                   pygame.K_RETURN: self.play, pygame.K_KP_ENTER: self.play,
                   pygame.K_n: self.snapshot, pygame.K_r: self.ask_reset,
                   pygame.K_o: self.tournament}
        action = actions.get(event.key)
        if action is None:
            return False
        action()
        return True

    # -- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        area = self.content()
        theme.text(surface, "Class mode: one AI learns from everyone's games",
                   (area.x, 14), 26, theme.ACCENT, bold=True, width=area.width)
        counters = self.counter_area()
        if self.state is None:
            theme.panel(surface, counters)
            for number, line in enumerate(theme.wrap(self.problem, 18, counters.width - 40)[:4]):
                theme.text(surface, line, (counters.x + 20, counters.y + 20 + 28 * number),
                           18, theme.ERROR)
        else:
            self.draw_counters(surface, counters, self.state)
        theme.footer(surface, self.message, self.message_ok, KEYS_LINE)

    def draw_counters(self, surface: pygame.Surface, area: pygame.Rect,
                      state: EventState) -> None:
        """Four boxes side by side, each a word over a big number (and the share of the
        games under it): readable from the back of a room, nothing said by colour alone."""
        count = state.count
        boxes = (("Games", count.games, theme.TEXT, ""),
                 ("AI won", count.ai_wins, theme.ACCENT, "won"),
                 ("Drawn", count.draws, theme.MUTED, "drawn"),
                 ("AI lost", count.ai_losses, theme.SECOND, "lost"))
        each = (area.width - 3 * theme.GAP) // 4
        height = area.height - 30
        digits = max(len(big_number(n)) for _, n, _, _ in boxes)
        size = max(24, min(int(height * 0.5), int(each / (0.62 * max(digits, 2)))))
        for index, (word, number, colour, share) in enumerate(boxes):
            box = pygame.Rect(area.x + index * (each + theme.GAP), area.y, each, height)
            theme.panel(surface, box)
            theme.text(surface, word, (box.centerx, box.y + 10), 22, theme.TEXT, bold=True,
                       anchor="midtop", width=box.width - 8)
            theme.text(surface, big_number(number), (box.centerx, box.centery + 12), size,
                       colour, bold=True, anchor="center", width=box.width - 8)
            if share and count.games:
                theme.text(surface, f"{number / count.games:.0%} {share}",
                           (box.centerx, box.bottom - 8), 18, theme.MUTED,
                           anchor="midbottom", width=box.width - 8)
        started = state.started[:10] or "today"
        learned = state.learner.games_trained
        theme.text(surface, f"{self.key.title} · since {started} · "
                   f"{learned:,} game{'s' * (learned != 1)} learned from",
                   (area.centerx, area.bottom), 16, theme.MUTED, anchor="midbottom",
                   width=area.width)
