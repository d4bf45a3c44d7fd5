"""Plain data from outside the program (a brain file, a queue): type tests that do not
take a bool for a number, and how a message shows a value it refuses.

Storage's schema and the learners' own table checks share them, so a refusal reads the
same wherever it is made: "every value must be a finite number from -1 to 1, not nan".
"""

from __future__ import annotations

import math
from typing import Any, TypeGuard

from .safetext import escape


def is_whole(value: object) -> TypeGuard[int]:
    """Whether `value` is an int (True and False are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: object) -> TypeGuard[int | float]:
    """Whether `value` is a finite float or a whole number (not a bool)."""
    return (isinstance(value, float) and math.isfinite(value)) or is_whole(value)


def all_whole_within(values: list[Any], low: int, high: int) -> bool:
    """Whether every item of `values` is an int (not a bool, nor a subclass) from `low` to
    `high`, in a few passes made in C: the quick test before a long list's own check,
    which then runs only on a list that fails it (to name the value it refuses)."""
    return set(map(type, values)) <= {int} and (
        not values or (low <= min(values) and max(values) <= high))


def all_floats_within(values: list[Any], low: float, high: float) -> bool:
    """Whether every item of `values` is a float (not a subclass) from `low` to `high`,
    finite therefore, in a few passes made in C (see `all_whole_within`)."""
    return set(map(type, values)) <= {float} and not any(map(math.isnan, values)) and (
        not values or (low <= min(values) and max(values) <= high))


def shown(value: object) -> str:
    """A value from outside, as a message may show it: quoted if text, escaped, short."""
    return f"'{escape(value, 40)}'" if isinstance(value, str) else escape(value, 40)


def refusal(what: str, value: object, rule: str) -> str:
    """One line refusing `value`: "`what` must be `rule`, not `value`"."""
    return f"{what} must be {rule}, not {shown(value)}"
