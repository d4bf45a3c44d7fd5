"""A game between two seats, the same for every front end.

The window and the terminal both drive a `Match`: they ask whose turn it is, hand it the
moves people make (the engine judges them: `IllegalMove` says why), ask the AI seat for
its move wherever they like (`ai_turn` says which player to ask about which state; the
answer comes back through `play_ai`, which drops an answer a take-back or a restart made
stale), and show the events each change returns. Nothing here draws, waits or reads input.

Players that learn from play (the seed's Sticks computer) hear about it through the
`Player` hooks `game_over`, `take_back` and `new_game`; the match never asks what kind of
player sits in a seat.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from . import kuet
from .games.base import AnyGame, Move, State
from .players import make_player
from .players.base import Player
from .review.records import GameRecord
from .review.records import seat as record_seat


@dataclass
class Seat:
    """Who sits in a seat: a person (no player) or an AI."""

    name: str
    player: Player | None = None     # None: a person at this screen or terminal
    pretrain: int = 0                # self-play games to train `player` before the game
    learns: bool = False             # keeps what it learns from each game (save it after)
    label: str = ""                  # how the menu named this opponent

    @property
    def human(self) -> bool:
        return self.player is None


# -- what a change did, for front ends to show -------------------------------------------

@dataclass(frozen=True)
class Moved:
    seat: int                        # who moved (engine player number)
    move: Move
    before: State
    after: State
    words: str                       # the move in words, past tense: "took 2 from pile 1"


@dataclass(frozen=True)
class GameOver:
    winner: int | None               # None: a draw
    learned: tuple[int, ...] = ()    # seats whose player learned from this game


@dataclass(frozen=True)
class TakenBack:
    moves: int                       # how many moves were undone
    state: State                     # the position now


@dataclass(frozen=True)
class RoundsOver:
    """The last KUET game is over: each strategy's win array and the one selected."""

    results: dict[str, list[int]]
    selected: kuet.Selected


Event = Moved | GameOver | TakenBack | RoundsOver


@dataclass
class Score:
    """Games won by each seat and drawn since the match began (or was last restarted)."""

    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0

    @property
    def games(self) -> int:
        return sum(self.wins) + self.draws


@dataclass
class Tally:
    """Games won by each player (by seat name) and drawn, across every match between the
    same two players: the window's score since it opened, whoever moves first."""

    wins: dict[str, int] = field(default_factory=dict)
    draws: int = 0

    def add(self, winner: str | None, step: int = 1) -> None:
        """Count a game `winner` won (None: a draw); `step` -1 uncounts one taken back."""
        if winner is None:
            self.draws += step
        else:
            self.wins[winner] = self.wins.get(winner, 0) + step


@dataclass(frozen=True)
class AiTurn:
    """The question a front end puts to an AI seat: `player.choose_move(state)`; hand the
    answer to `play_ai` with the same `generation`."""

    player: Player
    state: State
    generation: int


def past_tense(description: str) -> str:
    """'take 2 from pile 1' -> 'took 2 from pile 1'; 'X in the centre' -> 'played …'."""
    if description.startswith("take "):
        return "took " + description[5:]
    return "played " + description


