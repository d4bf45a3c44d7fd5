"""The pygame_gui work-around answers exactly what pygame_gui answers, only faster."""

import time

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


def test_a_long_drop_down_entry_is_cheap():
    theme = bare_theme()
    entry = ([None] * 3, ["drop_down_menu", "selection_list", "button"],
             [None, None, "@selection_list_item"],
             [None, "#drop_down_options_list", "Saved: " + "W" * 200])
    started = time.perf_counter()
    fast = pygame_gui_fixes.combined_ids(theme, *entry)
    fast_time = time.perf_counter() - started
    started = time.perf_counter()
    slow = pygame_gui_fixes._original(theme, *entry)
    slow_time = time.perf_counter() - started
    assert fast == slow
    assert fast_time < slow_time   # the ratio, not a time limit: both in this run
