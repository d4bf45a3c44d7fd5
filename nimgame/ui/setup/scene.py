"""Set-up: the opponent, who moves first, your name, and the game's rules."""

from __future__ import annotations

import random
from concurrent.futures import Future
from typing import Any

import pygame
import pygame_gui

from ... import storage
from ...games import AnyGame, kit_for, make_game
from ...games.kit import FormField, Menu, NumberField, TextField, shown
from ...glossary import TERMS
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
from ..choices import memorize, recall, setup_form
from ..saved_brains import read_saved_brains
from ..scene import Scene, SceneHost
from ..widgets.fields import Field
from ..widgets.form import FormRows, fit_rows
from ..widgets.number_field import NumberField as NumberWidget
from ..widgets.tips import HoverTips

__all__ = ["FRIEND", "SetupScene"]

NAME_LIMIT = 20
#: The glossary's word over each label that names a learning idea (`nimgame.glossary`).
LABEL_TERMS = {"Opponent": "rival", "Play": "misere"}


def opponent_name(text: str, opponent: Opponent | None) -> str:
    """How a sentence names the opponent the menu entry `text` offers: a kind of player by
    its label (the entry goes on to describe it), anything else by the entry itself."""
    if isinstance(opponent, Named):
        return PLAYERS[opponent.name].label
    return text


#: The set-up's keys: a choice changes by Up/Down where the ring is (Enter opens its list).
KEYS_LINE = "Tab: the next choice · Up/Down: change it · Enter: play · Esc: back · ?: words"


