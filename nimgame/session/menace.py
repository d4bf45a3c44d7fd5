"""MENACE as Donald Michie built it (1961), with matchboxes and beads: the rules as a typed
record, its boxes, and games against a person, Random, a perfect player or a second
MENACE. Martin Gardner's HER (1962), which learns his pawn game on a 3x3 board, is the
same machine with Gardner's rules.

A box per position the machine can face (up to symmetry when `symmetry` is on): for each
move, some beads of its colour, as many as the stage's `beads` (Michie: 4 of each move in
the box of its first move, 3 in its second, 2, 1). To move, shake the box and draw a bead
at random; after the game every bead drawn goes back with the incentive of the result:
win +3 (the bead and three more), draw +1, loss -1 (the bead is kept out). An empty box
resigns (Michie's rule); without it, a loss never takes a box's last bead. Gardner's HER
starts with one bead of each move and only loses the bead of its last move when it loses.

Pygame-free: the screen in `ui/menace` and the bench read it; nothing here draws.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Protocol

from ..games.base import AnyGame, Move, State
from .menace_movers import PerfectMover, RandomMover

#: The most beads a box may start with per move, and the largest incentive: numbers a
#: person types; past them a box's counts say nothing new.
MAX_START_BEADS = 1000
MAX_INCENTIVE = 1000
MAX_STAGES = 9
#: Michie's MENACE drew 20 games in a row after about this many; Scroggs' online one
#: concedes about 40 wins to a perfect player before it always draws.
MICHIE_GAMES = 20
SCROGGS_GAMES = 40
TOURNAMENT_STREAK = 20


@dataclass(frozen=True)
class MenaceRules:
    """How a MENACE's boxes start and learn. `beads[k]`: beads of each move in the boxes
    of its (k+1)-th move (the last number serves any later move); `win`, `draw`, `loss`:
    beads added to each drawn bead's colour after a game (a loss's is negative);
    `symmetry`: one box for positions that are the same up to rotation and reflection;
    `resigns`: an empty box resigns (else a loss never takes a box's last bead);
    `last_only`: the incentive touches only the bead of the machine's last move
    (Gardner's HER); `forced`: a box also where only one move is legal (else that move is
    made without one, as Michie did for the ninth)."""

    beads: tuple[int, ...] = (4, 3, 2, 1)
    win: int = 3
    draw: int = 1
    loss: int = -1
    symmetry: bool = True
    resigns: bool = True
    last_only: bool = False
    forced: bool = False

    def __post_init__(self) -> None:
        problem = self.problem()
        if problem is not None:
            raise ValueError(problem)

    def problem(self) -> str | None:
        """What is wrong with these rules, in one line, or None."""
        beads = self.beads
        if not isinstance(beads, tuple) or not 1 <= len(beads) <= MAX_STAGES:
            return f"beads per stage: 1 to {MAX_STAGES} numbers, one per move of the machine"
        for stage, count in enumerate(beads, 1):
            if not _whole(count) or not 1 <= count <= MAX_START_BEADS:
                return (f"beads for the machine's move {stage} must be a whole number from 1 "
                        f"to {MAX_START_BEADS}, not {_said(count)}")
        for name, value in (("win", self.win), ("draw", self.draw), ("loss", self.loss)):
            if not _whole(value) or not -MAX_INCENTIVE <= value <= MAX_INCENTIVE:
                return (f"the {name} incentive must be a whole number from -{MAX_INCENTIVE} "
                        f"to {MAX_INCENTIVE}, not {_said(value)}")
        for name in ("symmetry", "resigns", "last_only", "forced"):
            if not isinstance(getattr(self, name), bool):
                return f"{name} is on or off (True or False), not {_said(getattr(self, name))}"
        return None

    def start_beads(self, stage: int) -> int:
        """Beads of each move in a box of the machine's move `stage` (0 = its first)."""
        return self.beads[min(stage, len(self.beads) - 1)]

    def incentive(self, result: int) -> int:
        """Beads a drawn bead's colour gains (or loses) when the game ends with `result`
        (+1 won, 0 drawn, -1 lost or resigned)."""
        return self.win if result > 0 else self.draw if result == 0 else self.loss

    def words(self) -> str:
        """The rules in one line."""
        stages = "/".join(map(str, self.beads))
        return (f"beads {stages}; win {self.win:+d}, draw {self.draw:+d}, loss {self.loss:+d}"
                f"; symmetry {'on' if self.symmetry else 'off'}"
                f"{'; an empty box resigns' if self.resigns else ''}"
                f"{'; last bead only' if self.last_only else ''}")


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _said(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 30 else text[:27] + "..."


@dataclass(frozen=True)
class Preset:
    name: str
    rules: MenaceRules
    about: str


#: Michie's matchboxes (1961): 4/3/2/1 beads, +3/+1/-1, the ninth move forced.
MICHIE = Preset("Michie", MenaceRules(), "Michie (1961): boxes of 4, 3, 2, 1 beads per move")
#: Matthew Scroggs' online MENACE: 8/4/2/1 beads, otherwise Michie's.
SCROGGS = Preset("Scroggs", MenaceRules(beads=(8, 4, 2, 1)),
                 "Scroggs' online MENACE: 8, 4, 2, 1 beads per move")
#: Gardner's HER: one bead of each move; a loss takes its last move's bead.
GARDNER = Preset("Gardner", MenaceRules(beads=(1,), win=0, draw=0, loss=-1, last_only=True,
                                        forced=True),
                 "Gardner's HER (1962): one bead per move; a loss takes the last bead")
PRESETS = (MICHIE, SCROGGS, GARDNER)


def preset_for(game: AnyGame) -> Preset:
    """The preset a game starts with: Gardner's for a game without draws, else Michie's."""
    return MICHIE if game.has_draws else GARDNER


# -- the boxes -----------------------------------------------------------------------
@dataclass
class Box:
    """One matchbox: the position it stands for (as the machine sees it: canonical when
    symmetry is on), its stage (0 = the machine's first move), the move each colour of
    bead names (one per move, or per set of moves the same up to symmetry), and how many
    beads of each colour it holds now."""

    position: State
    stage: int
    moves: tuple[Move, ...]
    beads: list[int]
    number: int = 0   # its place among the boxes, from 1: how labels and the screen name it

    @property
    def total(self) -> int:
        return sum(self.beads)


def reachable(game: AnyGame) -> Iterator[tuple[State, int]]:
    """Every position reachable from the start, with the fewest moves that reach it, in
    order of that number (a breadth-first walk)."""
    start = game.initial_state()
    depth = {start: 0}
    frontier = [start]
    while frontier:
        after: list[State] = []
        for state in frontier:
            yield state, depth[state]
            if game.is_over(state):
                continue
            for move in game.legal_moves(state):
                child = game.result(state, move)
                if child not in depth:
                    depth[child] = depth[state] + 1
                    after.append(child)
        frontier = after


def bead_moves(game: AnyGame, position: State, symmetry: bool) -> tuple[Move, ...]:
    """The moves a box for `position` holds a colour of bead for, in the rules' order: all
    legal moves, or with symmetry the first of each set leading to the same position up
    to symmetry."""
    moves = game.legal_moves(position)
    if not symmetry:
        return tuple(moves)
    seen: set[State] = set()
    kept: list[Move] = []
    for move in moves:
        after = game.canonical(game.result(position, move))
        if after not in seen:
            seen.add(after)
            kept.append(move)
    return tuple(kept)


def box_positions(game: AnyGame, side: int, rules: MenaceRules) -> dict[State, int]:
    """Every position a MENACE playing `side` (0 first, 1 second) has a box for, with its
    stage: the positions it can face with a move to make (up to symmetry if the rules say
    so), where it has a choice unless the rules box forced moves too."""
    return dict(_box_positions(game, side, rules.symmetry, rules.forced))


@cache
def _box_positions(game: AnyGame, side: int, symmetry: bool,
                   forced: bool) -> tuple[tuple[State, int], ...]:
    """`box_positions`, worked out once per game and the two rules it depends on (a walk
    of every reachable position: most of the time a MENACE takes to set up)."""
    found: dict[State, int] = {}
    for state, moves_made in reachable(game):
        if game.is_over(state) or game.to_move(state) != side:
            continue
        key = game.canonical(state) if symmetry else state
        if key in found:
            continue
        if not forced and len(game.legal_moves(key)) < 2:
            continue
        found[key] = moves_made // 2
    return tuple(found.items())


class Mover(Protocol):
    """Anything that moves in a game: a MENACE, a perfect player, a random one. None is
    a resignation."""

    def move(self, state: State) -> Move | None: ...


class Menace:
    """A MENACE: its boxes, and the beads drawn in the game under way."""

    def __init__(self, game: AnyGame, rules: MenaceRules, side: int = 0,
                 seed: int | None = None) -> None:
        if side not in (0, 1) or isinstance(side, bool):
            raise ValueError(f"a MENACE plays side 0 (first) or 1 (second), not {side!r}")
        self.game, self.rules, self.side = game, rules, side
        self.rng = random.Random(seed)
        self.boxes: dict[State, Box] = {}
        for number, (position, stage) in enumerate(
                box_positions(game, side, rules).items(), 1):
            moves = bead_moves(game, position, rules.symmetry)
            self.boxes[position] = Box(position, stage, moves,
                                       [rules.start_beads(stage)] * len(moves), number)
        self.drawn: list[tuple[Box, int]] = []   # (box, colour) drawn this game
        self.last: tuple[Box, int] | None = None  # the bead drawn last (the screen lights it)
        self.games = 0

    def box_for(self, state: State) -> Box | None:
        """The box of `state` (None where the move is forced and has no box)."""
        key = self.game.canonical(state) if self.rules.symmetry else state
        return self.boxes.get(key)

    def first_box(self) -> Box:
        """The box of its first move (the one a chart follows)."""
        return min(self.boxes.values(), key=lambda box: (box.stage, box.number))

    def move(self, state: State) -> Move | None:
        """Draw a bead from `state`'s box and play its move; None: the box is empty and
        the rules have it resign."""
        game = self.game
        box = self.box_for(state)
        if box is None:
            return game.legal_moves(state)[0]
        total = box.total
        if total == 0:
            return None   # only with `resigns`: otherwise a box never empties
        pick = self.rng.randrange(total)
        colour = 0
        while pick >= box.beads[colour]:
            pick -= box.beads[colour]
            colour += 1
        self.drawn.append((box, colour))
        self.last = (box, colour)
        return self.real_move(state, box, colour)

    def greedy_move(self, state: State) -> Move | None:
        """The move of the colour it holds most beads of (the first of equals), without
        drawing; None where the box is empty and it would resign."""
        box = self.box_for(state)
        if box is None:
            return self.game.legal_moves(state)[0]
        if box.total == 0:
            return None
        return self.real_move(state, box, box.beads.index(max(box.beads)))

    def real_move(self, state: State, box: Box, colour: int) -> Move:
        """The move in `state` that bead `colour` of its box names (the box may stand for
        a rotation or reflection of `state`)."""
        game = self.game
        move = box.moves[colour]
        if box.position == state:
            return move
        target = game.canonical(game.result(box.position, move))
        return next(m for m in game.legal_moves(state)
                    if game.canonical(game.result(state, m)) == target)

    def settle(self, result: int) -> None:
        """The game is over: +1 it won, 0 drawn, -1 it lost or resigned. Each bead drawn
        goes back with the incentive (only the last one's, with `last_only`)."""
        rules = self.rules
        change = rules.incentive(result)
        drawn = self.drawn[-1:] if rules.last_only else self.drawn
        for box, colour in drawn:
            beads = box.beads
            if change >= 0:
                beads[colour] += change
            else:
                floor = 0 if rules.resigns else 1 - (box.total - beads[colour])
                beads[colour] = max(beads[colour] + change, max(floor, 0))
        self.drawn = []
        self.games += 1

    def forget_game(self) -> None:
        """Drop the beads drawn in a game that will not be settled (a game left half way)."""
        self.drawn = []


# -- games ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Played:
    """One game: the moves, who won (0, 1, or None for a draw), and who resigned."""

    moves: tuple[Move, ...]
    winner: int | None
    resigned: int | None = None

    def result_for(self, side: int) -> int:
        return 0 if self.winner is None else (1 if self.winner == side else -1)


def play_game(game: AnyGame, movers: tuple[Mover, Mover],
              watch: Callable[[State, Move], None] | None = None) -> Played:
    """One game from the start, `movers[0]` moving first; an empty box (None) resigns.
    Every MENACE among the movers is settled with its result."""
    state = game.initial_state()
    moves: list[Move] = []
    winner: int | None
    resigned: int | None = None
    while True:
        if game.is_over(state):
            winner = game.winner(state)
            break
        side = game.to_move(state)
        move = movers[side].move(state)
        if move is None:
            resigned, winner = side, 1 - side
            break
        if watch is not None:
            watch(state, move)
        moves.append(move)
        state = game.result(state, move)
    played = Played(tuple(moves), winner, resigned)
    for side, mover in enumerate(movers):
        if isinstance(mover, Menace):
            mover.settle(played.result_for(side))
    return played


def greedy_never_loses(menace: Menace) -> bool:
    """Whether the machine, playing its fullest colour in every box, draws or wins against
    every line of play the other side can choose (an exhaustive walk)."""
    game, side = menace.game, menace.side
    seen: dict[State, bool] = {}

    def safe(state: State) -> bool:
        if state in seen:
            return seen[state]
        if game.is_over(state):
            ok = game.winner(state) != 1 - side
        elif game.to_move(state) == side:
            move = menace.greedy_move(state)
            ok = move is not None and safe(game.result(state, move))
        else:
            ok = all(safe(game.result(state, m)) for m in game.legal_moves(state))
        seen[state] = ok
        return ok

    return safe(game.initial_state())


#: "perfect": a best move drawn at random (Scroggs'); "perfect-line": always the first best
#: move (one fixed line of best play, as Michie played his first games).
OPPONENTS = ("perfect", "random", "menace", "perfect-line")


@dataclass
class MenaceRun:
    """A MENACE and its games against one opponent, with what the screen charts: the
    result of every game (for the machine: +1, 0, -1) and the first box's beads after
    each."""

    game: AnyGame
    rules: MenaceRules
    opponent: str = "perfect"   # one of OPPONENTS, or "person" (the screen moves for it)
    side: int = 0
    seed: int | None = None
    results: list[int] = field(default_factory=list)
    first_box: list[tuple[int, ...]] = field(default_factory=list)
    last: Played | None = None

    def __post_init__(self) -> None:
        if self.opponent not in (*OPPONENTS, "person"):
            raise ValueError(f"the opponent is one of {', '.join(OPPONENTS)} or person, "
                             f"not {_said(self.opponent)}")
        rng = random.Random(self.seed)
        self.menace = Menace(self.game, self.rules, self.side, rng.randrange(2**32))
        self.other: Mover | None
        if self.opponent in ("perfect", "perfect-line"):
            self.other = PerfectMover(self.game, rng.randrange(2**32),
                                      one_line=self.opponent == "perfect-line")
        elif self.opponent == "random":
            self.other = RandomMover(self.game, rng.randrange(2**32))
        elif self.opponent == "menace":
            self.other = Menace(self.game, self.rules, 1 - self.side, rng.randrange(2**32))
        else:
            self.other = None
        self.first_box.append(tuple(self.menace.first_box().beads))

    @property
    def movers(self) -> tuple[Mover, Mover]:
        if self.other is None:
            raise ValueError("a person plays this MENACE: the screen moves for them")
        return (self.menace, self.other) if self.side == 0 else (self.other, self.menace)

    def play(self, games: int = 1) -> Played | None:
        """Play `games` games against the opponent; the last one."""
        movers = self.movers
        for _ in range(games):
            self.record(play_game(self.game, movers))
        return self.last

    def record(self, played: Played) -> None:
        """Count a finished game (the menace settled already)."""
        self.last = played
        self.results.append(played.result_for(self.side))
        self.first_box.append(tuple(self.menace.first_box().beads))

    def tally(self) -> tuple[int, int, int]:
        """Its wins, draws and losses so far."""
        results = self.results
        return results.count(1), results.count(0), results.count(-1)

    def draw_streak(self) -> int:
        """Games it has not lost in a row, counted back from the last: for Michie's
        tournament, against the perfect player, that is draws."""
        streak = 0
        for result in reversed(self.results):
            if result < 0:
                break
            streak += 1
        return streak


def tournament(run: MenaceRun, streak: int = TOURNAMENT_STREAK, limit: int = 10_000,
               step: int = 1) -> int | None:
    """Michie's tournament: play on until the machine has not lost `streak` games in a row
    (against the perfect player, draws), at most `limit` games in all; the games it took
    counted up to the end of the streak, or None if it did not get there. `step` games
    at a time between checks of the streak (1: the exact count)."""
    while len(run.results) < limit:
        if run.draw_streak() >= streak:
            return len(run.results)
        run.play(min(step, limit - len(run.results)))
    return len(run.results) if run.draw_streak() >= streak else None
