"""Monte Carlo tree search (UCT) for any game: it learns nothing between games, but plays
by sampling — many random games from the position, steered towards the moves that have
won most often so far (Kocsis and Szepesvári's UCB1 applied to trees).

Each simulation walks down the tree by UCB1, adds one new position, plays random moves
to the end, and credits the result to every position on the way: +1 a win, 0 a draw, -1
a loss for the player who moved into it. After `simulations` of them the most visited
move is played. Two exact checks keep it from throwing away what needs no sampling: a
move that wins at once is played at once, and a finished position is scored by the
rules, not sampled.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from ..games.base import AnyGame, Move, State
from .base import MoveValues, Player
from .mcts_trace import DecisionRecord, Recorder, won_at_once

#: The largest game it takes on: a random game must end soon enough to play thousands.
MAX_POSITIONS = 10_000_000


@dataclass
class Node:
    state: State
    mover: int | None                    # who moved into this position (None: the root)
    untried: list[Move]                  # moves not expanded yet
    children: dict[Move, Node] = field(default_factory=dict)
    visits: int = 0
    value: float = 0.0                   # summed results for `mover`


@dataclass(frozen=True)
class MoveStat:
    visits: int
    score: float                         # mean result for the mover, -1 to +1


class MCTSPlayer(Player):
    label = "MCTS"
    weighs_moves = True

    def __init__(self, game: AnyGame, simulations: int = 1_000, seed: int | None = None,
                 exploration: float = math.sqrt(2), record: bool = False) -> None:
        super().__init__(game)
        if isinstance(simulations, bool) or not isinstance(simulations, int) or \
                not 1 <= simulations <= 1_000_000:
            raise ValueError(f"simulations must be a whole number from 1 to 1,000,000, "
                             f"not {simulations!r:.40}")
        if not isinstance(exploration, (int, float)) or not 0 <= exploration < math.inf:
            raise ValueError(f"exploration must be a number >= 0, not {exploration!r:.40}")
        self.simulations = simulations
        self.exploration = float(exploration)
        self.rng = random.Random(seed)
        self.last: tuple[State, dict[Move, MoveStat]] | None = None   # its last search
        #: Whether it keeps its last decision iteration by iteration (`last_decision`,
        #: see `mcts_trace`): it decides the same either way.
        self.record = record
        self.last_decision: DecisionRecord | None = None

    @classmethod
    def supports(cls, game: AnyGame) -> bool:
        return game.position_bound() <= MAX_POSITIONS

    @classmethod
    def refusal(cls, game: AnyGame, label: str = "") -> str:
        return (f"{label or cls.label} plays random games to the end thousands of times a "
                f"move: boards of at most {MAX_POSITIONS:,} positions")

    def choose_move(self, state: State) -> Move:
        self._moves(state)
        game = self.game
        me = game.to_move(state)
        for move in game.legal_moves(state):   # a win at once needs no sampling
            after = game.result(state, move)
            if game.is_over(after) and game.outcome(after, me) > 0:
                self.last = (state, {move: MoveStat(0, 1.0)})
                if self.record:
                    self.last_decision = won_at_once(game, state, move, self.exploration)
                return move
        return self.best(self.search(state))

    @staticmethod
    def best(stats: dict[Move, MoveStat]) -> Move:
        """The move played: the most visited (the first added among equals)."""
        return max(stats, key=lambda move: stats[move].visits)

    def move_values(self, state: State) -> MoveValues | None:
        """Its last search, if it was of `state`: each move's visits and how it did."""
        if self.last is None or self.last[0] != state:
            return None
        stats = self.last[1]
        if all(stat.visits == 0 for stat in stats.values()):   # a win at once, not searched
            return MoveValues("search", {move: 1.0 for move in stats},
                              {move: "wins at once" for move in stats},
                              "A move that wins at once needs no search.",
                              "It plays it.", order="the winning move", exact=True)
        return MoveValues(
            f"last search ({self.simulations:,} random games)",
            {move: float(stat.visits) for move, stat in stats.items()},
            {move: f"{stat.visits:,} visits, won {(stat.score + 1) / 2:.0%}"
             for move, stat in stats.items()},
            "Visits: how often its search tried the move; won: its random games' score "
            "after it (a draw counts half).", "It plays the most tried.",
            order="most tried first")

    def search(self, state: State) -> dict[Move, MoveStat]:
        """`simulations` simulations from `state`; each move's visits and mean result.
        Recording (`record`) reads each one after it is made and draws no random number."""
        game = self.game
        root = Node(state, None, game.legal_moves(state))
        recorder = Recorder(game, state, self.exploration) if self.record else None
        if recorder is not None:
            recorder.root(root)
        for _ in range(self.simulations):
            path = [root]
            node = root
            while not node.untried and node.children:        # select
                node = self._pick(node)
                path.append(node)
            expanded = bool(node.untried)
            if expanded:                                       # expand
                move = node.untried.pop(self.rng.randrange(len(node.untried)))
                after = game.result(node.state, move)
                mover = game.to_move(node.state)
                child = Node(after, mover,
                             [] if game.is_over(after) else game.legal_moves(after))
                node.children[move] = child
                if recorder is not None:
                    recorder.expand(node, move, child, after, mover)
                node = child
                path.append(node)
            played: list[Move] | None = None if recorder is None else []
            end = self._play_out(node.state, played)           # simulate
            for visited in path:                               # back up
                visited.visits += 1
                if visited.mover is not None:
                    visited.value += game.outcome(end, visited.mover)
            if recorder is not None and played is not None:
                recorder.iteration(node, expanded, played, end)
        stats = {move: MoveStat(child.visits, child.value / child.visits if child.visits
                                else 0.0) for move, child in root.children.items()}
        self.last = (state, stats)
        if recorder is not None:
            self.last_decision = recorder.finish(self.best(stats), {
                move: (child.visits, child.value) for move, child in root.children.items()})
        return stats

    def _pick(self, node: Node) -> Node:
        """The child with the highest UCB1: its mean result plus a bonus for few visits."""
        log_n, c = math.log(node.visits), self.exploration
        return max(node.children.values(), key=lambda child: (
            child.value / child.visits + c * math.sqrt(log_n / child.visits)))

    def _play_out(self, state: State, played: list[Move] | None = None) -> State:
        """Random moves to the end (a finished position is what it is); each move added
        to `played`, if given."""
        game, rng = self.game, self.rng
        while not game.is_over(state):
            move = game.random_move(state, rng)
            if played is not None:
                played.append(move)
            state = game.result(state, move)
        return state
