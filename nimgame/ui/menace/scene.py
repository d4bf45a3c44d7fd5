"""The MENACE screen: Michie's matchbox machine at Tic-Tac-Toe (or Gardner's HER at his
pawn game), its boxes drawn a stage at a time, its rules chosen from presets or typed, and
games against the perfect player, a random one, a second MENACE or the person — one at a
time or many beside the frames; Michie's tournament; the box labels as a PDF.

Mouse and keyboard do the same: every button says its key; Tab reaches every widget (the
app's focus); Enter in a field takes what was typed (a new MENACE, or the person's move);
Esc leaves a field, stops games being played, or goes back."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from typing import Any

import pygame
import pygame_gui

from ...files import data_folder
from ...session.menace import Box, Menace
from ...session.menace_desk import (
    GAME_WORDS,
    PRESET_NAMES,
    MenaceChoices,
    MenaceDesk,
)
from ...session.menace_labels import BoxLabel, box_labels, write_labels_pdf
from .. import theme
from ..scene import Scene, SceneHost, plain_key
from ..widgets.fields import Field
from ..widgets.form import FormRows
from ..widgets.rows import needed_width
from .drawing import BoxShape, draw_menace, fitting_shape
from .form import FAST_GAMES, SIDE_WORDS, build_form, next_entry
from .person_board import PersonBoard

#: Games played at a time beside the frames (a chunk is a few milliseconds of work).
CHUNK = 100
#: The width of the page buttons over the boxes ("<  Left", ">  Right").
PAGE_BUTTON = 76
#: A status line's height under the boxes; the lines the person's line may take beyond
#: its own (the boxes' area ends higher for them).
STATUS_LINE = 18


class MenaceScene(Scene):
    def __init__(self, app: SceneHost, game: str | None = None, seed: int | None = None,
                 preset: str | None = None) -> None:
        """MENACE at `game` (a kit's name among `menace_desk.GAMES`; else the first one)
        with the beads of `preset` (a name of `menace_desk.PRESET_NAMES`; else the game's
        own, as a lesson opens it); `seed` fixes its draws and its opponents' (tests)."""
        super().__init__(app)
        choices = MenaceChoices()
        if game is not None and game in GAME_WORDS.values():
            choices.use_game(game)
        if preset is not None and preset in PRESET_NAMES:
            choices.use_preset(preset)
        self.desk = MenaceDesk(choices, seed)
        self.label_cache: dict[Menace, list[BoxLabel]] = {}
        self.rival = False         # the second MENACE's boxes shown, not the first's
        self.board = PersonBoard(self)
        self.charts = False
        self.busy = ""             # what the background work is doing
        self.stopping = False
        self.stage = 0
        self.page = 0
        self.rows: FormRows | None = None
        self.fields: dict[str, Field] = {}
        self.move_field: Field | None = None
        self.stage_buttons: list[pygame_gui.elements.UIButton] = []
        self.stage_caption: tuple[int, int] | None = None   # "Move" before numbers alone
        self.warning = False       # the message warns (neither went well nor went wrong)

    def say(self, message: str, ok: bool = False, warn: bool = False) -> None:
        """As `Scene.say`; `warn`: shown as a warning (its first box empty: it refuses)."""
        super().say(message, ok)
        self.warning = warn

    # -- whose boxes -----------------------------------------------------------------------
    def shown_menace(self) -> Menace:
        """The MENACE whose boxes are drawn: the first, or the second one it plays."""
        other = self.desk.run.other
        return other if self.rival and isinstance(other, Menace) else self.desk.menace

    def labels_for(self, menace: Menace) -> list[BoxLabel]:
        found = self.label_cache.get(menace)
        if found is None:
            found = self.label_cache[menace] = box_labels(menace)
        return found

    @property
    def labels(self) -> list[BoxLabel]:
        return self.labels_for(self.shown_menace())

    def toggle_rival(self) -> None:
        """Show the second MENACE's boxes, or the first's again."""
        if not isinstance(self.desk.run.other, Menace):
            self.say("Only a second MENACE (O: Against) has boxes of its own to show.")
            return
        self.rival = not self.rival
        self.stage = self.page = 0
        self.show_lit()
        self.rebuild()

    # -- layout --------------------------------------------------------------------------
    def left(self) -> int:
        """The form's column: at 800x560 (and on the 960x540 canvas) wide enough for the
        switches' words ("Forced off  K") with room either side."""
        return 288 if self.size[0] < 1000 else 330

    def main_area(self) -> pygame.Rect:
        """Right of the form: the boxes (or the charts) and the board, the status lines
        under them (as many more as the person's line takes: the area ends higher)."""
        w, h = self.size
        x = theme.GAP + self.left() + theme.GAP
        width = w - x - theme.GAP
        more = max(0, len(self.board.lines(width)) - 1)
        return pygame.Rect(x, 66, width, h - 66 - 104 - STATUS_LINE * more)

    def play_typed(self) -> None:
        """The move typed in the field under the boxes, played (Enter or its button)."""
        if self.move_field is not None:
            self.board.typed(self.move_field)

    def boxes_area(self) -> pygame.Rect:
        area = self.main_area()
        board = self.board_area()
        room = area.width - (board.width + 8 if board is not None else 0)
        return pygame.Rect(area.x, area.y + 36, room, area.height - 36)

    def board_area(self) -> pygame.Rect | None:
        return self.board.area()

    def box_shape(self) -> BoxShape:
        boxes = self.stage_boxes()   # the squares grow with the most beads of a colour
        most = max((count for box in boxes for count in box.beads), default=0)
        return fitting_shape(self.shown_menace(), self.labels, self.boxes_area(), len(boxes),
                             most)

    def build(self) -> None:
        build_form(self)

    def build_main(self, person: bool) -> None:
        area = self.main_area()
        self.stage_buttons = []
        if not self.charts:
            self.stage_row(area)
        self.move_field = None
        if person and self.desk.person is not None:
            lines = 1 + len(self.board.lines(area.width))   # the tally, the board's line
            status = area.bottom + 4 + lines * STATUS_LINE + 6   # clear of the last line
            self.move_field = self.add(Field(pygame.Rect(area.x, status, 120, 30),
                                             self.manager, "", limit=12,
                                             placeholder="your move"))
            self.button(pygame.Rect(area.x + 126, status, 110, 30), "Play  Enter",
                        self.play_typed)

    def stage_row(self, area: pygame.Rect) -> None:
        """A button for each stage ("Move 1", "Move 3"...; where these do not fit with
        room around their words, "Move" written once and the numbers alone), then the
        page buttons at the right."""
        stages = self.stages()
        side = self.shown_menace().side
        words = [f"Move {2 * s + side + 1}" for s in stages]
        room = area.width - 2 * (PAGE_BUTTON + 4)

        def need(text: str) -> int:   # shown plain, or bold as the stage shown
            return max(needed_width(self.manager, text, bold) for bold in (False, True))

        left, self.stage_caption = area.x, None
        if sum(map(need, words)) + 6 * (len(words) - 1) > room:
            words = [text.split()[1] for text in words]
            self.stage_caption = (area.x, area.y + 15)
            left += theme.font(14).size("Move")[0] + 8
        count = max(1, len(words))
        wide = min(90, (room - (left - area.x) - 6 * count) // count)
        for i, (stage, text) in enumerate(zip(stages, words, strict=True)):
            made = self.button(pygame.Rect(left + i * (wide + 6), area.y, wide, 30),
                               text, partial(self.show_stage, stage),
                               primary=stage == self.stage,
                               tooltip=None if text.startswith("Move") else
                               f"The boxes of move {text}")
            self.stage_buttons.append(made)
        self.button(pygame.Rect(area.right - 2 * PAGE_BUTTON - 4, area.y, PAGE_BUTTON, 30),
                    "<  Left", partial(self.turn, -1), tooltip="The page before (Left)")
        self.button(pygame.Rect(area.right - PAGE_BUTTON, area.y, PAGE_BUTTON, 30),
                    ">  Right", partial(self.turn, 1), tooltip="The next page (Right)")

    def form_labels(self) -> list[tuple[str, int]]:
        return self.rows.labels if self.rows is not None else []

    # -- the boxes shown -------------------------------------------------------------------
    def stages(self) -> list[int]:
        return sorted({box.stage for box in self.shown_menace().boxes.values()})

    def per_page(self) -> int:
        area = self.boxes_area()
        shape = self.box_shape()
        cols = max(1, (area.width - 8) // (shape.width + 6))
        rows = max(1, (area.height - 8) // (shape.height + 6))
        return cols * rows

    def stage_boxes(self) -> list[Box]:
        return sorted((b for b in self.shown_menace().boxes.values() if b.stage == self.stage),
                      key=lambda b: b.number)

    def pages(self) -> int:
        return max(1, -(-len(self.stage_boxes()) // self.per_page()))

    def page_boxes(self) -> list[Box]:
        size = self.per_page()
        self.page = min(self.page, self.pages() - 1)
        return self.stage_boxes()[self.page * size:(self.page + 1) * size]

    def page_words(self) -> str:
        return f"page {self.page + 1} of {self.pages()}"

    def show_stage(self, stage: int) -> None:
        self.stage, self.page = stage, 0
        self.rebuild()

    def turn(self, step: int) -> None:
        """A page on (`step` 1) or back (-1); past the stage's last page the next stage's
        first, before its first the stage before's last."""
        if 0 <= self.page + step < self.pages():
            self.page += step
        else:
            stages = self.stages()
            i = stages.index(self.stage) if self.stage in stages else 0
            self.stage = stages[(i + step) % len(stages)]
            self.page = 0 if step > 0 else self.pages() - 1
        self.rebuild()

    def stage_step(self, step: int) -> None:
        stages = self.stages()
        i = stages.index(self.stage) if self.stage in stages else 0
        self.show_stage(stages[(i + step) % len(stages)])

    def show_lit(self) -> None:
        """Turn to the page of the box the last bead was drawn from."""
        last = self.shown_menace().last
        if last is None or self.charts:
            return
        box = last[0]
        self.stage = box.stage
        self.page = self.stage_boxes().index(box) // self.per_page()

    def glossary_term(self) -> str | None:
        return "hats"   # MENACE's matchboxes

    def status_lines(self) -> list[str]:
        """The desk's lines; the tally without "vs" the opponent (the form shows it) where
        it would be cut, so that the page of boxes shown stays in sight."""
        lines = self.desk.status_lines("" if self.charts else self.page_words())
        width = self.main_area().width
        if lines and theme.font(14).size(lines[0])[0] > width:
            lines[0] = lines[0].replace(f" vs {self.desk.choices.opponent}:", ":", 1)
        if self.desk.person is not None and len(lines) > 1:
            lines[1:2] = self.board.lines(width)
        return lines

    # -- actions -----------------------------------------------------------------------------
    def read_fields(self) -> None:
        choices = self.desk.choices
        for key, field in self.fields.items():
            setattr(choices, key, field.get_text())
        choices.preset = choices.matching_preset()

    def new_menace(self, read: bool = True) -> bool:
        """A new MENACE with the rules as typed (`read`: the fields are read first; else
        the choices are as a preset or switch just set them); whether it was made (else the
        reason is said, and the old one stays)."""
        if self.busy:
            return False
        if read:
            self.read_fields()
        try:
            said = self.desk.rebuild()
        except ValueError as err:
            self.say(str(err))
            self.rebuild()
            return False
        self.label_cache.clear()
        self.stage = self.page = 0
        self.say(said, ok=True)
        self.rebuild()
        return True

    def toggle(self, name: str) -> None:
        if self.busy:
            return
        self.read_fields()
        self.desk.choices.toggled(name)
        self.new_menace(read=False)

    def choose(self, key: str, text: str) -> None:
        if self.busy:
            return
        choices = self.desk.choices
        self.read_fields()
        if key == "game":
            choices.use_game(GAME_WORDS[text])
        elif key == "preset" and text != "Your own":
            choices.use_preset(text)
        elif key == "side":
            choices.side = SIDE_WORDS.index(text)
        elif key == "opponent":
            choices.opponent = text
        self.new_menace(read=False)

    def cycle(self, key: str) -> None:
        """The next entry of a drop-down, from the keyboard."""
        if not self.busy:
            self.choose(key, next_entry(self.desk.choices, key))

    def one_game(self) -> None:
        if self.busy:
            return
        desk = self.desk
        if desk.choices.opponent == "You":
            played = desk.start_person_game()
            self.show_lit()
            self.say(self.ended(played) if played is not None else self.board.how(),
                     ok=True)
            self.rebuild()
            return
        played = desk.play(1)
        self.show_lit()
        self.say(self.ended(played) if played is not None else "", ok=True, warn=desk.refuses)
        self.rebuild()

    def ended(self, played: Any) -> str:
        side = self.desk.run.side
        if played.resigned == side:
            return "MENACE resigned: its box was empty."
        result = played.result_for(side)
        return {1: "MENACE won.", 0: "A draw.", -1: "MENACE lost."}[result]

    def fast(self) -> None:
        if self.busy or self.desk.choices.opponent == "You":
            return
        self.run_games(len(self.desk.run.results) + FAST_GAMES)

    def run_games(self, until: int) -> None:
        """Play on to `until` games, a chunk at a time beside the frames."""
        run = self.desk.run
        left = until - len(run.results)
        if left <= 0 or self.stopping or self.desk.refuses:
            said = "Its first box is empty: it refuses to play on. " if self.desk.refuses \
                else ""
            self.finish_work(f"{said}Played: {len(run.results):,} games in all.")
            return
        self.busy = f"Playing: {len(run.results):,} games of {until:,}… (Esc stops)"
        self.later(lambda: self.desk.play(min(CHUNK, left)),
                   lambda done: self._played(done, until))

    def _played(self, done: Future[Any], until: int) -> None:
        try:
            done.result()
        except Exception as err:   # never expected: said, and the screen goes on
            self.finish_work(f"The games stopped: {type(err).__name__}: {err}")
            return
        self.run_games(until)

    def start_tournament(self) -> None:
        if self.busy:
            return
        self.read_fields()
        try:
            self.desk.start_tournament()
        except ValueError as err:
            self.say(str(err))
            return
        self.label_cache.clear()
        self.say("")
        self.tournament_on()

    def tournament_on(self) -> None:
        desk = self.desk
        if self.stopping:
            self.finish_work("Tournament stopped.")
            return
        self.busy = (f"Tournament: {len(desk.run.results):,} games, "
                     f"{desk.run.draw_streak()} drawn in a row… (Esc stops)")
        self.later(lambda: desk.tournament_chunk(CHUNK), self._tournament_chunk)

    def _tournament_chunk(self, done: Future[Any]) -> None:
        if not done.result():
            self.tournament_on()
            return
        self.finish_work(self.status_lines()[-1], ok=True)

    def finish_work(self, said: str, ok: bool = True) -> None:
        self.busy, self.stopping = "", False
        self.say(said, ok=ok, warn=self.desk.refuses)   # it stopped as it refuses to play
        self.rebuild()

    def stop_or_back(self) -> None:
        if self.busy:
            self.stopping = True
            return
        self.app.pop()

    def toggle_charts(self) -> None:
        self.charts = not self.charts
        self.rebuild()

    def export_labels(self) -> None:
        if self.busy:
            return
        menace = self.shown_menace()   # the boxes on the screen: the first's or the second's
        path = data_folder("menace") / f"menace-{self.desk.game.name}-" \
                                       f"{'first' if menace.side == 0 else 'second'}.pdf"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            count = write_labels_pdf(menace, path)
        except OSError as err:
            self.say(f"The labels could not be written to {path}: {err.strerror or err}")
            return
        self.say(f"Labels for {count} boxes written to {path}", ok=True)

    # -- events ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        chose = self.rows.chose(event) if self.rows is not None else None
        if chose is not None:
            self.choose(chose.key, chose.text)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            if event.ui_element is self.move_field:
                self.play_typed()
            elif event.ui_element in self.fields.values():
                self.new_menace()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            square = self.board.square_at(event.pos)
            if square is not None:
                self.board.click(square)
                return True
        if event.type == pygame.KEYDOWN and not self.typing() and plain_key(event) and \
                self.focus.widget is None and self.board.key(event):
            return True
        if super().handle_event(event):
            return True
        if event.type != pygame.KEYDOWN:
            return False
        return self.handle_key(event)

    def typing(self) -> bool:
        return any(getattr(w, "is_focused", False) for w in self.widgets)

    def handle_key(self, event: pygame.event.Event) -> bool:
        typing = self.typing()
        if event.key == pygame.K_ESCAPE:
            if typing:   # leaves the field: the screen's keys work again
                self.focus.set(self, None)
                for widget in self.widgets:
                    if getattr(widget, "is_focused", False):
                        widget.unfocus()
                return True
            if self.busy:
                self.stopping = True
                return True
            return False
        if typing or not plain_key(event):
            return typing
        actions: dict[int, Callable[[], Any]] = {
            pygame.K_n: self.new_menace, pygame.K_g: self.one_game, pygame.K_f: self.fast,
            pygame.K_t: self.start_tournament, pygame.K_p: self.export_labels,
            pygame.K_c: self.toggle_charts, pygame.K_y: partial(self.toggle, "symmetry"),
            pygame.K_e: partial(self.toggle, "resigns"), pygame.K_r: partial(self.cycle,
                                                                              "preset"),
            pygame.K_o: partial(self.cycle, "opponent"), pygame.K_s: partial(self.cycle,
                                                                              "side"),
            pygame.K_h: partial(self.cycle, "game"), pygame.K_l: partial(self.toggle,
                                                                          "last_only"),
            pygame.K_k: partial(self.toggle, "forced"), pygame.K_v: self.toggle_rival,
            pygame.K_RIGHT: partial(self.turn, 1),
            pygame.K_LEFT: partial(self.turn, -1), pygame.K_DOWN: partial(self.stage_step, 1),
            pygame.K_UP: partial(self.stage_step, -1)}
        action = actions.get(event.key)
        if action is None:
            return False
        if event.key in (pygame.K_RIGHT, pygame.K_LEFT, pygame.K_UP, pygame.K_DOWN) and \
                self.charts:
            return True
        action()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        draw_menace(surface, self)
