"""Tabular Q-learning as the CS50 Nim handout sets it up, made to learn much faster.

The handout's ingredients are kept: Q(s, a) <- Q(s, a) + alpha * (target - Q(s, a)),
reward +1 for the move after which the opponent loses and -1 for the move that loses,
epsilon-greedy while training, unknown values 0. Against a fixed opponent the target is
the handout's: the reward plus the mover's best Q-value at its next turn, so the values
follow what that opponent really answers.

In self-play it learns from both players' moves instead (a negamax backup): a move's
value to its mover is minus the best value the other player can reach from where it
leads, target = -max Q(s', a'). The handout's target waits for the other player's actual
reply, which is epsilon-greedy and so sometimes a blunder; a winning move that an
exploring reply occasionally spoils can then score below a losing one. The max backup
asks the best reply every time, so the values tend to the game's exact minimax values
whatever the exploration: with it (and exploring starts) Nim 3, 5, 7, 9, 11 is played
right in every position on 10 seeds of 10 after 60,000 to 120,000 games, which the
handout's target did not reach on every seed in 200,000 (bench/).

What is new is where values live. In these games a move's value depends only on the
position it leads to, so Q(s, a) is stored once per canonical *afterstate*: every move, in
any position, that leads to the same position up to symmetry (sorted piles in Nim, the 8
board symmetries in Tic-Tac-Toe) shares one entry. One game's experience then teaches all
the positions that share its afterstates, and the table is as small as the game allows.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..games.base import AnyGame, Move, State
from ..plain import all_floats_within, is_number, refusal
from .base import MoveValues, Player
from .learner import Learner
from .updates import Future, GameStarted, QUpdate, RowValue, UpdateSink


def _check_rate(value: float, name: str, low_open: bool) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{name} must be a number, not {value!r}")
    if not ((0 < value) if low_open else (0 <= value)) or value > 1:
        bound = "0 < {0} <= 1" if low_open else "0 <= {0} <= 1"
        raise ValueError(f"{name} must satisfy {bound.format(name)}, not {value}")
    return float(value)


class _QTrace:
    """Tells a sink of one training call's games and updates (made only when one listens):
    remembers where each move of the game was made, so an update can name its move."""

    def __init__(self, learner: QLearner, sink: UpdateSink) -> None:
        self.learner, self.sink = learner, sink
        self.states = learner.graph.states
        self.came_from: dict[int, int] = {}   # this game: afterstate node -> where moved

    def game(self, number: int, start: int) -> None:
        self.came_from = {}
        self.sink.on_game(GameStarted(self.learner.games_trained + number + 1,
                                      self.states[start]))

    def moved(self, node: int, after: int) -> None:
        self.came_from[after] = node

    def update(self, after: int, old: float, reward: float, future: float, future_of: Future,
               future_node: int | None, new: float) -> None:
        states, learner = self.states, self.learner
        position = self.came_from.get(after)
        row: tuple[RowValue, ...] = ()
        if position is not None:   # the row, alike whether the store is made yet or not
            q = learner.q_value
            row = tuple(RowValue(move, old, new, True) if node == after
                        else RowValue(move, q(node), q(node), False)
                        for move, node in learner.graph.afterstates(states[position]))
        self.sink.on_update(QUpdate(
            position=None if position is None else states[position],
            move=None if position is None else learner._move_between(position, after),
            # + 0.0: a future of -0.0 (minus a value of 0) is 0, as the arithmetic has it
            after=states[after], node=after, old=old, reward=reward, future=future + 0.0,
            future_of=future_of,
            future_after=None if future_node is None else states[future_node],
            alpha=learner.alpha, new=new, row=row))


class QLearner(Learner):
    label = "Q-learning"
    weighs_moves = True
    #: One value per position, a finite number from -1 to 1 (the update never leaves it).
    table_fields = ("values",)

    def __init__(self, game: AnyGame, alpha: float = 0.5, epsilon: float = 0.1) -> None:
        super().__init__(game)
        self.alpha = _check_rate(alpha, "alpha", low_open=True)
        self.epsilon = _check_rate(epsilon, "epsilon", low_open=False)
        self.values: list[float] = [0.0] * len(self.graph)

    def settings(self) -> dict[str, Any]:
        return {"alpha": self.alpha, "epsilon": self.epsilon}

    def _export_values(self) -> dict[str, Any]:
        return {"values": list(self.values)}

    @classmethod
    def _check_values(cls, table: dict[str, Any], size: int) -> None:
        values = table["values"]
        if not isinstance(values, list) or len(values) != size:
            raise ValueError("the table must hold one value per position")
        if all_floats_within(values, -1.0, 1.0):
            return
        for value in values:
            if not is_number(value) or not -1 <= value <= 1:
                raise ValueError(refusal("every value", value, "a finite number from -1 to 1"))

    def _import_values(self, table: dict[str, Any], size: int) -> None:
        values = [float(v) for v in table["values"]]
        if len(values) != size:
            raise ValueError("the table has a value for each position it knows")
        self.values = values
        self._grow()

    # -- what it knows ------------------------------------------------------------------
    def q_value(self, node: int | None) -> float:
        return 0.0 if node is None or node >= len(self.values) else self.values[node]

    def move_scores(self, state: State) -> dict[Move, float]:
        """Q(state, move) for every legal move (0 for what it has never seen)."""
        return {move: self.q_value(node) for move, node in self.graph.afterstates(state)}

    q_values = move_scores

    def move_values(self, state: State) -> MoveValues:
        """Its Q-values in `state`, with what a Q-value means."""
        q = self.q_values(state)
        draw = ", 0 a draw" if self.game.has_draws else ""
        return MoveValues(
            "Q-values", q, {move: f"Q {value:+.2f}" for move, value in q.items()},
            f"Q: the reward it expects from the move, −1 a loss{draw} to +1 a win (0 also: "
            "never tried).", "It plays the highest, the first of equals.")

    def choice(self, canon: State, after: Sequence[State]) -> State:
        graph, values = self.graph, self.values
        # q_value's checks are needed only for nodes the values do not reach yet.
        value = values.__getitem__ if len(values) >= len(graph) else self.q_value
        node = graph.index.get(canon)
        options = None if node is None else graph.successors[node]
        # The first of the best, as choose_move: both lists are in the order of the moves.
        if options is not None:
            return graph.states[max(options, key=value)]
        find, q = graph.index.get, self.q_value   # never expanded: some never met (0)
        return max(after, key=lambda state: q(find(state)))

    # -- training -----------------------------------------------------------------------
    def _grow(self) -> None:
        missing = len(self.graph) - len(self.values)
        if missing > 0:
            self.values.extend([0.0] * missing)

    def train_games(self, games: int, rng: random.Random,
                    opponent: Player | None = None, explore: float = 0.0,
                    sink: UpdateSink | None = None) -> None:
        if self.graph.terminal[self.graph.root]:
            self.games_trained += games  # nothing to learn on a finished board
            return
        trace = None if sink is None else _QTrace(self, sink)
        if opponent is None:
            self._self_play(games, rng, explore, trace)
        else:
            self._against(games, rng, opponent, explore, trace)
        self.games_trained += games

    def _self_play(self, games: int, rng: random.Random, explore: float = 0.0,  # noqa: C901
                   trace: _QTrace | None = None) -> None:  # a hot loop, inlined on purpose
        """Self-play: the negamax backup, or the handout's target in games with draws.

        best[n] caches node n's greedy successor (-1: to be worked out); a change to a
        node's value clears it in the node's predecessors. Once values settle (with alpha
        < 1 each update stops changing its float), a greedy move costs a lookup instead
        of a max over every move: the same choices, two to three times faster."""
        if self.game.has_draws:
            self._self_play_handout(games, rng, explore, trace)
            return
        graph, values = self.graph, self.values
        successors, terminal, reward = graph.successors, graph.terminal, graph.reward
        predecessors = graph.track_predecessors()
        value_of = values.__getitem__
        alpha, epsilon, rnd, root = self.alpha, self.epsilon, rng.random, graph.root
        draw_start = self._exploring_node
        best = [-1] * len(graph)
        for number in range(games):
            node = root
            if explore and rnd() < explore:
                node = draw_start(rng)
                if node >= len(best):
                    best.extend([-1] * (len(graph) - len(best)))
            if trace is not None:
                trace.game(number, node)
            while True:
                choice = best[node]
                if choice < 0:
                    options = successors[node]
                    if options is None:
                        options = graph.expand(node)
                        self._grow()
                        best.extend([-1] * (len(graph) - len(best)))
                    choice = best[node] = max(options, key=value_of)
                # The position the last mover left is worth to them what the best reply
                # is worth to the other player, negated (a negamax backup).
                old = values[node]
                new = old + alpha * (-values[choice] - old)
                if trace is not None:
                    trace.update(node, old, 0.0, -values[choice], Future.BEST_REPLY, choice,
                                 new)
                if new != old:
                    values[node] = new
                    for before in predecessors[node]:
                        best[before] = -1
                if rnd() < epsilon:
                    options = successors[node]
                    after = options[int(rnd() * len(options))]  # type: ignore[index, arg-type]  # expanded
                else:
                    after = choice
                if trace is not None:
                    trace.moved(node, after)
                if terminal[after]:
                    old = values[after]
                    new = old + alpha * (reward[after] - old)
                    if trace is not None:
                        trace.update(after, old, reward[after], 0.0, Future.ENDED, None, new)
                    if new != old:
                        values[after] = new
                        for before in predecessors[after]:
                            best[before] = -1
                    break
                node = after

    def _self_play_handout(self, games: int, rng: random.Random,  # noqa: C901 - a hot
                           explore: float = 0.0,                 # loop, inlined on purpose
                           trace: _QTrace | None = None) -> None:
        """Self-play with the handout's target (games with draws: see the module), with
        `_self_play`'s cache of each node's greedy move."""
        graph, values = self.graph, self.values
        successors, terminal, reward = graph.successors, graph.terminal, graph.reward
        predecessors = graph.track_predecessors()
        value_of = values.__getitem__
        alpha, epsilon, rnd, root = self.alpha, self.epsilon, rng.random, graph.root
        draw_start = self._exploring_node
        best = [-1] * len(graph)

        def learn(node: int, target: float) -> None:
            old = values[node]
            new = old + alpha * (target - old)
            if new != old:
                values[node] = new
                for before in predecessors[node]:
                    best[before] = -1

        def traced(node: int, target: float, reward: float, future: float,
                   future_of: Future, future_node: int | None) -> None:
            """`learn(node, target)` (target = reward + future), told to `trace`."""
            old = values[node]
            learn(node, target)
            assert trace is not None
            trace.update(node, old, reward, future, future_of, future_node, values[node])

        for number in range(games):
            node = root
            if explore and rnd() < explore:
                node = draw_start(rng)
                if node >= len(best):
                    best.extend([-1] * (len(graph) - len(best)))
            if trace is not None:
                trace.game(number, node)
            mine, theirs = -1, -1  # last afterstates of the mover and the other
            while True:
                choice = best[node]
                if choice < 0:
                    options = successors[node]
                    if options is None:
                        options = graph.expand(node)
                        self._grow()
                        best.extend([-1] * (len(graph) - len(best)))
                    choice = best[node] = max(options, key=value_of)
                if mine >= 0:
                    if trace is None:
                        learn(mine, values[choice])
                    else:
                        traced(mine, values[choice], 0.0, values[choice], Future.NEXT_TURN,
                               choice)
                if rnd() < epsilon:
                    options = successors[node]
                    after = options[int(rnd() * len(options))]  # type: ignore[index, arg-type]  # expanded
                else:
                    after = choice
                if terminal[after]:
                    r = reward[after]
                    if trace is None:
                        learn(after, r)
                        if theirs >= 0:
                            learn(theirs, -r)
                    else:
                        trace.moved(node, after)
                        traced(after, r, r, 0.0, Future.ENDED, None)
                        if theirs >= 0:
                            traced(theirs, -r, -r, 0.0, Future.ENDED, None)
                    break
                if trace is not None:
                    trace.moved(node, after)
                node, mine, theirs = after, theirs, after

    def _against(self, games: int, rng: random.Random, opponent: Player,
                 explore: float = 0.0, trace: _QTrace | None = None) -> None:
        graph, values = self.graph, self.values
        alpha, epsilon, rnd = self.alpha, self.epsilon, rng.random
        for number in range(games):
            me = self._learner_side(number)
            node, side, mine = self._start(explore, rng), 0, -1
            if trace is not None:
                trace.game(number, node)
            while True:
                options = graph.expand(node)
                self._grow()
                if side == me:
                    best = max(options, key=values.__getitem__)
                    if mine >= 0:
                        old = values[mine]
                        values[mine] += alpha * (values[best] - values[mine])
                        if trace is not None:
                            trace.update(mine, old, 0.0, values[best], Future.NEXT_TURN, best,
                                         values[mine])
                    after = options[int(rnd() * len(options))] if rnd() < epsilon else best
                    if trace is not None:
                        trace.moved(node, after)
                    if graph.terminal[after]:
                        old = values[after]
                        values[after] += alpha * (graph.reward[after] - values[after])
                        if trace is not None:
                            trace.update(after, old, graph.reward[after], 0.0, Future.ENDED,
                                         None, values[after])
                        break
                    mine = after
                else:
                    after = self._opponent_step(opponent, node)
                    self._grow()
                    if graph.terminal[after]:
                        if mine >= 0:
                            old = values[mine]
                            values[mine] += alpha * (-graph.reward[after] - values[mine])
                            if trace is not None:
                                trace.update(mine, old, -graph.reward[after], 0.0,
                                             Future.ENDED, None, values[mine])
                        break
                node, side = after, 1 - side
