"""Esc asks first only where leaving loses something: a game under way (its moves are not
kept: only finished games are), or KUET rounds begun. A board with no move yet, or a game
over, is left at once. The box answers as every yes/no box: Y leaves, N or Esc stays."""

import pygame
import pygame_gui
from uidriver import button_named, click, key, wait_until

from nimgame.games import Nim
from nimgame.match import Seat
from nimgame.session import MatchSetup
from nimgame.ui.menu import MenuScene


def asking(scene):
    return [w for w in scene.widgets
            if isinstance(w, pygame_gui.windows.UIConfirmationDialog) and w.alive()]


def test_esc_asks_before_a_game_under_way_is_lost(app):
    setup = MatchSetup(Nim((1, 2)), (Seat("Ann"), Seat("Bob")))
    board = app.open("board", setup)
    key(app, pygame.K_ESCAPE)   # no move yet: nothing to lose, gone at once
    assert app.top is not board and not asking(app.top)
    board = app.open("board", setup)
    board.presenter.apply((1, 1))
    key(app, pygame.K_ESCAPE)
    [box] = asking(board)
    assert app.top is board and "not finished" in box.confirmation_text.html_text
    assert box.confirm_button.text == "Leave  Y" and box.cancel_button.text == "Cancel  N"
    # buttons as tall as the screens' own, their words whole, the ring on the safe answer
    for button in (box.confirm_button, box.cancel_button):
        assert button.rect.height >= 40 and box.rect.contains(button.rect)
        assert button.font.size(button.text)[0] <= button.rect.width - 16
    assert not box.confirm_button.rect.colliderect(box.cancel_button.rect)
    assert board.focus.widget is box.cancel_button and board.focus.ring is not None
    key(app, pygame.K_n, "n")            # stays, the game as it was
    assert app.top is board and not asking(board) and board.presenter.match.moves == [(1, 1)]
    click(app, button_named(board, "Back").rect.center)   # the button asks too
    assert asking(board)
    key(app, pygame.K_ESCAPE)            # Esc answers the box: stay
    assert app.top is board and not asking(board)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_y, "y")            # Y leaves
    assert app.top is not board
    board = app.open("board", setup)    # a game over is kept: nothing asked
    board.presenter.apply((1, 2))
    board.presenter.apply((0, 1))
    assert board.presenter.over
    key(app, pygame.K_ESCAPE)
    assert app.top is not board and not asking(app.top)


def test_the_close_button_asks_before_a_game_under_way_is_lost(app):
    """The window's close button, with a game under way (even under its rules' overlay),
    asks as Back does: N stays, Y closes; pressed again while it asks, it closes. With
    nothing to lose it closes at once."""
    setup = MatchSetup(Nim((1, 2)), (Seat("Ann"), Seat("Bob")))
    board = app.open("board", setup)
    board.presenter.apply((1, 1))
    board.open_help()
    assert app.top is not board
    app.handle(pygame.event.Event(pygame.QUIT))
    [box] = asking(board)
    assert app.running and app.top is board
    assert box.window_display_title == "Close nimgame?" and box.confirm_button.text == "Close  Y"
    key(app, pygame.K_n, "n")
    assert app.running and app.top is board and not asking(board)
    app.handle(pygame.event.Event(pygame.QUIT))
    assert asking(board) and app.running
    app.handle(pygame.event.Event(pygame.QUIT))   # again: the person means it
    assert not app.running
    app.running = True


def test_y_closes_and_an_empty_board_closes_at_once(app):
    setup = MatchSetup(Nim((1, 2)), (Seat("Ann"), Seat("Bob")))
    board = app.open("board", setup)
    board.presenter.apply((1, 1))
    app.handle(pygame.event.Event(pygame.QUIT))
    assert asking(board)
    key(app, pygame.K_y, "y")
    assert not app.running
    app.running = True
    app.push(MenuScene(app))
    app.open("board", setup)   # no move yet
    app.handle(pygame.event.Event(pygame.QUIT))
    assert not app.running
    app.running = True


def test_menu_after_a_kuet_game_asks_while_rounds_are_left(app, monkeypatch):
    """The banner's Menu (Home) between KUET games loses the rounds played so far: it asks
    as Back does; N stays, Y goes to the menu. (Played out by waiting for the AI's
    searches, which run beside the frames: a count of frames ran out on long games.)"""
    from nimgame.players import PerfectPlayer
    from nimgame.ui.board import presenter
    from nimgame.ui.setup import SetupScene

    monkeypatch.setattr(presenter, "THINK_SECONDS", 0.0)

    key(app, pygame.K_1, "1")
    setup = app.top
    assert isinstance(setup, SetupScene)
    setup.choices["rounds"] = "KUET Easy: 3 games vs IDA*"
    setup.resize()
    key(app, pygame.K_RETURN)
    board, shown = app.top, app.top.presenter

    def played_out():   # the person's moves made as they come; the AI's searched aside
        if shown.humans_turn and not shown.over:
            shown.human_move(PerfectPlayer(shown.game).choose_move(shown.state))
        return shown.over

    wait_until(app, played_out)
    assert shown.match.more_rounds
    assert button_named(board, "Menu").text == "Menu  Home"
    key(app, pygame.K_HOME)
    [box] = asking(board)
    assert app.top is board and "KUET rounds are not finished" in box.confirmation_text.html_text
    assert board.focus.widget is box.cancel_button   # the ring on the safe answer
    key(app, pygame.K_n, "n")
    assert app.top is board and not asking(board) and shown.setup.round_results
    key(app, pygame.K_HOME)
    key(app, pygame.K_y, "y")
    assert isinstance(app.top, MenuScene) and len(app.scenes) == 1
