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

As in OpenSpiel's built-in games, `str(state)` is the position with the player to move (value
iteration keys states by it) and the information state is the history of actions (perfect
recall, which CFR, fictitious play, tabular policies and the sequence-form LP assume), so
they give the built-in `nim`'s answers on the same boards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel

from .games import KITS, GameKit, kit_for
from .games.base import AnyGame, State
from .games.kit import AnyCodec

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
        self.bridge = Bridge(self.rules, self.kit, self.codec)
        info = pyspiel.GameInfo(num_distinct_actions=self.codec.actions, max_chance_outcomes=0,
                                num_players=2, min_utility=-1.0, max_utility=1.0,
                                utility_sum=0.0,
                                max_game_length=self.kit.max_game_length(self.rules))
        super().__init__(_game_type(short_name), info, params)

    def new_initial_state(self, state: State | None = None) -> NimgameSpielState:
        """The game's start, or (for nimgame's OpenSpiel bot) nimgame's position `state`."""
        if state is None or state == self.rules.initial_state():
            return NimgameSpielState(self, self.rules.initial_state())
        return NimgameSpielState(self, state, position_text(self.rules, self.kit, state))

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> BoardObserver | HistoryObserver:
        """OpenSpiel's observer for a kind of observation, as its Python tic_tac_toe does:
        the position by default (and for public information without perfect recall); the
        history otherwise (information states have perfect recall)."""
        if iig_obs_type is None or (iig_obs_type.public_info
                                    and not iig_obs_type.perfect_recall):
            return BoardObserver(self, params)
        return HistoryObserver(iig_obs_type, params)


@dataclass(frozen=True)
class Bridge:
    """A game's rules, kit and action numbering, shared by all its states: OpenSpiel clones a
    Python state by deep-copying each attribute, and these never change, so a clone shares
    them (copying them, and the position, took two thirds of fictitious play's time)."""

    rules: AnyGame
    kit: GameKit
    codec: AnyCodec

    def __deepcopy__(self, memo: dict[int, Any]) -> Bridge:
        return self


@dataclass(frozen=True)
class Position:
    """A nimgame state: it never changes (a move makes a new one), so clones share it."""

    state: State

    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        return self


class NimgameSpielState(pyspiel.State):  # type: ignore[misc]
    """A nimgame state in OpenSpiel. `str` is the position and the player to move (OpenSpiel's
    value iteration keys states by it); OpenSpiel keeps the actions (`history`), which are
    the information state. A state made from a position other than the game's start (as
    nimgame's OpenSpiel bot does) remembers where it began: `start_text`."""

    def __init__(self, game: NimgameSpielGame, inner: State, start_text: str = "") -> None:
        super().__init__(game)
        self.bridge, self.position, self.start_text = game.bridge, Position(inner), start_text

    @property
    def inner(self) -> State:
        """nimgame's state of the game."""
        return self.position.state

    @property
    def rules(self) -> AnyGame:
        return self.bridge.rules

    @property
    def kit(self) -> GameKit:
        return self.bridge.kit

    @property
    def codec(self) -> AnyCodec:
        return self.bridge.codec

    def current_player(self) -> int:
        if self.rules.is_over(self.inner):
            return int(pyspiel.PlayerId.TERMINAL)
        return self.rules.to_move(self.inner)

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.codec.encode(move) for move in self.rules.legal_moves(self.inner))

    def _apply_action(self, action: int) -> None:
        self.position = Position(self.rules.result(self.inner, self.codec.decode(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.rules.describe_move(self.inner, self.codec.decode(action))

    def is_terminal(self) -> bool:
        return self.rules.is_over(self.inner)

    def returns(self) -> list[float]:
        if not self.rules.is_over(self.inner):
            return [0.0, 0.0]
        return [float(self.rules.outcome(self.inner, 0)), float(self.rules.outcome(self.inner,
                                                                                   1))]

    def moves_text(self) -> str:
        """The information state: the actions so far ("0, 6, 4", as the built-in games write
        their history), after the position it began at where that is not the start."""
        moves: str = self.history_str()
        return f"{self.start_text}then: {moves}" if self.start_text else moves

    def __str__(self) -> str:
        return position_text(self.rules, self.kit, self.inner)


def position_text(rules: AnyGame, kit: GameKit, inner: State) -> str:
    """The position with the player to move on top: one text per board and player, as the
    built-in games' `str` ("(1): 0 2 1" in nim), where nimgame's drawing of the board alone
    leaves the player out (Nim, Sticks)."""
    player = rules.to_move(inner)
    if not rules.is_over(inner):
        head = f"Player {player} to move"
    else:
        winner = rules.winner(inner)
        ending = "drawn" if winner is None else f"won by player {winner}"
        head = f"Game over, {ending} (player {player}'s turn)"
    return f"{head}\n{kit.text_board(rules, inner)}"


def _no_parameters(params: dict[str, Any] | None) -> None:
    if params:
        raise ValueError(f"Observation parameters not supported; passed {params}")


class BoardObserver:
    """OpenSpiel's default observer: the environments' observation, flattened, and the
    position (`str` of the state)."""

    def __init__(self, game: NimgameSpielGame, params: dict[str, Any] | None = None) -> None:
        _no_parameters(params)
        shape = game.codec.observation_shape
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": np.reshape(self.tensor, shape)}
        self.codec = game.codec

    def set_from(self, state: NimgameSpielState, player: int) -> None:
        self.dict["observation"][...] = np.reshape(self.codec.observe(state.inner, player),
                                                   self.codec.observation_shape)

    def string_from(self, state: NimgameSpielState, player: int) -> str:
        return str(state)


class HistoryObserver:
    """The observer of OpenSpiel's information states (perfect recall) and of the other kinds
    of imperfect-information observation, as OpenSpiel's `IIGObserverForPublicInfoGame`:
    everything is public, so the public information is the history and the private
    information nothing; no tensor."""

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None = None) -> None:
        _no_parameters(params)
        self.public_info = bool(iig_obs_type.public_info)
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: NimgameSpielState, player: int) -> None:
        pass

    def string_from(self, state: NimgameSpielState, player: int) -> str:
        return state.moves_text() if self.public_info else ""


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
