"""Nim: piles as rows of stones. Hover a stone to see what a click takes (that stone to
the end of its pile); keys: a pile number, then a count, then Enter."""

from __future__ import annotations

from typing import Any

import pygame

from ...games.base import AnyGame
from ...games.nim.kit import custom_piles
from ...session import MatchSetup
from .. import theme
from ..scene import SceneHost
from .presenter import ANIMATION_SECONDS
from .scene import BoardScene, typed_digit

LABEL_WIDTH = 110
#: Room under the piles for the line saying what typing does.
PROMPT_ROOM = 22


class NimBoard(BoardScene):
    @classmethod
    def cannot_show(cls, game: AnyGame) -> str | None:
        """The piles a person may type on the set-up screen are what a board shows."""
        try:
            custom_piles(", ".join(map(str, game.rules()["piles"])))
        except ValueError as err:
            return str(err)
        return None

    @classmethod
    def draw_position(cls, surface: pygame.Surface, area: pygame.Rect, state: Any) -> None:
        """The piles as rows of stones, each row's count before it where a row is tall
        enough for a readable number (12 px at least); else the stones alone."""
        piles = state.piles
        row_h = area.height / max(1, len(piles))
        size = max(12, min(18, int(row_h * 0.6)))
        labelled = row_h >= 12
        label = theme.font(size, True).size(str(max(piles, default=0)))[0] + 6 \
            if labelled else 0
        step = min(row_h * 0.9, (area.width - label) / max(1, max(piles, default=0)))
        radius = max(1, int(step * 0.4))
        for p, stones in enumerate(piles):
            y = int(area.y + (p + 0.5) * row_h)
            if labelled:
                theme.text(surface, str(stones), (area.x + label - 6, y), size, theme.MUTED,
                           bold=True, anchor="midright")
            for index in range(stones):
                centre = (int(area.x + label + (index + 0.5) * step), y)
                if radius >= 3:
                    pygame.draw.circle(surface, theme.ACCENT_DARK, (centre[0], centre[1] + 1),
                                       radius)
                pygame.draw.circle(surface, theme.ACCENT, centre, radius)

    def __init__(self, app: SceneHost, setup: MatchSetup) -> None:
        self.hover: tuple[int, int] | None = None    # (pile, stone index)
        self.typed_pile: int | None = None
        self.typed_count = ""
        super().__init__(app, setup)

    def game_started(self) -> None:
        self.typed_pile, self.typed_count = None, ""

    # -- geometry --------------------------------------------------------------------------
    def layout(self) -> tuple[int, int, float, int, int]:
        """Row height, stone radius, stone spacing, and where stones start."""
        board = self.board_rect()
        piles = self.presenter.game.piles
        rows = len(piles)
        row_h = min(96, (board.height - 2 * theme.GAP - PROMPT_ROOM) // rows)
        widest = max(max(piles), 1)
        room = board.width - LABEL_WIDTH - 2 * theme.GAP
        step = min(row_h * 0.8, room / widest)
        radius = max(4, int(step * 0.4))
        top = board.y + (board.height - PROMPT_ROOM - rows * row_h) // 2   # the keys line under
        return row_h, radius, step, board.x + LABEL_WIDTH + theme.GAP, top

    def stone_center(self, pile: int, index: int) -> tuple[int, int]:
        row_h, radius, step, left, top = self.layout()
        return (int(left + step / 2 + index * step), int(top + pile * row_h + row_h / 2))

    def stone_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        row_h, radius, step, left, top = self.layout()
        for pile, size in enumerate(self.presenter.state.piles):
            for index in range(size):
                cx, cy = self.stone_center(pile, index)
                if (pos[0] - cx) ** 2 + (pos[1] - cy) ** 2 <= (radius + 3) ** 2:
                    return pile, index
        return None

    def pending(self) -> tuple[int, int] | None:
        """The move the mouse or the keys point at: (pile, count)."""
        if self.typed_pile is not None:
            count = int(self.typed_count) if self.typed_count else 0
            return (self.typed_pile, count)
        if self.hover is not None:
            move: tuple[int, int] = self.presenter.game.take_from(self.presenter.state,
                                                                  *self.hover)
            return move
        return None

    # -- input -----------------------------------------------------------------------------
    def handle_board_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.stone_at(event.pos) if self.presenter.humans_turn else None
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.stone_at(event.pos)
            if hit is None or not self.board_rect().collidepoint(event.pos):
                return False
            self.typed_pile, self.typed_count = None, ""
            presenter = self.presenter
            if presenter.human_move(presenter.game.take_from(presenter.state, *hit)):
                self.hover = None
            return True
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        return False

    def key(self, event: pygame.event.Event) -> bool:
        """A pile number, then a count, then Enter; Backspace undoes the last of them."""
        presenter = self.presenter
        if event.key == pygame.K_BACKSPACE:
            if self.typed_count:
                self.typed_count = self.typed_count[:-1]
            else:
                self.typed_pile = None
            presenter.status_line.error = False
            if self.typed_pile is not None:   # what stands typed now, a refusal mended
                pile, count = self.typed_pile + 1, self.typed_count
                presenter.tell(f"Take {count} from pile {pile}: Enter to confirm." if count
                               else f"Pile {pile}: how many? Type a number, then Enter.")
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.typed_pile is not None:
            move = self.pending()
            if not self.typed_count:
                presenter.tell("Type how many to take, then Enter.", error=True)
                return True
            why = presenter.game.why_illegal(presenter.state, move)
            if why is not None:   # what was typed stays, for Backspace to mend
                presenter.refuse(why)
                return True
            self.typed_pile, self.typed_count = None, ""
            presenter.human_move(move)
            return True
        number = typed_digit(event)
        if number is None:
            return False
        if not presenter.humans_turn:
            presenter.not_your_turn()
        elif self.typed_pile is None:
            self.type_pile(number)
        else:
            self.type_count(self.typed_pile, number)
        return True

    def type_pile(self, number: int) -> None:
        """Pile `number` (counted from 1) chosen, if the rules let a move take from it (the
        engine's words if not)."""
        presenter = self.presenter
        why = presenter.game.why_illegal(presenter.state, (number - 1, 1))
        if why is not None:
            presenter.refuse(why)
        else:
            self.typed_pile = number - 1
            presenter.tell(f"Pile {number}: how many? Type a number, then Enter (Backspace "
                           "undoes).")

    def type_count(self, pile: int, digit: int) -> None:
        """`digit` typed after the count so far. A count the rules refuse (more than `pile`
        holds, more than the cap) is kept as typed and refused in the engine's words, so
        Enter refuses it too and Backspace mends it; a digit after it is not taken."""
        presenter = self.presenter
        state = presenter.state
        typed = int(self.typed_count or 0)
        refused = presenter.game.why_illegal(state, (pile, typed)) if typed else None
        if refused is not None:
            presenter.refuse(f"{refused}; Backspace changes it")
            return
        self.typed_count = (self.typed_count + str(digit)).lstrip("0")
        count = int(self.typed_count or 0)
        why = presenter.game.why_illegal(state, (pile, count)) if count else None
        if why is not None:
            presenter.refuse(why)
        else:
            presenter.tell(f"Take {count} from pile {pile + 1}: Enter to confirm.")

    # -- drawing ---------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface, board: pygame.Rect) -> None:
        row_h, radius, step, left, top = self.layout()
        presenter = self.presenter
        pending = self.pending() if presenter.humans_turn else presenter.previewed()
        refusal = (None if pending is None
                   else presenter.game.why_illegal(presenter.state, pending))
        allowed = pending is not None and refusal is None
        hinted = presenter.advice.hinted()   # the hint's stones, ringed
        fading = None
        if presenter.animation is not None:
            before, (pile, count), t = presenter.animation
            fading = (pile, before.piles[pile] - count, before.piles[pile],
                      1 - t / ANIMATION_SECONDS)
        for p, size in enumerate(presenter.state.piles):
            y = top + p * row_h + row_h // 2
            theme.text(surface, f"Pile {p + 1}", (board.x + theme.GAP, y), 18, theme.MUTED,
                       anchor="midleft")
            theme.text(surface, str(size), (left - 8, y), 18, theme.TEXT, bold=True,
                       anchor="midright")
            for index in range(size):
                centre = self.stone_center(p, index)
                colour = theme.ACCENT
                if pending is not None and pending[0] == p and index >= size - pending[1]:
                    colour = theme.TAKE if allowed else theme.MUTED
                pygame.draw.circle(surface, theme.ACCENT_DARK, (centre[0], centre[1] + 2),
                                   radius)
                pygame.draw.circle(surface, colour, centre, radius)
                if colour is not theme.ACCENT:   # to be taken: outlined too, not hue alone
                    pygame.draw.circle(surface, theme.TEXT, centre, radius, width=2)
                if hinted is not None and hinted[0] == p and index >= size - hinted[1]:
                    pygame.draw.circle(surface, theme.GOOD, centre, radius + 4, width=3)
            if fading is not None and fading[0] == p:
                _, start, end, alpha = fading
                for index in range(start, end):
                    centre = self.stone_center(p, index)
                    pygame.draw.circle(surface, theme.TAKE, centre, max(1, int(radius * alpha)),
                                       width=2)
        if self.typed_pile is not None and presenter.humans_turn:   # where typing goes
            band = pygame.Rect(board.x + 6, top + self.typed_pile * row_h + 2,
                               board.width - 12, row_h - 4)
            pygame.draw.rect(surface, theme.TEXT, band, width=2, border_radius=8)
        if refusal is not None and pending is not None and pending[1] > 0:
            theme.text(surface, refusal[0].upper() + refusal[1:],
                       (board.right - theme.GAP, board.bottom - theme.GAP), 15, theme.ERROR,
                       anchor="bottomright")
        elif presenter.humans_turn:   # what the keys do here, from the start (PROMPT_ROOM)
            theme.text(surface, self.typing_prompt(), (board.x + theme.GAP,
                       board.bottom - theme.GAP), 14, theme.MUTED, anchor="bottomleft",
                       width=board.width - 2 * theme.GAP)

    def typing_prompt(self) -> str:
        """What typing does now: choose a pile, then say how many."""
        if self.typed_pile is None:
            return "Keys: a pile's number, then how many, then Enter"
        return (f"Pile {self.typed_pile + 1}: type how many, then Enter "
                "(Backspace goes back)")
