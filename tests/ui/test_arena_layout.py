"""The arena's results at the smallest window and full HD, for every number of contenders
the screen lets a person pick: each text inside the window and inside the results panel,
none over another, and every contender shown on one of the pages."""

import itertools

import pygame
import pytest
from screen_texts import drawn_texts
from uidriver import click, frames, key, post, wait_until

from nimgame import storage
from nimgame.games import Nim
from nimgame.learning.arena import run_arena
from nimgame.learning.training import train
from nimgame.players import QLearner, RandomPlayer
from nimgame.ui.app import App
from nimgame.ui.arena import ArenaScene, scene

SIZES = [(800, 560), (1920, 1080)]
WIDE = "WMW" * 20   # a saved AI's name as wide as names come (the menu shortens it)


def save_wide_brains(count):
    """`count` saved AIs of the arena's first board, with names that fill their labels."""
    for i in range(count):
        learner = QLearner(Nim())
        train(learner, 20, seed=i, curve_points=1, eval_games=2)
        learner.name = f"{i} {WIDE}"
        storage.save(learner)


def arena_at(size):
    app = App(size)
    app.open("menu")
    arena = app.open("arena")
    frames(app, 3)
    return app, arena


def show_result(app, arena, count):
    """The arena as after a run of its first `count` entrants (quick players under the
    entrants' own labels) against the last entrant, the widest name there is."""
    labels = list(arena.entrants())
    assert len(labels) >= count
    game = arena.game()
    arena.opponent = labels[-1]
    arena.chosen = labels[:count]
    arena.rebuild()
    arena.played = arena.opponent
    arena.result = run_arena(game, {label: RandomPlayer(game, seed=i)
                                    for i, label in enumerate(labels[:count])},
                             RandomPlayer(game, seed=99), 4)
    arena.page = 0
    arena.show_busy()
    frames(app, 1)
    return labels[:count]


def shown_whole_or_fitted(words, label):
    return words == label or (words.endswith("…") and label.startswith(words[:-1]))


def assert_laid_out(app, arena, texts, ink):
    """Every text inside the window, inside the results panel or clear of it; none's
    letters over another's, a widget or a bar of the chart."""
    window = pygame.Rect((0, 0), app.size)
    panel = arena.results_area()
    texts = [(words, rect) for words, rect in texts if words]
    for words, rect in texts:
        assert window.contains(rect), (words, rect)
        assert panel.contains(rect) or not panel.colliderect(rect), (words, rect, panel)
    for (a, ra), (b, rb) in itertools.combinations(ink, 2):
        assert not ra.colliderect(rb), (a, ra, b, rb)
    widgets = [w for w in arena.widgets if w.alive() and w.visible]
    for words, rect in ink:
        for widget in widgets:
            assert not widget.rect.colliderect(rect), (words, rect, widget.rect)
    chart = arena.results_layout()
    assert panel.contains(chart.chart), (chart.chart, panel)
    for words, rect in ink:
        for bar in chart.bars:
            assert not bar.colliderect(rect), (words, rect, bar)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_contender_count_fits_its_panel_a_page_at_a_time(size, monkeypatch):
    save_wide_brains(scene.MAX_CONTENDERS)
    app, arena = arena_at(size)
    try:
        for count in range(1, scene.MAX_CONTENDERS + 1):
            labels = show_result(app, arena, count)
            seen = set()
            layout = arena.results_layout()
            for page in range(layout.pages):
                assert arena.page == page
                ink, cut = [], []
                texts = drawn_texts(app, monkeypatch, cut, ink)
                assert_laid_out(app, arena, texts, ink)
                said = [words for words, _ in texts]
                seen |= {label for label in labels
                         if any(shown_whole_or_fitted(words, label) for words in said)}
                first, last = layout.shown(page)
                which = f"Contender {last}" if last == first + 1 else \
                    f"Contenders {first + 1}–{last}"
                assert (f"{which} of {count}" in said) == (layout.pages > 1), (said, which)
                assert not [words for words in cut if words.startswith("Contender")], cut
                pager = [arena.page_back, arena.page_on]
                assert all(b.visible for b in pager) == (layout.pages > 1)
                assert all(b.font.size(b.text)[0] <= b.rect.width - 8 for b in pager)
                arena.turn_page(1)
            assert seen == set(labels), (count, set(labels) - seen)
            assert layout.pages == 1 or size == (800, 560) or count > 8, (count, layout)
    finally:
        app.quit()


