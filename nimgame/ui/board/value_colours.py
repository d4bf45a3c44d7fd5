"""The heat map's colours, on fixed scales: a colour means one value whatever the other
squares hold (`learning.insight.ValueScale` says which scale a learner's numbers sit on),
and the legend that says so. The squares carry their number and verdict in words too: the
colours are never the only cue."""

from __future__ import annotations

import pygame

from ...learning.insight import ValueScale
from .. import theme

Colour = tuple[int, int, int]

#: A value of 0 (a draw), between -1 (it expects to lose: the palette's "take" colour) and
#: +1 (it expects to win: its "good" colour); a chance of 0 (never played), up to 1 (always:
#: its accent). Read when drawn, so a palette chosen in the settings shows at once.
DRAW = (196, 200, 208)
NEVER = (120, 130, 148)


def _between(a: Colour, b: Colour, t: float) -> Colour:
    r, g, bl = (round(x + (y - x) * t) for x, y in zip(a, b, strict=True))
    return r, g, bl


def value_colour(value: float) -> Colour:
    """-1 red, 0 light grey, +1 green; beyond the ends, the ends' colours."""
    value = max(-1.0, min(1.0, value))
    return (_between(DRAW, theme.TAKE, -value) if value < 0
            else _between(DRAW, theme.GOOD, value))


def chance_colour(chance: float) -> Colour:
    """0 grey, 1 amber; beyond the ends, the ends' colours."""
    return _between(NEVER, theme.ACCENT, max(0.0, min(1.0, chance)))


def scale_colour(scale: ValueScale, value: float) -> Colour:
    return chance_colour(value) if scale.chance else value_colour(value)


def ink_on(colour: Colour) -> Colour:
    """Text that reads on `colour`: dark on light, light on dark."""
    r, g, b = colour
    return theme.BACKGROUND if 0.299 * r + 0.587 * g + 0.114 * b >= 110 else theme.TEXT


def draw_legend(surface: pygame.Surface, area: pygame.Rect, scale: ValueScale) -> int:
    """The scale as a strip of colour with its ends and middle in words, then what the
    colour and the number mean, from the top of `area`; returns the bottom drawn."""
    strip = pygame.Rect(0, area.y, min(area.width, 480), 12)
    strip.centerx = area.centerx
    for x in range(strip.width):
        t = x / max(1, strip.width - 1)
        colour = scale_colour(scale, t if scale.chance else 2 * t - 1)
        pygame.draw.line(surface, colour, (strip.x + x, strip.y), (strip.x + x, strip.bottom))
    low, middle, high = scale.ends
    y = strip.bottom + 3
    third = strip.width // 3
    theme.text(surface, low, (strip.x, y), 13, theme.MUTED, width=third)
    theme.text(surface, middle, (strip.centerx, y), 13, theme.MUTED, anchor="midtop",
               width=third)
    theme.text(surface, high, (strip.right, y), 13, theme.MUTED, anchor="topright",
               width=third)
    y += 22
    for line in theme.wrap(scale.meaning, 13, area.width):
        theme.text(surface, line, (area.centerx, y), 13, theme.MUTED, anchor="midtop")
        y += 17
    return y
