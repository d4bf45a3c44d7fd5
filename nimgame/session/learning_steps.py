"""Stepping through learning, without a window: a paused training run played one game at a
time (`PausedRun`), a recording of the game just played against a person
(`RecordedSteps`), and what a step-through view says of each update (`explain`).

A paused run replays, in this process and from the run's seed, the games the worker had
played (the same games: `SteppedTraining` learns exactly what `train` learns), then plays
one traced game each time the view steps past the last one recorded. Stepping back only
reads the recording: it never plays or unlearns anything, so a run stepped through and
then run on learns exactly what the same run learns unpaused.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..games import kit_for
from ..games.base import AnyGame, Move, State
from ..learning.trace import SteppedTraining, TraceRecorder, TraceSteps
from ..learning.training import training_opponent
from ..learning.worker import TrainingSpec, build_learner
from ..players.learner import Learner
from ..players.updates import Future, HatUpdate, QUpdate, Update

#: The games a step-through view keeps to step back over (the latest ones).
KEPT_GAMES = 500


class RecordedSteps:
    """A step-through over updates already recorded (the game just played): nothing more
    is played; the cursor's moves say whether they moved."""

    def __init__(self, recorder: TraceRecorder, game: AnyGame) -> None:
        self.game = game
        self.steps = TraceSteps(recorder)
        self.steps.first()

    @property
    def can_play_on(self) -> bool:
        return False

    def where(self) -> str:
        return self.steps.where()

    def forward(self) -> bool:
        return self.steps.next_update()

    def back(self) -> bool:
        return self.steps.previous_update()

    def next_game(self) -> bool:
        return self.steps.next_game()

    def previous_game(self) -> bool:
        return self.steps.previous_game()

    def first(self) -> bool:
        return self.steps.first()

    def last(self) -> bool:
        return self.steps.last()


class PausedRun(RecordedSteps):
    """A training run described by `spec` (its seed set: the replay depends on it),
    paused after `catch_up` games: stepping past the last game recorded plays the next
    one, traced. `run_on` plays the rest, untraced."""

    def __init__(self, spec: TrainingSpec) -> None:
        if spec.seed is None:
            raise ValueError("a run can be stepped through only with its seed")
        learner = build_learner(spec)
        opponent = training_opponent(spec.opponent, learner.game, spec.seed)
        self.training = SteppedTraining(learner, spec.seed, opponent, spec.explore,
                                        TraceRecorder(KEPT_GAMES))
        self.total = spec.games
        super().__init__(self.training.recorder, learner.game)

    @property
    def learner(self) -> Learner:
        return self.training.learner

    @property
    def played(self) -> int:
        """Games of the run played so far (replayed, stepped and run on)."""
        return self.training.games

    @property
    def left(self) -> int:
        return self.total - self.played

    @property
    def can_play_on(self) -> bool:
        return self.left > 0

    def catch_up(self, games: int) -> None:
        """Play the first `games` games of the run untraced (what the worker had played
        when it was paused); slow for a long run: call it beside the frames."""
        self.training.play(min(games, self.left), traced=False)

    def play_next(self) -> bool:
        """Play the next game of the run, traced, and stand on its first update."""
        if self.left <= 0:
            return False
        self.training.play(1, traced=True)
        return self.steps.go(-1, 0)

    def where(self) -> str:
        if self.steps.empty:
            return f"{self.played:,} of {self.total:,} games played; none stepped yet"
        number = self.steps.game.number if self.steps.game is not None else 0
        update = self.steps.where().partition(", ")[2]
        return f"training game {number:,} of {self.total:,}, {update}"

    def forward(self) -> bool:
        return self.steps.next_update() or self.play_next()

    def next_game(self) -> bool:
        return self.steps.next_game() or self.play_next()

    def run_on(self, games: int) -> int:
        """Play up to `games` more games of the run, untraced; how many were played."""
        count = max(0, min(games, self.left))
        self.training.play(count, traced=False)
        return count


# -- what a step-through view says of an update ---------------------------------------------

@dataclass(frozen=True)
class Bar:
    """A value drawn as a bar: before and after the update, and whether it changed."""

    label: str
    before: float
    after: float
    changed: bool
    move: Move | None = None     # the move it is the value of (None: no single move)


@dataclass(frozen=True)
class Explained:
    """An update in words and numbers, for a view to draw beside the position."""

    heading: str
    position: State              # the position to draw: where the move was made, or the hat
    lines: tuple[str, ...]       # what happened, one fact a line
    formula: str = ""            # the handout's formula ...
    filled: str = ""             # ... with this update's numbers
    bars: tuple[Bar, ...] = ()   # the values around the update: a hat's balls, the Q row
    signed: bool = False         # the bars run from -1 to +1 (Q-values), else from 0 (balls)
    still: str = "drawn"         # what a marked bar whose value stayed is: the ball drawn

    def move_shares(self) -> dict[Move, tuple[float, float]]:
        """Each bar's move with its value before and after as a heat map colours it: a
        Q-value as it is, a hat's balls as the chance of drawing that kind."""
        bars = [bar for bar in self.bars if bar.move is not None]
        if self.signed:
            return {bar.move: (bar.before, bar.after) for bar in bars}
        before, after = (sum(bar.before for bar in bars) or 1), (sum(b.after for b in bars) or 1)
        return {bar.move: (bar.before / before, bar.after / after) for bar in bars}

    def changed_moves(self) -> frozenset[Move]:
        return frozenset(bar.move for bar in self.bars if bar.changed and bar.move is not None)


