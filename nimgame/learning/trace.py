"""Watching a learner learn, update by update and game by game.

The learners report each learning update as a typed record (`players.updates`) to a sink.
Here are the sinks and what a front end needs around them, all without a window:

- `TraceRecorder` keeps the updates game by game ("update i of game g");
- `TraceSteps` is a cursor over a recording, for a step-through view: the next or the
  previous update (crossing into the next or previous game), the next or previous game,
  the first and the last;
- `SteppedTraining` trains one game (or a few) at a time with a recorder attached: the
  same games, in the same order, as `training.train` plays with the same seed, so a run
  stepped through learns exactly what it learns unpaused;
- `update_record` writes an update as plain JSON data in the kit's text form, and
  `JsonLinesTrace` writes one such object per line (the command line's `--trace`).
"""

from __future__ import annotations

import json
import random
from collections import deque
from dataclasses import dataclass
from typing import Any, Protocol

from ..games import kit_for
from ..games.base import AnyGame, State
from ..players.base import Player
from ..players.learner import Learner
from ..players.updates import GameStarted, HatUpdate, QUpdate, Update, UpdateSink

__all__ = ["GameStarted", "HatUpdate", "JsonLinesTrace", "QUpdate", "SteppedTraining",
           "TraceRecorder", "TraceSteps", "TracedGame", "Update", "UpdateSink",
           "update_record"]


@dataclass(frozen=True)
class TracedGame:
    """One game's learning updates, in the order the learner made them."""

    number: int              # the learner's game number (1-based over its life; 0: not told)
    start: State | None      # where it started (None: not told)
    updates: tuple[Update, ...]


class TraceRecorder:
    """An `UpdateSink` that keeps every update, game by game: the latest `max_games` games
    (all if None). Updates that come before any game is announced (a caller of
    `HatLearner.settle_game` that did not say) make a game numbered 0."""

    def __init__(self, max_games: int | None = None) -> None:
        if max_games is not None and (isinstance(max_games, bool) or max_games < 1):
            raise ValueError(f"max_games must be at least 1, not {max_games!r}")
        self._games: deque[tuple[GameStarted | None, list[Update]]] = deque(maxlen=max_games)

    def on_game(self, game: GameStarted, /) -> None:
        self._games.append((game, []))

    def on_update(self, update: Update, /) -> None:
        if not self._games:
            self._games.append((None, []))
        self._games[-1][1].append(update)

    def __len__(self) -> int:
        return len(self._games)

    def game(self, index: int) -> TracedGame:
        """The `index`-th game kept (0 the oldest; negative counts from the latest)."""
        started, updates = self._games[index]
        return TracedGame(0 if started is None else started.number,
                          None if started is None else started.start, tuple(updates))

    def update(self, game: int, index: int) -> Update:
        """Update `index` of the `game`-th game kept (both from 0)."""
        return self._games[game][1][index]

    def updates_in(self, game: int) -> int:
        return len(self._games[game][1])

    def games(self) -> list[TracedGame]:
        return [self.game(i) for i in range(len(self._games))]

    def clear(self) -> None:
        self._games.clear()


@dataclass(frozen=True)
class StepPlace:
    """Where a step-through view stands: a game kept (from 0) and an update in it (from 0;
    a game without updates has the one place 0, with no update)."""

    game: int
    update: int


class TraceSteps:
    """A cursor over a `TraceRecorder` (which may go on growing): what a step-through view
    shows and how its keys move. Moves that cannot go further stay put and say so (False).
    """

    def __init__(self, recorder: TraceRecorder) -> None:
        self.recorder = recorder
        self.place = StepPlace(0, 0)

    # -- what is shown ---------------------------------------------------------------------
    @property
    def empty(self) -> bool:
        return len(self.recorder) == 0

    @property
    def game(self) -> TracedGame | None:
        return None if self.empty else self.recorder.game(self.place.game)

    @property
    def update(self) -> Update | None:
        """The update shown (None: nothing recorded, or a game without updates)."""
        if self.empty or self.place.update >= self.recorder.updates_in(self.place.game):
            return None
        return self.recorder.update(self.place.game, self.place.update)

    def where(self) -> str:
        """The place in words: "game 3 of 10, update 2 of 7"."""
        if self.empty:
            return "nothing recorded yet"
        games, updates = len(self.recorder), self.recorder.updates_in(self.place.game)
        told = f"game {self.place.game + 1} of {games}"
        if not updates:
            return f"{told}, no learning update"
        return f"{told}, update {self.place.update + 1} of {updates}"

    # -- moving ----------------------------------------------------------------------------
    def go(self, game: int, update: int = 0) -> bool:
        """Stand on update `update` of game `game` (both from 0, negative from the end);
        False, staying put, if there is no such place."""
        games = len(self.recorder)
        if not -games <= game < games:
            return False
        game %= games
        updates = max(1, self.recorder.updates_in(game))
        if not -updates <= update < updates:
            return False
        self.place = StepPlace(game, update % updates)
        return True

    def next_update(self) -> bool:
        """→: the next update, the first of the next game after a game's last."""
        if self.empty:
            return False
        game, update = self.place.game, self.place.update
        if update + 1 < self.recorder.updates_in(game):
            return self.go(game, update + 1)
        return self.go(game + 1, 0) if game + 1 < len(self.recorder) else False

    def previous_update(self) -> bool:
        """←: the previous update, the last of the previous game before a game's first."""
        if self.empty:
            return False
        game, update = self.place.game, self.place.update
        if update > 0:
            return self.go(game, update - 1)
        return self.go(game - 1, -1) if game > 0 else False

    def next_game(self) -> bool:
        """PageDown: the first update of the next game."""
        return not self.empty and self.place.game + 1 < len(self.recorder) and \
            self.go(self.place.game + 1, 0)

    def previous_game(self) -> bool:
        """PageUp: the first update of this game, or of the previous one if already there."""
        if self.empty:
            return False
        if self.place.update > 0:
            return self.go(self.place.game, 0)
        return self.place.game > 0 and self.go(self.place.game - 1, 0)

    def first(self) -> bool:
        """Home: the first update of the first game kept."""
        return not self.empty and self.go(0, 0)

    def last(self) -> bool:
        """End: the last update of the last game."""
        return not self.empty and self.go(-1, -1)


