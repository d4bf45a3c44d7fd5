"""What the lab screen asks, without the widgets: the board, the seeds and the check
interval, and the runs (each a learner, its rates, where its games start, its opponent and
its games), as the menus and fields show them; the `LabSpec` they make. The keys step each
row through its values (`step`), the same values the menus offer."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ...learning.lab import (
    DEFAULT_EVERY,
    DEFAULT_GAMES,
    DEFAULT_SEEDS,
    MAX_RUN_GAMES,
    MAX_RUNS,
    MAX_SEEDS,
    LabSpec,
    RunSpec,
)
from ...typed import decimal, whole_number
from ..choices import PRESETS as TRAINING_PRESETS
from ..training.choices import LEARNERS, OPPONENTS, STARTS

#: The boards the lab offers: those of the training screen that need no typing.
PRESETS = {label: board for label, board in TRAINING_PRESETS.items() if board[1] is not None}

#: The check intervals and games the keys step through (any other can be typed).
EVERY_STEPS = (10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000)
GAMES_STEPS = (100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000,
               200_000, 500_000, 1_000_000)
DEFAULT_RATE = "default"   # α or ε left to the learner
RATE_STEPS = {"alpha": (DEFAULT_RATE, *(f"{k / 20:.2f}" for k in range(1, 21))),   # α > 0
              "epsilon": (DEFAULT_RATE, *(f"{k / 20:.2f}" for k in range(21)))}

#: The rows the keys move between (Up, Down) and change (Left, Right), in screen order.
ROWS = ("game", "seeds", "every", "run", "learner", "alpha", "epsilon", "starts", "opponent",
        "games")


@dataclass
class RunChoices:
    """One run as its widgets show it."""

    learner: str = "Q-learning"
    alpha: str = DEFAULT_RATE
    epsilon: str = DEFAULT_RATE
    starts: str = next(iter(STARTS))
    opponent: str = "Itself"
    games: str = str(DEFAULT_GAMES)

    def spec(self) -> RunSpec:
        """The run these choices mean; ValueError saying what is wrong."""
        q = LEARNERS[self.learner] == "q"
        rates = {key: None if not q or text.strip() in ("", DEFAULT_RATE)
                 else decimal(text, key == "alpha", "α" if key == "alpha" else "ε")
                 for key, text in (("alpha", self.alpha), ("epsilon", self.epsilon))}
        return RunSpec(LEARNERS[self.learner], rates["alpha"], rates["epsilon"],
                       STARTS[self.starts], OPPONENTS[self.opponent],
                       whole_number(self.games, 1, MAX_RUN_GAMES, "Games"))

    def title(self) -> str:
        try:
            return self.spec().title()
        except ValueError:
            return f"{self.learner} (to be corrected)"


def _step_in(values: tuple[Any, ...], now: Any, by: int) -> Any:
    """The value `by` places from `now` in `values` (kept within them); from a value not
    among them, the nearest in that direction for numbers, else the first."""
    if now in values:
        return values[max(0, min(len(values) - 1, values.index(now) + by))]
    if isinstance(now, int):
        bigger = [v for v in values if v > now]
        smaller = [v for v in values if v < now]
        return (bigger[0] if bigger else values[-1]) if by > 0 else \
            (smaller[-1] if smaller else values[0])
    return values[0]


def _number(text: str, low: int, high: int, what: str, fallback: int) -> int:
    try:
        return whole_number(text, low, high, what)
    except ValueError:
        return fallback


@dataclass
class LabChoices:
    preset: str = next(iter(PRESETS))
    seeds: str = str(DEFAULT_SEEDS)
    every: str = str(DEFAULT_EVERY)
    runs: list[RunChoices] = field(default_factory=lambda: [
        RunChoices(), RunChoices(learner=next(t for t, k in LEARNERS.items() if k == "hats"))])
    chosen: int = 0      # the run the form shows
    row: int = 0         # the row the keys change (ROWS)

    @property
    def run(self) -> RunChoices:
        return self.runs[self.chosen]

    def run_titles(self) -> list[str]:
        return [f"{n}. {run.title()}" for n, run in enumerate(self.runs, start=1)]

    def spec(self) -> LabSpec:
        """The lab these choices describe; ValueError saying what is wrong (which run)."""
        game, rules = PRESETS[self.preset]
        seeds = whole_number(self.seeds, 1, MAX_SEEDS, "Seeds")
        every = whole_number(self.every, 1, MAX_RUN_GAMES, "Check every")
        runs = []
        for number, run in enumerate(self.runs, start=1):
            try:
                runs.append(run.spec())
            except ValueError as err:
                raise ValueError(f"Run {number}: {err}") from None
        return LabSpec(game, dict(rules or {}), tuple(runs), seeds, 0, every)

    def add_run(self) -> bool:
        """A new run like the one shown, shown; False if there are MAX_RUNS already."""
        if len(self.runs) >= MAX_RUNS:
            return False
        self.runs.append(replace(self.run))
        self.chosen = len(self.runs) - 1
        return True

    def remove_run(self) -> bool:
        """The run shown removed; False if it is the only one."""
        if len(self.runs) <= 1:
            return False
        del self.runs[self.chosen]
        self.chosen = min(self.chosen, len(self.runs) - 1)
        return True

    def move_row(self, by: int) -> None:
        self.row = (self.row + by) % len(ROWS)

    def step(self, by: int) -> None:
        """The value of the row the keys are on, `by` places on (Left -1, Right +1)."""
        name, run = ROWS[self.row], self.run
        if name == "game":
            self.preset = _step_in(tuple(PRESETS), self.preset, by)
        elif name == "seeds":
            now = _number(self.seeds, 1, MAX_SEEDS, "", DEFAULT_SEEDS)
            self.seeds = str(max(1, min(MAX_SEEDS, now + by)))
        elif name == "every":
            now = _number(self.every, 1, MAX_RUN_GAMES, "", DEFAULT_EVERY)
            self.every = str(_step_in(EVERY_STEPS, now, by))
        elif name == "run":
            self.chosen = max(0, min(len(self.runs) - 1, self.chosen + by))
        elif name == "learner":
            run.learner = _step_in(tuple(LEARNERS), run.learner, by)
        elif name in ("alpha", "epsilon"):
            setattr(run, name, _step_in(RATE_STEPS[name], getattr(run, name), by))
        elif name == "starts":
            run.starts = _step_in(tuple(STARTS), run.starts, by)
        elif name == "opponent":
            run.opponent = _step_in(tuple(OPPONENTS), run.opponent, by)
        elif name == "games":
            now = _number(run.games, 1, MAX_RUN_GAMES, "", DEFAULT_GAMES)
            run.games = str(_step_in(GAMES_STEPS, now, by))
