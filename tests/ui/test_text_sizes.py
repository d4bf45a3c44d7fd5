"""No words too small to read where one frame of a screen does not show it all: the MCTS
view at deeper iterations, and the step view's facts and bars at 12 px (every scene's
first frame, at every size, is held to 12 px by test_layout)."""

import pytest
from test_layout import SIZES, scene_at, size_id

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
