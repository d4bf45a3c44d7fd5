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
