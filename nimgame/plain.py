"""Plain data from outside the program (a brain file, a queue): type tests that do not
take a bool for a number, and how a message shows a value it refuses.

Storage's schema and the learners' own table checks share them, so a refusal reads the
same wherever it is made: "every value must be a finite number from -1 to 1, not nan".
"""

from __future__ import annotations

import math
from typing import TypeGuard

from .safetext import escape


def is_whole(value: object) -> TypeGuard[int]:
    """Whether `value` is an int (True and False are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: object) -> TypeGuard[int | float]:
    """Whether `value` is a finite float or a whole number (not a bool)."""
    return (isinstance(value, float) and math.isfinite(value)) or is_whole(value)


def shown(value: object) -> str:
    """A value from outside, as a message may show it: quoted if text, escaped, short."""
    return f"'{escape(value, 40)}'" if isinstance(value, str) else escape(value, 40)


def refusal(what: str, value: object, rule: str) -> str:
    """One line refusing `value`: "`what` must be `rule`, not `value`"."""
    return f"{what} must be {rule}, not {shown(value)}"
