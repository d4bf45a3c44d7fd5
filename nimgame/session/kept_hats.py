"""Hats that play as the Game of Sticks seed's AI and are kept: they draw a ball from the
hat at random (a move's chance is its share of the balls), learn from every game, and are
saved after each one, atomically (a save killed half way leaves the last one whole).

One mechanism for every game whose kit keeps hats (`GameKit.kept_hats`): the game's own —
the seed's Sticks computer, Tic-Tac-Toe's "Nightmare Mode" AI — kept in the brains folder
under the kit's name, or a saved hats brain, kept in its own file. The window and text
mode both come here; nothing here draws or reads a terminal."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

from ..games.base import AnyGame, Move, State
from ..games.registry import KITS, kit_for
from ..learning.trace import TraceRecorder
from ..players import HatLearner
from ..players.base import MoveValues, Player
from ..players.hats import seed_scheme
from ..players.updates import GameStarted
from ..safetext import escape
from ..storage import BrainFileError, SaveError, brains_dir, load, save

#: How a sentence names the game's own kept hats.
OWN_WORDS = "The computer's hats"


@dataclass(frozen=True)
class Home:
    """Where a drawer's hats are kept: the file, how a sentence names them ("The
    computer's hats"), and whether a save may replace a file holding something else (the
    game's own hats replace a file they could not read, having said so; a saved brain is
    written only over itself)."""

    path: Path
    words: str
    replace: bool


class HatDrawer(Player):
    """Plays as the seed's AI: draws a random ball from the hat, sets it beside the hat,
    and puts the balls back with their reward when told how the game ended. With a
    `home`, `keep` saves what it learned there."""

    label = "Hats"
    weighs_moves = True

    def __init__(self, learner: HatLearner, game: AnyGame, seed: int | None = None,
                 home: Home | None = None) -> None:
        super().__init__(game)
        self.learner = learner
        self.home = home
        self.rng = random.Random(seed)
        self.beside: list[tuple[int, int]] = []   # (node, ball) drawn this game
        self.spoiled = False  # a take-back: this game teaches nothing
        self.lesson: TraceRecorder | None = None   # what the game just over taught it

    def choose_move(self, state: State) -> Move:
        self._moves(state)
        return self.learner.draw_move(state, self.rng, self.beside)

    def move_values(self, state: State) -> MoveValues:
        """Its hat for `state`, as it draws from it."""
        return self.learner.move_values(
            state, "It draws one ball at random: a move with more balls is likelier.")

    def new_game(self) -> None:
        self.beside, self.spoiled, self.lesson = [], False, None

    def take_back(self) -> None:
        """A game with a take-back teaches nothing: the balls go back unjudged."""
        self.spoiled = True

    def game_over(self, result: int) -> bool:
        """Learn from the game (+1 won, -1 lost); whether it learned."""
        learned = bool(self.beside) and not self.spoiled
        self.lesson = None
        if learned:   # each ball put back is recorded, for "What it learned"
            lesson = TraceRecorder()
            lesson.on_game(GameStarted(self.learner.games_trained + 1,
                                       self.game.initial_state()))
            self.learner.settle_game(self.beside, result, lesson)
            self.lesson = lesson
        self.beside, self.spoiled = [], False
        return learned


def last_lesson(players: Iterable[Player | None]) -> HatDrawer | None:
    """The first of `players` that learned from the game just over (its `lesson` holds
    the updates), if any."""
    return next((p for p in players if isinstance(p, HatDrawer) and p.lesson is not None
                 and len(p.lesson)), None)


@dataclass(frozen=True)
class OwnHats:
    """The game's own hats, ready to play: the drawer, anything the person should be told,
    and whether they are new and should practise before the first game (their kit says)."""

    drawer: HatDrawer
    notice: str
    practise: bool


def keeps_hats(game: AnyGame) -> bool:
    """Whether hats in `game` play as the seed's AI, kept (its kit has `kept_hats`)."""
    return kit_for(game).kept_hats is not None


def is_own_hats(choice: str, game_key: str) -> bool:
    """Whether a person picking `choice` (a registry kind, or "computer") in the game
    called `game_key` picks the game's own kept hats."""
    kept = kit_for(game_key).kept_hats
    return kept is not None and kept.choice == choice


