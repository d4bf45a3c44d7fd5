"""What a scene draws in words, read from one frame (headless)."""

import pygame

from nimgame.ui import theme


def drawn_texts(app, monkeypatch, cut=None):
    """Every text the top scene draws in a frame, with the rectangle it covers; in `cut`,
    those shortened to fit their width."""
    drawn = []
    real = theme.text

    def recording(surface, words, pos, size=18, colour=theme.TEXT, bold=False,
                  anchor="topleft", width=None):
        rect = real(surface, words, pos, size, colour, bold, anchor, width)
        drawn.append((words, rect))
        if cut is not None and width is not None and theme.fit(words, size, width, bold) != words:
            cut.append(words)
        return rect

    monkeypatch.setattr(theme, "text", recording)
    app.screen.fill((0, 0, 0))
    app.top.draw(app.screen)
    monkeypatch.setattr(theme, "text", real)
    return drawn


def assert_inside_and_whole(texts, size):
    window = pygame.Rect((0, 0), size)
    for words, rect in texts:
        assert not words or window.contains(rect), (words, rect)
