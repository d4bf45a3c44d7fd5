"""nimgame's games in OpenSpiel: OpenSpiel's own random-simulation test (with state
serialisation), lock-step with nimgame's rules on every position of small boards, and
OpenSpiel's MCTS bot playing nimgame's perfect player in the arena."""

import pytest

pytest.importorskip("pyspiel")

import pyspiel  # noqa: E402

from nimgame import spiel  # noqa: E402
from nimgame.console.cli import main  # noqa: E402
from nimgame.games import Nim, Sticks, TicTacToe  # noqa: E402
from nimgame.games.hexapawn import Hexapawn  # noqa: E402
from nimgame.learning.evaluation import match  # noqa: E402
from nimgame.players import PerfectPlayer, make_player  # noqa: E402

GAMES = [("python_nimgame_nim", {}), ("python_nimgame_nim", {"piles": "2 3", "misere": False,
                                                            "max_take": 2}),
         ("python_nimgame_sticks", {"sticks": 9}), ("python_nimgame_tictactoe", {}),
         ("python_nimgame_hexapawn", {})]


@pytest.mark.parametrize("name,params", GAMES)
def test_openspiels_random_simulation_and_serialisation(name, params):
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)


@pytest.mark.parametrize("name", sorted(spiel.SPECS))
def test_every_registered_game_passes_openspiels_random_simulation(name):
    """Each game nimgame registers, with its default parameters: a game added to the
    registry is checked without being named here."""
    assert name in pyspiel.registered_names()
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=3, serialize=True,
                            verbose=False)


@pytest.mark.parametrize("rules", [Nim((1, 2, 2)), Nim((2, 3), misere=False, max_take=2),
                                   Sticks(9), Hexapawn()], ids=lambda g: g.short_rules())
def test_lock_step_with_the_rules_on_every_position(rules):
    """Every position, reached through the bridge: the same legal moves as nimgame's, the
    same player to move, and at the end the same returns as `outcome`."""
    game = spiel.load(rules)
    frontier, seen = [game.new_initial_state()], 0
    while frontier:
        state = frontier.pop()
        inner = state.inner
        seen += 1
        if rules.is_over(inner):
            assert state.is_terminal()
            assert state.returns() == [rules.outcome(inner, 0), rules.outcome(inner, 1)]
            continue
        assert state.current_player() == rules.to_move(inner)
        legal = sorted(game.codec.encode(m) for m in rules.legal_moves(inner))
        assert state.legal_actions() == legal
        for action in legal:
            child = state.clone()
            child.apply_action(action)
            frontier.append(child)
    assert seen > 10


def test_tictactoe_bridge_plays_out_by_the_rules():
    game = spiel.load(TicTacToe())
    state = game.new_initial_state()
    for action in (4, 0, 8, 2, 1, 7, 6, 3, 5):
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.is_terminal() and state.returns() == [0.0, 0.0]   # a draw


def test_openspiels_mcts_bot_plays_the_perfect_player():
    game = Sticks(13)   # 13 = 4×3+1: the second player wins with best play
    bot = make_player("spiel-mcts", game, seed=1)
    result = match(game, bot, PerfectPlayer(game), 4)
    assert result.games == 4 and result.wins_second == 2   # it wins when it can
    assert result.wins_first == 0


def test_the_arena_sets_openspiel_against_nimgame(capsys):
    status = main(["arena", "nim", "spiel-mcts", "perfect", "--games", "2", "--seed", "1",
                   "--piles", "1,2,3"])
    out = capsys.readouterr().out
    assert status == 0 and "spiel-mcts vs perfect" in out


def test_making_the_bot_imports_nothing_until_it_moves():
    """A window makes its opponent in the frame: OpenSpiel (seconds to import) is only
    imported at the bot's first move, which a window asks for off the frame."""
    import subprocess
    import sys

    code = ("import sys; from nimgame.games import Nim; from nimgame.players import "
            "make_player; import nimgame.spiel_bot; p = make_player('spiel-mcts', Nim()); "
            "print('pyspiel' in sys.modules, 'pettingzoo' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.split() == ["False", "False"]


def test_openspiels_cfr_and_rl_environment_run_on_the_bridge():
    """OpenSpiel's algorithms on nimgame's rules: CFR's average policy on a small Nim
    approaches equilibrium (NashConv falls), and its RL environment wraps the game."""
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import cfr, exploitability

    game = pyspiel.load_game("python_nimgame_nim", {"piles": "1 2"})
    solver = cfr.CFRSolver(game)
    solver.evaluate_and_update_policy()
    first = exploitability.nash_conv(game, solver.average_policy())
    for _ in range(40):
        solver.evaluate_and_update_policy()
    assert exploitability.nash_conv(game, solver.average_policy()) < min(first, 0.05)
    assert rl_environment.Environment(game).action_spec()["num_actions"] == 4


def test_any_openspiel_bot_plays_as_a_nimgame_player():
    import numpy as np
    from open_spiel.python.bots.uniform_random import UniformRandomBot

    from nimgame.spiel_bot import OpenSpielBot

    game = Nim((1, 2))
    uniform = OpenSpielBot(game, lambda spiel_game, player: UniformRandomBot(
        player, np.random.RandomState(5)))
    move = uniform.choose_move(game.initial_state())
    assert move in game.legal_moves(game.initial_state())
    assert match(game, uniform, PerfectPlayer(game), 4).games == 4


def test_openspiels_mcts_bot_takes_up_a_game_midway():
    """The bot starts OpenSpiel's game at the position on the board: from Nim 1,2,3 after
    the first player emptied the third pile (nim-sum 3), it takes the winning move."""
    game = Nim((1, 2, 3), misere=False)
    bot = make_player("spiel-mcts", game, seed=3)
    midway = game.result(game.initial_state(), (2, 3))
    assert bot.choose_move(midway) == (1, 1)


def test_the_window_does_not_offer_openspiels_bot():
    """Importing OpenSpiel at the bot's first move would hold a window up: the window's
    menus leave it out; the command line and Python offer it."""
    from nimgame.players import available_players

    game = Nim()
    assert "spiel-mcts" in [k.name for k in available_players(game)]
    assert "spiel-mcts" not in [k.name for k in available_players(game, window=True)]
