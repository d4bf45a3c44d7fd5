"""Drills on the take-away games' theory: the questions, their right answers and why.

Five kinds of drill, each a question about one position of Nim or the Game of Sticks:
find the winning move, is this position lost, the misère endgame (every pile but one of
at most 1), leave 4k+1 (Sticks), and a Grundy value under a cap. A question's right
answers come from the games' exact theory (`Game.heaps()`: the nim-sum, the misère rule,
values mod cap + 1), and its explanations from the kits' own words (`mistake_words`, the
nim-sum, 4k+1). Each kind poses positions of a few small boards per level, so every
position it can pose can be checked against a brute force; `pose` picks one, the same
one for the same random generator state. The run of a drill (the clock, the score and
the streak) is `drill_run`.
"""

from __future__ import annotations

import enum
import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..games import KITS
from ..games.base import AnyGame, Move, State
from ..games.heaps import AnyHeaps, nim_sum
from ..games.nim.kit import nim_rule, ones_or_sum
from ..games.nim.rules import Nim, NimState
from ..games.sticks.kit import rule_form
from ..games.sticks.rules import Sticks, SticksState
from ..players.perfect import PerfectPlayer


class Form(enum.Enum):
    """How a question is answered: a move of the game, yes or no, or a whole number."""

    MOVE = "move"
    YES_NO = "yes-no"
    NUMBER = "number"


@dataclass(frozen=True)
class Level:
    """How much help a level gives: the binary table (the nim-sum worked out) shown or
    not, hints or not, and the seconds each question allows."""

    number: int
    name: str
    table: bool
    hints: bool
    seconds: float


#: From guided to bare, as NRICH's tiered hints: the working shown and a hint at hand,
#: then the hint alone, then nothing but the clock.
LEVELS = (Level(1, "Guided", table=True, hints=True, seconds=60.0),
          Level(2, "Hinted", table=False, hints=True, seconds=40.0),
          Level(3, "Bare", table=False, hints=False, seconds=20.0))


def level(number: int) -> Level:
    """The level numbered `number` (1 to 3); ValueError saying which there are."""
    for made in LEVELS:
        if made.number == number and type(number) is int:
            return made
    raise ValueError(f"a drill's level is 1 to {len(LEVELS)}, not {str(number)[:20]!r}")


@dataclass(frozen=True)
class Board:
    """Where a drill's positions come from: `piles` piles of 0 to `largest` (Sticks: one
    heap of 1 to `largest`), misère or normal play, an optional cap per move."""

    piles: int
    largest: int
    misere: bool
    cap: int | None = None
    sticks: bool = False

    def positions(self) -> list[tuple[int, ...]]:
        """Every position of this board with something on it, in a fixed order."""
        if self.sticks:
            return [(n,) for n in range(1, self.largest + 1)]
        return [piles for piles in itertools.product(range(self.largest + 1), repeat=self.piles)
                if any(piles)]

    def game(self, piles: tuple[int, ...]) -> AnyGame:
        """The game this board's position `piles` is the start of."""
        if self.sticks:
            return Sticks(piles[0], self.cap or 3)
        return Nim(piles, misere=self.misere, max_take=self.cap)

    def rules_words(self) -> str:
        if self.sticks:
            return f"Sticks, take 1 to {self.cap}; taking the last loses"
        play = "misère: taking the last loses" if self.misere else (
            "normal play: taking the last wins")
        cap = f", at most {self.cap} a move" if self.cap else ""
        return f"Nim, {play}{cap}"


@dataclass(frozen=True)
class Question:
    """One drill question: the position (`game` started there, `state`), what is asked,
    how it is answered and every right answer (moves of the game, a bool for "is it
    lost?", or a number). `choices`: the numbers offered for a NUMBER question, the counts
    for a Sticks move."""

    kind: str
    level: int
    board: Board
    piles: tuple[int, ...]
    game: AnyGame
    state: State
    asks: str
    form: Form
    right: tuple[Any, ...]
    choices: tuple[int, ...] = ()

    @property
    def heaps(self) -> AnyHeaps:
        heaps = self.game.heaps()
        assert heaps is not None   # Nim and Sticks both read as heaps
        return heaps


@dataclass(frozen=True)
class Verdict:
    """What an answer was worth: right or not, and one line saying why."""

    right: bool
    why: str
    answer: Any = None     # as given; None when time ran out


