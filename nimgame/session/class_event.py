"""Class mode: one AI that keeps learning from every person's game at an event, across
sessions and windows (as Dale Lane's MENACE activity keeps one machine learning from every
visitor), with a count of its games, wins, draws and losses, a snapshot into the library
and a reset.

An event is a game with a learner (`EventKey`: hats — the game's MENACE — or a Q-learner)
kept in the class folder of the app's data (`files.data_folder("class")`) as two files:
`<game>-<learner>.event.json`, the count and the name of the brain file it goes with, and
that brain file, `<game>-<learner>.<generation>.brain`. A save after every game writes the
next generation's brain beside the last (atomically), then the count naming it (atomically),
then removes the older brain: a crash at any moment leaves a count and the brain it names,
both whole. Saves hold the folder's lock and apply the game just played to the event as it
is on disk, not as this window last saw it (`ClassEvent.record`): two windows playing the
same event at once both keep every game. Nothing here draws or reads a terminal."""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..files import (
    NotRegularFile,
    check_replaceable,
    data_folder,
    folder_locked,
    read_regular_file,
    write_atomically,
)
from ..games.base import AnyGame, Move, State
from ..games.registry import KITS, kit_for
from ..players import HatLearner
from ..players.base import MoveValues, Player
from ..players.hats import seed_scheme
from ..players.learner import Learner
from ..players.qlearner import QLearner
from ..safetext import escape
from ..storage import BrainFileError, NameTaken, SaveError, load, save, save_new

FORMAT = "nimgame-class-event"
VERSION = 1
#: The learners an event may keep, by their short name, as people are shown them.
LEARNER_TITLES = {"hats": "Hats (MENACE)", "q": "Q-learning"}
#: A count file is small: anything longer is not one.
MAX_EVENT_BYTES = 4096
EVENT_SUFFIX = ".event.json"


class ClassEventError(Exception):
    """An event that cannot be read or saved: one line, what and why."""


def event_games() -> tuple[str, ...]:
    """The games an event can be held for: those whose kit keeps hats (the Sticks
    computer, MENACE, HER), on the board their kept hats play."""
    return tuple(name for name, kit in KITS.items() if kit.kept_hats is not None)


@dataclass(frozen=True)
class EventKey:
    """Which event: the game (a kit's name) and the learner ("hats" or "q")."""

    game: str
    learner: str

    def __post_init__(self) -> None:
        if self.game not in event_games():
            raise ValueError(f"a class event is held for {', '.join(event_games())}, "
                             f"not {escape(self.game, 30)}")
        if self.learner not in LEARNER_TITLES:
            raise ValueError(f"a class event's AI is {' or '.join(LEARNER_TITLES)}, "
                             f"not {escape(self.learner, 30)}")

    @property
    def stem(self) -> str:
        return f"{self.game}-{self.learner}"

    @property
    def title(self) -> str:
        """"Tic-Tac-Toe, Hats (MENACE)"."""
        return f"{kit_for(self.game).title}, {LEARNER_TITLES[self.learner]}"

    def make_game(self) -> AnyGame:
        kit = kit_for(self.game)
        kept = kit.kept_hats
        return kit.make(kept.rules if kept is not None else None)

    def new_learner(self) -> Learner:
        game = self.make_game()
        # hats learn from the class's games as the seed's computer does: its balls (+1/-1)
        learner: Learner = HatLearner(game, seed_scheme(game)) if self.learner == "hats" \
            else QLearner(game)
        learner.name = f"Class {kit_for(self.game).title} {self.learner}"
        return learner


@dataclass(frozen=True)
class EventCount:
    """The event's games so far, from the AI's side."""

    games: int = 0
    ai_wins: int = 0
    draws: int = 0
    ai_losses: int = 0

    def after(self, result: int) -> EventCount:
        """The count with one more game, the AI's `result` (+1 won, 0 drew, -1 lost)."""
        return EventCount(self.games + 1, self.ai_wins + (result > 0),
                          self.draws + (result == 0), self.ai_losses + (result < 0))


@dataclass(frozen=True)
class GameLesson:
    """One finished game as the event's AI played it: its own moves with the positions it
    made them in, and its result (+1 won, 0 drew, -1 lost). `teaches` False: a game with
    a take-back, counted but learned from by nobody."""

    moves: tuple[tuple[State, Move], ...]
    result: int
    teaches: bool = True


@dataclass
class EventState:
    """An event as last read or saved: its count, its learner, when it started."""

    key: EventKey
    count: EventCount
    learner: Learner
    started: str
    generation: int = 0


