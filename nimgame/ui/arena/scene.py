"""The arena: contenders against one opponent for N games, a results table by side, a
chart of win rates, and the selection of the fittest (points a game: `nimgame.ranking`).

At most MAX_CONTENDERS at a time (the screen says so); the results show as many as the
panel holds, the others a page away (Page Up/Down, the wheel over them, or the buttons)."""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pygame
import pygame_gui

from ... import storage
from ...files import data_folder
from ...games.base import AnyGame
from ...learning.arena import ArenaResult, run_arena
from ...learning.exports import ARENA_COLUMNS, ExportError, arena_rows, write_csv
from ...players import LEARNERS, available_players
from ...safetext import escape
from ...session import Named, PlayerChoice, Saved, menu_label, player_for
from ...typed import whole_number
from .. import theme
from ..choices import PRESETS as TRAINING_PRESETS
from ..saved_brains import read_saved_brains
from ..scene import Scene, SceneHost, plain_key
from ..widgets.dropdown import PICKED, ChoiceList, ChoiceMenu, chosen_text
from ..widgets.fields import Field
from ..widgets.png import free_stem, save_png
from ..widgets.rows import needed_width
from .drawing import PAGER_BUTTON_WIDTH, ResultsLayout, draw_results, pager_rect, results_layout

MAX_GAMES = 100_000
#: Contenders in one run: every player the menus offer and a few saved AIs. More would be
#: pages of results few would read, and a long wait.
MAX_CONTENDERS = 12
PAGE_KEYS = {pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1}
#: The boards of the training screen that need no typing (the arena has no rules fields).
PRESETS = {label: rules for label, rules in TRAINING_PRESETS.items() if rules[1] is not None}