class DrillKind:
    """A kind of drill: which boards each level poses, which of their positions it asks
    about, and what is right there. Subclasses say what differs."""

    key = ""
    title = ""
    blurb = ""
    form = Form.MOVE

    def boards(self, level: int) -> tuple[Board, ...]:
        raise NotImplementedError

    def poses(self, board: Board, piles: tuple[int, ...]) -> bool:
        """Whether this drill asks about `piles` (default: where the mover can win)."""
        return _heaps(board, piles).mover_wins(piles)

    def asks(self, board: Board) -> str:
        raise NotImplementedError

    def right(self, board: Board, game: AnyGame, state: State) -> tuple[Any, ...]:
        """Every right answer (default: every winning move)."""
        return tuple(_heaps_of(game).winning_moves(state))

    def choices(self, board: Board, piles: tuple[int, ...]) -> tuple[int, ...]:
        if board.sticks:
            return tuple(range(1, min(board.cap or 3, piles[0]) + 1))
        return ()

    def pick(self, board: Board, positions: Sequence[tuple[int, ...]], rng: random.Random
             ) -> tuple[int, ...]:
        return rng.choice(positions)

    def question(self, level: int, board: Board, piles: tuple[int, ...]) -> Question:
        """The question this drill asks about `piles` of `board`."""
        game = board.game(piles)
        state = game.initial_state()
        return Question(self.key, level, board, piles, game, state, self.asks(board),
                        self.form, self.right(board, game, state), self.choices(board, piles))


def _heaps_of(game: AnyGame) -> AnyHeaps:
    heaps = game.heaps()
    assert heaps is not None
    return heaps


@cache
def _board_heaps(board: Board) -> AnyHeaps:
    """The theory of `board`'s game (the same for every position of it), made once."""
    return _heaps_of(board.game((board.largest,) * board.piles))


def _heaps(board: Board, piles: tuple[int, ...]) -> AnyHeaps:
    return _board_heaps(board)


class WinningMove(DrillKind):
    key = "winning-move"
    title = "Find the winning move"
    blurb = "Nim: find a move that leaves a nim-sum of 0."

    def boards(self, level: int) -> tuple[Board, ...]:
        return {1: (Board(3, 7, misere=False),), 2: (Board(4, 7, misere=False),),
                3: (Board(4, 9, misere=False), Board(4, 9, misere=True))}[level]

    def asks(self, board: Board) -> str:
        return f"Find a winning move ({board.rules_words()})."


class Lost(DrillKind):
    key = "lost"
    title = "Is this position lost?"
    blurb = "Nim: is the player to move lost against perfect play?"
    form = Form.YES_NO

    def boards(self, level: int) -> tuple[Board, ...]:
        return WinningMove().boards(level)

    def poses(self, board: Board, piles: tuple[int, ...]) -> bool:
        return True

    def asks(self, board: Board) -> str:
        return f"Is this position lost for the player to move ({board.rules_words()})?"

    def right(self, board: Board, game: AnyGame, state: State) -> tuple[Any, ...]:
        return (not _heaps_of(game).mover_wins(state.piles),)

    def pick(self, board: Board, positions: Sequence[tuple[int, ...]], rng: random.Random
             ) -> tuple[int, ...]:
        """Lost and won positions as often as each other (most positions are won)."""
        lost = rng.random() < 0.5
        wanted = _lost_or_won(self.key, board)[lost] if positions else ()
        return rng.choice(wanted or positions)


@cache
def _lost_or_won(key: str, board: Board
                 ) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """The positions of `board` the drill `key` poses that the player to move wins, and
    those they lose."""
    heaps, positions = _board_heaps(board), posed(key, board)
    return (tuple(p for p in positions if heaps.mover_wins(p)),
            tuple(p for p in positions if not heaps.mover_wins(p)))


class MisereEndgame(DrillKind):
    key = "misere-endgame"
    title = "The misère endgame"
    blurb = "Misère Nim with one big pile left: leave an odd number of 1s."

    def boards(self, level: int) -> tuple[Board, ...]:
        return {1: (Board(3, 5, misere=True),), 2: (Board(4, 7, misere=True),),
                3: (Board(5, 7, misere=True),)}[level]

    def poses(self, board: Board, piles: tuple[int, ...]) -> bool:
        return sum(p > 1 for p in piles) <= 1 and super().poses(board, piles)

    def asks(self, board: Board) -> str:
        return "Misère Nim, taking the last loses: find the winning move."


class LeaveRule(DrillKind):
    key = "sticks"
    title = "Leave 4k+1"
    blurb = "The Game of Sticks: how many to take to leave 4k+1?"

    def boards(self, level: int) -> tuple[Board, ...]:
        return {1: (Board(1, 20, misere=True, cap=3, sticks=True),),
                2: (Board(1, 60, misere=True, cap=3, sticks=True),),
                3: tuple(Board(1, 60, misere=True, cap=cap, sticks=True)
                         for cap in (2, 3, 4, 5))}[level]

    def asks(self, board: Board) -> str:
        cap = board.cap or 3
        return (f"Take 1 to {cap}; taking the last stick loses. How many do you take "
                f"to leave {rule_form(cap)}?")


