"""Each button says its key (as the menu's "Arena  A"): every screen the layout test lists is
opened once, each button's action replaced by a recorder, then each key a screen might use is
pressed; a button that some keys press must name one of them."""

import functools
import string

import pygame
import pytest
from test_layout import SCENES, scene_at

#: The keys pressed, with the name a button writes for each.
#: Enter first and Esc last: a key that changes the screen (a new game) hides what the keys
#: after it would do.
KEYS = {pygame.K_RETURN: "Enter",
        **{getattr(pygame, f"K_{c}"): c.upper() for c in string.ascii_lowercase},
        **{getattr(pygame, f"K_{d}"): d for d in "123456789"},
        pygame.K_DELETE: "Del", pygame.K_F2: "F2", pygame.K_BACKSPACE: "Backspace",
        pygame.K_HOME: "Home",
        pygame.K_END: "End", pygame.K_LEFT: "Left", pygame.K_RIGHT: "Right",
        pygame.K_PAGEUP: "PgUp", pygame.K_PAGEDOWN: "PgDn", pygame.K_ESCAPE: "Esc"}


def says(text: str, name: str) -> bool:
    """Whether a button's text names key `name`: after two spaces ("Back  Esc", "Save  S /
    Enter"), or as its number ("1.  Nim")."""
    keys = text.split("  ")[-1] if "  " in text else ""
    return name in keys.replace("/", " ").replace(",", " ").split() or \
        text.startswith(f"{name}.")


def target(action):
    """(object, method name, bound args) that `action` calls, or None for a lambda."""
    args = ()
    if isinstance(action, functools.partial):
        action, args = action.func, action.args
    owner, name = getattr(action, "__self__", None), getattr(action, "__name__", "")
    if owner is None or name == "<lambda>":
        return None
    return owner, name, args


class Recorder:
    def __init__(self):
        self.calls = []

    def method(self, owner, name):
        def record(*args, **kwargs):
            self.calls.append((id(owner), name, args))
        return record


def pressed_by_keys(app, monkeypatch, come_back=False):
    """Each usable button of the top scene, with the names of the keys that press it (its
    action, replaced by a recorder, called). A key that opens another screen ends the
    keys tried, or with `come_back` that screen is left and the keys go on."""
    scene = app.top
    buttons = {button: target(action) for button, action in scene.actions.items()
               if button.visible and button.alive() and button.is_enabled}
    recorder = Recorder()
    with monkeypatch.context() as patch:
        for found in {(id(t[0]), t[1]): t for t in buttons.values() if t}.values():
            owner, method, _ = found
            patch.setattr(owner, method, recorder.method(owner, method), raising=False)
        pressed_by: dict = {button: [] for button in buttons}
        for key, key_name in KEYS.items():
            recorder.calls.clear()
            text = "\r" if key == pygame.K_RETURN else key_name.lower() \
                if len(key_name) == 1 else ""
            event = pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=0,
                                       scancode=0)
            app.handle(event)
            if app.top is not scene and come_back and scene in app.scenes:
                while app.top is not scene:
                    type(app).pop(app)   # (app.pop may be a recorder here)
            if app.top is not scene:   # a key not on any button opened something
                break
            for button, found in buttons.items():
                if found and (id(found[0]), found[1], found[2]) in recorder.calls:
                    pressed_by[button].append(key_name)
    return pressed_by


@pytest.mark.parametrize("name", list(SCENES))
def test_every_button_with_a_key_says_it(name, monkeypatch):
    with scene_at((1100, 720), name, monkeypatch) as app:
        pressed_by = pressed_by_keys(app, monkeypatch)
        wrong = [(button.text, keys) for button, keys in pressed_by.items()
                 if keys and not any(says(button.text, k) for k in keys)]
        assert not wrong, (name, wrong)


@pytest.mark.parametrize("name", [n for n in SCENES if n.startswith("board") and
                                  n.endswith(("over", "learned"))])
def test_every_button_of_the_end_banner_has_a_key_and_says_it(name, monkeypatch):
    """After a game every choice is a key away, Menu too, and its button says which."""
    with scene_at((1100, 720), name, monkeypatch) as app:
        board = app.top
        assert board.presenter.over
        banner = [b for b in pressed_by_keys(app, monkeypatch, come_back=True).items()
                  if board.banner.rect.contains(b[0].rect)]
        assert any(button.text.startswith("Menu") for button, _ in banner)
        wrong = [(button.text, keys) for button, keys in banner
                 if not any(says(button.text, k) for k in keys)]
        assert not wrong, (name, wrong)
