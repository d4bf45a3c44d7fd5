"""The pygame_gui work-around answers exactly what pygame_gui answers, only faster."""

import tracemalloc

from hypothesis import given
from hypothesis import strategies as st
from pygame_gui.core.ui_appearance_theme import UIAppearanceTheme

from nimgame.ui import pygame_gui_fixes

ids = st.text(alphabet="ab.#@_ ", max_size=8)


@st.composite
def id_lists(draw):
    n = draw(st.integers(0, 4))
    optional = st.lists(st.none() | ids, min_size=n, max_size=n)
    return (draw(optional), draw(st.lists(ids, min_size=n, max_size=n)), draw(optional),
            draw(optional))


def bare_theme():
    """A theme with only what the id code uses: no fonts, no display."""
    theme = UIAppearanceTheme.__new__(UIAppearanceTheme)
    theme.unique_theming_ids = {}
    return theme


@given(id_lists())
def test_same_answer_as_pygame_gui(lists):
    theme = bare_theme()
    expected = pygame_gui_fixes._original(theme, *lists)
    assert pygame_gui_fixes.combined_ids(theme, *lists) == expected
    assert pygame_gui_fixes.combined_ids(theme, *lists) == expected   # from the memo


def peak_bytes(function, *args):
    """What `function(*args)` returns, and the most memory it held at once (the slow path's
    cost is the megabytes of key it builds: counted, not timed)."""
    tracemalloc.start()
    try:
        value = function(*args)
        return value, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_long_drop_down_entry_is_cheap():
    entry = ([None] * 3, ["drop_down_menu", "selection_list", "button"],
             [None, None, "@selection_list_item"],
             [None, "#drop_down_options_list", "Saved: " + "W" * 200])
    fast, fast_bytes = peak_bytes(pygame_gui_fixes.combined_ids, bare_theme(), *entry)
    slow, slow_bytes = peak_bytes(pygame_gui_fixes._original, bare_theme(), *entry)
    assert fast == slow
    assert fast_bytes * 100 < slow_bytes, (fast_bytes, slow_bytes)   # ~3 KB against ~11 MB


def test_windows_opened_one_after_another_search_one_translations_folder():
    """Each UIManager adds pygame_gui's translations folder to i18n's search list, which
    every untranslated button text then walks: kept once, and pygame_gui's own words
    still translate."""
    import i18n
    from pygame_gui.core.utility import translate

    from nimgame.ui.app import App

    for _ in range(3):
        App((800, 560)).quit()
    assert len(i18n.load_path) == len(set(i18n.load_path)) >= 1
    assert translate("pygame-gui.Cancel") == "Cancel"
    assert translate("Train an AI  T") == "Train an AI  T"


def test_a_fields_hint_is_muted_and_readable_in_both_themes():
    """A text field's placeholder hint is drawn muted, not like typed text; typed text gets
    the typed colour back; in high contrast the hint still reads (at least 4.5:1)."""
    import pygame
    import pygame_gui

    from nimgame.ui import theme
    from nimgame.ui.widgets.fields import Field

    def luminance(colour):
        parts = [c / 255 for c in colour[:3]]
        r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in parts]
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    pygame.init()
    pygame.display.set_mode((200, 100))
    for file, least in ((theme.THEME_FILE, 3.0), (theme.CONTRAST_THEME_FILE, 4.5)):
        manager = pygame_gui.UIManager((200, 100), str(file))
        field = Field(pygame.Rect(0, 0, 180, 36), manager, placeholder="A saved AI's name")
        typed = manager.get_theme().get_colour("normal_text", field.combined_element_ids)
        hint = field.text_colour
        assert hint != typed, file
        field.set_text("abc")
        field.update(0.01)
        assert field.text_colour == typed, file
        field.set_text("")
        field.update(0.01)
        assert field.text_colour == hint, file
        ground = manager.get_theme().get_colour("dark_bg", field.combined_element_ids)
        light, dark = sorted((luminance(hint), luminance(ground)), reverse=True)
        assert (light + 0.05) / (dark + 0.05) >= least, (file, hint)
        assert (luminance(typed) + 0.05) / (luminance(hint) + 0.05) > 1.4, file   # muted
