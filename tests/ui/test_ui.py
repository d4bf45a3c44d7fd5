"""The window, driven headless with synthetic pygame events."""

import random

import pygame
import pytest
from uidriver import button_named, click, frames, frames_until, key, post, wait_until

from nimgame.games import Nim, Sticks, TicTacToe
from nimgame.players import PerfectPlayer
from nimgame.ui import theme
from nimgame.ui.board import BoardScene, NimBoard, SticksBoard, TicTacToeBoard
from nimgame.ui.menu import MenuScene
from nimgame.ui.results import KuetResults
from nimgame.ui.setup import FRIEND, SetupScene


def start_board(app, game_key, opponent=None, first=None, **set_up):
    key(app, {"nim": pygame.K_1, "sticks": pygame.K_2, "tictactoe": pygame.K_3,
              "hexapawn": pygame.K_4}[game_key])
    setup = app.top
    assert isinstance(setup, SetupScene)
    if opponent is not None:
        setup.choices["opponent"] = next(t for t in setup.opponents if t.startswith(opponent))
    if first is not None:
        setup.choices["first"] = first
    setup.choices.update(set_up)
    setup.resize()
    key(app, pygame.K_RETURN)
    return app.top


def test_menu_to_nim_board_by_keyboard(app):
    board = start_board(app, "nim", opponent="Perfect")
    assert isinstance(board, NimBoard) and board.presenter.game == Nim()
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, SetupScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


def test_nimx_says_hello_and_help_opens_over_the_board(app):
    board = start_board(app, "nim", opponent="Perfect")
    assert board.presenter.status.startswith("Hello, Player! I am NimX.")
    key(app, pygame.K_F1)
    assert type(app.top).__name__ == "HelpOverlay" and app.scenes[-2] is board
    click(app, board.stone_center(3, 0))  # the board waits while help is open
    assert board.presenter.state == Nim().initial_state()
    key(app, pygame.K_ESCAPE)
    assert app.top is board


def test_clicking_a_stone_takes_from_it_to_the_end(app):
    board = start_board(app, "nim", opponent=FRIEND)
    click(app, board.stone_center(3, 4))  # stone 5 of 7 in pile 4: takes 3
    assert board.presenter.state.piles == (1, 3, 5, 4)
    assert board.presenter.state.player == 1 and "took 3 from pile 4" in board.presenter.status


def test_hover_shows_what_a_click_takes(app):
    board = start_board(app, "nim", opponent=FRIEND)
    post(app, pygame.MOUSEMOTION, pos=board.stone_center(2, 1), rel=(0, 0), buttons=(0, 0, 0))
    assert board.pending() == (2, 4)
    shot = app.screen.get_at(board.stone_center(2, 4))
    assert tuple(shot)[:3] == (242, 95, 92)  # drawn in the "take" colour


def test_keyboard_pile_count_enter(app):
    board = start_board(app, "nim", opponent=FRIEND)
    key(app, pygame.K_4, "4")
    key(app, pygame.K_2, "2")
    assert board.presenter.state.piles == (1, 3, 5, 7)  # nothing until Enter
    key(app, pygame.K_RETURN)
    assert board.presenter.state.piles == (1, 3, 5, 5)
    key(app, pygame.K_9, "9")
    assert board.presenter.status_error and "no pile 9" in board.presenter.status
    assert board.presenter.state.piles == (1, 3, 5, 5)


def test_ai_answers_and_undo_restores(app):
    board = start_board(app, "nim", opponent="Perfect")
    click(app, board.stone_center(3, 0))  # take all 7 of pile 4
    wait_until(app, lambda: board.presenter.humans_turn)
    assert len(board.presenter.history) == 3 and "NimX took" in board.presenter.status
    assert sum(board.presenter.state.piles) < 9
    key(app, pygame.K_u)
    assert board.presenter.state == Nim().initial_state() and len(board.presenter.history) == 1


def test_illegal_click_leaves_the_state_alone(app):
    board = start_board(app, "nim", opponent=FRIEND, cap="At most 3 (KUET)")
    assert board.presenter.game.max_take == 3
    click(app, board.stone_center(3, 0))  # would take 7
    assert board.presenter.state.piles == (1, 3, 5, 7)
    assert board.presenter.status_error and "at most 3" in board.presenter.status


def test_a_hint_waits_for_the_persons_turn_and_take_back_for_a_move(app):
    from nimgame.match import Seat
    from nimgame.session import MatchSetup

    board = app.open("board", MatchSetup(Nim(), (Seat("NimX", PerfectPlayer(Nim())),
                                                 Seat("Player"))))
    assert not board.presenter.humans_turn and not board.presenter.match.can_take_back()
    assert not button_named(board, "Take back").is_enabled
    assert board.presenter.advice.hint_lines() == ["NimX is to move; your hint comes on your turn."]
    wait_until(app, lambda: board.presenter.humans_turn)
    wait_until(app, board.presenter.advice.theory_ready)
    assert board.presenter.advice.hint_lines()[0].startswith(("Winning move", "No winning move"))