class Match:
    """One game after another between `seats` (seats[i] plays engine player i, 0 first).

    With `rounds` (KUET: one (strategy label, registry name) per game) the AI seat 1 plays
    each game with that round's strategy on a new random KUET board, and each finished
    game adds 1 (NimX won) or 0 to its strategy's win array.
    """

    def __init__(self, game: AnyGame, seats: tuple[Seat, Seat],
                 rounds: list[tuple[str, str]] | None = None,
                 rng: random.Random | None = None) -> None:
        if len(seats) != 2:
            raise ValueError("a match needs exactly two seats")
        self.game = game
        self.seats = seats
        self.rounds = list(rounds) if rounds else None
        self.round = 0
        self.rng = rng or random.Random()
        self.score = Score()
        self.round_results: dict[str, list[int]] = {}
        #: KUET: each round's board as it started, in round order (results say why from them)
        self.round_boards: list[State] = []
        self.generation = 0          # changes whenever a pending AI answer becomes stale
        self.recorded = False        # the finished game is in the score
        self.new_game()

    # -- questions ----------------------------------------------------------------------
    @property
    def to_move(self) -> int:
        return self.game.to_move(self.state)

    @property
    def seat_to_move(self) -> Seat:
        return self.seats[self.to_move]

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    @property
    def humans_turn(self) -> bool:
        return not self.over and self.seat_to_move.human

    @property
    def both_human(self) -> bool:
        return all(seat.human for seat in self.seats)

    @property
    def strategy(self) -> str | None:
        """The KUET strategy the AI plays this game with (None outside rounds)."""
        return self.rounds[self.round][0] if self.rounds else None

    @property
    def more_rounds(self) -> bool:
        return self.rounds is not None and self.round + 1 < len(self.rounds)

    def record(self) -> GameRecord:
        """The game so far as a record to keep (`review.records.keep`): its rules, who sits
        where, its moves and how it ended."""
        seats = tuple(record_seat(seat.name, None if seat.player is None else
                                  seat.label or seat.player.label) for seat in self.seats)
        return GameRecord.of(self.game, (seats[0], seats[1]), self.moves)

    def can_take_back(self) -> bool:
        return self.why_no_take_back() is None

    def why_no_take_back(self) -> str | None:
        """Why `take_back` would do nothing now, in words; None if it would take back. A
        finished KUET game is in its round's win array, which the results count: it stays."""
        if self.rounds and self.recorded:
            return "the round is scored: a KUET round cannot be taken back"
        if self._take_back_point() is None:
            return "nothing to take back"
        return None

    def ai_turn(self) -> AiTurn | None:
        """What to ask the AI, if it is an AI's turn."""
        seat = self.seat_to_move
        if self.over or seat.player is None:
            return None
        return AiTurn(seat.player, self.state, self.generation)

    # -- changes ------------------------------------------------------------------------
    def new_game(self) -> None:
        """A fresh game of the current round (the same game outside rounds)."""
        if self.rounds:   # the AI plays this round's strategy, and the panel says which
            self.seats[1].label, name = self.rounds[self.round]
            self.seats[1].player = make_player(name, self.game)
        self.state = self.game.initial_state()
        self.history: list[State] = [self.state]
        if self.rounds:   # a restart plays the round's board again: kept once
            del self.round_boards[self.round:]
            self.round_boards.append(self.state)
        self.moves: list[Move] = []              # history[i + 1] = moves[i] played on history[i]
        self.recorded = False
        self.generation += 1
        for seat in self.seats:
            if seat.player is not None:
                seat.player.new_game()

    def play(self, move: Move) -> list[Event]:
        """Play `move` for whoever is to move; IllegalMove (saying why) if it is not legal."""
        before = self.state
        after = self.game.result(before, move)
        mover = self.game.to_move(before)
        words = past_tense(self.game.describe_move(before, move))
        self.state = after
        self.history.append(after)
        self.moves.append(move)
        self.generation += 1
        events: list[Event] = [Moved(mover, move, before, after, words)]
        if self.over:
            events.extend(self._finish())
        return events

    def play_ai(self, move: Move, generation: int) -> list[Event]:
        """The AI's answer to `ai_turn`; nothing happens if the match moved on since."""
        if generation != self.generation or self.over or self.seat_to_move.human:
            return []
        return self.play(move)

    def take_back(self) -> TakenBack | None:
        """Undo to the last position where a person was to move (their move and the reply
        to it); None if there is none (`why_no_take_back` says why). A finished game leaves
        the score again, except a scored KUET round."""
        index = self._take_back_point()
        if index is None or self.why_no_take_back() is not None:
            return None
        if self.recorded:
            self._unrecord()
        undone = len(self.history) - 1 - index
        del self.history[index + 1:]
        del self.moves[index:]
        self.state = self.history[-1]
        self.generation += 1
        for seat in self.seats:
            if seat.player is not None:
                seat.player.take_back()
        return TakenBack(undone, self.state)

    def restart(self) -> None:
        """Start this game again (a finished game stays in the score)."""
        self.new_game()

    def swap_sides(self) -> None:
        """A new game with the seats swapped (who moved second moves first); the score
        goes with the players. Not in KUET rounds, where the person always starts."""
        if self.rounds:
            raise ValueError("KUET rounds keep their order: the person moves first")
        self.seats = (self.seats[1], self.seats[0])
        self.score.wins.reverse()
        self.new_game()

    def next_round(self) -> None:
        """The next KUET game, on a new random board."""
        if not self.more_rounds:
            raise ValueError("there is no next round")
        self.round += 1
        self.game = kuet.kuet_game(self.rng)
        self.new_game()

    # -- the end of a game --------------------------------------------------------------
    def _finish(self) -> list[Event]:
        winner = self.game.winner(self.state)
        learned = []
        for index, seat in enumerate(self.seats):
            if seat.player is not None:
                if seat.player.game_over(self.game.outcome(self.state, index)):
                    learned.append(index)
        self._record(winner)
        events: list[Event] = [GameOver(winner, tuple(learned))]
        if self.rounds and not self.more_rounds:
            events.append(RoundsOver({k: list(v) for k, v in self.round_results.items()},
                                     kuet.selection(self.round_results)))
        return events

    def _record(self, winner: int | None) -> None:
        if winner is None:
            self.score.draws += 1
        else:
            self.score.wins[winner] += 1
        if self.strategy is not None:
            self.round_results.setdefault(self.strategy, []).append(int(winner == 1))
        self.recorded = True

    def _unrecord(self) -> None:
        winner = self.game.winner(self.state)
        if winner is None:
            self.score.draws -= 1
        else:
            self.score.wins[winner] -= 1
        self.recorded = False   # never a KUET round's: a scored round stays (take_back)

    def _take_back_point(self) -> int | None:
        for index in range(len(self.history) - 2, -1, -1):
            if self.seats[self.game.to_move(self.history[index])].human:
                return index
        return None
