"""`?` (or F1) on every screen opens the glossary, the app seeing to it for every scene in
the registry (those added later too, with no code of their own); on a board it opens the
game's help, whose G opens the glossary. The glossary scrolls by keys and the wheel, closes
by Esc, `?` or its button, and fits the smallest window and full HD."""

import pygame
import pytest
from test_navigation import arguments
from uidriver import click, frames, key, post

from nimgame.glossary import TERMS
from nimgame.ui import theme
from nimgame.ui.app import App
from nimgame.ui.board.scene import BoardScene
from nimgame.ui.glossary import GlossaryOverlay
from nimgame.ui.help import HelpOverlay
from nimgame.ui.menu import MenuScene
from nimgame.ui.scene import Scene
from nimgame.ui.screens import SCENES

NOT_SCREENS = {"glossary"}   # the glossary itself: `?` there closes it (tested below)


def question_mark(app):
    key(app, pygame.K_SLASH, "?", mod=pygame.KMOD_LSHIFT)


def open_glossary(app, scene):
    """`?` on `scene`: the glossary, or on a board its help and then G."""
    question_mark(app)
    if isinstance(scene, BoardScene):
        assert isinstance(app.top, HelpOverlay)
        key(app, pygame.K_g, "g")
    return app.top


@pytest.mark.parametrize("name", sorted(set(SCENES) - NOT_SCREENS))
def test_question_mark_on_every_screen_opens_the_glossary_and_esc_goes_back(app, name):
    scene = app.open(name, *arguments(name)) if name != "menu" else app.top
    frames(app, 2)
    below = app.top
    if name == "help":   # `?` on the help closes it, as it always did; G is its glossary
        key(app, pygame.K_g, "g")
        glossary = app.top
    else:
        glossary = open_glossary(app, scene)
    assert isinstance(glossary, GlossaryOverlay), name
    key(app, pygame.K_ESCAPE)
    if isinstance(scene, BoardScene):   # the glossary took the help's place
        assert app.top is scene
    elif name == "help":
        assert isinstance(app.top, MenuScene)
    else:
        assert app.top is below


def test_a_screen_added_later_gets_the_glossary_without_code_of_its_own(app, monkeypatch):
    class Later(Scene):
        def handle_event(self, event):   # takes every key, as the training screen does
            super().handle_event(event)
            return True

    monkeypatch.setitem(SCENES, "later", Later)
    app.open("later")
    question_mark(app)
    assert isinstance(app.top, GlossaryOverlay)
    key(app, pygame.K_F1)
    assert isinstance(app.top, Later)
    key(app, pygame.K_F1)
    assert isinstance(app.top, GlossaryOverlay)


def test_a_question_mark_typed_into_a_field_is_a_character(app):
    setup = app.open("setup", "nim")
    click(app, setup.name_entry.rect.center)
    question_mark(app)
    post(app, pygame.TEXTINPUT, text="?")
    assert app.top is setup and setup.name_entry.get_text().endswith("?")


def test_ctrl_question_mark_is_not_the_glossary(app):
    key(app, pygame.K_SLASH, "?", mod=pygame.KMOD_LCTRL)
    assert isinstance(app.top, MenuScene)


def test_a_confirmation_open_keeps_the_key(app):
    from nimgame.ui.widgets.dialog import confirm

    menu = app.top
    confirm(menu, "Sure?", "Really?", "Yes")
    question_mark(app)
    assert app.top is menu


def test_question_mark_again_closes_it_and_so_does_its_button(app):
    question_mark(app)
    question_mark(app)
    assert isinstance(app.top, MenuScene)
    question_mark(app)
    click(app, app.top.close.rect.center)
    assert isinstance(app.top, MenuScene)


def test_it_scrolls_by_keys_and_the_wheel_and_stops_at_both_ends(app):
    question_mark(app)
    glossary = app.top
    assert glossary.most_scroll() > 0   # more words than one window shows
    key(app, pygame.K_DOWN)
    line = glossary.scroll
    assert line > 0
    key(app, pygame.K_PAGEDOWN)
    assert glossary.scroll > line + glossary.view().height // 2
    key(app, pygame.K_END)
    assert glossary.scroll == glossary.most_scroll()
    key(app, pygame.K_DOWN)
    assert glossary.scroll == glossary.most_scroll()
    post(app, pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    assert glossary.scroll < glossary.most_scroll()
    key(app, pygame.K_HOME)
    assert glossary.scroll == 0
    post(app, pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    assert glossary.scroll == 0
    post(app, pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)
    assert glossary.scroll > 0


def test_it_opens_at_the_term_asked_for(app):
    glossary = app.open("glossary", "random_wins")
    frames(app, 1)
    first = next(line for line in glossary.lines() if line.words.startswith("Wins against"))
    assert glossary.scroll == min(first.y, glossary.most_scroll()) > 0


@pytest.mark.parametrize("size", [(800, 560), (1920, 1080)])
def test_every_term_fits_the_window_and_can_be_scrolled_into_view(size):
    app = App(size)
    try:
        app.push(MenuScene(app))
        question_mark(app)
        glossary = app.top
        view, box, button = glossary.view(), glossary.box(), glossary.close.rect
        window = pygame.Rect((0, 0), size)
        assert window.contains(box) and box.contains(view) and box.contains(button)
        assert view.bottom <= button.top   # the words never run under the button
        assert glossary.text_size >= (16 if size[1] < 1000 else 22)   # a projector reads it
        for line in glossary.lines():
            width = theme.font(glossary.text_size, line.name).size(line.words)[0]
            assert width <= view.width, line.words
        names = {line.words for line in glossary.lines() if line.name}
        for term in TERMS.values():
            assert any(term.name.startswith(n) for n in names), term.name
        step = theme.font(glossary.text_size).get_linesize()
        last = glossary.lines()[-1]
        key(app, pygame.K_END)
        assert view.y <= view.y + last.y - glossary.scroll <= view.bottom - step
    finally:
        app.quit()
        pygame.quit()


def test_with_close_focused_by_tab_the_arrows_still_scroll_and_enter_closes(app):
    question_mark(app)
    glossary = app.top
    key(app, pygame.K_TAB)
    assert glossary.focus.widget is glossary.close
    key(app, pygame.K_DOWN)
    assert glossary.scroll > 0
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, MenuScene)


def test_a_screen_about_one_learner_opens_the_glossary_at_its_word(app):
    """`?` on MENACE opens the glossary at the hats (MENACE's matchboxes), on the class
    screen at its AI's learner, on the tournament at "brain"; elsewhere at the top."""
    for name, args, term in (("menace", (), "hats"), ("class", ("tictactoe", "q"), "q"),
                             ("tournament", (), "brain"), ("lessons", (), None)):
        app.open(name, *args)
        frames(app, 2)
        question_mark(app)
        glossary = app.top
        assert isinstance(glossary, GlossaryOverlay), name
        frames(app, 1)
        if term is None:
            assert glossary.scroll == 0, name
        else:
            line = next(line for line in glossary.lines()
                        if line.name and TERMS[term].name.startswith(line.words))
            assert glossary.scroll == min(line.y, glossary.most_scroll()) > 0, name
        key(app, pygame.K_ESCAPE)
