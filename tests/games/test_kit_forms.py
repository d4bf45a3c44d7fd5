"""Each game's set-up and training forms, as the kits give them to the screens: the rules
every combination of entries makes, and what a typed field refuses."""

import itertools
import random

import pytest

from nimgame.games import KITS, Nim, Sticks, kit_for, make_game
from nimgame.games.kit import RANDOM_BOARD, TYPED_BOARD, Menu, NumberField, TextField, shown
from nimgame.games.nim.kit import custom_piles
from nimgame.games.sticks.kit import typed_sticks


def defaults(fields):
    """Each field's value at first: a menu's first entry, a typed field's default read."""
    values = {}
    for field in fields:
        if isinstance(field, Menu):
            values[field.key] = field.entries[0][1]
        elif isinstance(field, TextField):
            values[field.key] = field.parse(field.default)
        else:
            values[field.key] = field.parse(str(field.default))
    return values


@pytest.mark.parametrize("name", list(KITS))
def test_every_form_makes_a_game_from_its_defaults(name):
    kit = kit_for(name)
    for fields in (kit.setup_fields, kit.training_fields):
        assert len({f.key for f in fields}) == len(fields)
        values = defaults(fields)
        rules = kit.rules_from_form(values, random.Random(1))
        assert make_game(name, rules).name == name
    assert [value for _, value in kit.first_menu.entries] == [True, False]


def test_nim_set_up_every_entry():
    kit = kit_for("nim")
    piles, custom, play, cap = kit.setup_fields
    for (_, board), (_, misere), (_, most) in itertools.product(piles.entries, play.entries,
                                                                 cap.entries):
        values = {"piles": board, "custom": (2, 4, 6), "play": misere, "cap": most}
        fixed = kit.rules_from_form(values, None)
        drawn = kit.rules_from_form(values, random.Random(7))
        if board == RANDOM_BOARD:
            assert fixed is None   # not known until play starts
            assert 2 <= len(drawn["piles"]) <= 3 and all(1 <= p <= 6 for p in drawn["piles"])
        else:
            want = (2, 4, 6) if board == TYPED_BOARD else board
            assert fixed == drawn == {"piles": want, "misere": misere, "max_take": most}
        assert shown(custom, values) == (board == TYPED_BOARD)
    rounds = {"rounds": kit.rounds_menu.entries[1][1], "piles": (1, 3, 5, 7)}
    assert kit.rules_from_form(rounds, None) is None
    game = make_game("nim", kit.rules_from_form(rounds, random.Random(3)))
    assert isinstance(game, Nim) and not game.misere and game.max_take == 3


def test_sticks_forms():
    kit = kit_for("sticks")
    (field,) = kit.setup_fields
    assert isinstance(field, NumberField) and (field.low, field.high) == (10, 100)
    assert make_game("sticks", kit.rules_from_form({"sticks": 42}, None)) == Sticks(42)


@pytest.mark.parametrize("text", ["", "0", "9", "101", "1e2", "²", "5" * 200, "-20", "20.0"])
def test_a_typed_heap_is_10_to_100(text):
    with pytest.raises(ValueError, match="between 10 and 100"):
        typed_sticks(text)


@pytest.mark.parametrize("text", ["", "0", "16", "1,2,3,4,5,6,7,8,9", "a", "1,,x", "٣"])
def test_typed_piles_are_what_a_board_shows(text):
    with pytest.raises(ValueError):
        custom_piles(text)


def test_a_menu_refuses_words_it_does_not_offer():
    menu = kit_for("nim").first_menu
    assert menu.value("You") is True
    with pytest.raises(ValueError, match="offers no"):
        menu.value("Somebody else")
