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
from pathlib import Path

from .. import storage
from ..games.base import AnyGame
from ..games.registry import kit_for
from ..learning.training import PRACTICE_GAMES, STICKS_PRACTICE_GAMES, practice_games, train
from ..match import Seat
from ..players import PLAYERS, HatLearner, Learner, available_players
from ..players.base import Player
from ..players.hats import seed_scheme
from ..storage import SaveError, load
from .choice import Named, PlayerChoice, Saved, menu_label, player_for
from .kept_hats import HatDrawer, brain_drawer, is_own_hats, keep, keeps_hats, own_hats
from .setup import AI_NAME, MatchSetup

#: How a kit names the Sticks seed's computer (`default_opponent`, `KeptHats.choice`): its
#: own hats, offered as "the computer" with "the trained computer" beside them.
COMPUTER_NAME = "computer"
#: What text mode says while a new learner practises (the seed's words).
PRACTISING = "Training AI, please wait..."
#: How a seat of the game's own kept hats is labelled.
OWN_HATS_LABEL = "Hats, learning as you play"


@dataclass(frozen=True)
class Friend:
    """A second person at this screen."""


@dataclass(frozen=True)
class SticksComputer:
    """The Sticks seed's computer, where a game's kit picks its kept hats as "computer":
    those hats, learning and kept between games (`learns`), or new hats trained
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
    if is_own_hats(COMPUTER_NAME, game_key):
        found[COMPUTER] = SticksComputer(learns=True)
        found[TRAINED] = SticksComputer(learns=False)
    for kind in available_players(probe, window=True):
        found[f"{kind.label} — {kind.describe(probe)}"] = Named(kind.name)
    for info in saved:
        if info.header is not None and info.header.game.name == game_key and (
                rules is None or info.header.game == rules):
            played = info.header.games_trained
            games = f" ({played:,} game{'s' * (played != 1)})"
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


def seat_for(opponent: Opponent, game: AnyGame, loaded: Future[Learner] | None = None,
             seed: int | None = None) -> tuple[Seat, str]:
    """The seat `opponent` takes in `game`, and anything the person should be told. A saved
    brain must have been read already (`loaded`, off the frame); `seed` seeds the draws of
    hats. ValueError or BrainFileError saying why a choice cannot play."""
    if isinstance(opponent, Friend):
        return Seat("Friend"), ""
    if isinstance(opponent, SticksComputer):
        if not is_own_hats(COMPUTER_NAME, game.name):
            raise ValueError(f"The computer does not play {game.title}.")
        if not opponent.learns:
            return Seat(AI_NAME, HatDrawer(HatLearner(game, seed_scheme(game)), game, seed),
                        pretrain=STICKS_PRACTICE_GAMES, label="Hats, trained"), ""
        return own_hats_seat(game, seed)
    if isinstance(opponent, Saved):
        if loaded is None:
            raise ValueError("The saved AI has not been read yet.")
        return brain_seat(loaded.result(), opponent.path, game, seed), ""
    if is_own_hats(opponent.name, game.name):
        return own_hats_seat(game, seed)
    player = player_for(opponent, game)
    return Seat(AI_NAME, player, pretrain=practice_games(opponent.name),
                label=PLAYERS[opponent.name].label), ""


def own_hats_seat(game: AnyGame, seed: int | None = None) -> tuple[Seat, str]:
    """The seat of the game's own kept hats (`kept_hats.own_hats`): new ones practise
    first where the kit says; the hats are saved after every game they learn from."""
    own = own_hats(game, seed)
    return Seat(AI_NAME, own.drawer, pretrain=PRACTICE_GAMES if own.practise else 0,
                learns=own.drawer.home is not None, label=OWN_HATS_LABEL), own.notice


def brain_player(brain: Learner, path: Path, game: AnyGame, seed: int | None = None
                 ) -> Player:
    """A saved brain (read from `path`) ready to play `game`: hats, in a game that keeps
    hats, play as the seed's AI, learning and kept in their own file
    (`kept_hats.brain_drawer`); any other brain as it is."""
    if isinstance(brain, HatLearner) and keeps_hats(game):
        return brain_drawer(brain, path, game, seed)
    return brain


def brain_seat(brain: Learner, path: Path, game: AnyGame, seed: int | None = None) -> Seat:
    """The seat of a saved brain (`brain_player`); one that learns is saved after every
    game."""
    player = brain_player(brain, path, game, seed)
    return Seat(AI_NAME, player, learns=isinstance(player, HatDrawer),
                label=brain.name or brain.label)


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
    game (not kept: the hats a game keeps come from `ready_player`)."""
    games = practice_games(kind) if kind is not None else 0
    if not games or not isinstance(player, Learner) or player.games_trained:
        return player
    announce(PRACTISING)
    train(player, games, seed=seed, curve_points=0)
    if isinstance(player, HatLearner):
        return HatDrawer(player, player.game, seed=seed)
    return player


def ready_player(choice: PlayerChoice, game: AnyGame, seed: int | None = None,
                 announce: Callable[[str], None] = lambda words: None) -> Player:
    """The player a person named in text mode (`--opponent`), ready to play `game` as the
    window's seat would: the game's own kept hats (new ones practise first where the kit
    says, and are kept at once), a saved brain as `brain_player` makes it, else a kind
    from the registry, `practised`. `announce` says what the person should know (a line
    in brackets for a notice). ValueError or BrainFileError saying why it cannot play."""
    if isinstance(choice, Saved):
        return brain_player(load(choice.path, game=game), choice.path, game, seed)
    if not is_own_hats(choice.name, game.name):
        return practised(player_for(choice, game, seed), choice.name, seed, announce)
    own = own_hats(game, seed)
    if own.notice:
        announce(f"({own.notice})")
    if own.practise:
        announce(PRACTISING)
        train(own.drawer.learner, PRACTICE_GAMES, seed=seed, curve_points=0)
        try:
            keep(own.drawer)
        except SaveError as err:
            announce(f"({err})")
    return own.drawer
