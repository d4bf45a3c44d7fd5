"""A finished game reviewed in the window (headless, synthetic events): opened from the
banner (V, or its button) on every game, stepped with the keys alone and with the mouse,
each move's mark saying its value by colour, shape and letter, the first mistake and why
shown whole at the smallest and the biggest window, and play on from before the mistake."""

import random

import pygame
import pytest
from screen_texts import assert_inside_and_whole, drawn_texts
from uidriver import button_named, click, frames, key, press

from nimgame.games import Nim, Sticks, TicTacToe
from nimgame.games.hexapawn import Hexapawn
from nimgame.match import Seat
from nimgame.review import review
from nimgame.session import MatchSetup
from nimgame.ui.app import App
from nimgame.ui.board import BoardScene
from nimgame.ui.review import ReviewScene
from nimgame.ui.review.drawing import cell, lay_out, mark_label

GAMES = {"nim": Nim(), "sticks": Sticks(20), "tictactoe": TicTacToe(), "hexapawn": Hexapawn()}


def game_with_a_mistake(game, seed=1):
    """The moves of a random game (seeded) that has a first mistake, played to the end."""
    rng = random.Random(seed)
    while True:
        state, moves = game.initial_state(), []
        while not game.is_over(state):
            move = rng.choice(sorted(game.legal_moves(state)))
            moves.append(move)
            state = game.result(state, move)
        if review(game, moves).first_mistake is not None:
            return moves


def finished_board(app, game, moves):
    board = app.open("board", MatchSetup(game, (Seat("Ann"), Seat("Bob"))))
    for move in moves:
        assert board.presenter.apply(move)
    frames(app, 2)
    assert board.presenter.over
    return board


def opened_with_v(app, board):
    key(app, pygame.K_v, "v")
    frames(app, 2)   # the exact values are worked out beside the frames
    scene = app.top
    assert isinstance(scene, ReviewScene) and scene.review is not None
    return scene


@pytest.mark.parametrize("name", GAMES)
def test_v_opens_the_review_at_the_first_mistake_and_esc_comes_back(app, name):
    game = GAMES[name]
    moves = game_with_a_mistake(game)
    board = finished_board(app, game, moves)
    scene = opened_with_v(app, board)
    expected = review(game, moves, names=("Ann", "Bob"))
    assert scene.review.moves == expected.moves
    assert scene.index == expected.first_mistake.ply
    first = scene.review.first_mistake   # said of its mover by name, not "It"
    assert first.why.startswith(("Ann", "Bob")[first.player] + " ")
    key(app, pygame.K_ESCAPE)
    assert app.top is board
    press(app, button_named(board, "Review"))
    assert isinstance(app.top, ReviewScene)


def test_no_v_before_the_game_ends(app):
    board = app.open("board", MatchSetup(Nim(), (Seat("Ann"), Seat("Bob"))))
    frames(app, 2)
    key(app, pygame.K_v, "v")
    assert app.top is board
    assert not any(b.text.startswith("Review") for b in board.actions)


@pytest.mark.parametrize("name", GAMES)
def test_the_keys_alone_walk_every_move(app, name):
    game = GAMES[name]
    moves = game_with_a_mistake(game)
    scene = opened_with_v(app, finished_board(app, game, moves))
    key(app, pygame.K_HOME)
    assert scene.index == 0
    key(app, pygame.K_LEFT)
    assert scene.index == 0   # no further than the start
    for ply in range(1, len(moves) + 1):
        key(app, pygame.K_RIGHT)
        assert scene.index == ply
        assert scene.position() == scene.review.positions[ply]
    key(app, pygame.K_RIGHT)
    assert scene.index == len(moves)
    key(app, pygame.K_HOME)
    key(app, pygame.K_END)
    assert scene.index == len(moves)
    key(app, pygame.K_LEFT, mod=pygame.KMOD_ALT)   # the system's, not the review's
    assert scene.index == len(moves)


@pytest.mark.parametrize("name", GAMES)
def test_a_click_on_a_mark_goes_there_and_the_buttons_step(app, name):
    game = GAMES[name]
    moves = game_with_a_mistake(game)
    scene = opened_with_v(app, finished_board(app, game, moves))
    timeline = lay_out(app.size).timeline
    for index in (0, len(moves), 1):
        click(app, cell(timeline, len(moves) + 1, index).center)
        assert scene.index == index
    press(app, button_named(scene, "Next"))
    assert scene.index == 2
    press(app, button_named(scene, "Previous"))
    assert scene.index == 1
    press(app, button_named(scene, "End"))
    assert scene.index == len(moves)
    press(app, button_named(scene, "Start"))
    assert scene.index == 0


