"""The learning-update trace is exact, and tracing changes nothing of what is learned.

Every Q record's formula is replayed, float for float, and so is each hat's count: the
table rebuilt from the trace alone is the learner's final table. Traced and untraced runs
with the same seed learn the same table, for every registered game and both learners.
"""

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nimgame.games import KITS, Nim, Sticks, TicTacToe, kit_for, make_game
from nimgame.learning.trace import (
    JsonLinesTrace,
    SteppedTraining,
    TraceRecorder,
    TraceSteps,
    update_record,
)
from nimgame.learning.training import train, training_opponent
from nimgame.players import HatLearner, QLearner, make_learner
from nimgame.players.hats import seed_scheme
from nimgame.players.updates import Future, GameStarted, HatUpdate, QUpdate

GAMES = {"nim": 400, "sticks": 300, "tictactoe": 150, "hexapawn": 300}


def node_of(learner, state):
    return learner.graph.index[learner.game.canonical(state)]


def leads_to(game, position, move, after):
    return game.canonical(game.result(position, move)) == after


def check_row(learner, table, u):
    """The update's row is the position's Q-table row: every legal move in order, each
    with the value of the entry its move leads to, before and after this update."""
    game, index = learner.game, learner.graph.index
    moves = list(game.legal_moves(u.position))
    assert [entry.move for entry in u.row] == moves
    for entry in u.row:
        node = index.get(game.canonical(game.result(u.position, entry.move)))
        before = table.get(node, 0.0)
        assert entry.changed == (node == u.node)
        assert (entry.before, entry.after) == ((u.old, u.new) if entry.changed
                                               else (before, before))
    assert any(entry.changed and entry.move == u.move for entry in u.row)


def replay_q(learner, updates):
    """The values the updates leave, each checked against the formula and the table so
    far; the rebuilt table."""
    game, graph = learner.game, learner.graph
    table: dict[int, float] = {}
    for u in updates:
        assert isinstance(u, QUpdate)
        # A value the rules set is reported with alpha 1: it is set, not learned.
        assert u.alpha == (1.0 if u.future_of is Future.RULES else learner.alpha)
        assert u.new == u.old + u.alpha * (u.reward + u.future - u.old)
        assert u.old == table.get(u.node, 0.0)
        assert graph.states[u.node] == u.after
        if u.position is None:
            assert u.move is None and u.row == ()
        else:
            assert leads_to(game, u.position, u.move, u.after)
            check_row(learner, table, u)
        if u.future_of is Future.RULES:   # met for the first time, valued by the rules
            assert u.node not in table and graph.terminal[u.node]
            assert u.reward == u.new == graph.reward[u.node] and u.future == 0.0
            assert u.future_after is None
        elif u.future_of is Future.ENDED:
            assert u.future == 0.0 and u.future_after is None
            if graph.terminal[u.node]:   # the move that ended it (else the loser's last)
                assert u.reward == graph.reward[u.node]
            assert u.reward != 0.0 or game.has_draws
        else:
            assert u.reward == 0.0 and not graph.terminal[u.node]
            seen = table.get(node_of(learner, u.future_after), 0.0)
            if u.future_of is Future.BEST_REPLY:   # minus the other player's best reply
                assert u.future == -seen
                assert u.future == -max(table.get(s, 0.0) for s in graph.expand(u.node))
                assert node_of(learner, u.future_after) in graph.expand(u.node)
            else:
                assert u.future == seen
        table[u.node] = u.new
    return table


def replay_hats(learner, updates, second=False):
    """The hats the updates leave, each change checked against the rules; the rebuilt
    hats (counts by node)."""
    game, graph = learner.game, learner.graph
    win, draw, loss = learner.scheme
    hats: dict[int, tuple[int, ...]] = {}
    for u in updates:
        assert isinstance(u, HatUpdate)
        if u.second != second:
            continue
        kinds = graph.expand(u.node)
        assert graph.states[u.node] == u.hat and len(u.moves) == len(kinds)
        assert all(leads_to(game, u.hat, m, graph.states[k]) for m, k in
                   zip(u.moves, kinds, strict=True))
        assert u.move == u.moves[u.ball]
        assert u.before == hats.get(u.node, (learner.initial_balls,) * len(kinds))
        had = u.before[u.ball]
        if u.result > 0:
            expected = had + win
        elif u.result == 0:
            expected = had + draw
        else:   # thrown away, but never the last ball of a kind
            expected = max(1, had - loss) if had > 1 else had
        assert u.after == u.before[:u.ball] + (expected,) + u.before[u.ball + 1:]
        assert u.change == expected - had
        assert u.last_ball_kept == (u.result < 0 and had == 1)
        hats[u.node] = u.after
    return hats