class GrundyValue(DrillKind):
    key = "grundy"
    title = "Grundy value under a cap"
    blurb = "Nim with a cap of k per move: a pile of n counts n mod (k+1)."
    form = Form.NUMBER

    def boards(self, level: int) -> tuple[Board, ...]:
        piles, largest, caps = {1: (1, 15, (2, 3, 4)), 2: (2, 12, (2, 3)),
                                3: (3, 12, (2, 3, 4, 5))}[level]
        return tuple(Board(piles, largest, misere=False, cap=cap) for cap in caps)

    def poses(self, board: Board, piles: tuple[int, ...]) -> bool:
        return True

    def asks(self, board: Board) -> str:
        what = "this pile" if board.piles == 1 else "this position (the piles' nim-sum)"
        return f"At most {board.cap} a move: what is the Grundy value of {what}?"

    def right(self, board: Board, game: AnyGame, state: State) -> tuple[Any, ...]:
        return (nim_sum(_heaps_of(game).grundy_values(state.piles)),)

    def choices(self, board: Board, piles: tuple[int, ...]) -> tuple[int, ...]:
        cap = board.cap or 1
        return tuple(range(cap + 1 if board.piles == 1 else 1 << cap.bit_length()))


#: Every drill by its key, in the order the screen lists them.
KINDS: dict[str, DrillKind] = {kind.key: kind for kind in (
    WinningMove(), Lost(), MisereEndgame(), LeaveRule(), GrundyValue())}


def kind_of(key: str) -> DrillKind:
    """The drill called `key`; ValueError naming those there are."""
    if isinstance(key, str) and key in KINDS:
        return KINDS[key]
    raise ValueError(f"there is no drill called {str(key)[:30]!r}; there are "
                     f"{', '.join(KINDS)}")


@cache
def posed(key: str, board: Board) -> tuple[tuple[int, ...], ...]:
    """Every position of `board` the drill `key` may ask about, in a fixed order."""
    kind = KINDS[key]
    return tuple(p for p in board.positions() if kind.poses(board, p))


def pose(key: str, level_number: int, rng: random.Random) -> Question:
    """A question of the drill `key` at level `level_number`, drawn with `rng` (the same
    question for the same generator state)."""
    kind, made = kind_of(key), level(level_number)
    board = rng.choice(kind.boards(made.number))
    piles = kind.pick(board, posed(key, board), rng)
    return kind.question(made.number, board, piles)


# -- answers and why -------------------------------------------------------------------

def answer_words(question: Question, answer: Any) -> str:
    """An answer as people say it: "take 2 from pile 3", "yes, it is lost", "5"."""
    if question.form is Form.MOVE:
        return question.game.describe_move(question.state, answer)
    if question.form is Form.YES_NO:
        return "yes, it is lost" if answer else "no, the player to move wins"
    return str(answer)


def check(question: Question, answer: object) -> Verdict:
    """Whether `answer` is right, with one line saying why (the kits' words: nim-sum,
    4k+1). An answer of the wrong shape, or a move the rules refuse, is wrong and says
    what was wrong with it."""
    if question.form is Form.MOVE:
        return _check_move(question, answer)
    if question.form is Form.YES_NO:
        if not isinstance(answer, bool):
            return Verdict(False, "Answer yes or no.", answer)
        right = answer == question.right[0]
        return Verdict(right, f"{'Right' if right else 'Wrong'}: {lost_words(question)}",
                       answer)
    if isinstance(answer, bool) or not isinstance(answer, int):
        return Verdict(False, "Answer with a whole number.", answer)
    right = answer == question.right[0]
    said = "Right" if right else f"Not {answer}"
    return Verdict(right, f"{said}: {grundy_words(question)}", answer)


def _check_move(question: Question, move: object) -> Verdict:
    game, state = question.game, question.state
    why = game.why_illegal(state, move)
    if why is not None:
        return Verdict(False, f"That is not a move here: {why}.", move)
    if move in question.right:
        return Verdict(True, f"Right: {game.describe_move(state, move)}, and that leaves "
                             f"{left_words(question, move)}.", move)
    if not question.right:   # no question poses a lost position; said anyway
        return Verdict(False, "No move wins here.", move)
    kit = KITS[game.name]
    words = kit.mistake_words(game, state, move, question.right[0], PerfectPlayer(game),
                              "You")
    return Verdict(False, f"Wrong: {words}", move)