def test_hint_explains_the_nim_sum(app):
    board = start_board(app, "nim", opponent=FRIEND)
    key(app, pygame.K_h)
    wait_until(app, board.presenter.advice.theory_ready)
    lines = board.presenter.advice.hint_lines()
    assert board.presenter.advice.show_hint
    assert lines[0].startswith("No winning move")  # 1^3^5^7 = 0
    assert "  XOR of all = 000" in lines
    click(app, board.stone_center(0, 0))
    wait_until(app, board.presenter.advice.theory_ready)
    assert board.presenter.advice.hint_lines()[0].startswith("Winning move:")


def test_a_slow_theory_never_holds_up_a_frame(app, monkeypatch):
    """The theory is worked out beside the frames: frames go on while it is held back (it
    never runs on the window's thread), and the hint says it is coming."""
    import threading

    release = threading.Event()
    on_window_thread = []
    slow = PerfectPlayer.outcome

    def outcome(self, state):
        if threading.current_thread() is threading.main_thread():
            on_window_thread.append(state)   # the frame would wait here: fail, not hang
        else:
            release.wait(60)
        return slow(self, state)

    monkeypatch.setattr(PerfectPlayer, "outcome", outcome)
    board = start_board(app, "nim", opponent=FRIEND)
    key(app, pygame.K_h)
    frames(app, 5)   # five frames while the theory is held back
    assert on_window_thread == [] and not release.is_set()
    assert not board.presenter.advice.theory_ready()
    assert board.presenter.advice.hint_lines() == ["Working out the theory…"]
    release.set()
    wait_until(app, board.presenter.advice.theory_ready)
    assert board.presenter.advice.hint_lines()[0].startswith("No winning move")


def play_rounds(app, board):
    """Play every KUET game: the person plays perfectly when it can."""
    while not isinstance(app.top, KuetResults):
        wait_until(app, lambda: board.presenter.humans_turn or board.presenter.over)
        if board.presenter.over:
            key(app, pygame.K_n)
            continue
        shown = board.presenter
        assert shown.seats[1].label == shown.match.strategy   # the panel names the title's
        shown.human_move(PerfectPlayer(shown.game).choose_move(shown.state))


@pytest.mark.parametrize("mode,expected", [
    ("KUET Easy: 3 games vs IDA*", {"IDA*": 3}),
    ("KUET Hard: 6 games, minimax and alpha-beta", {"Minimax": 3, "Alpha-Beta": 3}),
])
def test_kuet_rounds_and_selection(app, mode, expected, monkeypatch):
    board = start_board(app, "nim", rounds=mode)
    assert board.presenter.game.max_take == 3 and not board.presenter.game.misere
    play_rounds(app, board)
    results = board.presenter.setup.round_results
    assert {name: len(arr) for name, arr in results.items()} == expected
    assert all(set(arr) <= {0, 1} for arr in results.values())
    shown = app.top
    if len(results) == 2:
        best = max(results, key=lambda n: sum(results[n]))
        assert sum(results[shown.selected.algorithm]) == sum(results[best])
        assert shown.selected.fitness == sum(results[best]) / 3
    # The person's own score, and why NimX lost, said from the boards played.
    from nimgame import kuet
    from nimgame.ui import theme

    games = sum(expected.values())
    boards = [state.piles for state in board.presenter.setup.round_boards]
    assert len(boards) == games
    said = []
    real = theme.text
    with monkeypatch.context() as patch:
        patch.setattr(theme, "text", lambda surface, words, *a, **k: (
            said.append(words), real(surface, words, *a, **k))[1])
        frames(app, 1)
    won = sum(len(arr) - sum(arr) for arr in results.values())
    assert f"Your score: {won} of {games} games won (NimX won {games - won})" in said
    winning = sum(kuet.first_player_wins(b) for b in boards)
    assert f"on {winning} of the {games} boards" in " ".join(said) or winning == 0
    key(app, pygame.K_RETURN)   # "Back to the menu", past the board and the set-up
    assert isinstance(app.top, MenuScene) and len(app.scenes) == 1


def test_sticks_count_is_validated(app):
    key(app, pygame.K_2)
    setup = app.top
    setup.number_widgets["sticks"].entry.set_text("500")
    setup.number_widgets["sticks"].take(restore=False)
    key(app, pygame.K_RETURN)
    assert app.top is setup
    assert setup.message == "Please enter a number between 10 and 100."
    setup.number_widgets["sticks"].entry.set_text("abc")
    key(app, pygame.K_RETURN)
    assert app.top is setup
    setup.number_widgets["sticks"].entry.set_text("50")
    setup.number_widgets["sticks"].take(restore=False)
    setup.choices["opponent"] = FRIEND
    key(app, pygame.K_RETURN)
    board = app.top
    assert isinstance(board, SticksBoard) and board.presenter.game == Sticks(50)


