"""`nimgame play GAME`: in the window (on that game's set-up, or on the board the options
make), or in the terminal with --text (and CS50's, the seed's and KUET's own programs)."""

from __future__ import annotations

import argparse
import os
import random
import sys

from .... import storage
from ....games import AnyGame, Nim, Sticks, kit_for
from ....match import Seat
from ....players import PLAYERS, Player, QLearner
from ....safetext import escape
from ....session import (
    MatchSetup,
    Named,
    brain_player,
    brain_seat,
    choice_of,
    default_opponent,
    opponents,
    seat_for,
)
from ..command import Command
from ..errors import CliError
from ..options import (
    GAME_NAMES,
    add_game_options,
    add_seed_option,
    cli_game,
    game_options,
    player_refusals,
    resolve_player,
)


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", choices=GAME_NAMES)
    p.add_argument("--text", action="store_true",
                   help="play in the terminal (without it, the window opens on this game)")
    p.add_argument("--opponent", default=None,
                   help=f"a player ({', '.join(PLAYERS)}) or a saved brain")
    p.add_argument("--first", choices=("human", "ai", "random"), default="random",
                   help="Nim: who moves first (default: random, as CS50)")
    p.add_argument("--mark", choices=("X", "O"), default="X", help="Tic-Tac-Toe: your mark")
    p.add_argument("--cs50", action="store_true",
                   help="Nim in the terminal exactly as CS50's play.py: piles numbered from 0, "
                        "each training game printed (without it, piles count from 1)")
    p.add_argument("--stage", choices=("1", "2", "3"), default=None,
                   help="Sticks in the terminal as the seed's program at its step 1 (players "
                        "only), 2 (and a computer that learns) or 3 (and a trained one; the "
                        "default)")
    p.add_argument("--model", choices=("shared", "two"), default=None,
                   help="Sticks: how the trained computer learns: one set of hats for both "
                        "sides (shared, the default: it learns faster) or the seed's two AIs")
    p.add_argument("--kuet", action="store_true",
                   help="KUET's NimX console game: Easy (3 games against IDA*) or Hard (6, "
                        "minimax and alpha-beta, then the genetic algorithm's selection)")
    add_game_options(p)
    add_seed_option(p)


def sticks_opponent(args: argparse.Namespace) -> tuple[Player | None, int | None]:
    """Text-mode Sticks' opponent, and the heap: --sticks if given, else a saved brain's own
    heap (it learned that one), else None (the dialogue asks, as the seed does)."""
    if args.opponent is None:
        return None, args.sticks
    if args.opponent in PLAYERS:
        return resolve_player(args.opponent, cli_game(args), args.seed), args.sticks
    with player_refusals(args.opponent):
        path = storage.find_brain(args.opponent)
        brain = storage.load(path, game=None if args.sticks is None else cli_game(args))
    if not isinstance(brain.game, Sticks) or brain.game.max_take != (args.max_take or 3):
        raise CliError(f"{escape(args.opponent, 40)}: this brain plays "
                       f"{escape(brain.game.describe_rules(), 100)}, not the Game of Sticks "
                       f"taking 1 to {args.max_take or 3}")
    return brain_player(brain, path, brain.game, args.seed), brain.game.sticks


def text_opponent(spec: str, game: AnyGame, seed: int | None) -> Player:
    """The opponent `--opponent spec` names, ready to play `game` in the terminal: the
    hats a game keeps (read, practised if new, kept after every game), a saved hats brain
    learning in its own file, else the player as the window would seat it."""
    from ... import textplay

    with player_refusals(spec):
        return textplay.opponent(choice_of(spec), game, seed)


