"""Stepping through learning without a window: a paused run stepped through, back and
forth, then run on learns exactly what the same run learns unpaused; each update is told
in words with the handout's formula filled in; a game against the kept hats is recorded."""

import random

import pytest

from nimgame.games import Sticks, kit_for, make_game
from nimgame.learning.training import train, training_opponent
from nimgame.learning.worker import TrainingSpec
from nimgame.players import HatLearner, make_learner
from nimgame.players.updates import Future, HatUpdate, QUpdate
from nimgame.session.kept_hats import HatDrawer, last_lesson
from nimgame.session.learning_steps import PausedRun, explain, number

RULES = {"nim": {"piles": [1, 3, 5]}, "sticks": {"sticks": 12}, "tictactoe": {},
         "hexapawn": {}}


@pytest.mark.parametrize("name", sorted(RULES))
@pytest.mark.parametrize("kind", ["q", "hats"])
@pytest.mark.parametrize("opponent", ["self", "random"])
def test_a_run_stepped_through_learns_what_it_learns_unpaused(name, kind, opponent):
    spec = TrainingSpec(name, RULES[name], kind, games=120, opponent=opponent, seed=7)
    unpaused = make_learner(kind, spec.make_game())
    train(unpaused, 120, seed=7, curve_points=0,
          opponent=training_opponent(opponent, unpaused.game, 7))
    run = PausedRun(spec)
    run.catch_up(30)                      # the worker was paused after 30 games
    for _ in range(40):                   # → through a few games' updates ...
        run.forward()
    for _ in range(25):                   # ... ← back over them ...
        run.back()
    run.next_game(), run.previous_game(), run.first(), run.last()   # ... and around
    run.next_game()
    assert 30 < run.played < 120 and run.steps.game.number == run.played
    while run.left:
        run.run_on(17)
    assert run.played == 120 and run.last() and not run.forward() and not run.next_game()
    assert run.learner.export_table() == unpaused.export_table()


def test_a_paused_run_needs_its_seed():
    with pytest.raises(ValueError, match="seed"):
        PausedRun(TrainingSpec("nim", RULES["nim"], "q", games=10))


def test_where_a_paused_run_stands_is_said():
    run = PausedRun(TrainingSpec("sticks", {"sticks": 10}, "q", games=5, seed=1))
    assert run.where() == "0 of 5 games played; none stepped yet"
    assert run.forward() and run.where().startswith("training game 1 of 5, update 1 of ")
    run.last()
    assert run.next_game() and run.steps.game.number == 2


def test_a_q_update_is_the_formula_with_its_numbers():
    run = PausedRun(TrainingSpec("nim", RULES["nim"], "q", {"alpha": 0.5}, games=50, seed=3))
    run.catch_up(20)
    seen = set()
    while run.forward() and len(seen) < 3:
        u = run.steps.update
        assert isinstance(u, QUpdate)
        said = explain(u, run.game)
        seen.add(u.future_of)
        assert said.formula == "new = old + α × (reward + future − old)"
        new, rest = said.filled.split(" = ")
        assert new == number(u.new) and rest.startswith(
            f"{number(u.old) if u.old >= 0 else '(' + number(u.old) + ')'} + 0.5 × (")
        changed = [bar for bar in said.bars if bar.changed]
        assert changed and all((b.before, b.after) == (u.old, u.new) for b in changed)
        if u.position is not None:   # the position's whole row of the table, in move order
            assert [bar.move for bar in said.bars] == list(run.game.legal_moves(u.position))
            assert u.move in said.changed_moves()
            assert [bar.label for bar in said.bars] == [
                kit_for(run.game).move_text(run.game, u.position, bar.move)
                for bar in said.bars]
        assert said.signed and any(line.startswith("Future: ") for line in said.lines)
        if u.future_of is Future.BEST_REPLY:
            assert "minus the other player's best reply, which leaves" in " ".join(said.lines)
    assert Future.BEST_REPLY in seen


def test_the_starts_entry_says_whose_value_it_is():
    run = PausedRun(TrainingSpec("nim", RULES["nim"], "q", {}, games=30, seed=3))
    run.play_next()
    starts = []
    while len(starts) < 1 and run.forward():
        if run.steps.update.position is None:
            starts.append(explain(run.steps.update, run.game).lines[0])
    run.first()
    if run.steps.update.position is None:
        starts.append(explain(run.steps.update, run.game).lines[0])
    assert starts and all("its value to the player who does not move first from here"
                          in line for line in starts)