def assert_table_is(learner, rebuilt):
    if isinstance(learner, QLearner):
        assert learner.values == [rebuilt.get(i, 0.0) for i in range(len(learner.values))]
    else:
        for node, hat in enumerate(learner.counts):
            if hat is not None:
                assert tuple(hat) == rebuilt.get(node, (learner.initial_balls,) * len(hat))


def replay(learner, updates):
    return (replay_q if isinstance(learner, QLearner) else replay_hats)(learner, updates)


def every_update(recorder):
    return [u for g in recorder.games() for u in g.updates]


@pytest.mark.parametrize("opponent", ["self", "random", "perfect"])
@pytest.mark.parametrize("kind", ["q", "hats"])
@pytest.mark.parametrize("name", sorted(KITS))
def test_the_trace_rebuilds_the_table_and_changes_nothing(name, kind, opponent):
    game = make_game(name, {})
    games = GAMES[name] // (1 if opponent == "self" else 3)
    untraced, traced = make_learner(kind, game), make_learner(kind, game)
    train(untraced, games, seed=7, opponent=training_opponent(opponent, game, 7),
          curve_points=0)
    recorder = TraceRecorder()
    train(traced, games, seed=7, opponent=training_opponent(opponent, game, 7),
          curve_points=0, sink=recorder)
    assert traced.export_table() == untraced.export_table()
    assert [g.number for g in recorder.games()] == list(range(1, games + 1))
    assert all(g.start is not None for g in recorder.games())
    updates = every_update(recorder)
    assert updates and all(isinstance(u, QUpdate if kind == "q" else HatUpdate)
                           for u in updates)
    assert_table_is(traced, replay(traced, updates))
    if opponent == "self":   # every game learns something
        assert all(g.updates for g in recorder.games())


def test_q_learning_reports_each_kind_of_future():
    # Self-play backs up by the best reply in every game, draws or not; the handout's
    # target (the mover's own next move) is for training against an opponent.
    every = {Future.BEST_REPLY, Future.ENDED, Future.RULES}
    for game, opponent, futures in (
            (Nim((1, 2, 3)), "self", every), (TicTacToe(), "self", every),
            (TicTacToe(), "random", {Future.NEXT_TURN, Future.ENDED, Future.RULES})):
        recorder = TraceRecorder()
        train(QLearner(game), 50, seed=1, curve_points=0, sink=recorder,
              opponent=training_opponent(opponent, game, 1))
        assert {u.future_of for u in every_update(recorder)} == futures


def test_a_lost_games_last_balls_are_kept_and_said_so():
    recorder = TraceRecorder()
    # the seed's balls (+1/-1); training's default on Sticks puts back +4/-10
    train(HatLearner(Sticks(10), seed_scheme(Sticks(10))), 30, seed=2, curve_points=0,
          sink=recorder)
    updates = every_update(recorder)
    assert any(u.last_ball_kept and u.change == 0 for u in updates)
    assert any(u.change == -1 for u in updates) and any(u.change == 1 for u in updates)


def test_only_the_traced_games_are_told_and_the_table_is_the_same():
    game = Nim((2, 3, 4))
    untraced, traced = QLearner(game), QLearner(game)
    train(untraced, 2_000, seed=5, curve_points=5)
    recorder = TraceRecorder()
    train(traced, 2_000, seed=5, curve_points=5, sink=recorder, traced=range(399, 1_202))
    assert traced.values == untraced.values
    assert [g.number for g in recorder.games()] == list(range(399, 1_202))


def test_the_game_numbers_go_on_from_what_it_trained_before():
    learner = HatLearner(Sticks(12))
    train(learner, 10, seed=1, curve_points=0)
    recorder = TraceRecorder()
    train(learner, 5, seed=2, curve_points=0, sink=recorder, traced=range(2, 4))
    assert [g.number for g in recorder.games()] == [12, 13]


def test_traced_games_must_be_a_range_from_one():
    for bad in (range(0, 3), range(1, 9, 2)):
        with pytest.raises(ValueError, match="range of game numbers"):
            train(QLearner(Nim((1, 2))), 5, sink=TraceRecorder(), traced=bad)


