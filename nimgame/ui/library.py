"""Every saved brain: play it, rename it, delete it, or go on training it."""

from __future__ import annotations

import pygame
import pygame_gui

from .. import storage
from ..players import PLAYERS
from . import theme
from .match import AI_NAME, MatchSetup, Seat
from .scene import Scene

ROW = 34
COLUMNS = (("Name", 0.0), ("Game", 0.22), ("Rules", 0.38), ("Learner", 0.60),
           ("Games", 0.72), ("Accuracy", 0.80), ("Updated", 0.89))


def describe(info: storage.BrainInfo) -> list[str]:
    h = info.header
    if h is None:
        return [info.name, f"unreadable: {info.error}"]
    game = storage.game_from_header(h)
    rules = game.short_rules()
    accuracy = "—" if h.get("accuracy") is None else f"{h['accuracy']:.0%}"
    return [info.name, game.title, rules, PLAYERS[h["learner"]].label,
            f"{h['games_trained']:,}", accuracy, str(h.get("updated", ""))[:10]]


class LibraryScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.brains = storage.list_brains()
        self.selected = 0
        self.message = ""
        self.renaming = False
        self.dialog = None

    def reload(self) -> None:
        self.brains = storage.list_brains()
        self.selected = min(self.selected, max(0, len(self.brains) - 1))
        self.resize()

    @property
    def current(self) -> storage.BrainInfo | None:
        return self.brains[self.selected] if self.brains else None

    def table(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(theme.GAP * 2, 90, w - 4 * theme.GAP, h - 90 - 150)

    def build(self) -> None:
        w, h = self.size
        y = h - 120
        x = theme.GAP * 2
        self.buttons: dict = {}
        readable = self.current is not None and self.current.header is not None

        def button(text, action, width, enabled=True, primary=False):
            nonlocal x
            made = self.add(pygame_gui.elements.UIButton(
                pygame.Rect(x, y, width, 42), text, self.manager,
                object_id="#primary" if primary else None))
            if not enabled:
                made.disable()
            self.buttons[made] = action
            x += width + 10

        self.rename_entry = None
        if self.renaming:
            self.rename_entry = self.add(pygame_gui.elements.UITextEntryLine(
                pygame.Rect(x, y, 320, 42), self.manager, initial_text=self.current.name))
            self.rename_entry.set_text_length_limit(40)
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
    def load_current(self):
        try:
            return storage.load(self.current.path)
        except storage.BrainFileError as err:
            self.message = f"Cannot load it: {err}"
            return None

    def play(self) -> None:
        from .boards import board_for

        learner = self.load_current()
        if learner is None:
            return
        setup = MatchSetup(learner.game, (Seat("Player"), Seat(
            AI_NAME, learner, label=learner.name or learner.label)))
        self.app.push(board_for(self.app, setup))

    def train(self) -> None:
        from .training import TrainingScene

        learner = self.load_current()
        if learner is None:
            return
        scene = TrainingScene(self.app, learner.game, start_from=self.current)
        scene.learner = "Hats" if self.current.header["learner"] == "hats" else "Q-learning"
        settings = self.current.header.get("settings", {})
        scene.alpha = settings.get("alpha", scene.alpha)
        scene.epsilon = settings.get("epsilon", scene.epsilon)
        self.app.push(scene)

    def inspect(self) -> None:
        from .inspector import InspectorScene

        learner = self.load_current()
        if learner is not None:
            self.app.push(InspectorScene(self.app, learner))

    def rename(self) -> None:
        self.renaming = True
        self.resize()

    def cancel_rename(self) -> None:
        self.renaming = False
        self.resize()

    def finish_rename(self) -> None:
        name = self.rename_entry.get_text().strip()
        if not name:
            self.message = "A name cannot be empty."
            return
        try:
            storage.rename(self.current.path, name)
        except (ValueError, storage.BrainFileError, storage.SaveError) as err:
            self.message = str(err)
            return
        self.message = f"Renamed to '{name}'."
        self.renaming = False
        self.reload()

    def delete(self) -> None:
        w, h = self.size
        rect = pygame.Rect(0, 0, 420, 220)
        rect.center = (w // 2, h // 2)
        self.dialog = self.add(pygame_gui.windows.UIConfirmationDialog(
            rect, f"Delete '{self.current.name}' for good?", self.manager,
            window_title="Delete a saved AI", action_short_name="Delete"))

    def confirmed_delete(self) -> None:
        name = self.current.name
        try:
            self.current.path.unlink()
            self.message = f"Deleted '{name}'."
        except OSError as err:
            self.message = f"Could not delete it: {err.strerror}"
        self.dialog = None
        self.reload()

    def resume(self) -> None:
        self.brains = storage.list_brains()   # training may have saved a new one
        self.selected = min(self.selected, max(0, len(self.brains) - 1))
        super().resume()

    # -- events ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and \
                event.ui_element is self.dialog:
            self.confirmed_delete()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.buttons[event.ui_element]()
            return True
        if self.dialog is not None and self.dialog.alive():
            return event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            table = self.table()
            index = (event.pos[1] - table.y - ROW) // ROW
            if table.collidepoint(event.pos) and 0 <= index < len(self.brains):
                self.selected = index
                self.renaming = False
                self.resize()
                return True
        if event.type == pygame.KEYDOWN:
            if self.renaming:
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                    self.finish_rename()
                    return True
                if event.key == pygame.K_ESCAPE:
                    self.cancel_rename()
                    return True
                return False
            moves = {pygame.K_UP: -1, pygame.K_DOWN: 1}
            if event.key in moves and self.brains:
                self.selected = (self.selected + moves[event.key]) % len(self.brains)
                self.resize()
                return True
            readable = self.current is not None and self.current.header is not None
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and readable:
                self.play()
                return True
            if event.key == pygame.K_t and readable:
                self.train()
                return True
            if event.key == pygame.K_i and readable:
                self.inspect()
                return True
            if event.key == pygame.K_F2 and readable:
                self.rename()
                return True
            if event.key == pygame.K_DELETE and self.current is not None:
                self.delete()
                return True
        return False

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        theme.text(surface, "Saved AIs", (theme.GAP * 2, 24), 30, theme.ACCENT, bold=True)
        theme.text(surface, f"in {storage.brains_dir()}", (theme.GAP * 2, 62), 14, theme.MUTED)
        table = self.table()
        theme.panel(surface, table)
        inner = table.width - 2 * theme.GAP
        for title, at in COLUMNS:
            theme.text(surface, title, (table.x + theme.GAP + at * inner, table.y + 8), 15,
                       theme.MUTED, bold=True)
        if not self.brains:
            theme.text(surface, "No saved AIs yet: train one (T on the menu) and save it.",
                       table.center, 18, theme.MUTED, anchor="center")
        visible = (table.height - ROW) // ROW
        first = max(0, self.selected - visible + 1)
        for row, info in enumerate(self.brains[first:first + visible]):
            index = first + row
            y = table.y + ROW + row * ROW
            if index == self.selected:
                pygame.draw.rect(surface, theme.PANEL_EDGE,
                                 pygame.Rect(table.x + 4, y, table.width - 8, ROW - 2),
                                 border_radius=6)
            cells = describe(info)
            colour = theme.ERROR if info.header is None else theme.TEXT
            for (title, at), cell in zip(COLUMNS, cells, strict=False):
                limit = inner * 0.9 if info.header is None and title == "Game" else inner * 0.21
                while cell and theme.font(15).size(cell)[0] > max(limit, 60):
                    cell = cell[:-2] + "…" if not cell.endswith("…") else cell[:-2] + "…"
                theme.text(surface, cell, (table.x + theme.GAP + at * inner, y + 6), 15, colour)
        if self.message:
            theme.text(surface, self.message, (theme.GAP * 2, h - 40), 16, theme.GOOD)
