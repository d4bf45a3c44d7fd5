"""A modal box over the scene below: a shaded backdrop, one button that closes it, and
nothing reaching the scene underneath while it is open (Esc still closes it)."""

from __future__ import annotations

import html

import pygame
import pygame_gui

from .. import theme
from ..scene import Scene
from .owner import WidgetOwner

CLOSE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


class Dialog(Scene):
    overlay = True
    arrow_focus = True
    button_text = "OK"
    button_width = 180
    extra_close_keys: tuple[int, ...] = ()

    def box(self) -> pygame.Rect:
        """Where the box is; subclasses size it to what they show."""
        w, h = self.size
        rect = pygame.Rect(0, 0, min(640, w - 80), min(420, h - 80))
        rect.center = (w // 2, h // 2)
        return rect

    def build(self) -> None:
        box = self.box()
        self.close = self.button(
            pygame.Rect(box.centerx - self.button_width // 2, box.bottom - 62,
                        self.button_width, 44), self.button_words(), self.closed, primary=True)

    def button_words(self) -> str:
        """The button's text with its key (Enter closes the box), unless it names its own."""
        return self.button_text if "  " in self.button_text else f"{self.button_text}  Enter"

    def closed(self) -> None:
        """What closing does (by default: back to the scene below)."""
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in CLOSE_KEYS + self.extra_close_keys:
            self.closed()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN) \
            and not (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE)

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(self.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        box = self.box()
        theme.panel(surface, box)
        self.draw_content(surface, box)

    def draw_content(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        raise NotImplementedError


def confirm(scene: WidgetOwner, title: str, question: str,
            action: str) -> pygame_gui.windows.UIConfirmationDialog:
    """A yes/no box owned by `scene`; it posts UI_CONFIRMATION_DIALOG_CONFIRMED if the
    person chooses `action`. `question` may quote outside text: it is escaped, since the
    box reads its text as markup."""
    w, h = scene.size
    width = min(460, w - 40)
    lines = len(theme.wrap(question, 16, width - 40))
    rect = pygame.Rect(0, 0, width, min(max(200, 128 + 24 * lines), h - 40))
    rect.center = (w // 2, h // 2)
    box = scene.add(pygame_gui.windows.UIConfirmationDialog(
        rect, html.escape(question), scene.manager, window_title=title,
        action_short_name=f"{action}  Y"))
    roomy_buttons(box, f"{action}  Y", "Cancel  N")
    return box


#: A yes/no box's buttons: as tall as the screens' own, wide enough for their words.
BOX_BUTTON_HEIGHT = 40
BOX_BUTTON_MIN = 120


def roomy_buttons(box: pygame_gui.windows.UIConfirmationDialog, yes: str, no: str) -> None:
    """Replace pygame_gui's small 30-pixel buttons (hard to see and hit at 200%) by buttons
    as tall as the screens' own, bottom right, the question's text ending above them."""
    font = box.cancel_button.font
    made = []
    right = 12
    for words, ident in ((no, "#cancel_button"), (yes, "#confirm_button")):
        wide = max(BOX_BUTTON_MIN, (font.size(words)[0] if font else 8 * len(words)) + 32)
        made.append(pygame_gui.elements.UIButton(
            pygame.Rect(-(right + wide), -(12 + BOX_BUTTON_HEIGHT), wide, BOX_BUTTON_HEIGHT),
            words, box.ui_manager, container=box, object_id=ident,
            anchors={"left": "right", "right": "right", "top": "bottom", "bottom": "bottom"}))
        right += wide + 12
    box.cancel_button.kill()
    box.confirm_button.kill()
    box.cancel_button, box.confirm_button = made
    inside = box.get_container().get_size()
    box.confirmation_text.set_dimensions((inside[0] - 10,
                                          inside[1] - 24 - BOX_BUTTON_HEIGHT - 5))


def choose(dialog: pygame_gui.windows.UIConfirmationDialog) -> None:
    """Choose `dialog`'s action, as its first button does (it posts
    UI_CONFIRMATION_DIALOG_CONFIRMED and closes)."""
    dialog.process_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                            {"ui_element": dialog.confirm_button}))


def dialog_open(dialog: pygame_gui.windows.UIConfirmationDialog,
                event: pygame.event.Event) -> bool:
    """While `dialog` is open the scene under it takes no keys: Y chooses its action, as
    its first button does; N or Esc closes it (not the scene), as Cancel does; Tab and
    Enter reach its buttons (`focus`); every other key stops here. True if `event` was
    used."""
    if event.type != pygame.KEYDOWN:
        return False
    if event.key == pygame.K_y:
        choose(dialog)
    elif event.key in (pygame.K_ESCAPE, pygame.K_n):
        dialog.kill()
    return True


def dialog_answered(dialog: pygame_gui.windows.UIConfirmationDialog,
                    event: pygame.event.Event) -> bool:
    """As `dialog_open`, and Enter chooses the action too, as Y does, when neither button
    has the keyboard focus (`focus` presses the one that has it): for a question whose
    answer is expected, such as Discard's. True if `event` was used."""
    if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
        choose(dialog)
        return True
    return dialog_open(dialog, event)
