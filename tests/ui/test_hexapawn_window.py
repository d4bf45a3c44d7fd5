"""Hexapawn in the window, driven headless with synthetic events: its board by mouse and by
keys alone against an AI, refusals in the engine's words, the hint, taking back, the
banner; its learners in the inspector (a hat learner's boxes, a Q-learner's table)."""

import itertools

import pygame
import pytest
from uidriver import click, frames, key, post, press, wait_until

from nimgame.games.hexapawn import Hexapawn
from nimgame.games.registry import kit_for
from nimgame.learning import insight
from nimgame.learning.training import train
from nimgame.match import Seat
from nimgame.players import HatLearner, MinimaxPlayer, QLearner, judge_for
from nimgame.session import MatchSetup
from nimgame.ui import theme
from nimgame.ui.app import App
from nimgame.ui.board import BOARDS, position_picture
from nimgame.ui.board import hexapawn as board_module
from nimgame.ui.board.hexapawn import HexapawnBoard, square_centre
from nimgame.ui.inspector import InspectorScene
from nimgame.ui.inspector import boxes as boxes_view

GAME = Hexapawn()
KIT = kit_for(GAME)
KEYS = {"-": pygame.K_MINUS} | {c: getattr(pygame, f"K_{c}") for c in "abcdx0123456789"}


def open_board(app, person_first=True, opponent=None):
    ai = Seat("NimX", opponent or MinimaxPlayer(GAME), label="Hard (minimax)")
    seats = (Seat("Ann"), ai) if person_first else (ai, Seat("Ann"))
    return app.open("board", MatchSetup(GAME, seats))


def centre(board, square):
    rect, cell = board.grid()
    x, y = square_centre(rect, cell, square)
    return int(x), int(y)


def type_move(app, text, enter=True):
    for char in text:
        key(app, KEYS[char], char)
    if enter:
        key(app, pygame.K_RETURN, "\r")


def your_turn(app, board):
    wait_until(app, lambda: board.presenter.humans_turn or board.presenter.over)
    return not board.presenter.over


def assert_banner(board):
    """The game ended: the banner in the side panel, with what next."""
    assert board.presenter.over
    texts = [b.text for b in board.actions]
    assert "Play again  Enter" in texts and "Swap sides  S" in texts
    assert board.panel_rect().contains(board.banner.rect)
    winner = GAME.winner(board.presenter.state)
    assert board.presenter.status.startswith(
        "You win!" if board.presenter.seats[winner].human else "NimX wins!")


def test_the_menu_sets_up_a_hexapawn_board_and_its_help_says_how_to_play(app):
    from nimgame.ui.help import HelpOverlay
    from nimgame.ui.setup import SetupScene

    key(app, pygame.K_4, "4")
    setup = app.top
    assert isinstance(setup, SetupScene) and setup.game_key == "hexapawn"
    key(app, pygame.K_RETURN, "\r")
    board = app.top
    assert isinstance(board, HexapawnBoard) and board.presenter.game == GAME
    key(app, pygame.K_QUESTION, "?")
    assert isinstance(app.top, HelpOverlay)
    assert all(line in app.top.lines() for line in KIT.controls)
    key(app, pygame.K_ESCAPE)
    assert app.top is board


def test_the_board_is_registered_and_draws_positions_small():
    assert BOARDS["hexapawn"] is HexapawnBoard
    assert position_picture(GAME) is not None


@pytest.mark.parametrize("person_first", [True, False], ids=["White", "Black"])
def test_a_whole_game_by_mouse_against_an_ai(app, person_first):
    board = open_board(app, person_first)
    assert isinstance(board, HexapawnBoard)
    assert board.seat_marker(0) == "White: " and board.seat_marker(1) == "Black: "
    while your_turn(app, board):
        state, played = board.presenter.state, len(board.presenter.history)
        start, end = GAME.legal_moves(state)[-1]
        click(app, centre(board, start))
        assert board.selected == start and end in board.targets(start)
        click(app, centre(board, end))
        assert len(board.presenter.history) > played and board.selected is None
    assert_banner(board)


@pytest.mark.parametrize("person_first", [True, False], ids=["White", "Black"])
def test_a_whole_game_by_keys_alone_against_an_ai(app, person_first):
    board = open_board(app, person_first)
    for turn in itertools.count():
        if not your_turn(app, board):
            break
        state, played = board.presenter.state, len(board.presenter.history)
        move = GAME.legal_moves(state)[0]
        text = KIT.move_text(GAME, state, move)   # "b1-b2", "b1xa2"; or "b1b2"
        type_move(app, text if turn % 2 else text.replace("-", ""), enter=False)
        assert board.typed == (text if turn % 2 else text.replace("-", ""))
        assert board.marked() == move[0]   # the first square typed picks its pawn up
        key(app, pygame.K_RETURN, "\r")
        assert len(board.presenter.history) > played and board.typed == ""
    assert_banner(board)
    key(app, pygame.K_RETURN, "\r")   # Enter after the game: play again
    assert not board.presenter.over