class ArenaScene(Scene):
    def __init__(self, app: SceneHost) -> None:
        super().__init__(app)
        self.preset = next(iter(PRESETS))
        self.opponent = "Random"
        self.chosen: list[str] = ["Perfect", "Easy (IDA*)"]
        self.games_text = "100"
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="nimgame-arena")
        self.job: Future[ArenaResult] | None = None
        self.stop = False
        self.progress = (0, 0)
        self.result: ArenaResult | None = None
        self.played = ""           # the opponent the result was played against
        self.page = 0              # the page of the result shown
        self.pointer = (0, 0)      # where the mouse is (the wheel pages over the results)
        self.saved: list[storage.BrainInfo] = []   # read beside the frames, see enter()

    def on_top(self) -> None:
        read_saved_brains(self, self.brains_read)   # training may have saved one meanwhile

    def brains_read(self, brains: list[storage.BrainInfo]) -> None:
        before = (self.boards(), self.entrants())
        self.saved = brains
        if (self.boards(), self.entrants()) != before:
            self.rebuild()

    def boards(self) -> dict[str, tuple[str, dict[str, Any] | None]]:
        """Menu text -> (game, rules): the presets, then every other board a saved AI
        learned (so that it can enter the arena on its own board)."""
        found = dict(PRESETS)
        games = [storage.game_from_header({"game": g, "rules": r}) for g, r in found.values()]
        for info in self.saved:
            if info.header is None:
                continue
            game = info.header.game
            if game not in games:
                games.append(game)
                found[f"{game.describe_rules()} (a saved AI's board)"] = (game.name,
                                                                         game.rules())
        return found

    def game(self) -> AnyGame:
        name, rules = self.boards().get(self.preset, next(iter(PRESETS.values())))
        return storage.game_from_header({"game": name, "rules": rules})

    def entrants(self) -> dict[str, PlayerChoice]:
        """Menu text -> the player it means, for the chosen game."""
        game = self.game()
        found: dict[str, PlayerChoice] = {}
        for kind in available_players(game, window=True):
            untrained = " (untrained)" if kind.name in LEARNERS else ""
            found[kind.label + untrained] = Named(kind.name)
        for info in self.saved:
            if info.header is not None and info.header.game == game:
                label = menu_label("Saved: ", info.name, found, limit=26)
                found[label] = Saved(info.path)
        return found

    # -- widgets ---------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.size
        x, y, field_w = 32, 90, self.field_width()
        if self.preset not in self.boards():   # its saved AI is gone
            self.preset = next(iter(PRESETS))
        entrants = list(self.entrants())
        if self.opponent not in entrants:
            self.opponent = entrants[0]
        self.chosen = [c for c in self.chosen if c in entrants] or entrants[:1]
        self.rows = [("Game", y), ("Opponent", y + 50), ("Contenders", y + 100)]
        self.preset_menu = self.add(ChoiceMenu(
            list(self.boards()), self.preset, pygame.Rect(x + 110, y, field_w, 36),
            self.manager))
        self.opponent_menu = self.add(ChoiceMenu(
            entrants, self.opponent, pygame.Rect(x + 110, y + 50, field_w, 36), self.manager))
        list_h = max(120, h - y - 100 - 170)
        self.contenders = self.add(ChoiceList(
            pygame.Rect(x + 110, y + 100, field_w, list_h), entrants, self.chosen, self.manager))
        y += 110 + list_h
        self.rows.append(("Games", y))
        self.games_entry = self.add(Field(pygame.Rect(x + 110, y, 120, 36), self.manager,
                                          self.games_text, limit=9))
        y += 54
        # Back and Export as wide as their words need; Run takes the rest of the form's width
        side = max(needed_width(self.manager, words) for words in ("Back  Esc", "Export  E"))
        run_w = 110 + field_w - 2 * (side + 10)
        self.run_button = self.button(pygame.Rect(x, y, run_w, 42), "Run  Enter", self.run,
                                      primary=True)
        self.button(pygame.Rect(x + run_w + 10, y, side, 42), "Back  Esc", self.app.pop)
        self.button(pygame.Rect(x + run_w + side + 20, y, side, 42), "Export  E", self.export)
        pager = pager_rect(self.results_area())
        self.page_back = self.button(
            pygame.Rect(pager.x, pager.y, PAGER_BUTTON_WIDTH, pager.height), "‹ PgUp",
            lambda: self.turn_page(-1),
            tooltip="The contenders before (Page Up, or the wheel over the results)")
        self.page_on = self.button(
            pygame.Rect(pager.right - PAGER_BUTTON_WIDTH, pager.y, PAGER_BUTTON_WIDTH,
                        pager.height), "PgDn ›", lambda: self.turn_page(1),
            tooltip="The contenders after (Page Down, or the wheel over the results)")
        self.show_busy()

    def field_width(self) -> int:
        """The form's fields: narrower in a small window, leaving the results room."""
        return max(220, min(330, (self.size[0] - 200) // 3))

    def results_area(self) -> pygame.Rect:
        """The panel right of the form: progress, then the results."""
        w, h = self.size
        left = 32 + 110 + self.field_width() + 28
        return pygame.Rect(left, 90, w - left - 32, h - 120)

    def results_layout(self) -> ResultsLayout:
        """Where the page of the result shown goes (there must be a result)."""
        assert self.result is not None
        return results_layout(self.results_area(), self.result, self.played, self.page)

    def show_busy(self) -> None:
        """Run becomes Stop and the form is locked while the games are played (without
        rebuilding the widgets: a rebuild of the lists costs a good part of a frame)."""
        busy = self.job is not None
        self.run_button.set_text("Stop  Enter" if busy else "Run  Enter")
        self.actions[self.run_button] = self.halt if busy else self.run
        for widget in (self.preset_menu, self.opponent_menu, self.contenders,
                       self.games_entry):
            if busy:
                widget.disable()
            else:
                widget.enable()
        self.show_pager()

    def show_pager(self) -> None:
        """The page buttons, where the result has more than a page: each can be pressed
        where there is a page that way."""
        layout = self.results_layout() if self.result is not None and self.job is None \
            else None
        for button, step in ((self.page_back, -1), (self.page_on, 1)):
            if layout is None or layout.pages == 1:
                button.hide()
                continue
            button.show()
            if 0 <= layout.page + step < layout.pages:
                button.enable()
            else:
                button.disable()

    def turn_page(self, step: int) -> None:
        """The next (`step` 1) or the last (-1) page of the result, if there is one."""
        if self.result is None or self.job is not None:
            return
        layout = self.results_layout()
        self.page = max(0, min(layout.pages - 1, layout.page + step))
        self.show_pager()

    # -- actions -----------------------------------------------------------------------------
    def run(self) -> None:
        try:
            games = whole_number(self.games_text, 1, MAX_GAMES, "Games")
        except ValueError as err:
            self.say(str(err))
            return
        self.chosen = self.contenders.chosen_texts()
        if not self.chosen:
            self.say("Choose at least one contender.")
            return
        if len(self.chosen) > MAX_CONTENDERS:
            self.say(f"At most {MAX_CONTENDERS} contenders at a time: {len(self.chosen)} "
                     "are chosen.")
            return
        game = self.game()
        entrants = self.entrants()
        chosen = {label: entrants[label] for label in self.chosen}
        against = entrants[self.opponent]
        self.say("")
        self.result, self.stop, self.page, self.played = None, False, 0, self.opponent
        self.progress = (0, games * len(chosen))

        def progress(done: int, total: int) -> None:
            self.progress = (done, total)

        def play() -> ArenaResult:
            contenders = {label: player_for(what, game, seed=i)
                          for i, (label, what) in enumerate(chosen.items())}
            opponent = player_for(against, game, seed=999)
            return run_arena(game, contenders, opponent, games, progress, lambda: self.stop)

        self.job = self.executor.submit(play)
        self.show_busy()

    def export(self) -> None:
        """The result as CSV (the columns `nimgame arena --csv` writes) and its chart as PNG,
        in the exports folder, beside any earlier export."""
        if self.result is None or self.job is not None:
            self.say("Nothing to export yet: run the arena first.")
            return
        picture = pygame.Surface(self.size)
        picture.fill(theme.BACKGROUND)
        layout = self.results_layout()
        draw_results(picture, layout, self.result)
        folder = data_folder("exports")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            stem = free_stem(folder, "arena", (".csv", "-chart.png"))
            write_csv(folder / f"{stem}.csv", ARENA_COLUMNS, arena_rows(self.result,
                                                                        self.played))
            save_png(picture.subsurface(layout.area), folder / f"{stem}-chart.png")
        except (ExportError, OSError) as err:
            reason = err if isinstance(err, ExportError) else (err.strerror or err)
            self.say(f"Not exported: {escape(str(reason), 200)}")
            return
        self.say(f"Exported {stem}.csv and {stem}-chart.png to {escape(str(folder), 120)}",
                 ok=True)

    def halt(self) -> None:
        self.stop = True

    def update(self, dt: float) -> None:
        if self.job is not None and self.job.done():
            job, self.job = self.job, None
            try:
                self.result = job.result()
            except (ValueError, storage.BrainFileError) as err:
                self.say(str(err))
            self.page = 0
            self.show_busy()

    def exit(self) -> None:
        self.stop = True   # the games end at the next one; the window does not wait
        self.executor.shutdown(wait=False, cancel_futures=True)
        super().exit()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.preset_menu:
                self.preset = chosen_text(event)
                self.result = None
                self.rebuild()
            elif event.ui_element is self.opponent_menu:
                self.opponent = chosen_text(event)
            return True
        if event.type in (pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
                          pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION):
            self.chosen = self.contenders.chosen_texts()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and \
                event.ui_element is self.games_entry:
            self.games_text = self.games_entry.get_text()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            (self.run if self.job is None else self.halt)()   # Enter runs; playing, stops
            return True
        if plain_key(event) and event.key == pygame.K_e and not self.games_entry.is_focused:
            self.export()
            return True
        return self.page_event(event)

    def page_event(self, event: pygame.event.Event) -> bool:
        """Page Down, or the wheel down over the results: their next page; Page Up or the
        wheel up: the last."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            return False
        step = 0
        if event.type == pygame.KEYDOWN:
            step = PAGE_KEYS.get(event.key, 0)
        elif event.type == pygame.MOUSEWHEEL and self.results_area().collidepoint(self.pointer):
            step = -1 if event.y > 0 else 1 if event.y < 0 else 0
        if step and self.result is not None:
            self.turn_page(step)
            return True
        return False

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        theme.text(surface, "Arena", (32, 24), 30, theme.ACCENT, bold=True)
        theme.text(surface, "Each contender plays the opponent, moving first in turn; the "
                   "most points a game is selected.", (32, 62), 15, theme.MUTED, width=w - 64)
        for label, y in self.rows:
            theme.text(surface, label, (32, y + 18), 17, anchor="midleft")
        count, listed = len(self.chosen), self.rows[2][1]
        theme.text(surface, f"{count} chosen", (32, listed + 40), 13,
                   theme.ERROR if count > MAX_CONTENDERS else theme.MUTED, width=104)
        theme.text(surface, f"at most {MAX_CONTENDERS}", (32, listed + 58), 13, theme.MUTED,
                   width=104)
        if self.message:
            theme.text(surface, self.message, (32, h - 15), 16,
                       theme.GOOD if self.message_ok else theme.ERROR, anchor="midleft",
                       width=w - 64)   # under the results' panel
        area = self.results_area()
        theme.panel(surface, area)
        x, y = area.x + 20, area.y + 16
        if self.job is not None:
            done, total = self.progress
            theme.text(surface, f"Playing: {done:,} of {total:,} games…", (x, y), 18)
            bar = pygame.Rect(x, y + 34, area.width - 40, 16)
            pygame.draw.rect(surface, theme.PANEL_EDGE, bar, border_radius=6)
            if total:
                bar.width = int(bar.width * done / total)
                pygame.draw.rect(surface, theme.ACCENT, bar, border_radius=6)
            return
        if self.result is None:
            lines = theme.wrap(f"Choose up to {MAX_CONTENDERS} contenders, then Run: click "
                               "one to pick it (or drop it), or Tab to the list, Up/Down and "
                               f"Space or Enter. Each one picked is marked {PICKED.strip()}.", 17,
                               area.width - 40)
            top = area.centery - 12 * len(lines)
            for i, line in enumerate(lines):
                theme.text(surface, line, (area.centerx, top + 24 * i), 17, theme.MUTED,
                           anchor="midtop")
            return
        draw_results(surface, self.results_layout(), self.result)
