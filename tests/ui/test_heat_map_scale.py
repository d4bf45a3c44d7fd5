"""The Tic-Tac-Toe heat map's colours sit on a fixed scale (a value's colour does not
depend on the other squares), each square says the exact verdict in words beside its
number, and a legend says what the colours mean."""

import pytest
from screen_texts import assert_inside_and_whole, drawn_texts
from uidriver import frames

from nimgame.games import TicTacToe
from nimgame.learning import insight
from nimgame.players import HatLearner, QLearner
from nimgame.ui import theme
from nimgame.ui.board import value_colour
from nimgame.ui.board.value_colours import DRAW, chance_colour
from nimgame.ui.inspector import InspectorScene

SIZES = [(800, 560), (1920, 1080)]


def test_value_colours_sit_on_a_fixed_scale():
    """The issue's example: +0.02 and +0.04, on a board where every square draws, showed
    red and green. Now both are (nearly) the draw's colour, whatever else is on the board."""
    for value in (0.02, 0.04):
        assert max(abs(a - b) for a, b in zip(value_colour(value), DRAW, strict=True)) <= 6
    lose, win = theme.TAKE, theme.GOOD
    assert value_colour(-1.0) == lose and value_colour(0.0) == DRAW and value_colour(1.0) == win
    assert value_colour(7.0) == win and value_colour(-7.0) == lose
    reds = [value_colour(-v / 10)[0] - value_colour(-v / 10)[1] for v in range(11)]
    assert reds == sorted(reds)   # more red the worse the value
    assert chance_colour(0.25) == chance_colour(0.25) != chance_colour(0.75)


def scored(learner, scores):
    """`learner` believing `scores`, whatever it has learned."""
    learner.move_scores = lambda state: dict(scores)
    return learner


def test_a_squares_worth_does_not_depend_on_the_other_squares():
    game = TicTacToe()
    start = game.initial_state()
    one = insight.move_worths(scored(QLearner(game), {(0, 0): 0.02, (1, 1): 0.04}), start)
    two = insight.move_worths(scored(QLearner(game), {(0, 0): 0.02, (1, 1): -0.9}), start)
    assert one[(0, 0)] == two[(0, 0)]
    assert one[(0, 0)] == insight.Worth(0.02, "+0.02", "", "draws")   # the exact verdict
    hats = insight.move_worths(scored(HatLearner(game), {(0, 0): 1, (1, 1): 3}), start)
    assert hats[(1, 1)] == insight.Worth(0.75, "75%", "3 balls", "draws")
    assert hats[(0, 0)].detail == "1 ball"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("kind", [QLearner, HatLearner])
def test_the_heat_map_draws_verdicts_and_a_legend(app, size, kind, monkeypatch):
    """O to move after X's two in a row: blocking draws, the five other squares lose."""
    app.resize(size)
    view = InspectorScene(app, kind(TicTacToe()), "XX..O....")
    app.push(view)
    frames(app, 2)
    cut = []
    texts = drawn_texts(app, monkeypatch, cut)
    words = [w for w, _ in texts]
    assert words.count("draws") == 1 and words.count("loses") == 5
    numbers = [w for w in words if w[:-1].isdigit() and w.endswith("%") and w != "50%"] \
        if kind is HatLearner else \
        [w for w in words if w[:1] in "+-" and w[1:].replace(".", "").isdigit()]
    assert len(numbers) == 6
    said = " ".join(words)
    if kind is QLearner:
        assert "−1 it expects to lose" in words and "+1 it expects to win" in words
        assert "from −1 (a loss) to +1 (a win)" in said
    else:
        assert "0% never" in words and "100% always" in words
        assert sum(w.endswith(("ball", "balls")) for w in words) == 6
    assert "The word: the exact result with best play." in said
    assert_inside_and_whole(texts, size)
    assert not cut
