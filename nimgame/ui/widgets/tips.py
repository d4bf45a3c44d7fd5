"""Tooltips over places a scene draws itself (a form's labels, a chart's legend), where
pygame_gui has no element to hang one on: the scene names each place and its words as it
draws, and a tooltip shows once the pointer has rested on one for `DELAY` seconds."""

from __future__ import annotations

import html

import pygame
import pygame_gui

from .owner import WidgetOwner

#: Seconds the pointer rests on a place before its words show (pygame_gui's own: 1 s).
DELAY = 0.6


class HoverTips:
    def __init__(self, owner: WidgetOwner) -> None:
        self.owner = owner
        self.places: list[tuple[pygame.Rect, str]] = []
        self.pointer: tuple[int, int] | None = None   # where the mouse last moved to
        self.resting = 0.0                            # seconds on the place under it
        self.under: str | None = None                 # the words of the place under it
        self.shown: pygame_gui.elements.UITooltip | None = None

    def begin(self) -> None:
        """Forget the places: the scene names them again as it draws this frame."""
        self.places = []

    def place(self, rect: pygame.Rect, words: str) -> None:
        """`words` show over `rect` (the place named last wins where places overlap)."""
        self.places.append((pygame.Rect(rect), words))

    def see(self, event: pygame.event.Event) -> None:
        """Follow the pointer (call with every event the scene gets)."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = tuple(event.pos)
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.hide()   # a click or a key: the person is doing, not reading
            self.resting = 0.0

    def words_at(self, pos: tuple[int, int] | None) -> str | None:
        if pos is None:
            return None
        return next((words for rect, words in reversed(self.places)
                     if rect.collidepoint(pos)), None)

    def update(self, dt: float, paused: bool = False) -> None:
        """After `dt` seconds: show the words of the place the pointer rests on, or hide
        them once it leaves (`paused`: show nothing, as while a menu is open)."""
        words = None if paused else self.words_at(self.pointer)
        if words != self.under:
            self.hide()
            self.under, self.resting = words, 0.0
            return
        if words is None or self.shown is not None and self.shown.alive():
            return
        self.resting += dt
        if self.resting >= DELAY and self.pointer is not None:
            self.show(words, self.pointer)

    def show(self, words: str, at: tuple[int, int]) -> None:
        width = min(420, self.owner.size[0] - 40)
        self.shown = self.owner.add(pygame_gui.elements.UITooltip(
            html.escape(words), (0, 14), self.owner.manager, wrap_width=width))
        self.shown.find_valid_position(pygame.math.Vector2(at))

    def hide(self) -> None:
        if self.shown is not None:
            self.shown.kill()
            self.shown = None

    @property
    def showing(self) -> str | None:
        """The words shown now, if any."""
        return self.under if self.shown is not None and self.shown.alive() else None
