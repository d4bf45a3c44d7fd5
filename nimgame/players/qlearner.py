"""Tabular Q-learning as the CS50 Nim handout sets it up, made to learn much faster.

The handout's ingredients are kept: Q(s, a) <- Q(s, a) + alpha * (target - Q(s, a)),
reward +1 for the move after which the opponent loses and -1 for the move that loses,
unknown values 0. Against a fixed opponent the target is the handout's: the reward plus
the mover's best Q-value at its next turn, so the values follow what that opponent
really answers.

In self-play it learns from both players' moves instead (a negamax backup): a move's
value to its mover is minus the best value the other player can reach from where it
leads, target = -max Q(s', a'). The handout's target waits for the other player's actual
reply, which is sometimes an exploring blunder, and with a constant alpha keeps moving
values that had settled; the max backup asks the best reply every time, so the values
tend to the game's exact minimax values, in games with draws too. Three things make it
reach every position's right move in few games (bench/learners_floor.py measures them):

- When a game ends, its path is backed up from the end to the start, and (with alpha = 1)
  every change goes on to the positions one move before it that the learner has played
  from: what one game proves reaches every line that leads there, not only this game's.
- A position where the game is over is valued by the rules as soon as the learner meets
  it (its reward, `Future.RULES`), so a move that wins at once is known before it is
  ever played. With the default alpha = 1 (the games are deterministic: nothing to
  average) a value of +1 or -1 is then a proof, never revised, and a value is *settled*
  once it is the position's exact value (its replies all settled, or one settled reply
  that wins).
- An untried move reads 0, a draw's value. Between moves of equal value it plays one not
  settled yet before a settled one (then the first): a position still to be explored
  before a known draw, so that self-play explores what it does not know, and a settled
  value, once the right choice, stays so. Exploring starts are drawn with every canonical
  position as likely, and the default epsilon is 0: exploration comes from the starts
  and from the untried moves (bench/ measured 0.1 slower on every board).

What is new is where values live. In these games a move's value depends only on the
position it leads to, so Q(s, a) is stored once per canonical *afterstate*: every move, in
any position, that leads to the same position up to symmetry (sorted piles in Nim, the 8
board symmetries in Tic-Tac-Toe) shares one entry. One game's experience then teaches all
the positions that share its afterstates, and the table is as small as the game allows.

The CS50 handout's own learner, unchanged, is `nimgame.console.cs50.nim.NimAI`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ..games.base import AnyGame, Move, State
from ..plain import all_floats_within, all_whole_within, is_number, refusal
from .base import MoveValues, Player
from .learner import MAX_LEARNER_POSITIONS, Learner
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
               future_node: int | None, new: float, alpha: float | None = None,
               position: int | None = None) -> None:
        states, learner = self.states, self.learner
        if position is None:
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
            alpha=learner.alpha if alpha is None else alpha, new=new, row=row))


#: The default settings (bench/learners_floor.py measures them): alpha 1, as the games are
#: deterministic and there is nothing to average, and no random moves (epsilon 0).
DEFAULT_ALPHA = 1.0
DEFAULT_EPSILON = 0.0


class QLearner(Learner):
    label = "Q-learning"
    weighs_moves = True
    #: One value per position, a finite number from -1 to 1 (the update never leaves it),
    #: and the positions whose value is settled ("settled": their numbers, in order; a
    #: table saved before it had none loads with none settled but the ended positions).
    table_fields = ("values",)

    def __init__(self, game: AnyGame, alpha: float = DEFAULT_ALPHA,
                 epsilon: float = DEFAULT_EPSILON) -> None:
        super().__init__(game)
        self.alpha = _check_rate(alpha, "alpha", low_open=True)
        self.epsilon = _check_rate(epsilon, "epsilon", low_open=False)
        self.values: list[float] = []
        #: settled[n]: node n's value is its exact value (see the module), for good.
        self.settled = bytearray()
        self._pick = self._picker()
        self._grow()

    def settings(self) -> dict[str, Any]:
        return {"alpha": self.alpha, "epsilon": self.epsilon}

    def _export_values(self) -> dict[str, Any]:
        terminal = self.graph.terminal
        return {"values": list(self.values),
                "settled": [n for n, s in enumerate(self.settled) if s and not terminal[n]]}

    @classmethod
    def check_table(cls, table: object, game: AnyGame) -> dict[str, Any]:
        if not isinstance(table, dict) or "settled" not in table:
            return super().check_table(table, game)   # saved before "settled" was
        checked = super().check_table({k: v for k, v in table.items() if k != "settled"},
                                      game)
        settled, size = table["settled"], len(checked["states"])
        if not isinstance(settled, list) or not all_whole_within(settled, 0, size - 1) or \
                any(a >= b for a, b in zip(settled, settled[1:], strict=False)):
            raise ValueError(f"the settled positions must be a list of position numbers "
                             f"from 0 to {size - 1:,} in increasing order")
        return table

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
        settled = bytearray(self.graph.terminal[:size])   # the rules settle them
        for node in table.get("settled", ()):
            settled[node] = 1
        self.values, self.settled = values, settled
        self._pick = self._picker()
        self._grow()

    # -- what it knows ------------------------------------------------------------------
    def q_value(self, node: int | None) -> float:
        """Node's value: 0 if never met, its reward if the game is over there."""
        if node is None:
            return 0.0
        if node < len(self.values):
            return self.values[node]
        return self.graph.reward[node] if self.graph.terminal[node] else 0.0

    def _rank(self, node: int | None, state: State) -> tuple[float, int]:
        """How it ranks the move to `state` (canonical; its node, None if never met): by
        value, then a position still to be explored before a settled one."""
        if node is not None and node < len(self.values):
            return self.values[node], -self.settled[node]
        over, reward = self.graph.positions.ending(state)
        return (reward, -1) if over else (0.0, 0)

    def move_scores(self, state: State) -> dict[Move, float]:
        """Q(state, move) for every legal move (0 for what it has never seen, unless the
        game ends with it: then what the rules say)."""
        game, positions = self.game, self.graph.positions
        scores = {}
        for move, node in self.graph.afterstates(state):
            if node is None:
                over, reward = positions.ending(positions.canonical(game.result(state, move)))
                scores[move] = reward if over else 0.0
            else:
                scores[move] = self.q_value(node)
        return scores

    q_values = move_scores

    def move_values(self, state: State) -> MoveValues:
        """Its Q-values in `state`, with what a Q-value means."""
        q = self.q_values(state)
        draw = ", 0 a draw" if self.game.has_draws else ""
        return MoveValues(
            "Q-values", q, {move: f"Q {value:+.2f}" for move, value in q.items()},
            f"Q: the reward it expects from the move, −1 a loss{draw} to +1 a win (0 also: "
            "not known yet).", "It plays the highest, the first of equals (one still to "
            "explore before one whose value is settled).")

    def choose_move(self, state: State) -> Move:
        """`Learner.choose_move`, ranked as `choice` ranks the moves."""
        moves = self._moves(state)
        game = self.game
        canon = game.canonical(state)
        if canon != state:
            moves = game.legal_moves(canon)
        after = [game.canonical(game.result(canon, move)) for move in moves]
        target = self.choice(canon, list(dict.fromkeys(after)))
        if canon == state:
            return moves[after.index(target)]
        return next(m for m in game.legal_moves(state)
                    if game.canonical(game.result(state, m)) == target)

    def choice(self, canon: State, after: Sequence[State]) -> State:
        graph = self.graph
        self._grow()
        node = graph.index.get(canon)
        options = None if node is None else graph.successors[node]
        # The first of the best, as choose_move: both lists are in the order of the moves.
        if options is not None:
            return graph.states[self._pick(options)]
        find, rank = graph.index.get, self._rank   # never expanded: some never met
        return max(after, key=lambda state: rank(find(state), state))

    def chooser(self) -> Callable[[State, Sequence[State]], State]:
        # `choice` with its set-up done once: valid while the table is not trained.
        self._grow()
        graph = self.graph
        index, successors, states, pick = graph.index.get, graph.successors, graph.states, \
            self._pick
        choice = self.choice

        def choose(canon: State, after: Sequence[State]) -> State:
            node = index(canon)
            options = None if node is None else successors[node]
            return choice(canon, after) if options is None else states[pick(options)]
        return choose

    def _picker(self) -> Callable[[Sequence[int]], int]:
        """The greedy choice among nodes (all with values): the highest value; of equals,
        the first not settled, else the first."""
        values, settled = self.values, self.settled
        value_of = values.__getitem__

        def pick(options: Sequence[int]) -> int:
            choice = max(options, key=value_of)
            if settled[choice]:   # is an equal one still to be explored?
                top = values[choice]
                for node in options:
                    if not settled[node] and values[node] == top:
                        return node
            return choice
        return pick

    # -- training -----------------------------------------------------------------------
    def _grow(self, trace: _QTrace | None = None, parent: int | None = None) -> None:
        """Values for the nodes the graph has numbered since: 0 (unknown), or for a
        position where the game is over, its reward, which the rules know (`trace` is told
        of each such value, met one move after `parent`)."""
        graph, values, settled = self.graph, self.values, self.settled
        first = len(values)
        missing = len(graph) - first
        if missing <= 0:
            return
        values.extend([0.0] * missing)
        settled.extend(bytes(missing))
        terminal, reward = graph.terminal, graph.reward
        for node in range(first, len(graph)):
            if terminal[node]:
                values[node] = reward[node]
                settled[node] = 1
                if trace is not None:
                    trace.update(node, 0.0, reward[node], 0.0, Future.RULES, None,
                                 reward[node], alpha=1.0, position=parent)

    def _exploring_node(self, rng: random.Random) -> int:
        """`Learner._exploring_node`, every canonical position of the game's list of starts
        as likely (a position with one real form would otherwise be drawn far less often
        than one with many: Nim 3, 5, 7, 9, 11 was learned five times slower)."""
        if self._start_nodes is None:
            starts = self.game.exploring_starts(MAX_LEARNER_POSITIONS)
            self._start_nodes = list(dict.fromkeys(self.graph.node(s) for s in starts or ()))
        return super()._exploring_node(rng)

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

    def learn_from_play(self, afterstates: Sequence[State], result: int) -> None:
        """Learn from one game it played against someone else (a person), as training
        against an opponent learns: each position its moves left moves toward the next one
        it left, the last toward the result (+1 won, 0 drew, -1 lost). Counts as a game."""
        nodes = [self.graph.node(state) for state in afterstates]
        self._grow()
        values, alpha = self.values, self.alpha
        for here, after in zip(nodes, nodes[1:], strict=False):
            values[here] += alpha * (values[after] - values[here])
        if nodes:
            values[nodes[-1]] += alpha * (result - values[nodes[-1]])
        self.games_trained += 1

    def _self_play(self, games: int, rng: random.Random, explore: float = 0.0,  # noqa: C901
                   trace: _QTrace | None = None) -> None:  # a hot loop, inlined on purpose
        """Self-play: a game played greedily (epsilon-greedy), then backed up from its
        end (see the module).

        best[n] caches node n's greedy successor (-1: to be worked out); a change to a
        node's value or settledness clears it in the node's predecessors. Once values
        settle, a greedy move costs a lookup instead of a max over every move."""
        graph, values, settled = self.graph, self.values, self.settled
        successors, terminal, reward = graph.successors, graph.terminal, graph.reward
        predecessors = graph.track_predecessors()
        pick = self._pick
        alpha, epsilon, rnd, root = self.alpha, self.epsilon, rng.random, graph.root
        draw_start = self._exploring_node
        self._grow(trace)   # what track_predecessors or a first start numbered
        best = [-1] * len(graph)
        path: list[int] = []
        pending: set[int] = set()
        # With alpha = 1 a value changes at most twice (to +-1, and settled), so spreading
        # each change to every position before it costs little over a whole training;
        # with alpha < 1 every update changes a value, and only the game's path is backed up.
        spread = alpha == 1.0
        for number in range(games):
            node = root
            if explore and rnd() < explore:
                node = draw_start(rng)
                if node >= len(best):
                    self._grow(trace)
                    best.extend([-1] * (len(graph) - len(best)))
            if trace is not None:
                trace.game(number, node)
            path.clear()
            while True:
                path.append(node)
                choice = best[node]
                if choice < 0:
                    options = successors[node]
                    if options is None:
                        options = graph.expand(node)
                        self._grow(trace, node)
                        best.extend([-1] * (len(graph) - len(best)))
                    choice = best[node] = pick(options)
                if epsilon and rnd() < epsilon:
                    options = successors[node]
                    after = options[int(rnd() * len(options))]  # type: ignore[index, arg-type]  # expanded
                else:
                    after = choice
                if trace is not None:
                    trace.moved(node, after)
                if terminal[after]:
                    break
                node = after
            old = values[after]   # the move that ended it: its reward
            new = old + alpha * (reward[after] - old)
            if trace is not None:
                trace.update(after, old, reward[after], 0.0, Future.ENDED, None, new)
            if new != old:
                values[after] = new
                for before in predecessors[after]:
                    best[before] = -1
            # The backup, from the end back to the start, and on to every position before
            # one whose value or settledness changed.
            # A settled position keeps its exact value (an update would leave it as it
            # is) and is never unsettled: the work skips those of the path at once.
            path.reverse()
            work = [node for node in path if not settled[node]]
            if not work:
                continue
            pending.update(work)
            along = len(work)
            for i, node in enumerate(work, 1):   # `work` grows as the backup spreads
                pending.discard(node)
                if settled[node]:
                    continue
                options = successors[node]
                choice = best[node]
                if choice < 0:
                    choice = best[node] = pick(options)  # type: ignore[arg-type]  # expanded
                # The position the last mover left is worth to them what the best reply
                # is worth to the other player, negated (a negamax backup).
                old, future = values[node], -values[choice]
                new = old + alpha * (future - old)
                if trace is not None:
                    trace.update(node, old, 0.0, future, Future.BEST_REPLY, choice, new,
                                 position=None if i <= along or not predecessors[node]
                                 else predecessors[node][0])
                done = new == future and (
                    (future == -1.0 and settled[choice]) or
                    all(settled[n] for n in options))  # type: ignore[union-attr]
                if new != old or done != settled[node]:
                    values[node] = new
                    settled[node] = done
                    for before in predecessors[node]:
                        best[before] = -1
                        if spread and before not in pending:
                            pending.add(before)
                            work.append(before)

    def _against(self, games: int, rng: random.Random, opponent: Player,
                 explore: float = 0.0, trace: _QTrace | None = None) -> None:
        graph, values = self.graph, self.values
        alpha, epsilon, rnd = self.alpha, self.epsilon, rng.random
        pick = self._pick
        for number in range(games):
            me = self._learner_side(number)
            node, side, mine = self._start(explore, rng), 0, -1
            self._grow(trace)
            if trace is not None:
                trace.game(number, node)
            while True:
                options = graph.expand(node)
                self._grow(trace, node)
                if side == me:
                    best = pick(options)
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
                    self._grow(trace, node)
                    if graph.terminal[after]:
                        if mine >= 0:
                            old = values[mine]
                            values[mine] += alpha * (-graph.reward[after] - values[mine])
                            if trace is not None:
                                trace.update(mine, old, -graph.reward[after], 0.0,
                                             Future.ENDED, None, values[mine])
                        break
                node, side = after, 1 - side
