"""What a board says about the position beside the game: the hint for the person to move
(and the move it rings on the board), and a learning AI's thoughts beside the theory's
verdict. The engine works it all out (`players.hint`, `learning.insight`); the exact
player's first look at a position runs beside the frames (`background`)."""

from __future__ import annotations

from typing import Any

from ...games.base import Move
from ...learning import insight
from ...match import Match
from ...players import Learner, MCTSPlayer, hint, hint_moves, judge_for
from .background import Background


def learner_of(player: Any) -> Any:
    """The learner inside a player (the Sticks computer draws from a hat learner)."""
    return getattr(player, "learner", player)


class Advice:
    """The hint and the thoughts for `match`, whose judge's first look `background` takes;
    whether each is shown."""

    def __init__(self, match: Match, background: Background) -> None:
        self.match = match
        self.background = background
        self.judge: Any = None   # the exact player for this game (see `new_game`)
        self.show_hint = self.show_thoughts = False

    def new_game(self) -> None:
        """A fresh game (KUET's next round may be on another board): a judge for it."""
        self.judge = judge_for(self.match.game)

    # -- thoughts and hints ------------------------------------------------------------------
    def thinker(self) -> Learner | MCTSPlayer | None:
        """The learner or tree search playing on this board, if any (its thoughts can be
        shown)."""
        for seat in self.match.seats:
            if isinstance(learner_of(seat.player), (Learner, MCTSPlayer)):
                found: Learner | MCTSPlayer = learner_of(seat.player)
                return found
        return None

    def theory_ready(self) -> bool:
        """Whether the judge has finished its first look (until then, hints wait)."""
        return self.background.theory_ready

    def thought_lines(self) -> list[str]:
        learner = self.thinker()
        if learner is None or self.match.over:
            return []
        if not self.theory_ready():
            return ["NimX's thoughts: working out the theory…"]
        if isinstance(learner, MCTSPlayer):
            return insight.search_thoughts(learner, self.judge)
        return insight.thoughts(learner, self.match.state, self.judge)

    def hint_available(self) -> bool:
        """Hints are for people: shown while someone at the screen has a game to play."""
        return (not self.match.over and self.background.training is None
                and any(seat.human for seat in self.match.seats))

    def hint_lines(self, short: bool = False) -> list[str]:
        if not self.match.humans_turn:   # a hint is for the person about to move
            return [f"{self.match.seat_to_move.name} is to move; your hint comes on your turn."]
        if not self.theory_ready():
            return ["Working out the theory…"]
        return hint(self.match.game, self.match.state, self.judge, short)

    def hinted(self) -> Move | None:
        """The move the hint shows on the board, while it is shown and it is your turn."""
        moves = self.hinted_moves()
        return moves[0] if moves else None

    def hinted_moves(self) -> list[Move]:
        """Every move the hint shows (Tic-Tac-Toe frames each square it names)."""
        if not (self.show_hint and self.hint_available() and self.match.humans_turn
                and self.theory_ready()):
            return []
        return hint_moves(self.match.game, self.match.state, self.judge)

    def panel_lines(self, short: bool = False) -> list[str]:
        """The thoughts and the hint, as shown; `short`: in fewer lines (a small window)."""
        lines = self.thought_lines() if self.show_thoughts else []
        if self.show_hint and self.hint_available():
            lines += self.hint_lines(short)
        return lines
