"""Whether a MENACE can still lose: against a perfect player, the exact number of games
until it never loses again (an exhaustive walk of the lines its beads still allow, not a
sample of games). Pygame-free: the bench and the tests read it."""

from __future__ import annotations

from collections.abc import Callable

from ..games.base import Move, State
from .menace import Menace, MenaceRun
from .menace_movers import PerfectMover


def never_loses_to(menace: Menace, replies: Callable[[State], list[Move]]) -> bool:
    """Whether the machine, drawing beads as it does, can no longer lose to an opponent
    who plays, in each position, one of `replies(state)`: every line through a colour it
    still holds a bead of, against every reply, ends in a draw or a win, and never meets
    an empty box (which resigns). An exhaustive walk. Against such an opponent this stays
    true for good: only a loss takes beads away, and no line left can lose."""
    game, side = menace.game, menace.side
    seen: dict[State, bool] = {}

    def safe(state: State) -> bool:
        known = seen.get(state)
        if known is not None:
            return known
        if game.is_over(state):
            ok = game.winner(state) != 1 - side
        elif game.to_move(state) == side:
            box = menace.box_for(state)
            if box is None:
                ok = safe(game.result(state, game.legal_moves(state)[0]))
            else:
                ok = box.total > 0 and all(
                    safe(game.result(state, menace.real_move(state, box, colour)))
                    for colour, count in enumerate(box.beads) if count > 0)
        else:
            ok = all(safe(game.result(state, move)) for move in replies(state))
        seen[state] = ok
        return ok

    return safe(game.initial_state())


def games_until_safe(run: MenaceRun, limit: int = 10_000) -> int | None:
    """Games until the machine can no longer lose to its perfect opponent (`never_loses_to`
    its every possible reply), at most `limit` games in all; None if not by then, or if its
    first box ran empty (it resigns every game for good). Exact, not sampled: checked
    before the first game and after every lost one (only a loss changes which colours a
    box still holds), so the count is the game of its last loss."""
    other = run.other
    if not isinstance(other, PerfectMover):
        raise ValueError("games until safe are counted against a perfect player")
    menace = run.menace
    while True:
        if not run.results or run.results[-1] < 0:
            if menace.rules.resigns and menace.first_box().total == 0:
                return None
            if never_loses_to(menace, other.choices):
                return len(run.results)
        if len(run.results) >= limit:
            return None
        run.play(1)
