"""The step-through view, headless: a paused training run stepped with the keyboard alone
and with the mouse learns exactly what the same seed's run learns unpaused; every game and
both learners drawn whole at the smallest and a large window; "What it learned" after a
game against the kept hats."""

import pygame
import pytest
from screen_texts import assert_inside_and_whole, drawn_texts
from uidriver import button_named, frames, key, press, wait_until

from nimgame.games import KITS, make_game
from nimgame.learning.training import train, training_opponent
from nimgame.learning.worker import TrainingSpec
from nimgame.match import Seat
from nimgame.players import HatLearner, make_learner
from nimgame.session import HatDrawer, MatchSetup
from nimgame.session.learning_steps import Bar, PausedRun, RecordedSteps, explain
from nimgame.ui.app import App
from nimgame.ui.steps import StepsScene
from nimgame.ui.steps.drawing import heat_map, shown_bars
from nimgame.ui.training import TrainingScene
from nimgame.ui.training.drawing import chart_curve

RULES = {"nim": {"piles": [1, 3, 5]}, "sticks": {"sticks": 20}, "tictactoe": {},
         "hexapawn": {}}


def unpaused(spec):
    learner = make_learner(spec.learner, spec.make_game(), **spec.settings)
    train(learner, spec.games, seed=spec.seed, curve_points=0, explore=spec.explore,
          opponent=training_opponent(spec.opponent, learner.game, spec.seed))
    return learner.export_table()


def open_training_steps(app):
    key(app, pygame.K_t, "t")                     # the menu's Train
    training = app.top
    assert isinstance(training, TrainingScene)
    training.form.games_entry.set_text("1000")
    key(app, pygame.K_t, "t")                     # Step through, from the first game
    steps = app.top
    assert isinstance(steps, StepsScene)
    wait_until(app, lambda: not steps.busy)
    return training, steps


def test_the_training_screen_after_stepping_says_the_run_is_over(app, monkeypatch):
    """Back from stepping through, the run is a learner to save, play or discard: the
    panel said "1,000 games against itself, ready to start" beside it."""
    training, steps = open_training_steps(app)
    key(app, pygame.K_ESCAPE)                       # hands the learner back, 0 games in
    assert app.top is training and training.trained is not None
    words = " ".join(words for words, _ in drawn_texts(app, monkeypatch))
    assert "ready to start" not in words
    assert f"{training.trained.games_trained:,} games trained in all." in words


def test_the_keyboard_alone_steps_a_run_and_it_learns_what_it_learns_unpaused(app):
    training, steps = open_training_steps(app)
    run = steps.source
    assert run.steps.game.number == 1 and run.steps.update is not None
    seen = [run.where()]
    for k, mod in ((pygame.K_RIGHT, 0), (pygame.K_RIGHT, 0), (pygame.K_RIGHT, pygame.KMOD_SHIFT),
                   (pygame.K_PAGEDOWN, 0), (pygame.K_LEFT, 0), (pygame.K_HOME, 0),
                   (pygame.K_END, 0), (pygame.K_LEFT, pygame.KMOD_SHIFT),
                   (pygame.K_PAGEUP, 0)):
        key(app, k, mod=mod)
        seen.append(run.where())
    assert run.played == 3 and len(set(seen)) > 5
    assert seen[0].startswith("training game 1 of 1,000, update 1 of ")
    assert seen[3].startswith("training game 2 of 1,000, update 1 of ")
    assert seen[6] == seen[0]                       # Home: the first update of the first game
    key(app, pygame.K_r, "r")                       # run on to the end
    wait_until(app, lambda: not steps.busy)
    assert run.played == 1000 and steps.message.startswith("Done")
    key(app, pygame.K_ESCAPE)                       # hands the learner back
    assert app.top is training and training.trained is run.learner
    assert training.message.startswith("Stepped through: 1,000 of 1,000 games")
    assert run.learner.export_table() == unpaused(training.spec)


def test_the_mouse_does_what_the_keys_do(app):
    training, steps = open_training_steps(app)
    run = steps.source
    press(app, button_named(steps, "Next game"))
    assert run.steps.game.number == 2
    press(app, button_named(steps, "Next update"))
    press(app, button_named(steps, "Update back"))
    assert run.steps.place.update == 0
    press(app, button_named(steps, "Game back"))
    assert run.steps.game.number == 1
    press(app, button_named(steps, "Last"))
    assert run.steps.game.number == 2
    press(app, button_named(steps, "First"))
    assert run.steps.place.game == 0
    press(app, button_named(steps, "Close"))
    assert app.top is training and training.trained.games_trained == 2
    assert training.spec.seed is not None


