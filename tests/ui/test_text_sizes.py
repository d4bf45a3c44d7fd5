"""No words too small to read where one frame of a screen does not show it all: the MCTS
view at deeper iterations, and the step view's facts and bars at 12 px (every scene's
first frame, at every size, is held to 12 px by test_layout)."""

import pytest
from test_layout import SCENES, SIZES, scene_at, size_id

from nimgame.ui import theme

SMALLEST = 12


def drawn_sizes(app, monkeypatch):
    """Every non-empty text the top scene draws in a frame, with its type size (given
    by position or by keyword)."""
    drawn = []
    real = theme.text

    def recording(surface, words, pos, *args, **kwargs):
        size = args[0] if args else kwargs.get("size", 18)
        if words:
            drawn.append((words, size))
        return real(surface, words, pos, *args, **kwargs)

    monkeypatch.setattr(theme, "text", recording)
    app.screen.fill((0, 0, 0))
    app.top.draw(app.screen)
    monkeypatch.setattr(theme, "text", real)
    return drawn


@pytest.mark.parametrize("size", SIZES, ids=size_id)
@pytest.mark.parametrize("game", ["nim", "tictactoe", "hexapawn"])
def test_the_mcts_view_draws_no_text_under_12_px_at_any_step(size, game, monkeypatch):
    """Not only the first iteration: deeper ones have longer paths, more rows and smaller
    pictures (their pawns' letters were 8 px at 1920x1080; a row's numbers may shrink)."""
    from test_mcts_view import GAMES, opened, recorded

    with scene_at(size, "menu", monkeypatch) as app:
        scene = opened(app, recorded(GAMES[game], 600))
        for index in (0, 1, 2, 57, 300, 599):
            scene.steps.go(index)
            small = [(words, points) for words, points in drawn_sizes(app, monkeypatch)
                     if points < SMALLEST]
            assert not small, (index, small)


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_readable_bars_leave_out_no_fact_and_no_bar_of_the_step_view(size, monkeypatch):
    """Bar rows of 20 px (their words at 12 px) take more room than the 11 px ones did:
    the facts stand in two columns where the panel is wide, so every fact and every bar
    of this update is still shown (with the taller rows alone, one column of facts lost
    its last facts at every size, and at 200% two of the three bars)."""
    from nimgame.session.learning_steps import explain

    with scene_at(size, "steps q tictactoe", monkeypatch) as app:
        said = explain(app.top.source.steps.update, app.top.source.game)
        drawn = [words for words, _ in drawn_sizes(app, monkeypatch)]
        assert len(said.bars) == 3 and all(bar.label in drawn for bar in said.bars)
        assert not [words for words in drawn if "not shown" in words]
        assert all(fact in drawn for fact in said.lines), (said.lines, drawn)


def nim_q_from_the_start(app):
    """The step view over a Q-learner's first game of Nim (1, 3, 5, 7), the training
    screen's first preset: its updates have the longest facts ("valued by the rules when
    first met", "minus the other player's best reply, which leaves ...")."""
    from uidriver import wait_until

    from nimgame.learning.worker import TrainingSpec
    from nimgame.session.learning_steps import PausedRun

    spec = TrainingSpec("nim", {"piles": [1, 3, 5, 7]}, "q", games=1000, seed=2)
    scene = app.open("steps", PausedRun(spec), "Step through learning")
    wait_until(app, lambda: not scene.busy)


def pieces_of(fact, drawn):
    """Whether `fact` is drawn whole: as one text, or as consecutive lines wrapped from it."""
    for start in range(len(drawn)):
        joined = ""
        for words in drawn[start:]:
            joined = f"{joined} {words}".strip()
            if joined == fact:
                return True
            if not fact.startswith(joined):
                break
    return False


@pytest.mark.parametrize("size", [SIZES[0], SIZES[3]], ids=size_id)
def test_every_fact_of_each_q_update_is_shown_whole_and_the_bars_clear_the_buttons(
        size, monkeypatch):
    """At 800x560 the "Future: 0: the game is over (valued by the rules when first met)"
    line stopped at "first" (the rest left out for the bars' room), and at 200% the Future
    and alpha lines were not drawn at all. Every update of a whole game: each line of the
    update drawn whole (one text, or wrapped into consecutive lines), none shortened, the
    marked bar shown, and the last bar row well clear of the buttons."""
    from screen_texts import drawn_texts

    from nimgame.session.learning_steps import explain

    monkeypatch.setitem(SCENES, "steps q nim 1357", nim_q_from_the_start)
    with scene_at(size, "steps q nim 1357", monkeypatch) as app:
        scene, seen = app.top, 0
        steps = scene.source.steps
        while True:
            said = explain(steps.update, scene.source.game)
            cut = []
            texts = drawn_texts(app, monkeypatch, cut=cut)
            drawn = [words for words, _ in texts]
            assert cut == [], (steps.where(), cut)
            missing = [fact for fact in said.lines if not pieces_of(fact, drawn)]
            assert missing == [], (steps.where(), missing, drawn)
            marked = [bar.label for bar in said.bars if bar.changed]
            assert all(label in drawn for label in marked), (steps.where(), marked)
            lowest = max(rect.bottom for words, rect in texts if words in
                         {bar.label for bar in said.bars} or "not shown" in words)
            assert lowest <= scene.buttons_top - 12, (steps.where(), lowest)
            seen += 1
            if not steps.next_update() or steps.game.number > 1:
                break
        assert seen >= 5
