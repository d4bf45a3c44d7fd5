"""Players against players, and KUET's selection step over any set of strategies.

Each contender plays `games` games against the same opponent, taking turns to move first;
its win array ([1, 0, 1]: 1 = the contender won) is its chromosome. Its fitness is the
result the game gives, per game (a win 1 point, a draw ½: wins / games where a game cannot
be drawn), and selection keeps the fittest, as `ranking` ranks, saying how it chose.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..games.base import AnyGame
from ..kuet import Selected
from ..players.base import Player
from ..ranking import Ranking, Record, rank
from .evaluation import MatchResult, match


@dataclass
class ArenaResult:
    results: dict[str, MatchResult] = field(default_factory=dict)
    win_arrays: dict[str, list[int]] = field(default_factory=dict)
    #: Each game's outcome for the contender, in order: +1 won, 0 drawn, -1 lost.
    outcomes: dict[str, list[int]] = field(default_factory=dict)
    ranking: Ranking | None = None
    selected: Selected | None = None
    stopped: bool = False


def run_arena(game: AnyGame, contenders: dict[str, Player], opponent: Player, games: int,
              progress: Callable[[int, int], None] | None = None,
              should_stop: Callable[[], bool] | None = None) -> ArenaResult:
    """Each contender's `evaluation.match` against `opponent`, its wins kept in order as
    its win array; `progress(done, total)` after every game. Stopped early, the arena
    keeps what was played and selects among it."""
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    if not contenders:
        raise ValueError("the arena needs at least one contender")
    arena = ArenaResult()
    total, done = games * len(contenders), 0
    for name, player in contenders.items():
        wins: list[int] = []
        outcomes: list[int] = []

        def each_game(outcome: int, wins: list[int] = wins,
                      outcomes: list[int] = outcomes) -> None:
            nonlocal done
            wins.append(int(outcome > 0))
            outcomes.append(outcome)
            done += 1
            if progress is not None:
                progress(done, total)

        arena.results[name] = match(game, player, opponent, games, each_game=each_game,
                                    should_stop=should_stop)
        arena.win_arrays[name] = wins
        arena.outcomes[name] = outcomes
        if len(wins) < games:
            arena.stopped = True
            break
    arena.ranking = ranking = rank([Record(name, r.wins, r.draws, r.losses)
                                    for name, r in arena.results.items()])
    first = ranking.first
    arena.selected = Selected(first.name, list(arena.win_arrays[first.name]),
                              float(first.fitness), ranking.how)
    return arena
