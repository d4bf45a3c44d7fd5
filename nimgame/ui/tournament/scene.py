"""The class tournament: brains from the library and students' policy files, a round robin
played beside the frames (stoppable, its progress shown), the leaderboard and every forfeit
in words, and the leaderboard exported as CSV. G the game, P games a pair, B every saved AI
of the game, type a brain's name or a file's path and Enter to add it, Up/Down choose an
entrant and Delete removes it, S starts, X stops, E exports. The games and their rules are
`learning.tournament`'s; this screen shows them."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pygame
import pygame_gui

from ... import storage
from ...files import data_folder
from ...games.base import AnyGame
from ...games.registry import KITS, kit_for
from ...learning.exports import ExportError
from ...learning.tournament import (
    Contender,
    GameResult,
    Tournament,
    contender_for,
    entrant_name,
    leaderboard,
    pairings,
    run_tournament,
    write_leaderboard,
)
from ...ranking import points_text
from ...safetext import escape
from .. import theme
from ..scene import Scene, SceneHost, plain_key
from ..widgets.dropdown import fit_middle
from ..widgets.fields import Field
from ..widgets.png import free_stem
from ..widgets.rows import needed_width, shared_widths

GAMES_A_PAIR = (2, 4, 10, 20, 50)
MAX_ENTRANTS = 16
#: The longest name or path the field takes (a path a person types, at most).
TYPED_LIMIT = 260
KEYS_LINE = ("G game · P games · B saved AIs · Enter adds · Up/Down, Del · S start · "
             "X stop · E export · PgUp/PgDn · Esc back")
ROW = 22
ENTRANT_TEXT = 16   # the entrant list's text size


def middle_cut(words: str, size: int, width: float) -> str:
    """`words` in `width` pixels at `size`, a long one cut in the middle ("…"): its start
    and its end both kept, since two names alike may differ only at the end ("… (2)")."""
    shown = theme.fit(words, size, 10**6)   # escaped as drawn, not shortened
    return fit_middle(theme.font(size), shown, int(width))


def entrant_line(spec: str, selected: bool, width: float) -> str:
    """The entrant list's line for `spec` in `width` pixels: a long name is cut in the
    middle, never the "(AI)" or "(file)" after it, which says what the entrant is."""
    mark = "> " if selected else "   "
    kind = f" ({'file' if spec.endswith('.py') else 'AI'})"
    measure = theme.font(ENTRANT_TEXT).size
    room = width - measure(mark)[0] - measure(kind)[0]
    return f"{mark}{middle_cut(entrant_name(spec), ENTRANT_TEXT, room)}{kind}"


def game_words(game: AnyGame) -> str:
    """The game and which board of it: "Game of Sticks, 100 sticks, take 1–3"."""
    rules = game.short_rules()
    title = kit_for(game.name).title
    return title if rules == "—" else f"{title}, {rules}"


def window_words(reason: str) -> str:
    """The library's reason in the window's words: its "(see 'list')" is the command
    line's; here the menu's Saved AIs lists them."""
    if reason.startswith("no brain called ") and reason.endswith(" (see 'list')"):
        name = reason.removeprefix("no brain called ").removesuffix(" (see 'list')")
        return f"No saved AI called {name}: Saved AIs (L on the menu) lists them."
    return reason[:1].upper() + reason[1:]


class TournamentScene(Scene):
    def __init__(self, app: SceneHost, game: str | AnyGame | None = None) -> None:
        """The tournament for `game`: a kit's name (its usual board), or a game with its
        rules (class mode's: the board its event plays)."""
        super().__init__(app)
        self.boards: dict[str, AnyGame] = {}   # a kit's board, where not its usual one
        if game is not None and not isinstance(game, str):
            self.boards[game.name] = game
            game = game.name
        self.game_key = game if game in KITS else next(iter(KITS))
        self.entries: list[str] = []
        self.selected = 0
        self.games = GAMES_A_PAIR[1]
        self.typed = ""
        self.live: Tournament | None = None
        self.forfeits: list[str] = []
        self.stop = False
        self.job: Future[Tournament] | None = None
        self.executor = ThreadPoolExecutor(max_workers=1,
                                           thread_name_prefix="nimgame-tournament")
        self.entry: Field | None = None
        self.contenders: list[Contender] = []   # those playing, to shut on leaving
        self.page = 0   # the leaderboard's page

    # -- choices -----------------------------------------------------------------------
    def game(self) -> AnyGame:
        return self.boards.get(self.game_key) or kit_for(self.game_key).make()

    def next_game(self) -> None:
        if self.busy_say():
            return
        names = list(KITS)
        self.game_key = names[(names.index(self.game_key) + 1) % len(names)]
        self.entries, self.selected, self.live, self.forfeits = [], 0, None, []
        self.say("")
        self.rebuild()

    def next_games(self) -> None:
        if self.busy_say():
            return
        self.games = GAMES_A_PAIR[(GAMES_A_PAIR.index(self.games) + 1) % len(GAMES_A_PAIR)]
        self.rebuild()

    def busy_say(self) -> bool:
        if self.job is not None:
            self.say("The tournament is playing: stop it first (X).")
        return self.job is not None

    def glossary_term(self) -> str | None:
        return "brain"   # the entrants: saved AIs

    def add_entrant(self, spec: str) -> None:
        """Add the brain or policy file `spec` names (said why not, if it cannot be)."""
        spec = spec.strip()
        if self.busy_say() or not spec:
            return
        if len(self.entries) >= MAX_ENTRANTS:
            self.say(f"At most {MAX_ENTRANTS} entrants.")
            return
        if spec.endswith(".py"):
            if not Path(spec).is_file():
                self.say(f"No policy file {escape(spec, 80)}.")
                return
        else:
            try:
                storage.find_brain(spec)
            except storage.BrainFileError as err:
                self.say(window_words(str(err)))
                return
        self.entries.append(spec)
        self.selected = len(self.entries) - 1
        self.typed = ""
        self.say(f"Added {escape(entrant_name(spec), 60)}.", ok=True)
        self.rebuild()

    def add_saved(self) -> None:
        """Every brain in the library that plays this game on its usual board."""
        if self.busy_say():
            return
        game = self.game()
        found = [info.name for info in storage.list_brains()
                 if info.ok and info.header is not None and info.header.game == game
                 and info.name not in self.entries]
        room = MAX_ENTRANTS - len(self.entries)
        self.entries += found[:room]
        self.say(f"Added {len(found[:room])} saved AI{'s' * (len(found[:room]) != 1)} of "
                 f"{game_words(game)}." if found else
                 f"No saved AI plays {escape(game.describe_rules(), 80)}.",
                 ok=bool(found))
        self.rebuild()

    def remove(self) -> None:
        if self.busy_say() or not self.entries:
            return
        del self.entries[self.selected]
        self.selected = max(0, min(self.selected, len(self.entries) - 1))
        self.rebuild()

    # -- the games ---------------------------------------------------------------------
    def start(self) -> None:
        if self.busy_say():
            return
        if len(self.entries) < 2:
            self.say("Add at least two entrants: saved AIs (B) or policy files.")
            return
        game, entries, games = self.game(), list(self.entries), self.games
        self.stop, self.forfeits, self.live = False, [], None
        self.say("")

        def play() -> Tournament:
            contenders: list[Contender] = []
            try:
                for spec in entries:
                    contenders.append(contender_for(spec, game))
            except BaseException:
                for contender in contenders:
                    contender.close()
                raise
            self.contenders = contenders
            if self.stop:   # left while they started
                for contender in contenders:
                    contender.shut()
            self.live = Tournament([c.name for c in contenders],
                                   [c.kind for c in contenders], games)

            def progress(result: GameResult, done: int, total: int) -> None:
                assert self.live is not None
                self.live.results.append(result)
                if result.forfeit:
                    self.forfeits.append(f"Game {done}: {result.forfeit}")

            return run_tournament(game, contenders, games, progress, lambda: self.stop)

        self.job = self.executor.submit(play)
        self.rebuild()

    def halt(self) -> None:
        self.stop = True
        self.say("Stopping after this game…", ok=True)

    def update(self, dt: float) -> None:
        if self.job is not None and self.job.done():
            job, self.job = self.job, None
            try:
                played = job.result()
                self.live = played
                self.say("Stopped: the leaderboard counts the games played." if played.stopped
                         else "The tournament is over.", ok=True)
            except ValueError as err:
                self.say(str(err))
            self.rebuild()

    def export(self) -> None:
        if self.live is None or self.job is not None:
            self.say("Nothing to export yet: play the tournament first.")
            return
        folder = data_folder("exports")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            stem = free_stem(folder, "tournament", (".csv",))
            write_leaderboard(folder / f"{stem}.csv", leaderboard(self.live))
        except (ExportError, OSError) as err:
            reason = err if isinstance(err, ExportError) else (err.strerror or err)
            self.say(f"Not exported: {escape(str(reason), 200)}")
            return
        self.say(f"Exported {stem}.csv to {escape(str(folder), 120)}", ok=True)

    def exit(self) -> None:
        """Leaving (or the window closing): the games stop, a policy thinking is ended
        and loses at once, so nothing is left running and the window does not wait."""
        self.stop = True
        for contender in self.contenders:
            contender.shut()
        self.executor.shutdown(wait=False, cancel_futures=True)
        super().exit()

    # -- layout ------------------------------------------------------------------------
    def halves(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The entrants (left) and the leaderboard (right)."""
        w, h = self.size
        top, bottom = 60 + 2 * (theme.BUTTON_HEIGHT + theme.GAP), h - 70 - theme.BUTTON_HEIGHT
        left_w = max(220, (w - 3 * theme.GAP) * 2 // 5)
        return (pygame.Rect(theme.GAP, top, left_w, bottom - top - theme.GAP),
                pygame.Rect(2 * theme.GAP + left_w, top, w - 3 * theme.GAP - left_w,
                            bottom - top - theme.GAP))

    def build(self) -> None:
        w, h = self.size
        y = 60
        row = ((f"Game: {game_words(self.game())}  G", self.next_game),
               (f"Games a pair: {self.games}  P", self.next_games),
               ("Add saved AIs  B", self.add_saved))
        widths = shared_widths([needed_width(self.manager, text) for text, _ in row],
                               w - 2 * theme.GAP, theme.GAP)
        x = theme.GAP
        for (text, action), wide in zip(row, widths, strict=True):
            self.button(pygame.Rect(x, y, wide, theme.BUTTON_HEIGHT), text, action)
            x += wide + theme.GAP
        y += theme.BUTTON_HEIGHT + theme.GAP
        add_w = 150
        self.entry = self.add(Field(
            pygame.Rect(theme.GAP, y, w - 3 * theme.GAP - add_w, theme.BUTTON_HEIGHT),
            self.manager, self.typed, limit=TYPED_LIMIT,
            placeholder="A saved AI's name, or a policy file's path (.py)"))
        self.button(pygame.Rect(w - theme.GAP - add_w, y, add_w, theme.BUTTON_HEIGHT),
                    "Add  Enter", lambda: self.add_entrant(self.typed))
        running = self.job is not None
        made = (("Stop  X", self.halt, True) if running else ("Start  S", self.start, True),
                ("Remove  Del", self.remove, bool(self.entries) and not running),
                ("Export  E", self.export, self.live is not None and not running),
                ("Back  Esc", self.app.pop, True))
        each = (w - (len(made) + 1) * theme.GAP) // len(made)
        bottom = h - 70 - theme.BUTTON_HEIGHT
        for index, (text, action, enabled) in enumerate(made):
            self.button(pygame.Rect(theme.GAP + index * (each + theme.GAP), bottom, each,
                                    theme.BUTTON_HEIGHT), text, action, primary=index == 0,
                        enabled=enabled)

    # -- input -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        entry = self.entry
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is entry:
            self.typed = entry.get_text() if entry is not None else ""
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is entry:
            self.add_entrant(self.typed)
            return True
        if entry is not None and entry.is_focused or not plain_key(event):
            return False
        actions: dict[int, Callable[[], object]] = {
            pygame.K_g: self.next_game, pygame.K_p: self.next_games,
            pygame.K_b: self.add_saved, pygame.K_DELETE: self.remove, pygame.K_e: self.export,
            pygame.K_s: self.start, pygame.K_x: self.halt,
            pygame.K_UP: lambda: self.choose(-1), pygame.K_DOWN: lambda: self.choose(1),
            pygame.K_PAGEDOWN: lambda: self.turn(1), pygame.K_PAGEUP: lambda: self.turn(-1)}
        action = actions.get(event.key)
        if action is None:
            return False
        action()
        return True

    def turn(self, by: int) -> None:
        """PgDn/PgUp: the leaderboard's next or last page (`draw_board` keeps it in range)."""
        self.page = max(0, self.page + by)

    def choose(self, by: int) -> None:
        if self.entries:
            self.selected = (self.selected + by) % len(self.entries)

    # -- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        theme.text(surface, "Class tournament: every entrant against every other",
                   (theme.GAP, 14), 26, theme.ACCENT, bold=True, width=w - 2 * theme.GAP)
        left, right = self.halves()
        theme.panel(surface, left)
        theme.text(surface, f"Entrants ({len(self.entries)})", (left.x + 10, left.y + 8), 18,
                   theme.TEXT, bold=True, width=left.width - 20)
        rows = max(1, (left.height - 44) // ROW)
        first = max(0, min(self.selected - rows + 1, len(self.entries) - rows))
        for number, spec in enumerate(self.entries[first:first + rows], start=first):
            theme.text(surface, entrant_line(spec, number == self.selected, left.width - 20),
                       (left.x + 10, left.y + 38 + (number - first) * ROW), ENTRANT_TEXT,
                       theme.ACCENT if number == self.selected else theme.TEXT,
                       width=left.width - 20)
        self.draw_board(surface, right)
        theme.footer(surface, self.message, self.message_ok, KEYS_LINE)

    def draw_board(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The leaderboard: rank, entrant, points, wins, draws, losses; then progress and
        the last forfeits, each a line."""
        theme.panel(surface, area)
        live = self.live
        if live is None:
            text = ("Starting the entrants…" if self.job is not None else
                    "The leaderboard shows here: a win 1 point, a draw ½, a loss 0; the same "
                    "points, the same rank.")
            for number, line in enumerate(theme.wrap(text, 16, area.width - 20)[:4]):
                theme.text(surface, line, (area.x + 10, area.y + 10 + number * ROW), 16,
                           theme.MUTED)
            return
        total = len(pairings(len(live.names), live.games_per_pair))
        theme.text(surface, f"Games {len(live.results)} of {total}" +
                   (" · playing" if self.job is not None else ""),
                   (area.x + 10, area.y + 8), 18, theme.TEXT, bold=True,
                   width=area.width - 20)
        columns = (0, 44, area.width - 250, area.width - 185, area.width - 130,
                   area.width - 75)
        y = area.y + 38
        for column, head in zip(columns, ("Rank", "Entrant", "Points", "Won", "Drawn",
                                          "Lost"), strict=True):
            theme.text(surface, head, (area.x + 10 + column, y), 14, theme.MUTED)
        board = leaderboard(live)
        forfeits = self.forfeits[-2:]
        shown = max(1, (area.height - 60 - 20 * (len(forfeits) + 1)) // ROW)
        pages = (len(board) + shown - 1) // shown
        self.page = min(self.page, max(0, pages - 1))
        start = self.page * shown
        for place, s in enumerate(board[start:start + shown]):
            y = area.y + 60 + place * ROW
            values = (str(s.rank), s.name, points_text(s.points), str(s.wins), str(s.draws),
                      str(s.losses))
            for index, (column, value) in enumerate(zip(columns, values, strict=True)):
                limit = (columns[2] - columns[1] - 8) if index == 1 else 60
                value = middle_cut(value, 16, limit) if index == 1 else value
                theme.text(surface, value, (area.x + 10 + column, y), 16,
                           theme.ACCENT if s.rank == 1 else theme.TEXT, width=limit)
        if pages > 1:
            theme.text(surface, f"Entrants {start + 1}–{min(len(board), start + shown)} of "
                       f"{len(board)} · PgUp/PgDn the others",
                       (area.x + 10, area.y + 60 + shown * ROW), 14, theme.MUTED,
                       width=area.width - 20)
        for number, line in enumerate(forfeits):
            theme.text(surface, line, (area.x + 10, area.bottom - 46 + number * 20), 14,
                       theme.ERROR, width=area.width - 20)