class SteppedTraining:
    """Train `learner` a few games at a time, each traced to `recorder` or not, as a paused
    run is stepped: the games `train(learner, n, seed, opponent, explore=explore)` plays,
    in the same order and learning the same (its random numbers come from one generator
    seeded alike, and a learner's chunks of games never change what it learns)."""

    def __init__(self, learner: Learner, seed: int | None = None,
                 opponent: Player | None = None, explore: float | None = None,
                 recorder: TraceRecorder | None = None) -> None:
        from .training import check_run  # training imports this module's sinks

        self.explore = check_run(learner, 0, opponent, explore)
        self.learner, self.opponent = learner, opponent
        self.rng = random.Random(seed)
        self.recorder = TraceRecorder() if recorder is None else recorder
        self.games = 0   # games played so far

    def play(self, games: int = 1, traced: bool = True) -> None:
        """Play `games` more games, recording their updates if `traced`."""
        if isinstance(games, bool) or not isinstance(games, int) or games < 0:
            raise ValueError(f"games must be a whole number >= 0, not {games!r}")
        self.learner.train_games(games, self.rng, self.opponent, self.explore,
                                 self.recorder if traced else None)
        self.games += games


# -- as plain data, in the kit's text form --------------------------------------------------

def update_record(update: Update, game: AnyGame, number: int) -> dict[str, Any]:
    """`update` (of training game `number`) as JSON data, positions and moves written as
    `game`'s kit writes them: for Q-learning `position`, `move` (both None where the game
    started at the entry updated), `after` (the position the move leads to, as it looks:
    the table keeps it under its canonical form), `old`, `reward`, `future`, `future_of`,
    `alpha`, `new`; for hats `hat`, `ball`, `change`, `balls` (each kind of ball in the
    hat, written as `ball` is, to its count after the change) and `result`."""
    kit = kit_for(game)
    if isinstance(update, QUpdate):
        position = update.position
        return {
            "game": number, "learner": "q",
            "position": None if position is None else kit.position_line(game, position),
            "move": None if position is None else kit.move_text(game, position, update.move),
            "after": kit.position_line(game, update.after if position is None
                                       else game.result(position, update.move)),
            "old": update.old, "reward": update.reward, "future": update.future,
            "future_of": update.future_of.value, "alpha": update.alpha, "new": update.new}
    hat = update.hat
    kinds = [kit.move_text(game, hat, move) for move in update.moves]
    return {
        "game": number, "learner": "hats", "hat": kit.position_line(game, hat),
        "ball": kinds[update.ball], "change": update.change,
        "balls": dict(zip(kinds, update.after, strict=True)), "result": update.result}


class TextOut(Protocol):
    """Where `JsonLinesTrace` writes: a text file, or anything with `write`."""

    def write(self, text: str, /) -> int: ...


class JsonLinesTrace:
    """An `UpdateSink` that writes each update as one line of JSON (`update_record`),
    numbering games from 1 after the `games_before` the learner had played."""

    def __init__(self, out: TextOut, game: AnyGame, games_before: int = 0) -> None:
        self.out, self.game, self.games_before = out, game, games_before
        self.number = 0
        self.lines = 0

    def on_game(self, game: GameStarted, /) -> None:
        self.number = game.number - self.games_before

    def on_update(self, update: Update, /) -> None:
        record = update_record(update, self.game, self.number)
        self.out.write(json.dumps(record, ensure_ascii=False, allow_nan=False) + "\n")
        self.lines += 1