def test_the_pages_turn_by_keyboard_wheel_and_buttons(monkeypatch):
    """Keyboard only: Enter runs the most contenders there may be, Page Down and Page Up
    turn the pages of their results; the wheel turns them over the results (not over the
    list of contenders), and so do the buttons, each off where there is no page that way."""
    save_wide_brains(4)
    app, arena = arena_at((800, 560))
    try:
        arena.chosen = list(arena.entrants())[:scene.MAX_CONTENDERS]
        arena.games_text = "2"
        arena.rebuild()
        assert not arena.page_back.visible and not arena.page_on.visible
        key(app, pygame.K_RETURN)
        wait_until(app, lambda: arena.job is None and arena.result is not None)
        assert len(arena.result.results) == scene.MAX_CONTENDERS
        pages = arena.results_layout().pages
        assert pages > 2 and arena.page == 0
        assert arena.page_on.is_enabled and not arena.page_back.is_enabled
        key(app, pygame.K_PAGEDOWN)
        key(app, pygame.K_PAGEDOWN)
        assert arena.page == 2 and arena.page_back.is_enabled
        key(app, pygame.K_PAGEUP)
        assert arena.page == 1
        post(app, pygame.MOUSEMOTION, pos=arena.contenders.rect.center, rel=(0, 0),
             buttons=(0, 0, 0))
        post(app, pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
        assert arena.page == 1                       # the wheel over the list scrolls it
        post(app, pygame.MOUSEMOTION, pos=arena.results_area().center, rel=(0, 0),
             buttons=(0, 0, 0))
        post(app, pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
        assert arena.page == 2
        post(app, pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
        assert arena.page == 1
        for _ in range(pages + 2):
            click(app, arena.page_on.rect.center)
        assert arena.page == pages - 1 and not arena.page_on.is_enabled
        click(app, arena.page_back.rect.center)
        assert arena.page == pages - 2
        first, last = arena.results_layout().shown(arena.page)
        said = [words for words, _ in drawn_texts(app, monkeypatch)]
        assert f"Contenders {first + 1}–{last} of {scene.MAX_CONTENDERS}" in said
    finally:
        app.quit()


def test_the_most_contenders_are_said_and_more_are_refused(monkeypatch):
    save_wide_brains(6)
    app, arena = arena_at((800, 560))
    try:
        said = " ".join(words for words, _ in drawn_texts(app, monkeypatch))
        assert f"at most {scene.MAX_CONTENDERS}" in said and "2 chosen" in said
        assert f"Choose up to {scene.MAX_CONTENDERS} contenders" in said
        arena.chosen = list(arena.entrants())[:scene.MAX_CONTENDERS + 1]
        arena.rebuild()
        said = " ".join(words for words, _ in drawn_texts(app, monkeypatch))
        assert f"{scene.MAX_CONTENDERS + 1} chosen" in said
        key(app, pygame.K_RETURN)
        assert arena.job is None and arena.result is None
        assert arena.message == f"At most {scene.MAX_CONTENDERS} contenders at a time: " \
            f"{scene.MAX_CONTENDERS + 1} are chosen."
        arena.say("Games must be a whole number from 1 to 100,000, not 'abc'.")
        panel = arena.results_area()
        for words, rect in drawn_texts(app, monkeypatch):   # the message under the panel
            assert panel.contains(rect) or not panel.colliderect(rect), (words, rect)
    finally:
        app.quit()


def test_the_verdict_names_the_opponent_played_not_the_one_chosen_since(app, monkeypatch):
    """Choosing another opponent after a run leaves the result as it was: played against
    the opponent it was played against (it used to say the new one's name)."""
    arena = ArenaScene(app)
    app.push(arena)
    frames(app, 2)
    arena.chosen = ["Easy (IDA*)"]
    arena.games_text = "4"
    arena.rebuild()
    key(app, pygame.K_RETURN)
    wait_until(app, lambda: arena.job is None and arena.result is not None)
    said = " ".join(words for words, _ in drawn_texts(app, monkeypatch))
    assert "against Random" in said
    menu = arena.opponent_menu
    click(app, menu.rect.center)
    entries = menu.menu_states["expanded"].options_selection_list.item_list
    other = next(item for item in entries if item["text"] == "Perfect")
    click(app, other["button_element"].rect.center)
    frames(app, 2)
    assert arena.opponent == "Perfect"
    said = " ".join(words for words, _ in drawn_texts(app, monkeypatch))
    assert "against Random" in said and "against Perfect" not in said


def colours_in(surface, rect):
    return {tuple(surface.get_at((x, y)))[:3] for x in range(rect.left, rect.right)
            for y in range(rect.top, rect.bottom)}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_chart_has_a_legend_and_draws_are_striped_not_only_grey(app, size, monkeypatch):
    """Tic-Tac-Toe against minimax: minimax draws every game, Random loses. The legend
    names a bar's parts in their order, each beside a swatch drawn as the part is; a draw
    is striped (told apart without colour), a win solid."""
    from nimgame.ui import theme
    from nimgame.ui.arena import drawing

    app.resize(size)
    arena = ArenaScene(app)
    app.push(arena)
    frames(app, 2)
    arena.preset = next(p for p in arena.boards() if p.startswith("Tic-Tac-Toe"))
    arena.rebuild()
    arena.opponent, arena.chosen = "Hard (minimax)", ["Random", "Hard (minimax)"]
    arena.games_text = "4"
    arena.rebuild()
    key(app, pygame.K_RETURN)
    wait_until(app, lambda: arena.job is None and arena.result is not None)
    assert arena.result.results["Hard (minimax)"].draws == 4
    assert arena.result.results["Random"].draws == 0
    ink = []
    drawn_texts(app, monkeypatch, ink=ink)
    legend = [(words, rect) for words, rect in ink if words in ("won", "drawn", "lost")]
    assert [words for words, _ in sorted(legend, key=lambda w: w[1].x)] == \
        ["won", "drawn", "lost"]
    layout = arena.results_layout()
    screen = app.screen
    for words, rect in legend:
        assert layout.chart.contains(rect) and rect.bottom <= layout.bars[0].top
        swatch = pygame.Rect(rect.x - 6 - drawing.SWATCH, rect.centery - 5, drawing.SWATCH,
                             10)
        expected = {"won": {theme.GOOD}, "drawn": {theme.MUTED, theme.PANEL},
                    "lost": {theme.PANEL_EDGE}}[words]
        assert expected <= colours_in(screen, swatch), words
        if words != "drawn":
            assert theme.MUTED not in colours_in(screen, swatch.inflate(-4, -4)), words
    random_bar, minimax_bar = layout.bars
    assert {theme.MUTED, theme.PANEL} <= colours_in(screen, minimax_bar.inflate(-8, -4))
    assert theme.MUTED not in colours_in(screen, random_bar.inflate(-8, -4))


@pytest.mark.parametrize("size", [(800, 560), (1920, 1080)], ids=["800x560", "1920x1080"])
def test_numbers_of_many_games_are_shown_whole(size, monkeypatch):
    """At 800x560 a run of many games cut its wins to "28…": each number's column is as
    wide as its widest number, the names taking the rest."""
    app, arena = arena_at(size)
    try:
        labels = list(arena.entrants())
        game = arena.game()
        arena.opponent, arena.chosen = labels[-1], labels[:2]
        arena.rebuild()
        arena.played = arena.opponent
        arena.result = run_arena(game, {label: RandomPlayer(game, seed=i)
                                        for i, label in enumerate(labels[:2])},
                                 RandomPlayer(game, seed=99), 20_000)
        arena.page = 0
        arena.show_busy()
        frames(app, 1)
        cut = []
        drawn_texts(app, monkeypatch, cut)
        numbers = {str(n) for result in arena.result.results.values()
                   for n in (result.wins, result.losses, result.draws)}
        assert max(map(len, numbers)) >= 4
        assert not [words for words in cut if words.rstrip("…").isdigit()
                    or words in numbers], cut
    finally:
        app.quit()
