"""Nothing said by colour alone: where colour tells two things apart (a chart's curves, a
hint's arrow from the AI's, the chosen drill), a shape or a word does too. Each check draws
both things in ONE colour and finds them still different."""

import pygame
import pytest

from nimgame.ui import theme
from nimgame.ui.widgets.chart import SERIES_LOOKS, draw_chart

WHITE = (255, 255, 255)


@pytest.fixture
def drawing():
    pygame.init()
    theme.forget()   # fonts made before another test's pygame.quit() are dead
    yield
    theme.forget()


def shape(surface, rect):
    """Which pixels of `rect` are drawn white, as a set of offsets from its corner."""
    return {(x - rect.x, y - rect.y) for x in range(rect.x, rect.right)
            for y in range(rect.y, rect.bottom) if surface.get_at((x, y))[:3] == WHITE}


def test_each_curve_and_its_legend_entry_differ_by_line_and_marker(drawing):
    """Two curves in the same colour: their legend swatches differ in shape, and so do the
    curves (one solid, one dashed; circles against squares)."""
    assert len({(look.dash, look.marker) for look in SERIES_LOOKS}) == len(SERIES_LOOKS)
    surface = pygame.Surface((420, 320))
    flat = [(x, 0.5) for x in (0, 250, 500, 750, 1000)]
    entries = []
    for index in range(2):
        surface.fill((0, 0, 0))
        series = [("optimal moves", WHITE, flat if index == 0 else []),
                  ("wins against Random", WHITE, flat if index == 1 else [])]
        entries.append(draw_chart(surface, pygame.Rect(10, 10, 400, 300), series, 1000))
        if index == 0:
            first = surface.copy()
    swatches = [pygame.Rect(entry.x, entry.centery - 6, 20, 13) for entry in entries[0]]
    # the legend swatches of the two entries, drawn in the same colour, differ in shape
    assert shape(first, swatches[0]) != shape(first, swatches[1])
    # the curves themselves: the same points, told apart by their pixels along the line
    plot_band = pygame.Rect(80, 10, 300, 300)
    assert shape(first, plot_band) != shape(surface, plot_band)


def test_a_dashed_line_has_gaps_and_a_solid_one_none(drawing):
    from nimgame.ui.widgets.chart import draw_styled_line

    for dash, gaps in ((0, False), (8, True)):
        surface = pygame.Surface((200, 20))
        surface.fill((0, 0, 0))
        draw_styled_line(surface, WHITE, [(0, 10), (199, 10)], 3, dash)
        row = [surface.get_at((x, 10))[:3] == WHITE for x in range(200)]
        assert (not all(row)) is gaps and sum(row) > 80


def test_the_hints_arrow_is_dashed_the_ais_solid(drawing):
    from nimgame.ui.board.hexapawn import draw_arrow

    looks = []
    for dashed in (False, True):
        surface = pygame.Surface((200, 40))
        surface.fill((0, 0, 0))
        draw_arrow(surface, (10, 20), (190, 20), WHITE, 6, dashed=dashed)
        looks.append([surface.get_at((x, 20))[0] > 100 for x in range(10, 150)])
    assert all(looks[0]) and not all(looks[1]) and sum(looks[1]) > 40


def test_the_hat_ball_the_theory_says_wins_is_outlined(drawing, monkeypatch):
    """The Sticks inspector's bars: the winning ball's bar is framed, so it stands out with
    green and orange drawn alike."""
    from nimgame.learning.insight import Hat
    from nimgame.ui.inspector import hats

    monkeypatch.setattr(theme, "GOOD", theme.ACCENT)
    surface = pygame.Surface((200, 160))
    box = pygame.Rect(0, 0, 180, 150)
    hats.draw_hat(surface, Hat(sticks=7, balls={1: 5, 2: 5, 3: 5}, theory=[2]), box)
    _, bars, _ = hats.hat_layout(box, 7)
    third = bars.width // 3
    columns = [pygame.Rect(bars.x + k * third, bars.y, third, bars.height) for k in range(3)]

    def framed(rect):   # pixels in the text's colour, the frame's
        return sum(surface.get_at((x, y))[:3] == theme.TEXT[:3]
                   for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom))
    assert framed(columns[0]) == framed(columns[2]) == 0 < framed(columns[1])


@pytest.mark.parametrize("cell", [10, 14, 30, 60])
def test_hexapawn_s_sides_differ_in_shape_on_a_board_of_any_size(drawing, cell, monkeypatch):
    """A pawn on a mini board, drawn with both sides in one colour, still tells White from
    Black: its letter where there is room for one at 12 px, else its shape (a disc, a
    square)."""
    from nimgame.ui.board import hexapawn

    monkeypatch.setattr(hexapawn, "PAWN_COLOURS", {side: (WHITE, WHITE, (0, 0, 0))
                                                   for side in hexapawn.PAWN_COLOURS})
    drawn = []
    for side in (hexapawn.WHITE, hexapawn.BLACK):
        surface = pygame.Surface((cell + 8, cell + 8))
        surface.fill((0, 0, 0))
        hexapawn.draw_pawn(surface, (4 + cell / 2, 4 + cell / 2), cell, side)
        drawn.append(shape(surface, surface.get_rect()))
    assert drawn[0] and drawn[1] and drawn[0] != drawn[1]
