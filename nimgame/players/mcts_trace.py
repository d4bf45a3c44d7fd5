"""One Monte Carlo tree search decision, taken apart: what each of its iterations did, and
what exact play says of the moves it weighed.

`MCTSPlayer(game, record=True)` keeps its last decision as a `DecisionRecord`, compactly:
the tree's nodes (a parent, a move and a position each) and, for each iteration, the node
its simulation stopped at, the random moves of its playout and who won — a few dozen
bytes an iteration. Everything else is worked out again from those: `DecisionSteps` walks
the iterations (one at a time or by jumps), replaying each backup forward or undoing it
backward, and answers with typed records of the iteration (`Iteration`: the path selected
with each edge's visits, mean and UCT score at the time, the node expanded, the playout,
the result and the backup) and of the root's children after it (`RootChild`).

Recording reads the search and draws nothing from its random numbers: a player records
the very decision it would have taken without recording.

`exact_verdicts` and `verdict_sentence` put the exact value beside it: what best play says
of each root move, and a sentence when the move the search settles on is not a best one
(misère Nim, where random playouts mislead).
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..games.base import AnyGame, Move, State

#: What a player's move in a finished game scored for it: the stored form of the winner.
_DRAW = -1


class Judge(Protocol):
    """The exact player (`judge_for`): each legal move's exact score for its mover
    (positive wins, 0 draws, negative loses)."""

    def move_scores(self, state: Any) -> Mapping[Any, float]: ...


# -- what the model answers -----------------------------------------------------------------
@dataclass(frozen=True)
class Edge:
    """One step of the selection: the move taken from the node above, and that move's
    numbers when UCB1 chose it (before this iteration's backup)."""

    move: Move
    state: State          # the position the move leads to
    mover: int            # who made the move (0 or 1)
    visits: int
    mean: float           # mean result for the mover, -1 to +1
    uct: float            # mean + c·sqrt(ln(parent's visits) / visits): the highest there


@dataclass(frozen=True)
class Expansion:
    """The node added to the tree: an untried move of the last node selected."""

    move: Move
    state: State
    mover: int


@dataclass(frozen=True)
class Credit:
    """What the backup gave one node of the path: a visit and the result for its mover."""

    depth: int            # 0 the root, 1 its child on the path, …
    move: Move | None     # the move into the node (None: the root)
    mover: int | None     # who made it (None: the root, which holds only visits)
    result: int           # +1, 0 or -1 added to the node's sum (0 for the root)
    visits: int           # after the backup
    mean: float           # after the backup (0.0 for the root)


@dataclass(frozen=True)
class Iteration:
    """Iteration `number` (0-based) of a decision, in its four phases."""

    number: int
    path: tuple[Edge, ...]             # selected by UCB1, from the root down
    expansion: Expansion | None        # None: the selection ended in a finished position
    playout: tuple[Move, ...]          # random moves from the new node to the end
    start: State                       # where the playout started
    end: State                         # where the game ended
    winner: int | None                 # who won the playout (None: a draw)
    backup: tuple[Credit, ...]         # from the root down

    def result_for(self, player: int) -> int:
        """+1 the playout was a win for `player`, -1 a loss, 0 a draw."""
        return 0 if self.winner is None else 1 if self.winner == player else -1


@dataclass(frozen=True)
class RootChild:
    """A root move as the search saw it after some iteration."""

    move: Move
    visits: int
    mean: float                        # mean result for the root's player (0.0 unvisited)
    uct: float | None                  # its UCB1 score then (None while unvisited)


@dataclass(frozen=True)
class DecisionRecord:
    """A decision, stored compactly. Node 0 is the root; node k > 0 has `parents[k]`,
    was reached by `moves[k]` made by `movers[k]` and holds `states[k]`; iteration i
    stopped at node `leaves[i]` (`expanded[i]`: a node it added), played `playouts[i]`
    and was won by `winners[i]` (-1 a draw)."""

    game: AnyGame
    state: State
    exploration: float
    chosen: Move
    won_at_once: bool                  # a winning move needed no search (no iterations)
    parents: array[int]
    moves: tuple[Move | None, ...]
    movers: bytes
    states: tuple[State, ...]
    leaves: array[int]
    expanded: bytes
    playouts: tuple[tuple[Move, ...], ...]
    winners: array[int]
    #: The real tree's root children at the end: move -> (visits, summed result).
    final: tuple[tuple[Move, int, float], ...]

    @property
    def iterations(self) -> int:
        return len(self.leaves)

    @property
    def mover(self) -> int:
        """The player the decision was for."""
        return self.game.to_move(self.state)


class Recorder:
    """Takes a decision down while `MCTSPlayer.search` makes it; reads, never draws."""

    def __init__(self, game: AnyGame, state: State, exploration: float) -> None:
        self.game, self.state, self.exploration = game, state, exploration
        self.ids: dict[int, int] = {}          # id(node) -> its number
        self.parents = array("i", [-1])
        self.moves: list[Move | None] = [None]
        self.movers = bytearray([0])
        self.states: list[State] = [state]
        self.leaves = array("i")
        self.expanded = bytearray()
        self.playouts: list[tuple[Move, ...]] = []
        self.winners = array("b")

    def root(self, node: object) -> None:
        self.ids[id(node)] = 0

    def expand(self, parent: object, move: Move, child: object, state: State, mover: int
               ) -> None:
        self.ids[id(child)] = len(self.parents)
        self.parents.append(self.ids[id(parent)])
        self.moves.append(move)
        self.movers.append(mover)
        self.states.append(state)

    def iteration(self, leaf: object, expanded: bool, playout: list[Move], end: State
                  ) -> None:
        self.leaves.append(self.ids[id(leaf)])
        self.expanded.append(expanded)
        self.playouts.append(tuple(playout))
        winner = self.game.winner(end)
        self.winners.append(_DRAW if winner is None else winner)

    def finish(self, chosen: Move, final: Mapping[Move, tuple[int, float]]) -> DecisionRecord:
        return DecisionRecord(
            self.game, self.state, self.exploration, chosen, False, self.parents,
            tuple(self.moves), bytes(self.movers), tuple(self.states), self.leaves,
            bytes(self.expanded), tuple(self.playouts), self.winners,
            tuple((move, visits, value) for move, (visits, value) in final.items()))


def won_at_once(game: AnyGame, state: State, move: Move, exploration: float
                ) -> DecisionRecord:
    """The record of a decision that searched nothing: `move` wins at once."""
    return DecisionRecord(game, state, exploration, move, True, array("i", [-1]), (None,),
                          bytes(1), (state,), array("i"), b"", (), array("b"), ())


# -- stepping through it -------------------------------------------------------------------
class DecisionSteps:
    """A cursor on a decision's iterations. It stands after iteration `index` (its
    backup done): `iteration()` tells that iteration, `root_children()` the root's numbers
    after it. Moving replays backups forward or undoes them backward, so a jump of a
    thousand costs a thousand short backups and nothing is stored per iteration."""

    def __init__(self, record: DecisionRecord) -> None:
        self.record = record
        nodes = len(record.parents)
        self.visits = [0] * nodes
        self.sums = [0] * nodes
        self.born = [0] * nodes        # the iteration that added each node (root: 0)
        for i, (leaf, added) in enumerate(zip(record.leaves, record.expanded, strict=True)):
            if added:
                self.born[leaf] = i
        self.root_moves: list[Move] = [] if record.won_at_once else \
            record.game.legal_moves(record.state)
        self.root_children_ids = {record.moves[node]: node for node in range(1, nodes)
                                  if record.parents[node] == 0}
        self.index = -1                # nothing replayed yet
        if record.iterations:
            self.go(0)

    @property
    def count(self) -> int:
        return self.record.iterations

    # -- moving ----------------------------------------------------------------------------
    def go(self, index: int) -> int:
        """Stand after iteration `index` (kept within the first and the last); the index."""
        if not self.count:
            return self.index
        target = max(0, min(self.count - 1, index))
        while self.index < target:
            self.index += 1
            self._back_up(self.index, 1)
        while self.index > target:
            self._back_up(self.index, -1)
            self.index -= 1
        return self.index

    def step(self, delta: int) -> int:
        """`delta` iterations on (back if negative): ±1, ±10, ±100, ±1,000…"""
        return self.go(self.index + delta)

    def home(self) -> int:
        return self.go(0)

    def end(self) -> int:
        return self.go(self.count - 1)

    def _path(self, index: int) -> list[int]:
        """The nodes iteration `index` went through, from the root down."""
        parents, node = self.record.parents, self.record.leaves[index]
        path = [node]
        while node:
            node = parents[node]
            path.append(node)
        path.reverse()
        return path

    def _result(self, index: int, node: int) -> int:
        winner = self.record.winners[index]
        return 0 if winner == _DRAW else 1 if winner == self.record.movers[node] else -1

    def _back_up(self, index: int, sign: int) -> None:
        for node in self._path(index):
            self.visits[node] += sign
            if node:
                self.sums[node] += sign * self._result(index, node)

    # -- what it shows ---------------------------------------------------------------------
    def iteration(self) -> Iteration:
        """The iteration the cursor stands after, as it happened: the edges' numbers as
        they were when UCB1 chose them, those after its backup."""
        if not self.count:
            raise ValueError("this decision searched nothing: a move won at once")
        record, index = self.record, self.index
        path = self._path(index)
        added = bool(record.expanded[index])
        selected = path[1:-1] if added else path[1:]
        edges = []
        for node in selected:
            visits = self.visits[node] - 1
            total = self.sums[node] - self._result(index, node)
            parent_visits = self.visits[record.parents[node]] - 1
            mean = total / visits
            edges.append(Edge(record.moves[node], record.states[node], record.movers[node],
                              visits, mean, mean + record.exploration * math.sqrt(
                                  math.log(parent_visits) / visits)))
        leaf = path[-1]
        expansion = Expansion(record.moves[leaf], record.states[leaf], record.movers[leaf]) \
            if added else None
        game, state = record.game, record.states[leaf]
        for move in record.playouts[index]:
            state = game.result(state, move)
        winner = record.winners[index]
        backup = tuple(Credit(depth, record.moves[node], record.movers[node] if node else None,
                              self._result(index, node) if node else 0, self.visits[node],
                              self.sums[node] / self.visits[node] if node else 0.0)
                       for depth, node in enumerate(path))
        return Iteration(index, tuple(edges), expansion, record.playouts[index],
                         record.states[leaf], state, None if winner == _DRAW else winner,
                         backup)

    def root_children(self) -> tuple[RootChild, ...]:
        """Every legal move at the root after the current iteration, in the order the
        search added them (the order its ties break in), the untried ones last."""
        c = self.record.exploration
        root_visits = self.visits[0]
        tried, untried = [], []
        for move in self.root_moves:
            node = self.root_children_ids.get(move)
            if node is None or self.born[node] > self.index or not self.visits[node]:
                untried.append(RootChild(move, 0, 0.0, None))
                continue
            visits = self.visits[node]
            mean = self.sums[node] / visits
            tried.append((node, RootChild(move, visits, mean, mean + c * math.sqrt(
                math.log(root_visits) / visits))))
        tried.sort(key=lambda pair: pair[0])
        return tuple(child for _, child in tried) + tuple(untried)

    def most_visited(self) -> Move | None:
        """The move the search would play if it stopped after the current iteration."""
        children = [child for child in self.root_children() if child.visits]
        return max(children, key=lambda child: child.visits).move if children else None


def settling(record: DecisionRecord) -> int:
    """How many iterations it took for the most visited root move to become the one
    played and stay so to the end (0 when a move won at once)."""
    counts: dict[int, int] = {}
    leader, last_change = -1, 0
    parents = record.parents
    for i, leaf in enumerate(record.leaves):
        node = leaf
        while parents[node]:
            node = parents[node]
        counts[node] = counts.get(node, 0) + 1
        if leader < 0 or counts[node] > counts[leader] or \
                (counts[node] == counts[leader] and node < leader):
            if node != leader:
                leader, last_change = node, i
    return last_change + 1 if record.iterations else 0


# -- the exact value beside it ---------------------------------------------------------------
VERDICT_WORDS = {1: "wins", 0: "draws", -1: "loses"}
PLURAL_WORDS = {1: "win", 0: "draw", -1: "lose"}


def exact_verdicts(record: DecisionRecord, judge: Judge) -> dict[Move, int]:
    """Each legal root move's exact value for the decision's player: +1 wins, 0 draws,
    -1 loses (with best play on both sides after it)."""
    scores = judge.move_scores(record.state)
    return {move: (score > 0) - (score < 0) for move, score in scores.items()}


def verdict_sentence(record: DecisionRecord, verdicts: Mapping[Move, int]) -> str:
    """The decision in one sentence beside the exact value: where the search settled and
    whether exact play agrees ("MCTS settles on X after N iterations; the exact value says
    X loses, Y wins")."""
    game, state, chosen = record.game, record.state, record.chosen
    said = game.describe_move(state, chosen)
    if record.won_at_once:
        return f"MCTS plays {said} at once: it wins on the spot, no search needed."
    mine, best = verdicts[chosen], max(verdicts.values())
    start = f"MCTS settles on {said} after {settling(record):,} of " \
            f"{record.iterations:,} iterations"
    if all(verdict == mine for verdict in verdicts.values()):
        return f"{start}; the exact value: every move here {VERDICT_WORDS[mine]}."
    if mine == best:
        return f"{start}; the exact value agrees: {said} {VERDICT_WORDS[mine]}."
    better = [move for move, verdict in verdicts.items() if verdict == best]
    return (f"{start}; the exact value says {said} {VERDICT_WORDS[mine]}, "
            f"{_listed([game.describe_move(state, m) for m in better], best)}.")


def _listed(words: Sequence[str], verdict: int) -> str:
    """"X wins", "X or Y win", "X, Y or 3 other moves win"."""
    if len(words) == 1:
        return f"{words[0]} {VERDICT_WORDS[verdict]}"
    if len(words) == 2:
        return f"{words[0]} or {words[1]} {PLURAL_WORDS[verdict]}"
    rest = len(words) - 2
    return f"{words[0]}, {words[1]} or {rest} other move{'s' * (rest > 1)} " \
           f"{PLURAL_WORDS[verdict]}"
