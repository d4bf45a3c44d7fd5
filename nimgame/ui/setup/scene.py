"""Set-up: the opponent, who moves first, your name, and the game's rules."""

from __future__ import annotations

import random
from collections.abc import Iterable
from concurrent.futures import Future
from typing import Any

import pygame
import pygame_gui

from ... import storage
from ...games import GAMES, AnyGame
from ...players import PLAYERS
from ...session import (
    FRIEND,
    Named,
    Opponent,
    Saved,
    default_opponent,
    match_setup,
    opponents,
)
from .. import theme
from ..choices import (
    CAPS,
    CUSTOM,
    FIRST,
    MARKS,
    PILES,
    PILES_LIMIT,
    PLAY,
    ROUNDS,
    chosen_game,
    first,
    memorize,
    recall,
    typed_sticks,
)
from ..saved_brains import read_saved_brains
from ..scene import Scene, SceneHost
from ..widgets.fields import Field
from ..widgets.form import FormRows, fit_rows
from ..widgets.number_field import NumberField

__all__ = ["FRIEND", "SetupScene"]

NAME_LIMIT = 20


def opponent_name(text: str, opponent: Opponent | None) -> str:
    """How a sentence names the opponent the menu entry `text` offers: a kind of player by
    its label (the entry goes on to describe it), anything else by the entry itself."""
    if isinstance(opponent, Named):
        return PLAYERS[opponent.name].label
    return text


