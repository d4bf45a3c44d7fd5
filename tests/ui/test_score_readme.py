"""The game-over banner's score, as the README describes it: since the window opened,
between you and this opponent as the set-up names it, at this game on any board and
rules, whoever moved first."""

from pathlib import Path

from nimgame.games import Nim
from nimgame.match import Seat
from nimgame.players import PerfectPlayer, QLearner


def test_the_score_is_kept_as_the_readme_says(app):
    readme = " ".join((Path(__file__).resolve().parents[2] / "README.md").read_text(
        encoding="utf-8").split())
    assert ("the score since the window opened between you and this opponent (as the set-up "
            "names it: a fresh learner each time counts as one, a saved brain by its name) at "
            "this game (on any board and rules, whoever moved first)") in readme
    small, big = Nim((1, 3)), Nim((3, 5, 7), misere=False)
    me = Seat("Ann")
    learner = Seat("NimX", QLearner(small), label="Q-learning")
    tally = app.tally_for("nim", (me, learner))
    # a fresh learner on another board and rules, moving first: the same score
    fresh = Seat("NimX", QLearner(big), label="Q-learning")
    assert app.tally_for("nim", (fresh, me)) is tally
    # another opponent, a saved brain by its name, another game: each its own
    assert app.tally_for("nim", (me, Seat("NimX", PerfectPlayer(small), label="Perfect"))) \
        is not tally
    assert app.tally_for("nim", (me, Seat("NimX", QLearner(small), label="champ"))) \
        is not tally
    assert app.tally_for("tictactoe", (me, learner)) is not tally
