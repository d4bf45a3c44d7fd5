"""What a scene draws in words, read from one frame (headless)."""

import pygame

from nimgame.ui import theme


def drawn_texts(app, monkeypatch, cut=None, ink=None):
    """Every text the top scene draws in a frame, with the rectangle it covers; in `cut`,
    those shortened to fit their width; in `ink`, each text with the rectangle its letters
    cover (a line's box is taller than its letters: boxes of lines close together touch)."""
    drawn = []
    real = theme.text

    def recording(surface, words, pos, size=18, colour=theme.TEXT, bold=False,
                  anchor="topleft", width=None):
        rect = real(surface, words, pos, size, colour, bold, anchor, width)
        drawn.append((words, rect))
        if cut is not None and width is not None and theme.fit(words, size, width, bold) != words:
            cut.append(words)
        if ink is not None and words:
            shown = words if width is None else theme.fit(words, size, width, bold)
            image = theme.font(size, bold).render(shown, True, colour)
            ink.append((words, image.get_bounding_rect().move(rect.topleft)))
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
