"""How well a player plays: judged move by move against exact play, and in matches.

The judge is `PerfectPlayer` (the theory) for Nim and Sticks and `MinimaxPlayer` (search)
for Tic-Tac-Toe; positions are every canonical position reachable from the start.

A learner is asked for its play position by position (`Learner.choice`, from its table,
no moves built): it plays symmetric positions alike, so the exact measures can work on
canonical positions and cost a lookup per position — cheap enough to draw a learning
curve from while training. Other players are asked `choose_move` in every position.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from ..games.base import AnyGame, Move, State
from ..players import judge_for
from ..players.base import Player
from ..players.learner import Learner
from ..players.random_player import RandomPlayer

#: Games with more reachable positions than this are not judged move by move.
POSITION_LIMIT = 200_000


def reachable_positions(game: AnyGame, limit: int = POSITION_LIMIT) -> list[State] | None:
    """Every canonical position reachable from the start where someone must move,
    or None if there are more than `limit`."""
    start = game.canonical(game.initial_state())
    seen, queue, found = {start}, deque([start]), []
    while queue:
        state = queue.popleft()
        if game.is_over(state):
            continue
        found.append(state)
        if len(seen) > limit:
            return None
        for move in game.legal_moves(state):
            child = game.canonical(game.result(state, move))
            if child not in seen:
                seen.add(child)
                queue.append(child)
    return found


@dataclass(frozen=True)
class Verdict:
    """What exact play says about one position."""
    state: State
    outcome: int                 # +1 win, 0 draw, -1 loss for the player to move
    good_moves: frozenset[Move]  # the moves that keep that outcome
    all_equal: bool              # every move keeps it: the choice does not matter
    good_after: frozenset[State] = frozenset()   # where the good moves lead (canonical)
    after: tuple[State, ...] = ()  # the canonical positions moves lead to, in move order


class Judge(Protocol):
    """Exact play (`players.judge_for`): the outcome of a position for its mover."""

    def outcome(self, state: State) -> int: ...


def verdict(game: AnyGame, state: State, judge: Judge) -> Verdict:
    scores: dict[Move, int] = {}
    after: dict[Move, State] = {}
    for move in game.legal_moves(state):
        child = after[move] = game.result(state, move)
        if game.is_over(child):
            scores[move] = game.outcome(child, game.to_move(state))
        else:
            scores[move] = -judge.outcome(child)
    best = max(scores.values())
    good = frozenset(m for m, s in scores.items() if s == best)
    canonical = {m: game.canonical(child) for m, child in after.items()}
    return Verdict(state, best, good, len(good) == len(scores),
                   frozenset(canonical[m] for m in good), tuple(dict.fromkeys(canonical.values())))


def _keeper(player: Player) -> Callable[[Verdict], bool]:
    """Whether `player` plays a good move in a verdict's position (its table as it is)."""
    if isinstance(player, Learner):
        choice = player.chooser()
        return lambda v: choice(v.state, v.after) in v.good_after
    return lambda v: player.choose_move(v.state) in v.good_moves


@lru_cache(maxsize=16)
def verdicts(game: AnyGame) -> tuple[Verdict, ...] | None:
    """The verdict on every reachable position (cached per game), or None if too many."""
    positions = reachable_positions(game)
    if positions is None:
        return None
    judge = judge_for(game)
    return tuple(verdict(game, state, judge) for state in positions)


def winning_move_share(player: Player, game: AnyGame | None = None) -> float | None:
    """Share of the winning positions in which `player` picks a winning move."""
    game = game or player.game
    judged = verdicts(game)
    if judged is None:
        return None
    winning = [v for v in judged if v.outcome > 0]
    if not winning:
        return 1.0
    keeps = _keeper(player)
    return sum(map(keeps, winning)) / len(winning)


def optimal_move_share(player: Player, game: AnyGame | None = None) -> float | None:
    """Share of the positions where the choice matters in which `player` keeps the
    position's value (wins where it can win, draws where it can only draw)."""
    game = game or player.game
    judged = verdicts(game)
    if judged is None:
        return None
    deciding = [v for v in judged if not v.all_equal]
    if not deciding:
        return 1.0
    keeps = _keeper(player)
    return sum(map(keeps, deciding)) / len(deciding)


# -- matches -------------------------------------------------------------------------------