def test_sticks_click_and_keys(app):
    board = start_board(app, "sticks", opponent=FRIEND)
    rect = board.stick_rect(board.presenter.state.sticks - 2)
    click(app, rect.center)
    assert board.presenter.state.sticks == 18
    key(app, pygame.K_3, "3")
    assert board.presenter.state.sticks == 15
    key(app, pygame.K_5, "5")
    assert board.presenter.state.sticks == 15 and board.presenter.status_error
    click(app, board.stick_rect(0).center)  # too far from the end: not a move
    assert board.presenter.state.sticks == 15


def test_sticks_computer_learns_and_is_saved(app, nimgame_home):
    board = start_board(app, "sticks", opponent="The computer")
    while not board.presenter.over:
        wait_until(app, lambda: board.presenter.humans_turn or board.presenter.over)
        if not board.presenter.over:
            key(app, pygame.K_1, "1")
    assert (nimgame_home / "brains" / "sticks-computer.brain").exists()


def test_sticks_computer_that_cannot_be_saved_says_so(app, nimgame_home):
    """A brains folder that cannot be written (here: a file where the folder should be)
    ends the game with a line saying the hats were not kept, not a crash."""
    nimgame_home.mkdir(parents=True, exist_ok=True)
    (nimgame_home / "brains").write_text("not a folder")
    board = start_board(app, "sticks", opponent="The computer")
    while not board.presenter.over:
        wait_until(app, lambda: board.presenter.humans_turn or board.presenter.over)
        if not board.presenter.over:
            key(app, pygame.K_1, "1")
    assert "not saved" in board.presenter.status and board.presenter.status_error
    assert (nimgame_home / "brains").read_text() == "not a folder"


def play_tictactoe_to_the_end(app, board):
    """The person takes the first free square each turn until the game is over."""
    while not board.presenter.over:
        wait_until(app, lambda: board.presenter.humans_turn or board.presenter.over)
        if not board.presenter.over:
            square = board.presenter.state.index(".") + 1
            key(app, getattr(pygame, f"K_{square}"), str(square))


def saved_tictactoe_hats(name, path=None):
    from nimgame import storage
    from nimgame.learning.training import train
    from nimgame.players import HatLearner

    learner = HatLearner(TicTacToe())
    train(learner, 40, seed=1, curve_points=0)
    learner.name = name
    return storage.save(learner, path, force=True)


def test_tictactoe_hats_are_kept_after_every_game(app, nimgame_home):
    """Nightmare Mode in the window: the set-up's Hats are the hats Tic-Tac-Toe keeps (as
    `--opponent hats` in text mode); they learn from the game and are saved after it."""
    from nimgame import storage

    path = saved_tictactoe_hats("tictactoe-hats", nimgame_home / "brains" /
                                "tictactoe-hats.brain")
    board = start_board(app, "tictactoe", opponent="Hats")
    assert board.presenter.training is None   # kept hats do not practise again
    play_tictactoe_to_the_end(app, board)
    assert storage.load(path).games_trained == 41


def test_new_tictactoe_hats_are_kept_once_they_have_practised(app, nimgame_home):
    from nimgame import storage
    from nimgame.learning.training import PRACTICE_GAMES

    board = start_board(app, "tictactoe", opponent="Hats")
    assert board.presenter.training is not None
    wait_until(app, lambda: board.presenter.training is None, seconds=300)
    path = nimgame_home / "brains" / "tictactoe-hats.brain"
    assert storage.load(path).games_trained == PRACTICE_GAMES


def test_a_saved_tictactoe_hats_brain_learns_in_its_own_file(app, nimgame_home):
    from nimgame import storage

    path = saved_tictactoe_hats("my hats")
    key(app, pygame.K_3)
    setup = app.top
    wait_until(app, lambda: any(t.startswith("Saved: my hats") for t in setup.opponents))
    setup.choices["opponent"] = next(t for t in setup.opponents if t.startswith("Saved: my"))
    setup.resize()
    key(app, pygame.K_RETURN)
    wait_until(app, lambda: isinstance(app.top, BoardScene))   # the brain is read first
    board = app.top
    play_tictactoe_to_the_end(app, board)
    assert storage.load(path).games_trained == 41
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


def test_leaving_a_board_does_not_wait_for_the_ai(app, monkeypatch):
    """Esc while the AI thinks (or practises) leaves at once: the thread's answer is
    dropped, never waited for. The AI here thinks until the test lets it go, so leaving
    could only have waited by never returning (or returning after the 60 s guard, with
    the thought finished)."""
    import threading

    from nimgame.ui.board import background

    asked, release, finished = threading.Event(), threading.Event(), threading.Event()
    think = background.think

    def held_think(player, state, at_least):
        asked.set()
        release.wait(60)
        finished.set()
        return think(player, state, at_least)

    monkeypatch.setattr(background, "think", held_think)
    board = start_board(app, "nim", opponent="Random", first="Your opponent")
    assert asked.wait(60) and not board.presenter.humans_turn   # the AI is thinking
    key(app, pygame.K_ESCAPE)
    assert app.top is not board
    assert not finished.is_set()   # left while the thought was still going
    release.set()


