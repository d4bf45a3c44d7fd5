"""A saved brain among the opponents is listed with its games, counted in words."""

import pytest

from nimgame import storage
from nimgame.games import make_game
from nimgame.learning.training import train
from nimgame.players import make_learner
from nimgame.session.opponents import opponents


@pytest.mark.parametrize("games,said", [(1, "(1 game)"), (2, "(2 games)"),
                                        (1000, "(1,000 games)")])
def test_a_saved_brain_says_how_many_games_it_played(games, said):
    game = make_game("nim")
    learner = make_learner("q", game)
    learner.name = "one run"
    train(learner, games, seed=1, curve_points=0)
    storage.save(learner)
    labels = [text for text in opponents("nim", game, storage.list_brains(), None)
              if text.startswith("Saved: ")]
    assert labels == [f"Saved: one run {said}"]