def left_words(question: Question, move: Any) -> str:
    """What a winning move leaves, in the theory's words."""
    game = question.game
    after = game.result(question.state, move)
    if isinstance(after, SticksState):
        k = question.board.cap or 3
        left = after.sticks
        return f"{left} = {k + 1}×{(left - 1) // (k + 1)} + 1, the {rule_form(k)} number"
    assert isinstance(after, NimState)
    if not any(after.piles):
        return "nothing, and in normal play taking the last object wins"
    by_ones, number = ones_or_sum(question.heaps, after.piles)
    if by_ones:
        return f"{number} pile{'s' * (number != 1)} of 1 and none bigger, an odd number"
    return "a nim-sum of 0"


def lost_words(question: Question) -> str:
    """Why the position is lost or won for the player to move."""
    piles = question.piles
    by_ones, number = ones_or_sum(question.heaps, piles)
    if by_ones:
        odd = number % 2 == 1
        return (f"{number} pile{'s' * (number != 1)} of 1 and none bigger, "
                f"{'odd' if odd else 'even'}: in misère play that "
                f"{'loses' if odd else 'wins'} for the player to move.")
    if number == 0:
        return ("the nim-sum is 0, and every move leaves a nim-sum that is not 0: the "
                "player to move is lost.")
    win = question.heaps.winning_moves(question.state)[0]
    return (f"the nim-sum is {number} ({number:b} in binary), not 0: the player to move "
            f"wins ({question.game.describe_move(question.state, win)}).")


def grundy_words(question: Question) -> str:
    """How the Grundy value is worked out: each pile mod cap + 1, then their nim-sum."""
    k = (question.board.cap or 1) + 1
    values = question.heaps.grundy_values(question.piles)
    if len(values) == 1:
        n = question.piles[0]
        return f"{n} = {k}×{n // k} + {values[0]}, so a pile of {n} counts {values[0]}."
    each = ", ".join(f"{n} counts {v}" for n, v in zip(question.piles, values, strict=True))
    xor = " xor ".join(map(str, values))
    return f"mod {k}, {each}; {xor} = {nim_sum(values)}."


# -- help: the working and the hints ---------------------------------------------------

def working(question: Question) -> list[tuple[str, str]]:
    """The binary table: each pile, its value (mod cap + 1 under a cap) in binary, and
    their nim-sum; under misère with at most one value above 1, the count of 1s. Sticks:
    the heap in the rule's steps. Rows of (label, value)."""
    piles = question.piles
    if question.board.sticks:
        k = (question.board.cap or 3) + 1
        n = piles[0]
        return [("sticks", str(n)), (f"in {k}s", f"{k}×{n // k} + {n % k}"),
                ("the rule", f"leave {k}k+1")]
    values = question.heaps.grundy_values(piles)
    width = max(max(values, default=0).bit_length(), 1)
    cap = question.board.cap
    rows = [(f"pile {i + 1}: {n}" + (f", counts {v}" if cap else ""), f"{v:0{width}b}")
            for i, (n, v) in enumerate(zip(piles, values, strict=True))]
    total = nim_sum(values)   # binary "10" reads as ten beside answers 0, 1, 2: say it
    rows.append(("nim-sum", f"{total:0{width}b}" + (f" (= {total})" if total > 1 else "")))
    by_ones, number = ones_or_sum(question.heaps, piles)
    if by_ones:
        rows.append(("piles of 1", f"{number}, {'odd' if number % 2 else 'even'}"))
    elif question.board.misere and sum(v > 1 for v in values) == 1:   # the endgame's turn
        rows += [("piles of 1", str(values.count(1))), ("piles above 1", "1")]
    return rows


#: How many hints a question has: the rule, then the worked hint.
HINT_TIERS = 2


def hint(question: Question, tier: int) -> list[str]:
    """Hint number `tier` (1: the rule in words; 2: the kit's own hint, which names the
    move or works the sum)."""
    if tier <= 1:
        if question.board.sticks:
            cap = question.board.cap or 3
            return [f"Leave a multiple of {cap + 1}, plus 1: {rule_form(cap)} "
                    f"(1, {cap + 2}, {2 * cap + 3}, …)."]
        if question.form is Form.NUMBER:
            k = (question.board.cap or 1) + 1
            return [f"With at most {k - 1} a move, a pile counts its size mod {k}; "
                    "a position counts the nim-sum (xor) of its piles."]
        return [nim_rule(question.board.misere)]
    if question.form is Form.NUMBER:   # the working without its answer
        k = (question.board.cap or 1) + 1
        values = question.heaps.grundy_values(question.piles)
        each = ", ".join(f"{n} counts {v}" for n, v in zip(question.piles, values, strict=True))
        return [f"Mod {k}: {each}" + ("." if len(values) == 1 else "; now xor them.")]
    game = question.game
    return KITS[game.name].hint(game, question.state, PerfectPlayer(game), short=True)


def move_from(question: Question, pile: int, count: int) -> Move:
    """The game's move taking `count` from pile `pile` (0-based; Sticks has one heap)."""
    return count if question.board.sticks else (pile, count)
