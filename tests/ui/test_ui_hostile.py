"""The window under hostile typing, pasting and damaged brain files.

Every field refuses what it cannot hold and says why on submit; names from files are
drawn escaped and shortened; no event may raise or hold up a frame.
"""

import os
from pathlib import Path

import pygame
import pygame_gui
import pytest
from brainfiles import real, write
from hypothesis import given
from hypothesis import strategies as st
from uidriver import frames, key, press

from bench.monkey import HOSTILE, random_input
from nimgame import storage
from nimgame.games import Nim, Sticks
from nimgame.learning.worker import TrainingJob
from nimgame.players import HatLearner, QLearner
from nimgame.safetext import is_visible
from nimgame.typed import whole_number
from nimgame.ui import theme
from nimgame.ui.arena import ArenaScene
from nimgame.ui.board.scene import typed_digit
from nimgame.ui.inspector import InspectorScene
from nimgame.ui.library import LibraryScene
from nimgame.ui.menu import MenuScene
from nimgame.ui.setup import SetupScene
from nimgame.ui.training import TrainingScene
from nimgame.ui.widgets.fields import Field, clean

EVIL = "\x1b[2J\r\b\u202eevil\nname<b>" + "W" * 150


# -- the pieces ------------------------------------------------------------------------------

def fonts():
    """Fonts that work: an earlier test's app may have quit pygame under the cached ones."""
    pygame.init()
    theme.forget()


def test_every_character_called_visible_can_be_drawn():
    """Exhaustive over Unicode: what `is_visible` lets into a field or a label, the font
    can draw with some width (pygame raises "Text has zero width" otherwise)."""
    fonts()
    font = theme.font(18)
    bad = []
    for code in [*range(0x30000), *range(0xE0000, 0x110000)]:
        char = chr(code)
        if is_visible(char):
            try:
                if font.size(char)[0] == 0:
                    bad.append(hex(code))
            except (pygame.error, ValueError):
                bad.append(hex(code))
    assert bad == []


@given(st.text(max_size=40))
def test_typed_numbers_are_ascii_digits(text):
    digits = text.strip().replace("_", "").replace(",", "")
    expected = int(digits) if digits and all(c in "0123456789" for c in digits) else None
    try:
        got = whole_number(text, 0, 10**50, "n")
    except ValueError as err:
        assert expected is None or expected > 10**50
        assert "\n" not in str(err) and len(str(err)) < 200
    else:
        assert got == expected


@given(st.text(max_size=3))
def test_a_key_types_a_digit_only_if_it_is_one_ascii_digit(text):
    event = pygame.event.Event(pygame.KEYDOWN, key=0, unicode=text, mod=0, scancode=0)
    expected = int(text) if len(text) == 1 and "0" <= text <= "9" else None
    assert typed_digit(event) == expected


@given(st.text(max_size=300), st.integers(1, 80))
def test_clean_keeps_visible_characters_up_to_the_limit(text, limit):
    cleaned = clean(text, limit)
    assert len(cleaned) <= limit and all(map(is_visible, cleaned))
    visible = "".join(c for c in text if is_visible(c))
    assert visible.startswith(cleaned) and (len(cleaned) == limit or cleaned == visible)


@given(st.text(max_size=400), st.integers(20, 600))
def test_fit_never_draws_wider_than_asked(text, width):
    fonts()
    shown = theme.fit(text, 15, width)
    assert all(map(is_visible, shown))
    assert theme.font(15).size(shown)[0] <= max(width, theme.font(15).size(shown[:1] + "…")[0])


@given(st.text(max_size=200), st.integers(40, 400))
def test_wrap_breaks_long_words(text, width):
    fonts()
    for line in theme.wrap(theme.escape(text, None), 15, width):
        assert theme.font(15).size(line)[0] <= width or len(line) == 1


# -- a field -----------------------------------------------------------------------------

@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_a_field_holds_only_what_it_can_draw(app, text, monkeypatch):
    field = Field(pygame.Rect(10, 10, 200, 36), app.manager, "7", limit=12)
    app.manager.set_focus_set(field)
    field.focus()
    for char in text[:200]:
        app.handle(pygame.event.Event(pygame.TEXTINPUT, text=char))
    frames(app, 1)
    assert len(field.get_text()) <= 12 and all(map(is_visible, field.get_text()))
    field.set_text(text)
    frames(app, 1)
    assert field.get_text() == clean(text, 12)
    monkeypatch.setattr(pygame_gui.core.utility, "clipboard_paste", lambda: "12" + text)
    field.set_text("ab")
    field.edit_position = 1
    field._do_paste()
    frames(app, 1)
    assert field.get_text() == ("a" + clean("12" + text, 12))[:11] + "b"
    field.kill()