def test_tictactoe_full_game(app):
    board = start_board(app, "tictactoe", opponent="Hard (alpha-beta)")
    assert isinstance(board, TicTacToeBoard) and board.presenter.game == TicTacToe()
    order = list("519372846")
    while not board.presenter.over:
        wait_until(app, lambda: board.presenter.humans_turn or board.presenter.over)
        if board.presenter.over:
            break
        free = next(d for d in order if board.presenter.state[int(d) - 1] == ".")
        before = board.presenter.state
        # A full square does nothing.
        taken = next((i for i, c in enumerate(board.presenter.state) if c != "."), None)
        if taken is not None:
            rect, cell = board.grid()
            r, c = divmod(taken, 3)
            click(app, (rect.x + c * cell + cell // 2, rect.y + r * cell + cell // 2))
            assert board.presenter.state == before
        key(app, getattr(pygame, f"K_{free}"), free)
    assert board.presenter.game.winner(board.presenter.state) != 0  # minimax never loses
    final = board.presenter.state
    rect, _ = board.grid()
    click(app, rect.center)
    key(app, pygame.K_5, "5")
    assert board.presenter.state == final


def test_training_opens_over_a_board_with_its_rules(app):
    from nimgame.ui.training import TrainingScene

    board = start_board(app, "nim", opponent=FRIEND, cap="At most 2")
    key(app, pygame.K_t, "t")
    scene = app.top
    assert isinstance(scene, TrainingScene) and app.scenes[-2] is board
    assert scene.choices.preset.startswith("This board:")
    assert scene.choices.spec().make_game() == board.presenter.game
    key(app, pygame.K_ESCAPE)
    assert app.top is board
    start_board_from_menu(app, "sticks")
    key(app, pygame.K_t, "t")
    assert app.top.choices.preset == "Game of Sticks — 20 sticks"


def start_board_from_menu(app, game_key):
    while not isinstance(app.top, MenuScene):
        key(app, pygame.K_ESCAPE)
    return start_board(app, game_key, opponent=FRIEND)


def test_the_boards_refuse_moves_in_the_engines_own_words(app):
    """A pile that is not there, more than a pile holds, a square taken: the status line
    says what the rules say (`why_illegal`), not words of the window's own."""
    board = start_board(app, "nim", opponent=FRIEND)
    game, state = board.presenter.game, board.presenter.state
    key(app, pygame.K_9, "9")
    assert board.presenter.status == f"Not allowed: {game.why_illegal(state, (8, 1))}."
    key(app, pygame.K_2, "2")
    key(app, pygame.K_4, "4")   # pile 2 holds 3
    assert board.presenter.status == f"Not allowed: {game.why_illegal(state, (1, 4))}."
    assert board.presenter.status_error and board.typed_pile == 1
    start_board_from_menu(app, "tictactoe")
    board = app.top
    key(app, pygame.K_5, "5")
    taken = board.presenter.state
    key(app, pygame.K_5, "5")
    assert board.presenter.state == taken and board.presenter.status_error
    assert board.presenter.status == \
        f"Not allowed: {TicTacToe().why_illegal(taken, (1, 1))}."


def test_resize_recomputes_the_layout(app):
    board = start_board(app, "nim", opponent=FRIEND)
    small = board.stone_center(3, 6)
    post(app, pygame.VIDEORESIZE, w=1400, h=900, size=(1400, 900))
    assert app.size == (1400, 900)
    assert board.stone_center(3, 6) != small
    click(app, board.stone_center(3, 6))
    assert board.presenter.state.piles == (1, 3, 5, 6)


def test_closing_mid_game_stops_cleanly(app, monkeypatch):
    """Its practice held until the test ends (so it is still going, however fast the
    machine), the board refuses a restart and quits without waiting for it."""
    import threading

    from nimgame.ui.board import background

    release, finished, real_train = threading.Event(), threading.Event(), background.train

    def held_train(*args, **kwargs):
        release.wait(60)
        report = real_train(*args, **kwargs)
        finished.set()
        return report

    monkeypatch.setattr(background, "train", held_train)
    board = start_board(app, "nim", opponent="Q-learning")
    assert board.presenter.training is not None  # it practises first, off the frame
    assert "practising" in board.presenter.status
    key(app, pygame.K_r)  # restarting now would lose the practice: refused
    assert board.presenter.training is not None and board.presenter.background.job is not None
    frames(app, 3)
    post(app, pygame.QUIT)
    assert not app.running and not app.scenes
    assert board.presenter.background.executor._shutdown and not finished.is_set()
    release.set()   # the practice then stops at once: the board is closing


def scene_starters():
    """Ways into every scene, so the monkey visits each one on purpose."""
    def setup(key):
        return lambda app: app.push(SetupScene(app, key))

    def board_with(key, opponent, **choices):
        def start(app):
            app.push(SetupScene(app, key))
            chosen = app.top
            chosen.choices["opponent"] = next(t for t in chosen.opponents
                                              if t.startswith(opponent))
            chosen.choices.update(choices)
            chosen.start()
        return start

    def kuet_results(app):
        board_with("nim", FRIEND, rounds="KUET Easy: 3 games vs IDA*")(app)
        board = app.top
        board.presenter.setup.round_results = {"IDA*": [0, 1, 0]}
        app.push(KuetResults(app, board.presenter.setup))

    return [
        lambda app: None,  # the menu
        setup("nim"), setup("sticks"), setup("tictactoe"),
        board_with("nim", "Perfect"), board_with("nim", FRIEND, piles="Custom"),
        board_with("nim", FRIEND, rounds="KUET Hard: 6 games, minimax and alpha-beta"),
        board_with("sticks", "The computer"), board_with("sticks", "Random"),
        board_with("tictactoe", "Hard (alpha-beta)"), board_with("tictactoe", FRIEND),
        kuet_results,
        lambda app: (board_with("sticks", FRIEND)(app), app.top.open_help()),
    ]


def test_monkey(app):
    """10,000 random clicks, keys, resizes and back-presses over every scene; nothing may
    raise, and the game states stay legal."""
    rng = random.Random(7)
    keys = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_9, pygame.K_0,
            pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_u, pygame.K_r,
            pygame.K_h, pygame.K_n, pygame.K_a]
    starters = scene_starters()
    seen = set()
    for number in range(10_000):
        if number % (10_000 // len(starters)) == 0 and number // (10_000 // len(starters)) \
                < len(starters):
            while app.scenes:
                app.pop()
            app.running = True
            app.push(MenuScene(app))
            starters[number // (10_000 // len(starters))](app)
        if not app.running or not app.scenes:
            app.running = True
            app.push(MenuScene(app))
        roll = rng.random()
        w, h = app.size
        if roll < 0.55:
            pos = (rng.randrange(w), rng.randrange(h))
            app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                          buttons=(0, 0, 0)))
            app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        elif roll < 0.93:
            k = rng.choice(keys)
            text = pygame.key.name(k) if pygame.key.name(k).isdigit() else ""
            app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, unicode=text, mod=0,
                                          scancode=0))
        elif roll < 0.97:
            size = (rng.randrange(700, 1500), rng.randrange(500, 1000))
            app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1],
                                          size=size))
        else:
            app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="",
                                          mod=0, scancode=0))
        if app.scenes:
            top = app.top
            seen.add(type(top).__name__)
            if isinstance(top, BoardScene):  # every position on a board came from legal moves
                shown = top.presenter
                for before, after in zip(shown.history, shown.history[1:], strict=False):
                    assert any(shown.game.result(before, m) == after
                               for m in shown.game.legal_moves(before))
        if number % 4 == 0:
            frames(app, 1)
    assert {"MenuScene", "SetupScene", "NimBoard", "SticksBoard", "TicTacToeBoard",
            "KuetResults", "HelpOverlay"} <= seen


