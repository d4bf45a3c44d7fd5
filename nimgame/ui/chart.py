"""A small line chart for shares between 0 and 1 (learning curves, arena results)."""

from __future__ import annotations

import pygame

from . import theme


def draw_chart(surface: pygame.Surface, rect: pygame.Rect,
               series: list[tuple[str, tuple[int, int, int], list[tuple[float, float]]]],
               x_max: float, x_label: str = "games") -> None:
    """Each series is (name, colour, [(x, y), ...]) with y in [0, 1]."""
    theme.panel(surface, rect)
    plot = pygame.Rect(rect.x + 52, rect.y + 34, rect.width - 72, rect.height - 76)
    for share in (0.0, 0.25, 0.5, 0.75, 1.0):
        y = plot.bottom - share * plot.height
        pygame.draw.line(surface, theme.PANEL_EDGE, (plot.x, y), (plot.right, y), 1)
        theme.text(surface, f"{share:.0%}", (plot.x - 8, y), 13, theme.MUTED,
                   anchor="midright")
    theme.text(surface, "0", (plot.x, plot.bottom + 6), 13, theme.MUTED, anchor="midtop")
    theme.text(surface, f"{x_max:,.0f} {x_label}", (plot.right, plot.bottom + 6), 13,
               theme.MUTED, anchor="topright")
    legend_x = rect.x + 16
    for name, colour, points in series:
        pygame.draw.line(surface, colour, (legend_x, rect.y + 17), (legend_x + 18, rect.y + 17),
                         3)
        legend_x = theme.text(surface, name, (legend_x + 24, rect.y + 17), 14, theme.TEXT,
                              anchor="midleft").right + 18
        if not points or x_max <= 0:
            continue
        pixels = [(plot.x + min(x / x_max, 1) * plot.width,
                   plot.bottom - max(0.0, min(1.0, y)) * plot.height) for x, y in points]
        if len(pixels) > 1:
            pygame.draw.lines(surface, colour, False, pixels, 3)
        for point in pixels:
            pygame.draw.circle(surface, colour, point, 4)