# -- every screen, every field ------------------------------------------------------------

@pytest.fixture
def damaged_folder(nimgame_home):
    """Good brains with hostile names beside damaged files of every kind."""
    folder = nimgame_home / "brains"
    folder.mkdir(parents=True)
    for number, kind in enumerate(["nim-q", "nim-q", "sticks-hats", "ttt-q"]):
        header, table = real(kind)
        header["name"] = EVIL if number < 2 else f"{EVIL[:40]}{number}"
        write(folder / f"evil{number}.brain", header, table)
    header, table = real("nim-q")
    header["games_trained"] = "many"
    write(folder / "many.brain", header, table)
    (folder / "\x1b[31mtrunc\u202e.brain").write_bytes((folder / "evil0.brain").read_bytes()[:99])
    (folder / "dir.brain").mkdir()
    os.mkfifo(folder / "fifo.brain")
    (folder / "dangling.brain").symlink_to(folder / "nowhere")
    return folder


def fields_of(scene):
    return [w for w in scene.widgets if isinstance(w, pygame_gui.elements.UITextEntryLine)]


OPENERS = {
    "nim set-up": lambda app: key(app, pygame.K_1),
    "custom nim set-up": lambda app: (key(app, pygame.K_1), _custom_piles(app.top)),
    "sticks set-up": lambda app: key(app, pygame.K_2),
    "tictactoe set-up": lambda app: key(app, pygame.K_3),
    "training": lambda app: key(app, pygame.K_t),
    "custom training": lambda app: (key(app, pygame.K_t), _preset(app.top, "Nim — your own")),
    "sticks training": lambda app: (key(app, pygame.K_t), _preset(app.top, "Game of Sticks — "
                                                                           "your own")),
    "library": lambda app: key(app, pygame.K_l),
    "arena": lambda app: key(app, pygame.K_a),
    "inspector": lambda app: app.push(InspectorScene(app, QLearner(Nim()))),
    "settings": lambda app: key(app, pygame.K_s),
    "lab": lambda app: key(app, pygame.K_c),
    "menace": lambda app: key(app, pygame.K_x),
    "menace against you": lambda app: _menace_you(app),
    "tournament": lambda app: (key(app, pygame.K_k), key(app, pygame.K_o)),
}


def _menace_you(app):
    key(app, pygame.K_x)
    app.top.choose("opponent", "You")
    app.top.one_game()


def _custom_piles(scene):
    scene.choices["piles"] = "Custom"
    scene.resize()


def _preset(scene, prefix):
    scene.choices.preset = next(p for p in scene.choices.presets if p.startswith(prefix))
    scene.resize()


@pytest.fixture
def folder_reads(monkeypatch):
    """Each time the brains folder is listed or a brain in it loaded: whether it was on the
    window's thread (the design this replaced did both inside the frame). A training's own
    result, read back when its screen is left mid-run, is not in the folder."""
    import threading

    seen: list[tuple[str, bool]] = []

    def recorder(name, real):
        def recorded(*args, **kwargs):
            if name == "list_brains" or storage.brains_dir() in Path(args[0]).parents:
                seen.append((name, threading.current_thread() is threading.main_thread()))
            return real(*args, **kwargs)
        return recorded

    for name in ("list_brains", "load"):
        monkeypatch.setattr(storage, name, recorder(name, getattr(storage, name)))
    return seen


def assert_read_beside_the_frames(folder_reads):
    """The folder was read, and every read was on the background task, none in a frame."""
    assert ("list_brains", False) in folder_reads
    assert [read for read in folder_reads if read[1]] == []


class IdleTraining(TrainingJob):
    """A training run that starts no process and runs until it is left: the typing is
    under test, not the worker (test_worker.py and test_ui_training.py run real ones)."""

    def start(self):
        return self

    def poll(self):
        pass   # nothing ever arrives

    def keep(self, timeout=None):
        self.stop_event.set()
        return None   # nothing learned to keep


