"""A scene: one screen or overlay on the app's stack (Tuxemon-style).

A scene makes its widgets in `build` (called on enter and after every resize) and kills
them in `clear`; it keeps its own state in plain attributes, so a rebuild loses nothing.
Its buttons are made with `button(rect, text, action)`: a press runs `action` through
`Scene.handle_event`, which subclasses call first (`super().handle_event(event)`).
A scene reaches the window through `SceneHost`, what the app offers its scenes.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, Protocol, TypeVar

import pygame
import pygame_gui

from ..match import Seat, Tally
from ..settings import Settings
from .focus import Focus
from .sound import Sounds
from .tasks import Tasks

#: Modifiers that make a key a shortcut of something else (Ctrl+A is not "A": a scene's
#: one-letter keys ignore it, and so does a board's digit input). Shift is not among them:
#: "?" needs it.
COMMAND_MODS = pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META | pygame.KMOD_GUI

Widget = TypeVar("Widget", bound=pygame_gui.core.UIElement)


def plain_key(event: pygame.event.Event) -> bool:
    """Whether `event` is a key press without Ctrl, Alt or the system key held."""
    return event.type == pygame.KEYDOWN and not getattr(event, "mod", 0) & COMMAND_MODS


#: The keys that ask what things mean, on every screen: ? (Shift and / on most layouts) and F1.
HELP_KEYS = (pygame.K_QUESTION, pygame.K_F1)


def help_key(event: pygame.event.Event) -> bool:
    """Whether `event` is `?` or F1 pressed without Ctrl, Alt or the system key."""
    return plain_key(event) and (event.key in HELP_KEYS or getattr(event, "unicode", "") == "?")


def typing_in(manager: pygame_gui.UIManager) -> bool:
    """Whether a text field has the keyboard, so that `?` is a character to type."""
    return any(isinstance(element, pygame_gui.elements.UITextEntryLine | \
                          pygame_gui.elements.UITextEntryBox) and element.is_focused
               for element in manager.get_sprite_group().sprites())


class SceneHost(Protocol):
    """What the window offers its scenes (`app.App`): its size and widget manager, the
    stack, the settings, sound, the score since it opened and work beside the frames."""

    manager: pygame_gui.UIManager
    size: tuple[int, int]
    settings: Settings
    sounds: Sounds
    tasks: Tasks
    notice: str        # a line the menu shows once (a damaged settings file, a failed save)
    running: bool
    asking_to_close: bool   # a screen asks whether the window may close

    @property
    def top(self) -> Scene | None: ...

    def open(self, name: str, *args: Any, replace: bool = False, **kwargs: Any) -> Scene: ...

    def pop(self) -> None: ...

    def home(self) -> None: ...

    def quit(self) -> None: ...

    def remember(self) -> str: ...

    def toggle_sound(self) -> str: ...

    def apply_look(self) -> None: ...

    def change_volume(self, step: float) -> str: ...

    def tally_for(self, game: str, seats: tuple[Seat, Seat]) -> Tally: ...


class Scene:
    #: An overlay is drawn over the scene below it instead of replacing it.
    overlay = False
    #: Up/Down move the keyboard focus between buttons (a screen that is a list of them:
    #: its own keys do not use the arrows). Tab and Shift+Tab do on every screen (`focus`).
    arrow_focus = False

    def __init__(self, app: SceneHost) -> None:
        self.app = app
        self.widgets: list[pygame_gui.core.UIElement] = []
        self.actions: dict[pygame_gui.core.UIElement, Callable[[], Any]] = {}
        self.message = ""          # one line for the person: what worked, or why not
        self.message_ok = False
        self.focus = Focus()       # where the keyboard is (Tab moves it)

    @property
    def manager(self) -> pygame_gui.UIManager:
        return self.app.manager

    @property
    def size(self) -> tuple[int, int]:
        return self.app.size

    # -- life cycle ---------------------------------------------------------------------
    def enter(self) -> None:
        self.on_top()
        self.make_widgets()

    def make_widgets(self) -> None:
        """Make the widgets (`build`), the keyboard focus kept in its place."""
        self.build()
        self.focus.restore(self)

    def on_top(self) -> None:
        """The scene comes on top, entered or with the one above gone (before it is laid
        out): where a screen starts reading what may have changed meanwhile."""

    def exit(self) -> None:
        """Leaving for good (popped, or the window closing): save anything worth keeping."""
        self.clear()

    def pause(self) -> None:
        """Another scene is pushed on top; overlays leave the scene below visible."""
        self.clear()

    def resume(self) -> None:
        """The scene above has gone: this one is on top again."""
        self.on_top()
        self.make_widgets()

    def resize(self) -> None:
        """The window changed size: lay everything out again."""
        self.rebuild()

    def rebuild(self) -> None:
        """Make the widgets again after the scene's state changed (rows came or went, a
        file was read). Only while the scene is on top: a covered scene has no widgets, and an
        answer arriving for it must not draw them over the scene in front."""
        self.clear()
        if self.app.top is self:
            self.make_widgets()

    def build(self) -> None:
        """Make this scene's widgets for the current window size."""

    def clear(self) -> None:
        for widget in self.widgets:
            widget.kill()
        self.widgets.clear()
        self.actions.clear()

    def later(self, work: Callable[[], Any], then: Callable[[Future[Any]], None]) -> None:
        """Run `work()` beside the frames; `then(future)` gets its answer on a later frame
        (see `tasks`). For anything that may take longer than a frame."""
        self.app.tasks.start(self, work, then)

    @property
    def waiting(self) -> bool:
        """Whether work this scene started with `later` has not answered yet."""
        return self.app.tasks.busy(self)

    def add(self, widget: Widget) -> Widget:
        """`widget` as one of this scene's (killed in `clear`)."""
        self.widgets.append(widget)
        return widget

    def say(self, message: str, ok: bool = False) -> None:
        """Show `message` as a sentence (its first letter a capital): in the good colour if
        `ok`, else as an error ("" clears it)."""
        self.message, self.message_ok = message[:1].upper() + message[1:], ok

    def open(self, name: str, *args: Any, **kwargs: Any) -> None:
        """Open the scene called `name` on top of this one (see `screens`)."""
        self.app.open(name, *args, **kwargs)

    def button(self, rect: pygame.Rect, text: str, action: Callable[[], Any], *,
               primary: bool = False, enabled: bool = True,
               tooltip: str | None = None) -> pygame_gui.elements.UIButton:
        """A button of this scene that runs `action` when pressed (the primary one is
        drawn in the accent colour; a disabled one is shown but cannot be pressed)."""
        made = self.add(pygame_gui.elements.UIButton(
            rect, text, self.manager, object_id="#primary" if primary else None,
            tool_tip_text=tooltip))
        if not enabled:
            made.disable()
        self.actions[made] = action
        return made

    # -- each frame ---------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to `event`; True if it was used and should go no further. Here: a press
        of one of this scene's buttons runs its action."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.actions:
            self.app.sounds.play("click")
            self.actions[event.ui_element]()
            return True
        return False

    def loses_on_leaving(self) -> str:
        """What leaving this screen (or closing the window) now would lose, in words; ""
        here: a screen keeps its work when left."""
        return ""

    def close_wanted(self) -> bool:
        """The window's close button was pressed while this screen `loses_on_leaving`:
        True if it asks first (and closes the window itself if told to)."""
        return False

    def help_wanted(self) -> None:
        """`?` or F1 on this screen (the app asks, whatever the screen): the glossary of the
        words the learners use. A board opens its game's rules instead (with the glossary a
        key away); a window asking a question (a confirmation) takes the key itself."""
        if not any(isinstance(widget, pygame_gui.elements.UIWindow) and widget.alive()
                   for widget in self.widgets):
            self.app.open("glossary", self.glossary_term())

    def glossary_term(self) -> str | None:
        """The glossary's term (a key of `TERMS`) this screen is about, which `?` opens the
        glossary at; None: at its top."""
        return None

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene (widgets are drawn by the app, above this)."""
