"""KUET's end of rounds: each strategy's win array, its fitness, and the one selected."""

from __future__ import annotations

import pygame
import pygame_gui

from .. import kuet
from . import theme
from .match import MatchSetup
from .scene import Scene


class KuetResults(Scene):
    overlay = True

    def __init__(self, app, setup: MatchSetup) -> None:
        super().__init__(app)
        self.setup = setup
        self.selected = kuet.selection(setup.round_results) if setup.round_results else None

    def box(self) -> pygame.Rect:
        w, h = self.size
        rect = pygame.Rect(0, 0, min(640, w - 80), min(420, h - 80))
        rect.center = (w // 2, h // 2)
        return rect

    def build(self) -> None:
        box = self.box()
        self.close = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(box.centerx - 110, box.bottom - 64, 220, 44), "Back to the menu",
            self.manager, object_id="#primary"))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.close) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN,
                                                               pygame.K_KP_ENTER)):
            self.app.pop()   # the results
            self.app.pop()   # the board
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN) \
            and not (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE)

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(self.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        box = self.box()
        theme.panel(surface, box)
        x, y = box.x + 28, box.y + 24
        theme.text(surface, "NimX's results", (box.centerx, y), 28, theme.ACCENT, bold=True,
                   anchor="midtop")
        y += 56
        theme.text(surface, "1 = NimX won, 0 = NimX lost", (x, y), 15, theme.MUTED)
        y += 32
        for name, chromosome in self.setup.round_results.items():
            theme.text(surface, f"{name} chromosome (wins): {chromosome}", (x, y), 20)
            theme.text(surface, f"fitness {kuet.fitness(chromosome):.2f}",
                       (box.right - 28, y), 20, theme.TEXT, anchor="topright")
            y += 34
        y += 12
        if len(self.setup.round_results) < 2:
            theme.text(surface, "Genetic algorithm is not applicable in Easy mode.", (x, y), 18,
                       theme.MUTED)
        elif self.selected is not None:
            theme.text(surface, f"Selected algorithm: {self.selected.algorithm}", (x, y), 22,
                       theme.GOOD, bold=True)
            theme.text(surface, f"Selected chromosome: {self.selected.chromosome}, fitness "
                       f"{self.selected.fitness:.2f} (the fittest; the first of equals)",
                       (x, y + 34), 16, theme.MUTED)