def test_typing_hostile_text_everywhere(app, damaged_folder, folder_reads, monkeypatch):
    """Every hostile string typed into every field of every screen, then Enter: nothing
    raises, every field holds at most its limit of visible characters (so what a frame
    lays out is bounded), the brains folder is read beside the frames, messages are one
    visible line. (Frame times are measured by `make bench`, target 7.)"""
    from nimgame.ui.training import scene as training

    monkeypatch.setattr(training, "TrainingJob", IdleTraining)
    for name, opener in OPENERS.items():
        scene = None
        for text in HOSTILE:
            if app.top is not scene:   # opened once; again only where an Enter left it
                while len(app.scenes) > 1:
                    app.pop()
                opener(app)
                frames(app, 1)
                scene = app.top
            for field in fields_of(scene):
                app.manager.set_focus_set(field)
                field.focus()
                for char in text[:field.limit + 4]:   # typed past the field's limit
                    app.handle(pygame.event.Event(pygame.TEXTINPUT, text=char))
                field.set_text(text)
                key(app, pygame.K_RETURN, "\r")
                assert all(map(is_visible, field.get_text())), (name, text)
                assert isinstance(field, Field) and len(field.get_text()) <= field.limit
            message = getattr(scene, "message", "")
            assert "\n" not in message and len(message) < 400, (name, text, message)
    assert_read_beside_the_frames(folder_reads)


def test_bad_numbers_are_refused_with_a_message(app):
    key(app, pygame.K_2)
    setup = app.top
    for text in ("²", "①0", "10**30", "9" * 200, "5", "-20"):
        setup.number_widgets["sticks"].entry.set_text(text)
        key(app, pygame.K_RETURN)
        assert app.top is setup and setup.message == "Please enter a number between 10 and 100."
    app.pop()
    key(app, pygame.K_a)
    arena = app.top
    arena.games_entry.set_text("²")
    arena.games_text = "²"
    key(app, pygame.K_RETURN)
    assert arena.job is None and "whole number" in arena.message


def test_set_up_and_arena_open_beside_damaged_brains(app, damaged_folder):
    key(app, pygame.K_1)
    setup = app.top
    assert isinstance(setup, SetupScene)
    saved = [label for label in setup.opponents if label.startswith("Saved: ")]
    assert len(saved) == 2 and len(set(saved)) == 2   # same names, told apart
    assert all(all(map(is_visible, label)) and len(label) < 80 for label in saved)
    setup.choices["opponent"] = saved[1]
    setup.choices["first"] = "Your opponent"
    key(app, pygame.K_RETURN)
    board = app.top
    assert board is not setup and board.presenter.seats[0].player is not None
    frames(app, 3)
    app.pop()
    app.pop()
    key(app, pygame.K_a)
    arena = app.top
    assert isinstance(arena, ArenaScene)
    assert sum(label.startswith("Saved: ") for label in arena.entrants()) == 2


def test_the_arena_offers_only_boards_it_can_build(app):
    key(app, pygame.K_a)
    arena = app.top
    for label in arena.preset_menu.whole.values():
        arena.preset = label
        arena.resize()
        assert arena.game() is not None


def test_library_shows_damaged_files_and_deletes_them(app, damaged_folder):
    key(app, pygame.K_l)
    library = app.top
    assert isinstance(library, LibraryScene)
    damaged = [i for i, info in enumerate(library.brains) if info.header is None]
    assert len(damaged) == 5
    frames(app, 2)
    trunc = next(i for i in damaged if "trunc" in library.brains[i].path.name)
    library.selected = trunc
    library.resize()
    key(app, pygame.K_DELETE)
    assert library.dialog is not None
    assert "\x1b" not in library.dialog.confirmation_text.html_text
    app.handle(pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
                                  ui_element=library.dialog))
    assert library.message_ok and "Deleted" in library.message
    frames(app, 1)   # the folder is read again beside the frames
    assert not any("trunc" in info.path.name for info in library.brains)


def test_library_rename_refuses_bad_names_in_one_line(app, damaged_folder):
    key(app, pygame.K_l)
    library = app.top
    library.selected = next(i for i, info in enumerate(library.brains) if info.ok)
    before = library.current.name
    key(app, pygame.K_F2)
    for bad in ("", "   ", "x" * 61):
        library.rename_entry.text = bad   # what set_text would refuse, as if pasted in
        key(app, pygame.K_RETURN)
        assert not library.message_ok and "Not renamed" in library.message
        assert "\n" not in library.message
    assert storage.load(library.current.path).name == before


def test_library_click_selects_the_row_shown_after_scrolling(app, nimgame_home):
    for number in range(30):
        learner = QLearner(Nim())
        learner.name = f"brain {number:02d}"
        storage.save(learner)
    key(app, pygame.K_l)
    library = app.top
    library.selected = 29
    library.resize()
    table = library.table()
    first = library.first_row()
    assert first > 0
    pos = (table.x + 40, table.y + 34 + 34 * 2 + 5)   # the third row shown
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    assert library.selected == first + 2


