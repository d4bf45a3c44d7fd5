"""One MCTS decision taken apart, in the window (headless, synthetic events): opened from
a board where the tree search plays (D, or the panel's button), stepped with the keys
alone and with the mouse, on every game, with the exact value beside the search."""

import pygame
import pytest
from screen_texts import assert_inside_and_whole, drawn_texts
from uidriver import button_named, click, frames, key, press, wait_until, window_at

from nimgame.games import Nim, NimState, Sticks, TicTacToe, kit_for
from nimgame.games.hexapawn import Hexapawn
from nimgame.match import Seat
from nimgame.players import MCTSPlayer
from nimgame.session import MatchSetup
from nimgame.ui.app import App
from nimgame.ui.mcts import DecisionScene
from nimgame.ui.mcts.drawing import lay_out

GAMES = {"nim": Nim(), "sticks": Sticks(20), "tictactoe": TicTacToe(), "hexapawn": Hexapawn()}


def named(scene, words):
    """The scene's button that says exactly `words`."""
    return next(b for b in scene.actions if b.text == words)


def recorded(game, simulations=1_500, state=None, seed=1):
    player = MCTSPlayer(game, simulations, seed=seed, record=True)
    player.choose_move(game.initial_state() if state is None else state)
    return player.last_decision


def opened(app, record):
    scene = app.open("mcts", record)
    frames(app, 2)   # the exact value is worked out beside the frames
    assert isinstance(scene, DecisionScene) and scene.verdicts is not None
    return scene


@pytest.mark.parametrize("name", GAMES)
def test_the_board_opens_the_search_s_last_decision_with_d_and_esc_comes_back(app, name):
    game = GAMES[name]
    mcts = MCTSPlayer(game, 300, seed=2)
    board = app.open("board", MatchSetup(game, (Seat("NimX", mcts), Seat("Ann"))))
    wait_until(app, lambda: board.presenter.match.humans_turn)
    assert mcts.record and mcts.last_decision is not None   # the board turned it on
    assert button_named(board, "Take apart")
    key(app, pygame.K_d, "d")
    scene = app.top
    assert isinstance(scene, DecisionScene) and scene.record is mcts.last_decision
    assert scene.record.state == game.initial_state()
    key(app, pygame.K_ESCAPE)
    assert app.top is board
    press(app, button_named(board, "Take apart"))
    assert isinstance(app.top, DecisionScene)


def test_a_board_without_a_tree_search_has_no_d_and_no_button(app):
    game = Sticks(12)
    board = app.open("board", MatchSetup(game, (Seat("Ann"), Seat("Bob"))))
    frames(app, 2)
    key(app, pygame.K_d, "d")
    assert app.top is board
    assert not [b for b in board.actions if b.text.startswith("Take apart")]


def test_before_its_first_move_there_is_nothing_to_take_apart(app):
    game = Sticks(12)
    board = app.open("board", MatchSetup(game, (Seat("Ann"), Seat("NimX", MCTSPlayer(
        game, 100, seed=1)))))
    frames(app, 2)
    assert not [b for b in board.actions if b.text.startswith("Take apart")]
    key(app, pygame.K_d, "d")
    assert app.top is board


@pytest.mark.parametrize("name", GAMES)
def test_the_keys_alone_step_through_every_iteration(app, name):
    scene = opened(app, recorded(GAMES[name]))
    steps = scene.steps
    assert steps.index == 0 and steps.count == 1_500
    moves = [(pygame.K_RIGHT, 0, "", 1), (pygame.K_RIGHT, pygame.KMOD_SHIFT, "", 11),
             (pygame.K_RIGHT, pygame.KMOD_CTRL, "", 111), (pygame.K_RIGHTBRACKET, 0, "]", 1111),
             (pygame.K_PAGEDOWN, 0, "", 1121), (pygame.K_RIGHTBRACKET, 0, "]", 1499),
             (pygame.K_LEFT, 0, "", 1498), (pygame.K_PAGEUP, 0, "", 1488),
             (pygame.K_LEFT, pygame.KMOD_SHIFT, "", 1478),
             (pygame.K_LEFT, pygame.KMOD_CTRL, "", 1378), (pygame.K_LEFTBRACKET, 0, "[", 378),
             (pygame.K_HOME, 0, "", 0), (pygame.K_END, 0, "", 1499), (pygame.K_HOME, 0, "", 0)]
    for k, mod, text, index in moves:
        key(app, k, text, mod)
        assert steps.index == index, (k, mod, index)
        assert app.top is scene
    key(app, pygame.K_RIGHT, "", pygame.KMOD_ALT)   # not this screen's key
    assert steps.index == 0
    key(app, pygame.K_ESCAPE)
    assert app.top is not scene


