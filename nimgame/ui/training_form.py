"""The training screen's form: a widget for each of its `TrainingChoices` (the board, the
learner and its settings, the games and the opponent), kept in step with them. The scene
owns the form and lays it out; the form's widgets are the scene's (made through it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ..typed import whole_number
from .choices import CAPS, PILES_LIMIT, PLAY
from .fields import Field
from .training_choices import (
    CUSTOM,
    CUSTOM_STICKS,
    LEARNERS,
    MAX_GAMES,
    MIN_GAMES,
    OPPONENTS,
    TrainingChoices,
    games_from_slider,
    slider_from_games,
)

if TYPE_CHECKING:
    from .scene import Scene

LABEL_WIDTH, FIELD_WIDTH, ROW = 110, 300, 50


class TrainingForm:
    def __init__(self, scene: Scene, choices: TrainingChoices) -> None:
        self.scene, self.choices = scene, choices
        self.rows: list[tuple[str, int]] = []   # (label, y) of each row, for drawing
        self.controls: dict[pygame_gui.elements.UIDropDownMenu, str] = {}
        self.piles_entry: Field | None = None
        self.sticks_entry: Field | None = None
        self.alpha_slider: pygame_gui.elements.UIHorizontalSlider | None = None
        self.epsilon_slider: pygame_gui.elements.UIHorizontalSlider | None = None
        self.games_slider: pygame_gui.elements.UIHorizontalSlider | None = None
        self.games_entry: Field | None = None

    def build(self, x: int, y: int, locked: bool, busy: bool) -> int:
        """Make the widgets from (x, y) down; where the form ends. `locked`: the board and
        learner cannot change (a run is going, or a saved brain goes on training); `busy`:
        nothing can."""
        scene, choices, manager = self.scene, self.choices, self.scene.manager
        left, width = x + LABEL_WIDTH, FIELD_WIDTH
        self.rows, self.controls = [], {}

        def row(label: str) -> int:
            nonlocal y
            self.rows.append((label, y))
            y += ROW
            return y - ROW

        def add(widget, disabled: bool = locked):
            scene.add(widget)
            if disabled:
                widget.disable()
            return widget

        def dropdown(key: str, label: str, options, disabled: bool = locked) -> None:
            menu = add(pygame_gui.elements.UIDropDownMenu(
                list(options), getattr(choices, key),
                pygame.Rect(left, row(label), width, 36), manager), disabled or busy)
            self.controls[menu] = key

        dropdown("preset", "Game", choices.presets)
        self.piles_entry = self.sticks_entry = None
        if choices.preset == CUSTOM:
            self.piles_entry = add(Field(pygame.Rect(left, row("Piles"), width, 36), manager,
                                         choices.custom_piles, limit=PILES_LIMIT))
            dropdown("custom_play", "Play", PLAY)
            dropdown("custom_cap", "Cap", CAPS)
        if choices.preset == CUSTOM_STICKS:
            self.sticks_entry = add(Field(pygame.Rect(left, row("Sticks"), 100, 36), manager,
                                          choices.custom_sticks, limit=6))
        dropdown("learner", "Learner", LEARNERS)
        self.alpha_slider = self.epsilon_slider = None
        if choices.kind == "q":
            self.alpha_slider = add(pygame_gui.elements.UIHorizontalSlider(
                pygame.Rect(left, row("Alpha"), width - 60, 36), choices.alpha, (0.05, 1.0),
                manager, click_increment=0.05))
            self.epsilon_slider = add(pygame_gui.elements.UIHorizontalSlider(
                pygame.Rect(left, row("Epsilon"), width - 60, 36), choices.epsilon,
                (0.0, 1.0), manager, click_increment=0.05))
        top = row("Games")
        self.games_slider = add(pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(left, top, width - 110, 36), slider_from_games(choices.games),
            (0, 100), manager), busy)
        self.games_entry = add(Field(pygame.Rect(left + width - 100, top, 100, 36), manager,
                                     f"{choices.games}", limit=12), busy)
        dropdown("opponent", "Opponent", OPPONENTS, disabled=busy)
        return y

    def handle(self, event: pygame.event.Event) -> bool:
        """Keep the choices in step with the widget `event` changed (True if it was ours)."""
        choices, element = self.choices, getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and element in self.controls:
            setattr(choices, self.controls[element], event.text)
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
                element in (self.sticks_entry, self.piles_entry, self.games_entry):
            text = element.get_text()
            if element is self.sticks_entry:
                choices.custom_sticks = text
            elif element is self.piles_entry:
                choices.custom_piles = text
            else:
                try:
                    choices.games = whole_number(text, MIN_GAMES, MAX_GAMES, "Games")
                except ValueError:
                    pass  # said on Start
        else:
            return False
        return True
