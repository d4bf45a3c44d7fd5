"""What a learner has learned, in numbers a person can check: each move's score beside the
theory's verdict, the rule a Sticks hat learner found, and how much of the game it knows.
The inspector screen, the "AI's thoughts" panel (why the AI made its last move:
`explain_move`) and `inspect` on the command line use it."""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass
from typing import NamedTuple

from ..games.base import AnyGame, Move, State
from ..games.registry import kit_for
from ..match import past_tense
from ..players import HatLearner, Learner, judge_for
from ..players.base import MoveValues
from ..safetext import plural
from .evaluation import (
    Judge,
    optimal_move_share,
    reachable_positions,
    winning_move_share,
)


@dataclass
class MoveView:
    move: Move
    words: str
    score: float            # the learner's Q-value, or its number of balls
    theory: int             # +1 the move wins, 0 keeps a draw, -1 loses (exact play)
    nim_sum: int | None     # Nim: the nim-sum the move leaves


def move_table(learner: Learner, state: State, judge: Judge | None = None) -> list[MoveView]:
    """Every legal move in `state`: what the learner thinks of it and what is true.
    Pass a `judge` to reuse what it has already worked out."""
    game = learner.game
    kit = kit_for(game)
    judge = judge or judge_for(game)
    scores = learner.move_scores(state)
    rows = []
    for move, score in scores.items():
        after = game.result(state, move)
        theory = verdict_of(game, state, move, judge)
        nim_sum_left = kit.nim_sum_left(game, after)
        rows.append(MoveView(move, game.describe_move(state, move), score, theory, nim_sum_left))
    return rows


def verdict_of(game: AnyGame, state: State, move: Move, judge: Judge) -> int:
    """What exact play says of `move` in `state`, for its mover: +1 wins, 0 draws, -1 loses."""
    after = game.result(state, move)
    if game.is_over(after):
        return game.outcome(after, game.to_move(state))
    return -judge.outcome(after)


VERDICT_WORDS = {1: "wins", 0: "draws", -1: "loses"}


@dataclass(frozen=True)
class ValueScale:
    """How a heat map places a learner's numbers: on a scale fixed for the kind of learner,
    the same on every board, so a colour means one value whatever the other squares hold."""

    chance: bool            # a chance from 0 to 1 (a hat's share of balls); else -1 to +1
    ends: tuple[str, str, str]   # what the bottom, the middle and the top mean, in words
    meaning: str            # what the colour and the number are, in a sentence


VALUE_SCALE = ValueScale(
    False, ("−1 it expects to lose", "0 a draw", "+1 it expects to win"),
    "Colour and number: what it expects from each free square for the player to move, "
    "from −1 (a loss) to +1 (a win), the same scale on every board. The word: the exact "
    "result with best play.")
CHANCE_SCALE = ValueScale(
    True, ("0% never", "50%", "100% always"),
    "Colour and number: the chance it plays each free square (the square's share of the "
    "balls in its hat), from 0% to 100%. The word: the exact result with best play.")


def value_scale(learner: Learner) -> ValueScale:
    return CHANCE_SCALE if isinstance(learner, HatLearner) else VALUE_SCALE


@dataclass(frozen=True)
class Worth:
    """One move as a heat map shows it."""

    value: float     # on the learner's `value_scale`: -1 to +1, or a chance from 0 to 1
    number: str      # the value written with its sign ("+0.02") or as a percentage ("42%")
    detail: str      # what the number comes from, where it is not the learner's own ("9 balls")
    verdict: str     # what exact play says of the move: "wins", "draws" or "loses"


def move_worths(learner: Learner, state: State, judge: Judge | None = None
                ) -> dict[Move, Worth]:
    """Every legal move in `state` on the learner's fixed scale, with the exact verdict."""
    rows = move_table(learner, state, judge)
    if value_scale(learner).chance:
        total = sum(row.score for row in rows)
        return {row.move: Worth(row.score / total if total else 0.0,
                                f"{row.score / total:.0%}" if total else "0%",
                                f"{row.score:,} ball" + ("" if row.score == 1 else "s"),
                                VERDICT_WORDS[row.theory]) for row in rows}
    return {row.move: Worth(max(-1.0, min(1.0, row.score)), f"{row.score:+.2f}", "",
                            VERDICT_WORDS[row.theory]) for row in rows}