@pytest.mark.parametrize("name", GAMES)
def test_the_buttons_and_the_timeline_do_the_same_with_the_mouse(app, name):
    scene = opened(app, recorded(GAMES[name]))
    steps = scene.steps
    first = named(scene, "First")
    assert not first.is_enabled and not named(scene, "−1").is_enabled
    for words, index in (("+1000", 1000), ("+100", 1100), ("+10", 1110), ("+1", 1111),
                         ("−1", 1110), ("−10", 1100), ("−100", 1000), ("−1000", 0),
                         ("Last", 1499), ("First", 0)):
        click(app, named(scene, words).rect.center)
        assert steps.index == index, words
    click(app, named(scene, "Last").rect.center)
    assert not named(scene, "+1").is_enabled and not named(scene, "Last")\
        .is_enabled
    bar = lay_out(app.size, len(scene.root_moves)).timeline
    click(app, (bar.x + bar.width // 2, bar.centery))
    assert abs(steps.index - 750) <= 2
    click(app, (bar.x, bar.centery))
    assert steps.index == 0
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert steps.index == 1
    click(app, named(scene, "Back  Esc").rect.center)
    assert app.top is not scene


@pytest.mark.parametrize("size", [(800, 560), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", GAMES)
def test_every_word_is_inside_the_window_at_every_step(size, name, monkeypatch):
    app = App(size)
    try:
        app.open("menu")
        scene = opened(app, recorded(GAMES[name], 600))
        for index in (0, 1, 57, 300, 599):
            scene.steps.go(index)
            texts = drawn_texts(app, monkeypatch)
            assert_inside_and_whole(texts, size)
            words = [w for w, _ in texts]
            assert f"Iteration {index + 1:,} of 600" in words
            assert {"Move", "Visits", "Mean", "UCT", "Exact"} <= set(words)
            assert any(w.startswith("MCTS settles on") for w in words)
            assert "Select" in words or "Expand" in words
            assert "Play out" in words
    finally:
        app.quit()


def test_misere_nim_says_the_search_settled_on_a_losing_move_beside_the_winning_one(
        app, monkeypatch):
    game = Nim((1, 3, 5, 7))
    scene = opened(app, recorded(game, 1_000, NimState((0, 1, 4, 4), 0)))
    texts = [w for w, _ in drawn_texts(app, monkeypatch)]
    said = " ".join(w for w in texts if w and not w.startswith(("Nim (", "The position")))
    assert "MCTS settles on take 2 from pile 4 after" in said
    assert "the exact value says take 2 from pile 4 loses, take 1 from pile 2 wins." in said
    assert texts.count("wins") == 1 and texts.count("loses") == 8   # the table: a cue in words
    rows = {row.words: row for row in scene.child_rows()}
    assert rows["take 1 from pile 2"].verdict == 1 and rows["take 2 from pile 4"].verdict == -1


def test_the_table_says_the_move_taken_now_and_the_most_visited_and_keeps_them_in_view(app):
    """Nim 1, 3, 5, 7 has 16 moves at the root: at 1100×720 they do not all fit; the
    move this iteration went down, the most visited and the exact best stay in view."""
    scene = opened(app, recorded(Nim(), 800))
    layout = lay_out(app.size, len(scene.root_moves))
    for index in range(0, 800, 37):
        scene.steps.go(index)
        rows, hidden = scene.shown_rows(layout.table_rows)
        assert len(rows) + hidden == 16 and len(rows) <= layout.table_rows
        assert [r for r in rows if r.this_iteration] and [r for r in rows if r.most_visited]
        shown = {r.words for r in rows}
        everything = scene.child_rows()
        assert sum(r.this_iteration for r in everything) == 1
        assert {r.words for r in everything if r.this_iteration or r.most_visited} <= shown


def test_a_move_that_wins_at_once_is_shown_as_no_search(app, monkeypatch):
    game = Nim((1, 4), misere=False)
    player = MCTSPlayer(game, 100, seed=1, record=True)
    player.choose_move(NimState((0, 4), 0))
    scene = opened(app, player.last_decision)
    texts = [w for w, _ in drawn_texts(app, monkeypatch)]
    assert "No search: a move wins at once." in texts
    assert "MCTS plays take 4 from pile 2 at once: it wins on the spot, no search needed." \
        in texts
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_END)
    assert scene.steps.index == -1 and app.top is scene
    assert all(not b.is_enabled for b in scene.actions if b.text != "Back  Esc")


@pytest.mark.parametrize("size", [(800, 560), (1100, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", GAMES)
def test_each_selected_and_expanded_move_is_said_whole(size, name, monkeypatch):
    # "Expand  take 1 from pile 3 (its m…": whose move it was is the point of the row;
    # and its numbers ("… mean +0.11 to +0…") are whole.
    app = App(size)
    try:
        app.open("menu")
        records = [(recorded(GAMES[name], 600), (0, 1, 57, 300, 599))]
        if name == "nim":   # a game played in the window: three moves selected
            records.append((recorded(GAMES[name], 1_000, NimState((0, 3, 5, 7), 1)),
                            (110, 999)))
        for record, indexes in records:
            scene = opened(app, record)
            for index in indexes:
                scene.steps.go(index)
                cut = []
                drawn_texts(app, monkeypatch, cut)
                assert not [w for w in cut if w.endswith(("(its move)", "(the reply)"))], cut
                assert not [w for w in cut if w.startswith(("UCT ", "new in the tree"))], cut
            app.pop()
    finally:
        app.quit()


@pytest.mark.parametrize("size", [(800, 560), (1100, 720), (1920, 1080), (1920, 1080, 200)],
                         ids=lambda s: "x".join(map(str, s[:2])) + (f"@{s[2]}%" if s[2:] else ""))
def test_the_play_out_words_keep_clear_of_the_right_edge(size, monkeypatch):
    """The play-out line (the longest of a path: every random move) ends at least 12 px
    inside the path's column, where the other rows' credits stand, at every step shown
    and every size (at 1920x1080 at 200% it ran to the column's very edge); and what does
    not fit on its lines is said on more lines where the row has room."""
    with window_at(size) as app:
        scene = opened(app, recorded(GAMES["nim"], 600))
        path = scene.layout().path
        for index in (0, 1, 2, 57, 300, 599):
            scene.steps.go(index)
            texts = drawn_texts(app, monkeypatch)
            words = [w for w, _ in texts]
            start = words.index("Play out")
            below = words.index(next(w for w in words[start:] if w.startswith("the game end")))
            playout = texts[start + 1:below]
            assert playout and all(words[k] for k in range(start + 1, below))
            for said, rect in playout:
                assert rect.right <= path.right - 12, (index, said, rect, path)
                assert app.size[0] - rect.right >= 12


@pytest.mark.parametrize("size", [(800, 560), (1920, 1080, 200)],
                         ids=lambda s: "x".join(map(str, s[:2])) + (f"@{s[2]}%" if s[2:] else ""))
def test_a_path_row_s_words_break_between_moves_not_inside_one(size, monkeypatch):
    """A wrapped row never leaves a pile's number alone at the start of a line ("… take
    1 from pile" / "4") nor splits "(its move)"."""
    import re

    with window_at(size) as app:
        scene = opened(app, recorded(GAMES["nim"], 600))
        for index in range(0, 600, 7):
            scene.steps.go(index)
            texts = drawn_texts(app, monkeypatch)
            text_x = min(rect.x for words, rect in texts
                         if words in ("Select", "Expand", "Play out"))
            for words in (words for words, rect in texts if rect.x >= text_x):
                assert not re.match(r"\d+(,|$)", words), (index, words)
                assert not words.startswith(("move)", "reply)")), (index, words)
                assert not words.endswith(("(its", "(the")), (index, words)


@pytest.mark.parametrize("size", [(800, 560), (1920, 1080, 200)],
                         ids=lambda s: "x".join(map(str, s[:2])) + (f"@{s[2]}%" if s[2:] else ""))
@pytest.mark.parametrize("name", GAMES)
def test_no_move_of_the_table_or_the_path_is_cut(size, name, monkeypatch):
    """On a real display the table said "O in row 3, colum…" (row 3 column 1 draws,
    column 2 loses) and the play-out "4 random moves: O in row 1,…" at both sizes. Every
    text of every 7th iteration is drawn whole: a move in its short form ("O row 3, col
    1") where the long one does not fit, a play-out in the moves as typed, on the lines
    the path gives it (fewer edges shown, the rest counted, where it must)."""
    with window_at(size) as app:
        game = GAMES[name]
        starts = [None]
        if name == "tictactoe":   # O's reply to X in the centre: the table's longest words
            starts.append(game.result(game.initial_state(), (1, 1)))
        for start in starts:
            scene = opened(app, recorded(game, 600, start))
            table = scene.layout().table
            for index in range(0, 600, 7):
                scene.steps.go(index)
                cut = []
                texts = drawn_texts(app, monkeypatch, cut)
                words = [w for w, _ in texts]
                assert cut == [], (index, cut)
                assert "Play out" in words
                moves = {w for w, rect in texts if table.collidepoint(rect.topleft)
                         and (" row " in w)}   # Tic-Tac-Toe's moves: all in one form
                assert len({" in row " in w for w in moves}) <= 1, (index, moves)
            app.pop()


@pytest.mark.parametrize("name", GAMES)
def test_a_play_out_in_typed_moves_says_what_they_mean_from_the_kit(app, name):
    """The short form of a play-out lists moves as typed ("3:2", "7"): its words say what
    they mean, the game's kit's `move_key` where the typed form is not plain."""
    game = GAMES[name]
    scene = opened(app, recorded(game, 300))
    key = kit_for(game).move_key
    shorts = []
    for index in range(0, 300, 7):
        scene.steps.go(index)
        it = scene.steps.iteration()
        if it.playout:
            shorts += [row.short for row in scene.path_rows(it, 30) if row.phase == "Play out"]
    assert shorts
    for short in shorts:
        assert (f"({key}):" in short) if key else ("(" not in short.split(":")[0]), short
