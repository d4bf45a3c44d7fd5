"""Buttons side by side, each as wide as its words need: the width a button's text takes in
the font the theme gives it (the primary one's is bolder and bigger), with room on both
sides, and a row's width shared out from those needs."""

from __future__ import annotations

from collections.abc import Sequence

import pygame_gui

#: The room a button's words keep on each side, at least (the layout test holds every
#: screen to it).
BUTTON_PAD = 10


def button_font(manager: pygame_gui.UIManager, primary: bool = False
                ) -> pygame_gui.core.interfaces.IGUIFontInterface:
    """The font a button's words are drawn in (the primary one's: `primary`)."""
    return manager.get_theme().get_font(["#primary", "button"] if primary else ["button"])


def needed_width(manager: pygame_gui.UIManager, text: str, primary: bool = False) -> int:
    """How wide a button must be to show `text` whole with `BUTTON_PAD` on each side."""
    return button_font(manager, primary).size(text)[0] + 2 * BUTTON_PAD


def shared_widths(needs: Sequence[int], room: int, gap: int,
                  widest: int | None = None) -> list[int]:
    """Widths for buttons side by side in `room`, `gap` apart: all one width (at most
    `widest`) where every button's need fits it; else each gets what it needs and the room
    left over is shared evenly, none made wider than `widest` by the sharing. If the needs
    do not fit, each gets a share of the room in proportion to its need (its words then
    have to be cut)."""
    if not needs:
        return []
    free = room - gap * (len(needs) - 1)
    even = free // len(needs) if widest is None else min(widest, free // len(needs))
    if max(needs) <= even:
        return [even] * len(needs)
    total = sum(needs)
    if total > free:
        return [max(1, free * need // total) for need in needs]
    extra = (free - total) // len(needs)
    return [max(need, min(need + extra, widest)) if widest is not None else need + extra
            for need in needs]


__all__ = ["BUTTON_PAD", "button_font", "needed_width", "shared_widths"]
