"""Menus whose entries fit: shortened entries end in "…", carry their whole text as a
tooltip, and choosing one chooses the whole text (the screens' tables never see a cut)."""

import pygame
import pygame_gui
from hypothesis import given, settings
from hypothesis import strategies as st
from uidriver import click, frames

from nimgame.ui import theme
from nimgame.ui.app import App
from nimgame.ui.widgets.dropdown import WORD_CUT, ChoiceList, fit_middle, fit_text

HOSTILE = st.one_of(st.text(max_size=300), st.sampled_from(
    ["²①\u200b" * 50, "W" * 10_000, "x", "", "   ", "a — b … c"]))


@settings(max_examples=150, deadline=None)
@given(text=HOSTILE.filter(lambda t: len(t) <= 300), width=st.integers(0, 600))
def test_fit_middle_is_the_text_or_a_fitting_start_and_end_round_an_ellipsis(text, width):
    pygame.init()
    font = theme.font(16)
    shown = fit_middle(font, text, width)
    if font.size(text)[0] <= width:
        assert shown == text
        return
    if shown == fit_text(font, text, width):   # not even a letter each side fits
        return
    assert font.size(shown)[0] <= width
    # a start of the text, "…", an end of it (the text may hold "…" itself)
    assert any(text.startswith(shown[:i].rstrip()) and text.endswith(shown[i + 1:].lstrip())
               for i, char in enumerate(shown) if char == "…"), (text, shown)


@settings(max_examples=200, deadline=None)
@given(text=HOSTILE, width=st.integers(0, 600))
def test_fit_text_is_the_text_or_a_fitting_start_with_an_ellipsis(text, width):
    pygame.init()
    font = theme.font(16)
    shown = fit_text(font, text, width)
    if font.size(text)[0] <= width:
        assert shown == text
        return
    assert shown.endswith("…")
    start = shown[:-1]
    assert text.startswith(start)
    assert font.size(shown)[0] <= width or start == ""
    # The longest start that fits, found here by counting up, character by character:
    longest = 0
    while longest < len(text) and font.size(text[:longest + 1].rstrip() + "…")[0] <= width:
        longest += 1
    assert len(start) <= longest
    # It is the longest, or it ends a word and keeps at least WORD_CUT of the longest.
    if len(start) < len(text[:longest].rstrip()):
        assert text[len(start)] == " " or start.endswith(" ") or \
            text[len(start.rstrip()):len(start.rstrip()) + 1] == " "
        assert len(start) >= WORD_CUT * longest - 1


def test_a_cut_prefers_the_end_of_a_word():
    pygame.init()
    font = theme.font(16)
    text = "Nim 1, 3, 5, 7 — normal, at most 3 (KUET)"
    width = font.size("Nim 1, 3, 5, 7 — normal, at most 3 (…")[0]
    assert fit_text(font, text, width) == "Nim 1, 3, 5, 7 — normal, at most 3…"


def opened(app, key):
    scene = app.top
    menu = next(m for m, k in scene.form.dropdowns.items() if k == key)
    click(app, menu.rect.center)
    assert menu.current_state is menu.menu_states["expanded"]
    frames(app, 1)
    return menu, menu.current_state.options_selection_list.item_list


def test_a_cut_entry_has_its_whole_text_as_tooltip_and_is_chosen_whole():
    app = App((800, 560))
    try:
        app.open("menu")
        scene = app.open("setup", "nim")
        frames(app, 2)
        menu, items = opened(app, "opponent")
        cut = [item for item in items if item["text"].endswith("…")]
        assert cut, "at 800×560 some opponent's description is too long for the menu"
        easy = next(item for item in cut if item["text"].startswith("Easy (IDA*)"))
        whole = menu.whole[easy["object_id"]]
        assert whole.startswith(easy["text"][:-1]) and len(whole) > len(easy["text"])
        assert easy["button_element"].tool_tip_text == whole
        click(app, easy["button_element"].rect.center)
        frames(app, 2)
        assert scene.choices["opponent"] == whole
        assert menu.chosen_text() == whole
        # The closed menu shows the choice cut too, with the whole as its tooltip.
        shown = menu.current_state.selected_option_button
        assert shown.text.endswith("…") and shown.tool_tip_text == whole
    finally:
        app.quit()


def test_a_wide_menu_cuts_nothing():
    app = App((1920, 1080))
    try:
        app.open("menu")
        app.open("setup", "nim")
        frames(app, 2)
        _, items = opened(app, "opponent")
        assert not [item["text"] for item in items if item["text"].endswith("…")]
    finally:
        app.quit()


def test_a_list_reports_the_whole_texts_picked():
    pygame.init()
    manager = pygame_gui.UIManager((400, 300), str(theme.THEME_FILE))
    texts = ["Short", "A very long entry that cannot fit in a narrow list " * 3, "Other"]
    listed = ChoiceList(pygame.Rect(0, 0, 160, 200), texts, [texts[1]], manager)
    manager.update(0.01)
    assert listed.chosen_texts() == [texts[1]]
    shown = [item["text"] for item in listed.item_list]
    assert shown[0] == "Short" and shown[1].endswith("…") and len(shown[1]) < len(texts[1])
    assert listed.item_list[1]["button_element"].tool_tip_text == texts[1]


def test_a_list_keeps_what_is_picked_while_it_is_locked():
    """The arena locks its list while the games are played; what was picked stays picked
    (pygame_gui's list forgot it, and Run then said to choose a contender)."""
    pygame.init()
    manager = pygame_gui.UIManager((400, 300), str(theme.THEME_FILE))
    texts = ["Perfect", "Easy (IDA*)", "Random"]
    listed = ChoiceList(pygame.Rect(0, 0, 200, 200), texts, texts[:2], manager)
    manager.update(0.01)
    listed.disable()
    listed.enable()
    manager.update(0.01)
    assert listed.chosen_texts() == texts[:2]
    assert [item["button_element"].is_selected for item in listed.item_list] == [
        True, True, False]