def learn(learner: Learner, lesson: GameLesson) -> None:
    """Teach `learner` the game `lesson` records, as its kind learns from play: hats put
    back the balls of the moves drawn, the Q-learner backs its positions up."""
    if not lesson.teaches:
        return
    game = learner.game
    if isinstance(learner, HatLearner):
        graph = learner.graph
        beside: list[tuple[int, int]] = []
        for state, move in lesson.moves:
            learner.hat(state)   # made if this copy has not met the position yet
            node = graph.node(state)
            after = graph.find(game.result(state, move))
            beside.append((node, graph.expand(node).index(after)))
        learner.settle_game(beside, lesson.result)
    elif isinstance(learner, QLearner):
        learner.learn_from_play([game.result(s, m) for s, m in lesson.moves], lesson.result)
    else:
        raise TypeError(f"a class event keeps hats or a Q-learner, not {learner.label}")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class ClassEvent:
    """One event's files in `folder` (default: the class folder of the app's data)."""

    def __init__(self, key: EventKey, folder: Path | None = None) -> None:
        self.key = key
        self.folder = folder if folder is not None else data_folder("class")
        self.brain_name = re.compile(re.escape(key.stem) + r"\.(\d{1,12})\.brain")

    @property
    def count_path(self) -> Path:
        return self.folder / f"{self.key.stem}{EVENT_SUFFIX}"

    # -- reading -----------------------------------------------------------------------
    def read(self) -> EventState:
        """The event as saved (a new one if there is none); ClassEventError if its files
        cannot be read, saying which and why."""
        if not self.folder.is_dir():
            return self._fresh()
        with folder_locked(self.folder):
            return self._read()

    def _fresh(self) -> EventState:
        return EventState(self.key, EventCount(), self.key.new_learner(), _now())

    def _read(self) -> EventState:
        try:
            data = read_regular_file(self.count_path, MAX_EVENT_BYTES + 1)
        except FileNotFoundError:
            return self._fresh()
        except (NotRegularFile, OSError) as err:
            raise self._broken(getattr(err, "strerror", None) or str(err)) from None
        if len(data) > MAX_EVENT_BYTES:
            raise self._broken("too large to be an event's count")
        try:
            found = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise self._broken("not an event's count (not JSON)") from None
        count, brain, generation, started = self._checked(found)
        try:
            learner = load(self.folder / brain, game=self.key.make_game())
        except BrainFileError as err:
            raise self._broken(f"its brain {brain}: {err}") from None
        wanted = HatLearner if self.key.learner == "hats" else QLearner
        if type(learner) is not wanted or learner.game != self.key.make_game():
            raise self._broken(f"its brain {brain} is not {self.key.title}")
        return EventState(self.key, count, learner, started, generation)

    def _checked(self, found: Any) -> tuple[EventCount, str, int, str]:
        """The count, brain file name, generation and start the count file holds, each
        checked; ClassEventError saying what is wrong."""
        if not isinstance(found, dict) or found.get("format") != FORMAT:
            raise self._broken("not an event's count")
        if found.get("version") != VERSION:
            raise self._broken(f"version {escape(found.get('version'), 20)}, this nimgame "
                               f"reads {VERSION}")
        numbers = [found.get(name) for name in ("games", "ai_wins", "draws", "ai_losses")]
        if not all(type(n) is int and 0 <= n < 10**12 for n in numbers):
            raise self._broken("its counts are not whole numbers")
        count = EventCount(*(int(n) for n in numbers if n is not None))
        if count.ai_wins + count.draws + count.ai_losses != count.games:
            raise self._broken("its wins, draws and losses do not add up to its games")
        brain = found.get("brain")
        match = self.brain_name.fullmatch(brain) if isinstance(brain, str) else None
        if match is None or not isinstance(brain, str):
            raise self._broken("it names no brain file of its own")
        started = found.get("started")
        return count, brain, int(match.group(1)), started if isinstance(started, str) else ""

    def _broken(self, why: str) -> ClassEventError:
        return ClassEventError(f"the class event {self.key.title} cannot be read "
                               f"({escape(self.count_path.name, 60)}: {why})")

    # -- saving ------------------------------------------------------------------------
    def record(self, lesson: GameLesson) -> EventState:
        """Count the game `lesson` records and teach it to the event's AI as saved now (so
        games another window saved meanwhile are kept), then save both; the event as saved.
        ClassEventError if the event cannot be read or saved (nothing is changed then)."""
        self._make_folder()
        with folder_locked(self.folder):
            state = self._read()
            learn(state.learner, lesson)
            state.count = state.count.after(lesson.result)
            self._write(state)
            return state

    def reset(self) -> EventState:
        """Start the event again: no games, a new AI (the old files are replaced)."""
        self._make_folder()
        with folder_locked(self.folder):
            try:
                generation = self._read().generation
            except ClassEventError:
                generation = max(self._generations(), default=0)
            state = self._fresh()
            state.generation = generation
            self._write(state)
            return state

    def snapshot(self, when: datetime | None = None) -> Path:
        """A copy of the event's AI in the library, named with the event and the date
        ("Class Sticks hats 2026-11-25 14:05"); the file written. ClassEventError /
        SaveError (one line) if it cannot be read or written."""
        state = self.read()
        learner = state.learner
        stamp = (when or datetime.now()).strftime("%Y-%m-%d %H:%M")
        try:
            return save_new(learner, f"Class {kit_for(self.key.game).title} "
                                     f"{self.key.learner} {stamp}")
        except NameTaken as err:   # every numbered name of that minute taken
            raise SaveError(str(err)) from None

    def _make_folder(self) -> None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise ClassEventError(f"cannot keep the class event in "
                                  f"{escape(str(self.folder), 120)}: "
                                  f"{err.strerror or err}") from None

    def _generations(self) -> list[int]:
        try:
            names = [p.name for p in self.folder.iterdir()]
        except OSError:
            return []
        return [int(m.group(1)) for m in map(self.brain_name.fullmatch, names) if m]

    def _write(self, state: EventState) -> None:
        """The next generation's brain, then the count naming it, then the older brains
        gone: each step atomic, so a crash leaves a count and the brain it names."""
        generation = max([state.generation, *self._generations()]) + 1
        brain = f"{self.key.stem}.{generation}.brain"
        count = state.count
        record = {"format": FORMAT, "version": VERSION, "game": self.key.game,
                  "learner": self.key.learner, "games": count.games,
                  "ai_wins": count.ai_wins, "draws": count.draws,
                  "ai_losses": count.ai_losses, "brain": brain,
                  "started": state.started, "updated": _now()}
        try:
            check_replaceable(self.count_path)   # never a pipe or a device in its place
            save(state.learner, self.folder / brain, force=True)
            write_atomically(self.count_path, json.dumps(record, indent=1).encode("utf-8"))
        except (SaveError, OSError) as err:
            raise ClassEventError(f"the class event {self.key.title} was not saved: "
                                  f"{escape(getattr(err, 'strerror', None) or str(err), 160)}"
                                  ) from None
        state.generation = generation
        for old in self._generations():
            if old != generation:
                try:
                    (self.folder / f"{self.key.stem}.{old}.brain").unlink()
                except OSError:
                    pass   # removed by another window, or kept: the count names the new one


