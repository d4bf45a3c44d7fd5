"""Every saved brain: play it, rename it, delete it, or go on training it."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

import pygame
import pygame_gui

from ... import storage
from ...players import Learner
from ...safetext import escape
from ...session import MatchSetup
from ...session.kept_hats import KeptBrain, kept_brain
from .. import theme
from ..saved_brains import read_saved_brains
from ..scene import Scene, SceneHost, plain_key
from ..widgets.dialog import confirm, dialog_open
from ..widgets.fields import Field
from .table import ROW, Row, draw_table, grouped, table_rows

BUTTONS_WIDTH = 220 + 190 + 120 + 140 + 130 + 120 + 5 * 10   # the buttons below the table
NOTE_LINE = 22   # each line under the table saying what a brain the program keeps is


class LibraryScene(Scene):
    def __init__(self, app: SceneHost) -> None:
        super().__init__(app)
        self.brains: list[storage.BrainInfo] = []   # in the table's order (`grouped`)
        self.saved = 0   # how many of them come before the runs left unsaved
        self.reading = True   # the folder is read beside the frames: see `reload`
        self.selected = 0
        self.renaming = False
        self.dialog: pygame_gui.windows.UIConfirmationDialog | None = None   # open, if any

    def on_top(self) -> None:
        read_saved_brains(self, self.brains_read)   # training may have saved one meanwhile

    def reload(self) -> None:
        """Read the folder again; the table follows on a later frame."""
        read_saved_brains(self, self.brains_read)

    def brains_read(self, brains: list[storage.BrainInfo]) -> None:
        before = self.current.path if self.current is not None else None
        (self.brains, self.saved), self.reading = grouped(brains), False
        # the brain selected stays selected where it moved (renamed out of the unsaved runs)
        self.selected = next((i for i, info in enumerate(self.brains) if info.path == before),
                             min(self.selected, max(0, len(self.brains) - 1)))
        self.rebuild()

    def unsaved_heading(self) -> str:
        """The heading over the runs kept because they were left unsaved ("" if none)."""
        count = len(self.brains) - self.saved
        return f"Unsaved runs ({count}), newest first: kept when training was left. " \
            "Rename one to keep it." if count else ""

    def heading_text(self, width: int) -> str:
        """`unsaved_heading` as it fits a table `width` pixels wide: shortened to a sentence
        that fits, never cut."""
        whole = self.unsaved_heading()
        count = len(self.brains) - self.saved
        for words in (whole, whole.split(":")[0], f"Unsaved runs ({count})"):
            if theme.font(15, bold=True).size(words)[0] <= width - 2 * theme.GAP:
                return words
        return f"Unsaved runs ({count})"

    def rows(self) -> list[Row]:
        """The table's rows: each brain's index, the unsaved runs' heading before them."""
        return table_rows(len(self.brains), self.saved, self.unsaved_heading())

    def first_row(self) -> int:
        """The index of the top row shown: the table scrolls to keep the selection in view."""
        line = self.selected + (1 if self.selected >= self.saved else 0)
        return max(0, line - self.visible_rows() + 1)

    def visible_rows(self) -> int:
        return max(1, (self.table().height - ROW) // ROW)

    @property
    def current(self) -> storage.BrainInfo | None:
        return self.brains[self.selected] if self.brains else None

    @property
    def kept(self) -> KeptBrain | None:
        """What the selected brain is, if the program keeps it for an opponent of its own."""
        return kept_brain(self.current.path) if self.current is not None else None

    def kept_note(self) -> str:
        """The line under the table that says what the selected brain is, if the program
        keeps it (the Sticks computer's memory); "" for a brain a person saved."""
        kept, info = self.kept, self.current
        if kept is None or info is None:
            return ""
        return f"'{escape(info.name, 40)}' is {kept.what}."

    def note_lines(self) -> list[str]:
        """`kept_note` as drawn under the table: wrapped to its width."""
        note = self.kept_note()
        return theme.wrap(note, 16, self.size[0] - 6 * theme.GAP) if note else []

    def button_rows(self) -> int:
        """One row of buttons if the window is wide enough for them all, else two."""
        return 1 if self.size[0] - 4 * theme.GAP >= BUTTONS_WIDTH else 2

    def table(self) -> pygame.Rect:
        """The table, above the buttons and the message line."""
        w, h = self.size
        note = NOTE_LINE * len(self.note_lines())
        return pygame.Rect(theme.GAP * 2, 90, w - 4 * theme.GAP,
                           h - 90 - 66 - 52 * self.button_rows() - note)

    def build(self) -> None:
        w, h = self.size
        y = h - 56 - 52 * self.button_rows()
        x = theme.GAP * 2
        readable = self.current is not None and self.current.header is not None

        def button(text: str, action: Callable[[], Any], width: int, enabled: bool = True,
                   primary: bool = False) -> None:
            nonlocal x, y
            if x + width > w - theme.GAP * 2:   # a narrow window: on to a second row
                x, y = theme.GAP * 2, y + 52
            self.button(pygame.Rect(x, y, width, 42), text, action, primary=primary,
                        enabled=enabled)
            x += width + 10

        self.rename_entry = None
        if self.renaming and self.current is not None:
            self.rename_entry = self.add(Field(pygame.Rect(x, y, 320, 42), self.manager,
                                               self.current.name, limit=storage.NAME_LIMIT))
            self.rename_entry.focus()
            x += 330
            button("OK  Enter", self.finish_rename, 120, primary=True)
            button("Cancel", self.cancel_rename, 110)
            return
        button("Play against it  Enter", self.play, 220, readable, primary=True)
        button("Go on training  T", self.train, 190, readable)
        button("Inspect  I", self.inspect, 120, readable)
        button("Rename  F2", self.rename, 140, readable)
        button("Delete  Del", self.delete, 130, self.current is not None)
        button("Back  Esc", self.app.pop, 120)

    # -- actions ---------------------------------------------------------------------------
    def open_current(self, then: Callable[[Learner, storage.BrainInfo], None]) -> None:
        """Load the selected brain beside the frames, then `then(learner, info)`; a file
        that cannot be loaded says why instead."""
        info = self.current
        if info is None or self.waiting:
            return
        self.say("Reading it…", ok=True)

        def opened(done: Future[Any]) -> None:
            try:
                learner = done.result()
            except storage.BrainFileError as err:
                self.say(f"Cannot load it: {err}")
                return
            self.say("")
            then(learner, info)

        self.later(lambda: storage.load(info.path), opened)

    def play(self) -> None:
        self.open_current(self._play)

    def _play(self, learner: Learner, info: storage.BrainInfo) -> None:
        self.open("board", MatchSetup.against(learner, self.app.settings.name))

    def train(self) -> None:
        self.open_current(lambda learner, info: self.open(
            "training", learner.game, start_from=info, learner=learner))

    def inspect(self) -> None:
        self.open_current(lambda learner, _: self.open("inspector", learner))

    def rename(self) -> None:
        """Rename the selected brain: its name is typed in place of the buttons (a brain the
        program keeps says what renaming it does)."""
        self.renaming = True
        if self.kept is not None:
            self.say(self.kept.if_renamed, ok=True)
        self.rebuild()

    def cancel_rename(self) -> None:
        self.renaming = False
        self.rebuild()

    def finish_rename(self) -> None:
        """Rename the selected brain (its file is rewritten beside the frames)."""
        info, entry = self.current, self.rename_entry
        if self.waiting or info is None or entry is None:
            return
        try:
            name = storage.check_name(entry.get_text())
        except ValueError as err:
            self.say(f"Not renamed: {err}.")
            return
        path, kept = info.path, kept_brain(info.path)

        def renamed(done: Future[Any]) -> None:
            try:
                done.result()
            except (storage.BrainFileError, storage.SaveError) as err:
                self.say(f"Not renamed: {err}")
                return
            still = f": {kept.renamed}" if kept is not None else ""
            self.say(f"Renamed to '{escape(name, 40)}'{still}.", ok=True)
            self.renaming = False
            self.reload()

        self.later(lambda: storage.rename(path, name), renamed)

    def delete(self) -> None:
        info = self.current
        if info is None:
            return
        what = (f"'{escape(info.name, 40)}'" if info.ok
                else f"the damaged file {escape(info.path.name, 40)}")
        kept = kept_brain(info.path)
        if kept is not None:   # the program's own: what it is, and what deleting it does
            self.dialog = confirm(self, "Delete the computer's memory",
                                  f"{self.kept_note()} Delete it? {kept.if_deleted}", "Delete")
        else:
            self.dialog = confirm(self, "Delete a saved AI", f"Delete {what} for good?",
                                  "Delete")
        self.focus.set(self, self.dialog.cancel_button)   # the ring on the safe answer

    def confirmed_delete(self) -> None:
        info = self.current
        if info is None:
            return
        name = escape(info.name if info.ok else info.path.name, 40)
        kept = kept_brain(info.path)
        try:
            info.path.unlink()
            self.say(f"Deleted '{name}'" + (f": {kept.deleted}." if kept else "."), ok=True)
        except OSError as err:
            self.say(f"Could not delete '{name}': {err.strerror or err}")
        self.dialog = None
        self.reload()

    # -- events ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and \
                event.ui_element is self.dialog:
            self.confirmed_delete()
            return True
        if Scene.handle_event(self, event):
            return True
        if self.dialog is not None and self.dialog.alive():
            return dialog_open(self.dialog, event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.click_row(event.pos):
            return True
        if plain_key(event):
            return self.renaming_key(event.key) if self.renaming else self.table_key(event.key)
        return False

    def click_row(self, pos: tuple[int, int]) -> bool:
        """Select the brain whose row is at `pos`, if there is one."""
        table, rows = self.table(), self.rows()
        row = (pos[1] - table.y - ROW) // ROW
        line = self.first_row() + row
        if not (table.collidepoint(pos) and 0 <= row < self.visible_rows() and
                line < len(rows)):
            return False
        index = rows[line]
        if isinstance(index, str):   # the heading: nothing to select
            return True
        self.selected = index
        self.renaming = False
        self.rebuild()
        return True

    def renaming_key(self, key: int) -> bool:
        """Enter renames, Esc does not."""
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.finish_rename()
        elif key == pygame.K_ESCAPE:
            self.cancel_rename()
        else:
            return False
        return True

    def table_key(self, key: int) -> bool:
        """Up and down move the selection; Enter plays the brain, T trains it, I inspects
        it, F2 renames it (a readable one), Del deletes it."""
        moves = {pygame.K_UP: -1, pygame.K_DOWN: 1}
        if key in moves and self.brains:
            self.selected = (self.selected + moves[key]) % len(self.brains)
            self.rebuild()
            return True
        actions: dict[int, Callable[[], None]] = {}
        if self.current is not None and self.current.header is not None:   # readable
            actions = {pygame.K_RETURN: self.play, pygame.K_KP_ENTER: self.play,
                       pygame.K_t: self.train, pygame.K_i: self.inspect,
                       pygame.K_F2: self.rename}
        if self.current is not None:
            actions[pygame.K_DELETE] = self.delete
        action = actions.get(key)
        if action is None:
            return False
        action()
        return True

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        theme.text(surface, "Saved AIs", (theme.GAP * 2, 24), 30, theme.ACCENT, bold=True)
        theme.text(surface, f"in {storage.brains_dir()}", (theme.GAP * 2, 62), 14, theme.MUTED,
                   width=w - 4 * theme.GAP)
        table = self.table()
        rows = [self.heading_text(table.width) if isinstance(row, str) else row
                for row in self.rows()]
        draw_table(surface, table, self.brains, rows, self.selected, self.first_row(),
                   self.visible_rows(), self.reading)
        for row, line in enumerate(self.note_lines()):
            theme.text(surface, line, (table.x + theme.GAP, table.bottom + 4 + row * NOTE_LINE),
                       16, theme.ACCENT, width=table.width - 2 * theme.GAP)
        if self.message:
            theme.text(surface, self.message, (theme.GAP * 2, h - 36), 16,
                       theme.GOOD if self.message_ok else theme.ERROR, width=w - 4 * theme.GAP)
