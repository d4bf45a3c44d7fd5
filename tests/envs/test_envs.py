"""nimgame's games as PettingZoo environments: PettingZoo's own tests, and lock-step with
nimgame's rules on every position of small boards."""

import itertools
import subprocess
import sys

import pytest

pytest.importorskip("pettingzoo")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

from nimgame.envs import hexapawn_v0, nim_v0, sticks_v0, tictactoe_v0  # noqa: E402
from nimgame.envs.policy import PolicyPlayer  # noqa: E402
from nimgame.games import Nim, Sticks, TicTacToe  # noqa: E402
from nimgame.games.hexapawn import Hexapawn  # noqa: E402

ENVS = [(nim_v0, {}), (nim_v0, {"piles": (2, 3), "misere": False, "max_take": 2}),
        (sticks_v0, {}), (sticks_v0, {"sticks": 7, "max_take": 2}), (tictactoe_v0, {}),
        (hexapawn_v0, {})]
IDS = ["nim", "nim-capped", "sticks", "sticks-7", "tictactoe", "hexapawn"]


@pytest.mark.parametrize("module,rules", ENVS, ids=IDS)
def test_pettingzoo_api(module, rules):
    api_test(module.env(**rules), num_cycles=200)


@pytest.mark.parametrize("module,rules", ENVS, ids=IDS)
def test_pettingzoo_seed(module, rules):
    seed_test(lambda: module.env(**rules), num_cycles=50)


@pytest.mark.parametrize("module,rules", ENVS, ids=IDS)
def test_pettingzoo_render(module, rules):
    render_test(lambda render_mode=None: module.env(render_mode=render_mode, **rules),
                custom_tests={"ansi": lambda text: isinstance(text, str) and text})


