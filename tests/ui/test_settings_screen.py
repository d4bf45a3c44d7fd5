"""The settings screen, by keyboard alone: each choice shows at once and is remembered —
the interface scale (the canvas drawn larger, clicks still landing where they are seen),
high contrast, colour-blind-safe colours, motion, sound, volume, the name."""

import pygame
import pygame_gui
import pytest
from uidriver import click, frames, key

from nimgame import settings as settings_module
from nimgame.ui import theme
from nimgame.ui.settings import SettingsScene


def open_settings(app):
    key(app, pygame.K_s, "s")
    scene = app.top
    assert isinstance(scene, SettingsScene)
    return scene


def menu_for(scene, key_name):
    return next(menu for menu, name in scene.form.dropdowns.items() if name == key_name)


def choose(app, scene, key_name, steps):
    """Tab to the drop-down for `key_name`, then Down (or Up) `steps` times."""
    target = menu_for(scene, key_name)
    index = scene.focus.place
    stops = [w for w in scene.widgets if w.alive()]
    for _ in range(len(stops) + 1):
        key(app, pygame.K_TAB, "\t")
        if scene.focus.widget is not None and scene.form.dropdowns.get(
                scene.focus.widget) == key_name:
            break
    else:
        raise AssertionError(f"never reached {key_name} ({target}, {index})")
    for _ in range(abs(steps)):
        key(app, pygame.K_DOWN if steps > 0 else pygame.K_UP)


def saved():
    return settings_module.load()[0]


def test_a_larger_interface_draws_a_smaller_canvas_twice_as_large(app):
    app.resize((1600, 1080))
    scene = open_settings(app)
    choose(app, scene, "scale", 4)                     # 100 -> 200%
    assert app.settings.scale == 200 and saved().scale == 200
    assert app.size == (800, 540) and app.scale == 2.0
    assert app.screen.get_size() == (800, 540) and app.window.get_size() == (1600, 1080)
    frames(app, 1)
    assert tuple(app.window.get_at((3, 3)))[:3] == theme.BACKGROUND   # drawn, enlarged
    back = next(b for b in scene.actions if b.text.startswith("Back"))
    seen = back.rect.center
    click(app, (seen[0] * 2, seen[1] * 2))             # where the eye sees it
    assert not isinstance(app.top, SettingsScene)


def test_the_scale_never_leaves_a_canvas_smaller_than_the_screens_are_made_for(app):
    app.resize((1920, 1080))
    app.settings.scale = 200
    app.apply_look()
    assert app.size == (960, 540)
    app.resize((1600, 1000))                           # 200% would leave 500 rows: less
    assert app.size[1] == 540 and app.size[0] >= 800
    app.resize((900, 600))                             # a small window: nearly as made
    assert app.size[1] >= 540 and app.size[0] >= 800


def test_high_contrast_and_colour_blind_colours_show_at_once_and_are_kept(app):
    scene = open_settings(app)
    choose(app, scene, "contrast", 1)
    assert app.settings.contrast and saved().contrast
    assert theme.BACKGROUND == (0, 0, 0) and theme.TEXT == (255, 255, 255)
    frames(app, 1)
    assert tuple(app.screen.get_at((2, 2)))[:3] == (0, 0, 0)
    choose(app, scene, "colours", 1)
    assert app.settings.colour_blind and theme.GOOD == theme.OKABE_ITO["good"]
    assert theme.TAKE == theme.OKABE_ITO["take"] and theme.BACKGROUND == (0, 0, 0)
    choose(app, scene, "contrast", -1)
    assert theme.BACKGROUND == theme.STANDARD.background
    assert theme.GOOD == theme.OKABE_ITO["good"]    # the colours stay as chosen


def test_reduced_motion_sound_and_volume_are_kept(app):
    scene = open_settings(app)
    choose(app, scene, "motion", 1)
    assert app.settings.motion is False and saved().motion is False
    choose(app, scene, "sound", 1)
    assert app.sounds.on is False and saved().sound is False
    choose(app, scene, "volume", -2)
    assert app.settings.volume == pytest.approx(0.5) and saved().volume == pytest.approx(0.5)


def test_the_name_is_taken_on_enter_and_an_empty_one_refused(app):
    scene = open_settings(app)
    field = scene.name_field
    app.manager.set_focus_set(field)
    field.set_text("Ada")
    app.handle(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=field,
                                  text="Ada"))
    assert app.settings.name == "Ada" and saved().name == "Ada"
    scene.name_field.set_text("   ")
    app.handle(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED,
                                  ui_element=scene.name_field, text="   "))
    assert app.settings.name == "Ada" and "at least one letter" in scene.message
    scene.name_field.set_text("Grace")
    key(app, pygame.K_ESCAPE)                          # leaving keeps what was typed
    assert app.settings.name == "Grace" and not isinstance(app.top, SettingsScene)


def test_a_settings_file_that_cannot_be_written_says_so_in_one_line(app, monkeypatch):
    from nimgame.settings import SaveError

    def refuse(*args, **kwargs):
        raise SaveError("cannot save the settings to /x: Read-only file system")

    monkeypatch.setattr(settings_module, "save", refuse)
    scene = open_settings(app)
    choose(app, scene, "motion", 1)
    assert app.settings.motion is False                # still used in this window
    assert scene.message.startswith("Cannot save") and "\n" not in scene.message


def test_a_window_freezes_no_garbage_and_leaves_nothing_frozen_when_closed():
    """The running window keeps what it made out of the collector's passes (gc.freeze),
    but not garbage made before it: frozen, that could never be freed (the test suite,
    opening a window per test, grew to 6 GB so)."""
    import gc
    import weakref

    import pygame

    from nimgame.ui.app import App

    class Cycle:
        pass

    garbage = Cycle()
    garbage.me = garbage
    gone = weakref.ref(garbage)
    del garbage
    app = App((800, 560))
    seen: list[tuple[object, int]] = []
    frame = app.step

    def first_frame(dt):
        seen.append((gone(), gc.get_freeze_count()))
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        frame(dt)

    app.step = first_frame
    app.run()
    assert seen and seen[0][0] is None and seen[0][1] > 0
    assert gc.get_freeze_count() == 0
