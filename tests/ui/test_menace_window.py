"""The MENACE screen, driven by the keyboard alone and by the mouse: it opens from the menu,
plays one game (the bead drawn lit, on the page shown), many beside the frames (Esc stops
them), Michie's tournament, a game against the person typed move by move, presets and rules
typed (one line when wrong), the labels exported, and back to the menu."""

import pygame
from uidriver import click, frames, key, post, wait_until

from nimgame.session.menace import MICHIE, SCROGGS
from nimgame.ui.menace import MenaceScene
from nimgame.ui.menu import MenuScene


def open_menace(app, **kwargs):
    if kwargs:
        return app.open("menace", **kwargs)
    key(app, pygame.K_x)
    assert isinstance(app.top, MenaceScene)
    return app.top


def tab_to(app, scene, widget):
    """Tab until the app's focus is on `widget` (the order the screen made its widgets)."""
    for _ in range(40):
        if scene.focus.widget is widget:
            return
        key(app, pygame.K_TAB)
    raise AssertionError("Tab never reached the widget")


def type_into(app, text):
    for char in text:
        post(app, pygame.TEXTINPUT, text=char)


def test_keyboard_alone_plays_a_game_and_lights_the_bead(app):
    scene = open_menace(app)
    assert scene.desk.menace.rules == MICHIE.rules and len(scene.desk.menace.boxes) == 304
    key(app, pygame.K_g)
    run = scene.desk.run
    assert len(run.results) == 1 and scene.desk.menace.last is not None
    box, _ = scene.desk.menace.last
    assert box in scene.page_boxes()          # turned to the page of the bead drawn
    assert scene.message in ("MENACE lost.", "A draw.", "MENACE won.",
                             "MENACE resigned: its box was empty.")
    page = (scene.stage, scene.page)
    key(app, pygame.K_RIGHT)
    assert (scene.stage, scene.page) != page
    key(app, pygame.K_LEFT)
    assert (scene.stage, scene.page) == page
    key(app, pygame.K_DOWN)
    assert scene.stage == (page[0] + 1) % 4 and scene.page == 0
    key(app, pygame.K_c)
    assert scene.charts
    frames(app, 2)
    key(app, pygame.K_c)
    assert not scene.charts
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


def test_presets_and_rules_from_the_keyboard(app):
    scene = open_menace(app)
    key(app, pygame.K_r)
    assert scene.desk.choices.preset == "Scroggs" and scene.desk.menace.rules == SCROGGS.rules
    assert scene.desk.menace.first_box().beads == [8, 8, 8]
    key(app, pygame.K_y)
    assert not scene.desk.menace.rules.symmetry and len(scene.desk.menace.boxes) == 2201
    assert scene.desk.choices.preset == "Your own"
    key(app, pygame.K_y)
    key(app, pygame.K_e)
    assert not scene.desk.menace.rules.resigns
    key(app, pygame.K_e)
    assert scene.desk.choices.preset == "Scroggs"
    # Tab to the beads field, type wrong numbers: said in one line, the MENACE kept
    before = scene.desk.run
    field = scene.fields["beads"]
    tab_to(app, scene, field)
    assert field.is_focused
    field.set_text("")
    type_into(app, "4 x")
    key(app, pygame.K_RETURN)
    assert "Beads for the machine's move 2 must be a whole number" in scene.message
    assert scene.desk.run is before
    field = scene.fields["beads"]
    field.set_text("")
    tab_to(app, scene, field)
    type_into(app, "5 3 2 1")
    key(app, pygame.K_RETURN)
    assert scene.desk.menace.first_box().beads == [5, 5, 5]
    assert scene.desk.choices.preset == "Your own" and "304 boxes" in scene.message
    tab_to(app, scene, scene.fields["beads"])
    assert scene.fields["beads"].is_focused
    key(app, pygame.K_ESCAPE)    # leaves the field first
    assert isinstance(app.top, MenaceScene) and not any(
        f.is_focused for f in scene.fields.values())
    key(app, pygame.K_h)         # Hexapawn: Gardner's HER, playing second
    assert scene.desk.game.name == "hexapawn" and len(scene.desk.menace.boxes) == 19
    assert scene.desk.choices.preset == "Gardner" and scene.desk.run.side == 1


