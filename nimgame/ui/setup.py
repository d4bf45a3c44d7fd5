"""Set-up: the opponent, who moves first, your name, and the game's rules."""

from __future__ import annotations

import random
from concurrent.futures import Future

import pygame
import pygame_gui

from .. import kuet, storage
from ..games import GAMES, AnyGame, make_game
from ..games.nim import parse_piles
from ..learning.sticks_computer import HatDrawer, load_computer
from ..players import available_players
from ..typed import whole_number
from . import theme
from .fields import Field, choice_label
from .match import AI_NAME, MatchSetup, Seat
from .scene import Scene

FRIEND = "A friend at this screen"
COMPUTER = "The computer (learns as you play)"
TRAINED = "The trained computer (100,000 games first)"
PRETRAIN = {"q": 30_000, "hats": 30_000}  # a registry learner practises before it plays
TRAINED_GAMES = 100_000

PILES = ("CS50: 1, 3, 5, 7", "KUET: 2–3 random piles of 1–6", "Custom")
PLAY = ("Misère: taking the last loses", "Normal: taking the last wins")
CAPS = ("No cap", "At most 3 (KUET)", "At most 2", "At most 1")
ROUNDS = ("Off: free play", "KUET Easy: 3 games vs IDA*",
          "KUET Hard: 6 games, minimax and alpha-beta")
FIRST = ("You", "Your opponent")
MARKS = ("X (moves first)", "O")
STICKS_ERROR = "Please enter a number between 10 and 100."
NAME_LIMIT = 20
PILES_LIMIT = 60     # characters of custom piles: 8 piles of two digits and separators


def typed_sticks(text: str) -> int:
    """The heap typed on a set-up or training screen: 10 to 100 sticks, in ASCII digits."""
    try:
        return whole_number(text, 10, 100, "Sticks")
    except ValueError:
        raise ValueError(STICKS_ERROR) from None


def custom_piles(text: str) -> tuple[int, ...]:
    """Piles a person typed, within what a board can show: 1 to 8 piles of 1 to 15."""
    piles = parse_piles(text)
    if not 1 <= len(piles) <= 8 or not all(1 <= p <= 15 for p in piles):
        raise ValueError("Custom piles: 1 to 8 piles of 1 to 15 stones")
    return piles


