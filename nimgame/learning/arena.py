"""Players against players, and KUET's selection step over any set of strategies.

Each contender plays `games` games against the same opponent, taking turns to move first;
its win array ([1, 0, 1]: 1 = the contender won) is its chromosome, wins / games its
fitness, and selection keeps the fittest.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..games.base import Game
from ..kuet import Selected, selection
from ..players.base import Player
from .evaluation import MatchResult, play_game, too_long


@dataclass
class ArenaResult:
    results: dict[str, MatchResult] = field(default_factory=dict)
    win_arrays: dict[str, list[int]] = field(default_factory=dict)
    selected: Selected | None = None
    stopped: bool = False


def run_arena(game: Game, contenders: dict[str, Player], opponent: Player, games: int,
              progress: Callable[[int, int], None] | None = None,
              should_stop: Callable[[], bool] | None = None) -> ArenaResult:
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    if not contenders:
        raise ValueError("the arena needs at least one contender")
    if why := too_long(game):
        raise ValueError(why)
    arena = ArenaResult()
    total, done = games * len(contenders), 0
    for name, player in contenders.items():
        result, wins = MatchResult(), []
        for number in range(games):
            if should_stop is not None and should_stop():
                arena.stopped = True
                break
            first = number % 2 == 0
            winner = play_game(game, player, opponent) if first else \
                play_game(game, opponent, player)
            result.games += 1
            won = winner is not None and (winner == 0) == first
            lost = winner is not None and not won
            result.draws += winner is None
            result.wins += won
            result.losses += lost
            if first:
                result.wins_first += won
                result.losses_first += lost
            else:
                result.wins_second += won
                result.losses_second += lost
            wins.append(int(won))
            done += 1
            if progress is not None:
                progress(done, total)
        arena.results[name] = result
        arena.win_arrays[name] = wins
        if arena.stopped:
            break
    arena.selected = selection(arena.win_arrays)
    return arena
