"""What a match did, in words: the lines every front end shows a person.

The window's status line and the terminal's games say the same things in the same way:
"You took 2 from pile 1.  NimX is thinking…", "NimX wins!", "Move taken back. Your move."
A person is "you" unless two people share the screen, when each is called by name.
"""

from __future__ import annotations

from .match import Event, GameOver, Match, Moved, TakenBack, Tally


def who(match: Match, seat: int) -> str:
    """How a line names the player in `seat`: "You" for the one person at the screen."""
    person = match.seats[seat]
    return "You" if person.human and not match.both_human else person.name


def greeting(match: Match) -> str:
    """The first words of a match between a person and an AI ("" between equals)."""
    ai = next((seat for seat in match.seats if not seat.human), None)
    human = next((seat for seat in match.seats if seat.human), None)
    return f"Hello, {human.name}! I am {ai.name}.  " if ai and human else ""


def turn_text(match: Match) -> str:
    """Whose move it is, or how the game ended."""
    if match.over:
        return result_text(match)
    seat = match.seat_to_move
    if seat.human:
        return f"{seat.name}, your move." if match.both_human else "Your move."
    return f"{seat.name} is thinking…"


def result_text(match: Match) -> str:
    """How the finished game ended: "You win!", "NimX wins!", "It's a draw."."""
    winner = match.game.winner(match.state)
    if winner is None:
        return "It's a draw."
    return "You win!" if who(match, winner) == "You" else f"{match.seats[winner].name} wins!"


def ending_text(match: Match) -> str:
    """Why the finished game ended, said of who made the last move: "NimX took the last
    object — in misère play, that loses." ("" while it goes on)."""
    words = match.game.last_move_words(match.state)
    if not words or len(match.history) < 2:
        return ""
    last = who(match, match.game.to_move(match.history[-2]))
    return f"{last} {words}."


def tally_text(match: Match, tally: Tally) -> str:
    """The games these two players have played since the window opened: "You 3 – NimX 2"."""
    names = [who(match, seat) for seat in (0, 1)]
    wins = [tally.wins.get(match.seats[seat].name, 0) for seat in (0, 1)]
    drawn = f" ({tally.draws} drawn)" if tally.draws else ""
    return f"{names[0]} {wins[0]} – {names[1]} {wins[1]}{drawn}"


def moved_text(match: Match, moved: Moved) -> str:
    """ "You took 2 from pile 1." """
    return f"{who(match, moved.seat)} {moved.words}."


def narrate(match: Match, events: list[Event]) -> str | None:
    """The line that tells a person what `events` did (None if there were none): the last
    move and whose turn it is now, or how the game ended."""
    line = None
    for event in events:
        if isinstance(event, Moved):
            line = f"{moved_text(match, event)}  {turn_text(match)}"
        elif isinstance(event, GameOver):
            line = result_text(match)
        elif isinstance(event, TakenBack):
            line = f"Move taken back. {turn_text(match)}"
    return line
