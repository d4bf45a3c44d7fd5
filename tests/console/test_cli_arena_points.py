"""`nimgame arena` counts the result the game gives: a win 1 point, a draw 0.5, and says who
is ahead on points (or that they are level), not wins alone."""

from nimgame.console.cli import main


def arena(capsys, *argv):
    status = main(["arena", *argv])
    out = capsys.readouterr()
    assert status == 0 and out.err == ""
    return out.out.splitlines()


def test_two_players_that_draw_every_game_are_level_on_points(capsys):
    lines = arena(capsys, "tictactoe", "minimax", "alphabeta", "--games", "6")
    assert lines[1].split()[-1] == "points"
    assert lines[2].split()[-1] == "3" and lines[3].split()[-1] == "3"
    assert lines[-1] == "Level on points (win 1, draw 0.5, loss 0): 3 of 6 each."


def points(wins: int, draws: int) -> str:
    whole, half = wins + draws // 2, draws % 2
    return f"{whole}.5" if half else str(whole)


def test_the_player_ahead_on_points_is_named(capsys):
    lines = arena(capsys, "tictactoe", "random", "minimax", "--games", "6", "--seed", "3")
    random_row, minimax_row = lines[2].split(), lines[3].split()
    wins, losses, draws = map(int, random_row[1:4])
    assert losses > 0 and random_row[-1] == points(wins, draws)
    assert minimax_row[-1] == points(losses, draws)
    assert lines[-1] == ("Ahead on points (win 1, draw 0.5, loss 0): minimax, "
                         f"{points(losses, draws)} of 6 against {points(wins, draws)}.")
