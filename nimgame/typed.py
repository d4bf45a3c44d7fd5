"""Numbers a person typed: on the command line, in text mode or in a window field.

What a person types must mean what it looks like. Python's int() reads '٣' and
'１２' as numbers and str.isdigit() says yes to '²' and '①', which int() then refuses
with a traceback; a 5,000-digit number is refused by int() itself. So every typed number
goes through here: ASCII digits only ('_' and ',' may group them), a bounded length, and
a range, with one line saying what was wrong. No front end parses numbers on its own.
"""

from __future__ import annotations

from .games.base import check_int
from .safetext import escape

#: The longest number text read: a googol and its separators.
MAX_NUMBER_TEXT = 140


def whole_number(text: str, low: int, high: int, what: str) -> int:
    """`text` as a whole number from `low` to `high`; ValueError in one line if it is not."""
    digits = text.strip().replace("_", "").replace(",", "")
    if not (0 < len(digits) <= MAX_NUMBER_TEXT and digits.isascii() and digits.isdigit()):
        raise ValueError(f"{what} must be a whole number, not '{escape(text, 40)}'")
    return check_int(int(digits), what, low, high)


def decimal(text: str, low_open: bool, what: str) -> float:
    """`text` as a decimal in (0, 1] if `low_open`, else in [0, 1]; ValueError if not."""
    value = None
    cleaned = text.strip()
    if len(cleaned) <= 40 and cleaned.isascii() and \
            all(c in "0123456789.eE+-" for c in cleaned):
        try:
            value = float(cleaned)
        except ValueError:
            pass
    if value is None or not ((0 < value) if low_open else (0 <= value)) or value > 1:
        rule = "0 < x <= 1" if low_open else "0 <= x <= 1"
        raise ValueError(f"{what} must be a decimal number with {rule}, not "
                         f"'{escape(text, 40)}'")
    return value