def cmd_play(args: argparse.Namespace) -> int:
    from ... import textplay

    for flag, what in (("cs50", "as CS50's play.py does"), ("kuet", "as KUET's NimX does")):
        if getattr(args, flag) and args.game != "nim":
            raise CliError(f"--{flag} plays Nim {what}; it is not for {args.game}")
    for flag in ("stage", "model"):
        if getattr(args, flag) is not None and args.game != "sticks":
            raise CliError(f"--{flag} is for the Game of Sticks, not {args.game}")
    if args.stage is not None or args.model is not None:
        args.text = True   # the seed's stages are terminal programs
    if args.kuet and (args.cs50 or window_options(args)):
        raise CliError("--kuet plays KUET's own game: it draws its boards and "
                       "chooses its opponents (only --seed goes with it)")
    if args.kuet or args.text or args.cs50:
        textplay.check_input()   # no stdin: said before anything is trained or drawn
    if args.kuet:
        from ...nimx import play_nimx

        play_nimx(seed=args.seed)
        return 0
    if not args.text and not args.cs50:
        return open_window(args.game, window_setup(args) if window_options(args) else None)
    game = cli_game(args)
    if isinstance(game, Sticks):
        opponent, sticks = sticks_opponent(args)
        textplay.play_sticks(opponent, seed=args.seed, sticks=sticks, max_take=game.max_take,
                             stage=int(args.stage or 3), model=args.model or "shared")
        return 0
    opponent = None if args.opponent is None else text_opponent(args.opponent, game, args.seed)
    if isinstance(game, Nim):
        if opponent is None:   # CS50's: a Q-learner trained first, where one can learn it
            if not QLearner.supports(game):
                raise CliError(f"{QLearner.refusal(game)}; choose a player that can with "
                               "--opponent, e.g. --opponent perfect")
            opponent = textplay.cs50_training(game, seed=args.seed, cs50=args.cs50)
        human = {"human": 0, "ai": 1, "random": None}[args.first]
        textplay.play_nim(game, opponent, human_player=human, seed=args.seed, cs50=args.cs50)
    else:
        if opponent is None:   # the game's own opponent, as the window sets it up
            opponent = text_opponent(kit_for(game).default_opponent, game, args.seed)
        textplay.play_text(game, opponent, 0 if human_moves_first(args) else 1)
    return 0


def window_options(args: argparse.Namespace) -> bool:
    """Whether `play` was given rules or an opponent (then the window opens on the board
    they make; without, on the game's set-up screen)."""
    return (args.opponent is not None or any(
                value not in (None, False) for value in game_options(args).values())
            or args.first != "random"
            or args.mark != "X")


def window_setup(args: argparse.Namespace) -> MatchSetup:
    """The board `play GAME --options` opens in the window: the rules given, against the
    opponent given or the set-up screen's default, the person moving first as --first or
    --mark say (the window says if it cannot draw the board)."""
    game = cli_game(args)
    try:
        if args.opponent is None:
            choices = opponents(args.game, game, [])
            other, _ = seat_for(choices[default_opponent(args.game, choices)], game)
        elif args.opponent in PLAYERS:   # as the set-up makes it (a learner practises first)
            other, _ = seat_for(Named(args.opponent), game)
        else:   # a saved brain, seated as the set-up seats it
            with player_refusals(args.opponent):
                path = storage.find_brain(args.opponent)
                other = brain_seat(storage.load(path, game=game), path, game)
    except ValueError as err:   # a kind of player that cannot play these rules
        raise CliError(str(err)) from None
    me = Seat("Player")
    return MatchSetup(game, (me, other) if human_moves_first(args) else (other, me))


def human_moves_first(args: argparse.Namespace) -> bool:
    """--mark O moves second; --first says who moves first; without it the person does,
    or it is drawn where the game's seed draws it (CS50's Nim)."""
    if args.mark != "X":
        return False
    if args.first != "random":
        return bool(args.first == "human")
    return not kit_for(args.game).first_mover_drawn or random.Random(args.seed).random() < 0.5


def no_display() -> bool:
    """Whether there is no screen to open a window on: on Linux and the other X11/Wayland
    systems, neither DISPLAY nor WAYLAND_DISPLAY is set and SDL was not told a driver."""
    if sys.platform in ("win32", "darwin"):
        return False
    return not any(os.environ.get(name) for name in
                   ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"))


def open_window(game: str | None = None, setup: MatchSetup | None = None) -> int:
    """The window, on the menu, on `game`'s set-up screen, or on the board of `setup`."""
    text_mode = f"play in the terminal with --text (e.g. nimgame play {game or 'nim'} --text)"
    if no_display():
        raise CliError(f"there is no display to open the window on; {text_mode}")
    try:
        from ....ui import app as window
    except ImportError as err:
        raise CliError(f"the window needs pygame-ce and pygame_gui ({err}); "
                       "'make run' installs them") from None
    try:
        window.main(game, setup)
    except window.NoDisplay as err:
        raise CliError(f"there is no display to open the window on ({escape(str(err), 200)}); "
                       f"{text_mode}") from None
    except window.CannotShow as err:
        raise CliError(f"the window cannot show this board ({err}); play it with --text") \
            from None
    return 0


COMMAND = Command("play", "play in the terminal", cmd_play, arguments)
