"""The small line chart keeps its labels apart however short it is drawn (the training
screen's chart is short at 800x560 once a message of three lines sits above it)."""

import pygame
import pytest

from nimgame.ui import theme
from nimgame.ui.widgets.chart import draw_chart


def recorded(monkeypatch, width):
    """A surface `width` + 20 wide to draw a chart on, and the list its texts go to, each
    with the rectangle it covers."""
    pygame.init()
    theme.forget()   # fonts made before another test's pygame.quit() are dead
    drawn = []
    real = theme.text

    def recording(surface, words, pos, *args, **kwargs):
        rect = real(surface, words, pos, *args, **kwargs)
        drawn.append((words, rect))
        return rect

    monkeypatch.setattr(theme, "text", recording)
    return pygame.Surface((width + 20, 400)), drawn


@pytest.mark.parametrize("height", [100, 120, 148, 150, 200, 300])
def test_the_share_labels_never_overlap(monkeypatch, height):
    surface, drawn = recorded(monkeypatch, 280)
    draw_chart(surface, pygame.Rect(10, 10, 260, height),
               [("optimal moves", (200, 160, 60), [(1, 0.2), (100, 0.6)]),
                ("wins against Random", (90, 150, 230), [])], 10_000, log_x=True)
    shares = [rect for words, rect in drawn if words.endswith("%")]
    assert "0%" in [words for words, _ in drawn]
    if height >= 148:   # the training screen's at 800x560 (148 px) and taller
        assert "100%" in [words for words, _ in drawn]
    for index, rect in enumerate(shares):
        assert not any(rect.colliderect(other) for other in shares[index + 1:]), drawn


@pytest.mark.parametrize("width", [258, 300, 418])   # the training chart: 800 wide, 960
def test_a_log_axis_ending_at_a_power_of_ten_labels_its_end(monkeypatch, width):
    """The training chart's 10,000 games: its axis ends at a power of ten, labelled as the
    ones before it, on their line, inside the chart and clear of the others."""
    surface, drawn = recorded(monkeypatch, width)
    rect = pygame.Rect(10, 10, width, 200)
    draw_chart(surface, rect, [("optimal moves", (200, 160, 60), [(1, 0.2), (10_000, 0.9)])],
               10_000, log_x=True)
    ticks = {words: r for words, r in drawn if words in ("0", "10", "100", "1,000", "10,000")}
    assert "10,000" in ticks, drawn
    end = ticks["10,000"]
    assert end.top == ticks["0"].top and rect.contains(end)
    assert end.right > rect.right - 40   # at the axis's end
    assert not any(end.colliderect(r) for words, r in ticks.items() if words != "10,000")
    # said once: the caption under it names the axis and its scale
    assert "games, log scale" in [words for words, _ in drawn]
    assert not any(words.startswith("10,000 ") for words, _ in drawn)
