"""One MCTS decision taken apart (`players.mcts_trace`): recording changes nothing, and
every number the step model gives is the one the real search saw."""

import math
import sys
from array import array

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nimgame.games import Nim, NimState, Sticks, SticksState, TicTacToe
from nimgame.games.hexapawn import Hexapawn
from nimgame.learning.insight import verdict_of
from nimgame.players import MCTSPlayer, judge_for
from nimgame.players.mcts_trace import (
    DecisionSteps,
    exact_verdicts,
    settling,
    verdict_sentence,
)

GAMES = {"nim": Nim(), "sticks": Sticks(20), "tictactoe": TicTacToe(), "hexapawn": Hexapawn()}


def positions(game, plies=3, seed=0):
    """The start and a few positions a little way into a game, none finished."""
    import random

    rng, found = random.Random(seed), [game.initial_state()]
    state = game.initial_state()
    for _ in range(plies):
        state = game.result(state, game.random_move(state, rng))
        if game.is_over(state):
            break
        found.append(state)
    return found


class Spy(MCTSPlayer):
    """A search that notes what it saw: each pick's visits, sum and UCB1 score, and each
    playout's start and end — read from the real tree, not from the record."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.picks, self.playouts = [], []

    def _pick(self, node):
        child = super()._pick(node)
        score = child.value / child.visits + self.exploration * math.sqrt(
            math.log(node.visits) / child.visits)
        self.picks.append((child.state, child.visits, child.value / child.visits, score))
        return child

    def _play_out(self, state, played=None):
        end = super()._play_out(state, played)
        self.playouts.append((state, end))
        return end


@pytest.mark.parametrize("name", GAMES)
def test_recording_takes_the_same_decision_with_the_same_seed(name):
    game = GAMES[name]
    for state in positions(game):
        for seed in (1, 2):
            plain, recording = MCTSPlayer(game, 300, seed=seed), \
                MCTSPlayer(game, 300, seed=seed, record=True)
            assert plain.choose_move(state) == recording.choose_move(state)
            assert plain.last == recording.last
            assert plain.rng.getstate() == recording.rng.getstate()
            assert plain.last_decision is None and recording.last_decision is not None
            assert recording.last_decision.chosen == recording.best(recording.last[1])


@pytest.mark.parametrize("name", GAMES)
def test_each_iteration_shows_what_the_search_saw(name):
    """The path's numbers are the ones UCB1 compared when it chose; the playout starts
    where the search started it and ends where it ended; the backup adds one visit to each
    node and the result for its mover."""
    game = GAMES[name]
    state = positions(game)[1]
    spy = Spy(game, 400, seed=5, record=True)
    spy.choose_move(state)
    steps = DecisionSteps(spy.last_decision)
    picks, playouts = [], []
    for i in range(steps.count):
        assert steps.go(i) == i
        it = steps.iteration()
        assert it.number == i
        picks += [(edge.state, edge.visits, edge.mean, edge.uct) for edge in it.path]
        playouts.append((it.start, it.end))
        assert game.is_over(it.end) and it.winner == game.winner(it.end)
        replayed = it.start
        for move in it.playout:
            replayed = game.result(replayed, move)
        assert replayed == it.end
        assert len(it.backup) == len(it.path) + 1 + (it.expansion is not None)
        for credit in it.backup[1:]:
            assert credit.result == it.result_for(credit.mover)
        if it.expansion is not None:
            assert it.backup[-1].visits == 1 and it.expansion.state == it.start
    assert picks == spy.picks
    assert playouts == spy.playouts


@pytest.mark.parametrize("name", GAMES)
def test_the_roots_children_after_each_iteration_are_a_shorter_search_with_the_same_seed(
        name):
    """The first k iterations of a search are a search of k simulations (same seed, same
    random numbers): after iteration k - 1 the root's children are exactly its."""
    game = GAMES[name]
    state = positions(game)[1]
    player = MCTSPlayer(game, 240, seed=9, record=True)
    player.choose_move(state)
    steps = DecisionSteps(player.last_decision)
    for k in (1, 2, 3, 10, 57, 100, 239, 240):
        steps.go(k - 1)
        shorter = MCTSPlayer(game, k, seed=9).search(state)
        shown = {c.move: (c.visits, c.mean) for c in steps.root_children() if c.visits}
        assert shown == {move: (s.visits, s.score) for move, s in shorter.items()}, k
        assert steps.most_visited() == MCTSPlayer.best(shorter)