def test_an_illegal_click_or_typed_move_shows_the_engines_reason(app):
    board = open_board(app)
    state = board.presenter.state
    click(app, centre(board, 4))   # b2: empty, and nothing picked up
    assert board.presenter.status == f"Not allowed: {GAME.why_illegal(state, (4, 4))}."
    assert "no pawn on b2" in board.presenter.status and board.presenter.status_error
    click(app, centre(board, 7))   # b3: Black's pawn
    assert "Black's" in board.presenter.status and board.selected is None
    click(app, centre(board, 0))   # a1 picked up; b2 is empty, so no capture there
    assert board.selected == 0 and board.targets(0) == [3]
    click(app, centre(board, 4))
    assert board.presenter.status == f"Not allowed: {GAME.why_illegal(state, (0, 4))}."
    assert board.presenter.state == state and board.selected == 0   # still in hand
    click(app, centre(board, 0))   # clicked again: put back
    assert board.selected is None and not board.presenter.status_error
    click(app, centre(board, 1))
    click(app, centre(board, 2))   # another pawn of yours: picked up instead
    assert board.selected == 2
    for typed in ("a1b2", "d4"):
        with pytest.raises(ValueError) as refusal:
            KIT.parse_move(GAME, state, typed)
        type_move(app, typed)
        assert board.presenter.status == str(refusal.value) and board.presenter.status_error
        assert board.typed == typed and board.presenter.state == state   # to be corrected
        for _ in typed:
            key(app, pygame.K_BACKSPACE)
        assert board.typed == ""
    type_move(app, "c1-c2")
    assert board.presenter.state != state


def test_a_blocked_pawn_says_why_it_cannot_move(app):
    board = app.open("board", MatchSetup(GAME, (Seat("Ann"), Seat("Bob"))))
    board.presenter.apply((2, 5))   # White c1-c2
    board.presenter.apply((6, 3))   # Black a3-a2, in front of White's a1 (and b2 is empty)
    state = board.presenter.state
    click(app, centre(board, 0))
    assert board.selected == 0 and board.targets(0) == []
    assert board.presenter.status == (f"The pawn on a1 has no move: "
                                      f"{GAME.why_illegal(state, (0, 3))}.")


