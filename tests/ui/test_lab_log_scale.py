"""The lab chart's games on a log scale (of 1 + games: the start has its place at the left
edge, and 10, 100, 1,000 games are evenly apart), labelled at the powers of ten that have
room; the linear scale as before."""

import math

import pygame
import pytest

from nimgame.ui.lab.drawing import Frame

PLOT = pygame.Rect(100, 50, 600, 300)


def test_a_log_frame_puts_the_powers_of_ten_evenly_apart():
    frame = Frame(PLOT, 10_000, log=True)
    assert frame.pixel(0, 0.0) == (PLOT.x, PLOT.bottom)
    assert frame.pixel(10_000, 1.0) == (PLOT.right, PLOT.y)
    xs = [frame.pixel(10**k, 0.5)[0] for k in range(1, 5)]
    gaps = [b - a for a, b in zip(xs, xs[1:], strict=False)]
    assert max(gaps) - min(gaps) <= 6 and gaps[0] > 100   # 1 + games: nearly even
    assert frame.ticks() == [10, 100, 1_000, 10_000]
    across = math.log10(1 + 99) / math.log10(1 + 10_000)
    assert frame.pixel(99, 0.0)[0] == round(PLOT.x + across * PLOT.width)


@pytest.mark.parametrize("x_max", [0, 1, 600, 10**6])
def test_every_point_stays_in_the_plot_and_in_order_on_both_scales(x_max):
    for log in (False, True):
        frame = Frame(PLOT, x_max, log)
        xs = [frame.pixel(g, 0.5)[0] for g in sorted({0, 1, x_max // 3, x_max})]
        assert xs == sorted(xs) and all(PLOT.x <= x <= PLOT.right for x in xs)
        ticks = frame.ticks()
        assert log or ticks == []
        at = [frame.pixel(t, 0)[0] for t in ticks]
        assert all(b - a >= 48 for a, b in zip([PLOT.x, *at], at, strict=False))


def test_a_narrow_plot_labels_only_the_powers_that_have_room():
    frame = Frame(pygame.Rect(0, 0, 120, 100), 10**6, log=True)
    assert frame.ticks() == [1_000, 1_000_000]
    assert Frame(PLOT, 10**6).ticks() == []   # linear: 0 and the end only