def test_pausing_a_run_steps_on_from_where_the_worker_was(app):
    key(app, pygame.K_t, "t")
    training = app.top
    training.form.games_entry.set_text("1000000")
    key(app, pygame.K_RETURN)
    assert training.job is not None
    wait_until(app, lambda: training.job is not None and training.job.progress.done > 0)
    key(app, pygame.K_p, "p")
    wait_until(app, lambda: isinstance(app.top, StepsScene) and not app.top.busy)
    steps = app.top
    played = steps.source.played
    assert played > 1 and steps.source.steps.game.number == played
    replayed = make_learner("q", training.spec.make_game(), **training.spec.settings)
    spec = training.spec
    train(replayed, played - 1, seed=spec.seed, curve_points=0, explore=spec.explore)
    assert training.trained.export_table() == replayed.export_table()   # the worker's
    measured = [(p.games, p.optimal_share, p.win_rate) for p in training.job.curve
                if p.games <= played]
    assert measured   # the worker measured the curve's first point before the pause
    key(app, pygame.K_ESCAPE)
    assert training.trained is steps.source.learner
    # the chart keeps the curve measured before the pause, and a save would keep it
    assert training.job is None and training.trained.curve == measured
    assert chart_curve(training)[0] == measured


def paused(name, kind, stepped=3, catch_up=200):
    def open_it(app):
        run = PausedRun(TrainingSpec(name, RULES[name], kind, games=2000, seed=5))
        scene = app.open("steps", run, "Step through learning", catch_up=catch_up)
        wait_until(app, lambda: not scene.busy)
        for _ in range(stepped):
            scene.forward()
    return open_it