@pytest.mark.parametrize("name", GAMES)
def test_the_replay_at_the_end_is_the_real_tree(name):
    game = GAMES[name]
    player = MCTSPlayer(game, 2_000, seed=4, record=True)
    move = player.choose_move(game.initial_state())
    record = player.last_decision
    steps = DecisionSteps(record)
    assert steps.end() == 1_999
    tried = [c for c in steps.root_children() if c.visits]
    assert [(c.move, c.visits, c.mean) for c in tried] == [
        (m, visits, value / visits) for m, visits, value in record.final]
    assert sum(c.visits for c in tried) == 2_000 == steps.visits[0]
    assert steps.most_visited() == move == record.chosen
    assert {c.move for c in steps.root_children()} == set(game.legal_moves(record.state))


def test_jumps_are_kept_within_the_decision_and_any_way_there_is_the_same():
    game = TicTacToe()
    player = MCTSPlayer(game, 1_500, seed=2, record=True)
    player.choose_move(game.initial_state())
    steps = DecisionSteps(player.last_decision)
    assert steps.index == 0 and steps.step(-1) == 0 and steps.step(-1000) == 0
    assert steps.step(1) == 1 and steps.step(10) == 11 and steps.step(100) == 111
    assert steps.step(1000) == 1111 and steps.step(1000) == 1499 and steps.end() == 1499
    assert steps.step(-100) == 1399 and steps.step(-10) == 1389 and steps.home() == 0
    direct = DecisionSteps(player.last_decision)
    direct.go(737)
    wandering = DecisionSteps(player.last_decision)
    for delta in (1000, 100, -1, -1000, 1000, -10, -100, -100, -100, -1, 1, -10, -10, -10,
                  -10, -10, -1, -1):
        wandering.step(delta)
    assert wandering.index == 737
    assert wandering.root_children() == direct.root_children()
    assert wandering.iteration() == direct.iteration()
    assert wandering.visits == direct.visits and wandering.sums == direct.sums


def test_a_win_at_once_is_a_decision_with_no_iterations():
    game = Nim((1, 4), misere=False)
    player = MCTSPlayer(game, 50, seed=1, record=True)
    assert player.choose_move(NimState((0, 4), 0)) == (1, 4)
    record = player.last_decision
    assert record.won_at_once and record.iterations == 0 and settling(record) == 0
    steps = DecisionSteps(record)
    assert steps.count == 0 and steps.step(10) == -1 and steps.root_children() == ()
    with pytest.raises(ValueError, match="won at once"):
        steps.iteration()
    assert verdict_sentence(record, exact_verdicts(record, judge_for(game))) == \
        "MCTS plays take 4 from pile 2 at once: it wins on the spot, no search needed."


def test_the_search_settles_where_its_most_visited_move_stops_changing():
    game = Sticks(20)
    player = MCTSPlayer(game, 2_000, seed=3, record=True)
    player.choose_move(game.initial_state())
    record = player.last_decision
    settled = settling(record)
    steps = DecisionSteps(record)
    for i in range(settled - 1, record.iterations):
        steps.go(i)
        assert steps.most_visited() == record.chosen
    steps.go(settled - 2)
    assert steps.most_visited() != record.chosen


@pytest.mark.parametrize("name", GAMES)
def test_the_exact_verdicts_are_the_judges(name):
    game = GAMES[name]
    judge = judge_for(game)
    for state in positions(game):
        player = MCTSPlayer(game, 50, seed=1, record=True)
        player.choose_move(state)
        record = player.last_decision
        assert exact_verdicts(record, judge) == {
            move: verdict_of(game, record.state, move, judge)
            for move in game.legal_moves(record.state)}


