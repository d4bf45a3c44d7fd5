"""The environments' pictures: render_mode "rgb_array" (PettingZoo's classic games have it;
video recording needs it) draws what the "human" window shows, headless, and both keep
working after other code has called `pygame.quit()` (PettingZoo's own `close()` does)."""

import os
import subprocess
import sys

import pytest

pytest.importorskip("pettingzoo")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test, render_test  # noqa: E402

from nimgame.envs import hexapawn_v0, nim_v0, sticks_v0, tictactoe_v0  # noqa: E402

#: Each environment, and two legal actions from its start (the second is the other agent's).
OPENINGS = [(nim_v0, {"piles": (1, 3, 5, 7)}, (7, 14)),
            (sticks_v0, {"sticks": 9}, (0, 1)),
            (tictactoe_v0, {}, (4, 0)),
            (hexapawn_v0, {}, (1 * 9 + 4, 6 * 9 + 3))]
IDS = ["nim", "sticks", "tictactoe", "hexapawn"]


def rgb_after(module, rules, actions):
    env = module.env(render_mode="rgb_array", **rules)
    env.reset()
    for action in actions:
        env.step(action)
    return env.render()


@pytest.mark.parametrize("module,rules,opening", OPENINGS, ids=IDS)
def test_rgb_array_is_an_image_of_the_board(module, rules, opening):
    assert "rgb_array" in module.raw_env(**rules).metadata["render_modes"]
    start = rgb_after(module, rules, ())
    assert isinstance(start, np.ndarray) and start.dtype == np.uint8
    assert start.ndim == 3 and start.shape[2] == 3 and start.shape[0] > 100
    moved = rgb_after(module, rules, opening[:1])
    assert moved.shape == start.shape and not np.array_equal(moved, start)   # it shows moves
    assert np.array_equal(rgb_after(module, rules, opening[:1]), moved)   # same state, same
    assert np.array_equal(rgb_after(module, rules, ()), start)
    assert not np.array_equal(rgb_after(module, rules, opening), moved)


@pytest.mark.parametrize("module,rules,opening", OPENINGS, ids=IDS)
def test_rgb_array_is_the_picture_the_window_shows(module, rules, opening):
    import pygame

    window = module.env(render_mode="human", **rules)
    window.reset()
    for action in opening:
        window.step(action)   # a human env draws after each step
    shown = pygame.surfarray.array3d(pygame.display.get_surface()).transpose(1, 0, 2)
    window.close()
    assert np.array_equal(rgb_after(module, rules, opening), shown)


def test_rgb_array_needs_no_display_and_survives_pygame_quit():
    """With no display at all (no DISPLAY, no SDL driver chosen) a picture is still drawn,
    without opening one; and again after `pygame.quit()`."""
    code = ("import pygame; from nimgame.envs import tictactoe_v0 as t\n"
            "e = t.env(render_mode='rgb_array'); e.reset(); e.step(4); a = e.render()\n"
            "pygame.init(); pygame.quit(); b = e.render(); e.close()\n"
            "print(a.shape, (a == b).all(), pygame.display.get_init())")
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, timeout=120, check=True).stdout
    assert out.split("\n")[-2] == "(400, 560, 3) True False"


def quit_pygame():
    import pygame

    pygame.quit()
    assert not pygame.display.get_init() and not pygame.font.get_init()


def test_pettingzoo_tests_pass_with_pygame_quit_between_them():
    """Each environment through PettingZoo's api_test and render_test in turn, pygame quit
    between every two, then a window and a picture after the last quit."""
    import pygame

    for module, rules, _ in OPENINGS:
        api_test(module.env(**rules), num_cycles=20)
        quit_pygame()
        render_test(lambda render_mode=None, m=module, r=rules: m.env(render_mode=render_mode,
                                                                      **r))
        quit_pygame()
    for module, rules, opening in OPENINGS:
        human = module.env(render_mode="human", **rules)
        human.reset()
        human.step(opening[0])
        assert pygame.display.get_surface() is not None and human.render() is None
        human.close()
        quit_pygame()
        picture = rgb_after(module, rules, opening[:1])
        assert picture.dtype == np.uint8 and picture.any()
        quit_pygame()