def test_many_games_beside_the_frames_and_esc_stops_them(app):
    scene = open_menace(app, seed=3)
    key(app, pygame.K_o)   # against Random
    assert scene.desk.choices.opponent == "Random"
    key(app, pygame.K_f)
    assert scene.busy
    wait_until(app, lambda: not scene.busy)
    assert len(scene.desk.run.results) == 500 and len(scene.desk.run.first_box) == 501
    key(app, pygame.K_f)
    key(app, pygame.K_ESCAPE)   # stops: the screen stays
    wait_until(app, lambda: not scene.busy)
    assert isinstance(app.top, MenaceScene)
    assert 500 < len(scene.desk.run.results) < 1000


def test_michies_tournament_from_the_keyboard(app):
    scene = open_menace(app, seed=2)
    key(app, pygame.K_r)   # Scroggs' beads: this seed gets there
    key(app, pygame.K_t)
    wait_until(app, lambda: not scene.busy)
    tour = scene.desk.tournament
    assert tour.done and tour.games == len(scene.desk.run.results)
    assert scene.desk.run.results[-20:] == [0] * 20
    assert f"drew 20 in a row after {tour.games:,} games (Michie's MENACE: ~20; " \
           "Scroggs': ~40)" in scene.message


def test_a_person_plays_by_typing_moves(app):
    scene = open_menace(app, seed=4)
    for _ in range(3):
        key(app, pygame.K_o)
    assert scene.desk.choices.opponent == "You"
    key(app, pygame.K_g)
    person = scene.desk.person
    assert person is not None and person.state.count("X") == 1
    assert scene.move_field is not None
    tab_to(app, scene, scene.move_field)   # typing is there, a Tab away from the board
    assert scene.move_field.is_focused
    type_into(app, "x")
    key(app, pygame.K_RETURN)
    assert scene.message == "Please choose an empty square from 1 to 9."
    while scene.desk.person is not None:
        free = scene.desk.person.state.index(".") + 1
        if not scene.move_field.is_focused:
            tab_to(app, scene, scene.move_field)
        assert scene.move_field.is_focused
        type_into(app, str(free))
        key(app, pygame.K_RETURN)
    assert len(scene.desk.run.results) == 1 and "G starts another" in scene.message


