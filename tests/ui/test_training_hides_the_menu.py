"""The training screen covers what is below it: at 960x540 (1920x1080 at 200%) its box
leaves a strip under it where the menu's keys line used to show through the shade."""

import pygame
from uidriver import frames

from nimgame.ui.app import App


def test_nothing_of_the_menu_shows_under_the_training_box(nimgame_home):
    app = App((1920, 1080))
    try:
        app.settings.scale = 200
        app.apply_look()
        app.open("menu")
        scene = app.open("training")
        frames(app, 2)
        box, (w, h) = scene.box(), app.size
        strip = pygame.Rect(0, box.bottom + 2, w, h - box.bottom - 2)
        assert strip.height > 0
        colours = {tuple(app.screen.get_at((x, y)))[:3] for x in range(0, w, 2)
                   for y in range(strip.top, strip.bottom)}
        assert len(colours) == 1, len(colours)
    finally:
        app.quit()
        pygame.quit()
