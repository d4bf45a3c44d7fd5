"""The MENACE screen's left column, built as a form: the game, the preset, beads per
stage, incentives, the four switches (symmetry, resigning, last bead only, forced-move
boxes), MENACE's side and its opponent; the buttons under them, each saying its key."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Protocol

import pygame
import pygame_gui

from ...session.menace_desk import (
    GAME_WORDS,
    OPPONENTS,
    PRESET_NAMES,
    MenaceChoices,
    MenaceDesk,
)
from .. import theme
from ..widgets.fields import Field
from ..widgets.form import FormRows
from ..widgets.owner import WidgetOwner

#: Games "fast" plays.
FAST_GAMES = 500
#: The form's labels' column ("W / D / L", "MENACE" and room after them).
LABEL_WIDTH = 68
SIDE_WORDS = ("moves first", "moves second")


class FormHost(WidgetOwner, Protocol):
    """What the form needs of the screen (`MenaceScene` is one)."""

    desk: MenaceDesk
    busy: str
    charts: bool
    rival: bool
    rows: FormRows | None
    fields: dict[str, Field]

    @property
    def manager(self) -> pygame_gui.UIManager: ...

    def left(self) -> int: ...

    def button(self, rect: pygame.Rect, text: str, action: Callable[[], Any], *,
               primary: bool = False, enabled: bool = True,
               tooltip: str | None = None) -> pygame_gui.elements.UIButton: ...

    def toggle(self, name: str) -> None: ...

    def new_menace(self, read: bool = True) -> bool: ...

    def one_game(self) -> None: ...

    def fast(self) -> None: ...

    def start_tournament(self) -> None: ...

    def export_labels(self) -> None: ...

    def toggle_charts(self) -> None: ...

    def stop_or_back(self) -> None: ...

    def toggle_rival(self) -> None: ...

    def build_main(self, person: bool) -> None: ...


def build_form(scene: FormHost) -> None:
    """The screen's left column: the game, preset, beads, incentives, the switches, the
    side and opponent as a form; the buttons under it; then the main area's."""
    choices, busy = scene.desk.choices, bool(scene.busy)
    x, width = theme.GAP, scene.left()
    small = scene.size[1] < 700
    step, height = (34, 30) if small else (46, 36)
    rows = scene.rows = FormRows(scene, x, 66, LABEL_WIDTH, width - LABEL_WIDTH, step,
                                 height)
    game_word = next(k for k, v in GAME_WORDS.items() if v == choices.game)
    rows.dropdown("game", "Game", GAME_WORDS, game_word, enabled=not busy)
    presets = list(PRESET_NAMES) + (["Your own"] if choices.preset == "Your own" else [])
    rows.dropdown("preset", "Preset", presets, choices.preset, enabled=not busy)
    scene.fields = {}
    place = rows.row("Beads")
    scene.fields["beads"] = scene.add(Field(place, scene.manager, choices.beads, limit=40))
    place = rows.row("W / D / L")
    third = (place.width - 12) // 3
    for i, key in enumerate(("win", "draw", "loss")):
        scene.fields[key] = scene.add(Field(pygame.Rect(place.x + i * (third + 6), place.y,
                                                      third, place.height),
                                          scene.manager, getattr(choices, key), limit=6))
    place = rows.row("Rules")
    half = (place.width - 6) // 2
    switch_row(scene, place, half, busy)
    place = rows.row("Learn")
    scene.button(pygame.Rect(place.x, place.y, half, place.height),
                f"Last {'on' if choices.last_only else 'off'}  L",
                partial(scene.toggle, "last_only"), enabled=not busy,
                tooltip="Last bead only (L): the result changes only the bead of the "
                        "machine's last move (Gardner's HER)")
    scene.button(pygame.Rect(place.x + half + 6, place.y, half, place.height),
                f"Forced {'on' if choices.forced else 'off'}  K",
                partial(scene.toggle, "forced"), enabled=not busy,
                tooltip="Forced-move boxes (K): a box also where only one move is legal "
                        "(off: that move is made without one, as Michie did)")
    rows.dropdown("side", "MENACE", SIDE_WORDS, SIDE_WORDS[choices.side], enabled=not busy)
    rows.dropdown("opponent", "Against", OPPONENTS, choices.opponent, enabled=not busy)
    action_buttons(scene, x, width, height, rows.y + 4, busy)


def switch_row(scene: FormHost, place: pygame.Rect, half: int, busy: bool) -> None:
    choices = scene.desk.choices
    scene.button(pygame.Rect(place.x, place.y, half, place.height),
                f"Sym. {'on' if choices.symmetry else 'off'}  Y",
                partial(scene.toggle, "symmetry"), enabled=not busy,
                tooltip="Symmetry: one box for positions the same up to rotation "
                        "and reflection")
    scene.button(pygame.Rect(place.x + half + 6, place.y, half, place.height),
                f"Resign {'on' if choices.resigns else 'off'}  E",
                partial(scene.toggle, "resigns"), enabled=not busy,
                tooltip="An empty box resigns (off: a loss never takes a box's last bead)")


def action_buttons(scene: FormHost, x: int, width: int, height: int, y: int, busy: bool
               ) -> None:
    for field in scene.fields.values():
        if busy:
            field.disable()
    choices = scene.desk.choices
    person = choices.opponent == "You"
    buttons: list[list[tuple[str, Callable[[], Any], bool]]] = [
        [("New MENACE  N", scene.new_menace, not busy),
         ("New game  G" if person else "One game  G", scene.one_game, not busy)],
        [(f"{FAST_GAMES} games  F", scene.fast, not busy and not person),
         ("Tournament  T", scene.start_tournament, not busy)],
        [("Labels PDF  P", scene.export_labels, not busy),
         ("Boxes  C" if scene.charts else "Charts  C", scene.toggle_charts, True)],
        [("Stop  Esc" if busy else "Back  Esc", scene.stop_or_back, True)]
        + ([("Second's boxes  V" if not scene.rival else "First's boxes  V",
             scene.toggle_rival, True)] if choices.opponent == "Second MENACE" else [])]
    bh = height + 2
    for row in buttons:
        wide = (width - 6 * (len(row) - 1)) // len(row)
        for i, (text, action, enabled) in enumerate(row):
            scene.button(pygame.Rect(x + i * (wide + 6), y, wide, bh), text, action,
                        enabled=enabled)
        y += bh + 6
    scene.build_main(person)


def next_entry(choices: MenaceChoices, key: str) -> str:
    """The entry after the one chosen in the drop-down `key` ("game", "preset", "side" or
    "opponent"), the first after the last: what its letter's key chooses."""
    options: list[str]
    if key == "game":
        options = list(GAME_WORDS)
        now = next(k for k, v in GAME_WORDS.items() if v == choices.game)
    elif key == "preset":
        options, now = list(PRESET_NAMES), choices.preset
    elif key == "side":
        options, now = list(SIDE_WORDS), SIDE_WORDS[choices.side]
    else:
        options, now = list(OPPONENTS), choices.opponent
    index = options.index(now) if now in options else -1
    return options[(index + 1) % len(options)]
