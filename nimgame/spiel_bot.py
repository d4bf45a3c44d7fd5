"""OpenSpiel's bots as nimgame players (the optional "spiel" extra), beside the OpenSpiel
adapter (`nimgame.spiel`) whose version of the board they play on. Importing this module
adds OpenSpiel's MCTS to the players' registry as "spiel-mcts" (the command line does), so
nimgame's arena and command line can set OpenSpiel's own algorithm against nimgame's
players. Nothing imports OpenSpiel until such a player moves."""

from __future__ import annotations

import functools
import importlib.util
from collections.abc import Callable
from typing import Any

from .games.base import AnyGame, Move, State
from .games.registry import kit_for
from .players import PlayerKind, register_player
from .players.base import Player

#: The boards it takes on: those the environments can number (see nimgame.envs) and
#: that random play-outs finish quickly.
MAX_POSITIONS = 10_000_000


@functools.cache
def installed() -> bool:
    """Whether OpenSpiel is there (looked up once; nothing is imported)."""
    return importlib.util.find_spec("pyspiel") is not None


class OpenSpielBot(Player):
    """Any OpenSpiel bot as a nimgame player: `make_bot(spiel_game, player)` builds it for
    the OpenSpiel version of `game` and the seat it plays (made at its first move there,
    off a window's frame); the bot's `step(state)` chooses the action."""

    label = "OpenSpiel bot"

    def __init__(self, game: AnyGame, make_bot: Callable[[Any, int], Any]) -> None:
        super().__init__(game)
        self.make_bot = make_bot
        self.spiel_game: Any = None        # made at its first move: importing OpenSpiel
        self.bots: dict[int, Any] = {}     # takes a second or two

    def bot_for(self, player: int) -> Any:
        if self.spiel_game is None:
            from . import spiel  # OpenSpiel, only now

            self.spiel_game = spiel.load(self.game)
        if player not in self.bots:
            self.bots[player] = self.make_bot(self.spiel_game, player)
        return self.bots[player]

    @classmethod
    def supports(cls, game: AnyGame) -> bool:
        if not installed():
            return False
        try:
            kit_for(game).codec(game)   # the actions can number its moves
        except ValueError:
            return False
        return game.position_bound() <= MAX_POSITIONS

    @classmethod
    def refusal(cls, game: AnyGame, label: str = "") -> str:
        if not installed():
            return (f"{label or cls.label} needs OpenSpiel: pip install '.[spiel]' in the checkout")
        return (f"{label or cls.label} plays boards of at most {MAX_POSITIONS:,} positions "
                "that its actions can number")

    def choose_move(self, state: State) -> Move:
        self._moves(state)
        bot = self.bot_for(self.game.to_move(state))
        action = bot.step(self.spiel_game.new_initial_state(state))
        move: Move = self.spiel_game.codec.decode(int(action))
        return move


class OpenSpielMCTS(OpenSpielBot):
    """OpenSpiel's MCTS bot (random roll-outs, solving finished subtrees), seeded."""

    label = "OpenSpiel MCTS"

    def __init__(self, game: AnyGame, seed: int | None = None,
                 simulations: int = 1_000) -> None:
        def make_bot(spiel_game: Any, player: int) -> Any:
            import numpy as np
            from open_spiel.python.algorithms import mcts

            rng = np.random.RandomState(seed)
            return mcts.MCTSBot(spiel_game, 2.0, simulations,
                                mcts.RandomRolloutEvaluator(1, rng), random_state=rng,
                                solve=True)

        super().__init__(game, make_bot)


register_player(PlayerKind(
    "spiel-mcts", "OpenSpiel MCTS", "OpenSpiel's own MCTS bot on the OpenSpiel version of "
    "the board (needs the spiel extra)", OpenSpielMCTS, seeded=True, window=False))
