"""The training screen's form: a widget for each of its `TrainingChoices` (the board, the
learner and its settings, the games and the opponent), kept in step with them. The scene
owns the form and lays it out; the form's widgets are the scene's (made through it)."""

from __future__ import annotations

from collections.abc import Iterable

import pygame
import pygame_gui

from ...games.kit import Menu
from ...typed import whole_number
from ..widgets.fields import Field
from ..widgets.form import FormRows
from ..widgets.owner import Widget, WidgetOwner
from .choices import (
    LEARNERS,
    MAX_GAMES,
    MIN_GAMES,
    OPPONENTS,
    STARTS,
    TrainingChoices,
    games_from_slider,
    slider_from_games,
)

LABEL_WIDTH, FIELD_WIDTH, ROW = 110, 300, 50
OWN = "own:"   # the form's key for a field of the game's own rules: "own:piles"
VALUE_WIDTH = 48   # a rate's value, written after its slider


def narrow(rect: pygame.Rect, width: int) -> pygame.Rect:
    """`rect` from its left edge, `width` wide."""
    return pygame.Rect(rect.x, rect.y, width, rect.height)


class TrainingForm:
    def __init__(self, scene: WidgetOwner, choices: TrainingChoices) -> None:
        self.scene, self.choices = scene, choices
        self.rows: FormRows | None = None       # the rows, once built
        self.entries: dict[str, Field] = {}     # the own rules' text fields, by key
        self.alpha_slider: pygame_gui.elements.UIHorizontalSlider | None = None
        self.epsilon_slider: pygame_gui.elements.UIHorizontalSlider | None = None
        self.games_slider: pygame_gui.elements.UIHorizontalSlider | None = None
        self.games_entry: Field | None = None

    def build(self, x: int, y: int, locked: bool, busy: bool, step: int = ROW) -> int:
        """Make the widgets from (x, y) down; where the form ends. `locked`: the board and
        learner cannot change (a run is going, or a saved brain goes on training); `busy`:
        nothing can. Rows are `step` apart."""
        scene, choices, manager = self.scene, self.choices, self.scene.manager
        rows = self.rows = FormRows(scene, x, y, LABEL_WIDTH, FIELD_WIDTH, step, 36)

        def add(widget: Widget, disabled: bool = locked) -> Widget:
            element: pygame_gui.core.UIElement = scene.add(widget)
            if disabled:
                element.disable()
            return widget

        def dropdown(key: str, label: str, options: Iterable[str],
                     disabled: bool = locked) -> None:
            rows.dropdown(key, label, options, getattr(choices, key),
                          enabled=not (disabled or busy))

        dropdown("preset", "Game", choices.presets)
        self.entries = {}
        game = choices.presets[choices.preset][0]
        for own in choices.own_fields():   # "your own rules": the game's fields
            shown = choices.own[game][own.key]
            if isinstance(own, Menu):
                rows.dropdown(OWN + own.key, own.label, own.words, shown,
                              enabled=not (locked or busy))
                continue
            limit = getattr(own, "limit", 6)
            place = rows.row(own.label)
            self.entries[own.key] = add(Field(narrow(place, 100) if limit <= 6 else place,
                                              manager, shown, limit=limit))
        dropdown("learner", "Learner", LEARNERS)
        self.alpha_slider = self.epsilon_slider = None
        if choices.kind == "q":   # the two rates on one row, each with its value after it
            field = rows.row("α, ε")
            half = (FIELD_WIDTH - 2 * VALUE_WIDTH) // 2
            self.alpha_slider = add(pygame_gui.elements.UIHorizontalSlider(
                narrow(field, half), choices.alpha, (0.05, 1.0), manager,
                click_increment=0.05))
            self.epsilon_slider = add(pygame_gui.elements.UIHorizontalSlider(
                pygame.Rect(field.x + half + VALUE_WIDTH, field.y, half, field.height),
                choices.epsilon, (0.0, 1.0), manager, click_increment=0.05))
        field = rows.row("Games")
        self.games_slider = add(pygame_gui.elements.UIHorizontalSlider(
            narrow(field, field.width - 110),
            slider_from_games(choices.games), (0, 100), manager), busy)
        self.games_entry = add(Field(pygame.Rect(field.right - 100, field.y, 100, 36), manager,
                                     f"{choices.games}", limit=12), busy)
        dropdown("opponent", "Opponent", OPPONENTS, disabled=busy)
        dropdown("starts", "Starts", STARTS, disabled=busy)
        return rows.y

    def handle(self, event: pygame.event.Event) -> bool:
        """Keep the choices in step with the widget `event` changed (True if it was ours)."""
        choices, element = self.choices, getattr(event, "ui_element", None)
        chose = self.rows.chose(event) if self.rows is not None else None
        if chose is not None:
            if chose.key.startswith(OWN):   # one of the game's own rules
                choices.own[choices.presets[choices.preset][0]][chose.key[len(OWN):]] = \
                    chose.text
            else:
                setattr(choices, chose.key, chose.text)
            self.scene.rebuild()   # rows come and go
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and element is not None:
            value = float(element.get_current_value())
            if element is self.alpha_slider:
                choices.alpha = max(0.05, value)
            elif element is self.epsilon_slider:
                choices.epsilon = value
            elif element is self.games_slider and self.games_entry is not None:
                choices.games = games_from_slider(value)
                self.games_entry.set_text(str(choices.games))
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and element is not None and \
                (element is self.games_entry or element in self.entries.values()):
            text = element.get_text()
            if element is not self.games_entry:
                key = next(k for k, entry in self.entries.items() if entry is element)
                choices.own[choices.presets[choices.preset][0]][key] = text
            else:
                try:
                    choices.games = whole_number(text, MIN_GAMES, MAX_GAMES, "Games")
                except ValueError:
                    return True   # said on Start
                if self.games_slider is not None:   # the slider follows what is typed
                    self.games_slider.set_current_value(slider_from_games(choices.games))
        else:
            return False
        return True
