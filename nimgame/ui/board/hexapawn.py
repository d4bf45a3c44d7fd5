"""Hexapawn: a 3×3 board, rank 3 (Black's side) at the top. Click one of your pawns (its
squares to go to are marked), then where it goes; click it again to put it back. Keys:
type the move as text mode reads it ("b1-b2", "b1xa2" or "b1b2"), Backspace corrects,
Enter plays it."""

from __future__ import annotations

from typing import Any

import pygame

from ...games.hexapawn.rules import (
    BLACK,
    EMPTY,
    FAR_ROW,
    FILES,
    FORWARD,
    PAWNS,
    SIDES,
    WHITE,
    HexapawnState,
    Move,
    square_name,
)
from ...games.registry import kit_for
from ...narration import turn_text
from ...session import MatchSetup
from .. import theme
from ..scene import SceneHost
from ..widgets.chart import draw_styled_line
from .presenter import ANIMATION_SECONDS
from .scene import BoardScene

LABEL = 28          # room for the rank numbers beside the board, the file letters under it
TYPED_ROOM = 50     # the line under the board that shows a move being typed (or how to)
LETTER = 12         # a pawn's letter is never smaller
TOKEN_BELOW = 50    # squares narrower than this draw a pawn as a token (draw_token)
TYPED_LIMIT = 6     # "b1-b2" is five characters; one more is refused by the kit's words
LIGHT_SQUARE, DARK_SQUARE = (78, 92, 118), (56, 66, 86)
#: Each side's pawn: (fill, outline, letter) — the letters W and B say it without colour.
PAWN_COLOURS = {WHITE: ((242, 234, 216), (120, 110, 92), (30, 33, 41)),
                BLACK: ((26, 29, 36), (200, 206, 218), (238, 241, 245))}


def square_centre(grid: pygame.Rect, cell: float, square: int) -> tuple[float, float]:
    """The centre of `square` on a board drawn in `grid`, rank 3 at the top."""
    row, col = divmod(square, 3)
    return (grid.x + (col + 0.5) * cell, grid.y + (2.5 - row) * cell)


def square_box(grid: pygame.Rect, cell: int, square: int) -> pygame.Rect:
    row, col = divmod(square, 3)
    return pygame.Rect(grid.x + col * cell, grid.y + (2 - row) * cell, cell, cell)


def draw_squares(surface: pygame.Surface, grid: pygame.Rect, cell: int) -> None:
    for square in range(9):
        row, col = divmod(square, 3)
        colour = LIGHT_SQUARE if (row + col) % 2 else DARK_SQUARE
        pygame.draw.rect(surface, colour, square_box(grid, cell, square))
    pygame.draw.rect(surface, theme.PANEL_EDGE, grid.inflate(4, 4), width=2)


def draw_pawn(surface: pygame.Surface, centre: tuple[float, float], cell: float, pawn: str,
              scale: float = 1.0) -> None:
    """A pawn of `pawn`'s side ("W" or "B") standing in a square `cell` wide: head, body
    and base, its letter on the body (12 px at least: a pawn `scale`d smaller, as a taken
    one shrinking away, loses it). A mini board's square draws a token (`draw_token`)."""
    fill, outline, letter = PAWN_COLOURS[pawn]
    if cell < TOKEN_BELOW and scale == 1.0:   # a mini board (a taken pawn shrinks as is)
        draw_token(surface, centre, cell, pawn)
        return
    u = cell * scale / 100
    cx, cy = centre
    edge = max(1, round(u * 2.5))
    base = pygame.Rect(0, 0, round(64 * u), round(12 * u))
    base.midbottom = (round(cx), round(cy + 36 * u))
    body = [(cx - 13 * u, cy - 10 * u), (cx + 13 * u, cy - 10 * u),
            (cx + 28 * u, cy + 26 * u), (cx - 28 * u, cy + 26 * u)]
    head = (round(cx), round(cy - 20 * u))
    pygame.draw.polygon(surface, outline, body, width=2 * edge)   # the outline, then the fill
    for colour, grow in ((outline, edge), (fill, 0)):
        pygame.draw.rect(surface, colour, base.inflate(2 * grow, 2 * grow),
                         border_radius=max(1, round(4 * u)))
        pygame.draw.circle(surface, colour, head, round(15 * u) + grow)
    pygame.draw.polygon(surface, fill, body)
    if round(24 * u) >= LETTER:
        theme.text(surface, pawn, (cx, cy + 9 * u), round(24 * u), letter, bold=True,
                   anchor="center")