def own_path(game: AnyGame | str) -> Path:
    """Where the game's own hats are kept (ValueError for a game that keeps none)."""
    kept = kit_for(game).kept_hats
    if kept is None:
        raise ValueError(f"{kit_for(game).title} keeps no hats")
    return brains_dir() / f"{kept.name}.brain"


def own_hats(game: AnyGame, seed: int | None = None) -> OwnHats:
    """The game's own hats to play `game`: as last saved (new ones if none, or if those
    could not be read: the notice says why), kept after every game; on a board they do
    not play, new ones that are not kept (the notice says so). `seed` seeds the draws.
    ValueError for a game that keeps no hats, or whose board no hats can learn."""
    kit = kit_for(game)
    kept = kit.kept_hats
    if kept is None:
        raise ValueError(f"{kit.title} keeps no hats")
    if not kit.kept_hats_play(game):
        if not HatLearner.supports(game):
            raise ValueError(HatLearner.refusal(game))
        scope = kept.scope or kit.make(kept.rules).describe_rules()
        return OwnHats(HatDrawer(HatLearner(game, seed_scheme(game)), game, seed),
                       f"{OWN_WORDS} are kept for {scope}; for this game it starts afresh "
                       "and forgets it afterwards.", kept.practises)
    path, problem = own_path(game), ""
    home = Home(path, OWN_WORDS, replace=True)
    if path.exists():
        try:
            learner = load(path, game=kit.make(kept.rules))
            if isinstance(learner, HatLearner):
                return OwnHats(HatDrawer(learner, game, seed, home), "", False)
            problem = "it is not a hat learner"
        except BrainFileError as err:
            problem = str(err)
    board = kit.make(kept.rules)
    learner = HatLearner(board, seed_scheme(board))
    learner.name = kept.name
    notice = (f"{OWN_WORDS} could not be read ({problem}); it starts afresh."
              if problem else "")
    return OwnHats(HatDrawer(learner, game, seed, home), notice, kept.practises)


def brain_drawer(brain: HatLearner, path: Path, game: AnyGame, seed: int | None = None
                 ) -> HatDrawer:
    """A saved hats brain (read from `path`) playing `game` as the seed's AI, kept in its
    own file after every game."""
    words = f"The hats of '{escape(brain.name or path.stem, 40)}'"
    return HatDrawer(brain, game, seed, Home(path, words, replace=False))


@runtime_checkable
class KeepsLearned(Protocol):
    """A player that saves what it learned itself, after each game (SaveError if not)."""

    def keep_learned(self) -> None: ...


def keep(player: Player) -> None:
    """Save the hats `player` draws from where they are kept (atomically), if it is a
    kept drawer, or what a player that keeps itself learned (`KeepsLearned`: the class
    event's AI); SaveError, one line saying whose hats were not saved and why."""
    if isinstance(player, KeepsLearned):
        player.keep_learned()
        return
    if not isinstance(player, HatDrawer) or player.home is None:
        return
    home = player.home
    try:
        save(player.learner, home.path, force=home.replace)
    except (SaveError, OSError) as err:
        raise SaveError(f"{home.words} were not saved: {err}") from None


@dataclass(frozen=True)
class KeptBrain:
    """A brain file the program keeps for an opponent of its own, as the library says it:
    what it is, and what deleting or renaming it does (asked and said in these words)."""

    what: str       # "the Sticks computer's memory: it learns from every game …"
    if_deleted: str  # asked before deleting it
    deleted: str     # said after
    if_renamed: str  # said while it is being renamed
    renamed: str     # said after


def kept_brain(brain: Path) -> KeptBrain | None:
    """What the brain file `brain` is if the program keeps it for a game's own hats
    (`own_path`: the Sticks computer's memory, Tic-Tac-Toe's Nightmare-mode AI), else None
    (a brain a person saved)."""
    for kit in KITS.values():
        kept = kit.kept_hats
        if kept is None or brain != brains_dir() / f"{kept.name}.brain":
            continue
        who = kept.who
        return KeptBrain(
            what=f"{who}'s memory: it learns from every game you play against it",
            if_deleted=f"{who[0].upper()}{who[1:]} then forgets all it has learned and "
                       "starts fresh at your next game.",
            deleted=f"{who} starts fresh at your next game",
            if_renamed=f"It stays {who}'s memory under its new name: it goes on learning "
                       "in it.",
            renamed=f"still {who}'s memory")
    return None
