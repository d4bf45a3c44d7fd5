"""What a screen a lesson opened measured, in one line, read when the person comes back:
a lesson's explanation quotes it as {result}. Each screen's own numbers — the lab's games
until right, the drills' score, the positions a minimax searched, MENACE's tally, the
move a tree search chose, a learner's games and optimal moves — nothing computed here."""

from __future__ import annotations

import math

from ...games.registry import kit_for
from ...learning.lab import NEVER
from ..board.scene import BoardScene
from ..drills import DrillsScene
from ..lab import LabScene
from ..mcts import DecisionScene
from ..menace import MenaceScene
from ..scene import Scene
from ..training import TrainingScene


def games(value: float | None) -> str:
    if value is None:
        return "not known yet"
    if value == NEVER or math.isinf(value):
        return "never within its games"
    return f"{value:,.0f} games"


def lab(screen: LabScene) -> str:
    result = screen.result
    if result is None:
        return ""
    return "; ".join(f"{row.label}: right after {games(row.first_median)} "
                     f"(median of {row.seeds} seeds)" for row in result.table())


def drills(screen: DrillsScene) -> str:
    score = screen.run.score
    return (f"{score.right} of {score.answered} right, best streak {score.best_streak}"
            if score.answered else "")


def searched(player: object) -> int:
    """The positions a searching player counted (minimax, alpha-beta: `nodes`), else 0."""
    nodes = getattr(player, "nodes", 0)
    return nodes if isinstance(nodes, int) and not isinstance(nodes, bool) else 0


def board(screen: BoardScene) -> str:
    return "; ".join(f"{seat.label or seat.name} searched {searched(seat.player):,} positions"
                     for seat in screen.presenter.seats if searched(seat.player))


def menace(screen: MenaceScene) -> str:
    return screen.desk.status_lines()[0] if screen.desk.run.results else ""


def decision(screen: DecisionScene) -> str:
    record = screen.record
    kit = kit_for(record.game)
    visits = sum(count for _, count, _ in record.final)
    chosen = next((count for move, count, _ in record.final if move == record.chosen), 0)
    share = f", {chosen / visits:.0%} of its visits" if visits else ""
    return (f"MCTS chose {kit.move_text(record.game, record.state, record.chosen)} after "
            f"{record.iterations:,} playouts{share}")


def training(screen: TrainingScene) -> str:
    learner = screen.trained
    if learner is None:
        return ""
    line = f"{learner.games_trained:,} games trained"
    if learner.curve and learner.curve[-1][1] is not None:
        line += f", optimal moves {learner.curve[-1][1]:.0%}"
    return line


def measured(screen: Scene) -> str:
    """What `screen` measured, in a line ("" if nothing yet)."""
    if isinstance(screen, LabScene):
        return lab(screen)
    if isinstance(screen, DrillsScene):
        return drills(screen)
    if isinstance(screen, BoardScene):
        return board(screen)
    if isinstance(screen, MenaceScene):
        return menace(screen)
    if isinstance(screen, DecisionScene):
        return decision(screen)
    if isinstance(screen, TrainingScene):
        return training(screen)
    return ""
