"""Every scene laid out from the window's size: at the smallest window, the default and
full HD, no widget leaves the window and no two widgets a person can use overlap."""

import contextlib
import itertools

import pygame
import pygame_gui
import pytest
from screen_texts import boxes_in, drawn_texts, widget_texts
from uidriver import click, frames, wait_until

from nimgame import storage
from nimgame.games import Nim, NimState, Sticks, TicTacToe
from nimgame.games.hexapawn import Hexapawn
from nimgame.learning.training import train
from nimgame.match import Seat
from nimgame.players import HatLearner, MCTSPlayer, MinimaxPlayer, PerfectPlayer, QLearner
from nimgame.session import MatchSetup
from nimgame.ui.app import App
from nimgame.ui.results import KuetResults

#: Window sizes, the last at an interface scale of 200% (a projector's view: the screens
#: are laid out on a 960x540 canvas drawn twice as large).
SIZES = [(800, 560), (1100, 720), (1920, 1080), (1920, 1080, 200)]
PYRAMID_7 = (1, 3, 5, 7, 9, 11, 13)   # Nim in 7 rows, a preset of the training screen


def size_id(size):
    return f"{size[0]}x{size[1]}" + (f"@{size[2]}%" if len(size) > 2 else "")


def saved_brains():
    for learner, name in ((QLearner(Nim()), "A champion with a rather long name indeed"),
                          (HatLearner(Sticks(20)), "hats")):
        train(learner, 300, seed=1, curve_points=1, eval_games=10)
        learner.name = name
        storage.save(learner)


def unsaved_runs():
    """Saved brains and runs kept unsaved: the library lists those under a heading."""
    saved_brains()
    for number in range(3):
        learner = HatLearner(Sticks(10))
        learner.name = f"sticks-hats-{number}k (unsaved 2026-11-25 09:0{number})"
        storage.save(learner)


def finished(game, seats, moves):
    def open_it(app):
        board = app.open("board", MatchSetup(game, seats))
        for move in moves:
            board.presenter.apply(move)
    return open_it


def setup_with(game_key, **choices):
    def open_it(app):
        scene = app.open("setup", game_key)
        scene.choices.update(choices)
        scene.say("Custom piles: 1 to 8 piles of 1 to 15 stones — and a long message that "
                  "goes on to say more than fits in one line of the smallest window") \
            if choices.get("piles") == "Custom" else None
        scene.rebuild()
    return open_it


def hexapawn_hats(app):
    """The inspector on a trained Hexapawn hat learner: its boxes, more than a page."""
    learner = HatLearner(Hexapawn())
    train(learner, 400, seed=3, curve_points=0)
    scene = app.open("inspector", learner)
    wait_until(app, lambda: scene.boxes is not None and scene.pages_built)


def mcts_decision(game, seats_first=False):
    """One MCTS decision taken apart: opened from a board where the search moved (its
    button on the board is laid out too), or on its own."""
    def open_it(app):
        player = MCTSPlayer(game, 400, seed=1, record=True)
        if seats_first:
            board = app.open("board", MatchSetup(game, (Seat("NimX", player), Seat("Ann"))))
            wait_until(app, lambda: board.presenter.match.humans_turn)
            return
        player.choose_move(game.initial_state())
        app.open("mcts", player.last_decision)
    return open_it


def stepping(app, name, kind):
    """The step-through view over a paused run, a few updates in."""
    from nimgame.learning.worker import TrainingSpec
    from nimgame.session.learning_steps import PausedRun

    rules = {"nim": {"piles": [1, 3, 5]}}.get(name, {})
    scene = app.open("steps", PausedRun(TrainingSpec(name, rules, kind, games=1000, seed=2)),
                     "Step through learning", catch_up=50)
    wait_until(app, lambda: not scene.busy)
    scene.forward()


def learned_from(app):
    """A game between two kept-hats drawers, over: the banner offers "What it learned"."""
    from nimgame.session import HatDrawer

    game = Sticks(10)
    board = app.open("board", MatchSetup(game, (
        Seat("A", HatDrawer(HatLearner(game), game, seed=1)),
        Seat("B", HatDrawer(HatLearner(game), game, seed=2)))))
    wait_until(app, lambda: board.presenter.over)
    frames(app, 2)
    assert any(b.text.startswith("What it learned") for b in board.actions)