@dataclass(frozen=True)
class Thought:
    """One move a player weighed, in its explanation of the move it made."""

    words: str              # the move in words: "take 2 from pile 3"
    value: float            # the player's number for it (higher is better for it)
    shown: str              # that number in words, with its unit: "Q +0.91"
    tied: bool              # another move has the same number
    verdict: int | None     # exact play: +1 wins, 0 draws, -1 loses (None: the numbers are)
    chosen: bool            # the move it made


@dataclass(frozen=True)
class Explanation:
    """Why a player made a move: its numbers for every move it had, best first (equals in
    the game's order of moves), what the numbers mean, and exact play's verdict beside."""

    name: str               # who moved: "NimX"
    did: str                # what it did, past tense: "took 2 from pile 3"
    source: str             # whose numbers: "Q-values", "hat", "search"
    order: str              # "highest first"
    unit: str               # what a number means
    picks: str              # how it chooses from them
    legend: str             # what the verdict beside each says ("" if none is)
    thoughts: list[Thought]

    def lines(self, top: int = 6, short: bool = False, unit: bool = True) -> list[str]:
        """The explanation in lines for a panel: a heading, what the numbers mean, the `top`
        best moves (and the move it made, wherever it ranks; the heading says how many of
        how many are shown), how it picks and what the verdict beside says. `short`: at
        most three moves and no last line (a small window); without `unit`, no line on
        what the numbers mean either (each move's row names its numbers). `top` 0: the
        heading alone, saying how many moves a taller window lists (no room for one); below
        0, one short line: the move made and how many were weighed (beside a hint)."""
        thoughts = self.thoughts
        if top < 0:
            return [f"{self.name} {self.did} ({plural(len(thoughts), 'move')} weighed)."]
        if top == 0:
            weighed = plural(len(thoughts), "move")
            return [f"{self.name}'s {self.source}, when it {self.did} ({weighed} weighed: a "
                    "taller window lists them)."]
        top = min(top, 3) if short else top
        shown = thoughts[:top]
        chosen = next((t for t in thoughts if t.chosen), None)
        if chosen is not None and chosen not in shown:
            shown = thoughts[:top - 1] + [chosen]
        cut = f", showing {len(shown)} of {len(thoughts)}" if len(shown) < len(thoughts) else ""
        lines = [f"{self.name}'s {self.source}, when it {self.did} ({self.order}{cut})."]
        if unit:
            lines.append(self.unit)
        for thought in shown:
            tie = " (tie)" if thought.tied else ""
            verdict = ("" if thought.verdict is None
                       else f", {VERDICT_WORDS[thought.verdict]}")
            mark = "» " if thought.chosen else ""
            lines.append(f"  {mark}{thought.words}: {thought.shown}{tie}{verdict}")
        if not short:
            lines.append(" ".join(part for part in (self.picks, self.legend) if part))
        return lines


def explain_move(name: str, game: AnyGame, state: State, move: Move,
                 values: MoveValues | None, judge: Judge | None = None) -> Explanation | None:
    """Why the player called `name` made `move` in `state`, from the `values` it gave just
    after choosing (`Player.move_values`), each move beside exact play's verdict (`judge`:
    `judge_for(game)`, reused for its cache); None if it gave none."""
    if values is None:
        return None
    judge = None if values.exact else (judge or judge_for(game))
    counts = Counter(values.values.values())
    ranked = sorted(values.values.items(), key=lambda item: -item[1])   # stable: ties in order
    thoughts = [Thought(game.describe_move(state, option), value, values.words[option],
                        counts[value] > 1,
                        None if judge is None else verdict_of(game, state, option, judge),
                        option == move)
                for option, value in ranked]
    said = "Wins, draws, loses" if game.has_draws else "Wins, loses"
    legend = "" if judge is None else f"{said}: what exact play says of the move."
    return Explanation(name, past_tense(game.describe_move(state, move)), values.source,
                       values.order, values.unit, values.picks, legend, thoughts)


