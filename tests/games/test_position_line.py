"""Every game writes any position in one line (traces and records use it)."""

import random

import pytest

from nimgame.games import KITS, Nim, Sticks, make_game


@pytest.mark.parametrize("name", sorted(KITS))
def test_every_position_of_a_random_game_is_one_distinct_line(name):
    game, kit = make_game(name, {}), KITS[name]
    rng = random.Random(1)
    for _ in range(20):
        state, seen = game.initial_state(), {}
        while True:
            line = kit.position_line(game, state)
            assert line and "\n" not in line and line == line.strip()
            assert seen.setdefault(line, state) == state   # one line, one position
            if game.is_over(state):
                break
            state = game.result(state, game.random_move(state, rng))


def test_the_lines_people_read():
    assert KITS["nim"].position_line(Nim(), Nim().initial_state()) == "1, 3, 5, 7"
    assert KITS["sticks"].position_line(Sticks(1), Sticks(1).initial_state()) == "1 stick"
    huge = Sticks(10**100)   # its text board would draw every stick
    assert KITS["sticks"].position_line(huge, huge.initial_state()) == f"{10**100} sticks"
    ttt = make_game("tictactoe", {})
    assert KITS["tictactoe"].position_line(ttt, "X.O......") == "X.O/.../..."
    pawn = make_game("hexapawn", {})
    assert KITS["hexapawn"].position_line(pawn, pawn.initial_state()) == \
        "BBB/.../WWW, White to move"
