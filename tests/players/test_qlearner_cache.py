"""The Q-learner's self-play caches each position's greedy move: it must learn exactly
what the plain loop (a max over every move at every step) learns, value for value."""

import random

import pytest

from nimgame.games import Nim, Sticks, TicTacToe
from nimgame.players import QLearner
from nimgame.players.graph import PositionGraph


def plain_negamax(learner: QLearner, games: int, rng: random.Random, explore: float) -> None:
    """The negamax self-play written plainly, without the cache."""
    graph, values = learner.graph, learner.values
    for _ in range(games):
        node = learner._start(explore, rng)
        while True:
            options = graph.expand(node)
            learner._grow()
            best = max(options, key=values.__getitem__)
            values[node] += learner.alpha * (-values[best] - values[node])
            after = options[int(rng.random() * len(options))] \
                if rng.random() < learner.epsilon else best
            if graph.terminal[after]:
                values[after] += learner.alpha * (graph.reward[after] - values[after])
                break
            node = after


def plain_handout(learner: QLearner, games: int, rng: random.Random, explore: float) -> None:
    """The handout's self-play target written plainly, without the cache."""
    graph, values, alpha = learner.graph, learner.values, learner.alpha
    for _ in range(games):
        node, mine, theirs = learner._start(explore, rng), -1, -1
        while True:
            options = graph.expand(node)
            learner._grow()
            best = max(options, key=values.__getitem__)
            if mine >= 0:
                values[mine] += alpha * (values[best] - values[mine])
            after = options[int(rng.random() * len(options))] \
                if rng.random() < learner.epsilon else best
            if graph.terminal[after]:
                values[after] += alpha * (graph.reward[after] - values[after])
                if theirs >= 0:
                    values[theirs] += alpha * (-graph.reward[after] - values[theirs])
                break
            node, mine, theirs = after, theirs, after


@pytest.mark.parametrize("game", [Nim(), Nim((2, 2, 3)), Sticks(21), TicTacToe()],
                         ids=repr)
@pytest.mark.parametrize("alpha, epsilon, explore",
                         [(0.5, 0.1, 0.0), (0.5, 0.1, 0.25), (0.3, 0.4, 0.5), (1.0, 0.0, 0.25)])
def test_the_cached_self_play_learns_what_the_plain_loop_learns(game, alpha, epsilon,
                                                                explore):
    plain = plain_handout if game.has_draws else plain_negamax
    fast, slow = QLearner(game, alpha, epsilon), QLearner(game, alpha, epsilon)
    for chunk, seed in ((50, 1), (700, 2), (2_000, 3)):   # a fresh cache per call
        fast.train_games(chunk, random.Random(seed), explore=explore)
        plain(slow, chunk, random.Random(seed), explore)
    assert fast.values == slow.values
    assert fast.graph.states == slow.graph.states


def test_predecessors_are_every_expanded_node_one_move_before():
    graph = PositionGraph(Nim((1, 2, 3)))
    graph.expand(graph.root)
    graph.track_predecessors()            # built from what is expanded so far ...
    for node in range(len(graph)):        # ... and kept up to date from then on
        graph.expand(node)
    expected = [sorted(i for i, succ in enumerate(graph.successors) if j in (succ or ()))
                for j in range(len(graph))]
    assert [sorted(p) for p in graph.track_predecessors()] == expected
    assert graph.track_predecessors() is graph.predecessors