def draw_token(surface: pygame.Surface, centre: tuple[float, float], cell: float,
               pawn: str) -> None:
    """A pawn in a square too small for the pawn's shape to carry a readable letter (a
    mini board): a disc with its letter, W or B, as large as a pawn's; too small for
    that too, White's a disc and Black's a square (the shape says it, not only the
    colour)."""
    fill, outline, letter = PAWN_COLOURS[pawn]
    radius = max(2, round(cell * 0.42))
    at = (round(centre[0]), round(centre[1]))
    edge = max(1, round(cell / 16))
    if 2 * radius >= theme.font(LETTER, bold=True).size("W")[0] + 4:
        pygame.draw.circle(surface, outline, at, radius)
        pygame.draw.circle(surface, fill, at, radius - edge)
        theme.text(surface, pawn, at, LETTER, letter, bold=True, anchor="center")
    elif pawn == WHITE:
        pygame.draw.circle(surface, outline, at, radius)
        pygame.draw.circle(surface, fill, at, radius - edge)
    else:
        square = pygame.Rect(0, 0, 2 * radius - 1, 2 * radius - 1)
        square.center = at
        pygame.draw.rect(surface, outline, square)
        pygame.draw.rect(surface, fill, square.inflate(-2 * edge, -2 * edge))


def draw_position(surface: pygame.Surface, area: pygame.Rect, state: HexapawnState) -> None:
    """A small picture of `state` within `area` (the inspector's boxes)."""
    cell = min(area.width, area.height) // 3
    grid = pygame.Rect(0, 0, 3 * cell, 3 * cell)
    grid.center = area.center
    draw_squares(surface, grid, cell)
    for square, pawn in enumerate(state.board):
        if pawn != EMPTY:
            draw_pawn(surface, square_centre(grid, cell, square), cell, pawn)


def draw_arrow(surface: pygame.Surface, start: tuple[float, float], end: tuple[float, float],
               colour: theme.Colour, width: int, short: float = 0.0, dashed: bool = False
               ) -> None:
    """An arrow from `start` to `short` pixels before `end`, seen through (the pawns under
    it stay in view); `dashed`, its shaft in dashes (a hint's: not told by colour alone)."""
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    vector = pygame.Vector2(end) - pygame.Vector2(start)
    if vector.length() == 0:
        return
    along = vector.normalize()
    side = pygame.Vector2(-along.y, along.x)
    tip = pygame.Vector2(end) - along * (width + short)
    neck = tip - along * width * 2.6
    draw_styled_line(layer, (*colour[:3], 190), [start, (neck.x, neck.y)], width,
                     width * 2 if dashed else 0)
    pygame.draw.polygon(layer, (*colour[:3], 190),
                        [tip, neck + side * width * 1.6, neck - side * width * 1.6])
    surface.blit(layer, (0, 0))


