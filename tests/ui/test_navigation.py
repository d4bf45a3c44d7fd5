"""Scenes open one another by name through the app; every name in the registry opens its
scene, and a name that is not there says which are."""

import pygame
import pytest
from uidriver import frames

from nimgame.games import Nim
from nimgame.learning.trace import TraceRecorder
from nimgame.match import Seat
from nimgame.players import MCTSPlayer, QLearner
from nimgame.review import GameRecord
from nimgame.review.records import seat
from nimgame.session import MatchSetup
from nimgame.session.learning_steps import RecordedSteps
from nimgame.ui.board import NimBoard
from nimgame.ui.screens import SCENES


def arguments(name):
    setup = MatchSetup(Nim(), (Seat("Ann"), Seat("Bob")))
    if name == "mcts":   # a tree search's decision, to take apart
        searcher = MCTSPlayer(Nim(), 50, seed=1, record=True)
        searcher.choose_move(Nim().initial_state())
        return (searcher.last_decision,)
    return {"setup": ("nim",), "board": (setup,), "training": (Nim(),),
            "inspector": (QLearner(Nim()),), "help": (Nim(),), "results": (setup,),
            "steps": (RecordedSteps(TraceRecorder(), Nim()), "What it learned"),
            "review": (GameRecord.of(Nim((1, 1)), (seat("Ann"), seat("Bob")),
                                     [(0, 1), (1, 1)]),),
            }.get(name, ())


@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_scene_opens_by_name_and_closes(app, name):
    below = app.top
    scene = app.open(name, *arguments(name))
    assert app.top is scene and app.scenes[-2] is below
    frames(app, 2)
    app.pop()
    assert app.top is below


def test_a_scene_can_take_the_place_of_the_top_one(app):
    board = app.open("board", MatchSetup(Nim(), (Seat("Ann"), Seat("Bob"))), replace=True)
    assert isinstance(board, NimBoard) and app.scenes == [board]


def test_an_unknown_scene_is_named_with_those_there_are(app):
    with pytest.raises(KeyError, match="no scene called 'lobby'; there are menu, setup"):
        app.open("lobby")


def test_a_shortcut_with_ctrl_or_alt_is_not_a_letter_key(app):
    from uidriver import key

    from nimgame.ui.arena import ArenaScene
    from nimgame.ui.menu import MenuScene

    for mod in (pygame.KMOD_LCTRL, pygame.KMOD_RALT, pygame.KMOD_LMETA):
        key(app, pygame.K_a, "a", mod=mod)
        assert isinstance(app.top, MenuScene)
    key(app, pygame.K_a, "a", mod=pygame.KMOD_LSHIFT)   # Shift is still the key
    assert isinstance(app.top, ArenaScene)
    app.pop()
    board = app.open("board", MatchSetup(Nim(), (Seat("Ann"), Seat("Bob"))))
    board.presenter.match.play((3, 2))
    key(app, pygame.K_r, "r", mod=pygame.KMOD_LCTRL)   # not a restart
    key(app, pygame.K_2, "2", mod=pygame.KMOD_LALT)    # not pile 2
    assert board.presenter.state.piles == (1, 3, 5, 5) and board.typed_pile is None
    key(app, pygame.K_r, "r")
    assert board.presenter.state.piles == (1, 3, 5, 7)
