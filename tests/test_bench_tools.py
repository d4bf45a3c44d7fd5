"""The developer tools in bench/ keep working as the code under them changes (the
screenshots tool broke silently twice before this test): the quick screenshots render the
menu and every board, game-over banner included, and an MCTS decision taken apart, into
a private folder."""

from pathlib import Path


def test_quick_screenshots_render_the_menu_and_the_boards(tmp_path, monkeypatch):
    from bench import screenshots
    from nimgame.ui.board import presenter as base

    # The tool sets these for itself; the test puts them back afterwards.
    monkeypatch.setattr(screenshots, "OUT", screenshots.OUT)
    for name in ("THINK_SECONDS", "PREVIEW_SECONDS", "ANIMATION_SECONDS"):
        monkeypatch.setattr(base, name, getattr(base, name))
    assert screenshots.main(["--size", "800x560", "--quick", "--out", str(tmp_path)]) == 0
    written = {path.name for path in Path(tmp_path, "800x560").glob("*.png")}
    assert {"menu.png", "nim.png", "game-over.png", "sticks.png", "tictactoe.png",
            "hexapawn.png", "kuet-results.png", "mcts.png", "review.png", "steps.png", "menace.png",
            "steps-hats.png"} <= written


def test_the_arena_screenshot_plays_every_contender_it_names(tmp_path, monkeypatch):
    """A saved AI is listed once the brains folder is read: the tool used to choose it
    before, the arena kept only what it listed, and the picture showed one fewer."""
    from bench import screenshots
    from nimgame import storage
    from nimgame.games import Nim
    from nimgame.learning.training import train
    from nimgame.players import QLearner
    from nimgame.ui.app import App

    learner = QLearner(Nim())
    train(learner, 20, seed=1, curve_points=1, eval_games=2)
    learner.name = "CS50 champion"
    storage.save(learner)
    monkeypatch.setattr(screenshots, "OUT", tmp_path)
    chosen = ["Easy (IDA*)", "Random", "Saved: CS50 champion"]
    app = App((800, 560))
    try:
        result = screenshots.arena_screen(app, chosen, 2)
    finally:
        app.quit()
    assert sorted(result.results) == sorted(chosen)
    assert (tmp_path / "arena.png").is_file()


def test_the_menace_bench_summarises_never_as_worse_than_any_number():
    from bench.menace import summary

    assert summary([5, 3, 9]) == ("median 5, worst 9; per seed 5, 3, 9", 5)
    words, median = summary([5, None, 3, None])
    assert median is None and words.startswith("median never, worst never (2 of 4 never)")
    assert summary([4, 2, None, 8])[1] == 6
