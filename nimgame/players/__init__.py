"""Players behind one interface, and a registry of them for menus and the command line."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..games.base import AnyGame
from ..games.registry import kit_for
from .base import Player
from .explain import hint, hint_move, hint_moves
from .hats import HatLearner
from .idastar import IdaStarPlayer
from .learner import CurveRecord, Learner
from .mcts import MCTSPlayer
from .mcts_trace import (
    DecisionRecord,
    DecisionSteps,
    Iteration,
    exact_verdicts,
    settling,
    verdict_sentence,
)
from .minimax import MinimaxPlayer
from .perfect import PerfectPlayer
from .qlearner import DEFAULT_ALPHA as Q_ALPHA
from .qlearner import DEFAULT_EPSILON as Q_EPSILON
from .qlearner import QLearner
from .random_player import RandomPlayer


@dataclass(frozen=True)
class PlayerKind:
    name: str                           # short name for the CLI: "perfect"
    label: str                          # for menus: "Perfect"
    description: str                    # one line saying what it does
    cls: type[Player]
    options: tuple[tuple[str, object], ...] = ()   # fixed constructor arguments
    by_theory: bool = False                        # said in the game's theory's words
    seeded: bool = False                           # takes a `seed` (it plays by chance)
    window: bool = True                            # offered in the window's menus

    def describe(self, game: AnyGame) -> str:
        """What it does, said for `game` where that differs (the theory it plays by, in the
        game kit's words)."""
        return (self.by_theory and kit_for(game).theory_words) or self.description

    def supports(self, game: AnyGame) -> bool:
        return self.cls.supports(game)

    def make(self, game: AnyGame, **kwargs: Any) -> Player:
        return self.cls(game, **dict(self.options), **kwargs)


PLAYERS: dict[str, PlayerKind] = {kind.name: kind for kind in (
    PlayerKind("random", "Random", "picks any legal move at random", RandomPlayer,
               seeded=True),
    PlayerKind("easy", "Easy (IDA*)",
               "IDA* toward the empty board, as in KUET NimX's Easy mode: beatable",
               IdaStarPlayer),
    PlayerKind("minimax", "Hard (minimax)", "searches the whole game tree: never errs",
               MinimaxPlayer, (("alpha_beta", False),)),
    PlayerKind("alphabeta", "Hard (alpha-beta)",
               "minimax that skips branches that cannot matter: same moves, less work",
               MinimaxPlayer, (("alpha_beta", True),)),
    PlayerKind("perfect", "Perfect", "plays by the theory: never errs, at once", PerfectPlayer,
               by_theory=True),
    PlayerKind("mcts", "MCTS", "Monte Carlo tree search: plays 1,000 random games from the "
               "position and picks the move that did best", MCTSPlayer, seeded=True),
    PlayerKind("q", "Q-learning", "learns a value for each move from its rewards, as CS50's "
               "Nim AI does", QLearner),
    PlayerKind("hats", "Hats", "draws balls from a hat per position; good moves get more "
               "balls (the Sticks seed's AI, MENACE)", HatLearner),
)}


def register_player(kind: PlayerKind) -> PlayerKind:
    """Add a kind of player made outside this package (an adapter's: OpenSpiel's bots in
    `nimgame.spiel_bot`), listed after the others; once per name."""
    if PLAYERS.get(kind.name, kind) != kind:
        raise ValueError(f"a player called {kind.name!r} is registered already")
    PLAYERS[kind.name] = kind
    return kind


#: The kinds of learner, by the short name brain files, the worker and the CLI use.
LEARNERS: dict[str, type[Learner]] = {"q": QLearner, "hats": HatLearner}


def make_learner(kind: str, game: AnyGame, **settings: Any) -> Learner:
    """A new learner of `kind` ("q", "hats") with its `settings` (e.g. alpha, epsilon);
    ValueError saying what exists if the kind is unknown, or why it cannot learn `game`."""
    cls = LEARNERS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"unknown learner {kind!r:.40}; choose from {', '.join(LEARNERS)}")
    if not cls.supports(game):
        raise ValueError(cls.refusal(game))
    return cls(game, **settings)


def judge_for(game: AnyGame) -> PerfectPlayer | MinimaxPlayer:
    """The exact player for `game`: the theory where it applies (any board, instantly),
    else the full search. It judges accuracy and is the "perfect" opponent everywhere."""
    return PerfectPlayer(game) if PerfectPlayer.supports(game) else MinimaxPlayer(game)


def available_players(game: AnyGame, window: bool = False) -> list[PlayerKind]:
    """The kinds of player that can play `game`, in menu order; `window`: only those the
    window offers (not OpenSpiel's bot: importing OpenSpiel holds up a window for half a
    second or more at its first move, so it plays from the command line and Python)."""
    return [kind for kind in PLAYERS.values() if kind.supports(game)
            and (kind.window or not window)]


def make_player(name: str, game: AnyGame, **kwargs: Any) -> Player:
    """A new player of the kind called `name`; ValueError saying what exists if unknown."""
    kind = PLAYERS.get(name)
    if kind is None:
        raise ValueError(f"unknown player {name!r}; choose from {', '.join(PLAYERS)}")
    if not kind.supports(game):
        raise ValueError(kind.cls.refusal(game, kind.label))
    return kind.make(game, **kwargs)


__all__ = ["LEARNERS", "PLAYERS", "CurveRecord", "DecisionRecord", "DecisionSteps", "HatLearner",
           "IdaStarPlayer", "Iteration", "Learner", "MCTSPlayer", "MinimaxPlayer",
           "PerfectPlayer", "Player", "PlayerKind", "QLearner", "Q_ALPHA", "Q_EPSILON",
           "RandomPlayer",
           "available_players", "exact_verdicts", "hint", "hint_move", "hint_moves",
           "judge_for", "make_learner", "make_player", "register_player", "settling",
           "verdict_sentence"]
