"""OpenSpiel's own algorithms give the same answers on nimgame's games as on OpenSpiel's
built-in ones: value iteration (which keys states by `str`), tabular policies (one entry
per information state), fictitious play and the sequence-form LP on Nim against the
built-in `nim`; value iteration on Sticks, Tic-Tac-Toe and Hexapawn against a brute-force
minimax written here (and on Tic-Tac-Toe against the built-in `tic_tac_toe` too).

value_iteration and sequence_form_lp import cvxpy, which the spiel extra installs."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import pyspiel  # noqa: E402
from open_spiel.python import policy  # noqa: E402
from open_spiel.python.algorithms import exploitability, fictitious_play  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from nimgame import spiel  # noqa: E402
from nimgame.games import Nim, Sticks, TicTacToe  # noqa: E402
from nimgame.games.base import AnyGame, State  # noqa: E402
from nimgame.games.hexapawn import Hexapawn  # noqa: E402

#: Small boards, normal and misère play: (piles, misère).
NIM_BOARDS = [((1, 2, 3), True), ((1, 2, 3), False), ((1, 2), True), ((2, 2), False),
              ((1, 3), True), ((3,), True), ((1, 1, 2), False), ((2, 3), True)]
BOARD_IDS = [f"{'-'.join(map(str, piles))}-{'misere' if misere else 'normal'}"
             for piles, misere in NIM_BOARDS]


def ours(piles: tuple[int, ...], misere: bool) -> Any:
    return spiel.load(Nim(piles, misere=misere))


def built_in(piles: tuple[int, ...], misere: bool) -> Any:
    return pyspiel.load_game("nim", {"pile_sizes": ";".join(map(str, piles)),
                                     "is_misere": misere})


def solved(game: Any, each_position_once: bool = False) -> dict[str, float]:
    """OpenSpiel's value iteration: player 0's value of every state, keyed by str(state).
    `each_position_once` walks each str once, not every line of play (value iteration's
    own switch for games with cycles): Tic-Tac-Toe has 5,478 positions, but 549,946 lines."""
    pytest.importorskip("cvxpy", reason="OpenSpiel's value_iteration imports cvxpy")
    from open_spiel.python.algorithms import value_iteration

    values: dict[str, float] = value_iteration.value_iteration(
        game, -1, 0.001, cyclic_game=each_position_once)
    return values


def positions(game: Any) -> list[Any]:
    """Every position reachable in one of nimgame's OpenSpiel games, once each."""
    start = game.new_initial_state()
    seen, frontier = {start.inner: start}, [start]
    while frontier:
        state = frontier.pop()
        for action in state.legal_actions():
            child = state.child(action)
            if child.inner not in seen:
                seen[child.inner] = child
                frontier.append(child)
    return list(seen.values())


def minimax(rules: AnyGame) -> Callable[[State], int]:
    """Player 0's result with best play from a position, by brute force on the rules."""

    @functools.cache
    def value(state: State) -> int:
        if rules.is_over(state):
            return rules.outcome(state, 0)
        results = [value(rules.result(state, move)) for move in rules.legal_moves(state)]
        return max(results) if rules.to_move(state) == 0 else min(results)

    return value


# --- the position and the information state ---------------------------------------------

@pytest.mark.parametrize("rules", [Nim((1, 2, 2)), Nim((2, 3), misere=False), Sticks(7),
                                   TicTacToe(), Hexapawn()], ids=lambda g: g.short_rules())
def test_str_tells_every_position_and_player_to_move_apart(rules):
    """OpenSpiel's value iteration keys states by str: two positions (board and player to
    move) must never share one, as in the built-in games ("(1): 0 2 1" in `nim`)."""
    seen: dict[str, State] = {}
    for state in positions(spiel.load(rules)):
        assert seen.setdefault(str(state), state.inner) == state.inner, str(state)
    assert len(seen) > 10


def test_str_names_the_player_to_move_and_the_end():
    game = spiel.load(Nim((1, 2)))
    state = game.new_initial_state()
    assert str(state) == "Player 0 to move\nPile 1: o (1)\nPile 2: oo (2)\n"
    for action in (0, 2, 2):   # pile 1 takes 1, pile 2 takes 1, pile 2 takes the last
        state.apply_action(action)
    assert str(state) == ("Game over, won by player 1 (player 1's turn)\n"
                          "Pile 1:  (0)\nPile 2:  (0)\n")


def test_the_information_state_is_the_history_as_in_the_built_in_nim():
    """Perfect recall: the information state is the moves so far (the built-in nim's
    `information_state_string` is its history too): two ways to one position share its
    str but not its information state."""
    game, reference = ours((1, 2, 3), True), built_in((1, 2, 3), True)
    assert game.new_initial_state().information_state_string(0) == ""
    assert reference.new_initial_state().information_state_string(0) == ""
    one, other = game.new_initial_state(), game.new_initial_state()
    for action in (0, 6, 4):    # pile 1 takes 1, pile 3 takes 1, pile 2 takes 2
        one.apply_action(action)
    for action in (4, 6, 0):
        other.apply_action(action)
    assert str(one) == str(other)
    for player in (0, 1):
        assert one.information_state_string(player) == "0, 6, 4" == one.history_str()
        assert other.information_state_string(player) == "4, 6, 0"


