"""The MENACE screen's model, without a window: choices read into rules (one line when
wrong), presets, a game against a person, the tournament a chunk at a time."""

import pytest

from nimgame.session.menace import GARDNER, MICHIE, SCROGGS
from nimgame.session.menace_desk import (
    MenaceChoices,
    MenaceDesk,
    incentive,
    stage_beads,
)


def test_choices_read_into_rules_and_name_their_preset():
    choices = MenaceChoices()
    assert choices.rules() == MICHIE.rules and choices.matching_preset() == "Michie"
    choices.use_preset("Scroggs")
    assert choices.beads == "8 4 2 1" and choices.rules() == SCROGGS.rules
    choices.toggled("symmetry")
    assert choices.preset == "Your own" and not choices.rules().symmetry
    choices.use_game("hexapawn")
    assert choices.rules() == GARDNER.rules and choices.side == 1


@pytest.mark.parametrize("text,words", [
    ("", "beads per stage"), ("4 0 2", "beads for the machine's move 2"),
    ("4 x", "beads for the machine's move 2 must be a whole number"),
    ("1 2 3 4 5 6 7 8 9 10", "beads per stage"), ("4 3 2 99999", "move 4")])
def test_wrong_beads_are_said_in_one_line(text, words):
    with pytest.raises(ValueError) as err:
        stage_beads(text)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_incentives_typed_with_or_without_a_sign():
    assert [incentive(t, "win") for t in ("3", "+3", "-1", " \u22121 ", "0")] == [3, 3, -1,
                                                                                 -1, 0]
    for text in ("", "+", "3.5", "--1", "1e3", "5000"):
        with pytest.raises(ValueError, match="the loss incentive must be a whole number"):
            incentive(text, "loss")


def test_a_bad_choice_leaves_the_menace_as_it_was():
    desk = MenaceDesk(seed=1)
    before = desk.run
    desk.choices.beads = "4 3 two"
    with pytest.raises(ValueError, match="move 3"):
        desk.rebuild()
    assert desk.run is before
    desk.choices.beads = "8 4 2 1"
    assert "304 boxes" in desk.rebuild() and desk.run is not before


def test_a_game_against_a_person():
    desk = MenaceDesk(MenaceChoices(opponent="You"), seed=2)
    game = desk.game
    assert desk.start_person_game() is None
    state = desk.person.state
    assert state.count("X") == 1 and game.to_move(state) == 1   # MENACE moved first
    played = None
    while played is None:   # the person plays the first empty square
        played = desk.person_move(game.legal_moves(desk.person.state)[0])
    assert desk.person is None and desk.run.results == [played.result_for(0)]
    assert desk.menace.games == 1 and len(desk.run.first_box) == 2
    assert desk.shown == desk.replay(played.moves)
    with pytest.raises(ValueError, match="no game against you"):
        desk.person_move((0, 0))


def test_a_game_chosen_is_played_once_menace_is_built_again():
    """Choosing Hexapawn mid-game changes nothing on the board until the MENACE is built
    again: the board shown, the game against the person and its clicks stay Tic-Tac-Toe."""
    desk = MenaceDesk(MenaceChoices(opponent="You"), seed=2)
    desk.start_person_game()
    desk.choices.use_game("hexapawn")
    assert desk.game.name == "tictactoe" and desk.chosen_game.name == "hexapawn"
    assert desk.board_size() == (3, 3)
    empty = next(i for i, mark in enumerate(desk.person.state) if mark == ".")
    desk.click_square(empty)   # a Tic-Tac-Toe move, played
    desk.rebuild()
    assert desk.game.name == "hexapawn" and desk.shown == desk.game.initial_state()


def test_a_person_plays_first_against_menace_as_o():
    desk = MenaceDesk(MenaceChoices(opponent="You", side=1), seed=2)
    assert desk.start_person_game() is None and desk.shown == "." * 9
    desk.person_move((1, 1))
    assert desk.person.state.count("O") == 1


def test_an_empty_first_box_refuses_and_a_person_wins_at_once():
    desk = MenaceDesk(MenaceChoices(opponent="You"), seed=2)
    desk.menace.first_box().beads[:] = [0, 0, 0]
    assert desk.refuses
    played = desk.start_person_game()
    assert played.resigned == 0 and played.winner == 1 and desk.run.results == [-1]


