"""The window keeps each finished game for review, as text mode does; a game that cannot
be kept says so under the board, and play goes on."""

from uidriver import wait_until

from nimgame.games import Sticks
from nimgame.match import Seat
from nimgame.players import PerfectPlayer
from nimgame.review import records
from nimgame.session import MatchSetup

GAME = Sticks(6)


def play_to_the_end(app):
    board = app.open("board", MatchSetup(GAME, (Seat("Ann"), Seat("AI", PerfectPlayer(GAME),
                                                                   label="Perfect"))))
    presenter = board.presenter
    while not presenter.over:
        wait_until(app, lambda: presenter.humans_turn or presenter.over)
        if presenter.humans_turn:
            presenter.human_move(1)
    return presenter


def test_a_finished_game_is_kept(app, nimgame_home):
    presenter = play_to_the_end(app)
    assert presenter.kept_game == 1
    record = records.read(nimgame_home / "games" / "000001.json")
    assert record.moves == tuple(presenter.match.moves) and record.over
    assert record.seats == (records.SeatRecord("Ann"), records.SeatRecord("AI", "Perfect"))
    assert not presenter.status_error


def test_a_game_that_cannot_be_kept_says_so(app, nimgame_home):
    nimgame_home.mkdir(parents=True, exist_ok=True)
    (nimgame_home / "games").write_text("not a folder")
    presenter = play_to_the_end(app)
    assert presenter.kept_game is None and presenter.status_error
    assert "This game was not kept for review: cannot keep the game" in presenter.status
    assert (nimgame_home / "games").read_text() == "not a folder"
