"""What a board says about the position beside the game: the hint for the person to move
(and the move it rings on the board), and the AI's thoughts: why it made its last move
(its numbers for each move it had there, beside the theory's verdict). The engine works it
all out (`players.hint`, `learning.insight`); the exact player's first look at a position
and each explanation run beside the frames (`background`)."""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from ...games.base import Move, State
from ...learning import insight
from ...match import Match, Seat
from ...players import Player, hint, hint_moves, judge_for
from .background import Background


def learner_of(player: Any) -> Any:
    """The learner inside a player (the Sticks computer draws from a hat learner)."""
    return getattr(player, "learner", player)


@dataclass(frozen=True)
class AiMove:
    """A move an AI made in this game, kept to say why: how long the game's history was
    after it (a take-back before it forgets it) and its explanation, worked out beside the
    frames (`insight.explain_move`; None if the player gave no numbers for it)."""

    played: int
    explained: Future[insight.Explanation | None]


class Advice:
    """The hint and the thoughts for `match`, whose judge's first look `background` takes;
    whether each is shown."""

    def __init__(self, match: Match, background: Background) -> None:
        self.match = match
        self.background = background
        self.judge: Any = None   # the exact player for this game (see `new_game`)
        self.show_hint = self.show_thoughts = False
        self.ai_moves: list[AiMove] = []   # this game's, oldest first

    def new_game(self) -> None:
        """A fresh game (KUET's next round may be on another board): a judge for it."""
        self.judge = judge_for(self.match.game)
        self.ai_moves = []

    # -- thoughts and hints ------------------------------------------------------------------
    def thinker(self) -> Seat | None:
        """The AI seat on this board that weighs its moves by numbers it can show (a
        learner, a search), if any: its thoughts can be shown."""
        return next((seat for seat in self.match.seats
                     if seat.player is not None and seat.player.weighs_moves), None)

    def ai_moved(self, name: str, player: Player, before: State, move: Move) -> None:
        """The AI called `name` played `move` in `before`: its numbers for that position
        are read now (before a game's end teaches it anything), the verdicts beside them
        worked out beside the frames."""
        values = player.move_values(before)
        game, judge = self.match.game, self.judge
        self.ai_moves.append(AiMove(len(self.match.history), self.background.run(
            lambda: insight.explain_move(name, game, before, move, values, judge))))

    def taken_back(self) -> None:
        """Moves were taken back: the AI's moves taken with them are not explained."""
        played = len(self.match.history)
        self.ai_moves = [ai for ai in self.ai_moves if ai.played <= played]

    def theory_ready(self) -> bool:
        """Whether the judge has finished its first look (until then, hints wait)."""
        return self.background.theory_ready

    def thought_lines(self, short: bool = False, top: int = 6, unit: bool = True
                      ) -> list[str]:
        """Why the AI made its last move in this game, as the thoughts panel shows it;
        `short`: in fewer lines (a small window), at most `top` moves, and without `unit`
        no line on what the numbers mean (`Explanation.lines`)."""
        seat = self.thinker()
        if seat is None or self.match.over:
            return []
        if not self.ai_moves:
            return [f"{seat.name}'s thoughts: it has not moved yet in this game. After its "
                    "move they say why it made it."]
        explained = self.ai_moves[-1].explained
        if not explained.done():
            return [f"{seat.name}'s thoughts: working them out…"]
        explanation = explained.result()
        if explanation is None:
            return [f"{seat.name}'s thoughts: it has no numbers to show for its last move."]
        return explanation.lines(top, short, unit)

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

    def panel_lines(self, short: bool = False, top: int = 6, unit: bool = True
                    ) -> list[str]:
        """The thoughts and the hint, as shown; `short`: in fewer lines (a small window);
        `top` and `unit`: how many of the AI's moves and whether what its numbers mean."""
        lines = self.thought_lines(short, top, unit) if self.show_thoughts else []
        if self.show_hint and self.hint_available():
            lines += self.hint_lines(short)
        return lines