def test_set_up_offers_only_who_can_play_the_typed_piles(app):
    key(app, pygame.K_1)
    setup = app.top
    setup.choices["piles"] = "Custom"
    setup.choices["opponent"] = next(t for t in setup.opponents if t.startswith("Hard (minimax)"))
    setup.resize()
    setup.entries["custom"].focus()
    type_into(app, setup.entries["custom"], "15, 15, 15, 15, 15, 15, 15, 15")
    assert not any(t.startswith("Hard (minimax)") for t in setup.opponents)
    now = setup.choices["opponent"]
    assert now in setup.opponents   # the default, or the first who can (Random here)
    assert setup.message == (f"Hard (minimax) cannot play these rules: your opponent is now "
                             f"{now.split(' — ')[0]}.")
    assert setup.entries["custom"].is_focused   # typing goes on
    type_into(app, setup.entries["custom"], "1, 2")
    assert any(t.startswith("Hard (minimax)") for t in setup.opponents)
    key(app, pygame.K_RETURN)
    assert app.top.presenter.game.piles == (1, 2)


def test_set_up_offers_a_saved_ai_only_on_the_board_it_learned(app, nimgame_home):
    """A brain plays only the rules it was trained on: set-up lists it there and nowhere
    else (it used to be offered everywhere, then refused on Play with a cut-off error)."""
    from nimgame import storage
    from nimgame.players import QLearner

    learner = QLearner(Nim((2, 4, 6)))
    learner.name = "two-four-six"
    storage.save(learner)
    key(app, pygame.K_1)
    frames(app, 2)
    setup = app.top
    saved = [t for t in setup.opponents if "two-four-six" in t]
    assert saved == []   # CS50's 1, 3, 5, 7 by default
    setup.choices["piles"] = "Custom"
    setup.resize()
    setup.entries["custom"].focus()
    type_into(app, setup.entries["custom"], "2, 4, 6")
    (entry,) = [t for t in setup.opponents if "two-four-six" in t]
    setup.choices["opponent"] = entry
    setup.choices["play"] = "Normal: taking the last wins"
    setup.refresh_opponents()   # normal play: not the board it learned (misère)
    assert not [t for t in setup.opponents if "two-four-six" in t]
    assert setup.message.startswith("Saved: two-four-six") and setup.message[0].isupper()


