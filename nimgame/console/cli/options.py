"""What each option accepts (the README lists the same bounds), the options every game
shares, and turning what was given into a game and its players."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ... import (
    spiel_bot,  # noqa: F401 - adds OpenSpiel's bot to the players
    storage,
)
from ...games import KITS, AnyGame, kit_for, make_game
from ...players import PLAYERS, Player
from ...safetext import escape
from ...session import choice_of, player_for
from ...storage import BrainFileError
from ...typed import decimal, whole_number
from .errors import CliError

GAME_NAMES = tuple(KITS)

MAX_TRAIN_GAMES = 10_000_000   # about two minutes of the fastest learner
MAX_ARENA_GAMES = 1_000_000
MAX_SEED = 2**63 - 1


def whole(low: int, high: int, what: str) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high` (see `typed.whole_number`)."""
    def parse(text: str) -> int:
        try:
            return whole_number(text, low, high, what)
        except ValueError as err:
            raise argparse.ArgumentTypeError(str(err)) from None
    return parse


def fraction(low_open: bool, what: str) -> Callable[[str], float]:
    """An argparse type: a decimal number in (0, 1] if `low_open`, else in [0, 1]."""
    def parse(text: str) -> float:
        try:
            return decimal(text, low_open, what)
        except ValueError as err:
            raise argparse.ArgumentTypeError(str(err)) from None
    return parse


def brain_name(text: str) -> str:
    try:
        return storage.check_name(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(f"--name: {err}") from None


def option_type(parse: Callable[[str], Any]) -> Callable[[str], Any]:
    """A game kit's option parser as an argparse type (its ValueError says what and why)."""
    def parse_text(text: str) -> Any:
        try:
            return parse(text)
        except ValueError as err:
            raise argparse.ArgumentTypeError(str(err)) from None
    return parse_text


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """Every game's rules as options (games that share a flag share its meaning); each
    defaults to None, so a game's kit knows what was given."""
    seen: set[str] = set()
    for kit in KITS.values():
        for option in kit.options:
            if option.flag in seen:
                continue
            seen.add(option.flag)
            if option.parse is None:
                parser.add_argument(option.flag, action="store_true", help=option.help)
            else:
                parser.add_argument(option.flag, type=option_type(option.parse), default=None,
                                    help=option.help)


def add_seed_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=whole(0, MAX_SEED, "--seed"), default=None,
                        help="make the run repeatable: 0 to 2**63-1")


def game_options(args: argparse.Namespace) -> dict[str, Any]:
    """Every game option's value on the command line (None or False where not given)."""
    return {option.key: getattr(args, option.key)
            for kit in KITS.values() for option in kit.options}


def game_rules(args: argparse.Namespace) -> dict[str, Any]:
    """The game options given on the command line, as the game's rules; CliError for an
    option given that only another game has (it would be ignored: a person meant it)."""
    kit = kit_for(args.game)
    own = {option.key for option in kit.options}
    for other in KITS.values():
        for option in other.options:
            if option.key not in own and getattr(args, option.key) not in (None, False):
                raise CliError(f"{option.flag} is not a rule of {kit.title} ({other.title} "
                               "has it)")
    return kit.rules_from_options(game_options(args))


def cli_game(args: argparse.Namespace) -> AnyGame:
    try:
        return make_game(args.game, game_rules(args))
    except ValueError as err:
        raise CliError(str(err)) from None


def resolve_player(spec: str, game: AnyGame | None, seed: int | None = None) -> Player:
    """A registry player by name, or a saved brain by file or name (of `game`, if given;
    without a game, only a brain can be meant: it brings its own)."""
    with player_refusals(spec):
        if game is None:
            return storage.load(storage.find_brain(spec))
        return player_for(choice_of(spec), game, seed)


@contextmanager
def player_refusals(spec: str) -> Iterator[None]:
    """Why the player a person named as `spec` cannot play, as one CliError: no player or
    brain so called, a brain file that cannot be used, a kind that cannot play the game."""
    try:
        yield
    except BrainFileError as err:
        if str(err).startswith("no brain called"):
            raise CliError(f"unknown player '{escape(spec, 40)}': not one of "
                           f"{', '.join(PLAYERS)}, nor a saved brain (see 'list')") from None
        raise CliError(f"{escape(spec, 40)}: {err}") from None
    except ValueError as err:   # a registry kind that cannot play this game
        raise CliError(str(err)) from None