#: The longest game a match will start: a game that cannot end in fewer moves than this
#: (a googol of sticks taken three at a time) would run for ever, so it is refused.
MAX_GAME_MOVES = 1_000_000


def too_long(game: AnyGame) -> str | None:
    """Why no match can be played on `game` (its shortest game is too long), or None."""
    shortest = game.shortest_game()
    if shortest <= MAX_GAME_MOVES:
        return None
    return (f"every game of {game.title} on this board lasts more than "
            f"{MAX_GAME_MOVES:,} moves: too long to play out")


def play_game(game: AnyGame, first: Player, second: Player) -> int | None:
    """Play one game from the start; the winner (0 = `first`, 1 = `second`) or None."""
    return game.winner(play_out(game, (first, second)))


def play_out(game: AnyGame, players: tuple[Player, Player]) -> State:
    """The finished position of one game from the start, players[i] playing player i."""
    state = game.initial_state()
    while not game.is_over(state):
        state = game.result(state, players[game.to_move(state)].choose_move(state))
    return state


@dataclass
class MatchResult:
    """Results from `a`'s point of view, split by who moved first."""
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    wins_first: int = 0     # a won when a moved first
    wins_second: int = 0    # a won when b moved first
    losses_first: int = 0
    losses_second: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def add(self, outcome: int, a_first: bool) -> None:
        """Count one game that ended `outcome` for `a` (+1, 0, -1)."""
        self.games += 1
        self.draws += outcome == 0
        self.wins += outcome > 0
        self.losses += outcome < 0
        if a_first:
            self.wins_first += outcome > 0
            self.losses_first += outcome < 0
        else:
            self.wins_second += outcome > 0
            self.losses_second += outcome < 0


def match(game: AnyGame, a: Player, b: Player, games: int, alternate: bool = True,
          each_game: Callable[[int], None] | None = None,
          should_stop: Callable[[], bool] | None = None) -> MatchResult:
    """`a` against `b` for `games` games; `a` moves first in the even-numbered games
    (in all of them if `alternate` is False). `each_game` hears each game's outcome for
    `a` (+1, 0, -1) as it ends; `should_stop`, asked before each game, ends the match
    early (the result then counts fewer games)."""
    if games < 0:
        raise ValueError(f"games must be at least 0, not {games}")
    if games and (why := too_long(game)):
        raise ValueError(why)
    result = MatchResult()
    for number in range(games):
        if should_stop is not None and should_stop():
            break
        a_first = not alternate or number % 2 == 0
        end = play_out(game, (a, b) if a_first else (b, a))
        outcome = game.outcome(end, 0 if a_first else 1)
        result.add(outcome, a_first)
        if each_game is not None:
            each_game(outcome)
    return result


def win_rate_against_random(player: Player, games: int = 200, seed: int = 0) -> float:
    return match(player.game, player, RandomPlayer(player.game, seed=seed), games).win_rate


#: The most positions `exact_win_rate_against_random` works through before it gives up
#: (a sampled match is then cheaper than the exact answer).
EXACT_LIMIT = 5_000


class _TooBig(Exception):
    pass


def exact_win_rate_against_random(player: Player, limit: int = EXACT_LIMIT) -> float | None:
    """The share of games `player` wins against a player choosing uniformly at random,
    each side moving first in half of them (as `match` alternates): the expectation that
    `win_rate_against_random` estimates by playing, worked out exactly over the positions
    the two can reach (the player's own choice asked once per position). None if that is
    more than `limit` positions: then sampling is cheaper."""
    game = player.game
    if too_long(game):
        return None
    if isinstance(player, Learner):   # `limit` canonical positions, far more real ones
        return _learner_win_rate(player, limit)
    if game.position_bound() > 4 * limit:   # surely too big: at once
        return None
    return _played_win_rate(player, limit)


def _played_win_rate(player: Player, limit: int) -> float | None:
    """`exact_win_rate_against_random` for any player, on the real positions of play."""
    game = player.game
    memo: dict[tuple[State, int], float] = {}

    def wins(state: State, me: int) -> float:
        """The chance that `me` (who plays `player`) wins from `state`."""
        key = (state, me)
        found = memo.get(key)
        if found is not None:
            return found
        if len(memo) >= limit:
            raise _TooBig
        if game.is_over(state):
            value = 1.0 if game.winner(state) == me else 0.0
        elif game.to_move(state) == me:
            value = wins(game.result(state, player.choose_move(state)), me)
        else:
            moves = game.legal_moves(state)
            value = sum(wins(game.result(state, move), me) for move in moves) / len(moves)
        memo[key] = value
        return value

    start = game.initial_state()
    try:
        return (wins(start, 0) + wins(start, 1)) / 2
    except (_TooBig, RecursionError):
        return None


