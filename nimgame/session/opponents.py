"""Who a person can play against, and the seat each choice makes: the one place that
decides who plays and whether it practises first, for the window and the command line.

A choice is typed, never a menu text: a friend at the same screen, the seed's Sticks
computer (learning as you play, or trained first), a kind of player from the registry, or
a saved brain. Nothing here draws; the set-up screen lists `opponents` and asks `seat_for`.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass

from .. import storage
from ..games.base import AnyGame
from ..games.registry import kit_for
from ..learning.training import STICKS_PRACTICE_GAMES, practice_games, train
from ..match import Seat
from ..players import PLAYERS, HatLearner, Learner, available_players
from ..players.base import Player
from .choice import Named, Saved, menu_label, player_for
from .setup import AI_NAME, MatchSetup
from .sticks_computer import COMPUTER_NAME, HatDrawer, computer_plays, load_computer


@dataclass(frozen=True)
class Friend:
    """A second person at this screen."""


@dataclass(frozen=True)
class SticksComputer:
    """The seed's Sticks computer: hats saved between games (`learns`), or trained
    `STICKS_PRACTICE_GAMES` games first."""

    learns: bool


Opponent = Friend | SticksComputer | Named | Saved

FRIEND = "A friend at this screen"
COMPUTER = "The computer (learns as you play)"
TRAINED = "The trained computer (100,000 games first)"


def opponents(game_key: str, probe: AnyGame, saved: list[storage.BrainInfo],
              rules: AnyGame | None = None) -> dict[str, Opponent]:
    """Menu text -> opponent, for `game_key` (whose default rules `probe` has): the Sticks
    computers first on their own game, then every registry kind that can play it, the
    saved brains trained on the `rules` chosen (a brain plays only the board it learned;
    all of the game's while the rules are not known yet), and a friend."""
    found: dict[str, Opponent] = {}
    if computer_plays(game_key):
        found[COMPUTER] = SticksComputer(learns=True)
        found[TRAINED] = SticksComputer(learns=False)
    for kind in available_players(probe, window=True):
        found[f"{kind.label} — {kind.describe(probe)}"] = Named(kind.name)
    for info in saved:
        if info.header is not None and info.header.game.name == game_key and (
                rules is None or info.header.game == rules):
            games = f" ({info.header.games_trained:,} games)"
            found[menu_label("Saved: ", info.name, found, games)] = Saved(info.path)
    found[FRIEND] = Friend()
    return found


def default_opponent(game_key: str, choices: dict[str, Opponent]) -> str:
    """The menu text chosen at first: the game's own opponent, as its kit names it (each
    seed's: the learning computer for Sticks, CS50's minimax for Tic-Tac-Toe, CS50's
    Q-learning for Nim), else the first."""
    name = kit_for(game_key).default_opponent
    wanted = SticksComputer(True) if name == COMPUTER_NAME else Named(name)
    return next((text for text, what in choices.items() if what == wanted), next(iter(choices)))


def seat_for(opponent: Opponent, game: AnyGame, loaded: Future[Learner] | None = None
             ) -> tuple[Seat, str]:
    """The seat `opponent` takes in `game`, and anything the person should be told. A saved
    brain must have been read already (`loaded`, off the frame); ValueError or
    BrainFileError saying why a choice cannot play."""
    if isinstance(opponent, Friend):
        return Seat("Friend"), ""
    if isinstance(opponent, SticksComputer):
        if not computer_plays(game.name):
            raise ValueError("The Sticks computer plays only the Game of Sticks.")
        if not opponent.learns:
            return Seat(AI_NAME, HatDrawer(HatLearner(game), game), pretrain=STICKS_PRACTICE_GAMES,
                        label="Hats, trained"), ""
        learner, problem = load_computer()
        notice = f"The computer's saved hats were unreadable ({problem})." if problem else ""
        return Seat(AI_NAME, HatDrawer(learner, game), learns=True,
                    label="Hats, learning as you play"), notice
    if isinstance(opponent, Saved):
        if loaded is None:
            raise ValueError("The saved AI has not been read yet.")
        brain = loaded.result()
        return Seat(AI_NAME, brain, label=brain.name or brain.label), ""
    player = player_for(opponent, game)
    return Seat(AI_NAME, player, pretrain=practice_games(opponent.name),
                label=PLAYERS[opponent.name].label), ""


def match_setup(game: AnyGame, name: str, rounds: tuple[tuple[str, str], ...] | None,
                opponent: Opponent, human_first: bool, loaded: Future[Learner] | None = None
                ) -> MatchSetup:
    """The board's set-up: the person called `name` against `opponent` (see `seat_for`;
    ValueError or BrainFileError if it cannot play), moving first or not; in KUET `rounds`
    against NimX, always first."""
    me = Seat(name.strip() or "Player")
    if rounds:
        return MatchSetup(game, (me, Seat(AI_NAME)), rounds=list(rounds))
    other, notice = seat_for(opponent, game, loaded)
    return MatchSetup(game, (me, other) if human_first else (other, me), notice=notice)


def practised(player: Player, kind: str | None, seed: int | None = None,
              announce: Callable[[str], None] = lambda words: None) -> Player:
    """`player` ready to face a person in text mode: a new learner of the registry `kind`
    practises first, as in the window (`practice_games`), saying so with `announce`; hats
    then play as the seed's AI does, drawing a ball from the hat and learning from every
    game (Tic-Tac-Toe's "Nightmare")."""
    games = practice_games(kind) if kind is not None else 0
    if not games or not isinstance(player, Learner) or player.games_trained:
        return player
    announce("Training AI, please wait...")
    train(player, games, seed=seed, curve_points=0)
    if isinstance(player, HatLearner):
        return HatDrawer(player, player.game, seed=seed)
    return player
