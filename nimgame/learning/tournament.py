"""A class tournament: several brains and students' policy files, each pair playing the same
number of games (taking turns to move first), and a leaderboard.

An entrant is a brain (a saved AI, by its name in the library or its file) or a policy file
(`*.py` holding `policy(observation, action_mask)`, run in a process of its own by
`policy_process`, with a time limit on each move). A policy that fails — it raises, hangs,
returns no whole number or an illegal action, or cannot be loaded — loses that game, and the
tournament says so in one line naming the file and why (`Forfeit`); the games go on.

The leaderboard: a win is worth 1 point, a draw ½, a loss 0 (as `ranking`); entrants with
the same points share a rank (1, 2, 2, 4), listed among themselves in the order entered.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Protocol

from ..games.base import AnyGame, Move, State
from ..games.registry import kit_for
from ..players.base import Player
from ..ranking import Record
from ..safetext import escape
from ..storage import BrainFileError, find_brain, load
from .exports import write_csv
from .policy_process import MOVE_SECONDS, PolicyFailed, PolicyProcess

#: The leaderboard as CSV: a row per entrant, best first.
LEADERBOARD_COLUMNS = ("rank", "entrant", "kind", "games", "wins", "draws", "losses",
                       "points", "forfeits")


class Contender(Protocol):
    """One entrant ready to play: its name, what it is, and its move in a position
    (PolicyFailed, one line, when it gives none that is legal)."""

    name: str
    kind: str

    def move(self, state: State) -> Move: ...

    def close(self) -> None: ...

    def shut(self) -> None: ...


class BrainContender:
    """A saved AI, playing as it plays on a board (its best move)."""

    kind = "brain"

    def __init__(self, name: str, player: Player) -> None:
        self.name, self.player = name, player

    def move(self, state: State) -> Move:
        return self.player.choose_move(state)

    def close(self) -> None:
        pass

    def shut(self) -> None:
        pass


class PolicyContender:
    """A student's policy file, asked in its own process; it sees what a PettingZoo agent
    of the game sees (the kit's codec: observation and action mask)."""

    kind = "policy"

    def __init__(self, game: AnyGame, process: PolicyProcess) -> None:
        self.game, self.process, self.name = game, process, process.name
        self.codec = kit_for(game).codec(game)

    def move(self, state: State) -> Move:
        game, codec = self.game, self.codec
        mask = [0] * codec.actions
        for legal in game.legal_moves(state):
            mask[codec.encode(legal)] = 1
        action = self.process.move(codec.observe(state, game.to_move(state)),
                                   codec.observation_shape, mask)
        if not 0 <= action < codec.actions or not mask[action]:
            shown = action if abs(action) < 10**9 else "a huge number"
            raise PolicyFailed(f"{escape(self.name, 60)} chose action {shown}, which is not "
                               "legal here (the mask says which are)")
        return codec.decode(action)

    def close(self) -> None:
        self.process.close()

    def shut(self) -> None:
        """Stop for good, from any thread: its move being waited for fails at once."""
        self.process.shut()


def entrant_name(spec: str) -> str:
    return Path(spec).name if spec.endswith(".py") else spec


def contender_for(spec: str, game: AnyGame, move_seconds: float = MOVE_SECONDS
                  ) -> Contender:
    """The entrant `spec` names: a policy file (`*.py`), else a brain by name or file;
    ValueError, one line, for a brain that cannot be read or plays another game."""
    if spec.endswith(".py"):
        if not os.path.isfile(spec):
            raise ValueError(f"no policy file {escape(spec, 80)}")
        return PolicyContender(game, PolicyProcess(spec, move_seconds))
    try:
        learner = load(find_brain(spec), game=game)
    except BrainFileError as err:
        raise ValueError(f"{escape(spec, 60)}: {err}") from None
    if learner.game != game:
        raise ValueError(f"{escape(spec, 60)} plays {learner.game.describe_rules()}, not "
                         f"{game.describe_rules()}")
    return BrainContender(escape(learner.name or Path(spec).stem, 40), learner)


@dataclass(frozen=True)
class GameResult:
    """One game: who moved first and second (entrant numbers), the winner's number (None:
    a draw), and the line that says who forfeited it and why ("" if nobody did)."""

    first: int
    second: int
    winner: int | None
    forfeit: str = ""
    forfeited_by: int | None = None


def pairings(entrants: int, games: int) -> list[tuple[int, int]]:
    """Every pair `games` times, taking turns to move first: (first, second) per game."""
    order = []
    for a, b in itertools.combinations(range(entrants), 2):
        order += [(a, b) if number % 2 == 0 else (b, a) for number in range(games)]
    return order


def play_game(game: AnyGame, first: int, second: int,
              contenders: Sequence[Contender]) -> GameResult:
    """One game; a contender that fails to move loses it, the line saying why."""
    seats = (first, second)
    state = game.initial_state()
    while not game.is_over(state):
        mover = seats[game.to_move(state)]
        try:
            move = contenders[mover].move(state)
            state = game.result(state, move)
        except PolicyFailed as err:
            other = seats[1 - game.to_move(state)]
            return GameResult(first, second, other, f"{err}; it loses the game", mover)
    winner = game.winner(state)
    return GameResult(first, second, None if winner is None else seats[winner])


@dataclass
class Tournament:
    """The games played so far and whether it was stopped before the end."""

    names: list[str]
    kinds: list[str]
    games_per_pair: int
    results: list[GameResult] = field(default_factory=list)
    stopped: bool = False

    @property
    def total(self) -> int:
        return len(pairings(len(self.names), self.games_per_pair))


def run_tournament(game: AnyGame, contenders: Sequence[Contender], games: int,
                   progress: Callable[[GameResult, int, int], None] | None = None,
                   should_stop: Callable[[], bool] | None = None) -> Tournament:
    """A round robin: every pair of `contenders` plays `games` games. `progress(result,
    done, total)` after each; `should_stop()` checked between games. The contenders are
    closed (their processes ended) at the end, stopped or not, and on Ctrl-C."""
    if len(contenders) < 2:
        raise ValueError("a tournament needs at least two entrants")
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    played = Tournament([c.name for c in contenders], [c.kind for c in contenders], games)
    order = pairings(len(contenders), games)
    try:
        for first, second in order:
            if should_stop is not None and should_stop():
                played.stopped = True
                break
            result = play_game(game, first, second, contenders)
            played.results.append(result)
            if progress is not None:
                progress(result, len(played.results), len(order))
    finally:
        for contender in contenders:
            contender.close()
    return played


@dataclass(frozen=True, kw_only=True)
class Standing(Record):
    """One line of the leaderboard: an entrant's record (its games, points), where it
    ranks, what it is (a brain or a policy file) and the games it forfeited."""

    rank: int
    kind: str
    forfeits: int


def leaderboard(tournament: Tournament) -> list[Standing]:
    """Each entrant's wins, draws, losses and forfeits, best first by points; the same
    points share a rank (1, 2, 2, 4), in the order entered among themselves."""
    count = len(tournament.names)
    wins, draws, losses, forfeits = [0] * count, [0] * count, [0] * count, [0] * count
    for result in tournament.results:
        if result.winner is None:
            draws[result.first] += 1
            draws[result.second] += 1
        else:
            wins[result.winner] += 1
            losses[result.first + result.second - result.winner] += 1
        if result.forfeited_by is not None:
            forfeits[result.forfeited_by] += 1
    points = [wins[i] + Fraction(draws[i], 2) for i in range(count)]
    order = sorted(range(count), key=lambda i: -points[i])
    return [Standing(rank=1 + sum(p > points[i] for p in points), name=tournament.names[i],
                     kind=tournament.kinds[i], wins=wins[i], draws=draws[i],
                     losses=losses[i], forfeits=forfeits[i])
            for i in order]


def leaderboard_rows(standings: Sequence[Standing]) -> list[tuple[object, ...]]:
    return [(s.rank, s.name, s.kind, s.games, s.wins, s.draws, s.losses,
             f"{float(s.points):g}", s.forfeits) for s in standings]


def write_leaderboard(path: str | os.PathLike[str], standings: Sequence[Standing]) -> Path:
    """The leaderboard as CSV at `path`, atomically; ExportError (one line) if not."""
    return write_csv(path, LEADERBOARD_COLUMNS, leaderboard_rows(standings))