@dataclass(frozen=True)
class CanonicalTree:
    """Every canonical position reachable from the start, with where its moves lead."""
    start: State
    #: for each position still going: the canonical positions its moves lead to, in the
    #: order of the moves, each once ...
    children: dict[State, tuple[State, ...]]
    #: ... and how many of its moves lead to each
    moves: dict[State, tuple[int, ...]]
    #: for each finished position: the outcome for the player who moved into it
    ended: dict[State, int]


@lru_cache(maxsize=16)
def canonical_tree(game: AnyGame, limit: int = EXACT_LIMIT) -> CanonicalTree | None:
    """The game's `CanonicalTree` (cached per game), or None beyond `limit` positions."""
    start = game.canonical(game.initial_state())
    children: dict[State, tuple[State, ...]] = {}
    moves: dict[State, tuple[int, ...]] = {}
    ended: dict[State, int] = {}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        if state in children or state in ended:
            continue
        if len(children) + len(ended) >= limit:
            return None
        if game.is_over(state):
            ended[state] = game.outcome(state, 1 - game.to_move(state))
            continue
        counts: dict[State, int] = {}
        for move in game.legal_moves(state):
            child = game.canonical(game.result(state, move))
            counts[child] = counts.get(child, 0) + 1
        children[state], moves[state] = tuple(counts), tuple(counts.values())
        queue.extend(counts)
    return CanonicalTree(start, children, moves, ended)


def judging_tables(game: AnyGame) -> None:
    """Build (once per game: they are cached) what the exact measures work from."""
    _deciding(game)
    canonical_tree(game, EXACT_LIMIT)   # as the measures ask: one entry in the cache


def _learner_win_rate(learner: Learner, limit: int,
                      chosen: dict[State, State] | None = None) -> float | None:
    """`exact_win_rate_against_random` for a learner, on canonical positions: the random
    player's moves counted by where they lead, the learner's play asked once per position
    (a learner plays symmetric positions alike, so this is its real play's expectation).
    `chosen` is told the learner's choice in each position where it was asked."""
    tree = canonical_tree(learner.game, limit)
    if tree is None:
        return None
    children, moves, ended = tree.children, tree.moves, tree.ended
    choice = learner.chooser()
    memo: dict[tuple[State, bool], float] = {}
    chosen = {} if chosen is None else chosen

    def wins(state: State, learner_moves: bool) -> float:
        """The chance that the learner wins from `state`, the learner to move or not."""
        key = (state, learner_moves)
        found = memo.get(key)
        if found is not None:
            return found
        if learner_moves:
            after = chosen[state] = choice(state, children[state])
            value = ended[after] > 0 if after in ended else wins(after, False)
        else:
            total = 0.0
            for after, count in zip(children[state], moves[state], strict=True):
                total += count * (ended[after] < 0 if after in ended else wins(after, True))
            value = total / sum(moves[state])
        memo[key] = value = float(value)
        return value

    try:
        return (wins(tree.start, True) + wins(tree.start, False)) / 2
    except RecursionError:
        return None


@lru_cache(maxsize=16)
def _deciding(game: AnyGame) -> tuple[Verdict, ...] | None:
    """The verdicts where the choice matters (cached per game); None where `verdicts` is."""
    judged = verdicts(game)
    return None if judged is None else tuple(v for v in judged if not v.all_equal)


def learner_measures(learner: Learner, limit: int = EXACT_LIMIT
                     ) -> tuple[float | None, float | None]:
    """`optimal_move_share(learner)` and `exact_win_rate_against_random(learner)` at once
    (a learning curve's point), the learner asked once per position for both."""
    chosen: dict[State, State] = {}
    rate = None if too_long(learner.game) else _learner_win_rate(learner, limit, chosen)
    deciding = _deciding(learner.game)
    if deciding is None:
        return None, rate
    if not deciding:
        return 1.0, rate
    choice, known = learner.chooser(), chosen.get
    right = 0
    for v in deciding:
        after = known(v.state)
        right += (choice(v.state, v.after) if after is None else after) in v.good_after
    return right / len(deciding), rate