def test_a_pair_of_hat_learners_tells_both_apart():
    game = Sticks(15)
    first, second = HatLearner(game), HatLearner(game)
    plain_first, plain_second = HatLearner(game), HatLearner(game)
    recorder = TraceRecorder()
    first.train_pair(second, 200, random.Random(3), explore=0.25, sink=recorder)
    plain_first.train_pair(plain_second, 200, random.Random(3), explore=0.25)
    assert first.export_table() == plain_first.export_table()
    assert second.export_table() == plain_second.export_table()
    updates = every_update(recorder)
    assert {u.second for u in updates} == {False, True}
    assert_table_is(first, replay_hats(first, updates))
    assert_table_is(second, replay_hats(second, updates, second=True))


def test_a_game_against_a_person_is_told_as_it_is_settled():
    game = Sticks(12)
    learner, plain = HatLearner(game), HatLearner(game)
    recorder = TraceRecorder()
    for hats, sink in ((learner, recorder), (plain, None)):
        beside: list = []
        state, rng = game.initial_state(), random.Random(4)
        while not game.is_over(state):
            state = game.result(state, hats.draw_move(state, rng, beside))
        hats.settle_game(beside, -1, sink)
    assert learner.export_table() == plain.export_table()
    told = recorder.games()
    assert len(told) == 1 and told[0].number == 0 and len(told[0].updates) == len(beside)
    assert_table_is(learner, replay_hats(learner, told[0].updates))


@settings(max_examples=30)
@given(st.data())
def test_any_run_traced_anywhere_learns_the_same(data):
    name = data.draw(st.sampled_from(["nim", "sticks", "tictactoe", "hexapawn"]))
    if name == "nim":
        game = Nim(tuple(data.draw(st.lists(st.integers(0, 4), min_size=1, max_size=3))),
                   misere=data.draw(st.booleans()))
    elif name == "sticks":
        game = Sticks(data.draw(st.integers(1, 25)), data.draw(st.integers(1, 4)))
    else:
        game = make_game(name, {})
    kind = data.draw(st.sampled_from(["q", "hats"]))
    settings_ = {}
    if kind == "q":
        settings_ = {"alpha": data.draw(st.floats(0.01, 1.0)),
                     "epsilon": data.draw(st.floats(0.0, 1.0))}
    games = data.draw(st.integers(1, 60))
    first = data.draw(st.integers(1, games))
    last = data.draw(st.integers(first, games + 5))
    seed = data.draw(st.integers(0, 2**32))
    explore = data.draw(st.sampled_from([0.0, 0.25, 1.0]))
    opponent = data.draw(st.sampled_from(["self", "random"]))
    untraced, traced = make_learner(kind, game, **settings_), make_learner(kind, game, **settings_)
    train(untraced, games, seed=seed, curve_points=0, explore=explore,
          opponent=training_opponent(opponent, game, seed))
    recorder = TraceRecorder()
    train(traced, games, seed=seed, curve_points=0, explore=explore,
          opponent=training_opponent(opponent, game, seed), sink=recorder,
          traced=range(first, last + 1))
    assert traced.export_table() == untraced.export_table()
    if game.is_over(game.initial_state()):
        assert len(recorder) == 0
        return
    assert [g.number for g in recorder.games()] == list(range(first, min(last, games) + 1))
    if first == 1 and last >= games:   # the whole run: its trace is the whole table
        assert_table_is(traced, replay(traced, every_update(recorder)))


@pytest.mark.parametrize("kind", ["q", "hats"])
def test_stepping_game_by_game_learns_what_the_run_learns(kind):
    game = Nim((1, 3, 5))
    run = make_learner(kind, game)
    train(run, 500, seed=11, curve_points=3)
    stepped = make_learner(kind, game)
    steps = SteppedTraining(stepped, seed=11)
    for games, traced in ((1, True), (1, True), (37, False), (1, True), (400, False),
                          (60, True)):
        steps.play(games, traced)
    assert steps.games == 500 and stepped.export_table() == run.export_table()
    numbers = [g.number for g in steps.recorder.games()]
    assert numbers == [1, 2, 40] + list(range(441, 501))


