"""Scenes open one another by name through the app; every name in the registry opens its
scene, and a name that is not there says which are."""

import pytest
from uidriver import frames

from nimgame.games import Nim
from nimgame.match import Seat
from nimgame.players import QLearner
from nimgame.ui.boards import NimBoard
from nimgame.ui.choices import MatchSetup
from nimgame.ui.screens import SCENES


def arguments(name):
    setup = MatchSetup(Nim(), (Seat("Ann"), Seat("Bob")))
    return {"setup": ("nim",), "board": (setup,), "training": (Nim(),),
            "inspector": (QLearner(Nim()),), "help": (Nim(),), "results": (setup,)
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
