"""The lab's screen at 800x560 and at 1920x1080 with the interface at 200% (a 960x540
canvas): the run menu shows a whole run, the notes beside α and ε are said whole, nothing
overlaps; at 1920x1080 the form spreads and the chart takes the rest. The chart's games
switch to a log scale by L and by the mouse, and Export draws what the window shows."""

from dataclasses import replace

import pygame
import pytest
from screen_texts import drawn_texts
from uidriver import click, frames, key

from nimgame.learning.lab import NEVER, LabSpec, RunSpec, run_lab
from nimgame.ui.app import App
from nimgame.ui.lab.drawing import chart_frame, chart_image, chart_series, table_cells

SPEC = LabSpec("sticks", {"sticks": 20, "max_take": 3}, (
    RunSpec(games=300), RunSpec("hats", games=300, explore=0.0),
    RunSpec(games=300, opponent="random")), seeds=2, every=100)


def lab_at(size):
    app = App(size[:2])
    app.settings.scale = size[2] if len(size) > 2 else 100
    app.apply_look()
    app.open("menu")
    scene = app.open("lab")
    frames(app, 2)
    return app, scene


def x_button(scene):
    return next(b for b in scene.actions if b.text.startswith("x: "))


@pytest.mark.parametrize("size", [(800, 560), (1920, 1080, 200)],
                         ids=lambda s: "x".join(map(str, s)))
def test_the_lab_fits_its_window_and_switches_its_scale(size, monkeypatch, nimgame_home):
    app, scene = lab_at(size)
    try:
        window = pygame.Rect((0, 0), app.size)
        run_menu = next(m for m, name in scene.menus.items() if name == "run")
        whole = scene.choices.run_titles()[scene.choices.chosen]
        assert run_menu.selected_option[0] == whole                  # not "1. q…"
        widgets = [w for w in scene.widgets if w.alive() and w.visible]
        for i, widget in enumerate(widgets):
            assert window.contains(widget.rect), widget
            assert not any(widget.rect.colliderect(other.rect) for other in widgets[i + 1:])
        assert not scene.panel().colliderect(x_button(scene).rect)
        cut: list[str] = []
        texts = drawn_texts(app, monkeypatch, cut)
        assert not cut, cut                                         # the α note whole
        notes = [rect for words, rect in texts if "or default" in words or words == "default"]
        assert notes and all(window.contains(r) and not any(
            r.colliderect(w.rect) for w in widgets) for r in notes)

        scene.result = run_lab(SPEC)
        series = chart_series(scene.result)
        key(app, pygame.K_l, "l")                                   # the key: log scale
        frames(app, 1)
        assert scene.log_x and x_button(scene).text.startswith("x: log")
        frame = chart_frame(scene.chart_rect(), series, 300, log=True)
        for drawn, one in zip(scene.drawn, series, strict=True):
            assert drawn == [frame.pixel(g, share) for g, share in one.line]
        key(app, pygame.K_e, "e")                                   # its PNG: as shown
        exported = pygame.image.load(str(nimgame_home / "exports" / "lab-1-chart.png"))
        assert pygame.image.tobytes(exported, "RGB") == pygame.image.tobytes(
            chart_image(scene.result, log=True), "RGB")
        scale = app.settings.scale / 100
        centre = x_button(scene).rect.center                        # the mouse: linear
        click(app, (round(centre[0] * scale), round(centre[1] * scale)))
        frames(app, 1)
        assert not scene.log_x and x_button(scene).text.startswith("x: linear")
        frame = chart_frame(scene.chart_rect(), series, 300)
        assert scene.drawn[0] == [frame.pixel(g, share) for g, share in series[0].line]
    finally:
        app.quit()


