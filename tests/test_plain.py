"""The quick tests a long list of plain data passes before its own check: they pass only
lists that the one-value-at-a-time check accepts, and every list of plain ints or floats
in range (the lists a brain file holds)."""

import math

from hypothesis import given
from hypothesis import strategies as st

from nimgame.plain import all_floats_within, all_whole_within, is_number, is_whole

ANY = st.one_of(st.integers(-5, 5), st.booleans(), st.floats(allow_nan=True), st.none(),
                st.text(max_size=2), st.lists(st.integers(), max_size=2))


@given(st.lists(ANY, max_size=8), st.integers(-3, 3), st.integers(-3, 3))
def test_whole_numbers_pass_only_what_the_check_accepts(values, low, high):
    if all_whole_within(values, low, high):
        assert all(is_whole(v) and low <= v <= high for v in values)
    elif all(type(v) is int for v in values):
        assert not all(low <= v <= high for v in values)


@given(st.lists(ANY, max_size=8), st.floats(-2, 2), st.floats(-2, 2))
def test_floats_pass_only_what_the_check_accepts(values, low, high):
    if all_floats_within(values, low, high):
        assert all(is_number(v) and low <= v <= high for v in values)
    elif all(type(v) is float and math.isfinite(v) for v in values):
        assert not all(low <= v <= high for v in values)


def test_the_edges():
    assert all_whole_within([], 1, 9) and all_floats_within([], -1, 1)
    assert all_whole_within([1, 9], 1, 9) and not all_whole_within([True], 0, 1)
    assert not all_floats_within([0.0, math.nan, 0.5], -1, 1)
    assert not all_floats_within([math.nan, 0.5], -1, 1)
    assert not all_floats_within([0.5, math.inf], -1, 1) and not all_floats_within([1], 0, 1)
    assert all_floats_within([-1.0, 1.0], -1, 1)
