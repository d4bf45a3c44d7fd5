"""Each training control says what it is: resting the pointer on α, ε, the exploring starts,
the opponent, the games, the learner, or the chart's "optimal moves" and "wins against
Random" shows the glossary's sentence for it (what it means and what changing it does), at
the smallest window and at full HD, inside the window; moving away hides it."""

import pygame
import pygame_gui
import pytest
from uidriver import frames, post

from nimgame.glossary import TERMS
from nimgame.ui.app import App
from nimgame.ui.widgets import tips as tips_module

CONTROLS = ("alpha", "epsilon", "starts", "opponent", "games", "learner", "optimal",
            "random_wins")


def rest_on(app, pos):
    post(app, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    frames(app, int(tips_module.DELAY * 60) + 3)


def place_of(scene, words):
    return next(rect for rect, said in scene.tips.places if said == words)


def places_of(scene, words):
    return [rect for rect, said in scene.tips.places if said == words]


@pytest.fixture(params=[(800, 560), (1920, 1080)], ids=["800x560", "1920x1080"])
def training(request):
    app = App(request.param)
    try:
        app.open("menu")
        scene = app.open("training")
        frames(app, 2)
        yield app, scene
    finally:
        app.quit()
        pygame.quit()


def test_every_place_with_words_says_a_glossary_sentence(training):
    app, scene = training
    sentences = {term.sentence for term in TERMS.values()}
    assert scene.tips.places
    assert all(words in sentences for _, words in scene.tips.places)
    for key in CONTROLS:
        assert any(words == TERMS[key].sentence for _, words in scene.tips.places), key


@pytest.mark.parametrize("key", CONTROLS)
def test_resting_on_a_control_shows_its_words_inside_the_window(training, key):
    app, scene = training
    words = TERMS[key].sentence
    rest_on(app, place_of(scene, words).center)
    assert scene.tips.showing == words
    shown = [w for w in scene.widgets if isinstance(w, pygame_gui.elements.UITooltip)
             and w.alive()]
    assert len(shown) == 1
    assert pygame.Rect((0, 0), app.size).contains(shown[0].rect)
    rest_on(app, (2, 2))   # away from every control
    assert scene.tips.showing is None
    assert not any(w.alive() for w in shown)


def test_the_words_are_over_the_controls_themselves(training):
    app, scene = training
    form = scene.form
    for key, slider in (("alpha", form.alpha_slider), ("epsilon", form.epsilon_slider)):
        assert any(place.contains(slider.rect)
                   for place in places_of(scene, TERMS[key].sentence)), key
    menus = {text: menu for menu, text in form.rows.dropdowns.items()}
    for key, row in (("opponent", "opponent"), ("starts", "starts"), ("learner", "learner")):
        assert place_of(scene, TERMS[key].sentence).contains(menus[row].rect), key
    assert place_of(scene, TERMS["games"].sentence).contains(form.games_slider.rect)


def test_no_words_before_the_pointer_has_rested_nor_over_an_open_menu(training):
    app, scene = training
    place = place_of(scene, TERMS["opponent"].sentence)
    post(app, pygame.MOUSEMOTION, pos=place.center, rel=(0, 0), buttons=(0, 0, 0))
    frames(app, 3)
    assert scene.tips.showing is None   # not at once
    learner_menu = next(m for m, key in scene.form.rows.dropdowns.items() if key == "learner")
    learner_menu.current_state.should_transition = True   # the learner menu opens
    frames(app, 2)
    rest_on(app, place.center)
    assert scene.tips.showing is None


def test_a_hats_learner_has_no_rates_and_no_words_for_them(training):
    app, scene = training
    scene.choices.learner = "Hats"
    scene.rebuild()
    frames(app, 2)
    said = {words for _, words in scene.tips.places}
    assert TERMS["alpha"].sentence not in said and TERMS["opponent"].sentence in said


def test_the_words_button_opens_the_glossary(training):
    from uidriver import click

    from nimgame.ui.glossary import GlossaryOverlay

    app, scene = training
    words = next(w for w in scene.widgets if isinstance(w, pygame_gui.elements.UIButton)
                 and w.text.startswith("Words"))
    click(app, words.rect.center)
    assert isinstance(app.top, GlossaryOverlay)
    post(app, pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="", mod=0, scancode=0)
    assert app.top is scene


def test_the_set_up_screen_explains_its_opponent_and_misere(app):
    setup = app.open("setup", "nim")
    frames(app, 2)
    said = {words: rect for rect, words in setup.tips.places}
    assert set(said) == {TERMS["rival"].sentence, TERMS["misere"].sentence}
    rest_on(app, said[TERMS["rival"].sentence].center)
    assert setup.tips.showing == TERMS["rival"].sentence
    post(app, pygame.KEYDOWN, key=pygame.K_LSHIFT, unicode="", mod=0, scancode=0)
    assert setup.tips.showing is None   # a key: the person is doing, not reading
