"""The Game of Sticks: upright rods. Hover one of the last three to see what a click takes;
keys 1 to 3 take that many."""

from __future__ import annotations

from typing import Any

import pygame

from ...games.base import AnyGame
from ...games.sticks.kit import typed_sticks
from ...session import MatchSetup
from .. import theme
from ..scene import SceneHost
from .presenter import ANIMATION_SECONDS
from .scene import BoardScene, typed_digit

PER_ROW = 25
LABEL_ROOM = 36  # below the sticks: how many are left
KEYS_ROOM = 20   # above them: what the keys do


class SticksBoard(BoardScene):
    @classmethod
    def cannot_show(cls, game: AnyGame) -> str | None:
        """The heaps the set-up screen offers are what a board shows: 10 to 100."""
        try:
            typed_sticks(str(game.rules()["sticks"]))
        except ValueError as err:
            return str(err)
        return None

    @classmethod
    def draw_position(cls, surface: pygame.Surface, area: pygame.Rect, state: Any) -> None:
        """The sticks left as upright rods, 25 to a row, how many written under them
        where there is room."""
        left = state.sticks
        size = max(10, min(18, area.height // 5))
        room = area.height - (size + 4 if area.height >= 48 else 0)
        rows = max(1, (left + PER_ROW - 1) // PER_ROW)
        per_row = max(1, min(left, PER_ROW))
        step = min(room * 0.4, area.width / per_row)
        row_h = room / rows
        width, height = max(1, int(step * 0.45)), max(2, int(row_h * 0.8))
        x0 = area.x + (area.width - per_row * step) / 2
        for index in range(left):
            row, col = divmod(index, PER_ROW)
            rect = pygame.Rect(int(x0 + col * step + (step - width) / 2),
                               int(area.y + row * row_h + (row_h - height) / 2), width, height)
            pygame.draw.rect(surface, theme.ACCENT, rect, border_radius=min(3, width // 2))
        if room < area.height:
            theme.text(surface, f"{left} left", (area.centerx, area.bottom), size, theme.TEXT,
                       bold=True, anchor="midbottom", width=area.width)

    def __init__(self, app: SceneHost, setup: MatchSetup) -> None:
        self.hover: int | None = None   # how many sticks a click would take
        super().__init__(app, setup)

    def stick_rect(self, index: int) -> pygame.Rect:
        board = self.board_rect()
        total = self.presenter.game.sticks
        rows = (total + PER_ROW - 1) // PER_ROW
        per_row = min(total, PER_ROW)
        step = min(40, (board.width - 2 * theme.GAP) / per_row)
        usable = board.height - 2 * theme.GAP - LABEL_ROOM - KEYS_ROOM
        row_h = min(170, usable / rows)
        width = max(4, int(step * 0.45))
        height = int(row_h * 0.78)
        left = board.x + (board.width - per_row * step) / 2
        top = board.y + theme.GAP + KEYS_ROOM + (usable - rows * row_h) / 2
        row, col = divmod(index, PER_ROW)
        return pygame.Rect(int(left + col * step + (step - width) / 2),
                           int(top + row * row_h + (row_h - height) / 2), width, height)

    def take_at(self, pos: tuple[int, int]) -> int | None:
        """What a click at `pos` takes: the stick there and every one after it, if the
        rules allow taking that many."""
        game, state = self.presenter.game, self.presenter.state
        for index in range(state.sticks - 1, -1, -1):
            if self.stick_rect(index).inflate(10, 10).collidepoint(pos):
                take = game.take_from(state, index)
                return take if game.why_illegal(state, take) is None else None
        return None

    def handle_board_event(self, event: pygame.event.Event) -> bool:
        presenter = self.presenter
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.take_at(event.pos) if presenter.humans_turn else None
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            take = self.take_at(event.pos)
            if take is None:
                if presenter.humans_turn and self.board_rect().collidepoint(event.pos):
                    most = presenter.game.max_take
                    presenter.tell(f"Click one of the last {most} sticks, or press 1 to "
                                   f"{most}.", error=True)
                return False
            if presenter.human_move(take):
                self.hover = None
            return True
        number = typed_digit(event)
        if number is not None:
            presenter.human_move(number)   # the rules say if it is too many
            return True
        return False

    def draw_board(self, surface: pygame.Surface, board: pygame.Rect) -> None:
        presenter = self.presenter
        left = presenter.state.sticks
        take = self.hover if presenter.humans_turn else presenter.previewed()
        hinted = presenter.advice.hinted()   # the hint's sticks, outlined
        for index in range(left):
            rect = self.stick_rect(index)
            colour = theme.TAKE if take is not None and index >= left - take else theme.ACCENT
            pygame.draw.rect(surface, theme.ACCENT_DARK, rect.move(2, 2), border_radius=3)
            pygame.draw.rect(surface, colour, rect, border_radius=3)
            if hinted is not None and index >= left - hinted:
                pygame.draw.rect(surface, theme.GOOD, rect.inflate(8, 8), width=3,
                                 border_radius=5)
        if presenter.animation is not None:
            before, move, t = presenter.animation
            fade = 1 - t / ANIMATION_SECONDS
            for index in range(before.sticks - move, before.sticks):
                rect = self.stick_rect(index)
                shrunk = rect.inflate(0, -int(rect.height * (1 - fade)))
                pygame.draw.rect(surface, theme.TAKE, shrunk, width=2, border_radius=3)
        theme.text(surface, f"{left} stick{'s' * (left != 1)} left",
                   (board.centerx, board.bottom - theme.GAP), 20, theme.TEXT, bold=True,
                   anchor="midbottom")
        if presenter.humans_turn:   # what the keys do, above the sticks (as Nim's board says)
            most = min(presenter.game.max_take, left)
            theme.text(surface, f"Keys: 1 to {most} takes that many" if most > 1 else
                       "Key: 1 takes the last", (board.x + theme.GAP, board.y + theme.GAP),
                       14, theme.MUTED, width=board.width - 2 * theme.GAP)
