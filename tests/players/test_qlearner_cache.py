"""The Q-learner's self-play caches each position's greedy move: it must learn exactly
what the plain loop (a max over every move at every step) learns, value for value."""

import random

import pytest

from nimgame.games import Nim, Sticks, TicTacToe
from nimgame.players import QLearner
from nimgame.players.graph import PositionGraph


def plain_self_play(learner: QLearner, games: int, rng: random.Random, explore: float) -> None:
    """The self-play written plainly, without the cache: a greedy game (the highest value,
    of equals the first not settled, else the first), then the negamax backup from its
    end, going on (alpha 1) to every position before one whose value or settledness changed."""
    graph, values, settled = learner.graph, learner.values, learner.settled
    predecessors = graph.track_predecessors()

    def pick(node: int) -> int:
        options = graph.expand(node)
        learner._grow()
        top = max(values[n] for n in options)
        equal = [n for n in options if values[n] == top]
        return ([n for n in equal if not settled[n]] or equal)[0]

    for _ in range(games):
        node = learner._start(explore, rng)
        learner._grow()
        path = []
        while True:
            path.append(node)
            choice, options = pick(node), graph.expand(node)
            after = options[int(rng.random() * len(options))] \
                if learner.epsilon and rng.random() < learner.epsilon else choice
            if graph.terminal[after]:
                break
            node = after
        values[after] += learner.alpha * (graph.reward[after] - values[after])
        work, pending, i = path[::-1], set(path), 0
        while i < len(work):
            node = work[i]
            i += 1
            pending.discard(node)
            if settled[node]:
                continue
            choice = pick(node)
            future = -values[choice]
            new = values[node] + learner.alpha * (future - values[node])
            done = new == future and ((future == -1.0 and settled[choice] == 1) or all(
                settled[n] for n in graph.expand(node)))
            if new != values[node] or done != settled[node]:
                values[node], settled[node] = new, done
                for before in predecessors[node]:
                    if learner.alpha == 1.0 and before not in pending:
                        pending.add(before)
                        work.append(before)


@pytest.mark.parametrize("game", [Nim(), Nim((2, 2, 3)), Sticks(21), TicTacToe()],
                         ids=repr)
@pytest.mark.parametrize("alpha, epsilon, explore",
                         [(0.5, 0.1, 0.0), (0.5, 0.1, 0.25), (0.3, 0.4, 0.5), (1.0, 0.0, 0.25)])
def test_the_cached_self_play_learns_what_the_plain_loop_learns(game, alpha, epsilon,
                                                                explore):
    plain = plain_self_play
    fast, slow = QLearner(game, alpha, epsilon), QLearner(game, alpha, epsilon)
    for chunk, seed in ((50, 1), (700, 2), (2_000, 3)):   # a fresh cache per call
        fast.train_games(chunk, random.Random(seed), explore=explore)
        plain(slow, chunk, random.Random(seed), explore)
    assert fast.values == slow.values and fast.settled == slow.settled
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
