"""The board's edges (issue 23): a typed move that cannot be played is refused with its
reason, a scored KUET round cannot be taken back, and the thoughts panel explains the
AI's last move."""

import pygame
from test_ui import start_board
from uidriver import button_named, key, press, wait_until

from nimgame.ui.setup import FRIEND


def test_enter_after_an_impossible_count_refuses_with_the_reason_and_plays_nothing(app):
    board = start_board(app, "nim", opponent=FRIEND)
    shown = board.presenter
    key(app, pygame.K_2, "2")     # pile 2 holds 3
    key(app, pygame.K_3, "3")     # take 3: a move
    key(app, pygame.K_5, "5")     # 35: more than pile 2 holds
    assert shown.status_error and "pile 2 has only 3" in shown.status
    key(app, pygame.K_RETURN)
    assert shown.state.piles == (1, 3, 5, 7) and len(shown.history) == 1
    assert shown.status_error and "pile 2 has only 3" in shown.status
    key(app, pygame.K_BACKSPACE)  # back to "take 3": now Enter plays it
    assert not shown.status_error and shown.status == "Take 3 from pile 2: Enter to confirm."
    key(app, pygame.K_RETURN)
    assert shown.state.piles == (1, 0, 5, 7)


def test_an_impossible_first_digit_is_refused_at_enter_too(app):
    board = start_board(app, "nim", opponent=FRIEND)
    shown = board.presenter
    key(app, pygame.K_1, "1")     # pile 1 holds 1
    key(app, pygame.K_4, "4")
    key(app, pygame.K_RETURN)
    assert shown.state.piles == (1, 3, 5, 7)
    assert shown.status_error and "pile 1 has only 1" in shown.status


def test_a_count_over_the_cap_is_refused_as_it_is_typed(app):
    board = start_board(app, "nim", opponent=FRIEND, cap="At most 3 (KUET)")
    shown = board.presenter
    key(app, pygame.K_4, "4")
    key(app, pygame.K_5, "5")     # pile 4 holds 7, but at most 3 at a time
    assert shown.status_error and "at most 3" in shown.status
    key(app, pygame.K_RETURN)
    assert shown.state.piles == (1, 3, 5, 7)
    assert shown.status_error and "at most 3" in shown.status


def test_a_scored_kuet_round_cannot_be_taken_back(app):
    from nimgame.players import PerfectPlayer

    board = start_board(app, "nim", rounds="KUET Easy: 3 games vs IDA*")
    shown = board.presenter
    while not shown.over:
        wait_until(app, lambda: shown.humans_turn or shown.over)
        if not shown.over:
            shown.human_move(PerfectPlayer(shown.game).choose_move(shown.state))
    scored = {name: list(wins) for name, wins in shown.setup.round_results.items()}
    assert sum(len(wins) for wins in scored.values()) == 1
    assert not button_named(board, "Take back").is_enabled
    key(app, pygame.K_u, "u")
    assert shown.over and shown.setup.round_results == scored
    assert shown.status_error and "scored" in shown.status


def test_the_thoughts_explain_the_ais_last_move_not_your_options(app):
    from uidriver import click

    from nimgame.games import Nim
    from nimgame.learning.training import train
    from nimgame.match import Seat
    from nimgame.players import QLearner
    from nimgame.session import MatchSetup

    game = Nim((1, 3, 5, 7))
    learner = QLearner(game)
    train(learner, 2_000, seed=1, curve_points=0)
    board = app.open("board", MatchSetup(game, (Seat("Ann"), Seat("NimX", learner))))
    shown = board.presenter
    key(app, pygame.K_i, "i")
    assert shown.advice.thought_lines()[0].startswith("NimX's thoughts: it has not moved yet")
    click(app, board.stone_center(3, 0))   # take all 7 of pile 4: NimX answers on 1, 3, 5
    wait_until(app, lambda: shown.humans_turn
               and "working" not in shown.advice.thought_lines()[0])
    before, after = shown.history[1:3]
    pile = next(p for p in range(4) if before.piles[p] != after.piles[p])
    took = f"took {before.piles[pile] - after.piles[pile]} from pile {pile + 1}"
    lines = shown.advice.panel_lines()
    assert lines[0] == f"NimX's Q-values, when it {took} (highest first, showing 6 of 9)."
    (marked,) = [line for line in lines if line.startswith("  » ")]
    assert marked.startswith(f"  » take {took.removeprefix('took ')}: Q ")
    assert lines[1].startswith("Q: the reward it expects")
    key(app, pygame.K_u, "u")   # both moves taken back: NimX's move is no longer there
    assert shown.advice.thought_lines()[0].startswith("NimX's thoughts: it has not moved yet")
    press(app, button_named(board, "Hide thoughts"))   # the mouse, too
    assert not shown.advice.show_thoughts
    press(app, button_named(board, "Thoughts"))
    assert shown.advice.show_thoughts


def test_a_move_typed_after_the_end_says_the_game_is_over(app):
    # The game over, a typed move said "Wait for your turn." in red: no turn is coming.
    from nimgame.players import PerfectPlayer

    for name, pressed in (("sticks", (pygame.K_3, "3")), ("nim", (pygame.K_4, "4"))):
        board = start_board(app, name)
        shown = board.presenter
        while not shown.over:
            wait_until(app, lambda s=shown: s.humans_turn or s.over)
            if not shown.over:
                shown.human_move(PerfectPlayer(shown.game).choose_move(shown.state))
        key(app, *pressed)
        assert shown.status_error and "over" in shown.status, shown.status
        assert "Wait for your turn" not in shown.status
        app.pop()