class SetupScene(Scene):
    """The set-up of one game: the form its kit describes (rounds, who moves first, the
    rules), with the opponents that can play the rules chosen and the person's name."""

    def __init__(self, app: SceneHost, game_key: str) -> None:
        super().__init__(app)
        self.game_key = game_key
        self.kit = kit_for(game_key)
        self.probe: AnyGame = self.kit.make()   # the default rules: who can play them
        self.title = self.probe.title
        self.fields = setup_form(self.kit)
        memory = recall(app.settings, self.kit)   # as it was left last time
        #: The words shown in each menu (the opponent's too), by the field's key.
        self.choices: dict[str, str] = {
            f.key: memory.choices.get(f.key, f.words[0]) for f in self.fields
            if isinstance(f, Menu)}
        #: What is typed in each text field, and each number field's value.
        self.texts = {f.key: memory.texts.get(f.key, f.default) for f in self.fields
                      if isinstance(f, TextField)}
        self.numbers = {f.key: memory.numbers.get(f.key, f.default) for f in self.fields
                        if isinstance(f, NumberField)}
        self.rng = random.Random()
        self.loading = False
        self.saved: list[storage.BrainInfo] = []
        self.entries: dict[str, Field] = {}             # the text fields shown, by key
        self.number_widgets: dict[str, NumberWidget] = {}
        self.opponents = opponents(game_key, self.probe, [])
        self.choices["opponent"] = default_opponent(game_key, self.opponents)
        self.name, self.wanted = memory.name, memory.opponent
        self.refresh_opponents()
        self.tips = HoverTips(self)   # the glossary's words over the learning labels

    def enter(self) -> None:
        """Opened: the keyboard's focus shown at once, on Play (Enter plays, as ever; Tab
        goes on to the choices)."""
        super().enter()
        self.focus.set(self, self.play_button)

    def make_widgets(self) -> None:
        """Laid out again (rows come and go with the choices): a focus on Play stays on
        Play, wherever it now is among the stops."""
        on_play = self.focus.widget is not None and \
            self.focus.widget is getattr(self, "play_button", None)
        super().make_widgets()
        if on_play:
            self.focus.set(self, self.play_button)

    def on_top(self) -> None:
        read_saved_brains(self, self.brains_read)   # training may have saved one meanwhile

    def brains_read(self, brains: list[storage.BrainInfo]) -> None:
        self.saved = brains
        self.refresh_opponents()

    # -- the form's values ----------------------------------------------------------------
    def menu_values(self) -> dict[str, Any]:
        """Each menu's value (what its chosen words mean), by key."""
        return {f.key: f.value(self.choices[f.key]) for f in self.fields
                if isinstance(f, Menu)}

    def values(self) -> dict[str, Any]:
        """Every shown field's value, typed text read by its field; ValueError saying what
        is wrong with what is typed."""
        values = self.menu_values()
        for form_field in self.fields:
            if not shown(form_field, values) or isinstance(form_field, Menu):
                continue
            if isinstance(form_field, TextField):
                values[form_field.key] = form_field.parse(self.texts[form_field.key])
            else:
                widget = self.number_widgets.get(form_field.key)
                values[form_field.key] = (widget.typed() if widget is not None
                                          else self.numbers[form_field.key])
        return values

    def visible(self, form_field: FormField) -> bool:
        """Whether `form_field` is on the screen: shown by the menus' values, and the
        opponent's, the first move's and the rules' fields only without rounds."""
        if form_field is self.kit.rounds_menu:
            return True
        return not self.rounds and shown(form_field, self.menu_values())

    @property
    def rounds(self) -> tuple[tuple[str, str], ...] | None:
        """The rounds chosen (KUET's), or None for free play."""
        menu = self.kit.rounds_menu
        return None if menu is None else menu.value(self.choices[menu.key])

    def chosen_rules(self) -> AnyGame | None:
        """The board the choices make, if they fix one: not a board drawn on Play (KUET's,
        a random one), nor typed rules that are not a board (said on Play)."""
        try:
            rules = self.kit.rules_from_form(self.values(), None)
            return None if rules is None else make_game(self.game_key, rules)
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
        focused = next((key for key, entry in self.entries.items() if entry.is_focused), None)
        self.rebuild()
        if focused is not None and focused in self.entries:
            self.entries[focused].focus()   # typing goes on where it was

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
        self.name_entry = self.add(Field(rows.row("Your name"), self.manager, self.name,
                                         limit=NAME_LIMIT))
        self.entries, self.number_widgets = {}, {}
        for form_field in self.fields:
            if not self.visible(form_field):
                continue
            if form_field is self.kit.first_menu:   # the opponent comes before who starts
                rows.dropdown("opponent", "Opponent", self.opponents,
                              self.choices["opponent"])
            if isinstance(form_field, Menu):
                rows.dropdown(form_field.key, form_field.label, form_field.words,
                              self.choices[form_field.key])
            elif isinstance(form_field, TextField):
                self.entries[form_field.key] = self.add(Field(
                    rows.row(form_field.label), self.manager, self.texts[form_field.key],
                    limit=form_field.limit, placeholder=form_field.placeholder))
            else:
                self.number_widgets[form_field.key] = NumberWidget(
                    self, rows.row(form_field.label), self.numbers[form_field.key],
                    form_field.low, form_field.high, form_field.parse)
        y = rows.y + theme.GAP
        self.message_y = y
        y += 36
        button_w = (width - theme.GAP) // 2
        self.button(pygame.Rect(self.left, y, button_w, 48), "Back  Esc", self.app.pop)
        self.play_button = self.button(pygame.Rect(self.left + button_w + theme.GAP, y,
                                                   button_w, 48),
                                       "Play  Enter", self.start, primary=True)
        return y + 48 + theme.GAP, len(rows.labels)

    # -- events -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        self.tips.see(event)
        if super().handle_event(event):
            return True
        chose = self.form.chose(event)
        if chose is not None:
            self.choices[chose.key] = chose.text
            if chose.key != "opponent":
                self.rebuild()  # rows may come and go
            self.refresh_opponents()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and (
                event.ui_element is self.name_entry or event.ui_element in
                self.entries.values()):
            if event.ui_element is self.name_entry:
                self.name = self.name_entry.get_text()
            else:
                key = next(k for k, e in self.entries.items() if e is event.ui_element)
                self.texts[key] = event.ui_element.get_text()
                self.say("")   # an earlier refusal of what was typed no longer holds
                self.refresh_opponents()
            return True
        for key, widget in self.number_widgets.items():
            if widget.handle(event):
                self.numbers[key] = widget.value
                return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
            return True
        return False

    def update(self, dt: float) -> None:
        self.tips.update(dt, paused=any(menu.current_state is menu.menu_states["expanded"]
                                        for menu in self.form.dropdowns))

    # -- starting -------------------------------------------------------------------------
    def make_game(self) -> AnyGame:
        """The game the choices describe (a random board drawn now); ValueError saying what
        is wrong with them."""
        rules = self.kit.rules_from_form(self.values(), self.rng)
        return make_game(self.game_key, rules)

    def start(self) -> None:
        """Play: a saved opponent is read beside the frames first (it may be large)."""
        if self.loading:
            return
        try:
            game = self.make_game()
        except ValueError as err:
            self.say(str(err))
            return
        what = None if self.rounds else self.opponents[self.choices["opponent"]]
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
            first = self.kit.first_menu.value(self.choices[self.kit.first_menu.key])
            setup = match_setup(game, self.name, self.rounds or None,
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
        memorize(self.app.settings, self.game_key, self.name, choices, self.texts,
                 self.numbers)

    def exit(self) -> None:
        """Leaving without playing keeps what was chosen too, saved at once."""
        self.memorize()
        self.app.remember()   # nowhere to say a failure: the screen is going
        super().exit()

    def draw(self, surface: pygame.Surface) -> None:
        w, _ = self.size
        theme.text(surface, f"{self.title}: set up a game", (w // 2, 40), 32, theme.ACCENT,
                   bold=True, anchor="midtop")
        self.tips.begin()
        for label, y in self.form.labels:
            said = theme.text(surface, label, (self.left, y + 19), 18, theme.TEXT,
                              anchor="midleft")
            if label in LABEL_TERMS:
                self.tips.place(said, TERMS[LABEL_TERMS[label]].sentence)
        if self.message:
            theme.text(surface, self.message, (w // 2, self.message_y + 14), 17, theme.ERROR,
                       anchor="center", width=w - 2 * theme.GAP)
        elif self.loading:
            theme.text(surface, "Reading the saved AI…", (w // 2, self.message_y + 14), 17,
                       theme.MUTED, anchor="center")
        elif self.rounds and self.kit.rounds_note:
            theme.text(surface, self.kit.rounds_note, (w // 2, self.message_y + 14), 15,
                       theme.MUTED, anchor="center")
        else:   # nothing to say: the keys, where a message would go
            theme.text(surface, KEYS_LINE, (w // 2, self.message_y + 14), 14, theme.MUTED,
                       anchor="center", width=w - 2 * theme.GAP)