def reviewed(game, moves):
    """A finished game (two people) reviewed: opened with V from the banner, at the move
    of its first mistake."""
    def open_it(app):
        board = app.open("board", MatchSetup(game, (Seat("Ann"), Seat("Bob"))))
        for move in moves:
            board.presenter.apply(move)
        frames(app, 1)
        board.open_review()
        wait_until(app, lambda: app.top.review is not None)
    return open_it


def lab_compared(app):
    """The lab after a lab of the most runs: its chart, its table, every run in its menu."""
    from nimgame.learning.lab import MAX_RUNS, LabSpec, RunSpec, run_lab

    scene = app.open("lab")
    while scene.choices.add_run():
        pass
    runs = tuple(RunSpec(games=200, explore=k / 10) for k in range(MAX_RUNS))
    scene.result = run_lab(LabSpec("sticks", {"sticks": 20}, runs, seeds=2, every=100))
    scene.say("Done: a message long enough to need more than one line in the smallest "
              "window, which the panel wraps", ok=True)
    scene.rebuild()


def answered_drill(kind):
    """A drill's question answered at the guided level, after both hints."""
    def open_it(app):
        scene = app.open("drills", kind=kind, seed=2)
        scene.run.hint()
        scene.run.hint()
        scene.run.answer(scene.run.question.right[0])
        scene.rebuild()
    return open_it


def tournament_played(app):
    """The tournament screen after a round robin of 16 long-named entrants, forfeits and
    all (the results set as the games would leave them)."""
    from nimgame.learning.tournament import GameResult, Tournament, pairings

    scene = app.open("tournament", "tictactoe")
    names = [f"a_policy_file_with_a_rather_long_name_{n}.py" for n in range(16)]
    scene.entries = names
    results = [GameResult(a, b, a if (a + b) % 3 else None,
                          f"{names[b]} took longer than 1 s to move; it loses the game"
                          if (a + b) % 3 == 1 else "", b if (a + b) % 3 == 1 else None)
               for a, b in pairings(16, 1)]
    scene.live = Tournament(names, ["policy"] * 16, 1, results)
    scene.forfeits = [f"Game {n}: {r.forfeit}" for n, r in enumerate(results) if r.forfeit]
    scene.say("Exported tournament-1.csv to a folder with a long path " * 3, ok=True)
    scene.rebuild()


def class_damaged(app):
    """The class screen over an event that cannot be read: the reason, wrapped."""
    from nimgame.files import data_folder

    folder = data_folder("class")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "hexapawn-hats.event.json").write_text("[]")
    app.open("class", "hexapawn")


def lessons_damaged(app):
    """The lessons screen over a folder where a lesson file is wrong: the reason, wrapped."""
    from nimgame.files import data_folder

    folder = data_folder("lessons-of-a-teacher")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "01-guess.toml").write_text(
        'title = "Guess"\nminutes = 5\ngoals = ["Guess"]\n\n[[step]]\nkind = "predict"\n'
        'name = "n"\nquestion = "How many?"\nnumber = [9, 1]\n', encoding="utf-8")
    app.open("lessons", folder=folder)


def kuet_results(results, boards):
    """The KUET results after rounds that ended `results` on `boards` (the person first)."""
    def open_it(app):
        setup = MatchSetup(Nim((1, 3, 5, 7), misere=False, max_take=3),
                           (Seat("Ann"), Seat("NimX", PerfectPlayer(Nim()))))
        setup.round_results = results
        setup.round_boards = [NimState(board, 0) for board in boards]
        app.push(KuetResults(app, setup))
    return open_it


