"""`make_game`: the one way every front end, the worker and storage build a game."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nimgame.games import GAMES, Nim, Sticks, TicTacToe, make_game


@pytest.mark.parametrize("game", [Nim(), Nim((2, 0, 9), misere=False, max_take=3),
                                  Sticks(), Sticks(57, max_take=5), TicTacToe()])
def test_a_game_is_built_again_from_its_own_rules(game):
    assert make_game(game.name, game.rules()) == game
    # as a process queue or a JSON file leaves them: tuples become lists
    listed = {k: list(v) if isinstance(v, tuple) else v for k, v in game.rules().items()}
    assert make_game(game.name, listed) == game


def test_rules_left_out_keep_their_defaults():
    for name, cls in GAMES.items():
        assert make_game(name) == cls()
    assert make_game("sticks", {"sticks": 30}) == Sticks(30, max_take=3)


@pytest.mark.parametrize("name, rules, words", [
    ("chess", {}, "unknown game 'chess'; choose from nim, sticks, tictactoe"),
    ("nim", {"pile": (1, 2)}, "Nim has no rule called pile"),
    ("tictactoe", {"size": 4}, "Tic-Tac-Toe has no rule called size; its rules are none"),
    ("sticks", {"sticks": 0}, "sticks must be a whole number from 1"),
    ("nim", {"piles": "1,2"}, "piles must be a sequence"),
])
def test_what_cannot_be_built_is_refused_saying_why(name, rules, words):
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")):
        make_game(name, rules)


@given(st.one_of(st.text(max_size=30), st.integers(), st.none()),
       st.dictionaries(st.text(max_size=10), st.integers(), max_size=3))
def test_hostile_names_and_rules_raise_value_error_only(name, rules):
    try:
        game = make_game(name, rules)  # type: ignore[arg-type]
    except ValueError:
        return
    assert game.name == name
