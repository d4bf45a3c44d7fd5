"""What a lesson's `run` step opens: the real screen its data names, pre-set as its preset
says (`session.lessons.RUN_SCREENS` checked the keys and values when the lesson was
read). Each opener turns a preset into the screen's own arguments and opens it on top of
the lesson, which goes on when the person comes back."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ... import storage
from ...games.base import AnyGame
from ...learning.lab import DEFAULT_GAMES
from ...match import Seat
from ...players import LEARNERS as LEARNER_KINDS
from ...players import MCTSPlayer, make_learner
from ...session.choice import Named
from ...session.lessons import RunStep
from ...session.opponents import seat_for
from ...session.setup import MatchSetup
from ..choices import PRESETS
from ..lab.choices import PRESETS as LAB_PRESETS
from ..lab.choices import LabChoices, RunChoices
from ..scene import Scene, SceneHost
from ..training.choices import OPPONENTS

#: The lab's menu words for each training opponent ("self" -> "Itself").
OPPONENT_WORDS = {kind: words for words, kind in OPPONENTS.items()}
#: Playouts of the MCTS decision a lesson shows, if its preset does not say.
MCTS_SIMULATIONS = 1_000


def game_for(board: str) -> AnyGame:
    """The game of the board called `board` (a preset of the training screen)."""
    name, rules = PRESETS[board]
    return storage.game_from_header({"game": name, "rules": rules or {}})


def open_menace(app: SceneHost, preset: Mapping[str, Any]) -> Scene:
    return app.open("menace", preset.get("game"), preset=preset.get("preset"))


def open_training(app: SceneHost, preset: Mapping[str, Any]) -> Scene:
    board = preset.get("board")
    game = game_for(board) if board is not None else None
    kind = preset.get("learner")
    learner = make_learner(kind, game) if kind is not None and game is not None else None
    return app.open("training", game, learner=learner)


def lab_choices(preset: Mapping[str, Any]) -> LabChoices:
    """The lab's choices as `preset` sets them: its board, seeds and runs."""
    choices = LabChoices()
    if "board" in preset:
        choices.preset = next(label for label in LAB_PRESETS if label == preset["board"])
    if "seeds" in preset:
        choices.seeds = str(preset["seeds"])
    if "runs" in preset:
        labels = {kind: cls.label for kind, cls in LEARNER_KINDS.items()}
        choices.runs = [RunChoices(
            learner=labels[run["learner"]],
            alpha=f"{run['alpha']:.2f}" if "alpha" in run else RunChoices.alpha,
            epsilon=f"{run['epsilon']:.2f}" if "epsilon" in run else RunChoices.epsilon,
            opponent=OPPONENT_WORDS[run.get("opponent", "self")],
            games=str(run.get("games", DEFAULT_GAMES))) for run in preset["runs"]]
    return choices


def open_lab(app: SceneHost, preset: Mapping[str, Any]) -> Scene:
    return app.open("lab", lab_choices(preset))


def open_drills(app: SceneHost, preset: Mapping[str, Any]) -> Scene:
    return app.open("drills", preset.get("kind", "winning-move"), preset.get("level", 1))


def open_board(app: SceneHost, preset: Mapping[str, Any]) -> Scene:
    game = game_for(preset["board"])
    ai, notice = seat_for(Named(preset["opponent"]), game)
    me = Seat(app.settings.name.strip() or "Player")
    seats = (ai, me) if preset.get("first") == "ai" else (me, ai)
    return app.open("board", MatchSetup(game, seats, notice=notice))


def open_mcts(app: SceneHost, preset: Mapping[str, Any]) -> Scene:
    game = game_for(preset["board"])
    search = MCTSPlayer(game, preset.get("simulations", MCTS_SIMULATIONS), seed=1, record=True)
    search.choose_move(game.initial_state())
    if search.last_decision is None:
        raise ValueError("the tree search kept no decision to show")
    return app.open("mcts", search.last_decision)


OPENERS: dict[str, Callable[[SceneHost, Mapping[str, Any]], Scene]] = {
    "menace": open_menace, "training": open_training, "lab": open_lab,
    "drills": open_drills, "board": open_board, "mcts": open_mcts}


def open_run(app: SceneHost, step: RunStep) -> Scene:
    """Open the screen `step` names, pre-set, and return it; ValueError (or KeyError) if
    it cannot."""
    return OPENERS[step.screen](app, step.preset)
