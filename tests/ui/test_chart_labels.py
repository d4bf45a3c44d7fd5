"""The small line chart keeps its labels apart however short it is drawn (the training
screen's chart is short at 800x560 once a message of three lines sits above it)."""

import pygame
import pytest

from nimgame.ui import theme
from nimgame.ui.widgets.chart import draw_chart


@pytest.mark.parametrize("height", [100, 120, 148, 150, 200, 300])
def test_the_share_labels_never_overlap(monkeypatch, height):
    pygame.init()
    theme.forget()   # fonts made before another test's pygame.quit() are dead
    surface = pygame.Surface((300, 400))
    drawn = []
    real = theme.text

    def recording(surface, words, pos, *args, **kwargs):
        rect = real(surface, words, pos, *args, **kwargs)
        drawn.append((words, rect))
        return rect

    monkeypatch.setattr(theme, "text", recording)
    draw_chart(surface, pygame.Rect(10, 10, 260, height),
               [("optimal moves", (200, 160, 60), [(1, 0.2), (100, 0.6)]),
                ("wins against Random", (90, 150, 230), [])], 10_000, log_x=True)
    shares = [rect for words, rect in drawn if words.endswith("%")]
    assert "0%" in [words for words, _ in drawn]
    if height >= 148:   # the training screen's at 800x560 (148 px) and taller
        assert "100%" in [words for words, _ in drawn]
    for index, rect in enumerate(shares):
        assert not any(rect.colliderect(other) for other in shares[index + 1:]), drawn