def number(value: float) -> str:
    """A value as the view writes it: two decimals (whole numbers as they are, values
    under a hundredth to two significant digits), the minus sign typeset."""
    if float(value).is_integer():
        words = str(int(value))   # exactly: a hat may hold millions of balls
    else:   # a small value keeps two significant digits: never a changed "0.00"
        words = f"{value:.2f}" if abs(value) >= 0.01 else f"{value:.2g}"
    return words.replace("-", "−")


def term(value: float) -> str:
    """`number`, in brackets when negative (inside a formula)."""
    return f"({number(value)})" if value < 0 else number(value)


REWARD_WORDS = {1.0: "won", -1.0: "lost"}


def explain(update: Update, game: AnyGame) -> Explained:
    """What `update` did, in words, the formula with its numbers, and the values it
    changed, positions and moves written as `game`'s kit writes them."""
    if isinstance(update, QUpdate):
        return _explain_q(update, game)
    return _explain_hats(update, game)


def _explain_q(u: QUpdate, game: AnyGame) -> Explained:
    kit = kit_for(game)
    if u.position is None or u.move is None:
        position, move = u.after, "(the game started here)"
        lines = [f"The entry for the start, {kit.position_line(game, u.after)}: its value "
                 "to the player who does not move first from here, as if they had just "
                 "moved into it"]
    else:
        position, move = u.position, kit.move_text(game, u.position, u.move)
        lines = [f"Position: {kit.position_line(game, u.position)}", f"Move: {move}"]
    over = u.future_of in (Future.ENDED, Future.RULES)
    reward = REWARD_WORDS.get(u.reward, "drawn" if over else "the game goes on")
    if over or u.future_after is None:
        future = ("0: the game is over (valued by the rules when first met)"
                  if u.future_of is Future.RULES else "0: the game is over")
    else:
        after = kit.position_line(game, u.future_after)
        future = (f"{number(u.future)}: minus the other player's best reply, which leaves {after}"
                  if u.future_of is Future.BEST_REPLY
                  else f"{number(u.future)}: its own best next move, which leaves {after}")
    lines += [f"Q(s, a) old: {number(u.old)}", f"Reward: {number(u.reward)} ({reward})",
              f"Future: {future}", f"α (learning rate): {u.alpha:g}",
              f"Q(s, a) new: {number(u.new)}"
              + ("  (unchanged)" if u.new == u.old else "  (changed)")]
    filled = (f"{number(u.new)} = {term(u.old)} + {u.alpha:g} × ({term(u.reward)} + "
              f"{term(u.future)} − {term(u.old)})")
    if u.position is None or not u.row:
        bars: tuple[Bar, ...] = (Bar("Q(s, a)", u.old, u.new, True),)
    else:   # the position's row of the table: every move, the updated entry marked
        bars = tuple(Bar(kit.move_text(game, u.position, entry.move), entry.before,
                         entry.after, entry.changed, entry.move) for entry in u.row)
    return Explained("Q-learning: one value updated", position, tuple(lines),
                     "new = old + α × (reward + future − old)", filled, bars, signed=True,
                     still="written, no change")


def _explain_hats(u: HatUpdate, game: AnyGame) -> Explained:
    kit = kit_for(game)
    kinds = [kit.move_text(game, u.hat, move) for move in u.moves]
    drawn = kinds[u.ball]
    whose = " (the second AI's hats)" if u.second else ""
    lines = [f"Hat: {kit.position_line(game, u.hat)}{whose}", f"Ball drawn: {drawn}"]
    before, after = u.before[u.ball], u.after[u.ball]
    if u.last_ball_kept:
        lines.append("Lost: but it is the last ball of its kind, so it is kept")
    elif u.result < 0:
        lines.append(f"Lost: {-u.change} thrown away")
    elif u.change:
        lines.append(f"{'Won' if u.result > 0 else 'Drawn'}: given back with "
                     f"{u.change} more")
    else:
        lines.append("Drawn: given back, nothing earned")
    lines.append(f"Balls of {drawn}: {before} before, {after} after")
    bars = tuple(Bar(kind, b, a, a != b or index == u.ball, move)
                 for index, (kind, move, b, a) in enumerate(zip(kinds, u.moves, u.before,
                                                                u.after, strict=True)))
    heading = ("Hats: the last ball kept" if u.last_ball_kept
               else "Hats: a ball thrown away" if u.result < 0 and u.change
               else "Hats: a ball put back")
    return Explained(heading, u.hat, tuple(lines), bars=bars)
