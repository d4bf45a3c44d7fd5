"""Shares shown to people: the same figure in the CLI and the window, and only a perfect
share looks perfect."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nimgame.safetext import percent


@pytest.mark.parametrize("share,shown", [(None, "—"), (0.998, "99.8%"), (0.9996, "99.9%"),
                                         (0.99999, "99.9%"), (1.0, "100.0%"), (0.0, "0.0%"),
                                         (0.5, "50.0%")])
def test_percent(share, shown):
    assert percent(share) == shown


@given(st.floats(0, 1))
def test_only_a_perfect_share_shows_as_100(share):
    assert (percent(share) == "100.0%") == (share == 1.0)


def test_the_library_shows_the_accuracy_list_shows(tmp_path):
    from nimgame import storage
    from nimgame.games import Nim
    from nimgame.players import QLearner
    from nimgame.ui.library.table import describe

    learner = QLearner(Nim())
    learner.accuracy = 0.998
    learner.name = "nearly"
    path = storage.save(learner)
    (info,) = [i for i in storage.list_brains() if i.path == path]
    assert describe(info)[5] == "99.8%"


def test_plural():
    from nimgame.safetext import plural
    assert [plural(n, "game") for n in (0, 1, 2, 2000)] == [
        "0 games", "1 game", "2 games", "2,000 games"]
