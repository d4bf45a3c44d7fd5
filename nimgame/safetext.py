"""Showing text that came from outside (a brain's name, a file name, a typed value) safely.

A name in a shared brain file, or a value typed on the command line, may hold anything:
escape sequences that repaint a terminal, carriage returns and backspaces that hide what
came before, bidi controls that reverse what follows, zero-width characters a font cannot
draw, or a megabyte of text. Every place that prints or draws such text goes through
`escape`, which shows each invisible character as a visible escape (`\\x1b`, `\\u202e`)
and shortens the result with an ellipsis.
"""

from __future__ import annotations

import unicodedata

#: Unicode categories that draw nothing or change how the text around them is drawn:
#: controls, formats (zero-width, bidi), separators other than the space, surrogates,
#: private use and unassigned code points.
INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
#: Marks that are not controls but draw nothing on their own (Unicode's default-ignorable
#: marks: the grapheme joiner, Khmer inherent vowels, Mongolian and other variation
#: selectors); a font reports zero width for them and pygame refuses to draw them.
IGNORABLE_MARKS = ((0x034F, 0x034F), (0x17B4, 0x17B5), (0x180B, 0x180F), (0xFE00, 0xFE0F),
                   (0xE0100, 0xE01EF))
ELLIPSIS = "…"


def is_visible(char: str) -> bool:
    """Whether `char` is drawn as itself (the plain space counts; tabs do not)."""
    if unicodedata.category(char) in INVISIBLE or (char != " " and char.isspace()):
        return False
    code = ord(char)
    return not any(low <= code <= high for low, high in IGNORABLE_MARKS)


def _visible(char: str) -> str:
    if is_visible(char):
        return char
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else (
        f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")


def shorten(text: str, limit: int) -> str:
    """`text` cut to at most `limit` characters, ending in an ellipsis when cut."""
    if len(text) <= limit:
        return text
    return text[:max(limit - 1, 0)] + ELLIPSIS


def _repr(value: object) -> str:
    try:
        return repr(value)
    except (ValueError, RecursionError, MemoryError):  # a 5,000-digit int, a deep nest
        return f"<{type(value).__name__} too large to show>"


def escape(text: object, limit: int | None = 60) -> str:
    """`text` with every invisible character shown as an escape, at most `limit` long.

    Only the first few `limit`s of a huge string are looked at, so a megabyte costs the
    same as a line.
    """
    raw = text if isinstance(text, str) else _repr(text)
    if limit is not None:
        raw = raw[:limit * 2 + 1]
    shown = "".join(_visible(c) for c in raw)
    return shown if limit is None else shorten(shown, limit)


def has_invisible(text: str) -> bool:
    """Whether `text` holds a character that `escape` would show as an escape."""
    return not all(is_visible(c) for c in text)


def percent(share: float | None) -> str:
    """A share as people read it, to a tenth of a percent ("99.8%"; "—" if unknown). Only
    a perfect share shows as 100%: 99.96% is "99.9%", never rounded up to look perfect, and
    the CLI and the window show the same figure for the same brain."""
    if share is None:
        return "—"
    shown = f"{share:.1%}"
    return "99.9%" if shown == "100.0%" and share < 1 else shown


def plural(count: int, noun: str) -> str:
    """`count` with its noun, in the plural unless it is one: "1 game", "2,000 games"."""
    return f"{count:,} {noun}{'' if count == 1 else 's'}"