def test_make_py_observer_answers_each_kind_of_request():
    """As OpenSpiel's Python tic_tac_toe: the default observation is the position; with
    perfect recall the public information is the history; a perfect-information game has
    no private information."""
    game = ours((1, 2), True)
    state = game.new_initial_state()
    state.apply_action(0)
    default = make_observation(game)
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    private = make_observation(game, pyspiel.IIGObservationType(
        public_info=False, perfect_recall=False,
        private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER))
    public = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    assert default.string_from(state, 1) == str(state) == public.string_from(state, 0)
    assert state.observation_string(0) == str(state)
    assert recall.string_from(state, 1) == "0"
    assert private.string_from(state, 0) == ""
    default.set_from(state, 1)
    assert list(default.tensor) == game.codec.observe(state.inner, 1)   # the environments'
    with pytest.raises(ValueError, match="parameters"):
        make_observation(game, None, {"colour": True})


def test_a_game_taken_up_midway_says_where_it_began():
    """nimgame's OpenSpiel bot starts OpenSpiel's game at the position on the board: its
    information state names that position, so it cannot be taken for the empty history
    of the game's start."""
    rules = Nim((1, 2, 3))
    game = spiel.load(rules)
    midway = game.new_initial_state(rules.result(rules.initial_state(), (2, 1)))
    assert midway.information_state_string(0) != game.new_initial_state()\
        .information_state_string(0)
    child = midway.child(0)
    assert child.information_state_string(1).startswith(str(midway))
    assert child.information_state_string(1).endswith("0")


# --- Nim against the built-in nim ----------------------------------------------------------

@pytest.mark.parametrize("piles,misere", NIM_BOARDS, ids=BOARD_IDS)
def test_value_iteration_gives_the_built_in_nims_values(piles, misere):
    game, reference = ours(piles, misere), built_in(piles, misere)
    mine, theirs = solved(game), solved(reference)
    assert len(mine) == len(theirs)
    for state in positions(game):
        board, player = state.inner
        key = f"({player}): {' '.join(map(str, board))}"   # the built-in nim's str
        assert mine[str(state)] == pytest.approx(theirs[key]), key
    if (piles, misere) == ((1, 2, 3), True):
        assert mine[str(game.new_initial_state())] == pytest.approx(-1)


@pytest.mark.parametrize("piles,misere", NIM_BOARDS, ids=BOARD_IDS)
def test_tabular_policies_hold_the_built_in_nims_information_states(piles, misere):
    def states_per_player(game: Any) -> list[int]:
        return [len(states) for states in policy.TabularPolicy(game).states_per_player]

    assert states_per_player(ours(piles, misere)) == states_per_player(built_in(piles,
                                                                                 misere))


@pytest.mark.parametrize("piles,misere,iterations", [((2, 3), True, 10),
                                                     ((1, 2, 3), False, 3),
                                                     ((2, 2), False, 10)])
def test_fictitious_play_converges_as_on_the_built_in_nim(piles, misere, iterations):
    """Exploitability after each iteration of extensive-form fictitious play, as on the
    built-in nim (with the board as information state it stayed near 0.7 on these)."""
    def exploitability_by_iteration(game: Any) -> list[float]:
        solver, found = fictitious_play.XFPSolver(game), []
        for _ in range(iterations):
            solver.iteration()
            found.append(float(exploitability.exploitability(game, solver.average_policy())))
        return found

    reference = exploitability_by_iteration(built_in(piles, misere))
    found = exploitability_by_iteration(ours(piles, misere))
    assert found == pytest.approx(reference, abs=0.01)
    assert all(later < earlier for earlier, later in itertools.pairwise(found))


@pytest.mark.parametrize("piles,misere", NIM_BOARDS, ids=BOARD_IDS)
def test_sequence_form_lp_values_nim_as_the_built_in(piles, misere):
    pytest.importorskip("cvxpy", reason="OpenSpiel's sequence_form_lp imports cvxpy")
    from open_spiel.python.algorithms import sequence_form_lp

    value = sequence_form_lp.solve_zero_sum_game(ours(piles, misere))[0]
    reference = sequence_form_lp.solve_zero_sum_game(built_in(piles, misere))[0]
    assert value == pytest.approx(reference, abs=1e-4)
    assert abs(reference) == pytest.approx(1, abs=1e-4)    # Nim has no draw


# --- the other games against brute force ---------------------------------------------------

@pytest.mark.parametrize("rules", [Sticks(sticks, take) for take in (2, 3)
                                   for sticks in range(1, 14)] + [Hexapawn()],
                         ids=lambda g: g.short_rules())
def test_value_iteration_agrees_with_brute_force(rules):
    game = spiel.load(rules)
    values, best = solved(game), minimax(rules)
    for state in positions(game):
        assert values[str(state)] == pytest.approx(best(state.inner)), str(state)


def test_value_iteration_on_tictactoe_agrees_with_brute_force_and_the_built_in():
    rules = TicTacToe()
    game = spiel.load(rules)
    values, best = solved(game, each_position_once=True), minimax(rules)
    theirs = solved(pyspiel.load_game("tic_tac_toe"), each_position_once=True)
    every = positions(game)
    assert len(every) == len(theirs) == 5478
    assert values[str(game.new_initial_state())] == 0
    for state in every:
        board = "\n".join(state.inner[row:row + 3].lower() for row in (0, 3, 6))
        assert values[str(state)] == pytest.approx(best(state.inner)) == theirs[board], board
