"""Canonical positions of a game, numbered as a learner first meets them.

Learners train on these numbers instead of on game states: moves that lead to the same
canonical position ("afterstate") are one choice, symmetric positions are one entry, and
the inner training loops touch only lists of ints and floats. This is what makes the
learners fast while staying generic over every game.

What a position is (its canonical form, its ending, where its moves lead) is read from the
game's shared `GamePositions`, worked out once for every graph of the same game and rules;
only the numbering is each graph's own.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..games.base import AnyGame, Move, State
from .positions import positions_of


class PositionGraph:
    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self.positions = positions_of(game)
        self.index: dict[State, int] = {}
        self.states: list[State] = []  # one canonical representative per node
        #: successors[i]: the distinct nodes one move away, or None until expanded
        self.successors: list[tuple[int, ...] | None] = []
        #: terminal[i]: the game is over in node i
        self.terminal: list[bool] = []
        #: reward[i]: for a terminal node, +1/-1/0 for the player who moved into it
        self.reward: list[float] = []
        #: predecessors[i]: the expanded nodes one move before node i, once asked for
        #: (`track_predecessors`); None until then, as most users never ask
        self.predecessors: list[list[int]] | None = None
        self.root = self.node(game.initial_state())

    def __len__(self) -> int:
        return len(self.states)

    def node(self, state: State) -> int:
        """The number of `state`'s canonical position, adding it if it is new."""
        key = self.positions.canonical(state)
        i = self.index.get(key)
        return self._add(key) if i is None else i

    def _add(self, key: State) -> int:
        """Number the canonical position `key`, new to this graph."""
        i = len(self.states)
        self.index[key] = i
        self.states.append(key)
        self.successors.append(None)
        over, reward = self.positions.ending(key)
        self.terminal.append(over)
        self.reward.append(reward)
        if self.predecessors is not None:
            self.predecessors.append([])
        return i

    def number_in_order(self, states: Iterable[State]) -> bool:
        """Whether each of `states`, in turn, is node number i (the i-th, counted from 0),
        numbering those that are new as `node` would; stops at the first that is not (the
        graph keeps what it numbered before). What a learner's table lists is checked this
        way: its positions in node order. A list whose positions the game's shared ones
        hold already is numbered in a few passes made in C."""
        if isinstance(states, list) and self._number_known(states):
            return True
        positions, index, keys = self.positions, self.index, self.states
        known, canonical = positions.known_canonical.get, positions.canonical
        first = len(keys)
        try:
            for i, state in enumerate(states):
                key = known(state) or canonical(state)
                j = index.get(key)
                if j is None:
                    if i != len(keys):
                        return False
                    index[key] = i
                    keys.append(key)
                elif j != i:
                    return False
            return True
        finally:   # the new nodes' facts, even if `states` raised part way
            self._add_facts(first)

    def _number_known(self, states: list[State]) -> bool:
        """`number_in_order` of `states` when each one's canonical position is recorded,
        those the graph has are its first nodes in order, and the others are new and
        distinct; else False, with nothing changed."""
        keys = list(map(self.positions.known_canonical.get, states))
        first = len(self.states)
        head, tail = keys[:first], keys[first:]
        if None in keys or head != self.states[:len(head)] or len(
                dict.fromkeys(tail)) != len(tail) or not self.index.keys().isdisjoint(tail):
            return False
        self.index.update(zip(tail, range(first, first + len(tail)), strict=True))
        self.states.extend(tail)
        self._add_facts(first)
        return True

    def _add_facts(self, first: int) -> None:
        """The facts of the nodes from number `first` on, just numbered."""
        added = len(self.states) - first
        if added:
            ended, ending = self.positions.known_ending.get, self.positions.ending
            ends = [ended(key) or ending(key) for key in self.states[first:]]
            self.successors.extend([None] * added)
            self.terminal.extend([over for over, _ in ends])
            self.reward.extend([reward for _, reward in ends])
            if self.predecessors is not None:
                self.predecessors.extend([] for _ in range(added))

    def find(self, state: State) -> int | None:
        """The node of `state` if it has been met, else None (never adds)."""
        return self.index.get(self.positions.canonical(state))

    def expand(self, i: int) -> tuple[int, ...]:
        """The distinct successors of node `i`, computed once."""
        known = self.successors[i]
        if known is not None:
            return known
        index, after = self.index, self.positions.after(self.states[i])
        try:
            result = tuple([index[key] for key in after])
        except KeyError:   # some met for the first time
            add = self._add
            result = tuple([index[key] if key in index else add(key) for key in after])
        self.successors[i] = result
        if self.predecessors is not None:
            for j in result:
                self.predecessors[j].append(i)
        return result

    def track_predecessors(self) -> list[list[int]]:
        """`predecessors`, built from the nodes expanded so far and kept up to date from
        now on (a learner that caches each node's best move invalidates it through them)."""
        if self.predecessors is None:
            predecessors: list[list[int]] = [[] for _ in self.states]
            for i, known in enumerate(self.successors):
                for j in known or ():
                    predecessors[j].append(i)
            self.predecessors = predecessors
        return self.predecessors

    def afterstates(self, state: State) -> list[tuple[Move, int | None]]:
        """Each legal move of a real `state` with the node it leads to (None if never met)."""
        game = self.game
        return [(move, self.find(game.result(state, move))) for move in game.legal_moves(state)]