class EventPlayer(Player):
    """The event's AI at a board: hats draw a ball at random (as the Sticks seed's AI),
    a Q-learner plays its best move; after every game `keep_learned` teaches the game to the
    event as saved and saves it (`ClassEvent.record`), and plays on with that AI."""

    label = "Class AI"
    weighs_moves = True

    def __init__(self, event: ClassEvent, state: EventState, seed: int | None = None) -> None:
        super().__init__(state.learner.game)
        self.event, self.state = event, state
        self.rng = random.Random(seed)
        self.played: list[tuple[State, Move]] = []
        self.spoiled = False
        self.finished: GameLesson | None = None

    @property
    def learner(self) -> Learner:
        return self.state.learner

    def choose_move(self, state: State) -> Move:
        self._moves(state)
        learner = self.learner
        if isinstance(learner, HatLearner):
            move = learner.draw_move(state, self.rng, [])
        else:
            move = learner.choose_move(state)
        self.played.append((state, move))
        return move

    def move_values(self, state: State) -> MoveValues | None:
        return self.learner.move_values(state)

    def new_game(self) -> None:
        self.played, self.spoiled, self.finished = [], False, None

    def take_back(self) -> None:
        """A game with a take-back is counted but teaches nothing."""
        self.spoiled = True

    def game_over(self, result: int) -> bool:
        self.finished = GameLesson(tuple(self.played), result, not self.spoiled)
        self.played, self.spoiled = [], False
        return True

    def keep_learned(self) -> None:
        """Save the game just over into the event; SaveError (one line) if it cannot be."""
        lesson, self.finished = self.finished, None
        if lesson is None:
            return
        try:
            self.state = self.event.record(lesson)
        except ClassEventError as err:
            raise SaveError(str(err)) from None