SCENES = {
    "menu": lambda app: None,
    "setup nim": setup_with("nim"),
    "setup nim custom": setup_with("nim", piles="Custom"),
    "setup nim kuet": setup_with("nim", rounds="KUET Easy: 3 games vs IDA*"),
    "setup sticks": setup_with("sticks"),
    "setup tictactoe": setup_with("tictactoe"),
    "setup hexapawn": setup_with("hexapawn"),
    "board nim": lambda app: app.open("board", MatchSetup(Nim(), (Seat("Ann"), Seat("Bob")))),
    "board nim over": finished(Nim((1, 1)), (Seat("Ann"), Seat("NimX", PerfectPlayer(
        Nim((1, 1))))), [(0, 1), (1, 1)]),
    "board sticks": lambda app: app.open("board", MatchSetup(Sticks(100), (Seat("A"),
                                                                          Seat("B")))),
    "board tictactoe over": finished(TicTacToe(), (Seat("Ann"), Seat("Bob")),
                                     [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]),
    "board hexapawn": lambda app: app.open("board", MatchSetup(Hexapawn(), (
        Seat("Ann"), Seat("NimX", MinimaxPlayer(Hexapawn()))))),
    "board hexapawn over": finished(Hexapawn(), (Seat("Ann"), Seat("Bob")),
                                    [(1, 4), (6, 4), (0, 3), (4, 1)]),
    "kuet results easy": kuet_results({"IDA*": [0, 1, 0]}, [(3, 5), (2, 4, 6), (4, 4)]),
    "kuet results hard": kuet_results({"Minimax": [0, 1, 1], "Alpha-Beta": [1, 0, 1]},
                                      [(3, 5), (2, 4, 6), (4, 4), (1, 2), (6, 6, 1), (5, 2)]),
    "training": lambda app: app.open("training"),
    "training custom": lambda app: (app.open("training"),
                                    setattr(app.top.choices, "preset", "Nim — your own rules"),
                                    app.top.rebuild()),
    "training done": lambda app: (app.open("training"),
                                  setattr(app.top.choices, "preset", "Nim — your own rules"),
                                  setattr(app.top, "trained", QLearner(Nim((2, 4, 6)))),
                                  app.top.rebuild()),
    "training pyramid done": lambda app: (
        app.open("training"),
        setattr(app.top.choices, "preset", "Nim pyramid, 7 rows — normal"),
        setattr(app.top, "trained", QLearner(Nim(PYRAMID_7, misere=False))),
        app.top.rebuild()),
    "board nim pyramid": lambda app: app.open("board", MatchSetup(
        Nim(PYRAMID_7, misere=False), (Seat("Ann"), Seat("NimX", QLearner(
            Nim(PYRAMID_7, misere=False))))), ),
    "library": lambda app: (saved_brains(), app.open("library")),
    "library unsaved": lambda app: (unsaved_runs(), app.open("library")),
    "inspector nim": lambda app: app.open("inspector", QLearner(Nim())),
    "inspector tictactoe": lambda app: app.open("inspector", QLearner(TicTacToe())),
    "inspector hexapawn": lambda app: app.open("inspector", QLearner(Hexapawn())),
    "inspector hexapawn hats": hexapawn_hats,
    "arena": lambda app: app.open("arena"),
    "lab": lambda app: app.open("lab"),
    "lab compared": lab_compared,
    "help": lambda app: app.open("help", Nim()),
    "glossary": lambda app: app.open("glossary"),
    "settings": lambda app: app.open("settings"),
    "board sticks against mcts": mcts_decision(Sticks(20), seats_first=True),
    "mcts nim": mcts_decision(Nim()),
    "mcts sticks": mcts_decision(Sticks(100)),
    "mcts tictactoe": mcts_decision(TicTacToe()),
    "mcts hexapawn": mcts_decision(Hexapawn()),
    "steps q tictactoe": lambda app: stepping(app, "tictactoe", "q"),
    "steps hats nim": lambda app: stepping(app, "nim", "hats"),
    "board sticks learned": lambda app: learned_from(app),
    "review nim": reviewed(Nim(), [(3, 7), (2, 5), (1, 3), (0, 1)]),
    "review sticks": reviewed(Sticks(100), [3] * 33 + [1]),
    "review tictactoe": reviewed(TicTacToe(), [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]),
    "review hexapawn": reviewed(Hexapawn(), [(1, 4), (6, 4), (0, 3), (4, 1)]),
    "menace": lambda app: (app.open("menace", seed=1), app.top.one_game()),
    "menace hexapawn": lambda app: (app.open("menace", "hexapawn", seed=1), app.top.one_game()),
    "menace charts": lambda app: (app.open("menace", seed=1), app.top.desk.play(60),
                                  app.top.toggle_charts()),
    "menace you": lambda app: (app.open("menace", seed=1), app.top.choose("opponent", "You"),
                               app.top.one_game()),
    "menace hexapawn you": lambda app: (app.open("menace", "hexapawn", seed=1),
                                        app.top.choose("opponent", "You"), app.top.one_game(),
                                        app.top.board.click(7)),
    "menace second's boxes": lambda app: (app.open("menace", seed=1),
                                          app.top.choose("opponent", "Second MENACE"),
                                          app.top.one_game(), app.top.toggle_rival()),
    "menace busy": lambda app: (app.open("menace", seed=1), setattr(app.top, "busy", "Playing"),
                                app.top.rebuild()),
    "drills winning move": lambda app: app.open("drills", seed=1),
    "drills misere endgame bare": lambda app: app.open("drills", kind="misere-endgame",
                                                       level=3, seed=1),
    "drills lost answered": answered_drill("lost"),
    "drills sticks answered": answered_drill("sticks"),
    "drills grundy": lambda app: app.open("drills", kind="grundy", level=3, seed=1),
    "lessons": lambda app: app.open("lessons"),
    "lesson choices": lambda app: lesson_at(app, "01-matchbox", 1),
    "lesson explain": lambda app: lesson_at(app, "07-alphazero", 3),
    "lesson checked": lambda app: lesson_at(app, "02-sticks-rule", 5, answer="1, 5, 9, 13"),
    "lessons damaged": lessons_damaged,
    "class": lambda app: app.open("class"),
    "class reset asked": lambda app: (app.open("class", "tictactoe", "q"),
                                      app.top.ask_reset()),
    "class damaged": class_damaged,
    "tournament": lambda app: app.open("tournament"),
    "tournament played": tournament_played,
}


