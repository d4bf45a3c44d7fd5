"""Every scene by name. Scenes open one another through `App.open("training", game)`, never
by importing one another, so the modules of `ui/` form no import circle: this registry
imports the scenes, and no scene imports it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .arena import ArenaScene
from .board import board_for
from .classroom import ClassScene
from .drills import DrillsScene
from .glossary import GlossaryOverlay
from .help import HelpOverlay
from .inspector import InspectorScene
from .lab import LabScene
from .lessons import LessonsScene
from .library import LibraryScene
from .mcts import DecisionScene
from .menace import MenaceScene
from .menu import MenuScene
from .results import KuetResults
from .review import ReviewScene
from .scene import Scene, SceneHost
from .settings import SettingsScene
from .setup import SetupScene
from .steps import StepsScene
from .tournament import TournamentScene
from .training import TrainingScene

SCENES: dict[str, Callable[..., Scene]] = {
    "menu": MenuScene,             # (app)
    "setup": SetupScene,           # (app, game key)
    "board": board_for,            # (app, MatchSetup)
    "training": TrainingScene,     # (app, game=None, start_from=None)
    "library": LibraryScene,       # (app)
    "arena": ArenaScene,           # (app)
    "inspector": InspectorScene,   # (app, learner)
    "mcts": DecisionScene,         # (app, an MCTS player's DecisionRecord)
    "review": ReviewScene,         # (app, GameRecord, play on from moves or None)
    "help": HelpOverlay,           # (app, game)
    "glossary": GlossaryOverlay,   # (app, the key of the term to show first or None)
    "results": KuetResults,        # (app, MatchSetup)
    "settings": SettingsScene,     # (app)
    "steps": StepsScene,           # (app, RecordedSteps, title, catch_up=0, hand_back=None)
    "menace": MenaceScene,         # (app, game=None: a kit name, seed=None, preset=None)
    "lab": LabScene,               # (app, LabChoices=None)
    "drills": DrillsScene,         # (app, kind="winning-move", level=1, seed=None)
    "lessons": LessonsScene,       # (app, lesson name=None, folder=None: the shipped ones)
    "class": ClassScene,           # (app, game=None: a kit name, learner="hats")
    "tournament": TournamentScene,  # (app, game=None: a kit name)
}


def make_scene(app: SceneHost, name: str, *args: Any, **kwargs: Any) -> Scene:
    """The scene called `name`; KeyError naming the scenes there are if there is none."""
    if name not in SCENES:
        raise KeyError(f"no scene called {name!r}; there are {', '.join(SCENES)}")
    return SCENES[name](app, *args, **kwargs)
