"""The arena selects by the result the game gives (points a game: a win 1, a draw ½) and
says on screen how it broke a tie: the issue's Tic-Tac-Toe arena, where Random (listed
first, lost most games) was picked over two players that drew every game."""

import pytest
from screen_texts import assert_inside_and_whole, drawn_texts
from uidriver import frames, wait_until

from nimgame.ui.arena import ArenaScene

SIZES = [(800, 560), (1920, 1080)]


def run_the_issues_arena(app, size):
    """Tic-Tac-Toe against minimax: Random listed first, then two players that draw."""
    app.resize(size)
    arena = ArenaScene(app)
    app.push(arena)
    frames(app, 2)
    arena.preset = next(p for p in arena.boards() if p.startswith("Tic-Tac-Toe"))
    arena.rebuild()
    arena.opponent = "Hard (minimax)"
    arena.chosen = ["Random", "Hard (minimax)", "Hard (alpha-beta)"]
    arena.games_text = "20"
    arena.rebuild()
    arena.run()
    wait_until(app, lambda: arena.job is None and arena.result is not None)
    frames(app, 1)
    return arena


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_arena_selects_a_drawing_player_and_says_how(app, size, monkeypatch):
    arena = run_the_issues_arena(app, size)
    assert arena.result.results["Random"].losses > 10
    assert arena.result.selected.algorithm == "Hard (minimax)"
    cut = []
    texts = drawn_texts(app, monkeypatch, cut)
    said = " ".join(words for words, _ in texts)
    assert "Selected: Hard (minimax) (fitness 0.50)" in said
    assert "tie on 10 of 20 points and 0 losses with Hard (alpha-beta): kept the first " \
           "listed." in said
    assert "points a game (win 1, draw ½, loss 0)" in said
    assert [words for words, _ in texts].count("0.50") == 2   # fitness: points a game
    assert "points: [½, ½, ½" in said                          # the games one by one
    assert_inside_and_whole(texts, size)
    assert not [words for words in cut if "tie" in words or "Selected" in words or
                "listed" in words or "Fitness" in words]