def test_importing_the_environments_imports_no_pygame():
    code = ("import sys; import nimgame.envs as e; e.nim_v0.env().reset(); "
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "False"


def walk(module, rules, game):
    """Every position of the game, reached through the environment by the legal actions
    its mask offers, each checked against nimgame's rules: the same legal moves, and at
    the end the same rewards as `game.outcome`."""
    codec_env = module.raw_env(**rules)
    seen = 0
    frontier = [()]
    while frontier:
        path = frontier.pop()
        env = module.raw_env(**rules)
        env.reset()
        state = game.initial_state()
        for action in path:
            env.step(action)
            state = game.result(state, codec_env.codec.decode(action))
        seen += 1
        if game.is_over(state):
            for index, agent in enumerate(env.possible_agents):
                assert env._cumulative_rewards[agent] == game.outcome(state, index)
                assert env.terminations[agent]
            continue
        agent = env.agent_selection
        assert env.possible_agents.index(agent) == game.to_move(state)
        mask = env.observe(agent)["action_mask"]
        legal = sorted(codec_env.codec.encode(m) for m in game.legal_moves(state))
        assert [i for i, ok in enumerate(mask) if ok] == legal
        other = env.possible_agents[1 - env.possible_agents.index(agent)]
        assert not env.observe(other)["action_mask"].any()   # only the mover may act
        frontier.extend(path + (action,) for action in legal)
    return seen


@pytest.mark.parametrize("module,rules,game", [
    (nim_v0, {"piles": (1, 2, 2)}, Nim((1, 2, 2))),
    (nim_v0, {"piles": (2, 3), "misere": False, "max_take": 2},
     Nim((2, 3), misere=False, max_take=2)),
    (sticks_v0, {"sticks": 9}, Sticks(9)),
    (hexapawn_v0, {}, Hexapawn()),
], ids=["nim", "nim-capped", "sticks", "hexapawn"])
def test_lock_step_with_the_rules_on_every_position(module, rules, game):
    assert walk(module, rules, game) > 10


def test_lock_step_on_tictactoe_openings():
    """Tic-Tac-Toe's whole tree is 549,946 paths: every game of its first three moves is
    walked to each of its positions, and every finished game of a sample to the end."""
    game = TicTacToe()
    env = tictactoe_v0.raw_env()
    for path in itertools.permutations(range(9), 3):
        env.reset()
        state = game.initial_state()
        for action in path:
            mask = env.observe(env.agent_selection)["action_mask"]
            legal = sorted(env.codec.encode(m) for m in game.legal_moves(state))
            assert [i for i, ok in enumerate(mask) if ok] == legal
            env.step(action)
            state = game.result(state, divmod(action, 3))
        mine = env.observe("player_1")["observation"]
        assert (mine[:, :, 0].flatten() == [c == "X" for c in state]).all()
        assert (mine[:, :, 1].flatten() == [c == "O" for c in state]).all()


@pytest.mark.parametrize("rules", [{"piles": (0, 0)}, {"piles": (5000,)},
                                   {"piles": (1,) * 21}])
def test_boards_an_environment_cannot_hold_are_refused(rules):
    with pytest.raises(ValueError):
        nim_v0.env(**rules)


def test_a_render_mode_is_checked():
    with pytest.raises(ValueError, match="render_mode"):
        sticks_v0.env(render_mode="rgb")


def test_a_human_render_opens_a_window_only_then():
    import sys as system

    env = nim_v0.env(render_mode="human", piles=(1, 2))
    env.reset()
    env.step(2)   # take 1 from pile 2 (pile 1: actions 0-1, pile 2: actions 2-3)
    assert "pygame" in system.modules and env.unwrapped.window is not None
    env.close()
    assert env.unwrapped.window is None


def test_importing_the_environments_keeps_the_audio_driver():
    """PettingZoo sets SDL's audio driver when imported; nimgame.envs puts it back, so the
    window opened later in the same program still has sound."""
    code = ("import os; os.environ['SDL_AUDIODRIVER'] = 'pulse'; import nimgame.envs; "
            "print(os.environ['SDL_AUDIODRIVER'])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "pulse"


def test_every_registered_game_has_its_environment():
    """One environment module per game in the registry, found by name."""
    import nimgame.envs as envs
    from nimgame.games import KITS

    assert envs.__all__ == [f"{name}_v0" for name in KITS]
    for name in envs.__all__:
        assert getattr(envs, name).raw_env().metadata["name"] == name


def test_hexapawn_observation_is_each_sides_pawns():
    """Each agent sees its own pawns in plane 0 and the other's in plane 1, rank 1 first."""
    env = hexapawn_v0.raw_env()
    env.reset()
    env.step(1 * 9 + 4)   # White: b1-b2
    board = env.state_now.board
    for me, (mine, theirs) in enumerate((("W", "B"), ("B", "W"))):
        seen = env.observe(env.possible_agents[me])["observation"]
        assert (seen[:, :, 0].flatten() == [c == mine for c in board]).all()
        assert (seen[:, :, 1].flatten() == [c == theirs for c in board]).all()


@pytest.mark.parametrize("module,rules,action,counts", [
    (nim_v0, {"piles": (1, 3, 5, 7)}, 7, ([1, 3, 5, 7], [1, 2, 5, 7])),
    (sticks_v0, {"sticks": 9}, 1, ([9], [7])),
], ids=["nim", "sticks"])
def test_nim_and_sticks_observations_say_whose_turn_it_is(module, rules, action, counts):
    """The counts, then 1 where the observing agent is to move and 0 where it is not: the
    same board is seen differently by the agent to move and the one waiting."""
    env = module.env(**rules)
    env.reset()
    for seen, (first, second) in zip(counts, ((1, 0), (0, 1)), strict=True):
        for agent, turn in zip(env.possible_agents, (first, second), strict=True):
            observation = env.observe(agent)["observation"]
            assert list(observation) == seen + [turn], agent
            assert env.observation_space(agent)["observation"].contains(observation)
        env.step(action)


@pytest.mark.parametrize("game,module,rules", [
    (Nim((1, 3, 5, 7)), nim_v0, {"piles": (1, 3, 5, 7)}),
    (Sticks(9), sticks_v0, {"sticks": 9}),
], ids=["nim", "sticks"])
def test_an_outside_policy_sees_what_the_environment_shows(game, module, rules):
    seen = []

    def first(observation, action_mask):
        seen.append(observation)
        return int(np.flatnonzero(action_mask)[0])

    player = PolicyPlayer(game, first)
    env = module.raw_env(**rules)
    env.reset()
    state = game.initial_state()
    for _ in range(2):
        move = player.choose_move(state)
        assert np.array_equal(seen[-1], env.observe(env.agent_selection)["observation"])
        env.step(env.codec.encode(move))
        state = game.result(state, move)
