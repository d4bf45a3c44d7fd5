"""nimgame's games in OpenSpiel (the optional "spiel" extra: `pip install nimgame[spiel]`):
importing this module registers `python_nimgame_nim`, `python_nimgame_sticks` and
`python_nimgame_tictactoe` with OpenSpiel's Python game API, so its algorithms (MCTS,
tabular Q-learning, CFR on small boards…) run on nimgame's rules:

    import pyspiel, nimgame.spiel
    game = pyspiel.load_game("python_nimgame_nim", {"piles": "1 3 5 7", "misere": True})

Parameters: Nim `piles` ("1 3 5 7": spaces, as OpenSpiel's game strings use commas),
`misere` (True), `max_take` (0: no cap); Sticks `sticks` (20), `max_take` (3). Actions
are numbered as in nimgame.envs (`codec_for`); a state is nimgame's own, wrapped, so the
rules are never written twice.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from .envs.policy import codec_for
from .games import Nim, Sticks, TicTacToe
from .games.base import AnyGame, State
from .games.nim import parse_piles

SPECS: dict[str, dict[str, Any]] = {
    "python_nimgame_nim": {"piles": "1 3 5 7", "misere": True, "max_take": 0},
    "python_nimgame_sticks": {"sticks": 20, "max_take": 3},
    "python_nimgame_tictactoe": {},
}


def nimgame_game(short_name: str, params: dict[str, Any]) -> AnyGame:
    """The nimgame game an OpenSpiel game's name and parameters mean."""
    if short_name == "python_nimgame_nim":
        return Nim(parse_piles(str(params["piles"]).replace(" ", ",")),
                   misere=bool(params["misere"]),
                   max_take=int(params["max_take"]) or None)
    if short_name == "python_nimgame_sticks":
        return Sticks(int(params["sticks"]), int(params["max_take"]))
    return TicTacToe()


def game_length(game: AnyGame) -> int:
    """The most moves a game can last (OpenSpiel asks for it)."""
    if isinstance(game, Nim):
        return sum(game.piles)
    if isinstance(game, Sticks):
        return game.sticks
    return 9


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


class NimgameSpielGame(pyspiel.Game):
    """A nimgame game as an OpenSpiel game."""

    def __init__(self, short_name: str, params: dict[str, Any] | None = None) -> None:
        params = {**SPECS[short_name], **(params or {})}
        self.rules = nimgame_game(short_name, params)
        self.codec = codec_for(self.rules)
        info = pyspiel.GameInfo(num_distinct_actions=self.codec.actions, max_chance_outcomes=0,
                                num_players=2, min_utility=-1.0, max_utility=1.0,
                                utility_sum=0.0, max_game_length=game_length(self.rules))
        super().__init__(_game_type(short_name), info, params)

    def new_initial_state(self, state: State | None = None) -> NimgameSpielState:
        return NimgameSpielState(self, self.rules.initial_state() if state is None else state)

    def make_py_observer(self, iig_obs_type=None, params=None) -> Observer:
        return Observer(self)


class NimgameSpielState(pyspiel.State):
    def __init__(self, game: NimgameSpielGame, inner: State) -> None:
        super().__init__(game)
        self.rules, self.codec, self.inner = game.rules, game.codec, inner

    def current_player(self) -> int:
        if self.rules.is_over(self.inner):
            return pyspiel.PlayerId.TERMINAL
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
        return self.codec.draw(self.inner)


class Observer:
    """OpenSpiel's observer: the environments' observation, flattened, and the drawing."""

    def __init__(self, game: NimgameSpielGame) -> None:
        shape = game.codec.observation_shape
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": np.reshape(self.tensor, shape)}
        self.codec = game.codec

    def set_from(self, state: NimgameSpielState, player: int) -> None:
        self.dict["observation"][...] = self.codec.observe(state.inner, player)

    def string_from(self, state: NimgameSpielState, player: int) -> str:
        return self.codec.draw(state.inner)


class NimSpielGame(NimgameSpielGame):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("python_nimgame_nim", params)


class SticksSpielGame(NimgameSpielGame):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("python_nimgame_sticks", params)


class TicTacToeSpielGame(NimgameSpielGame):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("python_nimgame_tictactoe", params)


def _register() -> None:
    """Register each game once, by its class (OpenSpiel's own Python games do the same)."""
    registered = set(pyspiel.registered_names())
    for short_name, cls in (("python_nimgame_nim", NimSpielGame),
                            ("python_nimgame_sticks", SticksSpielGame),
                            ("python_nimgame_tictactoe", TicTacToeSpielGame)):
        if short_name not in registered:
            pyspiel.register_game(_game_type(short_name), cls)


def spiel_name(game: AnyGame) -> str:
    return {"nim": "python_nimgame_nim", "sticks": "python_nimgame_sticks",
            "tictactoe": "python_nimgame_tictactoe"}[game.name]


def load(game: AnyGame) -> NimgameSpielGame:
    """`game`, with its rules, as an OpenSpiel game."""
    params: dict[str, Any] = {}
    if isinstance(game, Nim):
        params = {"piles": " ".join(map(str, game.piles)), "misere": game.misere,
                  "max_take": game.max_take or 0}
    elif isinstance(game, Sticks):
        params = {"sticks": game.sticks, "max_take": game.max_take}
    return pyspiel.load_game(spiel_name(game), params)


_register()