def lesson_at(app, name, step, answer=None):
    """The lesson `name` open at `step` (from 0), its check answered with `answer`."""
    scene = app.open("lessons", name)
    scene.step = step
    if answer is not None:
        scene.answer(answer)   # the verdict and why: a message above the buttons
    scene.rebuild()


def usable(widget) -> bool:
    return widget.alive() and widget.visible


@contextlib.contextmanager
def scene_at(size, name, monkeypatch):
    """The window at `size` showing the scene SCENES[name] (AI moves without delay)."""
    from nimgame.ui.board import presenter as base

    monkeypatch.setattr(base, "THINK_SECONDS", 0.0)
    app = App(size[:2])
    try:
        if len(size) > 2:
            app.settings.scale = size[2]
            app.apply_look()
            assert app.size == (size[0] * 100 // size[2], size[1] * 100 // size[2])
        app.open("menu")
        SCENES[name](app)
        frames(app, 3)
        yield app
    finally:
        app.quit()


#: The least room a button keeps each side of its words, in the canvas's pixels.
BUTTON_ROOM = 10
#: The smallest type a screen draws, in the canvas's pixels (at 200% twice that on screen).
SMALLEST_TYPE = 12


def tight_buttons(app):
    """(words, width, room) of each button of the top scene whose words come within
    BUTTON_ROOM of its sides (one cut to fit, ending in "…", has the whole as its tip)."""
    tight = []
    for widget in app.top.widgets:
        if not usable(widget):
            continue
        for button in shown_buttons(widget):
            room = (button.rect.width - button.font.size(button.text)[0]) / 2
            if room < BUTTON_ROOM and not button.text.endswith("…"):
                tight.append((button.text, button.rect.width, round(room, 1)))
    return tight


@pytest.mark.parametrize("size", SIZES, ids=size_id)
@pytest.mark.parametrize("name", list(SCENES))
def test_every_screen_fits_keeps_room_and_is_readable(size, name, monkeypatch):
    """Each scene at each size, laid out once and checked four ways: no widget leaves the
    window (a dialog: its frame) and no two a person can use overlap; every button keeps
    room around its words (a label touching its edges looks cut even when whole); no text
    is drawn under 12 px; and no character of any text, a widget's (tooltips, menu
    entries) or drawn, comes out as the font's box."""
    with scene_at(size, name, monkeypatch) as app:
        window = pygame.Rect((0, 0), app.size)
        widgets = [w for w in app.top.widgets if usable(w)]
        assert widgets or name == "help"
        inside = app.top.box() if hasattr(app.top, "box") else window   # a dialog's frame
        for widget in widgets:
            assert inside.contains(widget.rect), (name, type(widget).__name__, widget.rect)
        for a, b in itertools.combinations(widgets, 2):
            assert not a.rect.colliderect(b.rect), (name, a.rect, b.rect)
        assert tight_buttons(app) == [], name
        sizes = []
        drawn = drawn_texts(app, monkeypatch, sizes=sizes)
        assert drawn or name == "help"
        assert [(words, px) for words, px in sizes if px < SMALLEST_TYPE] == [], name
        texts = [words for widget in widgets for words in widget_texts(widget)]
        assert boxes_in(texts + [words for words, _ in drawn]) == [], name


@pytest.mark.parametrize("size", SIZES, ids=size_id)
@pytest.mark.parametrize("name", ["kuet results easy", "kuet results hard"])
def test_the_kuet_results_lines_stand_apart_inside_their_box(size, name, monkeypatch):
    """Easy's "not applicable" line was drawn over the line on why NimX lost."""
    with scene_at(size, name, monkeypatch) as app:
        ink = []
        drawn_texts(app, monkeypatch, ink=ink)
        box = app.top.box()
        assert len(ink) >= 6 and all(box.contains(rect) for _, rect in ink), ink
        for (a, ra), (b, rb) in itertools.combinations(ink, 2):
            assert not ra.colliderect(rb), (a, b)


def text_fits(button) -> bool:
    """Whether a pygame_gui button's text is drawn whole within it (a little padding)."""
    return button.font.size(button.text)[0] <= button.rect.width - 8


def shown_buttons(widget):
    """The buttons a widget shows text on: itself, a drop-down's chosen entry and, open,
    every entry of its list; a list's entries."""
    if isinstance(widget, pygame_gui.elements.UIButton):
        yield widget
    if isinstance(widget, pygame_gui.elements.UIDropDownMenu):
        yield widget.current_state.selected_option_button
        listed = getattr(widget.current_state, "options_selection_list", None)
        if listed is not None:
            yield from (item["button_element"] for item in listed.item_list
                        if item["button_element"] is not None)
    if isinstance(widget, pygame_gui.elements.UISelectionList):
        yield from (item["button_element"] for item in widget.item_list
                    if item["button_element"] is not None)


@pytest.mark.parametrize("size", SIZES[:1], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(SCENES))
def test_every_button_and_menu_entry_shows_its_whole_text_or_an_ellipsis(size, name,
                                                                          monkeypatch):
    """At the smallest window, open each drop-down in turn: every entry's text fits its
    button, or ends in "…" with the whole text as its tooltip."""
    with scene_at(size, name, monkeypatch) as app:
        menus = [w for w in app.top.widgets
                 if usable(w) and isinstance(w, pygame_gui.elements.UIDropDownMenu)]
        for opened in [None, *menus]:
            if opened is not None and opened.is_enabled:
                click(app, opened.rect.center)
                assert opened.current_state is opened.menu_states["expanded"]
            for widget in app.top.widgets:
                if not usable(widget):
                    continue
                for button in shown_buttons(widget):
                    assert text_fits(button) or (
                        button.text.endswith("…") and button.tool_tip_text), (
                        name, button.text, button.rect)
            if opened is not None and opened.is_enabled:
                opened.current_state.should_transition = True
                frames(app, 2)


@pytest.mark.parametrize("size", SIZES, ids=size_id)
@pytest.mark.parametrize("name", [n for n in SCENES if n.startswith("board") and
                                  n.endswith(("over", "learned"))])
def test_the_end_banner_gives_each_button_s_words_room(size, name, monkeypatch):
    """Each button of the banner after a game keeps 10 pixels clear on each side of its
    words ("New opponent  C" touched its edges), and the banner still says who won."""
    with scene_at(size, name, monkeypatch) as app:
        board = app.top
        banner = [b for b in board.actions if usable(b) and
                  board.banner.rect.contains(b.rect)]
        assert len(banner) >= 4
        for button in banner:
            assert button.font.size(button.text)[0] + 2 * 10 <= button.rect.width, (
                button.text, button.rect)
        assert board.banner.text_bottom - board.banner.rect.y >= 60   # room for the words
        # and the words keep clear of the frame's sides (the tally line touched them)
        frame = board.banner.rect.inflate(-8, -8)
        ink = []
        drawn_texts(app, monkeypatch, ink=ink)
        for words, rect in ink:
            if frame.colliderect(rect):
                assert rect.left - frame.left >= 16 and frame.right - rect.right >= 16, (
                    words, rect, frame)


@pytest.mark.parametrize("size", SIZES[:3], ids=size_id)
def test_the_hats_chart_keeps_each_heap_number_clear_of_its_bars(size):
    """The Sticks inspector's 100 hats at every size: each number and its bars inside
    their box and apart (at 800×560 the bars used to strike the numbers through)."""
    from nimgame.ui.inspector import hats as hats_view

    app = App(size)
    try:
        scene = app.open("inspector", HatLearner(Sticks(100)))
        frames(app, 2)
        w, h = size
        rows = 10
        cell_h = min(150, (h - 200) / rows)   # at least what the inspector leaves the grid
        box = pygame.Rect(32, 200, (w - 64) / hats_view.COLUMNS - 6, cell_h - 6)
        for sticks in (1, 10, 100):
            label, bars, _ = hats_view.hat_layout(box, sticks)
            assert box.contains(label) and box.contains(bars), (sticks, label, bars, box)
            assert not label.colliderect(bars) and bars.width >= 15 and bars.height >= 10
        assert scene is app.top
    finally:
        app.quit()


@pytest.mark.parametrize("size", [SIZES[0], SIZES[3]], ids=size_id)
def test_menace_boxes_and_board_inside_clear_of_widgets_and_readable(size, monkeypatch):
    """The MENACE screen against a person: the boxes and the board inside the window, side
    by side, under the stage buttons and clear of every widget; a box's square at least
    20 px (on the 1920x1080 window at 200% the boxes fill the room, not a tiny cluster)."""
    with scene_at(size, "menace you", monkeypatch) as app:
        scene = app.top
        window = pygame.Rect((0, 0), app.size)
        boxes, board = scene.boxes_area(), scene.board_area()
        assert window.contains(boxes) and window.contains(board)
        assert not boxes.colliderect(board)
        for widget in (w for w in scene.widgets if usable(w)):
            assert not widget.rect.colliderect(boxes), widget.rect
            assert not widget.rect.colliderect(board), widget.rect
        shape = scene.box_shape()
        assert shape.cell >= 20 and shape.height <= boxes.height
        shown = scene.page_boxes()
        cols = max(1, (boxes.width - 8) // (shape.width + 6))
        rows = -(-len(shown) // cols)
        assert 8 + rows * (shape.height + 6) <= boxes.height + 6
        if size[0] > 1000:   # room to spare: the squares grow
            assert shape.cell > 20


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_the_sticks_board_says_its_keys_clear_of_the_sticks(size, monkeypatch):
    """As Nim's board says its keys, the Game of Sticks' says 1 to 3 take that many: above
    the sticks, none of which it touches (100 sticks: four rows)."""
    with scene_at(size, "board sticks", monkeypatch) as app:
        board = app.top
        said = [rect for words, rect in drawn_texts(app, monkeypatch)
                if words == "Keys: 1 to 3 takes that many"]
        assert len(said) == 1
        sticks = [board.stick_rect(i) for i in range(board.presenter.state.sticks)]
        assert not any(said[0].colliderect(stick) for stick in sticks)
        assert board.board_rect().contains(said[0])


@pytest.mark.parametrize("size", SIZES, ids=size_id)
@pytest.mark.parametrize("name", ["board hexapawn", "board nim", "board sticks"])
def test_the_rules_under_the_title_stand_clear_of_the_board(size, name, monkeypatch):
    """Hexapawn's rules take two lines at 800x560; the second touched the board's frame."""
    with scene_at(size, name, monkeypatch) as app:
        board = app.top
        rules = board.rules_lines()
        ink = []
        drawn_texts(app, monkeypatch, ink=ink)
        lines = [rect for words, rect in ink if words in rules]
        assert len(lines) == len(rules) >= 1
        for rect in lines:
            assert board.board_rect().top - rect.bottom >= 8, (rect, board.board_rect())
