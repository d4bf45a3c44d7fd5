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


def test_the_pyramid_bench_counts_games_until_every_position_is_right():
    """`bench.pyramid` on the 5-row board, two seeds: each seed's count is a multiple of
    the check interval, and a learner trained that long (same seed) plays every position
    right, one check earlier it did not."""
    import random

    from bench import pyramid
    from nimgame.games import Nim
    from nimgame.learning.evaluation import optimal_move_share
    from nimgame.learning.training import EXPLORE
    from nimgame.players import QLearner

    said = []
    pyramid.pyramid_target(lambda target, ok, figures: said.append((target, ok, figures)),
                           range(2), (5,))
    ((target, ok, figures),) = said
    assert ok and "5 rows" in target and "728 canonical positions" in figures
    assert "right on 2 of 2 seeds" in figures and "Zhou & Riis" in figures
    step = pyramid.PLAN[5][0]
    game = Nim((1, 3, 5, 7, 9), misere=False)
    for seed in range(2):
        reached = pyramid.run_seed(game, seed, step, pyramid.PLAN[5][1]).games
        per_seed = figures.split("per seed [")[1].split("]")[0].split(", ")
        assert reached is not None and reached % step == 0 and per_seed[seed] == str(reached)
        learner, rng = QLearner(game), random.Random(seed)
        learner.train_games(reached - step, rng, explore=EXPLORE)
        assert optimal_move_share(learner) < 1.0
        learner.train_games(step, rng, explore=EXPLORE)
        assert optimal_move_share(learner) == 1.0