def test_a_big_window_spreads_the_form_and_gives_the_chart_the_rest(nimgame_home):
    app, scene = lab_at((1920, 1080))
    try:
        rows = sorted(scene.row_y.values())
        buttons = [b.rect for b in scene.actions]
        assert rows[1] - rows[0] >= 56                              # not 42 as at 800
        assert max(b.bottom for b in buttons) >= 1080 * 0.6         # the form's column, used
        assert scene.panel().width >= 1920 * 0.6 and scene.panel().height >= 1080 * 0.85
        run_menu = next(m for m, name in scene.menus.items() if name == "run")
        assert run_menu.rect.width >= 360
    finally:
        app.quit()


SMALL = [(800, 560), (1920, 1080, 200)]


@pytest.mark.parametrize("size", SMALL, ids=lambda s: "x".join(map(str, s)))
def test_the_game_menu_says_every_board_whole(size):
    """At 800x560 the Game menu cut "Nim 1, 3, 5, 7 — misère (CS50)" to "Nim 1, 3, 5,
    7 —…": which Nim, normal or misère, was lost. Every board is shown whole."""
    app, scene = lab_at(size)
    try:
        menu = next(m for m, name in scene.menus.items() if name == "game")
        shown = [text for text, _ in menu.options_list]
        assert shown == [menu.whole[ident] for _, ident in menu.options_list], shown
        assert scene.panel().top >= menu.rect.bottom or \
            scene.panel().left >= menu.rect.right                   # and clear of the panel
    finally:
        app.quit()


@pytest.mark.parametrize("size", SMALL, ids=lambda s: "x".join(map(str, s)))
def test_the_run_menu_keeps_each_run_s_number_and_its_games(size):
    """At 800x560 the Run menu cut "3. hats starts 25% self 2000" to "3. hats starts 25%
    self…", its games lost: a long title is cut in its middle, both ends kept."""
    app, scene = lab_at(size)
    try:
        menu = next(m for m, name in scene.menus.items() if name == "run")
        for shown, ident in menu.options_list:
            whole = menu.whole[ident]
            number, games = whole.split(".")[0] + ".", whole.split()[-1]
            assert shown.startswith(number) and shown.endswith(games), (shown, whole)
    finally:
        app.quit()


@pytest.mark.parametrize("size", SMALL, ids=lambda s: "x".join(map(str, s)))
def test_the_table_says_never_the_numbers_and_the_runs_whole(size, monkeypatch):
    """The table's cells at their widest: "never" (was "nev…" in the last column), the
    largest games a run can have, 100 seeds, a run named with 60 characters (on a second
    line): none shortened, none on another, all inside the panel."""
    app, scene = lab_at(size)
    try:
        result = run_lab(SPEC)
        series = chart_series(result)
        named = "a run named at the limit of sixty characters, all of them too"
        rows = result.table()
        rows = [replace(rows[0], label=named, seeds=100, right_seeds=0, first_median=NEVER,
                        first_worst=NEVER, stays_median=NEVER, stays_worst=NEVER),
                replace(rows[1], seeds=100, right_seeds=100, first_median=999_950.5,
                        first_worst=1_000_000, stays_median=999_950.5,
                        stays_worst=1_000_000), rows[2]]
        scene.result, scene.worked = result, (result, series, rows)
        cut: list[str] = []
        texts = drawn_texts(app, monkeypatch, cut)
        assert not cut, cut
        words = [w for w, _ in texts]
        for run, row in enumerate(rows):   # every cell drawn as it is
            cells = table_cells(row)
            assert all(words.count(c) >= cells.count(c) for c in cells[1:]), (run, cells)
        assert words.count("never") >= 4 and words.count("1000000") == 2
        assert f"1. {named}" in words or f"1. {named}" in (   # or on lines of its own
            " ".join(words[i:i + 2]) for i in range(len(words)))
        table = [(w, r) for w, r in texts if w and r.top >= scene.chart_rect().bottom and
                 r.left >= scene.panel().left]
        assert len(table) >= 20 and all(scene.panel().contains(r) for _, r in table), table
        for i, (a, ra) in enumerate(table):
            assert not any(ra.colliderect(rb) for _, rb in table[i + 1:]), a
    finally:
        app.quit()