def test_a_refusal_of_the_piles_goes_once_they_are_typed_again(app):
    key(app, pygame.K_1)
    setup = app.top
    setup.choices["piles"] = "Custom"
    setup.resize()
    setup.entries["custom"].focus()
    type_into(app, setup.entries["custom"], "99")
    key(app, pygame.K_RETURN)
    assert setup.message and app.top is setup
    type_into(app, setup.entries["custom"], "2, 4")
    assert setup.message == ""


@pytest.mark.parametrize("number,first", [(pygame.K_1, "Q-learning"), (pygame.K_2, "The computer"),
                                          (pygame.K_3, "Hard (minimax)"), (pygame.K_4, "Hats")])
def test_each_game_starts_with_its_seeds_own_opponent(app, number, first):
    key(app, number)
    assert app.top.choices["opponent"].startswith(first)


def test_a_saved_ai_enters_the_arena_on_its_own_board(app, nimgame_home):
    """A brain trained on a board the arena does not list brings that board with it."""
    from nimgame import storage
    from nimgame.players import QLearner

    learner = QLearner(Nim((2, 4, 6)))
    learner.name = "two-four-six"
    storage.save(learner)
    arena = app.open("arena")
    frames(app, 2)
    (board,) = [b for b in arena.boards() if "a saved AI's board" in b]
    assert board.startswith("Nim (2, 4, 6), misère")
    arena.preset = board
    arena.rebuild()
    assert arena.game() == Nim((2, 4, 6))
    (entry,) = [e for e in arena.entrants() if "two-four-six" in e]
    arena.chosen = [entry]
    arena.rebuild()
    arena.games_text = "10"
    arena.run()
    wait_until(app, lambda: arena.job is None)
    assert list(arena.result.results) == [entry]
    storage.brains_dir().joinpath(storage.find_brain("two-four-six").name).unlink()
    arena.saved = []
    arena.rebuild()   # its AI is gone: back to a preset, no crash
    assert "a saved AI's board" not in arena.preset


def test_the_inspectors_typed_position_and_its_refusal_survive_a_resize(app):
    from nimgame.players import QLearner

    inspector = app.open("inspector", QLearner(Nim((1, 3, 5, 7))))
    inspector.position_entry.focus()
    type_into(app, inspector.position_entry, "9, 9")
    key(app, pygame.K_RETURN)
    refusal = inspector.message
    assert refusal
    post(app, pygame.VIDEORESIZE, w=900, h=600, size=(900, 600))
    assert inspector.position_entry.get_text() == "9, 9" and inspector.message == refusal


def test_help_names_every_key_of_the_board(app):
    from nimgame.ui.help import HelpOverlay

    text = " ".join(HelpOverlay(app, Nim()).lines())
    for key_name in ("U ", "R ", "H ", "I ", "T ", "M ", "S ", "C ", "N ", "V ", "Enter", "Esc",
                     "Home"):
        assert key_name in text, key_name


def test_the_tree_search_shows_its_last_search_as_its_thoughts(app):
    from nimgame.match import Seat
    from nimgame.players import MCTSPlayer
    from nimgame.session import MatchSetup

    game = Sticks(12)
    board = app.open("board", MatchSetup(game, (Seat("NimX", MCTSPlayer(game, 200, seed=1)),
                                                Seat("Ann"))))
    wait_until(app, lambda: board.presenter.match.humans_turn)
    key(app, pygame.K_i, "i")
    wait_until(app, lambda: "working" not in board.presenter.advice.panel_lines()[0])
    lines = board.presenter.advice.panel_lines()
    assert lines[0].startswith("NimX's last search (200 random games")
    rows = [line for line in lines[1:] if line.startswith("  ")]   # a row per move
    assert len(rows) == 3 and lines[2:-1] == rows   # after what the numbers mean
    assert all(line.endswith(("wins", "loses", "draws")) for line in rows)


def test_messages_are_sentences(app):
    key(app, pygame.K_1)
    setup = app.top
    setup.say("piles are whole numbers")
    assert setup.message == "Piles are whole numbers"


def type_into(app, entry, text):
    """Text typed into `entry`, as the manager reports it."""
    import pygame_gui

    entry.set_text(text)
    post(app, pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=entry, text=text)


def test_the_sticks_slider_and_the_typed_heap_agree_after_a_refusal(app):
    import pygame_gui

    key(app, pygame.K_2)
    setup = app.top
    field = setup.number_widgets["sticks"]
    type_into(app, field.entry, "5")             # refused: said, the slider stays at 20
    assert setup.message == "Please enter a number between 10 and 100."
    assert field.slider.get_current_value() == 20
    post(app, pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=field.entry, text="5")
    assert field.entry.get_text() == "20" == str(setup.numbers["sticks"])   # Enter: back in step
    type_into(app, field.entry, "64")
    assert field.slider.get_current_value() == 64 == setup.numbers["sticks"] and setup.message == ""


