"""The seeds' "mathematical analysis", made visible: what a trained AI believes, beside the
theory. Hats a game lists (the Sticks heaps) as bar charts; Nim as a table of moves on any
position; Tic-Tac-Toe as a heat map on the board. A game whose board draws positions small
shows a hat learner's hats as a table of boxes (`boxes`), and any other learner's table of
moves beside the position, which moves typed as text mode reads them change."""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pygame
import pygame_gui

from ...games.base import IllegalMove
from ...games.registry import kit_for
from ...learning import insight
from ...players import HatLearner, Learner, judge_for
from ...safetext import percent, plural
from .. import theme
from ..board import MoveValue, draw_legend, position_picture, scale_colour, value_map
from ..board.scene import typed_digit
from ..choices import PILES_LIMIT
from ..scene import Scene, SceneHost, plain_key
from ..widgets.fields import Field
from .boxes import BoxGrid, box_grid, draw_page
from .hats import draw_hats

VERDICT = {1: ("wins", theme.GOOD), 0: ("draws", theme.MUTED), -1: ("loses", theme.ERROR)}
#: Under the heat map: its legend (a strip, its words, what the colours mean) and a hint,
#: then the buttons.
LEGEND_ROOM = 200


class InspectorScene(Scene):
    def __init__(self, app: SceneHost, learner: Learner, state: Any = None) -> None:
        super().__init__(app)
        self.learner = learner
        self.game = learner.game
        self.state = state if state is not None else self.game.initial_state()
        # Counting coverage searches every position: off the frame, shown when ready.
        self.counter = ThreadPoolExecutor(max_workers=1, thread_name_prefix="nimgame-count")
        self.seen_job = self.counter.submit(insight.coverage, learner)
        kit = kit_for(self.game)
        hats = isinstance(learner, HatLearner)
        #: A hat learner of a game whose kit lists its hats (Sticks): bar charts.
        self.hats_chart = hats and kit.hat_positions(self.game) is not None
        self.picture = position_picture(self.game)   # the board's small pictures, if any
        self.value_map = value_map(self.game)        # a board that draws values on itself
        #: A hat learner of a game drawn small: its hats as boxes, a page at a time.
        self.boxes_job: Future[list[insight.Matchbox]] | None = None
        if isinstance(learner, HatLearner) and not self.hats_chart and self.picture is not None:
            self.boxes_job = self.counter.submit(insight.matchboxes, learner)
        self.first_box = 0                  # the first box on the page shown
        self.table_top = 0                  # the move table's first row shown (PgDn/PgUp)
        self.table_rows = 0                 # ... and how many it shows (set as it is drawn)
        self.table_state: Any = None        # the position those were for, and its row count
        self.table_length = 0
        self.pages_built = False            # the pager is made once the boxes are read
        self.judge = judge_for(self.game)   # one judge: what it works out is kept
        self.typed: str | None = None       # the position as typed, kept through a resize
        self.typed_move = ""                # a move typed to play on the position shown

    # -- widgets ---------------------------------------------------------------------------
    @property
    def boxes(self) -> list[insight.Matchbox] | None:
        """The hat learner's boxes, once read (None until then, or in other views)."""
        job = self.boxes_job
        return job.result() if job is not None and job.done() else None

    @property
    def moves_view(self) -> bool:
        """A learner's table of moves beside the position drawn, which typed moves change."""
        return self.picture is not None and self.boxes_job is None

    def build(self) -> None:
        w, h = self.size
        self.position_entry: Field | None = None
        self.move_entry: Field | None = None
        self.button(pygame.Rect(w - 160, 24, 136, 40), "Back  Esc", self.app.pop)
        if self.boxes_job is not None:
            self.build_pager()
        if self.moves_view:
            self.move_entry = self.add(Field(pygame.Rect(150, 150, 190, 36), self.manager,
                                             self.typed_move, limit=12,
                                             placeholder=self.move_example()))
            self.button(pygame.Rect(350, 150, 120, 36), "Play  Enter", self.play_move)
            self.button(pygame.Rect(32, h - 70, 200, 40), "Start position  Home",
                        self.reset_board)
        shown = kit_for(self.game).position_text(self.game, self.state)
        if shown is not None:   # a game whose positions are typed (Nim's piles)
            typed = self.typed
            self.position_entry = self.add(Field(
                pygame.Rect(140, 150, 260, 36), self.manager,
                shown if typed is None else typed, limit=PILES_LIMIT))
            self.button(pygame.Rect(410, 150, 120, 36), "Show  Enter", self.set_position)
        if self.value_map is not None:
            self.button(pygame.Rect(32, h - 70, 200, 40), "Empty board  Home",
                        self.reset_board)

    def build_pager(self) -> None:
        """Earlier and later pages of boxes, where there is more than one."""
        boxes = self.boxes
        self.pages_built = boxes is not None
        per_page = self.box_grid().per_page
        if boxes is None or len(boxes) <= per_page:
            return
        w, h = self.size
        self.button(pygame.Rect(32, h - 52, 180, 38), "‹ Earlier  PgUp",
                    lambda: self.turn_page(-1), enabled=self.first_box > 0)
        self.button(pygame.Rect(w - 212, h - 52, 180, 38), "Later  PgDn ›",
                    lambda: self.turn_page(1), enabled=self.first_box + per_page < len(boxes))

    def box_grid(self) -> BoxGrid:
        w, h = self.size
        return box_grid(pygame.Rect(32, 156, w - 64, h - 156 - 60))

    def turn_page(self, step: int) -> None:
        boxes, per_page = self.boxes, self.box_grid().per_page
        if boxes is None:
            return
        last = max(0, (len(boxes) - 1) // per_page * per_page)
        self.first_box = max(0, min(last, self.first_box // per_page * per_page
                                    + step * per_page))
        self.rebuild()

    def move_example(self) -> str:
        """A legal move of the position as text mode writes it ("b1-b2"), to show how."""
        moves = [] if self.game.is_over(self.state) else self.game.legal_moves(self.state)
        return f"e.g. {kit_for(self.game).move_text(self.game, self.state, moves[0])}" \
            if moves else ""

    def play_move(self) -> None:
        """The typed move played on the position shown, as the kit reads it (its words if
        it cannot be)."""
        if self.move_entry is None:
            return
        try:
            move = kit_for(self.game).parse_move(self.game, self.state,
                                                 self.move_entry.get_text())
        except ValueError as err:
            self.say(str(err))
            return
        self.state = self.game.result(self.state, move)
        self.typed_move = ""
        self.say("")
        self.rebuild()

    def set_position(self) -> None:
        if self.position_entry is None:
            return
        try:
            self.state = kit_for(self.game).parse_position(self.game,
                                                           self.position_entry.get_text())
        except ValueError as err:
            self.say(str(err))
            return
        self.say("")

    def reset_board(self) -> None:
        self.state = self.game.initial_state()
        if self.moves_view:
            self.typed_move = ""
            self.say("")
            self.rebuild()

    def update(self, dt: float) -> None:
        if self.boxes is not None and not self.pages_built:
            self.rebuild()   # the boxes are read: the pager knows how many pages

    def exit(self) -> None:
        self.counter.shutdown(wait=False, cancel_futures=True)
        super().exit()

    # -- events ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and \
                event.ui_element is self.position_entry:
            self.typed = event.text
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is not None \
                and event.ui_element is self.move_entry:
            self.typed_move = event.text
            return True
        if plain_key(event) and event.key == pygame.K_HOME and (
                self.moves_view or self.value_map is not None) and \
                not any(getattr(w, "is_focused", False) for w in self.widgets):
            self.reset_board()   # Home: back to the start (not while typing: the cursor's)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and (self.position_entry is not None or self.move_entry is not None):
            if self.position_entry is not None:
                self.set_position()
            else:
                self.play_move()
            return True
        if self.boxes_job is not None:
            return self.page_event(event)
        if self.value_map is None and self.table_scroll(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.value_map is not None:
            return self.play_square(self.value_map.value_map_move(self.value_map_area(),
                                                                  event.pos))
        if event.type == pygame.KEYDOWN and plain_key(event) and not any(
                getattr(w, "is_focused", False) for w in self.widgets):
            return self.play_square(self.numbered_square(event))   # not while typing
        return False

    def numbered_square(self, event: pygame.event.Event) -> Any | None:
        """The move on the value map's square a digit key names: 1-9, counted from the top
        left as a phone's keys (None for any other key, or without a value map)."""
        number = typed_digit(event)
        if self.value_map is None or not number:
            return None
        rect, cell = self.value_map_grid()
        row, col = divmod(number - 1, max(1, rect.width // cell))
        if row >= rect.height // cell:
            return None
        return self.value_map.value_map_move(self.value_map_area(), (
            rect.x + col * cell + cell // 2, rect.y + row * cell + cell // 2))

    def play_square(self, move: Any | None) -> bool:
        """`move` (a square of the value map clicked, or its number typed) played on the
        position shown; whether there was one to play (a taken square is said)."""
        if move is None or self.game.is_over(self.state):
            return False
        try:
            self.state = self.game.result(self.state, move)
        except IllegalMove as err:
            self.say(str(err))
        return True

    def table_scroll(self, event: pygame.event.Event) -> bool:
        """Page Down/Up or the wheel: the move table's next or earlier rows (a table longer
        than the window shows a page of them at a time)."""
        step = 0
        if event.type == pygame.KEYDOWN:
            step = {pygame.K_PAGEDOWN: 1, pygame.K_PAGEUP: -1}.get(event.key, 0)
        elif event.type == pygame.MOUSEWHEEL:
            step = -1 if event.y > 0 else 1 if event.y < 0 else 0
        if not step:
            return False
        self.table_top = max(0, self.table_top + step * max(1, self.table_rows - 1))
        return True

    def page_event(self, event: pygame.event.Event) -> bool:
        """Page Down or the wheel down: the next page of boxes; Page Up or up: the last."""
        step = 0
        if event.type == pygame.KEYDOWN:
            step = {pygame.K_PAGEDOWN: 1, pygame.K_PAGEUP: -1}.get(event.key, 0)
        elif event.type == pygame.MOUSEWHEEL:
            step = -1 if event.y > 0 else 1 if event.y < 0 else 0
        if step:
            self.turn_page(step)
        return bool(step)

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        name = self.learner.name or self.learner.label
        shown = theme.fit(name, 28, w - 420, bold=True)
        theme.text(surface, f"What '{shown}' learned", (32, 22), 28, theme.ACCENT, bold=True)
        theme.text(surface, f"{self.game.describe_rules()} · {self.learner.label}, "
                   f"{plural(self.learner.games_trained, 'game')}", (32, 62), 15, theme.MUTED,
                   width=w - 64)
        seen = self.seen_job.result() if self.seen_job.done() else None
        said = ["Counting the positions it has met…"] if seen is None else [] \
            if seen.total is None else theme.wrap(
                f"Met {seen.met:,} of {seen.total:,} positions · a winning move in "
                f"{percent(seen.winning_share)} of those that have one · an optimal move in "
                f"{percent(seen.optimal_share)} where it matters", 15, w - 64)
        for i, line in enumerate(said[:2]):
            theme.text(surface, line, (32, 88 + 19 * i), 15, theme.MUTED if seen is None
                       else theme.TEXT)
        if self.hats_chart and isinstance(self.learner, HatLearner):
            top = 88 + 19 * max(1, len(said[:2])) + 8
            draw_hats(surface, self.learner, pygame.Rect(32, top, w - 64, h - top - 12))
        elif self.value_map is not None:
            self.draw_heat_map(surface)
        elif self.boxes_job is not None:
            self.draw_boxes(surface)
        elif self.moves_view:
            self.draw_position(surface)
            self.draw_table(surface, "Play a move")
        else:
            self.draw_table(surface)
        if self.message and self.position_entry is not None:   # beside the field it is about
            for i, line in enumerate(theme.wrap(self.message, 14, w - 32 - 545)[:3]):
                theme.text(surface, line, (545, 146 + 17 * i), 14, theme.ERROR)
        elif self.message:
            theme.text(surface, self.message, (32, h - 24), 16, theme.ERROR, anchor="midleft",
                       width=w - 64)

    def draw_boxes(self, surface: pygame.Surface) -> None:
        """A page of the hat learner's boxes, what the page holds and how to see more."""
        w, h = self.size
        boxes = self.boxes
        if boxes is None or self.picture is None:
            theme.text(surface, "Reading its hats…", (32, 140), 15, theme.MUTED)
            return
        if not boxes:
            theme.text(surface, "No hats yet: it has not played a game.", (32, 140), 16)
            return
        theme.text(surface, "Each box: a position it has a hat for, its balls for each move, "
                   "and what the theory says of the move.", (32, 132), 13, theme.MUTED,
                   width=w - 64)
        grid = self.box_grid()
        kit = kit_for(self.game)
        draw_page(surface, grid, boxes, self.first_box, self.picture,
                  lambda state, move: kit.move_text(self.game, state, move))
        last = min(len(boxes), self.first_box + grid.per_page)
        theme.text(surface, f"Boxes {self.first_box + 1}–{last} of {len(boxes)}",
                   (w // 2, h - 33), 15, theme.MUTED, anchor="center")

    def draw_position(self, surface: pygame.Surface) -> None:
        """The position the table is about, drawn by its board, right of the table."""
        w, h = self.size
        side = max(60, min(360, w - 32 - 560, h - 150 - 100))
        area = pygame.Rect(min(w - 32 - side, 600), 150, side, side)
        if self.picture is not None:
            self.picture(surface, area, self.state)
        if self.game.is_over(self.state):
            theme.text(surface, "The game is over here: Home goes back to the start.",
                       (32, 210), 16, theme.MUTED, width=area.x - 48)

    def draw_table(self, surface: pygame.Surface, label: str = "Position") -> None:
        w, h = self.size
        theme.text(surface, label, (32, 168), 17, anchor="midleft")
        if self.game.is_over(self.state):
            return
        rows = sorted(insight.move_table(self.learner, self.state, self.judge),
                      key=lambda r: -r.score)
        x, y = 32, 210
        score_name = "balls" if isinstance(self.learner, HatLearner) else "Q-value"
        headers = [("Move", 0), (score_name, 260), ("By the theory", 380)]
        if any(row.nim_sum is not None for row in rows):   # a game with a nim-sum
            headers.append(("Nim-sum after", 540))
        for title, dx in headers:
            theme.text(surface, title, (x + dx, y), 15, theme.MUTED, bold=True)
        y += 28
        limit = (h - y - 40) // 24
        if len(rows) == limit + 1:
            limit += 1   # the last row, where "… and 1 more" would have gone
        if (self.table_state, len(rows)) != (self.state, self.table_length):
            self.table_top = 0   # another position: its table from the top
        self.table_state, self.table_length, self.table_rows = self.state, len(rows), limit
        top = self.table_top = max(0, min(self.table_top, len(rows) - limit))
        for row in rows[top:top + limit]:
            words, colour = VERDICT[row.theory]
            theme.text(surface, row.words, (x, y), 16)
            score = f"{row.score:,}" if isinstance(row.score, int) else f"{row.score:+.3f}"
            theme.text(surface, score, (x + 260, y), 16)
            theme.text(surface, words, (x + 380, y), 16, colour)
            if row.nim_sum is not None:
                theme.text(surface, f"{row.nim_sum} = {row.nim_sum:04b}", (x + 540, y), 16)
            y += 24
        if len(rows) > limit:
            below = len(rows) - top - limit
            more = f"… and {plural(below, 'more move')}" if below else "The last moves"
            theme.text(surface, f"{more} · moves {top + 1}–{top + min(limit, len(rows) - top)}"
                       f" of {len(rows)} · PgDn/PgUp or the wheel for more", (x, y), 14,
                       theme.MUTED, width=w - 2 * x)

    def value_map_area(self) -> pygame.Rect:
        """The grid's room: below the title, above the legend and the buttons."""
        w, h = self.size
        return pygame.Rect(32, 124, w - 64, h - 124 - LEGEND_ROOM)

    def value_map_grid(self) -> tuple[pygame.Rect, int]:
        """Where the board draws its value map (its squares to click)."""
        assert self.value_map is not None
        return self.value_map.value_map_grid(self.value_map_area())

    def draw_heat_map(self, surface: pygame.Surface) -> None:
        """The learner's value of each move on the board itself, drawn by the board on the
        learner's fixed scale, with the legend under it."""
        assert self.value_map is not None
        scale = insight.value_scale(self.learner)
        worths = {} if self.game.is_over(self.state) else \
            insight.move_worths(self.learner, self.state, self.judge)
        values = {move: MoveValue(scale_colour(scale, worth.value), worth.number, worth.detail,
                                  worth.verdict) for move, worth in worths.items()}
        rect = self.value_map.draw_value_map(surface, self.value_map_area(), self.state, values)
        w, _ = self.size
        bottom = draw_legend(surface, pygame.Rect(32, rect.bottom + 10, w - 64, 0), scale)
        theme.text(surface, "Click a square, or press its number (1-9 from the top left), to "
                   "play there and see the next position.",
                   (w // 2, bottom), 13, theme.MUTED, anchor="midtop", width=w - 64)