def test_stepped_training_checks_its_arguments():
    with pytest.raises(TypeError, match="only a learner"):
        SteppedTraining(object())   # type: ignore[arg-type]
    with pytest.raises(ValueError, match="explore"):
        SteppedTraining(QLearner(Nim()), explore=2)
    with pytest.raises(ValueError, match="games must be"):
        SteppedTraining(QLearner(Nim())).play(-1)


def recorded(shape):
    """A recorder with games of `shape[i]` updates each (made-up records)."""
    recorder = TraceRecorder()
    for number, count in enumerate(shape, start=1):
        recorder.on_game(GameStarted(number, None))
        for i in range(count):
            recorder.on_update(QUpdate(None, None, (number, i), 0, 0.0, 0.0, 0.0,
                                       Future.ENDED, None, 0.5, 0.0))
    return recorder


def test_steps_go_update_by_update_and_game_by_game():
    steps = TraceSteps(recorded([2, 0, 3]))
    seen = [steps.update.after]
    while steps.next_update():
        seen.append(None if steps.update is None else steps.update.after)
    assert seen == [(1, 0), (1, 1), None, (3, 0), (3, 1), (3, 2)]
    assert steps.where() == "game 3 of 3, update 3 of 3"
    assert not steps.next_update() and steps.place.update == 2
    back = []
    while steps.previous_update():
        back.append(steps.place)
    assert [(p.game, p.update) for p in back] == [(2, 1), (2, 0), (1, 0), (0, 1), (0, 0)]
    assert not steps.previous_update()
    assert steps.next_game() and steps.where() == "game 2 of 3, no learning update"
    assert steps.next_game() and not steps.next_game()
    assert steps.next_update() and steps.previous_game() and steps.place.update == 0
    assert steps.previous_game() and steps.place.game == 1
    assert steps.last() and (steps.place.game, steps.place.update) == (2, 2)
    assert steps.first() and (steps.place.game, steps.place.update) == (0, 0)
    assert steps.go(0, -1) and steps.update.after == (1, 1)
    assert not steps.go(5) and not steps.go(0, 2) and steps.update.after == (1, 1)


def test_steps_over_nothing_stay_put():
    steps = TraceSteps(TraceRecorder())
    assert steps.update is None and steps.game is None
    assert steps.where() == "nothing recorded yet"
    assert not any((steps.next_update(), steps.previous_update(), steps.next_game(),
                    steps.previous_game(), steps.first(), steps.last(), steps.go(0)))


def test_a_recorder_keeps_the_latest_games():
    recorder = TraceRecorder(max_games=2)
    train(QLearner(Nim((1, 2))), 5, seed=1, curve_points=0, sink=recorder)
    assert [g.number for g in recorder.games()] == [4, 5]
    with pytest.raises(ValueError, match="max_games"):
        TraceRecorder(max_games=0)


def test_records_as_json_name_positions_and_moves_as_the_kit_writes_them():
    recorder = TraceRecorder()
    train(QLearner(Nim((1, 2))), 3, seed=1, curve_points=0, sink=recorder)
    first = recorder.update(0, 1)
    record = update_record(first, Nim((1, 2)), 1)
    assert record["learner"] == "q" and record["game"] == 1
    assert record["position"] == "0, 1" or record["position"].count(",") == 1
    assert record["move"] == kit_for(Nim((1, 2))).move_text(Nim((1, 2)), first.position,
                                                            first.move)   # PILE:COUNT
    assert re.fullmatch(r"[12]:[12]", record["move"])
    assert set(record) == {"game", "learner", "position", "move", "after", "old", "reward",
                           "future", "future_of", "alpha", "new"}
    hats = TraceRecorder()
    train(HatLearner(Sticks(5)), 1, seed=1, curve_points=0, sink=hats)
    record = update_record(hats.update(0, 0), Sticks(5), 1)
    assert set(record) == {"game", "learner", "hat", "ball", "change", "balls", "result"}
    assert record["hat"].endswith("sticks") and record["ball"] in record["balls"]


def test_json_lines_number_the_games_of_the_run():
    lines: list[str] = []

    class Out:
        def write(self, text: str) -> int:
            lines.append(text)
            return len(text)

    learner = QLearner(Nim((1, 2)))
    train(learner, 4, seed=1, curve_points=0)
    sink = JsonLinesTrace(Out(), learner.game, learner.games_trained)
    train(learner, 3, seed=2, curve_points=0, sink=sink, traced=range(2, 3))
    assert lines and all(line.endswith("\n") and '"game": 2' in line for line in lines)
    assert sink.lines == len(lines)
