"""What a board knows about the game it shows, without drawing anything: the `Match`
(which decides turns, legality, undo, rounds and the end), the AI's work beside the frames
(`background`) and the pace of its moves, the status line (`narration`'s words), and what
the board says beside the game (`Advice`). The board scene owns one `MatchPresenter` and
draws it; the presenter calls back through a `BoardHost`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ...games.base import IllegalMove, Move, State
from ...match import AiTurn, Event, GameOver, Match, Moved, Seat, Tally
from ...narration import greeting, narrate, turn_text
from ...review import records
from ...session import MatchSetup, keep
from ...storage import SaveError
from .advice import Advice, learner_of
from .background import Background

THINK_SECONDS = 0.45   # an AI's move shows after at least this long, so people can follow
ANIMATION_SECONDS = 0.35
PREVIEW_SECONDS = 0.3  # the AI's chosen stones, sticks or square show before they go


class BoardHost(Protocol):
    """What a presenter asks of the scene that shows it."""

    def rebuild(self) -> None:
        """Lay the widgets out again: the position or the game changed."""

    def open(self, name: str, *args: Any, **kwargs: Any) -> None:
        """Open the scene called `name` on top."""

    def play_sound(self, name: str) -> None:
        """Play an effect."""

    def tally_for(self, game: str, seats: tuple[Seat, Seat]) -> Tally:
        """The score since the window opened between these two players."""

    def game_started(self) -> None:
        """A fresh game began: forget any input in progress."""


@dataclass
class StatusLine:
    """The line under the board: what the match said last, and a note said after it while
    that still holds (the sound's state)."""

    said: str = ""
    note: str = ""
    error: bool = False

    @property
    def text(self) -> str:
        return f"{self.said}  {self.note}" if self.note else self.said


class MatchPresenter:
    """The state of a board between frames; it asks its host to rebuild when it changes."""

    def __init__(self, setup: MatchSetup, host: BoardHost, move_sound: str = "take") -> None:
        """`move_sound`: the effect a move makes (objects taken away; a mark placed)."""
        self.setup = setup
        self.host = host
        self.move_sound = move_sound
        self.match = Match(setup.game, setup.seats, setup.rounds, random.Random())
        setup.round_results = self.match.round_results   # the results screen reads them
        setup.round_boards = self.match.round_boards
        self.background = Background()
        self.advice = Advice(self.match, self.background)
        self.status_line = StatusLine()
        self.animation: tuple[Any, Move, float] | None = None  # (before, move, t)
        self.preview: tuple[AiTurn, Move, float] | None = None  # (asked, move, t)
        self.kept_game: int | None = None   # the number the last finished game is kept as
        self._fresh_game()
        notice, setup.notice = setup.notice, ""
        self.tell(notice or greeting(self.match) + self.status)
        for seat in setup.seats:
            if seat.pretrain:
                self.background.practise(learner_of(seat.player), seat.pretrain)
                self.tell(f"{seat.name} is practising before the game…")

    # -- the match, as the board shows it ---------------------------------------------------
    @property
    def seats(self) -> tuple[Seat, Seat]:
        return self.match.seats

    @property
    def game(self) -> Any:
        """The game, as its board knows it (Nim's board reads its piles)."""
        return self.match.game

    @property
    def state(self) -> Any:
        return self.match.state

    @property
    def history(self) -> list[State]:
        return self.match.history

    @property
    def training(self) -> tuple[int, int] | None:
        """(done, total) while an AI practises before the game; None otherwise."""
        return self.background.training

    @property
    def humans_turn(self) -> bool:
        return self.training is None and self.match.humans_turn

    @property
    def over(self) -> bool:
        return self.match.over

    # -- the status line ---------------------------------------------------------------------
    @property
    def status(self) -> str:
        return self.status_line.text

    @property
    def status_error(self) -> bool:
        return self.status_line.error

    def tell(self, line: str, error: bool = False) -> None:
        """Say `line` under the board (any note after the last line goes)."""
        self.status_line = StatusLine(line, "", error)

    def note(self, words: str) -> None:
        """Say `words` after what the status line says, which still holds."""
        self.status_line = StatusLine(self.status_line.said, words, False)

    # -- games -------------------------------------------------------------------------------
    def _fresh_game(self) -> None:
        """The view of a fresh game (the match has started it)."""
        self.background.drop()
        self.animation = self.preview = None
        self.advice.new_game()
        self.tell(turn_text(self.match))

    def new_game(self) -> None:
        self._fresh_game()
        self.host.game_started()

    def restart(self) -> None:
        if self.training is not None:
            self.tell("Wait: NimX is still practising.", error=True)
            return
        self.match.restart()
        self.new_game()
        self.host.rebuild()

    def apply(self, move: Move) -> bool:
        """Play `move` for the player to move; False (and a message) if it is illegal."""
        try:
            events = self.match.play(move)
        except IllegalMove as err:
            self.refuse(str(err))
            return False
        self.show(events)
        return True

    def refuse(self, why: str) -> None:
        """Say that a move is not allowed, in the engine's words `why`."""
        self.tell(f"Not allowed: {why}.", error=True)

    def not_your_turn(self) -> None:
        """Say why a move cannot be played now: the game is over, or it is not your turn."""
        self.tell("The game is over: Enter plays again." if self.over else
                  "Wait for your turn.", error=True)

    def human_move(self, move: Move) -> bool:
        if not self.humans_turn:
            self.not_your_turn()
            return False
        return self.apply(move)

    def show(self, events: list[Event]) -> None:
        """Tell the person what the match did, and save what a learning computer learned."""
        line = narrate(self.match, events)
        if line is None:
            return
        self.tell(line)
        for event in events:
            if isinstance(event, Moved):
                mover = self.seats[event.seat]
                if mover.player is not None:   # an AI's move: its thoughts say why
                    self.advice.ai_moved(mover.name, mover.player, event.before, event.move)
                self.animation = (event.before, event.move, 0.0)
                self.host.play_sound(self.move_sound)
            elif isinstance(event, GameOver):
                self.host.play_sound(self.ending_sound(event))
                self.count(event.winner, 1)
                self.keep_game()
                for index in event.learned:
                    self.keep_hats(index)
        self.host.rebuild()

    def ending_sound(self, over: GameOver) -> str:
        """"lose" when an AI beat the person, "win" otherwise (a draw: "place")."""
        if over.winner is None:
            return "place"
        return "lose" if not self.seats[over.winner].human else "win"

    def count(self, winner: int | None, step: int) -> None:
        """Count a finished game in the score since the window opened (the host keeps it);
        `step` -1 when it is taken back."""
        self.host.tally_for(self.game.name, self.seats).add(
            None if winner is None else self.seats[winner].name, step)

    def keep_game(self) -> None:
        """Keep the finished game for review (`nimgame review`); one that cannot be kept
        says so in the status line."""
        try:
            self.kept_game = records.keep(self.match.record())
        except SaveError as err:
            self.tell(f"{self.status}  This game was not kept for review: {err}", error=True)

    def keep_hats(self, index: int) -> None:
        """Save what the AI in seat `index` learned, if the seat keeps it (`session.keep`);
        a save that fails says so in the status line (the hats stay in play)."""
        seat = self.seats[index]
        if not seat.learns or seat.player is None:
            return
        try:
            keep(seat.player)
        except SaveError as err:
            self.tell(f"{self.status}  {err}", error=True)

    def undo(self) -> None:
        """Take back your last move and the reply to it."""
        if self.training is not None:
            return
        was_over, winner = self.over, self.game.winner(self.state)
        taken = self.match.take_back()
        if taken is None:
            why = self.match.why_no_take_back() or "nothing to take back"
            self.tell(f"{why[0].upper()}{why[1:]}.", error=True)
            return
        if was_over:   # a finished game taken back leaves the score again
            self.count(winner, -1)
        self.background.drop()
        self.advice.taken_back()
        self.animation = self.preview = None
        self.tell(narrate(self.match, [taken]) or "")
        self.host.rebuild()

    def play_from(self, moves: Sequence[Move]) -> None:
        """A new game, the same seats, from the position `moves` reach from the start (the
        review's "play on from before the mistake"); moves that cannot be played there
        say so and leave the fresh game at its start."""
        if self.training is not None:
            self.tell("Wait: NimX is still practising.", error=True)
            return
        self.match.restart()
        try:
            for move in moves:
                if self.over:
                    raise IllegalMove("the game is over by then")
                self.match.play(move)
        except IllegalMove as err:
            self.match.restart()
            self.new_game()
            self.tell(f"Cannot play on from there: {err}.", error=True)
            self.host.rebuild()
            return
        self.new_game()
        self.tell(f"Playing on from before move {len(moves) + 1}. {turn_text(self.match)}")
        self.host.rebuild()

    def next_round(self) -> None:
        self.match.next_round()
        self.setup.game = self.game
        self.new_game()
        self.host.rebuild()

    def swap_sides(self) -> None:
        """Play again, the other side moving first."""
        self.match.swap_sides()
        self.setup.seats = self.match.seats
        self.new_game()
        self.host.rebuild()

    def play_on(self) -> None:
        """After a game: the next KUET game, the results after the last, else a new game."""
        if self.match.more_rounds:
            self.next_round()
        elif self.setup.rounds:
            self.host.open("results", self.setup)
        else:
            self.restart()

    # -- each frame --------------------------------------------------------------------------
    def advance(self, dt: float, motion: bool = True) -> None:
        """`dt` seconds on: the move shown fades, the AI's chosen move shows for a moment
        and is played, its answer or its practice is collected, and it is asked for a move
        when it is to play. Without `motion` moves happen at once."""
        if self.animation is not None:
            before, move, t = self.animation
            t += dt
            self.animation = None if t >= ANIMATION_SECONDS * motion else (before, move, t)
        if not self.over:   # hints and thoughts read it
            self.background.look_at(self.advice.judge, self.state)
        if self.preview is not None:
            asked, chosen, shown = self.preview
            self.preview = (asked, chosen, shown + dt)
            if shown + dt >= PREVIEW_SECONDS * motion:
                self.preview = None
                self.show(self.match.play_ai(chosen, asked.generation))
            return
        if self.background.busy:
            self.background.collect(self._practised, self._answered)
            return
        if self.training is None and self.animation is None:
            turn = self.match.ai_turn()
            if turn is not None:
                self.background.ask(turn, THINK_SECONDS)

    def _practised(self) -> None:
        """New hats that are kept are kept once they have practised."""
        self.tell(turn_text(self.match))
        for index in range(len(self.seats)):
            self.keep_hats(index)
        self.host.rebuild()

    def _answered(self, turn: AiTurn, move: Move) -> None:
        """The AI chose: its move shows for a moment before it is played (`previewed`)."""
        self.preview = (turn, move, 0.0)

    def previewed(self) -> Move | None:
        """The AI's move about to be played, for the board to mark."""
        return self.preview[1] if self.preview is not None else None

    def close(self) -> None:
        """The board is leaving: its AI stops, and an answer still coming is dropped."""
        self.background.close()
