"""The Game of Sticks "computer" of the seed's program: hats that learn from every game a
person plays against them, kept in the brains folder between sessions (text mode and the
window share them)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from ..games import Sticks
from ..games.base import AnyGame, Move, State
from ..players import HatLearner
from ..players.base import MoveValues, Player
from ..storage import BrainFileError, brains_dir, load, save

NAME = "sticks-computer"
LIMIT = 100  # hats for every heap up to the largest a game may start with
#: How a game's kit names this opponent as its own (`GameKit.default_opponent`).
COMPUTER_NAME = "computer"


def computer_plays(game_key: str) -> bool:
    """Whether the computer plays the game called `game_key`: the Game of Sticks only."""
    return game_key == Sticks.name


def path() -> Path:
    """Where the computer's hats are kept."""
    return brains_dir() / f"{NAME}.brain"


def load_computer() -> tuple[HatLearner, str | None]:
    """The computer's hats as last saved (new ones if none), and why old ones were unusable."""
    problem = None
    if path().exists():
        try:
            learner = load(path(), game=Sticks(LIMIT))
            if isinstance(learner, HatLearner):
                return learner, None
            problem = "it is not a hat learner"
        except BrainFileError as err:
            problem = str(err)
    learner = HatLearner(Sticks(LIMIT))
    learner.name = NAME
    return learner, problem


@dataclass(frozen=True)
class KeptBrain:
    """A brain file the program keeps for an opponent of its own, as the library says it:
    what it is, and what deleting or renaming it does (asked and said in these words)."""

    what: str       # "the Sticks computer's memory: it learns from every game …"
    if_deleted: str  # asked before deleting it
    deleted: str     # said after
    if_renamed: str  # said while it is being renamed
    renamed: str     # said after


MEMORY = KeptBrain(
    what="the Sticks computer's memory: it learns from every game you play against it",
    if_deleted="The Sticks computer then forgets all it has learned and starts fresh at your "
               "next game.",
    deleted="the Sticks computer starts fresh at your next game",
    if_renamed="It stays the Sticks computer's memory under its new name: the computer goes "
               "on learning in it.",
    renamed="still the Sticks computer's memory")


def kept_brain(brain: Path) -> KeptBrain | None:
    """What the brain file `brain` is if the program keeps it for its own opponent (the
    Sticks computer's memory, `path()`), else None (a brain a person saved)."""
    return MEMORY if brain == path() else None


def save_computer(learner: HatLearner) -> None:
    """Keep the hats; they replace a file `load_computer` could not use (it said so)."""
    save(learner, path(), force=True)


class HatDrawer(Player):
    """Plays as the seed's AI: draws a random ball from the hat, sets it beside the hat,
    and puts the balls back with their reward when told how the game ended."""

    label = "Hats"
    weighs_moves = True

    def __init__(self, learner: HatLearner, game: AnyGame, seed: int | None = None) -> None:
        super().__init__(game)
        self.learner = learner
        self.rng = random.Random(seed)
        self.beside: list[tuple[int, int]] = []   # (node, ball) drawn this game
        self.spoiled = False  # a take-back: this game teaches nothing

    def choose_move(self, state: State) -> Move:
        self._moves(state)
        return self.learner.draw_move(state, self.rng, self.beside)

    def move_values(self, state: State) -> MoveValues:
        """Its hat for `state`, as it draws from it."""
        return self.learner.move_values(
            state, "It draws one ball at random: a move with more balls is likelier.")

    def new_game(self) -> None:
        self.beside, self.spoiled = [], False

    def take_back(self) -> None:
        """A game with a take-back teaches nothing: the balls go back unjudged."""
        self.spoiled = True

    def game_over(self, result: int) -> bool:
        """Learn from the game (+1 won, -1 lost); whether it learned."""
        learned = bool(self.beside) and not self.spoiled
        if learned:
            self.learner.settle_game(self.beside, result)
        self.beside, self.spoiled = [], False
        return learned