def test_numbers_are_written_with_a_real_minus_sign():
    assert number(-0.5) == "−0.50" and number(1.0) == "1" and number(0.123) == "0.12"
    assert number(0.0039) == "0.0039" and number(-1e-5) == "−1e−05"
    assert number(123456789) == "123456789" and number(10**12) == "1000000000000"   # balls


def test_a_hat_update_says_the_ball_and_the_counts_hat_by_hat():
    game = Sticks(10)
    moves = (1, 2, 3)
    kept = HatUpdate(hat=game.initial_state(), node=0, ball=1, move=2, moves=moves,
                     result=-1, change=0, before=(3, 1, 2), after=(3, 1, 2))
    said = explain(kept, game)
    assert "last ball of its kind, so it is kept" in " ".join(said.lines)
    assert [(b.before, b.after, b.changed) for b in said.bars] == [
        (3, 3, False), (1, 1, True), (2, 2, False)]
    won = HatUpdate(hat=game.initial_state(), node=0, ball=0, move=1, moves=moves,
                    result=1, change=3, before=(3, 1, 2), after=(6, 1, 2))
    lines = explain(won, game).lines
    assert "Won: given back with 3 more" in lines
    assert any("3 before, 6 after" in line for line in lines)


def test_a_heat_map_reads_q_values_as_they_are_and_balls_as_chances():
    game = Sticks(10)
    won = HatUpdate(hat=game.initial_state(), node=0, ball=0, move=1, moves=(1, 2, 3),
                    result=1, change=3, before=(3, 1, 2), after=(6, 1, 2))
    said = explain(won, game)
    assert said.move_shares() == {1: (3 / 6, 6 / 9), 2: (1 / 6, 1 / 9), 3: (2 / 6, 2 / 9)}
    assert said.changed_moves() == {1}
    run = PausedRun(TrainingSpec("tictactoe", {}, "q", {}, games=5, seed=1))
    run.play_next()
    run.forward()
    u = run.steps.update
    shares = explain(u, run.game).move_shares()
    assert shares == {entry.move: (entry.before, entry.after) for entry in u.row}
    assert len(shares) == len(run.game.legal_moves(u.position))


def test_a_hat_updates_heading_says_what_happened_to_the_ball():
    game, moves = Sticks(10), (1, 2, 3)

    def heading(result, change, after):
        return explain(HatUpdate(hat=game.initial_state(), node=0, ball=0, move=1,
                                 moves=moves, result=result, change=change,
                                 before=(3, 1, 2), after=after), game).heading

    assert heading(-1, -1, (2, 1, 2)) == "Hats: a ball thrown away"
    assert heading(1, 3, (6, 1, 2)) == "Hats: a ball put back"
    assert heading(-1, 0, (3, 1, 2)) == "Hats: the last ball kept"


def test_the_kept_hats_record_what_a_game_against_a_person_taught_them():
    game = Sticks(12)
    drawer = HatDrawer(HatLearner(game), game, seed=5)
    state, rng = game.initial_state(), random.Random(5)
    while not game.is_over(state):   # the drawer plays both sides here
        state = game.result(state, drawer.choose_move(state))
    beside = list(drawer.beside)
    assert last_lesson([None, drawer]) is None
    assert drawer.game_over(-1)
    assert last_lesson([None, drawer]) is drawer and len(drawer.lesson) == 1
    told = drawer.lesson.game(0)
    assert told.number == 1 and len(told.updates) == len(beside)
    assert all(isinstance(u, HatUpdate) and u.result == -1 for u in told.updates)
    del rng
    drawer.new_game()
    assert drawer.lesson is None and last_lesson([drawer]) is None


def test_recording_changes_nothing_the_hats_learn():
    game = make_game("tictactoe", {})
    learners = []
    for record in (True, False):
        drawer = HatDrawer(HatLearner(game), game, seed=2)
        for result in (1, -1, 0, -1):
            state = game.initial_state()
            while not game.is_over(state):
                state = game.result(state, drawer.choose_move(state))
            drawer.game_over(result)
            if not record:
                drawer.lesson = None
        learners.append(drawer.learner.export_table())
    assert learners[0] == learners[1]