def test_the_hint_draws_its_moves_as_green_arrows(app):
    board = open_board(app)
    key(app, pygame.K_h, "h")
    wait_until(app, board.presenter.advice.theory_ready)
    frames(app, 1)
    hinted = board.presenter.advice.hinted_moves()
    judge = judge_for(GAME)
    assert hinted == KIT.hint_moves(GAME, board.presenter.state, judge) and hinted

    def arrow_colour(move):   # halfway along the arrow: the border between two squares
        (x0, y0), (x1, y1) = centre(board, move[0]), centre(board, move[1])
        return tuple(app.screen.get_at(((x0 + x1) // 2, (y0 + y1) // 2)))[:3]

    for move in hinted:
        r, g, b = arrow_colour(move)
        assert g > r + 30 and g > b + 30   # green over the board's blue-grey
    key(app, pygame.K_h, "h")
    frames(app, 1)
    assert board.presenter.advice.hinted_moves() == []
    r, g, b = arrow_colour(hinted[0])
    assert not (g > r + 30 and g > b + 30)


def test_the_ais_move_shows_as_an_arrow_before_it_is_played(app, monkeypatch):
    from nimgame.ui.board import presenter as base

    monkeypatch.setattr(base, "PREVIEW_SECONDS", 0.5)
    board = open_board(app, person_first=False)
    wait_until(app, lambda: board.presenter.previewed() is not None)
    start, end = board.presenter.previewed()
    assert board.presenter.state == GAME.initial_state()
    (x0, y0), (x1, y1) = centre(board, start), centre(board, end)
    r, g, b = tuple(app.screen.get_at(((x0 + x1) // 2, (y0 + y1) // 2)))[:3]
    assert r > g + 40 and r > b + 40   # the red of the move about to be made


def test_the_moved_pawn_slides_to_its_square(app, monkeypatch):
    from nimgame.ui.board import presenter as base

    monkeypatch.setattr(base, "ANIMATION_SECONDS", 5.0)
    monkeypatch.setattr(board_module, "ANIMATION_SECONDS", 5.0)
    board = app.open("board", MatchSetup(GAME, (Seat("Ann"), Seat("Bob"))))
    type_move(app, "b1-b2")
    assert board.presenter.state.board[1] == "." and board.presenter.animation is not None
    x, y = centre(board, 1)
    u = board.grid()[1] / 100   # the pawn's drawing unit
    # Still near b1 at first: its body stands where the square is empty now.
    body = (x + round(18 * u), y + round(22 * u))
    assert tuple(app.screen.get_at(body))[:3] == board_module.PAWN_COLOURS["W"][0]


def test_take_back_returns_your_move_and_the_reply(app):
    board = open_board(app)
    type_move(app, "b1-b2")
    wait_until(app, lambda: board.presenter.humans_turn)
    assert len(board.presenter.history) == 3
    key(app, pygame.K_u, "u")
    assert board.presenter.state == GAME.initial_state() and board.presenter.humans_turn


def test_the_inspector_shows_a_hat_learners_boxes_a_page_at_a_time(app):
    learner = HatLearner(GAME)
    train(learner, 400, seed=3, curve_points=0)
    scene = app.open("inspector", learner)
    assert isinstance(scene, InspectorScene) and not scene.hats_chart
    wait_until(app, lambda: scene.boxes is not None and scene.pages_built)
    expected = insight.matchboxes(learner)
    assert [box.state for box in scene.boxes] == [box.state for box in expected]
    assert scene.boxes[0].state == GAME.canonical(GAME.initial_state())
    assert [box.depth for box in scene.boxes] == sorted(box.depth for box in scene.boxes)
    per_page = scene.box_grid().per_page
    assert len(scene.boxes) > per_page   # the test window is too small for all of them
    later = next(b for b in scene.actions if b.text.startswith("Later"))
    earlier = next(b for b in scene.actions if b.text.startswith("‹ Earlier"))
    assert later.is_enabled and not earlier.is_enabled
    key(app, pygame.K_PAGEDOWN)
    assert scene.first_box == per_page
    post(app, pygame.MOUSEWHEEL, x=0, y=1, flipped=False)   # the wheel up: back
    assert scene.first_box == 0
    for _ in range(len(scene.boxes) // per_page + 2):   # never past the last page
        key(app, pygame.K_PAGEDOWN)
    assert scene.first_box < len(scene.boxes) <= scene.first_box + per_page


def test_a_saved_hexapawn_brain_opens_from_the_library_in_its_boxes(app):
    from nimgame import storage

    learner = HatLearner(GAME)
    train(learner, 300, seed=4, curve_points=0)
    learner.name = "HER"
    storage.save(learner)
    key(app, pygame.K_l, "l")
    frames(app, 2)
    library = app.top
    library.selected = next(i for i, b in enumerate(library.brains) if b.name == "HER")
    key(app, pygame.K_i, "i")
    scene = app.top
    assert isinstance(scene, InspectorScene) and scene.boxes_job is not None
    wait_until(app, lambda: scene.boxes is not None)
    assert [box.state for box in scene.boxes] == [
        box.state for box in insight.matchboxes(learner)]


def test_an_untrained_hat_learner_has_no_boxes_yet(app):
    scene = app.open("inspector", HatLearner(GAME))
    wait_until(app, lambda: scene.boxes is not None)
    assert scene.boxes == []
    frames(app, 2)


def test_the_inspector_plays_typed_moves_on_a_q_learners_table(app):
    learner = QLearner(GAME)
    train(learner, 200, seed=2, curve_points=0)
    scene = app.open("inspector", learner)
    assert scene.moves_view and scene.boxes_job is None and scene.move_entry is not None
    scene.move_entry.set_text("b1xa2")
    key(app, pygame.K_RETURN, "\r")
    with pytest.raises(ValueError) as refusal:
        KIT.parse_move(GAME, GAME.initial_state(), "b1xa2")
    assert scene.message == str(refusal.value) and scene.state == GAME.initial_state()
    scene.move_entry.set_text("b1-b2")
    key(app, pygame.K_RETURN, "\r")
    assert scene.state == GAME.result(GAME.initial_state(), (1, 4)) and not scene.message
    press(app, next(b for b in scene.actions if b.text == "Start position  Home"))
    assert scene.state == GAME.initial_state()
    scene.move_entry.set_text("b1-b2")
    key(app, pygame.K_RETURN, "\r")
    click(app, (4, 4))                    # the typing put down: Home is the screen's
    assert scene.state != GAME.initial_state()
    key(app, pygame.K_HOME)
    assert scene.state == GAME.initial_state()


# -- how it looks: nothing outside the window, no text over other text ----------------------

SIZES = [(800, 560), (1920, 1080)]


def drawn_texts(app, monkeypatch):
    """Every text the top scene draws in a frame, as (words, the rectangle its letters
    cover): lines may be set closer than the font's line height, not onto each other."""
    drawn = []
    real = theme.text

    def recording(surface, words, pos, size=18, colour=theme.TEXT, bold=False,
                  anchor="topleft", width=None):
        rect = real(surface, words, pos, size, colour, bold, anchor, width)
        shown = words if width is None else theme.fit(words, size, width, bold)
        ink = theme.font(size, bold).render(shown, True, (255, 255, 255)).get_bounding_rect()
        drawn.append((words, ink.move(rect.topleft)))
        return rect

    monkeypatch.setattr(theme, "text", recording)
    app.screen.fill((0, 0, 0))
    app.top.draw(app.screen)
    monkeypatch.setattr(theme, "text", real)
    return drawn


def assert_texts_apart(drawn, size, inside_pawns=()):
    window = pygame.Rect((0, 0), size)
    for words, rect in drawn:
        assert window.contains(rect), (words, rect)
    shown = [(w, r) for w, r in drawn if w and r.width and w not in inside_pawns]
    for (a, ra), (b, rb) in itertools.combinations(shown, 2):
        assert not ra.colliderect(rb), (a, ra, b, rb)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_board_fits_the_window_with_its_labels_apart(size, monkeypatch):
    from nimgame.ui.board import presenter as base

    monkeypatch.setattr(base, "THINK_SECONDS", 0.0)
    app = App(size)
    try:
        board = app.open("board", MatchSetup(GAME, (Seat("Ann"), Seat("NimX", MinimaxPlayer(
            GAME), label="Hard (minimax)"))))
        key(app, pygame.K_h, "h")
        wait_until(app, board.presenter.advice.theory_ready)
        click(app, centre(board, 1))
        rect, cell = board.grid()
        assert board.board_rect().contains(rect.inflate(2 * 30, 0)) and cell >= 80
        # The pawns' letters sit on the pawns; every other text stands apart.
        assert_texts_apart(drawn_texts(app, monkeypatch), size, inside_pawns=("W", "B"))
        type_move(app, "b1-b", enter=False)
        assert_texts_apart(drawn_texts(app, monkeypatch), size, inside_pawns=("W", "B"))
    finally:
        app.quit()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_inspectors_boxes_fit_the_window_and_stand_apart(size, monkeypatch):
    learner = HatLearner(GAME)
    train(learner, 400, seed=3, curve_points=0)
    app = App(size)
    try:
        scene = app.open("inspector", learner)
        wait_until(app, lambda: scene.boxes is not None and scene.pages_built)
        grid = scene.box_grid()
        shown = min(grid.per_page, len(scene.boxes))
        places = [grid.box(i) for i in range(shown)]
        window = pygame.Rect((0, 0), size)
        pager_top = min([b.rect.top for b in scene.widgets if b.rect.top > 150] or [size[1]])
        for place, matchbox in zip(places, scene.boxes, strict=False):
            assert window.contains(place) and place.bottom <= pager_top
            layout = boxes_view.box_layout(place, len(matchbox.moves))
            parts = [layout.header, layout.picture, layout.moves]
            assert all(place.contains(part) for part in parts), (place, parts)
            assert not layout.picture.colliderect(layout.moves)
            assert not layout.header.colliderect(layout.picture)
            assert len(matchbox.moves) * layout.step <= layout.moves.height
            assert layout.picture.width >= 60 and layout.moves.width >= 110
        for a, b in itertools.combinations(places, 2):
            assert not a.colliderect(b)
        assert_texts_apart(drawn_texts(app, monkeypatch), size, inside_pawns=("W", "B"))
    finally:
        app.quit()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_inspectors_table_and_position_stand_apart(size, monkeypatch):
    learner = QLearner(GAME)
    train(learner, 200, seed=2, curve_points=0)
    learner.name = "A Q-learner with a name long enough to be shortened in a small window"
    app = App(size)
    try:
        scene = app.open("inspector", learner)
        wait_until(app, lambda: scene.seen_job.done())
        frames(app, 2)
        assert_texts_apart(drawn_texts(app, monkeypatch), size, inside_pawns=("W", "B"))
        scene.state = GAME.result(GAME.initial_state(), (1, 4))
        assert_texts_apart(drawn_texts(app, monkeypatch), size, inside_pawns=("W", "B"))
    finally:
        app.quit()
