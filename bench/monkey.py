"""Random input for the window: clicks, keys, hostile text and resizes (used by the GUI
monkey test and by the responsiveness benchmark)."""

from __future__ import annotations

import random

import pygame

#: Strings that broke text fields, number parsing or drawing before they were handled.
HOSTILE = ["²", "①", "٣", "１２", "\u200b", "\u200b3", "3\u200b", "\u00ad", "\ufe0f", "\u034f",
           "\x00", "\x1b[2J", "\r", "\n", "\t", "\u202e12", "\u2028", "x" * 10_000,
           "10**30", "9" * 200, "-1", "1e3", "<b>bold</b>&amp;", "名前", "é", "😀", ""]
#: The keys the screens answer to, and some they do not.
KEYS = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_t, pygame.K_l, pygame.K_a, pygame.K_i,
        pygame.K_F2, pygame.K_DELETE, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN,
        pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_u, pygame.K_h]


def random_input(app, rng: random.Random) -> None:
    """Hand `app` one random input: a click (45%), a piece of hostile text and a key (30%),
    a key alone (22%) or a window resize (3%)."""
    roll = rng.random()
    w, h = app.size
    if roll < 0.45:
        pos = (rng.randrange(w), rng.randrange(h))
        for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            app.handle(pygame.event.Event(kind, pos=pos, button=1, rel=(0, 0),
                                          buttons=(0, 0, 0)))
    elif roll < 0.75:
        text = rng.choice(HOSTILE)[:50]
        app.handle(pygame.event.Event(pygame.TEXTINPUT, text=text))
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS),
                                      unicode=text[:1], mod=0, scancode=0))
    elif roll < 0.97:
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), unicode="",
                                      mod=0, scancode=0))
    else:
        size = (rng.randrange(800, 1400), rng.randrange(560, 900))
        app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