def square_centre(scene, square):
    from nimgame.ui.menace.drawing import board_grid

    rect, cell = board_grid(scene.desk, scene.board_area())
    cols = scene.desk.board_size()[1]
    row, col = divmod(square, cols)
    return (rect.x + col * cell + cell // 2, rect.y + row * cell + cell // 2)


def test_a_person_plays_on_the_board_by_mouse_and_keys(app):
    """Tic-Tac-Toe: a click on a square, 1-9, arrows and Enter; a taken square said in one
    line; then Hexapawn (Gardner's HER): a pawn clicked, then where it goes."""
    scene = open_menace(app, seed=4)
    for _ in range(3):
        key(app, pygame.K_o)
    key(app, pygame.K_g)
    desk = scene.desk
    assert desk.person is not None and scene.board_area() is not None
    assert scene.boxes_area().right <= scene.board_area().x   # side by side
    taken = desk.person.state.index("X")
    key(app, pygame.K_1 + taken, str(taken + 1))
    assert scene.message == f"Square {taken + 1} gives you no move: choose another."
    free = desk.person.state.index(".")
    click(app, square_centre(scene, free))
    assert desk.person is None or desk.person.state[free] == "O"
    if desk.person is not None:
        key(app, pygame.K_UP)
        key(app, pygame.K_UP)
        key(app, pygame.K_LEFT)
        key(app, pygame.K_LEFT)
        assert desk.person.cursor == 0
        target = desk.person.state.index(".")
        for _ in range(target % 3):
            key(app, pygame.K_RIGHT)
        for _ in range(target // 3):
            key(app, pygame.K_DOWN)
        assert desk.person.cursor == target
        key(app, pygame.K_RETURN)
        assert desk.person is None or desk.person.state[target] == "O"
    while desk.person is not None:
        free = desk.person.state.index(".")
        key(app, pygame.K_1 + free, str(free + 1))
    assert len(desk.run.results) == 1 and "G starts another" in scene.message
    key(app, pygame.K_h)   # Hexapawn: HER moves second, the person moves White first
    assert desk.game.name == "hexapawn" and desk.choices.opponent == "You"
    key(app, pygame.K_g)
    assert desk.person is not None and desk.person.moves == []
    click(app, square_centre(scene, 7))   # White's middle pawn (bottom row) ...
    assert desk.person.picked == 7 and scene.message == "Now where it goes."
    click(app, square_centre(scene, 4))   # ... one square ahead
    assert desk.person is None or len(desk.person.moves) == 2   # HER replied
    frames(app, 2)


def test_the_second_menaces_boxes_and_the_separate_switches(app, nimgame_home):
    scene = open_menace(app, seed=6)
    key(app, pygame.K_o)
    key(app, pygame.K_o)
    assert scene.desk.choices.opponent == "Second MENACE"
    key(app, pygame.K_g)
    first, second = scene.desk.menace, scene.desk.run.other
    assert scene.shown_menace() is first
    key(app, pygame.K_v)
    assert scene.shown_menace() is second and second.side == 1
    assert len(scene.labels) == len(second.boxes) == 289
    assert {b.stage for b in scene.page_boxes()} == {scene.stage}
    assert all(b in second.boxes.values() for b in scene.page_boxes())
    assert scene.stage_buttons[0].text == "Move 2"
    frames(app, 2)
    key(app, pygame.K_c)   # the charts follow the first MENACE's first box, whoever's shown
    frames(app, 2)
    key(app, pygame.K_c)
    key(app, pygame.K_p)   # the labels of the boxes shown
    path = nimgame_home / "menace" / "menace-tictactoe-second.pdf"
    assert path.read_bytes().startswith(b"%PDF") and "for 289 boxes" in scene.message
    back = next(b for b in scene.actions if b.text == "First's boxes  V")
    click(app, back.rect.center)
    assert scene.shown_menace() is first and scene.stage_buttons[0].text == "Move 1"
    key(app, pygame.K_o)   # against a person: no second MENACE's boxes to show
    key(app, pygame.K_v)
    assert scene.shown_menace() is scene.desk.menace and "Only a second MENACE" in \
        scene.message
    # last bead only and forced-move boxes: two switches, each by key and by mouse
    key(app, pygame.K_l)
    rules = scene.desk.menace.rules
    assert rules.last_only and not rules.forced and scene.desk.choices.preset == "Your own"
    forced = next(b for b in scene.actions if b.text.startswith("Forced off"))
    click(app, forced.rect.center)
    rules = scene.desk.menace.rules
    assert rules.last_only and rules.forced and len(scene.desk.menace.boxes) > 304
    key(app, pygame.K_l)
    key(app, pygame.K_k)
    assert scene.desk.menace.rules == MICHIE.rules and scene.desk.choices.preset == "Michie"
    assert len(scene.desk.menace.boxes) == 304


def test_the_lit_bead_is_told_by_shape_and_boxes_grow_with_the_room(app):
    """The bead drawn last differs from the others in shape (seen in black and white: a
    ring along its square's edge), not only in colour; the boxes' squares grow with the
    room and are never under 20 px."""
    from nimgame.ui import theme
    from nimgame.ui.menace.drawing import LARGEST_CELL, draw_box, fitting_shape

    scene = open_menace(app, seed=1)
    menace, labels = scene.desk.menace, scene.labels
    box = menace.first_box()
    label = next(lb for lb in labels if lb.number == box.number)
    small = fitting_shape(menace, labels, pygame.Rect(0, 0, 472, 358), 183)
    big = fitting_shape(menace, labels, pygame.Rect(0, 0, 1550, 900), 183)
    assert small.cell == 20 and big.cell > 30 and big.cell <= LARGEST_CELL
    assert fitting_shape(menace, labels, pygame.Rect(0, 0, 1550, 900), 1).cell == LARGEST_CELL

    def shapes(lit):
        surface = pygame.Surface((big.width + 4, big.height + 4))
        surface.fill(theme.BACKGROUND)
        draw_box(surface, pygame.Rect(2, 2, big.width, big.height), box, label, big, lit)
        return pygame.mask.from_threshold(surface, theme.BACKGROUND, (1, 1, 1, 255))

    plain, lit = shapes(None), shapes(0)
    cell = big.cell
    top = 2 + max(11, round(11 * big.scale)) + 6
    left = 2 + (big.width - 3 * cell) // 2
    row, col = divmod(int(label.beads[0].move) - 1, 3)
    square = pygame.Rect(left + col * cell, top + row * cell, cell, cell)
    for x, y in ((square.left + 2, square.centery), (square.right - 3, square.centery),
                 (square.centerx, square.top + 2), (square.centerx, square.bottom - 3)):
        assert plain.get_at((x, y)) and not lit.get_at((x, y))   # a ring drawn on each side


def test_the_labels_are_exported(app, nimgame_home):
    scene = open_menace(app)
    key(app, pygame.K_p)
    path = nimgame_home / "menace" / "menace-tictactoe-first.pdf"
    assert path.read_bytes().startswith(b"%PDF-1.4")
    assert scene.message == f"Labels for 304 boxes written to {path}"


def test_the_labels_that_cannot_be_written_are_said(app, nimgame_home):
    nimgame_home.mkdir(parents=True, exist_ok=True)
    (nimgame_home / "menace").write_text("a file where the folder should be")
    scene = open_menace(app)
    key(app, pygame.K_p)
    assert scene.message.startswith("The labels could not be written to ")
    assert "\n" not in scene.message


def test_the_mouse_does_the_same(app):
    scene = open_menace(app, seed=5)
    one = next(b for b in scene.actions if b.text.startswith("One game"))
    click(app, one.rect.center)
    assert len(scene.desk.run.results) == 1
    charts = next(b for b in scene.actions if b.text.startswith("Charts"))
    click(app, charts.rect.center)
    assert scene.charts
    back = next(b for b in scene.actions if b.text.startswith("Back"))
    click(app, back.rect.center)
    assert isinstance(app.top, MenuScene)


def test_the_menu_has_a_menace_button(app):
    button = next(b for b in app.top.actions if b.text.startswith("MENACE"))
    click(app, button.rect.center)
    assert isinstance(app.top, MenaceScene)


def test_fast_games_stop_when_the_first_box_is_empty(app):
    scene = open_menace(app, seed=0)
    scene.desk.menace.first_box().beads[:] = [1, 0, 0]
    key(app, pygame.K_f)
    wait_until(app, lambda: not scene.busy)
    assert scene.desk.refuses and len(scene.desk.run.results) < 500
    assert scene.message.startswith("Its first box is empty: it refuses to play on.")


def test_the_keys_line_is_whole_in_the_smallest_window(monkeypatch):
    """At 800x560 the keys line is read whole (it was cut after "V whose boxes, …"), against
    a computer and against a person, and names the keys no button shows; the tally of many
    games against a second MENACE keeps the page of boxes shown (it was cut off)."""
    from screen_texts import drawn_texts

    from nimgame.ui.app import App

    app = App((800, 560))
    try:
        app.open("menu")
        scene = app.open("menace", seed=1)
        for opponent in ("Perfect", "You"):
            scene.choose("opponent", opponent)
            frames(app, 1)
            cut = []
            texts = [words for words, _ in drawn_texts(app, monkeypatch, cut=cut)]
            keys = [words for words in texts if words.startswith("Keys:")]
            assert len(keys) == 1 and keys[0] not in cut, (opponent, keys)
        scene.choose("opponent", "Perfect")
        frames(app, 1)
        for letter in "R preset", "O against", "S side", "H game", "V whose boxes":
            assert letter in " ".join(w for w, _ in drawn_texts(app, monkeypatch)), letter
        # 300 games against a second MENACE: the tally and the page shown, whole.
        scene.choose("opponent", "Second MENACE")
        scene.desk.play(300)
        scene.rebuild()
        frames(app, 1)
        cut = []
        texts = [words for words, _ in drawn_texts(app, monkeypatch, cut=cut)]
        tally = [words for words in texts if words.startswith("300 games")]
        assert len(tally) == 1 and tally[0] not in cut and "lost · boxes page 1 of" in \
            tally[0], tally
    finally:
        app.quit()


def test_its_refusal_to_play_on_is_a_warning_not_a_success(app, monkeypatch):
    """"Its first box is empty: it refuses to play on" was drawn in green, the colour of
    what went well: it is drawn as a warning, neither success nor error."""
    from nimgame.ui import theme

    scene = open_menace(app, seed=0)
    scene.desk.menace.first_box().beads[:] = [1, 0, 0]
    key(app, pygame.K_f)
    wait_until(app, lambda: not scene.busy)
    assert scene.message.startswith("Its first box is empty: it refuses to play on.")
    colours = []
    real = theme.text

    def recording(surface, words, pos, size=18, colour=theme.TEXT, *args, **kwargs):
        if words == scene.message:
            colours.append(tuple(colour))
        return real(surface, words, pos, size, colour, *args, **kwargs)

    monkeypatch.setattr(theme, "text", recording)
    scene.draw(app.screen)
    monkeypatch.setattr(theme, "text", real)
    assert colours and colours[0] not in (tuple(theme.GOOD), tuple(theme.ERROR)), colours
    key(app, pygame.K_n)   # a new MENACE: said as what went well again
    assert scene.message.startswith("A new MENACE") and not scene.warning