@pytest.mark.parametrize("name", GAMES)
def test_each_mark_says_its_value_besides_its_colour_and_the_first_mistake_is_marked(app,
                                                                                    name):
    game = GAMES[name]
    moves = game_with_a_mistake(game)
    scene = opened_with_v(app, finished_board(app, game, moves))
    first = scene.review.first_mistake
    marks = scene.marks()
    assert [m.first_mistake for m in marks].count(True) == 1
    assert marks[first.ply - 1].first_mistake
    for mark, move in zip(marks, scene.review.moves, strict=True):
        assert (mark.outcome, mark.left) == (move.after.outcome, move.after.left)
        assert mark_label(mark)[0] == {1: "W", 0: "D", -1: "L"}[move.after.outcome]
        if move.after.left and move.after.outcome:
            assert mark_label(mark) == f"{mark_label(mark)[0]}{move.after.left}"


@pytest.mark.parametrize("size", [(800, 560), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", GAMES)
def test_the_why_and_every_line_is_drawn_whole_at_both_sizes(name, size, monkeypatch):
    game = GAMES[name]
    moves = game_with_a_mistake(game)
    app = App(size)
    try:
        app.open("menu")
        scene = opened_with_v(app, finished_board(app, game, moves))
        first = scene.review.first_mistake
        for index in (0, first.ply, len(moves)):
            scene.go(index)
            frames(app, 1)
            cut = []
            texts = drawn_texts(app, monkeypatch, cut=cut)
            assert_inside_and_whole(texts, size)
            assert not cut, cut
            said = " ".join(words for words, _ in texts)
            assert " ".join(first.why.split()) in " ".join(said.split()), (index, said)
            if index:
                move = scene.review.moves[index - 1]
                assert f"Before: {move.before.text}" in said
                assert f"After: {move.after.text}" in said
    finally:
        app.quit()


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("by", ["key", "button"])
def test_play_on_starts_from_just_before_the_mistake_with_the_same_seats(app, name, by):
    game = GAMES[name]
    moves = game_with_a_mistake(game)
    board = finished_board(app, game, moves)
    seats = board.presenter.seats
    scene = opened_with_v(app, board)
    where = scene.review.play_on()
    if by == "key":
        key(app, pygame.K_p, "p")
    else:
        press(app, button_named(scene, "Play on"))
    assert app.top is board
    presenter = board.presenter
    assert presenter.state == where.state and not presenter.over
    assert presenter.match.moves == list(where.moves)
    assert presenter.seats == seats
    assert presenter.match.to_move == where.player
    assert f"before move {where.ply}" in presenter.status
    assert board.presenter.humans_turn   # two people: whoever erred plays again


def test_a_game_without_a_mistake_offers_no_play_on(app):
    game = Nim((1, 1))
    board = finished_board(app, game, [(0, 1), (1, 1)])   # misère: the last take loses
    scene = opened_with_v(app, board)
    assert scene.review.first_mistake is None
    assert not any(b.text.startswith("Play on") for b in scene.actions)
    key(app, pygame.K_p, "p")
    assert app.top is scene


def test_kuet_rounds_review_but_do_not_play_on(app):
    """A KUET round is scored: the review shows it, and offers no game from the middle."""
    game = Nim((1, 1))
    board = app.open("board", MatchSetup(game, (Seat("Ann"), Seat("Bob"))))
    board.presenter.setup.rounds = [("x", "perfect")]
    for move in ((0, 1), (1, 1)):
        board.presenter.apply(move)
    frames(app, 2)
    board.rebuild()
    scene = opened_with_v(app, board)
    assert scene.play_on_from is None and not scene.can_play_on()


def test_play_from_moves_that_cannot_be_played_says_so_and_starts_afresh(app):
    game = Nim((1, 2))
    board = app.open("board", MatchSetup(game, (Seat("Ann"), Seat("Bob"))))
    board.presenter.play_from([(0, 1), (0, 1)])
    assert board.presenter.status_error and "Cannot play on from there" in board.presenter.status
    assert board.presenter.state == game.initial_state()
    assert isinstance(app.top, BoardScene)


def test_a_game_too_big_to_judge_says_so_in_one_line_and_still_steps(app, monkeypatch):
    import nimgame.ui.review.scene as review_scene

    def too_big(game, moves, names=None):
        raise ValueError(f"{game.describe_rules()} is too big to judge exactly")

    monkeypatch.setattr(review_scene, "review", too_big)
    game = TicTacToe()
    moves = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]
    scene = app.open("review", finished_board(app, game, moves).presenter.match.record(), None)
    frames(app, 2)
    assert scene.review is None and scene.problem.startswith("This game cannot be reviewed")
    said = " ".join(words for words, _ in drawn_texts(app, monkeypatch))
    assert "cannot be reviewed" in said and "too big to judge" in said
    key(app, pygame.K_HOME)
    assert scene.index == 0 and scene.position() == game.initial_state()
    key(app, pygame.K_RIGHT)
    assert scene.position() == game.result(game.initial_state(), moves[0])
    assert not scene.can_play_on()