class HexapawnBoard(BoardScene):
    move_sound = "place"
    has_position_picture = True

    def __init__(self, app: SceneHost, setup: MatchSetup) -> None:
        self.hover: int | None = None
        self.selected: int | None = None   # the pawn clicked, to move next
        self.typed = ""                    # the move typed so far
        super().__init__(app, setup)

    @classmethod
    def draw_position(cls, surface: pygame.Surface, area: pygame.Rect, state: Any) -> None:
        draw_position(surface, area, state)

    def game_started(self) -> None:
        self.selected, self.typed = None, ""

    # -- geometry --------------------------------------------------------------------------
    def grid(self) -> tuple[pygame.Rect, int]:
        """Where the squares are, and how big each is: the board centred in its area, with
        room for the labels beside and under it and the typed move below."""
        board = self.board_rect()
        room_w = board.width - 2 * theme.GAP - 2 * LABEL
        room_h = board.height - 2 * theme.GAP - LABEL - TYPED_ROOM
        cell = max(16, min(room_w, room_h) // 3)
        rect = pygame.Rect(0, 0, 3 * cell, 3 * cell)
        rect.midtop = (board.centerx, board.y + theme.GAP + max(0, room_h - 3 * cell) // 2)
        return rect, cell

    def square_at(self, pos: tuple[int, int]) -> int | None:
        rect, cell = self.grid()
        if not rect.collidepoint(pos):
            return None
        col, row = (pos[0] - rect.x) // cell, 2 - (pos[1] - rect.y) // cell
        return int(row * 3 + col)

    def seat_marker(self, index: int) -> str:
        return f"{SIDES[index]}: "

    # -- what is marked --------------------------------------------------------------------
    def mine(self) -> str:
        return PAWNS[self.presenter.game.to_move(self.presenter.state)]

    def marked(self) -> int | None:
        """The pawn chosen to move: clicked, or named by the first square typed."""
        if not self.presenter.humans_turn:
            return None
        square = self.selected
        if square is None and len(self.typed) >= 2 and self.typed[0] in FILES \
                and self.typed[1] in "123":
            square = FILES.index(self.typed[0]) + 3 * (int(self.typed[1]) - 1)
        if square is None or self.presenter.state.board[square] != self.mine():
            return None
        return square

    def targets(self, square: int | None) -> list[int]:
        """Where the pawn on `square` may go."""
        if square is None:
            return []
        presenter = self.presenter
        return [end for start, end in presenter.game.legal_moves(presenter.state)
                if start == square]

    # -- input -----------------------------------------------------------------------------
    def handle_board_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.square_at(event.pos) if self.presenter.humans_turn else None
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            square = self.square_at(event.pos)
            if square is None:
                if self.board_rect().collidepoint(event.pos):
                    self.selected = None   # a click beside the board puts the pawn back
                return False
            self.click(square)
            return True
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        return False

    def click(self, square: int) -> None:
        """A pawn of yours is picked up (or put back); a square clicked after it is where
        it goes, if the rules say it may (their words if not)."""
        presenter = self.presenter
        if presenter.over:
            return
        if not presenter.humans_turn:
            presenter.not_your_turn()
            return
        self.typed = ""
        state = presenter.state
        if square == self.selected:
            self.selected = None
            presenter.tell(turn_text(presenter.match))
        elif state.board[square] == self.mine():
            self.pick(square)
        elif self.selected is None:   # an empty square, or the other side's pawn
            presenter.refuse(presenter.game.why_illegal(state, (square, square)) or "")
        else:
            start, self.selected = self.selected, None
            if not presenter.human_move((start, square)):
                self.selected = start   # refused: still in hand, to go elsewhere

    def pick(self, square: int) -> None:
        presenter = self.presenter
        self.selected = square
        name = square_name(square)
        if self.targets(square):
            presenter.tell(f"The pawn on {name}: click where it goes, or click it again to "
                           "put it back.")
            return
        ahead = square + 3 * FORWARD[presenter.game.to_move(presenter.state)]
        why = presenter.game.why_illegal(presenter.state, (square, ahead)) or ""
        presenter.tell(f"The pawn on {name} has no move: {why}.", error=True)

    def key(self, event: pygame.event.Event) -> bool:
        """A move typed letter by letter: Backspace corrects, Enter plays it."""
        presenter = self.presenter
        if event.key == pygame.K_BACKSPACE and self.typed:
            self.typed = self.typed[:-1]
            self.show_typed()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.typed:
            self.play_typed()
            return True
        char = getattr(event, "unicode", "").lower()
        if len(char) != 1 or not char.isascii() or not (char.isalnum() or char == "-"):
            return False
        if presenter.over:
            return False
        if not presenter.humans_turn:
            presenter.not_your_turn()
        elif len(self.typed) < TYPED_LIMIT:
            self.typed += char
            self.selected = None
            self.show_typed()
        return True

    def show_typed(self) -> None:
        presenter = self.presenter
        if self.typed:
            presenter.tell(f"Your move: {self.typed}. Enter plays it; Backspace corrects.")
        else:
            presenter.tell(turn_text(presenter.match))

    def play_typed(self) -> None:
        """The typed move, as the kit reads it: played, or refused in its words (the typing
        stays, to be corrected)."""
        presenter = self.presenter
        if not presenter.humans_turn:
            presenter.not_your_turn()
            return
        try:
            move = kit_for(presenter.game).parse_move(presenter.game, presenter.state,
                                                      self.typed)
        except ValueError as err:
            presenter.tell(str(err), error=True)
            return
        self.typed = ""
        presenter.human_move(move)

    # -- drawing ---------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface, board: pygame.Rect) -> None:
        rect, cell = self.grid()
        draw_squares(surface, rect, cell)
        self.draw_last_move(surface, rect, cell)
        self.draw_labels(surface, rect, cell)
        marked = self.marked()
        self.draw_marks(surface, rect, cell, marked)
        self.draw_pawns(surface, rect, cell)
        self.draw_won(surface, rect, cell)
        self.draw_arrows(surface, rect, cell)
        self.draw_typed(surface, board)

    def draw_arrows(self, surface: pygame.Surface, rect: pygame.Rect, cell: int) -> None:
        """The hint's moves in green and dashed; the AI's move in red and solid while it
        shows before it is played. A capture's arrow stops short of the pawn it takes, whose
        letter shows."""
        presenter = self.presenter
        chosen = presenter.previewed()
        arrows = [(move, theme.GOOD, True) for move in presenter.advice.hinted_moves()]
        arrows += [] if chosen is None else [(chosen, theme.TAKE, False)]
        for (start, end), colour, dashed in arrows:
            short = cell * 0.22 if presenter.state.board[end] != EMPTY else 0.0
            draw_arrow(surface, square_centre(rect, cell, start), square_centre(rect, cell, end),
                       colour, max(4, cell // 16), short, dashed=dashed)

    def draw_last_move(self, surface: pygame.Surface, rect: pygame.Rect, cell: int) -> None:
        """The two squares of the last move, tinted: where a pawn left and where it went."""
        history = self.presenter.history
        if len(history) < 2:
            return
        tint = pygame.Surface((cell, cell), pygame.SRCALPHA)
        tint.fill((*theme.ACCENT[:3], 56))
        before, after = history[-2].board, history[-1].board
        for square in range(9):
            if before[square] != after[square]:
                surface.blit(tint, square_box(rect, cell, square))

    def draw_labels(self, surface: pygame.Surface, rect: pygame.Rect, cell: int) -> None:
        size = max(13, min(22, cell // 8))
        for index in range(3):
            theme.text(surface, FILES[index], (rect.x + (index + 0.5) * cell, rect.bottom + 6),
                       size, theme.MUTED, bold=True, anchor="midtop")
            theme.text(surface, str(3 - index), (rect.x - 10, rect.y + (index + 0.5) * cell),
                       size, theme.MUTED, bold=True, anchor="midright")

    def draw_marks(self, surface: pygame.Surface, rect: pygame.Rect, cell: int,
                   marked: int | None) -> None:
        """The square under the mouse, the pawn in hand and where it may go."""
        presenter = self.presenter
        if self.hover is not None and presenter.humans_turn and (
                presenter.state.board[self.hover] == self.mine()
                or self.hover in self.targets(marked)):
            pygame.draw.rect(surface, theme.PANEL_EDGE, square_box(rect, cell, self.hover)
                             .inflate(-6, -6), border_radius=6)
        if marked is None:
            return
        pygame.draw.rect(surface, theme.ACCENT, square_box(rect, cell, marked).inflate(-6, -6),
                         width=max(3, cell // 30), border_radius=6)
        for end in self.targets(marked):
            centre = square_centre(rect, cell, end)
            if presenter.state.board[end] == EMPTY:
                pygame.draw.circle(surface, theme.ACCENT, centre, max(4, cell // 9))
            else:   # a capture: a ring around the pawn taken
                pygame.draw.circle(surface, theme.ACCENT, centre, cell * 0.44,
                                   width=max(3, cell // 24))

    def draw_pawns(self, surface: pygame.Surface, rect: pygame.Rect, cell: int) -> None:
        """The pawns; the last move's pawn slides to its square over the one it took."""
        presenter = self.presenter
        moving: tuple[Move, str, float] | None = None
        if presenter.animation is not None:
            before, (start, end), t = presenter.animation
            moving = ((start, end), before.board[start], min(1.0, t / ANIMATION_SECONDS))
            taken = before.board[end]
            if taken != EMPTY:
                draw_pawn(surface, square_centre(rect, cell, end), cell, taken,
                          1 - moving[2])
        for square, pawn in enumerate(presenter.state.board):
            if pawn != EMPTY and (moving is None or square != moving[0][1]):
                draw_pawn(surface, square_centre(rect, cell, square), cell, pawn)
        if moving is not None:
            (start, end), pawn, done = moving
            eased = 1 - (1 - done) ** 2
            (x0, y0), (x1, y1) = (square_centre(rect, cell, s) for s in (start, end))
            draw_pawn(surface, (x0 + (x1 - x0) * eased, y0 + (y1 - y0) * eased), cell, pawn)

    def draw_won(self, surface: pygame.Surface, rect: pygame.Rect, cell: int) -> None:
        """After a game: the pawn that reached the far row, framed."""
        presenter = self.presenter
        if not presenter.over:
            return
        board = presenter.state.board
        for player, row in enumerate(FAR_ROW):
            for square in range(row * 3, row * 3 + 3):
                if board[square] == PAWNS[player]:
                    pygame.draw.rect(surface, theme.GOOD, square_box(rect, cell, square)
                                     .inflate(-4, -4), width=max(4, cell // 20),
                                     border_radius=6)

    def draw_typed(self, surface: pygame.Surface, board: pygame.Rect) -> None:
        """The move being typed, or how to play while it is your turn."""
        presenter = self.presenter
        where = (board.centerx, board.bottom - theme.GAP)
        width = board.width - 2 * theme.GAP
        if self.typed and presenter.humans_turn:
            theme.text(surface, f"Your move: {self.typed}_   Enter plays it", where, 20,
                       theme.TEXT, bold=True, anchor="midbottom", width=width)
        elif presenter.humans_turn:
            size = 17 if board.width > 900 else 15
            lines = theme.wrap("Click a pawn, then its square; or type the move (b1-b2), then "
                               "Enter.", size, width)
            step = theme.font(size).get_linesize()
            for i, line in enumerate(reversed(lines[:2])):
                theme.text(surface, line, (where[0], where[1] - i * step), size,
                           theme.MUTED, anchor="midbottom", width=width)

