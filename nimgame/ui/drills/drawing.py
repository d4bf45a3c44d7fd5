"""The drills screen's geometry and drawing: where each part goes at any window size, the
side panel (clock, score, streak, the binary table) and the position with its piles
numbered."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...session.drill_run import DrillRun
from ...session.drills import working
from .. import theme
from ..board import PositionPicture

MARGIN = theme.GAP
ROW = 36                # a row of buttons
PILE_LABEL = 64         # "Pile 1" left of a Nim row
LINE = 20               # a line of text in the side panel


@dataclass(frozen=True)
class Layout:
    """The screen's parts: the drills' and levels' rows of buttons, the question line, the
    position, the words under it (hints, the verdict), the answer's rows of buttons, the
    side panel and the keys line."""

    kinds: pygame.Rect
    levels: pygame.Rect
    question: pygame.Rect
    board: pygame.Rect
    words: pygame.Rect
    answers: pygame.Rect     # two rows of ROW, one above the other
    panel: pygame.Rect
    keys_y: int


def lay_out(size: tuple[int, int]) -> Layout:
    w, h = size
    panel_w = min(340, max(240, w // 4))
    top = 64
    kinds = pygame.Rect(MARGIN, top, w - 2 * MARGIN, ROW)
    levels = pygame.Rect(MARGIN, kinds.bottom + 8, w - 2 * MARGIN, ROW)
    keys_y = h - MARGIN
    left_w = w - 3 * MARGIN - panel_w
    answers = pygame.Rect(MARGIN, keys_y - 22 - 2 * ROW - 8, left_w, 2 * ROW + 8)
    question = pygame.Rect(MARGIN, levels.bottom + 10, left_w, 2 * 20)
    words_h = max(3 * 18, min(5 * 18, (answers.top - question.bottom) // 3))
    words = pygame.Rect(MARGIN, answers.top - 8 - words_h, left_w, words_h)
    board = pygame.Rect(MARGIN, question.bottom + 8, left_w, words.top - 8 - question.bottom - 8)
    panel = pygame.Rect(w - MARGIN - panel_w, levels.bottom + 12, panel_w,
                        answers.bottom - levels.bottom - 12)
    return Layout(kinds, levels, question, board, words, answers, panel, keys_y)


def board_rows(board: pygame.Rect, piles: int) -> pygame.Rect:
    """Where the stones go: right of the piles' names, rows no taller than 48."""
    height = min(board.height, 48 * max(1, piles))
    return pygame.Rect(board.x + PILE_LABEL, board.y + (board.height - height) // 2,
                       board.width - PILE_LABEL, height)


def pile_at(board: pygame.Rect, piles: int, pos: tuple[int, int]) -> int | None:
    """The pile whose row `pos` is in (0-based), or None."""
    rows = board_rows(board, piles)
    band = pygame.Rect(board.x, rows.y, board.width, rows.height)
    if piles < 1 or not band.collidepoint(pos):
        return None
    return min(piles - 1, int((pos[1] - rows.y) / (rows.height / piles)))


def draw_position(surface: pygame.Surface, board: pygame.Rect, run: DrillRun,
                  picture: PositionPicture, chosen_pile: int | None) -> None:
    """The position in the board's own drawing; Nim's piles numbered, the chosen one
    framed."""
    question = run.question
    if question.board.sticks:
        area = pygame.Rect(board.x, board.y, board.width, min(board.height, 160))
        area.centery = board.centery
        picture(surface, area, question.state)
        return
    count = len(question.piles)
    rows = board_rows(board, count)
    row_h = rows.height / count
    for pile in range(count):
        y = int(rows.y + (pile + 0.5) * row_h)
        band = pygame.Rect(board.x, int(rows.y + pile * row_h), board.width, int(row_h))
        if pile == chosen_pile:
            pygame.draw.rect(surface, theme.PANEL, band, border_radius=6)
            pygame.draw.rect(surface, theme.ACCENT, band, width=2, border_radius=6)
        theme.text(surface, f"Pile {pile + 1}", (board.x + 6, y), 15,
                   theme.TEXT if pile == chosen_pile else theme.MUTED, anchor="midleft")
    picture(surface, rows, question.state)


def draw_panel(surface: pygame.Surface, panel: pygame.Rect, run: DrillRun) -> None:
    """The clock, the score and the streak; the binary table where the level shows it."""
    theme.panel(surface, panel)
    x, y, width = panel.x + 12, panel.y + 10, panel.width - 24
    left = run.time_left()
    seconds = run.level.seconds
    theme.text(surface, f"Time {left:.0f} s" if run.open else "Answered", (x, y), 17,
               theme.TEXT if left > 5 or not run.open else theme.ERROR, bold=True)
    bar = pygame.Rect(x, y + 26, width, 8)
    pygame.draw.rect(surface, theme.PANEL_EDGE, bar, border_radius=4)
    if run.open:
        filled = bar.copy()
        filled.width = int(bar.width * left / seconds)
        pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=4)
    score = run.score
    y += 44
    for line in (f"Score {score.points}", f"Streak {score.streak} (best {score.best_streak})",
                 f"Right {score.right} of {score.answered}"):
        theme.text(surface, line, (x, y), 16, width=width)
        y += LINE + 2
    if not run.level.table:
        y += 6
        for part in theme.wrap("No table at this level: work it out.", 14, width):
            theme.text(surface, part, (x, y), 14, theme.MUTED, width=width)
            y += LINE - 2
        return
    y += 8
    heading = "The working" + ("" if run.question.board.sticks else ", in binary")
    theme.text(surface, heading, (x, y), 15, theme.MUTED, bold=True, width=width)
    y += LINE
    for label, value in working(run.question):
        if y + LINE > panel.bottom - 6:
            break
        bold = label in ("nim-sum", "the rule")
        right = min(theme.font(15, True).size(value)[0], int(width * 0.6))
        theme.text(surface, label, (x, y), 15, theme.TEXT, bold=bold, width=width - right - 8)
        theme.text(surface, value, (x + width, y), 15, theme.ACCENT if bold else theme.TEXT,
                   bold=True, anchor="topright", width=right)
        y += LINE


def draw_words(surface: pygame.Surface, area: pygame.Rect, lines: list[tuple[str, theme.Colour]]
               ) -> None:
    """Lines of words wrapped to `area`, as many as fit (the last cut with '…')."""
    wrapped: list[tuple[str, theme.Colour]] = []
    for words, colour in lines:
        wrapped.extend((part, colour) for part in theme.wrap(words, 15, area.width))
    fitting = max(1, area.height // 18)
    for index, (part, colour) in enumerate(wrapped[:fitting]):
        more = index == fitting - 1 and len(wrapped) > fitting
        theme.text(surface, part + (" …" if more else ""), (area.x, area.y + index * 18), 15,
                   colour, width=area.width)