def test_saving_under_another_brains_name_asks_first(app, nimgame_home):
    other = HatLearner(Sticks())
    other.name = "dup"
    path = storage.save(other)
    before = path.read_bytes()
    scene = TrainingScene(app)
    app.push(scene)
    scene.trained = QLearner(Nim())
    scene.resize()
    scene.name_entry.set_text("dup")
    scene.save()
    assert scene.replace_dialog is not None and path.read_bytes() == before
    key(app, pygame.K_ESCAPE)     # closes the question, not the screen
    assert app.top is scene and not scene.replace_dialog.alive()
    scene.save()
    app.handle(pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
                                  ui_element=scene.replace_dialog))
    assert scene.message_ok and scene.message.startswith("Saved 'dup'")
    assert storage.load(path).game == Nim()


def test_a_save_that_cannot_be_written_says_why(app, nimgame_home):
    nimgame_home.parent.mkdir(parents=True, exist_ok=True)
    nimgame_home.write_text("not a folder")
    scene = TrainingScene(app)
    app.push(scene)
    scene.trained = QLearner(Nim())
    scene.resize()
    for name, words in ((EVIL[:70], "Name:"), ("fine", "Not saved:")):
        scene.name_entry.text = name
        press(app, next(b for b in scene.actions if b.text == "Save  Enter"))
        assert not scene.message_ok and scene.message.startswith(words), scene.message
        assert "\n" not in scene.message and scene.trained is not None


def test_inspector_positions_are_checked(app):
    scene = InspectorScene(app, QLearner(Nim()))
    app.push(scene)
    for text in ("²,3,5,7", "1,3,5", "1,3,5,8", "10**30", "x" * 60, "1,3,5,\u200b7"):
        scene.position_entry.text = text
        press(app, next(b for b in scene.actions if b.text.startswith("Show")))
        assert scene.state == Nim().initial_state() and scene.message, text
    scene.position_entry.set_text("1, 2, 0, 7")
    press(app, next(b for b in scene.actions if b.text.startswith("Show")))
    assert scene.state.piles == (1, 2, 0, 7) and scene.message == ""


def test_a_long_evil_name_is_drawn_shortened(app, damaged_folder):
    learner = storage.load(damaged_folder / "evil0.brain")
    app.push(InspectorScene(app, learner))
    frames(app, 2)
    app.pop()
    while not isinstance(app.top, MenuScene):
        app.pop()
    key(app, pygame.K_l)
    frames(app, 2)   # the table draws every name; fit keeps each inside its column


def test_monkey_with_damaged_brains_and_hostile_text(app, damaged_folder, folder_reads):
    """3,000 random clicks, keys, hostile text and resizes over every screen, with damaged
    and evilly named brains in the folder: nothing raises, and the folder is read and
    brains loaded beside the frames, never in one. (The 100 ms target is measured by
    `make bench`, target 7: timing targets live there. The work beside the frames is
    waited for between events.)"""
    import random

    rng = random.Random(11)
    openers = list(OPENERS.values())
    for number in range(3_000):
        if number % 300 == 0 or not app.scenes:
            while app.scenes:
                app.pop()
            app.running = True
            app.push(MenuScene(app))
            openers[(number // 300) % len(openers)](app)
        random_input(app, rng)
        if app.scenes and app.running:
            app.step(1 / 60)
        if number % 4 == 0:
            app.tasks.wait(timeout=60)
    assert_read_beside_the_frames(folder_reads)


def test_hostile_text_typed_into_set_up_fields_is_one_line_and_no_crash(app):
    """Every keystroke in the custom piles re-lists who can play them, and every one in the
    heap moves the slider: hostile text there is refused in one line, never a traceback."""
    import pygame_gui
    from uidriver import post

    hostile = ["²", "①,2", "1,\u200b2", "9" * 10_000, str(10**30), "-3", "1,,2", "\x1b[2J",
               "15," * 30, ""]
    key(app, pygame.K_1)
    setup = app.top
    setup.choices["piles"] = "Custom"
    setup.rebuild()
    for text in hostile:
        setup.entries["custom"].set_text(text[:200])
        post(app, pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=setup.entries["custom"], text=text)
        assert setup.choices["opponent"] in setup.opponents
        key(app, pygame.K_RETURN)   # Play refuses what is not a board, in one line
        if app.top is not setup:
            app.pop()
        assert "\n" not in setup.message and len(setup.message) < 300
    app.pop()
    key(app, pygame.K_2)
    setup = app.top
    for text in hostile:
        field = setup.number_widgets["sticks"]
        field.entry.set_text(text[:6])
        post(app, pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=field.entry, text=text)
        post(app, pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=field.entry, text=text)
        assert 10 <= field.value <= 100 and field.entry.get_text() == str(field.value)
        assert field.slider.get_current_value() == field.value
