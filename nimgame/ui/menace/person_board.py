"""The board of a game against the person on the MENACE screen: where it is drawn, a
click on a square, and the keys (arrows move a ring over the squares, Enter or Space
plays the ringed square, 1-9 a square counted from the top left). A move that places a
mark is one square; a pawn's, the pawn and then where it goes (`MenaceDesk.click_square`)."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from ...games.registry import kit_for
from ...session.menace_desk import MenaceDesk
from .. import theme
from ..board.scene import typed_digit
from ..widgets.fields import Field
from .drawing import board_grid, named_squares

#: The person's line under the boxes takes at most 1 + MORE_LINES lines.
MORE_LINES = 2


class PersonScreen(Protocol):
    """What the board needs of the screen (`MenaceScene` is one)."""

    desk: MenaceDesk
    busy: str
    charts: bool

    def say(self, message: str, ok: bool = False) -> None: ...

    def rebuild(self) -> None: ...

    def show_lit(self) -> None: ...

    def ended(self, played: Any) -> str: ...

    def main_area(self) -> pygame.Rect: ...


class PersonBoard:
    def __init__(self, screen: PersonScreen) -> None:
        self.screen = screen

    def click(self, square: int) -> None:
        """The person's click (or key) on a square of the board."""
        desk = self.screen.desk
        if desk.person is None or self.screen.busy:
            return
        try:
            played = desk.click_square(square)
        except ValueError as err:
            self.screen.say(str(err)[:1].upper() + str(err)[1:] + ".")
            return
        screen = self.screen
        picked = desk.person is not None and desk.person.picked is not None
        if not picked:   # a move was made: the page of MENACE's reply
            screen.show_lit()
        screen.say(screen.ended(played) + " G starts another." if played is not None else
                   "Now where it goes." if picked else "Your move.", ok=True)
        screen.rebuild()

    def square_at(self, pos: tuple[int, int]) -> int | None:
        area = self.area()
        if area is None or not area.collidepoint(pos):
            return None
        rect, cell = board_grid(self.screen.desk, area)
        if not rect.collidepoint(pos):
            return None
        _, cols = self.screen.desk.board_size()
        return int((pos[1] - rect.y) // cell * cols + (pos[0] - rect.x) // cell)

    def key(self, event: pygame.event.Event) -> bool:
        """Keys on the person's board: arrows move the ring, Enter or Space plays its
        square, 1-9 a square counted from the top left (where squares are numbered)."""
        desk = self.screen.desk
        person = desk.person
        if person is None:
            return False
        steps = {pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1), pygame.K_UP: (-1, 0),
                 pygame.K_DOWN: (1, 0)}
        if event.key in steps:
            desk.move_cursor(*steps[event.key])
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.click(person.cursor)
            return True
        number = typed_digit(event)
        if number and not named_squares(desk):   # where 1-3 name ranks, not squares
            self.click(number - 1)
            return True
        return False

    def how(self) -> str:
        """How the person moves, said as a game starts."""
        return ("Your move: click a pawn, then its square." if named_squares(self.screen.desk)
                else "Your move: click a square (or 1-9).")

    def typed(self, field: Field) -> None:
        """The move typed in `field` (as the game's kit reads moves), played; a move that
        cannot be read or played is said, and the field emptied."""
        screen, desk = self.screen, self.screen.desk
        if desk.person is None:
            return
        try:
            move = kit_for(desk.game).parse_move(desk.game, desk.person.state,
                                                 field.get_text())
        except ValueError as err:
            screen.say(str(err))
            field.set_text("")
            return
        played = desk.person_move(move)
        screen.show_lit()
        screen.say(screen.ended(played) + " G starts another." if played is not None else
                   "Your move.", ok=True)
        screen.rebuild()

    def lines(self, width: int) -> list[str]:
        """The line under the boxes in a game against the person (where it stands, who
        the person is, the goal) wrapped to `width`, on up to 1 + MORE_LINES lines (the
        last cut if it must); none without such a game."""
        if self.screen.desk.person is None:
            return []
        lines = theme.wrap(self.screen.desk.status_lines()[1], 14, width)
        if len(lines) > 1 + MORE_LINES:
            lines = [*lines[:MORE_LINES], " ".join(lines[MORE_LINES:])]
        return lines

    def area(self) -> pygame.Rect | None:
        """Where the board of a game against the person is drawn (right of the boxes)."""
        if self.screen.desk.choices.opponent != "You" or self.screen.charts:
            return None
        area = self.screen.main_area()
        side = min(area.height - 36, area.width * 2 // 5)
        return pygame.Rect(area.right - side, area.y + 36, side, side)