@pytest.mark.parametrize("size", [(800, 560), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", sorted(RULES))
@pytest.mark.parametrize("kind", ["q", "hats"])
def test_every_game_and_learner_is_drawn_whole_inside_the_window(size, name, kind,
                                                                 monkeypatch):
    app = App(size)
    try:
        app.open("menu")
        paused(name, kind)(app)
        frames(app, 2)
        cut = []
        texts = drawn_texts(app, monkeypatch, cut)
        assert_inside_and_whole(texts, size)
        said = " ".join(words for words, _ in texts)
        assert ("new = old + α × (reward + future − old)" in said) == (kind == "q")
        assert ("Ball drawn" in said) == (kind == "hats")
        assert not cut, cut
        buttons = [b.rect for b in app.top.actions]
        box = app.top.box()
        assert all(box.contains(b) for b in buttons)
        lowest_text = max(rect.bottom for words, rect in texts if words)
        assert lowest_text <= min(b.top for b in buttons)   # no text under the buttons
    finally:
        app.quit()


@pytest.mark.parametrize("name", sorted(name for name, kit in KITS.items() if kit.kept_hats))
def test_what_it_learned_is_offered_after_a_game_against_the_kept_hats(name, app):
    game = make_game(name, RULES[name])
    drawer = HatDrawer(HatLearner(game), game, seed=3)
    other = HatDrawer(HatLearner(game), game, seed=4)
    board = app.open("board", MatchSetup(game, (Seat("Ann", other), Seat("Hats", drawer))))
    wait_until(app, lambda: board.presenter.over)
    frames(app, 2)
    assert button_named(board, "What it learned")
    key(app, pygame.K_w, "w")
    steps = app.top
    assert isinstance(steps, StepsScene) and isinstance(steps.source, RecordedSteps)
    assert steps.source.steps.update is not None
    assert steps.source.where().startswith("game 1 of 1, update 1 of ")
    key(app, pygame.K_END)
    assert not steps.source.forward()
    key(app, pygame.K_ESCAPE)
    assert app.top is board


def test_what_it_learned_describes_the_game_played_not_the_hats_board(app):
    # The Sticks computer's kept hats are for a heap of up to 100 sticks; the game played
    # had 20, and the view over it says so (it said "100 sticks").
    from nimgame.players.random_player import RandomPlayer
    from nimgame.session.kept_hats import own_hats
    game = make_game("sticks", {"sticks": 20})
    drawer = own_hats(game, seed=3).drawer
    assert drawer.learner.game.describe_rules() != game.describe_rules()
    other = RandomPlayer(game, seed=4)
    board = app.open("board", MatchSetup(game, (Seat("Ann", other), Seat("Hats", drawer))))
    wait_until(app, lambda: board.presenter.over)
    frames(app, 2)
    key(app, pygame.K_w, "w")
    steps = app.top
    assert isinstance(steps, StepsScene)
    assert steps.source.game.describe_rules() == game.describe_rules()


def test_a_game_that_taught_nobody_offers_nothing(app):
    game = make_game("sticks", {"sticks": 10})
    board = app.open("board", MatchSetup(game, (Seat("Ann"), Seat("Bob"))))
    for move in (3, 3, 3, 1):
        board.presenter.apply(move)
    frames(app, 2)
    assert board.presenter.over
    assert not [b for b in board.actions if b.text.startswith("What it learned")]
    key(app, pygame.K_w, "w")
    assert app.top is board


def stepped_to_a_change(app, name, kind):
    """A paused run's step view, stepped on to an update that changed a value of a move
    made in a position (not the start's entry). From the second game: by 200 the
    Q-learner (alpha 1) has settled every value of a small board and changes none."""
    paused(name, kind, stepped=0, catch_up=1)(app)
    scene = app.top
    for _ in range(400):
        update = scene.source.steps.update
        said = explain(update, scene.source.game)
        if said.bars and said.bars[0].move is not None and any(
                bar.changed and bar.before != bar.after for bar in said.bars):
            return scene, said
        scene.forward()
    raise AssertionError("no changed value in 400 updates")


@pytest.mark.parametrize("kind", ["q", "hats"])
def test_the_tictactoe_heat_map_marks_the_value_the_update_changed(kind, app, monkeypatch):
    scene, said = stepped_to_a_change(app, "tictactoe", kind)
    squares = heat_map(said, said.move_shares())
    marked = {move for move, square in squares.items() if square.framed}
    assert marked == said.changed_moves() and marked
    update = scene.source.steps.update   # a hat holds one kind of ball per move up to
    kinds = update.moves if kind == "hats" else scene.source.game.legal_moves(said.position)
    assert set(squares) == set(kinds)     # symmetry; a row of Q every legal move
    for move in marked:   # not by colour alone: a frame, a word and the value before
        assert squares[move].verdict in ("changed", "drawn", "written")
        assert squares[move].detail.startswith("was ")
    assert all(not s.verdict for move, s in squares.items() if move not in marked)
    texts = [words for words, _ in drawn_texts(app, monkeypatch)]
    assert "changed" in texts and any(words.startswith("was ") for words in texts)


def test_a_board_without_a_heat_map_draws_no_heat_map_words(app, monkeypatch):
    paused("nim", "q")(app)
    texts = [words for words, _ in drawn_texts(app, monkeypatch)]
    assert not any(words.startswith("was ") for words in texts)


def test_the_q_tables_row_is_drawn_with_the_changed_entry_marked(app, monkeypatch):
    scene, said = stepped_to_a_change(app, "nim", "q")
    texts = [words for words, _ in drawn_texts(app, monkeypatch)]
    labels = [bar.label for bar in said.bars]
    start, end = shown_bars(said.bars, 99)
    assert (start, end) == (0, len(labels))
    shown = [label for label in labels if label in texts]
    marked = [bar for bar in said.bars if bar.changed]
    assert all(bar.label in texts for bar in marked)
    assert len(shown) > 1 and any(words.endswith("  changed") for words in texts)


def test_too_many_moves_show_those_around_the_marked_one_and_say_how_many_more():
    bars = tuple(Bar(str(i), 0.0, 0.5 if i == 17 else 0.0, i == 17) for i in range(30))
    start, end = shown_bars(bars, 8)
    assert end - start == 7 and start <= 17 < end
    assert shown_bars(bars, 30) == (0, 30)
    assert shown_bars(bars[:3], 8) == (0, 3)
    first = tuple(Bar(str(i), 0, 0, i == 0) for i in range(30))
    assert shown_bars(first, 8) == (0, 7)
    last = tuple(Bar(str(i), 0, 0, i == 29) for i in range(30))
    assert shown_bars(last, 8) == (23, 30)


@pytest.mark.parametrize("name", sorted(RULES))
@pytest.mark.parametrize("kind", ["q", "hats"])
def test_every_update_of_a_first_game_is_drawn_uncut_in_the_smallest_window(name, kind,
                                                                          monkeypatch):
    # the first update too: Q's entry for the start is one bar, "written, no change"
    app = App((800, 560))
    try:
        app.open("menu")
        paused(name, kind, stepped=0)(app)
        steps = app.top.source.steps
        while True:
            frames(app, 1)
            cut = []
            texts = drawn_texts(app, monkeypatch, cut)
            assert_inside_and_whole(texts, (800, 560))
            assert not cut, (app.top.source.where(), cut)
            if steps.place.update + 1 >= steps.recorder.updates_in(steps.place.game):
                break
            app.top.forward()
    finally:
        app.quit()


@pytest.mark.parametrize("bars,signed", [
    ((Bar("1", 10571, 10574, True), Bar("2", 134, 134, False)), False),   # practised hats
    ((Bar("9", 123456789, 123456789, True), Bar("8", 0, 0, False)), False),
    ((Bar("Q(s, a)", -1.0, -1.0, True),), True),
    ((Bar("c1xb2", -0.125, -0.0625, True), Bar("a1-a2", -0.003, 0.0, False)), True)])
def test_the_words_beside_the_bars_are_whole_in_the_smallest_window(bars, signed,
                                                                   monkeypatch):
    from nimgame.ui import theme
    from nimgame.ui.steps.drawing import draw_bars
    pygame.init()
    theme.forget()   # fonts made before another test's pygame.quit() are dead
    cut = []
    real = theme.text

    def recording(surface, words, pos, size=18, colour=theme.TEXT, bold=False,
                  anchor="topleft", width=None):
        if width is not None and theme.fit(words, size, width, bold) != words:
            cut.append(words)
        return real(surface, words, pos, size, colour, bold, anchor, width)

    monkeypatch.setattr(theme, "text", recording)
    surface = pygame.Surface((800, 560))
    still = "written, no change" if signed else "drawn"
    draw_bars(surface, pygame.Rect(326, 240, 424, 120), bars, signed, still)   # 800x560's
    assert not cut, cut