def test_the_end_of_a_game_is_a_banner_with_the_score_and_what_next(app):
    board = start_board(app, "nim", opponent=FRIEND)
    for move in [(0, 1), (1, 3), (2, 5), (3, 6)]:
        board.presenter.human_move(move)
    board.presenter.human_move((3, 1))   # the first player takes the last stone: misère, they lose
    frames(app, 2)
    assert board.presenter.over
    texts = [b.text for b in board.actions]
    for wanted in ("Play again  Enter", "Swap sides  S", "New opponent  C", "Menu  Home"):
        assert wanted in texts
    assert not any(t.startswith(("Restart", "Back")) for t in texts)   # "New opponent" is Back
    # The banner has the side panel; the finished board stays in view, nothing over it.
    banner = board.banner.rect
    assert board.panel_rect().contains(banner) and not banner.colliderect(board.board_rect())
    assert all(not b.rect.colliderect(board.board_rect()) for b in board.actions)
    assert tuple(app.screen.get_at((banner.centerx, banner.y + 4)))[:3] == tuple(
        theme.ACCENT)[:3]   # its frame is drawn
    first, second = (seat.name for seat in board.presenter.seats)
    key(app, pygame.K_s, "s")
    assert not board.presenter.over and [s.name for s in board.presenter.seats] == [second, first]
    # The winner moves second now; the score follows.
    assert board.presenter.match.score.wins == [1, 0]
    for move in [(0, 1), (1, 3), (2, 5), (3, 7)]:
        board.presenter.human_move(move)
    frames(app, 1)
    key(app, pygame.K_RETURN)   # play again: same sides
    assert not board.presenter.over and [s.name for s in board.presenter.seats] == [second, first]
    assert board.presenter.match.score.wins == [2, 0]   # the second mover took the last stone again
    for move in [(0, 1), (1, 3), (2, 5), (3, 7)]:
        board.presenter.human_move(move)
    frames(app, 1)
    key(app, pygame.K_c, "c")   # change opponent: back to set-up
    assert isinstance(app.top, SetupScene)


def test_the_hint_is_drawn_on_the_board(app):
    board = start_board(app, "nim", opponent=FRIEND)

    def ring_at(pile, index):   # on the ring around a stone, right of it
        x, y = board.stone_center(pile, index)
        return (x + board.layout()[1] + 3, y)

    good = tuple(theme.GOOD)[:3]
    key(app, pygame.K_h)
    wait_until(app, board.presenter.advice.theory_ready)
    frames(app, 1)
    # 1, 3, 5, 7 is lost for the mover: the hint rings the stone that makes it last longest.
    assert board.presenter.advice.hinted() == (3, 1)
    assert tuple(app.screen.get_at(ring_at(3, 6)))[:3] == good
    assert tuple(app.screen.get_at(ring_at(3, 5)))[:3] != good
    key(app, pygame.K_h)   # hidden again: no ring
    frames(app, 1)
    assert board.presenter.advice.hinted() is None
    assert tuple(app.screen.get_at(ring_at(3, 6)))[:3] != good


def test_panel_lines_fit_their_room_smaller_before_cut_and_say_so(app):
    from nimgame.ui.board.side_panel import MORE, fit_lines

    lines = ["A hint that is long enough to wrap over several lines of the panel."] + [
        f"  pile {n}: {n} = {n:04b}" for n in range(8)]
    size, step, parts = fit_lines(lines, 268, 1000)
    assert size == 15 and len(parts) > len(lines) and parts[-1][1] == "pile 7: 7 = 0111"
    size, step, parts = fit_lines(lines, 268, len(parts) * 16)   # smaller type fits it all
    assert size == 14 and parts[-1][1] == "pile 7: 7 = 0111"
    size, step, parts = fit_lines(lines, 268, 100)
    assert len(parts) * step <= 100 and parts[-1] == (0, MORE)
    assert fit_lines(lines, 268, 5)[2] == []


def test_the_tictactoe_hint_frames_every_square_it_names(app):
    board = start_board(app, "tictactoe", opponent=FRIEND)
    key(app, pygame.K_h)
    wait_until(app, board.presenter.advice.theory_ready)
    frames(app, 1)
    rect, cell = board.grid()
    good = tuple(theme.GOOD)[:3]

    def framed(square):
        r, c = divmod(square - 1, 3)
        return tuple(app.screen.get_at((rect.x + c * cell + cell // 2,
                                        rect.y + r * cell + 9)))[:3] == good

    for move, expected in (None, list(range(1, 10))), ((0, 0), [5]):
        if move is not None:   # X in the corner: only the centre keeps O's draw
            board.presenter.apply(move)
            frames(app, 1)
        (line,) = board.presenter.advice.hint_lines()
        named = [int(n) for n in line.split(":")[1].split("(")[0].split(",")]
        assert named == expected and [n for n in range(1, 10) if framed(n)] == named