class SetupScene(Scene):
    def __init__(self, app: SceneHost, game_key: str) -> None:
        super().__init__(app)
        self.game_key = game_key
        self.probe: AnyGame = GAMES[game_key]()   # the default rules: who can play them
        self.title = self.probe.title
        self.choices: dict[str, str] = {   # the menu text shown in each drop-down
            "opponent": "", "first": first(FIRST), "piles": first(PILES), "play": first(PLAY),
            "cap": first(CAPS), "rounds": first(ROUNDS), "mark": first(MARKS)}
        self.custom = "2, 4, 6"
        self.sticks = 20
        self.rng = random.Random()
        self.loading = False
        self.saved: list[storage.BrainInfo] = []
        self.custom_entry: Field | None = None
        self.sticks_field: NumberField | None = None
        self.opponents = opponents(game_key, self.probe, [])
        self.choices["opponent"] = default_opponent(game_key, self.opponents)
        memory = recall(app.settings, game_key)   # as it was left last time
        self.name, self.wanted = memory.name, memory.opponent
        self.custom, self.sticks = memory.custom or self.custom, memory.sticks or self.sticks
        self.choices.update(memory.choices)
        self.refresh_opponents()

    def enter(self) -> None:
        read_saved_brains(self, self.brains_read)
        super().enter()

    def resume(self) -> None:
        read_saved_brains(self, self.brains_read)
        super().resume()

    def brains_read(self, brains: list[storage.BrainInfo]) -> None:
        self.saved = brains
        self.refresh_opponents()

    def chosen_rules(self) -> AnyGame | None:
        """The board the choices make, if they fix one: not KUET's nor a random board (drawn
        on Play), nor typed piles that are not a board (said on Play)."""
        if self.kuet_rounds or (self.game_key == "nim" and PILES[self.choices["piles"]] is None
                                and self.choices["piles"] != CUSTOM):
            return None
        try:
            return self.make_game()
        except ValueError:
            return None

    def refresh_opponents(self) -> None:
        """List who can play the rules now chosen; an opponent that no longer can is
        replaced by the default, and the person is told."""
        rules = self.chosen_rules()   # who can play them (a search cannot play a big board)
        found = opponents(self.game_key, rules or self.probe, self.saved, rules)
        if self.wanted in found:   # last time's opponent, now that it is offered
            self.choices["opponent"], self.wanted = self.wanted, ""
        if found == self.opponents:
            return
        before, self.opponents = self.opponents, found
        chosen = self.choices["opponent"]
        if chosen not in found:
            now = self.choices["opponent"] = default_opponent(self.game_key, found)
            self.say(f"{opponent_name(chosen, before.get(chosen))} cannot play these rules: "
                     f"your opponent is now {opponent_name(now, found[now])}.")
        focused = self.custom_entry is not None and self.custom_entry.is_focused
        self.rebuild()
        if focused and self.custom_entry is not None:
            self.custom_entry.focus()   # typing goes on where it was

    # -- widgets ------------------------------------------------------------------------
    def build(self) -> None:
        fit_rows(self, self.lay_out, 52, self.size[1])

    def lay_out(self, step: int) -> tuple[int, int]:
        """The widgets, rows `step` apart: where they end (with a margin), how many rows."""
        w, h = self.size
        width = min(1000, w - 2 * theme.GAP)  # room for the opponents' descriptions
        self.left = (w - width) // 2
        rows = self.form = FormRows(self, self.left, 100 if h < 700 else 110, 200,
                                    width - 200, step, 38)

        def dropdown(key: str, label: str, options: Iterable[str]) -> None:
            rows.dropdown(key, label, options, self.choices[key])

        self.name_entry = self.add(Field(rows.row("Your name"), self.manager, self.name,
                                         limit=NAME_LIMIT))
        if self.game_key == "nim":
            dropdown("rounds", "KUET rounds", ROUNDS)
        if not self.kuet_rounds:
            dropdown("opponent", "Opponent", self.opponents)
            if self.game_key == "tictactoe":
                dropdown("mark", "You play", MARKS)
            else:
                dropdown("first", "Who moves first", FIRST)
        self.custom_entry = self.sticks_field = None
        if self.game_key == "nim" and not self.kuet_rounds:
            dropdown("piles", "Piles", PILES)
            if self.choices["piles"] == CUSTOM:
                self.custom_entry = self.add(Field(
                    rows.row("Custom piles"), self.manager, self.custom,
                    limit=PILES_LIMIT, placeholder="pile sizes, e.g. 2, 4, 6"))
            dropdown("play", "Play", PLAY)
            dropdown("cap", "Cap per move", CAPS)
        if self.game_key == "sticks":
            self.sticks_field = NumberField(self, rows.row("Sticks (10–100)"), self.sticks, 10,
                                            100, typed_sticks)
        y = rows.y + theme.GAP
        self.message_y = y
        y += 36
        button_w = (width - theme.GAP) // 2
        self.button(pygame.Rect(self.left, y, button_w, 48), "Back (Esc)", self.app.pop)
        self.button(pygame.Rect(self.left + button_w + theme.GAP, y, button_w, 48),
                    "Play (Enter)", self.start, primary=True)
        return y + 48 + theme.GAP, len(rows.labels)

    @property
    def kuet_rounds(self) -> tuple[tuple[str, str], ...] | None:
        return ROUNDS[self.choices["rounds"]]

    # -- events -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        chose = self.form.chose(event)
        if chose is not None:
            self.choices[chose.key] = chose.text
            if chose.key in ("rounds", "piles"):
                self.rebuild()  # rows come and go
            self.refresh_opponents()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element in (
                self.name_entry, self.custom_entry):
            if event.ui_element is self.name_entry:
                self.name = self.name_entry.get_text()
            elif event.ui_element is self.custom_entry:
                self.custom = self.custom_entry.get_text()
                self.say("")   # an earlier refusal of the piles no longer holds
                self.refresh_opponents()
            return True
        if self.sticks_field is not None and self.sticks_field.handle(event):
            self.sticks = self.sticks_field.value
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
            return True
        return False

    # -- starting -------------------------------------------------------------------------
    def make_game(self) -> AnyGame:
        """The game the choices describe; ValueError saying what is wrong with them."""
        sticks = self.sticks_field.typed() if self.sticks_field is not None else self.sticks
        return chosen_game(self.game_key, self.choices, self.custom, sticks, self.rng)

    def start(self) -> None:
        """Play: a saved opponent is read beside the frames first (it may be large)."""
        if self.loading:
            return
        try:
            game = self.make_game()
        except ValueError as err:
            self.say(str(err))
            return
        what = None if self.kuet_rounds else self.opponents[self.choices["opponent"]]
        if isinstance(what, Saved):
            self.loading = True
            self.say("")
            self.later(lambda: storage.load(what.path, game=game),
                       lambda done: self._start(game, done))
            return
        self._start(game, None)

    def _start(self, game: AnyGame, loaded: Future[Any] | None) -> None:
        self.loading = False
        try:
            first = (MARKS[self.choices["mark"]] if self.game_key == "tictactoe"
                     else FIRST[self.choices["first"]])
            setup = match_setup(game, self.name, self.kuet_rounds or None,
                                self.opponents[self.choices["opponent"]], first, loaded)
        except (ValueError, storage.BrainFileError) as err:
            self.say(str(err))
            return
        self.say("")
        self.memorize()
        setup.notice = setup.notice or self.app.remember()   # a save that fails says why
        self.open("board", setup)

    def memorize(self) -> None:
        """Keep the choices as they are in the settings (a saved opponent still being read
        is kept as the one wanted)."""
        choices = dict(self.choices)
        if self.wanted:
            choices["opponent"] = self.wanted
        memorize(self.app.settings, self.game_key, self.name, choices, self.custom,
                 self.sticks)

    def exit(self) -> None:
        """Leaving without playing keeps what was chosen too, saved at once."""
        self.memorize()
        self.app.remember()   # nowhere to say a failure: the screen is going
        super().exit()

    def draw(self, surface: pygame.Surface) -> None:
        w, _ = self.size
        theme.text(surface, f"{self.title}: set up a game", (w // 2, 40), 32, theme.ACCENT,
                   bold=True, anchor="midtop")
        for label, y in self.form.labels:
            theme.text(surface, label, (self.left, y + 19), 18, theme.TEXT, anchor="midleft")
        if self.message:
            theme.text(surface, self.message, (w // 2, self.message_y + 14), 17, theme.ERROR,
                       anchor="center", width=w - 2 * theme.GAP)
        elif self.loading:
            theme.text(surface, "Reading the saved AI…", (w // 2, self.message_y + 14), 17,
                       theme.MUTED, anchor="center")
        elif self.game_key == "nim" and self.kuet_rounds:
            theme.text(surface, "Normal play, at most 3 per move, a new random board each "
                       "game; NimX reports its win arrays at the end.",
                       (w // 2, self.message_y + 14), 15, theme.MUTED, anchor="center")