class SetupScene(Scene):
    def __init__(self, app, game_key: str) -> None:
        super().__init__(app)
        self.game_key = game_key
        self.probe: AnyGame = GAMES[game_key]()   # the default rules: who can play them
        self.title = self.probe.title
        self.choices: dict[str, str] = {"opponent": "", "first": FIRST[0], "piles": PILES[0],
                        "play": PLAY[0], "cap": CAPS[0], "rounds": ROUNDS[0],
                        "mark": MARKS[0]}
        self.name = "Player"
        self.custom = "2, 4, 6"
        self.sticks = 20
        self.message = ""
        self.notice = ""
        self.rng = random.Random()
        self.saved: list[storage.BrainInfo] = []   # read beside the frames, see enter()
        self.loading = False
        self.opponents = self._opponents()
        default = COMPUTER if game_key == "sticks" else next(
            text for text, what in self.opponents.items() if what == ("registry", "q"))
        self.choices["opponent"] = default

    # -- who can play -------------------------------------------------------------------
    def _opponents(self) -> dict[str, tuple]:
        """Menu text -> what it means: ("friend",), ("registry", name), ("brain", path)..."""
        found: dict[str, tuple] = {}
        if self.game_key == "sticks":
            found[COMPUTER] = ("computer",)
            found[TRAINED] = ("trained",)
        for kind in available_players(self.probe):
            found[f"{kind.label} — {kind.description}"] = ("registry", kind.name)
        for info in self.saved:
            if info.header and info.header.get("game") == self.game_key:
                games = f" ({info.header['games_trained']:,} games)"
                found[choice_label("Saved: ", info.name, found, games)] = ("brain", info.path)
        found[FRIEND] = ("friend",)
        return found

    def enter(self) -> None:
        self.later(storage.list_brains, self._got_brains)
        super().enter()

    def resume(self) -> None:
        self.later(storage.list_brains, self._got_brains)   # training may have saved one
        super().resume()

    def _got_brains(self, done: Future) -> None:
        self.saved = done.result()
        opponents = self._opponents()
        if opponents != self.opponents:
            self.opponents = opponents
            if self.choices["opponent"] not in opponents:
                self.choices["opponent"] = next(iter(opponents))
            self.rebuild()

    # -- widgets ------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.size
        width = min(760, w - 2 * theme.GAP)
        self.left = (w - width) // 2
        label_w = 200
        field_x, field_w = self.left + label_w, width - label_w
        y = 110
        self.dropdowns: dict[pygame_gui.elements.UIDropDownMenu, str] = {}
        self.rows: list[tuple[str, int]] = []

        def row(label: str) -> int:
            nonlocal y
            self.rows.append((label, y))
            y += 52
            return y - 52

        def dropdown(key: str, label: str, options) -> None:
            top = row(label)
            menu = self.add(pygame_gui.elements.UIDropDownMenu(
                list(options), self.choices[key], pygame.Rect(field_x, top, field_w, 38),
                self.manager))
            self.dropdowns[menu] = key

        top = row("Your name")
        self.name_entry = self.add(Field(pygame.Rect(field_x, top, field_w, 38), self.manager,
                                         self.name, limit=NAME_LIMIT))
        if self.game_key == "nim":
            dropdown("rounds", "KUET rounds", ROUNDS)
        if not self.kuet_rounds:
            dropdown("opponent", "Opponent", self.opponents)
            if self.game_key == "tictactoe":
                dropdown("mark", "You play", MARKS)
            else:
                dropdown("first", "Who moves first", FIRST)
        self.custom_entry = self.sticks_entry = self.sticks_slider = None
        if self.game_key == "nim" and not self.kuet_rounds:
            dropdown("piles", "Piles", PILES)
            if self.choices["piles"] == "Custom":
                top = row("Custom piles")
                self.custom_entry = self.add(Field(
                    pygame.Rect(field_x, top, field_w, 38), self.manager, self.custom,
                    limit=PILES_LIMIT, placeholder="pile sizes, e.g. 2, 4, 6"))
            dropdown("play", "Play", PLAY)
            dropdown("cap", "Cap per move", CAPS)
        if self.game_key == "sticks":
            top = row("Sticks (10–100)")
            self.sticks_slider = self.add(pygame_gui.elements.UIHorizontalSlider(
                pygame.Rect(field_x, top, field_w - 110, 38), self.sticks, (10, 100),
                self.manager))
            self.sticks_entry = self.add(Field(
                pygame.Rect(field_x + field_w - 96, top, 96, 38), self.manager,
                str(self.sticks), limit=6))
        y += theme.GAP
        self.message_y = y
        y += 36
        button_w = (width - theme.GAP) // 2
        self.back_button = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(self.left, y, button_w, 48), "Back (Esc)", self.manager))
        self.start_button = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(self.left + button_w + theme.GAP, y, button_w, 48), "Play (Enter)",
            self.manager, object_id="#primary"))

    @property
    def kuet_rounds(self) -> bool:
        return self.choices["rounds"] != ROUNDS[0]

    # -- events -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in \
                self.dropdowns:
            key = self.dropdowns[event.ui_element]
            self.choices[key] = event.text
            if key in ("rounds", "piles"):
                self.rebuild()  # rows come and go
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            if event.ui_element is self.name_entry:
                self.name = self.name_entry.get_text()
            elif event.ui_element is self.custom_entry:
                self.custom = self.custom_entry.get_text()
            elif event.ui_element is self.sticks_entry:
                self._sticks_typed(self.sticks_entry.get_text())
            return True
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and \
                event.ui_element is self.sticks_slider:
            self.sticks = int(self.sticks_slider.get_current_value())
            if self.sticks_entry is not None:
                self.sticks_entry.set_text(str(self.sticks))
            self.message = ""
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back_button:
                self.app.pop()
                return True
            if event.ui_element is self.start_button:
                self.start()
                return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.sticks_entry is not None and self.sticks_entry.is_focused:
                self._sticks_typed(self.sticks_entry.get_text())
            self.start()
            return True
        return False

    def _sticks_typed(self, typed: str) -> None:
        try:
            self.sticks = typed_sticks(typed)
        except ValueError as err:
            self.message = str(err)
            return
        if self.sticks_slider is not None:
            self.sticks_slider.set_current_value(self.sticks)
        self.message = ""

    # -- starting -------------------------------------------------------------------------
    def make_game(self) -> AnyGame:
        """The game the choices describe; ValueError saying what is wrong with them."""
        if self.game_key == "tictactoe":
            return make_game("tictactoe")
        if self.game_key == "sticks":
            typed = self.sticks_entry.get_text() if self.sticks_entry is not None else None
            sticks = typed_sticks(typed) if typed is not None else self.sticks
            return make_game("sticks", {"sticks": sticks})
        if self.kuet_rounds:
            return kuet.kuet_game(self.rng)
        piles = {PILES[0]: (1, 3, 5, 7), PILES[1]: kuet.random_board(self.rng)}.get(
            self.choices["piles"])
        if piles is None:
            piles = custom_piles(self.custom)
        cap = {CAPS[1]: 3, CAPS[2]: 2, CAPS[3]: 1}.get(self.choices["cap"])
        return make_game("nim", {"piles": piles, "misere": self.choices["play"] == PLAY[0],
                                 "max_take": cap})

    def opponent_seat(self, game, loaded: Future | None) -> Seat:
        what = self.opponents[self.choices["opponent"]]
        if what[0] == "friend":
            return Seat("Friend")
        if what[0] == "computer":
            learner, problem = load_computer()
            if problem:
                self.notice = f"The computer's saved hats were unreadable ({problem})."
            return Seat(AI_NAME, HatDrawer(learner, game), learns=True,
                        label="Hats, learning as you play")
        if what[0] == "trained":
            from ..players import HatLearner
            return Seat(AI_NAME, HatDrawer(HatLearner(game), game), pretrain=TRAINED_GAMES,
                        label="Hats, trained")
        if what[0] == "brain":
            if loaded is None:
                raise ValueError("The saved AI has not been read yet.")
            player = loaded.result()
            return Seat(AI_NAME, player, label=player.name or player.label)
        from ..players import PLAYERS, make_player
        player = make_player(what[1], game)
        return Seat(AI_NAME, player, pretrain=PRETRAIN.get(what[1], 0),
                    label=PLAYERS[what[1]].label)

    def start(self) -> None:
        """Play: a saved opponent is read beside the frames first (it may be large)."""
        if self.loading:
            return
        try:
            game = self.make_game()
        except ValueError as err:
            self.message = str(err)
            return
        what = None if self.kuet_rounds else self.opponents[self.choices["opponent"]]
        if what is not None and what[0] == "brain":
            self.loading, self.message = True, ""
            self.later(lambda: storage.load(what[1], game=game),
                       lambda done: self._start(game, done))
            return
        self._start(game, None)

    def _start(self, game, loaded: Future | None) -> None:
        from .boards import board_for

        self.loading = False
        try:
            name = self.name.strip() or "Player"
            if self.kuet_rounds:
                rounds = list(kuet.EASY if "Easy" in self.choices["rounds"] else kuet.HARD)
                setup = MatchSetup(game, (Seat(name), Seat(AI_NAME)), rounds=rounds)
            else:
                other = self.opponent_seat(game, loaded)
                me = Seat(name)
                human_first = (self.choices["mark"] == MARKS[0] if self.game_key == "tictactoe"
                               else self.choices["first"] == FIRST[0])
                setup = MatchSetup(game, (me, other) if human_first else (other, me))
        except (ValueError, storage.BrainFileError) as err:
            self.message = str(err)
            return
        setup.notice, self.notice = self.notice, ""
        self.message = ""
        self.app.push(board_for(self.app, setup))

    def draw(self, surface: pygame.Surface) -> None:
        w, _ = self.size
        theme.text(surface, f"{self.title}: set up a game", (w // 2, 40), 32, theme.ACCENT,
                   bold=True, anchor="midtop")
        for label, y in self.rows:
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
