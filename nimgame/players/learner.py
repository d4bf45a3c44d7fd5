"""What the learning players share: a position graph, a game counter, a training hook."""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar

from ..games.base import AnyGame, Move, State
from ..safetext import escape
from .base import Player
from .graph import PositionGraph
from .updates import UpdateSink

#: The largest game a learner takes on, in canonical positions (`Game.canonical_bound`:
#: what its table holds, an entry each): a table for every position must fit in memory
#: (and in a brain file), and training must have a chance to visit it. Beyond this, a
#: board is for the perfect player, not for learning.
MAX_LEARNER_POSITIONS = 250_000
#: ... and positions times moves, the most entries a table could grow to.
MAX_LEARNER_ENTRIES = 10_000_000


def _count(number: int) -> str:
    """`number` with thousands separators, or "over 10^18" for a board of a googol (a
    header may name one: its count has thousands of digits)."""
    return f"{number:,}" if number <= 10**18 else "over 10^18"


#: The most points of its learning curve a learner keeps (its brain file holds them): past
#: this, every other point between the first and the last is let go.
MAX_CURVE_POINTS = 400

#: A point of a learner's learning curve: games trained when measured, the share of
#: optimal moves (None: the board is too big to judge), the win rate against Random.
CurveRecord = tuple[int, float | None, float]


