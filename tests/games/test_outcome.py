"""Game.outcome: the +1/0/-1 of a finished game, checked on every finished position of
small boards of each game against the rules' own winner, worked out here independently."""

import pytest

from nimgame.games import Nim, Sticks, TicTacToe


def finished_positions(game):
    """Every finished position reachable from the start (plain search, no canonical form)."""
    seen, stack, ends = set(), [game.initial_state()], []
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        if game.is_over(state):
            ends.append(state)
        stack.extend(game.result(state, m) for m in game.legal_moves(state))
    return ends


def three_in_a_row(board: str) -> str | None:
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8),
             (2, 4, 6)]
    for a, b, c in lines:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


def expected(game, state, player: int) -> int:
    """Who won, from the definition of each game, not from the game's own `winner`."""
    if isinstance(game, TicTacToe):
        mark = three_in_a_row(state)
        return 0 if mark is None else (1 if "XO".index(mark) == player else -1)
    # Nim and Sticks: the player who took the last object made the final move; the one
    # to move now faces the empty board. Normal play: the last taker wins; misère: loses.
    last_taker = 1 - game.to_move(state)
    misere = True if isinstance(game, Sticks) else game.misere
    winner = 1 - last_taker if misere else last_taker
    return 1 if winner == player else -1


@pytest.mark.parametrize("game", [Nim((1, 2, 3)), Nim((2, 3), misere=False),
                                  Nim((3, 4), max_take=2), Sticks(9), TicTacToe()],
                         ids=repr)
def test_outcome_of_every_finished_position(game):
    ends = finished_positions(game)
    assert ends
    for state in ends:
        for player in (0, 1):
            assert game.outcome(state, player) == expected(game, state, player)
        assert game.outcome(state, 0) == -game.outcome(state, 1)


def test_no_outcome_before_the_end_or_for_a_third_player():
    game = Nim((1, 2))
    with pytest.raises(ValueError, match="not over"):
        game.outcome(game.initial_state(), 0)
    end = finished_positions(game)[0]
    for player in (2, -1, True, "0", None):
        with pytest.raises(ValueError, match="0 or 1"):
            game.outcome(end, player)
