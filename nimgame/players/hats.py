"""The Game of Sticks "hats" learner (MENACE's matchboxes), for any game here.

A hat per position holds balls, one kind per move. To move, draw a ball at random and set
it beside the hat. After the game each ball goes back with a bonus or a penalty: the seed's
scheme for games without draws (win: back with one more of its kind; loss: thrown away),
MENACE's for Tic-Tac-Toe (win +3, draw +1, loss -1). The last ball of a kind is never
thrown away, so no move is ever ruled out. Where a game's kit says so, training uses other
numbers by default (Sticks: win +4, loss -10, `GameKit.hats_scheme`); the seed's computer
keeps the seed's (`seed_scheme`).

How many balls a hat starts with matters where draws exist. The seed's one ball per kind
suits Sticks and Nim. In Tic-Tac-Toe self-play, one ball lets a gamble that beat a still
clumsy opponent early on pile up balls that later losses take a long time to remove; like
MENACE's matchboxes, which started with several beads, hats there start with 16 balls of
each kind, so early luck weighs little. Measured over 12 seeds of 50,000 games: with 1 ball
every seed tried lost to Minimax; with 8, one of 12 did; with 16, none did (see bench/).

Hats hold counts, not lists of balls, so memory stays flat however long it trains. Moves
leading to the same position up to symmetry share one kind of ball, and symmetric
positions share one hat.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from typing import Any, cast

from ..games.base import AnyGame, Move, State
from ..games.registry import kit_for
from ..plain import all_whole_within, is_whole, refusal
from .base import MoveValues, Player
from .learner import Learner
from .updates import GameStarted, HatUpdate, UpdateSink

STICKS_SCHEME = (1, 0, 1)     # (win bonus, draw bonus, loss penalty)
MENACE_SCHEME = (3, 1, 1)


def seed_scheme(game: AnyGame) -> tuple[int, int, int]:
    """The balls of the seeds' hats: MENACE's where draws exist, else the Sticks seed's (a
    win puts one more ball back, a loss throws the ball away). The seed's computer keeps
    these; a game's kit may train with others by default (`GameKit.hats_scheme`)."""
    return MENACE_SCHEME if game.has_draws else STICKS_SCHEME


def default_scheme(game: AnyGame) -> tuple[int, int, int]:
    """A new hat learner's balls for `game`: its kit's training scheme, else the seed's."""
    try:
        trained = kit_for(game).hats_scheme
    except ValueError:   # a game without a kit (tests make some)
        trained = None
    return trained or seed_scheme(game)


MENACE_BALLS = 16   # balls of each kind a hat starts with in games that can be drawn
MAX_BALLS = 10**12  # balls of one kind in one hat, read back from a file


def share(part: int, whole: int) -> str:
    """`part` of `whole` as a percentage that says 0% and 100% only when it is so: 1 ball
    of 830 is "<1%", 829 of them ">99%"."""
    fraction = part / whole
    if 0 < fraction < 0.01:
        return "<1%"
    if 0.99 < fraction < 1:
        return ">99%"
    return f"{fraction:.0%}"


def _plain_hats(hats: list[Any]) -> bool:
    """Whether every hat in `hats` is None or a list of ints from 1 to MAX_BALLS (tested in
    C: a table holds hundreds of hats)."""
    lists = [hat for hat in hats if hat is not None]
    return set(map(type, lists)) <= {list} and all_whole_within(
        list(itertools.chain.from_iterable(lists)), 1, MAX_BALLS)