class Learner(Player):
    """A player that improves by playing. `train_games` is the fast inner loop;
    `nimgame.learning.training.train` drives it in chunks and measures progress."""

    def __init__(self, game: AnyGame) -> None:
        super().__init__(game)
        self.graph = PositionGraph(game)
        self.games_trained = 0
        self.accuracy: float | None = None  # last measured share of optimal moves
        self.name: str | None = None        # what a person called it when saving
        #: its learning curve over every run of training (`record_point`), oldest first
        self.curve: list[CurveRecord] = []
        self._start_nodes: list[int] | None = None   # see _exploring_node

    @classmethod
    def supports(cls, game: AnyGame) -> bool:
        positions = game.canonical_bound()
        return 0 < positions <= MAX_LEARNER_POSITIONS and (
            positions * game.move_bound() <= MAX_LEARNER_ENTRIES)

    @classmethod
    def refusal(cls, game: AnyGame, label: str = "") -> str:
        return (f"{label or cls.label} cannot learn {escape(game.describe_rules(), 80)}: "
                f"the board is too big to learn ({cls._limit_passed(game)})")

    @staticmethod
    def _limit_passed(game: AnyGame) -> str:
        """Which of the two limits `game` passes, with its numbers and the limit's."""
        positions, moves = game.canonical_bound(), game.move_bound()
        if not 0 < positions <= MAX_LEARNER_POSITIONS:
            counted = "positions not counted" if positions <= 0 else \
                f"{_count(positions)} positions"
            return f"{counted}, more than {MAX_LEARNER_POSITIONS:,}"
        return (f"{positions:,} positions, up to {_count(moves)} moves each: "
                f"{_count(positions * moves)} table entries, more than "
                f"{MAX_LEARNER_ENTRIES:,}")

    def record_point(self, games: int, optimal_share: float | None, win_rate: float) -> None:
        """Add a point measured after `games` games to its curve: a point for as many games
        or fewer than one it holds (a run going on from its last point measures it again)
        takes the place of those; past MAX_CURVE_POINTS the curve is thinned."""
        curve = self.curve
        while curve and curve[-1][0] >= games:
            curve.pop()
        curve.append((games, optimal_share, win_rate))
        if len(curve) > MAX_CURVE_POINTS:
            self.curve = curve[:1] + curve[1:-1:2] + curve[-1:]

    # -- its table as plain data: each kind of learner owns its format -------------------
    #: What the table holds beside "states" (the positions, in node order): each kind's
    #: `_export_values` gives these, `_check_values` checks them, `_import_values` takes them.
    table_fields: ClassVar[tuple[str, ...]] = ()

    def export_table(self) -> dict[str, Any]:
        """What it has learned, as plain builtins (brain files hold nothing else)."""
        game = self.game
        return {"states": [game.state_to_data(s) for s in self.graph.states],
                **self._export_values()}

    @classmethod
    def check_table(cls, table: object, game: AnyGame) -> dict[str, Any]:
        """`table`, read back from anywhere, if its shape, types and ranges are what this
        kind's `export_table` gives for `game`; else ValueError saying what is wrong in one
        line. Whether its positions are the game's is `import_table`'s check."""
        fields = ("states", *cls.table_fields)
        if not isinstance(table, dict) or set(table) != set(fields):
            raise ValueError(f"the table must hold {' and '.join(fields)}")
        states = table["states"]
        # no more than the board holds, nor than a learner takes on (a header may name
        # a board of a googol: its bound is a number of 10,000 digits)
        limit = min(game.canonical_bound() or MAX_LEARNER_POSITIONS, MAX_LEARNER_POSITIONS)
        if not isinstance(states, list) or not 1 <= len(states) <= limit:
            raise ValueError(f"the table must list 1 to {limit:,} positions")
        cls._check_values(table, len(states))
        return table

    def import_table(self, table: dict[str, Any]) -> None:
        """Restore `export_table`'s output (after `check_table`); ValueError if it does not
        fit this game."""
        states = table["states"]
        from_data = self.game.state_from_data
        try:   # all at once (the usual case); else one at a time, the first fault said
            positions: Iterable[State] = list(map(from_data, states))
        except Exception:
            positions = map(from_data, states)
        if not self.graph.number_in_order(positions):
            raise ValueError("the table's positions are not this game's")
        self._import_values(table, len(states))

    @abstractmethod
    def _export_values(self) -> dict[str, Any]: ...

    @classmethod
    @abstractmethod
    def _check_values(cls, table: dict[str, Any], size: int) -> None:
        """ValueError unless the `table_fields` of `table` (a table of `size` positions)
        hold what `_export_values` gives, in type and range."""

    @abstractmethod
    def _import_values(self, table: dict[str, Any], size: int) -> None: ...

    @abstractmethod
    def train_games(self, games: int, rng: random.Random,
                    opponent: Player | None = None, explore: float = 0.0,
                    sink: UpdateSink | None = None) -> None:
        """Play `games` training games: against itself, or against `opponent`, the learner
        taking the first move in every other game. A share `explore` of them starts from a
        position drawn by `game.exploring_start` instead of the first one ("exploring
        starts"), so that positions self-play seldom meets are learned too. `sink`, if
        given, is told of every game and every learning update (`players.updates`); it
        changes nothing of what is learned."""

    @abstractmethod
    def move_scores(self, state: State) -> Mapping[Move, float]:
        """What the learner thinks of each legal move (higher is better)."""

    @abstractmethod
    def settings(self) -> dict[str, Any]:
        """The constructor arguments besides the game (storage and the inspector use them)."""

    def choose_move(self, state: State) -> Move:
        """The best move it knows, without exploring: the first of equals in the
        position's canonical form, so that symmetric positions are played alike (what it
        knows is stored by canonical position, and the exact measures of
        `learning.evaluation`, worked out on canonical positions, hold for real play)."""
        self._moves(state)
        game = self.game
        canon = game.canonical(state)
        scores = self.move_scores(canon)
        move = max(scores, key=scores.__getitem__)
        if canon == state:
            return move
        target = game.canonical(game.result(canon, move))
        return next(m for m in game.legal_moves(state)
                    if game.canonical(game.result(state, m)) == target)

    def choice(self, canon: State, after: Sequence[State]) -> State:
        """The canonical position `choose_move` leads to from the canonical position
        `canon`, whose moves lead to the canonical positions `after` (in the order of the
        moves, each once): how the exact measures ask for its play. Learners answer it
        from their tables, without building a move."""
        game = self.game
        return game.canonical(game.result(canon, self.choose_move(canon)))

    def chooser(self) -> Callable[[State, Sequence[State]], State]:
        """`choice`, for asking many positions while the table stays as it is (the exact
        measures of a curve's point): a learner may do once what each call would do."""
        return self.choice

    def _start(self, explore: float, rng: random.Random) -> int:
        """Where a training game starts: the first position, or with probability `explore`
        a reachable one drawn at random."""
        if explore and rng.random() < explore:
            return self._exploring_node(rng)
        return self.graph.root

    def _exploring_node(self, rng: random.Random) -> int:
        """The node of an exploring start drawn as `game.exploring_start` draws it: from
        the game's list of starts, numbered once (a fifth of the learning time went to
        building and numbering a position per game), or else one position at a time."""
        nodes = self._start_nodes
        if nodes is None:
            starts = self.game.exploring_starts(MAX_LEARNER_POSITIONS)
            nodes = self._start_nodes = [self.graph.node(s) for s in starts or ()]
        if nodes:
            return nodes[int(rng.random() * len(nodes))]
        return self.graph.node(self.game.exploring_start(rng))

    def _move_between(self, node: int, after: int) -> Move:
        """The first legal move in node's position that leads to node `after` (up to
        symmetry): what a learning update names as its move (traces only: it searches)."""
        graph = self.graph
        game, state, target = graph.game, graph.states[node], graph.states[after]
        return next(move for move in game.legal_moves(state)
                    if game.canonical(game.result(state, move)) == target)

    def _learner_side(self, game_number: int) -> int:
        return (self.games_trained + game_number) % 2

    def _opponent_step(self, opponent: Player, node: int) -> int:
        """Let `opponent` move in `node`'s position; the node it leads to."""
        graph = self.graph
        state = graph.states[node]
        return graph.node(graph.game.result(state, opponent.choose_move(state)))
