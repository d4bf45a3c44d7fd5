"""What a board knows about the game it shows, without drawing anything: the `Match`
(which decides turns, legality, undo, rounds and the end), the AI's work beside the frames
(`background`), the status line (`narration`'s words), and the theory behind hints and
thoughts. `BoardScene` adds the window: layout, widgets, keys and drawing."""

from __future__ import annotations

import random
from typing import Any

from ...games.base import IllegalMove, Move
from ...match import AiTurn, Event, GameOver, Match, Moved
from ...narration import greeting, narrate, turn_text
from ...players import judge_for
from ...session import MatchSetup
from ...session.sticks_computer import save_computer
from ...storage import SaveError
from .advice import Advice
from .background import Background


class MatchView(Advice):
    """The state of a board between frames; the scene calls `rebuild` when it changes."""

    def __init__(self, setup: MatchSetup) -> None:
        self.setup = setup
        self.match = Match(setup.game, setup.seats, setup.rounds, random.Random())
        setup.round_results = self.match.round_results   # the results screen reads them
        self.background = Background()
        self.show_hint = self.show_thoughts = False
        self.status, self.status_error = "", False
        self.animation: tuple[Any, Move, float] | None = None  # (before, move, t)
        self.preview: tuple[AiTurn, Move, float] | None = None  # (asked, move, t)
        self.new_game()
        notice, setup.notice = setup.notice, ""
        self.status = notice or greeting(self.match) + self.status
        for seat in setup.seats:
            if seat.pretrain:
                self.background.practise(self.learner_of(seat.player), seat.pretrain)
                self.status = f"{seat.name} is practising before the game…"

    def rebuild(self) -> None:
        """Lay the widgets out again (the scene's)."""

    def open(self, name: str, *args: object) -> None:
        """Open the scene called `name` on top (the scene's app does)."""

    # -- the match, as the board shows it ---------------------------------------------------
    @property
    def seats(self):
        return self.match.seats

    @property
    def game(self):
        return self.match.game

    @property
    def state(self):
        return self.match.state

    @property
    def history(self):
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

    def tell(self, line: str, error: bool = False) -> None:
        self.status, self.status_error = line, error

    # -- games -------------------------------------------------------------------------------
    def new_game(self) -> None:
        """The view of a fresh game (the match has started it)."""
        self.background.drop()
        self.animation = self.preview = None
        self.judge = judge_for(self.game)
        self.tell(turn_text(self.match))

    def restart(self) -> None:
        if self.training is not None:
            self.tell("Wait: NimX is still practising.", error=True)
            return
        self.match.restart()
        self.new_game()
        self.rebuild()

    def apply(self, move: Move) -> bool:
        """Play `move` for the player to move; False (and a message) if it is illegal."""
        try:
            events = self.match.play(move)
        except IllegalMove as err:
            self.tell(f"Not allowed: {err}.", error=True)
            return False
        self.show(events)
        return True

    def human_move(self, move: Move) -> bool:
        if not self.humans_turn:
            self.tell("Wait for your turn.", error=True)
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
                self.animation = (event.before, event.move, 0.0)
                self.sound(self.move_sound)
            elif isinstance(event, GameOver):
                self.sound(self.ending_sound(event))
                self.count(event.winner, 1)
                for index in event.learned:
                    if self.seats[index].learns:
                        self.keep_hats(self.learner_of(self.seats[index].player))
        self.on_moved()

    #: The effect a move makes: objects taken away (a mark placed on Tic-Tac-Toe).
    move_sound = "take"

    def ending_sound(self, over: GameOver) -> str:
        """"lose" when an AI beat the person, "win" otherwise (a draw: "place")."""
        if over.winner is None:
            return "place"
        return "lose" if not self.seats[over.winner].human else "win"

    def sound(self, name: str) -> None:
        """Play an effect (the scene's app has the sounds)."""

    def count(self, winner: int | None, step: int) -> None:
        """Count a finished game in the score since the window opened (the app keeps it);
        `step` -1 when it is taken back."""

    def on_moved(self) -> None:
        """A move was made (widgets that depend on the position may change)."""
        self.rebuild()

    def keep_hats(self, learner) -> None:
        """Save what the learning computer learned; a save that fails says so in the
        status line (the hats stay in play for the next game)."""
        try:
            save_computer(learner)
        except (SaveError, OSError) as err:
            self.tell(f"{self.status}  The computer's hats were not saved: {err}", error=True)

    def undo(self) -> None:
        """Take back your last move and the reply to it."""
        if self.training is not None:
            return
        was_over, winner = self.over, self.game.winner(self.state)
        taken = self.match.take_back()
        if taken is None:
            self.tell("Nothing to take back.", error=True)
            return
        if was_over:   # a finished game taken back leaves the score again
            self.count(winner, -1)
        self.background.drop()
        self.animation = self.preview = None
        self.tell(narrate(self.match, [taken]) or "")
        self.rebuild()

    def next_round(self) -> None:
        self.match.next_round()
        self.setup.game = self.game
        self.new_game()
        self.rebuild()

    def swap_sides(self) -> None:
        """Play again, the other side moving first."""
        self.match.swap_sides()
        self.setup.seats = self.match.seats
        self.new_game()
        self.rebuild()

    def play_on(self) -> None:
        """After a game: the next KUET game, the results after the last, else a new game."""
        if self.match.more_rounds:
            self.next_round()
        elif self.setup.rounds:
            self.open("results", self.setup)
        else:
            self.restart()

    def _practised(self) -> None:
        self.tell(turn_text(self.match))
        self.rebuild()

    def _answered(self, turn: AiTurn, move: Move) -> None:
        """The AI chose: its move shows for a moment before it is played (`previewed`)."""
        self.preview = (turn, move, 0.0)

    def previewed(self) -> Move | None:
        """The AI's move about to be played, for the board to mark."""
        return self.preview[1] if self.preview is not None else None
