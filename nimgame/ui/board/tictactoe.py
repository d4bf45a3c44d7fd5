"""Tic-Tac-Toe: click a square or press 1 to 9 (numbered like a phone, from the top left)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from ...games.tictactoe import EMPTY, winning_line
from ...session import MatchSetup
from .. import theme
from ..scene import SceneHost
from .presenter import ANIMATION_SECONDS
from .scene import BoardScene, MoveValue, typed_digit
from .value_colours import ink_on


class TicTacToeBoard(BoardScene):
    move_sound = "place"
    has_value_map = True

    @classmethod
    def value_map_grid(cls, area: pygame.Rect) -> tuple[pygame.Rect, int]:
        cell = min(area.width, area.height) // 3
        rect = pygame.Rect(0, 0, cell * 3, cell * 3)
        rect.midtop = area.midtop
        return rect, cell

    @classmethod
    def value_map_move(cls, area: pygame.Rect, pos: tuple[int, int]) -> Any | None:
        rect, cell = cls.value_map_grid(area)
        if not rect.collidepoint(pos):
            return None
        return ((pos[1] - rect.y) // cell, (pos[0] - rect.x) // cell)

    @classmethod
    def draw_value_map(cls, surface: pygame.Surface, area: pygame.Rect, state: Any,
                       values: Mapping[Any, MoveValue]) -> pygame.Rect:
        """Each free square in its value's colour, with the number, where it comes from and
        the exact verdict in words; the marks; the grid."""
        rect, cell = cls.value_map_grid(area)
        for i in range(9):
            move = divmod(i, 3)
            square = pygame.Rect(rect.x + move[1] * cell, rect.y + move[0] * cell, cell, cell)
            mark = state[i]
            if move in values:
                value = values[move]
                tile = square.inflate(-8, -8)
                ink = ink_on(value.colour)
                pygame.draw.rect(surface, value.colour, tile, border_radius=8)
                big, small = max(18, min(36, cell // 6)), max(12, min(22, cell // 10))
                theme.text(surface, value.score, tile.center, big, ink, bold=True,
                           anchor="center", width=tile.width - 8)
                if value.detail:
                    theme.text(surface, value.detail, (tile.centerx, tile.y + 6), small, ink,
                               anchor="midtop", width=tile.width - 8)
                theme.text(surface, value.verdict, (tile.centerx, tile.bottom - 6), small + 1,
                           ink, bold=True, anchor="midbottom", width=tile.width - 8)
                if value.framed:
                    pygame.draw.rect(surface, theme.TEXT, square.inflate(-2, -2),
                                     max(3, cell // 24), border_radius=10)
            elif mark != EMPTY:
                theme.text(surface, mark, square.center, cell // 2,
                           theme.ACCENT if mark == "X" else theme.SECOND, bold=True,
                           anchor="center")
        for k in (1, 2):
            pygame.draw.line(surface, theme.MUTED, (rect.x + k * cell, rect.y),
                             (rect.x + k * cell, rect.bottom), 3)
            pygame.draw.line(surface, theme.MUTED, (rect.x, rect.y + k * cell),
                             (rect.right, rect.y + k * cell), 3)
        return rect

    @classmethod
    def draw_position(cls, surface: pygame.Surface, area: pygame.Rect, state: Any) -> None:
        """The grid with its marks drawn as on the board, each free square's number
        where there is room."""
        cell = min(area.width, area.height) // 3
        rect = pygame.Rect(0, 0, cell * 3, cell * 3)
        rect.center = area.center
        width = max(2, cell // 14)
        for i in range(9):
            r, c = divmod(i, 3)
            square = pygame.Rect(rect.x + c * cell, rect.y + r * cell, cell, cell)
            size = int(cell * 0.3)
            if state[i] == "X":
                cx, cy = square.center
                pygame.draw.line(surface, theme.ACCENT, (cx - size, cy - size),
                                 (cx + size, cy + size), width)
                pygame.draw.line(surface, theme.ACCENT, (cx - size, cy + size),
                                 (cx + size, cy - size), width)
            elif state[i] != EMPTY:
                pygame.draw.circle(surface, theme.SECOND, square.center, size, width)
            elif cell >= 40:
                theme.text(surface, str(i + 1), (square.x + 6, square.y + 4),
                           max(12, min(14, cell // 6)), theme.MUTED)
        for k in (1, 2):
            pygame.draw.line(surface, theme.MUTED, (rect.x + k * cell, rect.y + 2),
                             (rect.x + k * cell, rect.bottom - 2), max(1, width // 2 + 1))
            pygame.draw.line(surface, theme.MUTED, (rect.x + 2, rect.y + k * cell),
                             (rect.right - 2, rect.y + k * cell), max(1, width // 2 + 1))

    def __init__(self, app: SceneHost, setup: MatchSetup) -> None:
        self.hover: int | None = None
        super().__init__(app, setup)

    def grid(self) -> tuple[pygame.Rect, int]:
        board = self.board_rect()
        side = min(board.width, board.height) - 2 * theme.GAP
        cell = side // 3
        rect = pygame.Rect(0, 0, cell * 3, cell * 3)
        rect.center = board.center
        return rect, cell

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        rect, cell = self.grid()
        if not rect.collidepoint(pos):
            return None
        row, column = (pos[1] - rect.y) // cell, (pos[0] - rect.x) // cell
        return int(row * 3 + column)

    def seat_marker(self, index: int) -> str:
        return "XO"[index] + "  "

    def handle_board_event(self, event: pygame.event.Event) -> bool:
        presenter = self.presenter
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.cell_at(event.pos) if presenter.humans_turn else None
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.cell_at(event.pos)
            if index is None or presenter.over or presenter.state[index] != EMPTY:
                return index is not None  # a full square or a finished game: nothing happens
            presenter.human_move(divmod(index, 3))
            return True
        number = typed_digit(event)
        if number:
            index = number - 1
            if not presenter.over:   # a square taken: the engine says so
                presenter.human_move(divmod(index, 3))
            return True
        return False

    def draw_board(self, surface: pygame.Surface, board: pygame.Rect) -> None:
        rect, cell = self.grid()
        presenter = self.presenter
        state = presenter.state
        line = winning_line(state)
        hinted = [tuple(move) for move in presenter.advice.hinted_moves()]   # framed
        for i in range(9):
            r, c = divmod(i, 3)
            square = pygame.Rect(rect.x + c * cell, rect.y + r * cell, cell, cell)
            chosen = presenter.previewed()
            if (self.hover == i and presenter.humans_turn and state[i] == EMPTY) or (
                    chosen is not None and divmod(i, 3) == tuple(chosen)):
                pygame.draw.rect(surface, theme.PANEL_EDGE, square.inflate(-8, -8),
                                 border_radius=8)
            if divmod(i, 3) in hinted:   # inside the grid lines, around the square's number
                pygame.draw.rect(surface, theme.GOOD, square.inflate(-16, -16), width=3,
                                 border_radius=10)
            mark = state[i]
            if mark == EMPTY:
                theme.text(surface, str(i + 1), (square.x + 16, square.y + 12), 14, theme.MUTED)
                continue
            grow = 1.0
            animation = presenter.animation
            if animation is not None and divmod(i, 3) == animation[1]:
                grow = 0.4 + 0.6 * animation[2] / ANIMATION_SECONDS
            size = int(cell * 0.3 * grow)
            width = max(4, cell // 14)
            if mark == "X":
                cx, cy = square.center
                pygame.draw.line(surface, theme.ACCENT, (cx - size, cy - size),
                                 (cx + size, cy + size), width)
                pygame.draw.line(surface, theme.ACCENT, (cx - size, cy + size),
                                 (cx + size, cy - size), width)
            else:
                pygame.draw.circle(surface, theme.SECOND, square.center, size, width)
        for k in (1, 2):
            pygame.draw.line(surface, theme.MUTED, (rect.x + k * cell, rect.y + 6),
                             (rect.x + k * cell, rect.bottom - 6), 3)
            pygame.draw.line(surface, theme.MUTED, (rect.x + 6, rect.y + k * cell),
                             (rect.right - 6, rect.y + k * cell), 3)
        if line is not None:
            def centre(i: int) -> tuple[int, int]:
                r, c = divmod(i, 3)
                return (rect.x + c * cell + cell // 2, rect.y + r * cell + cell // 2)
            pygame.draw.line(surface, theme.GOOD, centre(line[0]), centre(line[2]),
                             max(6, cell // 10))
