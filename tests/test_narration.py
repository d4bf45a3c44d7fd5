"""The words a match is told in, the same for the window and the terminal."""

from nimgame.games import Nim, Sticks, TicTacToe
from nimgame.match import Match, Seat
from nimgame.narration import greeting, narrate, result_text, turn_text
from nimgame.players import MinimaxPlayer, PerfectPlayer


def test_a_person_against_an_ai_is_you():
    game = Sticks(10)
    match = Match(game, (Seat("Ann"), Seat("NimX", PerfectPlayer(game))))
    assert greeting(match) == "Hello, Ann! I am NimX.  "
    assert turn_text(match) == "Your move."
    assert narrate(match, match.play(1)) == "You took 1 stick.  NimX is thinking…"
    assert narrate(match, match.play(3)) == "NimX took 3 sticks.  Your move."
    assert narrate(match, [match.take_back()]) == "Move taken back. Your move."
    assert narrate(match, []) is None


def test_two_people_are_called_by_name_and_the_end_is_said_once():
    game = Nim((1, 1))
    match = Match(game, (Seat("Ann"), Seat("Bob")))
    assert greeting(match) == "" and turn_text(match) == "Ann, your move."
    assert narrate(match, match.play((0, 1))) == "Ann took 1 from pile 1.  Bob, your move."
    # Misère: Bob must take the last stone and loses.
    assert narrate(match, match.play((1, 1))) == "Ann wins!" == turn_text(match)


def test_every_ending_between_a_person_and_an_ai():
    game = TicTacToe()
    for moves, said in [([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)], "You win!"),
                        ([(1, 0), (0, 0), (1, 1), (0, 1), (2, 2), (0, 2)], "NimX wins!"),
                        ([(0, 0), (1, 1), (2, 2), (0, 1), (2, 1), (2, 0), (0, 2), (1, 2),
                          (1, 0)], "It's a draw.")]:
        match = Match(game, (Seat("Ann"), Seat("NimX", MinimaxPlayer(game))))
        for move in moves:
            events = match.play(move)
        assert narrate(match, events) == said == result_text(match)


def test_the_ending_says_who_made_the_last_move_and_the_rule():
    from nimgame.match import Tally
    from nimgame.narration import ending_text, tally_text

    game = Nim((1, 2))
    match = Match(game, (Seat("Ann"), Seat("NimX", PerfectPlayer(game))))
    assert ending_text(match) == ""
    match.play((1, 2))
    match.play((0, 1))   # NimX takes the last stone: misère, NimX loses
    assert ending_text(match) == ("NimX took the last object — in misère play, that "
                                  "loses.")
    tally = Tally()
    tally.add("Ann")   # the window's score: counted by name
    assert tally_text(match, tally) == "You 1 – NimX 0"
    match.swap_sides()   # NimX starts now; the score goes with the players
    assert match.seats[0].name == "NimX" and tally_text(match, tally) == "NimX 0 – You 1"
    assert match.score.wins == [0, 1]
    normal = Match(Nim((1,), misere=False), (Seat("Ann"), Seat("Bob")))
    normal.play((0, 1))
    assert ending_text(normal) == "Ann took the last object — in normal play, that wins."
    sticks = Match(Sticks(1), (Seat("Ann"), Seat("NimX", PerfectPlayer(Sticks(1)))))
    sticks.play(1)
    assert ending_text(sticks) == "You took the last stick — whoever takes it loses."
    ttt = Match(TicTacToe(), (Seat("Ann"), Seat("NimX", MinimaxPlayer(TicTacToe()))))
    for move in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]:
        ttt.play(move)
    assert ending_text(ttt) == "You made three in a row."
    draw = Match(TicTacToe(), (Seat("Ann"), Seat("Bob")))
    for move in [(0, 0), (1, 1), (2, 2), (0, 1), (2, 1), (2, 0), (0, 2), (1, 2), (1, 0)]:
        draw.play(move)
    assert ending_text(draw) == "Ann filled the last square: nobody has three in a row."
    drawn = Tally()
    drawn.add(None)
    assert tally_text(draw, drawn) == "Ann 0 – Bob 0 (1 drawn)"