def test_a_small_window_shows_the_whole_hint_in_its_short_form(monkeypatch):
    """At 800×560 the capped misère Nim hint does not fit as a table: the panel shows its
    short form, all of it, instead of cutting the rule off."""
    from nimgame.games import Nim
    from nimgame.match import Seat
    from nimgame.players import PerfectPlayer
    from nimgame.session import MatchSetup
    from nimgame.ui.app import App
    from nimgame.ui.board import side_panel as panel

    shown = []
    real = panel.fit_lines
    monkeypatch.setattr(panel, "fit_lines",
                        lambda *a: shown.append(real(*a)) or shown[-1])
    small = App((800, 560))
    try:
        game = Nim((1, 3, 5, 7), misere=True, max_take=3)
        board = small.open("board", MatchSetup(game, (Seat("Ann"), Seat(
            "NimX", PerfectPlayer(game)))))
        key(small, pygame.K_h)
        wait_until(small, board.presenter.advice.theory_ready)
        shown.clear()
        frames(small, 1)
        assert [part for _, _, parts in shown for part in parts if part[1] == panel.MORE]
        texts = " ".join(part for _, part in shown[-1][2])
        assert panel.MORE not in texts and "xor" in texts and "odd number of 1s." in texts
    finally:
        small.quit()


def test_the_ais_stones_show_before_they_go(app, monkeypatch):
    from nimgame.match import Seat
    from nimgame.session import MatchSetup
    from nimgame.ui.board import presenter as base

    monkeypatch.setattr(base, "PREVIEW_SECONDS", 0.5)
    game = Nim((1, 3, 5, 7))
    board = app.open("board", MatchSetup(game, (Seat("NimX", PerfectPlayer(game)),
                                                Seat("Ann"))))
    wait_until(app, lambda: board.presenter.previewed() is not None)
    pile, count = board.presenter.previewed()
    assert board.presenter.state == game.initial_state()   # not played yet: shown first
    size = board.presenter.state.piles[pile]
    shot = app.screen.get_at(board.stone_center(pile, size - 1))
    assert tuple(shot)[:3] == tuple(theme.TAKE)[:3]
    key(app, pygame.K_u)   # nothing of yours to take back: the preview stays
    wait_until(app, lambda: board.presenter.humans_turn)
    assert board.presenter.state.piles[pile] == size - count and board.presenter.previewed() is None


def test_motion_can_be_turned_off(app, monkeypatch):
    from nimgame.match import Seat
    from nimgame.session import MatchSetup
    from nimgame.ui.board import presenter as base

    monkeypatch.setattr(base, "PREVIEW_SECONDS", 5.0)
    monkeypatch.setattr(base, "ANIMATION_SECONDS", 5.0)
    app.settings.motion = False
    game = Nim((1, 3, 5, 7))
    board = app.open("board", MatchSetup(game, (Seat("NimX", PerfectPlayer(game)),
                                                Seat("Ann"))))
    # Held for 5 s, the preview would take 300 frames of 1/60 s; off, it takes none.
    frames_until(app, board, lambda: board.presenter.humans_turn, most=30)   # fails after 30
    board.presenter.human_move((0, 1))
    frames(app, 1)
    assert board.presenter.animation is None


def test_the_score_counts_since_the_window_opened_across_boards(app):
    from nimgame.match import Seat
    from nimgame.session import MatchSetup

    def play_one(first_takes_last):
        seats = (Seat("Ann"), Seat("NimX", PerfectPlayer(Nim((1, 1))), label="Perfect"))
        board = app.open("board", MatchSetup(Nim((1, 1)), seats))
        board.presenter.apply((0, 1))
        board.presenter.apply((1, 1))   # the second mover takes the last stone: misère, NimX loses
        app.pop()
        return board

    play_one(True)
    board = play_one(True)   # a new board, the same two players: the score goes on
    tally = app.tally_for("nim", board.presenter.seats)
    assert tally.wins == {"Ann": 2}
    other = (Seat("Ann"), Seat("NimX", PerfectPlayer(Nim((1, 1))), label="Random"))
    assert app.tally_for("nim", other).wins == {}   # another kind of opponent: its own
    board = app.open("board", MatchSetup(Nim((1, 1)), board.presenter.seats))
    board.presenter.apply((0, 1))
    board.presenter.apply((1, 1))
    assert tally.wins == {"Ann": 3}
    board.presenter.undo()   # a finished game taken back leaves the score again
    assert tally.wins == {"Ann": 2}
    # Another game against the same kind of opponent keeps a score of its own (Nim
    # cannot be drawn: a Tic-Tac-Toe draw must not show in Nim's banner).
    assert app.tally_for("tictactoe", board.presenter.seats).wins == {}