class HatLearner(Learner):
    label = "Hats"
    weighs_moves = True
    #: At most one hat per position: None (not made yet), or its ball count per move.
    table_fields = ("hats",)

    def __init__(self, game: AnyGame, scheme: tuple[int, int, int] | None = None,
                 initial_balls: int | None = None) -> None:
        super().__init__(game)
        if scheme is None:
            scheme = default_scheme(game)
        if len(scheme) != 3 or any(not isinstance(v, int) or v < 0 for v in scheme):
            raise ValueError(f"scheme is (win bonus, draw bonus, loss penalty), "
                             f"whole numbers >= 0, not {scheme!r}")
        if initial_balls is None:
            initial_balls = MENACE_BALLS if game.has_draws else 1
        if not isinstance(initial_balls, int) or initial_balls < 1:
            raise ValueError(f"initial_balls must be at least 1, not {initial_balls!r}")
        self.scheme = tuple(scheme)
        self.initial_balls = initial_balls
        self.counts: list[list[int] | None] = []  # per node, parallel to its successors
        self.totals: list[int] = []

    def settings(self) -> dict[str, Any]:
        return {"scheme": self.scheme, "initial_balls": self.initial_balls}

    def _export_values(self) -> dict[str, Any]:
        # Up to the last hat made: how far `counts` has grown with the graph (each chunk of
        # training grows it) is no part of what was learned.
        counts = self.counts
        end = len(counts)
        while end and counts[end - 1] is None:
            end -= 1
        return {"hats": [None if h is None else list(h) for h in counts[:end]]}

    @classmethod
    def _check_values(cls, table: dict[str, Any], size: int) -> None:
        hats = table["hats"]
        if not isinstance(hats, list) or len(hats) > size:
            raise ValueError("the table must hold at most one hat per position")
        if _plain_hats(hats):
            return
        for hat in hats:
            if hat is not None and (not isinstance(hat, list) or not all(
                    is_whole(b) and 1 <= b <= MAX_BALLS for b in hat)):
                raise ValueError(refusal("every hat", hat,
                                         f"a list of ball counts from 1 to {MAX_BALLS:,}"))

    def _import_values(self, table: dict[str, Any], size: int) -> None:
        hats = table["hats"]
        if len(hats) > size:
            raise ValueError("the table has more hats than positions")
        plain = _plain_hats(hats)   # as checked: each ball count an int from 1 up
        if plain and self._import_known(hats):
            return
        graph = self.graph
        expand = graph.expand
        counts: list[list[int] | None] = []
        totals: list[int] = []
        self.counts, self.totals = counts, totals
        for node, hat in enumerate(hats):   # each hat made as `_hat` makes it, then filled
            if hat is None:
                continue
            if len(counts) < len(graph):
                missing = len(graph) - len(counts)
                counts.extend([None] * missing)
                totals.extend([0] * missing)
            if len(hat) != len(expand(node)) or (
                    not plain and any(int(b) < 1 for b in hat)):
                raise ValueError("a hat does not hold one kind of ball per move")
            made = counts[node] = list(hat) if plain else [int(b) for b in hat]
            totals[node] = sum(made)

    def _import_known(self, hats: list[list[int] | None]) -> bool:
        """`_import_values` of plain `hats` in a few passes, when the graph is as a table
        leaves it (nothing expanded) and the moves of every position with a hat lead to
        positions it holds; else False, with nothing changed (the hats are then made one
        by one)."""
        graph = self.graph
        nodes = [node for node, hat in enumerate(hats) if hat is not None]
        made = [hat for hat in hats if hat is not None]
        if graph.predecessors is not None or any(graph.successors[n] for n in nodes):
            return False
        known, after = graph.positions.known_after.get, graph.positions.after
        states, index = graph.states, graph.index
        try:
            successors = [tuple([index[key] for key in known(states[node]) or after(
                states[node])]) for node in nodes]
        except KeyError:   # a move leads to a position the graph does not hold
            return False
        if any(len(hat) != len(kinds) for hat, kinds in zip(made, successors, strict=True)):
            return False
        counts: list[list[int] | None] = [None] * len(graph) if nodes else []
        totals = [0] * len(counts)
        for node, kinds, hat in zip(nodes, successors, made, strict=True):
            graph.successors[node] = kinds
            counts[node] = list(hat)
            totals[node] = sum(hat)
        self.counts, self.totals = counts, totals
        return True

    # -- what it knows ------------------------------------------------------------------
    def _hat(self, node: int) -> list[int]:
        """The ball counts of node's hat, made (one ball of each kind) on first use."""
        counts = self.counts
        if len(counts) < len(self.graph):
            missing = len(self.graph) - len(counts)
            counts.extend([None] * missing)
            self.totals.extend([0] * missing)
        hat = counts[node]
        if hat is None:
            kinds = len(self.graph.expand(node))
            hat = counts[node] = [self.initial_balls] * kinds
            self.totals[node] = self.initial_balls * kinds
        return hat

    def hat(self, state: State) -> dict[Move, int]:
        """How many balls of each legal move the hat for `state` holds."""
        node = self.graph.node(state)
        kinds = self.graph.expand(node)
        hat = self._hat(node)
        where = {after: i for i, after in enumerate(kinds)}
        return {move: hat[where[after]] for move, after in self.graph.afterstates(state)
                if after is not None}   # never None: expand met every successor

    move_scores = hat

    def move_values(self, state: State, picks: str = "It plays the move with the most balls."
                    ) -> MoveValues:
        """Its hat for `state`: how many balls of each move it holds and what share of the
        hat that is; `picks`: how it chooses from them."""
        balls = self.hat(state)
        total = self.totals[self.graph.node(state)]
        return MoveValues(
            "hat", balls, {move: f"{count:,} ball{'s' * (count != 1)}, {share(count, total)}"
                           for move, count in balls.items()},
            "Balls of each move in its hat here, and their share of the hat (the chance of "
            "drawing one).", f"A move that won gains balls, one that lost loses them. {picks}",
            order="most balls first")

    def choice(self, canon: State, after: Sequence[State]) -> State:
        # The first of the most balls, as choose_move: a hat holds a kind of ball per
        # position `after` names, in the same order; a hat not made yet, one of each.
        node = self.graph.index.get(canon)
        counts = self.counts
        hat = counts[node] if node is not None and node < len(counts) else None
        return after[hat.index(max(hat))] if hat is not None else after[0]

    # -- playing as the seed's AI: draw a ball, learn when the game ends -----------------
    def draw_move(self, state: State, rng: random.Random,
                  beside: list[tuple[int, int]]) -> Move:
        """Draw a random ball from `state`'s hat, set it `beside` (a list kept for the
        game), and return the move it names."""
        node = self.graph.node(state)
        kinds = self.graph.expand(node)
        hat = self._hat(node)
        pick = rng.random() * self.totals[node]
        ball, seen = 0, hat[0]
        while pick >= seen:
            ball += 1
            seen += hat[ball]
        beside.append((node, ball))
        return next(move for move, after in self.graph.afterstates(state)
                    if after == kinds[ball])

    def settle_game(self, beside: list[tuple[int, int]], result: int,
                    sink: UpdateSink | None = None) -> None:
        """Put back the balls drawn in one game: result +1 won, 0 drew, -1 lost. `sink`
        is told of each ball put back (the caller, who saw the game, tells it when the game
        started: `on_game`)."""
        self._settle([n for n, _ in beside], [b for _, b in beside], result, sink)
        self.games_trained += 1

    # -- training -----------------------------------------------------------------------
    def train_games(self, games: int, rng: random.Random,
                    opponent: Player | None = None, explore: float = 0.0,
                    sink: UpdateSink | None = None) -> None:
        graph = self.graph
        if not graph.terminal[graph.root]:
            if opponent is None:
                self._battle(games, rng, self, explore, sink)
            else:
                self._against(games, rng, opponent, explore, sink)
        self.games_trained += games

    def _draw(self, node: int, rnd: Callable[[], float]) -> int:
        """Draw a ball from node's hat: the index of the move it names."""
        hat = self._hat(node)
        pick = rnd() * self.totals[node]
        ball, seen = 0, hat[0]
        while pick >= seen:
            ball += 1
            seen += hat[ball]
        return ball

    def train_pair(self, second: HatLearner, games: int, rng: random.Random,
                   explore: float = 0.0, sink: UpdateSink | None = None) -> None:
        """The seed's pre-training: two AIs battle `games` times, this one moving first and
        `second` second, each drawing from and learning in its own hats only (`train_games`
        without an opponent is the other model: one set of hats plays both sides).

        `second` is a new hat learner of the same game and scheme, which takes this one's
        position graph so that a node names the same position for both, or the one this
        learner was paired with before (the battle goes on). `sink` hears both AIs' updates,
        the second's marked `second`."""
        if second is self or not isinstance(second, HatLearner) or second.game != self.game \
                or second.scheme != self.scheme:
            raise ValueError("the second AI must be a hat learner of the same game")
        if second.graph is not self.graph:
            if second.games_trained or second.counts:
                raise ValueError("the second AI must be new, or paired with this one before")
            second.graph = self.graph
        if not self.graph.terminal[self.graph.root]:
            self._battle(games, rng, second, explore, sink)
        self.games_trained += games
        second.games_trained += games

    def _battle(self, games: int, rng: random.Random, second: HatLearner,
                explore: float = 0.0, sink: UpdateSink | None = None) -> None:
        """`games` games from the start (or, a share `explore` of them, from an exploring
        start), this learner's hats moving first and `second`'s (this one itself in
        self-play) second; each learns from its own draws."""
        graph = self.graph
        # A node whose hat a ball is drawn from has been expanded (a cast, not a check).
        successors = cast("list[tuple[int, ...]]", graph.successors)
        terminal, reward = graph.terminal, graph.reward
        rnd, root = rng.random, graph.root
        sides = (self, second)
        paired = second is not self   # train_pair: the second AI's updates say so
        for side in sides:
            side._hat(root)
        for number in range(games):
            node = self._exploring_node(rng) if explore and rnd() < explore else root
            if sink is not None:
                self._tell_start(sink, number, node)
            nodes: list[int] = []  # the k-th move: nodes[k], balls[k]; players alternate
            balls: list[int] = []
            mover = 0
            while True:
                learner = sides[mover]
                counts = learner.counts
                hat = counts[node] if node < len(counts) else None
                if hat is None:
                    ball = learner._draw(node, rnd)
                else:  # inlined draw: this is the hot path
                    pick = rnd() * learner.totals[node]
                    ball, seen = 0, hat[0]
                    while pick >= seen:
                        ball += 1
                        seen += hat[ball]
                nodes.append(node)
                balls.append(ball)
                node = successors[node][ball]
                if terminal[node]:
                    break
                mover = 1 - mover
            last = (len(nodes) - 1) % 2  # who made the final move
            sides[last]._settle(nodes[last::2], balls[last::2], reward[node], sink,
                                paired and last == 1)
            sides[1 - last]._settle(nodes[1 - last::2], balls[1 - last::2], -reward[node],
                                    sink, paired and last == 0)

    def _against(self, games: int, rng: random.Random, opponent: Player,
                 explore: float = 0.0, sink: UpdateSink | None = None) -> None:
        graph, rnd = self.graph, rng.random
        for number in range(games):
            me = self._learner_side(number)
            node, side = self._start(explore, rng), 0
            if sink is not None:
                self._tell_start(sink, number, node)
            nodes: list[int] = []
            balls: list[int] = []
            while True:
                if side == me:
                    ball = self._draw(node, rnd)
                    nodes.append(node)
                    balls.append(ball)
                    after = graph.expand(node)[ball]
                else:
                    after = self._opponent_step(opponent, node)
                if graph.terminal[after]:
                    break
                node, side = after, 1 - side
            mine = graph.reward[after] if side == me else -graph.reward[after]
            self._settle(nodes, balls, mine, sink)

    def _tell_start(self, sink: UpdateSink, number: int, node: int) -> None:
        """Tell `sink` that game `number` of this training call starts at `node`."""
        sink.on_game(GameStarted(self.games_trained + number + 1, self.graph.states[node]))

    def _settle(self, nodes: list[int], balls: list[int], result: float,
                sink: UpdateSink | None = None, second: bool = False) -> None:
        """Put back the balls one player drew, with the bonus or penalty its result earns;
        `sink` is told of each (`second`: these are the second AI's of `train_pair`)."""
        if sink is not None:
            self._settle_told(nodes, balls, result, sink, second)
            return
        # Every hat here was made when its ball was drawn (a cast, not a check: hot path).
        counts, totals = cast("list[list[int]]", self.counts), self.totals
        win, draw, loss = self.scheme
        if result > 0 or (result == 0 and draw):
            bonus = win if result > 0 else draw
            for node, ball in zip(nodes, balls, strict=False):
                counts[node][ball] += bonus
                totals[node] += bonus
        elif result < 0:
            for node, ball in zip(nodes, balls, strict=False):
                hat = counts[node]
                before = hat[ball]
                if before > 1:
                    kept = before - loss if before > loss else 1
                    hat[ball] = kept
                    totals[node] -= before - kept

    def _settle_told(self, nodes: list[int], balls: list[int], result: float,
                     sink: UpdateSink, second: bool) -> None:
        """`_settle`, one ball at a time, telling `sink` of each: the very same code puts
        each ball back, so a traced game learns what an untraced one does."""
        graph = self.graph
        for node, ball in zip(nodes, balls, strict=True):
            hat = cast("list[int]", self.counts[node])
            before = tuple(hat)
            self._settle([node], [ball], result)
            after = tuple(hat)
            moves = tuple(self._move_between(node, kind) for kind in graph.expand(node))
            sink.on_update(HatUpdate(
                hat=graph.states[node], node=node, ball=ball, move=moves[ball], moves=moves,
                result=(result > 0) - (result < 0), change=after[ball] - before[ball],
                before=before, after=after, second=second))
