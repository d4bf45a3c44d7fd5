"""A text field being typed in draws what the rest of the window draws: each character the
font lacks (an emoji, a Chinese letter) as "�", never the font's empty box, while the text
the field holds — what is saved — stays as typed, and the cursor, the selection, Backspace,
Delete, the arrows, Home, End, copy, paste and the placeholder hint work on it as before.
One "�" per character the field holds, so the cursor steps over each as over a letter."""

import pygame
import pygame_gui
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pygame_gui.core.text.text_line_chunk import TextLineChunkFTFont
from screen_texts import boxed
from uidriver import frames, key

from nimgame import settings as settings_module
from nimgame.safetext import is_visible
from nimgame.ui import theme
from nimgame.ui.settings import SettingsScene
from nimgame.ui.widgets import fields

LACKED = "😀🤖漢字👍\U0001f3fd"          # the last a skin tone: a character of its own here
DRAWN = "aZë Жé5-'"


def laid_out(field):
    """The text the field's layout draws now (its chunks' text, row by row): what is seen."""
    layout = field.drawable_shape.text_box_layout
    return "".join(chunk.text for row in layout.layout_rows for chunk in row.items
                   if isinstance(chunk, TextLineChunkFTFont))


def boxes(words):
    return [c for c in words if boxed(c)]


def one_for_one(words):
    return "".join(theme.REPLACEMENT if boxed(c) else c for c in words)


def settings_name_field(app):
    key(app, pygame.K_s, "s")
    scene = app.top
    assert isinstance(scene, SettingsScene)
    field = scene.name_field
    app.manager.set_focus_set(field)
    return field


def typed(app, words):
    for char in words:
        app.handle(pygame.event.Event(pygame.TEXTINPUT, text=char))
    frames(app, 1)


def shows_what_it_holds(field):
    """The field draws its text with each character the font lacks as "�", one for one,
    and its layout's cursor is where the field's edit position is."""
    drawn = laid_out(field)
    assert boxes(drawn) == [], drawn
    assert drawn == one_for_one(field.get_text())
    assert field.drawable_shape.text_box_layout.get_cursor_index() == field.edit_position


def test_emoji_typed_in_the_settings_name_are_drawn_as_marks_and_saved_whole(app):
    field = settings_name_field(app)
    key(app, pygame.K_END)
    typed(app, " 😀😀 漢")
    assert field.get_text() == "Player 😀😀 漢"
    assert laid_out(field) == "Player �� �"
    shows_what_it_holds(field)
    key(app, pygame.K_RETURN, "\r")
    assert app.settings.name == "Player 😀😀 漢"
    assert settings_module.load()[0].name == "Player 😀😀 漢"   # the file keeps them


def test_the_editing_keys_edit_the_character_under_the_cursor(app):
    field = settings_name_field(app)
    field.set_text("")
    typed(app, "a😀🤖b")
    key(app, pygame.K_HOME)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)                         # after 😀
    shows_what_it_holds(field)
    key(app, pygame.K_BACKSPACE)                     # 😀 goes
    assert field.get_text() == "a🤖b" and laid_out(field) == "a�b"
    shows_what_it_holds(field)
    key(app, pygame.K_DELETE)                        # 🤖 goes
    assert field.get_text() == "ab" and laid_out(field) == "ab"
    typed(app, "字")                                   # typed between a and b
    assert field.get_text() == "a字b" and field.edit_position == 2
    shows_what_it_holds(field)
    key(app, pygame.K_END)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT, mod=pygame.KMOD_SHIFT)    # 字 selected
    typed(app, "😀")                                   # and replaced
    assert field.get_text() == "a😀b" and field.edit_position == 2
    shows_what_it_holds(field)


