"""KUET's end of rounds: each strategy's win array, its fitness, and the one selected; the
person's own score and, from the boards played, why NimX lost what it lost."""

from __future__ import annotations

import pygame

from ... import kuet
from ...session import MatchSetup
from .. import theme
from ..scene import SceneHost
from ..widgets.dialog import Dialog


class KuetResults(Dialog):
    button_text = "Back to the menu"
    button_width = 260

    def __init__(self, app: SceneHost, setup: MatchSetup) -> None:
        super().__init__(app)
        self.setup = setup
        self.selected = kuet.selection(setup.round_results) if setup.round_results else None

    def box(self) -> pygame.Rect:
        w, h = self.size
        rect = pygame.Rect(0, 0, min(680, w - 40), min(520, h - 40))
        rect.center = (w // 2, h // 2)
        return rect

    def closed(self) -> None:
        self.app.home()   # "Back to the menu": past the board and the set-up

    def draw_content(self, surface: pygame.Surface, box: pygame.Rect) -> None:
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
        theme.text(surface, kuet.score_text(self.setup.round_results), (x, y), 20,
                   theme.TEXT, bold=True)
        y += 34
        if len(self.setup.round_results) < 2:
            theme.text(surface, "Genetic algorithm is not applicable in Easy mode.", (x, y), 18,
                       theme.MUTED)
            y += 30
        elif self.selected is not None:
            theme.text(surface, f"Selected algorithm: {self.selected.algorithm}", (x, y), 22,
                       theme.GOOD, bold=True)
            theme.text(surface, f"Selected chromosome: {self.selected.chromosome}, fitness "
                       f"{self.selected.fitness:.2f} (the fittest)", (x, y + 34), 16,
                       theme.MUTED, width=box.right - 28 - x)
            for i, line in enumerate(theme.wrap(f"{self.selected.how}.", 16,
                                                box.right - 28 - x)[:2]):
                theme.text(surface, line, (x, y + 58 + 21 * i), 16, theme.MUTED)
            y += 58 + 21 * 2
        else:
            y += 30
        boards = [tuple(board.piles) for board in self.setup.round_boards
                  if hasattr(board, "piles")]
        if boards:   # why, from the boards played (the person always moves first)
            for line in theme.wrap(kuet.why_nimx_loses(boards), 16, box.right - 28 - x)[:4]:
                theme.text(surface, line, (x, y), 16)
                y += 21
