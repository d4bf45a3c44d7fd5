"""The board of a game against the person on the MENACE screen: the square the keys are on
is ringed along its edge, its number left readable (a white square with a green octagon
and white corners hid it); at Hexapawn the files and ranks its boxes' moves name ("b3xa2")
are written beside the board, the way to move is said for a pawn's two steps, and the
lines under the boxes stand clear of the "your move" field."""

import pygame
import pytest
from test_layout import SIZES, scene_at, size_id
from test_menace_box_words import inked
from uidriver import key

from nimgame.ui.menace.drawing import board_grid, draw_person_board


def board_picture(app, monkeypatch, cursor):
    """The person's board drawn with the keys' ring on `cursor`: the picture, the words."""
    scene = app.top
    scene.desk.person.cursor, scene.desk.person.picked = cursor, None
    surface = pygame.Surface(app.size)
    surface.fill((0, 0, 0))
    words = inked(monkeypatch, lambda: draw_person_board(surface, scene.desk,
                                                          scene.board_area()))
    return surface, words


@pytest.mark.parametrize("size", [SIZES[0], SIZES[3]], ids=size_id)
def test_the_keys_ring_runs_along_the_square_s_edge_and_leaves_its_number(size, monkeypatch):
    with scene_at(size, "menace you", monkeypatch) as app:
        scene = app.top
        state = scene.desk.person.state
        free = [i for i, mark in enumerate(state) if mark == "."]
        ringed, other = free[0], free[-1]
        rect, cell = board_grid(scene.desk, scene.board_area())
        assert cell >= 40   # the board numbers its squares
        with_ring, words = board_picture(app, monkeypatch, ringed)
        without, _ = board_picture(app, monkeypatch, other)
        row, col = divmod(ringed, 3)
        square = pygame.Rect(rect.x + col * cell, rect.y + row * cell, cell, cell)
        number = next(ink for text, ink in words if text == str(ringed + 1)
                      and square.contains(ink))
        changed = [(x, y) for x in range(square.left, square.right)
                   for y in range(square.top, square.bottom)
                   if with_ring.get_at((x, y)) != without.get_at((x, y))]
        band = 6   # a ring: the changes hug the edge, the inside is left as it was
        inside = square.inflate(-2 * band, -2 * band)
        assert changed and not [p for p in changed if inside.collidepoint(p)]
        assert not [p for p in changed if number.collidepoint(p)], number
        for side in (lambda p: p[0] < square.left + band, lambda p: p[0] >= square.right - band,
                     lambda p: p[1] < square.top + band, lambda p: p[1] >= square.bottom - band):
            assert any(side(p) for p in changed)   # on every side: a whole ring


@pytest.mark.parametrize("size", [SIZES[0], SIZES[3]], ids=size_id)
def test_hexapawn_s_board_names_its_files_and_ranks(size, monkeypatch):
    """The boxes list moves as "b3xa2": the board says which file is b, which rank 3
    (rank 3 at the top, Black's side; files a to c from the left)."""
    with scene_at(size, "menace hexapawn you", monkeypatch) as app:
        scene = app.top
        area = scene.board_area()
        rect, cell = board_grid(scene.desk, area)
        _, words = board_picture(app, monkeypatch, 4)
        for i, name in enumerate("abc"):
            ink = next(ink for text, ink in words if text == name)
            assert rect.x + i * cell < ink.centerx < rect.x + (i + 1) * cell
            assert ink.top > rect.bottom + 2 and area.contains(ink)
        for i, name in enumerate("321"):
            ink = next(ink for text, ink in words if text == name)
            assert rect.y + i * cell < ink.centery < rect.y + (i + 1) * cell
            assert ink.right < rect.x - 2 and area.contains(ink)


def test_hexapawn_says_how_to_move_a_pawn_and_its_digits_name_no_square(monkeypatch):
    """"Click a square (or 1-9)" was said at Hexapawn, whose ranks are 1-3: a pawn is
    moved in two steps, a square each, and a digit picks no square there."""
    with scene_at(SIZES[0], "menace hexapawn", monkeypatch) as app:
        scene = app.top
        scene.choose("opponent", "You")
        scene.one_game()
        assert scene.message == "Your move: click a pawn, then its square."
        assert "1-9" not in scene.message
        scene.focus.set(scene, None)
        key(app, pygame.K_7, "7")
        assert scene.desk.person.picked is None and scene.desk.person.moves == []
        scene.choose("game", "Tic-Tac-Toe")
        scene.one_game()
        assert scene.message == "Your move: click a square (or 1-9)."


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_the_lines_under_the_boxes_stand_clear_of_the_move_field(size, monkeypatch):
    with scene_at(size, "menace hexapawn you", monkeypatch) as app:
        scene = app.top
        field = scene.move_field.rect
        ink = inked(monkeypatch, lambda: scene.draw(app.screen))
        lines = [(text, rect) for text, rect in ink if rect.top >= scene.main_area().bottom
                 and rect.left >= scene.main_area().left and rect.bottom <= field.top + 10]
        assert len(lines) >= 2
        for text, rect in lines:
            assert rect.bottom + 4 <= field.top, (text, rect, field)
