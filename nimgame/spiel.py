"""nimgame's games in OpenSpiel (the "spiel" extra: `pip install ".[spiel]"`):
importing this module registers every nimgame game (`python_nimgame_nim`,
`python_nimgame_sticks`, `python_nimgame_tictactoe`, …) with OpenSpiel's Python game API,
so its algorithms (MCTS, tabular Q-learning, CFR on small boards…) run on nimgame's rules:

    import pyspiel, nimgame.spiel
    game = pyspiel.load_game("python_nimgame_nim", {"piles": "1 3 5 7", "misere": True})

Parameters: Nim `piles` ("1 3 5 7": spaces, as OpenSpiel's game strings use commas),
`misere` (True), `max_take` (0: no cap); Sticks `sticks` (20), `max_take` (3). Actions
are numbered as in nimgame.envs (the game kit's `Codec`); a state is nimgame's own, wrapped, so the
rules are never written twice.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from .games import KITS, kit_for
from .games.base import AnyGame, State

PREFIX = "python_nimgame_"


def spiel_name(game: AnyGame | str) -> str:
    """The OpenSpiel name of `game` (or of the game called so): python_nimgame_nim."""
    return PREFIX + (game if isinstance(game, str) else game.name)


#: Every registered game in OpenSpiel: its OpenSpiel name and its parameters' defaults.
SPECS: dict[str, dict[str, Any]] = {spiel_name(name): dict(kit.spiel_defaults)
                                    for name, kit in KITS.items()}


def nimgame_game(short_name: str, params: dict[str, Any]) -> AnyGame:
    """The nimgame game an OpenSpiel game's name and parameters mean."""
    return kit_for(short_name.removeprefix(PREFIX)).from_spiel_params(params)


def _game_type(short_name: str) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=f"nimgame's {short_name.removeprefix('python_nimgame_')}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2, min_num_players=2,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=SPECS[short_name])


class NimgameSpielGame(pyspiel.Game):  # type: ignore[misc] # OpenSpiel has no types
    """A nimgame game as an OpenSpiel game."""

    def __init__(self, short_name: str, params: dict[str, Any] | None = None) -> None:
        params = {**SPECS[short_name], **(params or {})}
        self.rules = nimgame_game(short_name, params)
        self.kit = kit_for(self.rules)
        self.codec = self.kit.codec(self.rules)
        info = pyspiel.GameInfo(num_distinct_actions=self.codec.actions, max_chance_outcomes=0,
                                num_players=2, min_utility=-1.0, max_utility=1.0,
                                utility_sum=0.0,
                                max_game_length=self.kit.max_game_length(self.rules))
        super().__init__(_game_type(short_name), info, params)

    def new_initial_state(self, state: State | None = None) -> NimgameSpielState:
        return NimgameSpielState(self, self.rules.initial_state() if state is None else state)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        return Observer(self)


class NimgameSpielState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: NimgameSpielGame, inner: State) -> None:
        super().__init__(game)
        self.rules, self.kit, self.codec, self.inner = game.rules, game.kit, game.codec, inner

    def current_player(self) -> int:
        if self.rules.is_over(self.inner):
            return int(pyspiel.PlayerId.TERMINAL)
        return self.rules.to_move(self.inner)

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.codec.encode(move) for move in self.rules.legal_moves(self.inner))

    def _apply_action(self, action: int) -> None:
        self.inner = self.rules.result(self.inner, self.codec.decode(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.rules.describe_move(self.inner, self.codec.decode(action))

    def is_terminal(self) -> bool:
        return self.rules.is_over(self.inner)

    def returns(self) -> list[float]:
        if not self.rules.is_over(self.inner):
            return [0.0, 0.0]
        return [float(self.rules.outcome(self.inner, 0)), float(self.rules.outcome(self.inner,
                                                                                   1))]

    def __str__(self) -> str:
        return self.kit.text_board(self.rules, self.inner)


class Observer:
    """OpenSpiel's observer: the environments' observation, flattened, and the drawing."""

    def __init__(self, game: NimgameSpielGame) -> None:
        shape = game.codec.observation_shape
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": np.reshape(self.tensor, shape)}
        self.codec, self.kit = game.codec, game.kit

    def set_from(self, state: NimgameSpielState, player: int) -> None:
        self.dict["observation"][...] = np.reshape(self.codec.observe(state.inner, player),
                                                   self.codec.observation_shape)

    def string_from(self, state: NimgameSpielState, player: int) -> str:
        return self.kit.text_board(state.rules, state.inner)


def _register() -> None:
    """Register each game once, by a class of its own (OpenSpiel's own Python games do the
    same), named for the game: NimSpielGame makes python_nimgame_nim."""
    registered = set(pyspiel.registered_names())
    for short_name in SPECS:
        if short_name not in registered:
            pyspiel.register_game(_game_type(short_name), _game_class(short_name))


def _game_class(short_name: str) -> type[NimgameSpielGame]:
    def __init__(self: NimgameSpielGame, params: dict[str, Any] | None = None) -> None:
        NimgameSpielGame.__init__(self, short_name, params)

    title = short_name.removeprefix(PREFIX).title()
    return type(f"{title}SpielGame", (NimgameSpielGame,), {"__init__": __init__})


def load(game: AnyGame) -> NimgameSpielGame:
    """`game`, with its rules, as an OpenSpiel game."""
    loaded: NimgameSpielGame = pyspiel.load_game(spiel_name(game),
                                                 kit_for(game).spiel_params(game))
    return loaded


_register()
