"""The settings screen: what lives in settings.json, chosen in the window — the interface
size (a projector's view), high contrast, colours safe for colour-blind eyes, motion, sound
and its volume, your name. Each change shows at once and is remembered; a name is taken
when Enter is pressed in its field or the screen is left."""

from __future__ import annotations

from collections.abc import Mapping

import pygame
import pygame_gui

from ...settings import SCALES
from .. import theme
from ..scene import Scene, SceneHost
from ..widgets.fields import Field
from ..widgets.form import FormRows

#: Each drop-down's entries: the words shown, the value they set.
SCALE_WORDS = {f"{scale}%" + (" (as made)" if scale == 100 else ""): scale for scale in SCALES}
CONTRAST_WORDS = {"Standard": False, "High contrast (black and white)": True}
COLOUR_WORDS = {"Standard": False, "Colour-blind safe (Okabe–Ito)": True}
MOTION_WORDS = {"Moves glide, the AI's move shows first": True,
                "Reduced: moves jump, nothing glides": False}
SOUND_WORDS = {"On": True, "Off (M mutes anywhere)": False}
VOLUME_WORDS = {f"{v}%": v / 100 for v in range(0, 101, 10)}

LABEL_WIDTH, FIELD_WIDTH = 190, 380


def words_for(table: Mapping[str, float], value: float) -> str:
    """The entry of `table` whose value is `value`, or the nearest (a volume or size the
    file holds between two entries)."""
    return min(table, key=lambda words: abs(float(table[words]) - float(value)))


class SettingsScene(Scene):
    def __init__(self, app: SceneHost) -> None:
        super().__init__(app)
        self.form: FormRows | None = None
        self.name_field: Field | None = None

    def box(self) -> pygame.Rect:
        w, h = self.size
        width = min(LABEL_WIDTH + FIELD_WIDTH + 4 * theme.GAP, w - 2 * theme.GAP)
        return pygame.Rect((w - width) // 2, 90, width, h - 90 - theme.GAP)

    def build(self) -> None:
        box = self.box()
        field_width = min(FIELD_WIDTH, box.width - LABEL_WIDTH - 2 * theme.GAP)
        rows = self.form = FormRows(self, box.x + theme.GAP, box.y + theme.GAP, LABEL_WIDTH,
                                    field_width, 50, 38)
        s = self.app.settings
        rows.dropdown("scale", "Interface size", SCALE_WORDS, words_for(SCALE_WORDS, s.scale))
        rows.dropdown("contrast", "Contrast", CONTRAST_WORDS,
                      words_for(CONTRAST_WORDS, s.contrast))
        rows.dropdown("colours", "Colours", COLOUR_WORDS,
                      words_for(COLOUR_WORDS, s.colour_blind))
        rows.dropdown("motion", "Motion", MOTION_WORDS, words_for(MOTION_WORDS, s.motion))
        rows.dropdown("sound", "Sound", SOUND_WORDS, words_for(SOUND_WORDS, self.app.sounds.on))
        rows.dropdown("volume", "Volume", VOLUME_WORDS, words_for(VOLUME_WORDS, s.volume))
        self.name_field = self.add(Field(rows.row("Your name"), self.manager, s.name,
                                         limit=20))
        back = pygame.Rect(box.x + theme.GAP, rows.y + 8, 200, theme.BUTTON_HEIGHT)
        self.button(back, "Back  Esc", self.leave)   # plain: the accent read as the focus

    # -- changes ---------------------------------------------------------------------------
    def chose(self, key: str, words: str) -> None:
        s = self.app.settings
        if key == "scale":
            s.scale = SCALE_WORDS[words]
        elif key == "contrast":
            s.contrast = CONTRAST_WORDS[words]
        elif key == "colours":
            s.colour_blind = COLOUR_WORDS[words]
        elif key == "motion":
            s.motion = MOTION_WORDS[words]
        elif key == "sound":
            if SOUND_WORDS[words] != self.app.sounds.on:
                s.sound = self.app.sounds.toggle()
        elif key == "volume":
            s.volume = self.app.sounds.volume = VOLUME_WORDS[words]
            self.app.sounds.play("click")
        self.app.apply_look()
        self.remembered(f"{words}: kept for next time.")
        self.rebuild()

    def take_name(self) -> None:
        field = self.name_field
        if field is None:
            return
        name = field.get_text().strip()
        if not name:
            field.set_text(self.app.settings.name)
            self.say("A name needs at least one letter: the last one is kept.")
            return
        if name != self.app.settings.name:
            self.app.settings.name = name
            self.remembered(f"Hello, {name}: kept for next time.")

    def remembered(self, said: str) -> None:
        problem = self.app.remember()
        self.say(problem or said, ok=not problem)

    def leave(self) -> None:
        self.take_name()
        self.app.pop()

    # -- events ----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        chose = self.form.chose(event) if self.form is not None else None
        if chose is not None:
            self.chose(chose.key, chose.text)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and \
                event.ui_element is self.name_field:
            self.take_name()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return True
        return False

    def exit(self) -> None:
        self.take_name()
        super().exit()

    def draw(self, surface: pygame.Surface) -> None:
        w, _ = self.size
        theme.text(surface, "Settings", (w // 2, 24), 34, theme.ACCENT, bold=True,
                   anchor="midtop")
        theme.text(surface, "Tab moves between the choices, Up/Down changes one; each is "
                   "kept at once.", (w // 2, 66), 14, theme.MUTED, anchor="midtop",
                   width=w - 2 * theme.GAP)
        if self.form is None:
            return
        for label, y in self.form.labels:
            theme.text(surface, label, (self.form.field_x - LABEL_WIDTH, y + 19), 17,
                       theme.TEXT, anchor="midleft", width=LABEL_WIDTH - 10)
        if self.message:
            theme.text(surface, self.message, (w // 2, self.size[1] - theme.GAP), 15,
                       theme.GOOD if self.message_ok else theme.ERROR, anchor="midbottom",
                       width=w - 2 * theme.GAP)
