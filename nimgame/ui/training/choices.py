"""What the training screen asks, without the widgets: the board (a preset or typed rules),
the learner and its settings, the number of games and the opponent, and the
`TrainingSpec` they make. Each menu maps the text a person reads to the value it means."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ... import storage
from ...games import KITS, kit_for
from ...games.base import AnyGame
from ...games.kit import FormField, Menu
from ...learning.training import EXPLORE, TRAINING_OPPONENTS
from ...learning.worker import TrainingSpec
from ...players import LEARNERS as LEARNER_KINDS
from ...players import Q_ALPHA, Q_EPSILON, Learner
from ..choices import PRESETS

LEARNERS = {cls.label: kind for kind, cls in LEARNER_KINDS.items()}   # menu text -> kind
OPPONENTS = dict(zip(("Itself", "Random", "Perfect"), TRAINING_OPPONENTS, strict=True))
MIN_GAMES, MAX_GAMES = 1_000, 1_000_000
#: Where training games start: menu text -> the share from exploring starts (positions a
#: person can lead the AI to, drawn at random; the rest start at the first position).
STARTS = {f"{EXPLORE:.0%} from anywhere (default)": EXPLORE,
          "Only from the first position": 0.0,
          "50% from anywhere": 0.5}


def games_from_slider(value: float) -> int:
    """The slider runs on a log scale; round to two significant figures."""
    raw = 10 ** (3 + 3 * value / 100)
    digits = 10 ** max(0, int(math.log10(raw)) - 1)
    return int(min(MAX_GAMES, max(MIN_GAMES, round(raw / digits) * digits)))


def slider_from_games(games: int) -> float:
    return 100 * (math.log10(games) - 3) / 3


@dataclass
class TrainingChoices:
    """The screen's settings, as the menus show them (`spec` says what they mean)."""

    presets: dict[str, tuple[str, dict[str, Any] | None]] = field(
        default_factory=lambda: dict(PRESETS))
    preset: str = next(iter(PRESETS))
    learner: str = "Q-learning"
    alpha: float = Q_ALPHA
    epsilon: float = Q_EPSILON
    games: int = 10_000
    opponent: str = "Itself"
    starts: str = next(iter(STARTS))
    #: Each game's "your own rules" fields as shown (a menu's words, a field's text), by
    #: the game's name and the field's key (`GameKit.training_fields`).
    own: dict[str, dict[str, str]] = field(default_factory=lambda: {
        kit.name: {f.key: f.words[0] if isinstance(f, Menu) else str(f.default)
                   for f in kit.training_fields} for kit in KITS.values()})
    start_from: storage.BrainInfo | None = None   # going on training a saved brain

    @classmethod
    def made_for(cls, game: AnyGame | None = None, start_from: storage.BrainInfo | None = None,
                 learner: Learner | None = None) -> TrainingChoices:
        """Choices for `game`'s rules (its preset, or "This board: …"), or for going on
        training `learner` from `start_from` with the settings it was saved with."""
        choices = cls(start_from=start_from)
        if game is not None:
            preset = next((text for text, (name, rules) in choices.presets.items()
                           if name == game.name and rules is not None and
                           storage.game_from_header({"game": name, "rules": rules}) == game),
                          None)
            if preset is None:
                preset = f"This board: {game.describe_rules()}"
                choices.presets[preset] = (game.name, storage.header_for_rules(game))
            choices.preset = preset
        if learner is not None:
            choices.learner = learner.label
        if start_from is not None and start_from.header is not None:
            alpha, epsilon = (start_from.header.settings.get(k) for k in ("alpha", "epsilon"))
            choices.alpha = alpha if isinstance(alpha, float) else choices.alpha
            choices.epsilon = epsilon if isinstance(epsilon, float) else choices.epsilon
        return choices

    def own_fields(self) -> tuple[FormField, ...]:
        """The fields of "your own rules" for the preset chosen (none for a fixed board)."""
        game, rules = self.presets[self.preset]
        return kit_for(game).training_fields if rules is None else ()

    def own_rules(self, game: str) -> dict[str, Any] | None:
        """The rules `game`'s own-rules fields make; ValueError saying what is wrong."""
        kit, shown = kit_for(game), self.own[game]
        values = {f.key: f.value(shown[f.key]) if isinstance(f, Menu) else
                  f.parse(shown[f.key]) for f in kit.training_fields}
        return kit.rules_from_form(values, None)

    @property
    def kind(self) -> str:
        """The learner kind ("q", "hats") chosen."""
        return LEARNERS[self.learner]

    def spec(self) -> TrainingSpec:
        """The training job these choices describe; ValueError saying what is wrong."""
        game, preset_rules = self.presets[self.preset]
        rules: dict[str, Any] | None = preset_rules
        if rules is None:   # your own rules: the game's fields, read as the kit says
            rules = {key: list(value) if isinstance(value, tuple) else value
                     for key, value in (self.own_rules(game) or {}).items()}
        settings = ({"alpha": round(self.alpha, 2), "epsilon": round(self.epsilon, 2)}
                    if self.kind == "q" else {})
        start = self.start_from
        return TrainingSpec(game, rules, self.kind, settings, self.games,
                            OPPONENTS[self.opponent],
                            start_from=str(start.path) if start else None,
                            name=start.name if start else "", explore=STARTS[self.starts])