def test_the_tournament_a_chunk_at_a_time():
    desk = MenaceDesk(MenaceChoices(), seed=2)
    desk.choices.use_preset("Scroggs")
    desk.start_tournament()
    assert desk.run.opponent == "perfect" and desk.run.side == 0
    chunks = 0
    while not desk.tournament_chunk(25):
        chunks += 1
    games = desk.tournament.games
    assert games is not None and games == len(desk.run.results) and chunks >= games // 25
    assert desk.run.results[-20:] == [0] * 20
    desk.choices.opponent = "Perfect, one line"   # Michie's own opponent: one best line
    desk.start_tournament()
    assert desk.run.opponent == "perfect-line" and desk.run.other.one_line
    refusing = MenaceDesk(MenaceChoices(), seed=0)
    refusing.start_tournament()
    refusing.menace.first_box().beads[:] = [0, 0, 0]
    assert refusing.tournament_chunk(5)
    assert refusing.tournament.refused and refusing.tournament.games is None


def test_hexapawn_her_against_random_and_a_second_menace():
    desk = MenaceDesk(seed=3)
    desk.choices.use_game("hexapawn")
    desk.choices.opponent = "Second MENACE"
    assert "19 boxes" in desk.rebuild()
    desk.play(30)
    assert len(desk.run.results) == 30 and desk.run.other.games == 30


def test_clicks_reach_every_move_and_only_legal_ones():
    """Every position a person meets (Tic-Tac-Toe as O, Hexapawn as White): a
    click on a free square plays that square (numbered from the top left); a pawn, then
    where it goes, plays that step; a square that gives no move is said in one line."""
    from nimgame.session.menace_desk import PersonGame

    def square_names(game, state, move):   # an independent reading of the moves
        if game.name == "tictactoe":
            r, c = move
            return [r * 3 + c]
        start, end = move   # Hexapawn squares count from White's rank up: rows are flipped
        return [(2 - start // 3) * 3 + start % 3, (2 - end // 3) * 3 + end % 3]

    for key, side in (("tictactoe", 0), ("hexapawn", 1)):
        choices = MenaceChoices()
        choices.use_game(key)
        choices.side, choices.opponent = side, "You"
        desk = MenaceDesk(choices, seed=1)
        game = desk.game
        seen = set()
        frontier = [game.initial_state()]
        while frontier:
            state = frontier.pop()
            if state in seen or game.is_over(state):
                continue
            seen.add(state)
            for move in game.legal_moves(state):
                frontier.append(game.result(state, move))
            if game.to_move(state) == side:
                continue
            for move in game.legal_moves(state):
                desk.person = PersonGame(state)
                played_moves = []
                desk.person_move = lambda m, ps=played_moves: ps.append(m)
                for square in square_names(game, state, move):
                    desk.click_square(square)
                assert played_moves == [move], (state, move)
                del desk.person_move
            free = {s for m in game.legal_moves(state) for s in square_names(game, state, m)}
            for square in set(range(9)) - free:
                desk.person = PersonGame(state)
                with pytest.raises(ValueError, match=f"square {square + 1} gives you no move"):
                    desk.click_square(square)
        assert len(seen) > 10


def test_a_whole_game_by_clicks_and_the_cursor():
    choices = MenaceChoices()
    choices.opponent = "You"
    desk = MenaceDesk(choices, seed=4)
    desk.start_person_game()
    assert desk.person.cursor == 4
    desk.move_cursor(-5, -5)
    assert desk.person.cursor == 0
    desk.move_cursor(1, 9)
    assert desk.person.cursor == 5
    while desk.person is not None:
        desk.click_square(desk.shown.index("."))
    assert len(desk.run.results) == 1
    with pytest.raises(ValueError, match="G starts one"):
        desk.click_square(0)


def test_the_perfect_player_of_one_line_is_a_choice():
    choices = MenaceChoices()
    choices.opponent = "Perfect, one line"
    desk = MenaceDesk(choices, seed=2)
    assert desk.run.other.one_line
    desk.play(5)
    assert len(desk.run.results) == 5 and 1 not in desk.run.results   # it never wins