def test_misere_nim_settling_on_a_losing_move_is_said_with_the_exact_value():
    """Random playouts mislead in misère Nim: on piles 1, 4, 4 a thousand simulations
    settle on taking 2 from a pile of 4, which loses; taking the single object wins."""
    game = Nim((1, 3, 5, 7))
    player = MCTSPlayer(game, 1_000, seed=1, record=True)
    state = NimState((0, 1, 4, 4), 0)
    assert player.choose_move(state) == (3, 2)
    record = player.last_decision
    sentence = verdict_sentence(record, exact_verdicts(record, judge_for(game)))
    assert sentence == (f"MCTS settles on take 2 from pile 4 after {settling(record):,} of "
                        "1,000 iterations; the exact value says take 2 from pile 4 loses, "
                        "take 1 from pile 2 wins.")


def test_a_best_move_is_said_to_agree_and_a_lost_position_says_every_move_loses():
    game = TicTacToe()
    player = MCTSPlayer(game, 2_000, seed=4, record=True)
    player.choose_move(game.initial_state())
    record = player.last_decision
    sentence = verdict_sentence(record, exact_verdicts(record, judge_for(game)))
    assert sentence.endswith("; the exact value: every move here draws.")
    nim = Nim((1, 3, 5, 7))
    lost = MCTSPlayer(nim, 200, seed=1, record=True)
    lost.choose_move(nim.initial_state())
    assert verdict_sentence(lost.last_decision, exact_verdicts(
        lost.last_decision, judge_for(nim))).endswith("the exact value: every move here loses.")
    sticks = Sticks(10)
    right = MCTSPlayer(sticks, 1_000, seed=1, record=True)
    assert right.choose_move(SticksState(10, 0)) == 1
    assert verdict_sentence(right.last_decision, exact_verdicts(
        right.last_decision, judge_for(sticks))).endswith(
        "; the exact value agrees: take 1 stick wins.")


def deep_size(thing, seen=None) -> int:
    """Bytes held by `thing` and everything it holds (not the game, which it shares)."""
    seen = set() if seen is None else seen
    if id(thing) in seen:
        return 0
    seen.add(id(thing))
    size = sys.getsizeof(thing)
    if isinstance(thing, (tuple, list)):
        size += sum(deep_size(item, seen) for item in thing)
    elif hasattr(thing, "__dataclass_fields__") and not isinstance(
            thing, (TicTacToe, Nim, Sticks, Hexapawn)):
        size += sum(deep_size(getattr(thing, f), seen) for f in thing.__dataclass_fields__)
    elif isinstance(thing, (bytes, array, str, int, float, bool, type(None))):
        pass
    else:
        size += sum(deep_size(v, seen) for v in vars(thing).values())
    return size


def test_a_decision_of_5000_iterations_is_kept_in_well_under_50_megabytes():
    """Compact: a node and an iteration are a few numbers, not objects of their own."""
    game = TicTacToe()
    player = MCTSPlayer(game, 5_000, seed=1, record=True)
    player.choose_move(game.initial_state())
    size = deep_size(player.last_decision)
    assert size < 2_000_000, size   # about 200 bytes an iteration, everything counted


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(sorted(GAMES)), st.integers(0, 2**32), st.integers(1, 60),
       st.integers(0, 4))
def test_any_short_search_is_recorded_exactly(name, seed, simulations, plies):
    game = GAMES[name]
    state = positions(game, plies, seed)[-1]
    plain = MCTSPlayer(game, simulations, seed=seed)
    recording = MCTSPlayer(game, simulations, seed=seed, record=True)
    assert plain.choose_move(state) == recording.choose_move(state)
    record = recording.last_decision
    if record.won_at_once:
        return
    steps = DecisionSteps(record)
    steps.end()
    assert {c.move: (c.visits, c.mean) for c in steps.root_children() if c.visits} == {
        move: (s.visits, s.score) for move, s in plain.last[1].items()}