@dataclass
class Hat:
    sticks: int
    balls: dict[int, int]   # move -> number of balls
    theory: list[int]       # the winning moves (empty: the position is lost)

    @property
    def favourite(self) -> int | None:
        """The move with the most balls; None while two or more share the most (an
        untrained hat has no favourite)."""
        most = max(self.balls.values())
        leaders = [move for move, count in self.balls.items() if count == most]
        return leaders[0] if len(leaders) == 1 else None


def hats(learner: HatLearner) -> list[Hat]:
    """A hat learner's hats, one per position its game lists them for (the Sticks heaps
    from 1 up), each with the theory's winning moves."""
    game = learner.game
    positions = kit_for(game).hat_positions(game)
    heaps = game.heaps()
    if positions is None or heaps is None or not isinstance(learner, HatLearner):
        raise ValueError("hats are listed for a hat learner of the Game of Sticks")
    return [Hat(heaps.objects_left(state), learner.hat(state), heaps.winning_moves(state))
            for state in positions]


@dataclass
class Matchbox:
    """One hat of a hat learner on any board (MENACE's matchbox): its position, how many
    moves from the start the learner's games reach it (None: only from an exploring
    start), and each move's balls beside the theory's verdict (`move_table`'s rows, in
    the game's order of moves)."""

    state: State
    depth: int | None
    moves: list[MoveView]


def matchboxes(learner: HatLearner, judge: Judge | None = None) -> list[Matchbox]:
    """Every position `learner` has a hat for (it drew a ball there, in play or in
    training), nearest the start first, as MENACE's matchboxes are sorted by move."""
    graph = learner.graph
    judge = judge or judge_for(learner.game)
    depth = {graph.root: 0}
    frontier = deque([graph.root])
    while frontier:
        node = frontier.popleft()
        for after in graph.successors[node] or ():
            if after not in depth:
                depth[after] = depth[node] + 1
                frontier.append(after)
    made = [node for node, hat in enumerate(learner.counts)
            if hat is not None and not graph.terminal[node]]
    made.sort(key=lambda node: (depth.get(node, len(graph)), node))
    return [Matchbox(graph.states[node], depth.get(node),
                     move_table(learner, graph.states[node], judge)) for node in made]


class SticksRule(NamedTuple):
    learned: bool    # every heap with a winning move favours it
    words: str


def sticks_rule(learner: HatLearner) -> SticksRule:
    """The rule the hats' favourite balls follow, in one sentence, with the evidence: the
    theory's rule (leave a multiple of m+1, plus 1, taking at most m; see
    docs/sticks-strategy.md) counted over the heaps that have a winning move. A hat whose
    top balls are tied has no favourite and agrees with nothing."""
    found = hats(learner)             # refuses anything but a Sticks hat learner
    game = learner.game
    winning = [hat for hat in found if hat.theory]
    agree = sum(hat.favourite in hat.theory for hat in winning)
    undecided = sum(hat.favourite is None for hat in winning)
    rule = kit_for(game).rule_words(game)
    if winning and agree == len(winning):
        return SticksRule(True, f"It has found the rule: {rule}. Its favourite ball does so "
                                f"in all {len(winning)} heaps that have a winning move.")
    tied = f"; {undecided} have no favourite yet" if undecided else ""
    return SticksRule(False, f"Not learned yet: {rule}. Its favourite ball does so in "
                             f"{agree} of {len(winning)} heaps that have a winning move{tied}.")


@dataclass
class Coverage:
    met: int | None          # positions it has met (None: too many to count)
    total: int | None
    winning_share: float | None
    optimal_share: float | None


def coverage(learner: Learner) -> Coverage:
    positions = reachable_positions(learner.game)
    if positions is None:
        return Coverage(None, None, None, None)
    met = sum(1 for state in positions if learner.graph.find(state) is not None)
    return Coverage(met, len(positions), winning_move_share(learner),
                    optimal_move_share(learner))