def test_copy_takes_the_emoji_and_paste_shows_them_as_marks(app, monkeypatch):
    from pygame_gui.elements import ui_text_entry_line

    field = settings_name_field(app)
    copied = []
    monkeypatch.setattr(ui_text_entry_line, "clipboard_copy", copied.append)
    field.set_text("Zoë 🤖")
    key(app, pygame.K_a, "a", mod=pygame.KMOD_CTRL)
    key(app, pygame.K_c, "c", mod=pygame.KMOD_CTRL)
    assert copied == ["Zoë 🤖"]                      # the text, not what is drawn
    monkeypatch.setattr(pygame_gui.core.utility, "clipboard_paste", lambda: "漢😀")
    key(app, pygame.K_END)
    key(app, pygame.K_v, "v", mod=pygame.KMOD_CTRL)
    assert field.get_text() == "Zoë 🤖漢😀" and laid_out(field) == "Zoë ���"
    shows_what_it_holds(field)


def test_a_name_with_emoji_from_the_settings_file_is_drawn_with_marks(app):
    app.settings.name = "Ada 🤖👍\U0001f3fd"
    settings_module.save(app.settings)
    field = settings_name_field(app)
    assert field.get_text() == "Ada 🤖👍\U0001f3fd"
    assert laid_out(field) == "Ada ���"
    shows_what_it_holds(field)
    app.manager.set_focus_set(None)                  # drawn unfocused, the same
    frames(app, 1)
    assert laid_out(field) == "Ada ���"


def test_the_placeholder_hint_comes_back_after_emoji_are_deleted(app):
    key(app, pygame.K_k)
    key(app, pygame.K_o)                             # the tournament
    field = app.top.entry
    hint = field.placeholder_text
    assert hint and laid_out(field) == hint
    app.manager.set_focus_set(field)
    typed(app, "🤖x")
    assert laid_out(field) == "�x"
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    assert field.get_text() == ""
    app.manager.set_focus_set(None)
    frames(app, 1)
    assert laid_out(field) == hint and field.hint_shown


# -- any mix, any keys ---------------------------------------------------------------------

CHARS = st.sampled_from(LACKED + DRAWN) | st.characters(
    codec="utf-8", exclude_categories=("Cs", "Cc", "Cf", "Co", "Cn", "Zl", "Zp", "Mn", "Me")
).filter(is_visible)
KEYS = {"backspace": pygame.K_BACKSPACE, "delete": pygame.K_DELETE, "left": pygame.K_LEFT,
        "right": pygame.K_RIGHT, "home": pygame.K_HOME, "end": pygame.K_END}
STEPS = st.lists(st.tuples(st.just("type"), CHARS) | st.tuples(st.sampled_from(list(KEYS)),
                                                                st.none()), max_size=25)


def model(text, cursor, step, limit):
    """What each step does to (text, cursor): the edit the person means."""
    action, char = step
    if action == "type":
        return (text[:cursor] + char + text[cursor:], cursor + 1) if len(text) < limit \
            else (text, cursor)
    if action == "backspace":
        return (text[:cursor - 1] + text[cursor:], cursor - 1) if cursor else (text, cursor)
    if action == "delete":
        return text[:cursor] + text[cursor + 1:], cursor
    return text, {"left": max(cursor - 1, 0), "right": min(cursor + 1, len(text)),
                  "home": 0, "end": len(text)}[action]


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.text(CHARS, max_size=12), STEPS)
def test_any_mix_typed_and_edited_shows_marks_and_keeps_the_text(app, start, steps):
    if not isinstance(app.top, SettingsScene):
        settings_name_field(app)
    field = app.top.name_field
    app.manager.set_focus_set(field)
    text = fields.clean(start, field.limit)
    field.set_text(text)
    cursor = len(text)
    frames(app, 1)
    shows_what_it_holds(field)
    for step in steps:
        action, char = step
        if action == "type":
            app.handle(pygame.event.Event(pygame.TEXTINPUT, text=char))
        else:
            app.handle(pygame.event.Event(pygame.KEYDOWN, key=KEYS[action], unicode="", mod=0,
                                          scancode=0))
        frames(app, 1)                               # the layout's cursor follows
        text, cursor = model(text, cursor, step, field.limit)
        assert (field.get_text(), field.edit_position) == (text, cursor), step
        shows_what_it_holds(field)
