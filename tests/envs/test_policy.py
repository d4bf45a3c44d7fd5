"""Outside agents: a policy(observation, action_mask) written for the environments, as a
nimgame player in the arena and on the command line."""

import sys
import textwrap

import pytest

pytest.importorskip("pettingzoo")

import numpy as np  # noqa: E402

from nimgame.console.cli import main  # noqa: E402
from nimgame.envs.policy import PolicyPlayer, load_policy  # noqa: E402
from nimgame.games import Nim, Sticks  # noqa: E402
from nimgame.learning.evaluation import match  # noqa: E402
from nimgame.players import PerfectPlayer  # noqa: E402


@pytest.fixture
def agents(tmp_path, monkeypatch):
    """A module of outside policies, importable as `my_agents`."""
    (tmp_path / "my_agents.py").write_text(textwrap.dedent("""
        import numpy as np

        def first_legal(observation, action_mask):
            return int(np.flatnonzero(action_mask)[0])

        def cheat(observation, action_mask):
            return int(np.flatnonzero(action_mask == 0)[0])

        def crash(observation, action_mask):
            raise RuntimeError("boom")

        def perfect_sticks(observation, action_mask):   # leave 4k+1 when it can
            left = int(observation[0])
            take = (left - 1) % 4
            return take - 1 if take and action_mask[take - 1] else 0

        NOT_A_FUNCTION = 3
    """))
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("my_agents", None)
    return "my_agents"


def test_a_policy_plays_as_a_player_and_sees_what_the_environment_shows(agents):
    name, policy = load_policy(f"{agents}:perfect_sticks")
    game = Sticks(21)
    player = PolicyPlayer(game, policy, name)
    result = match(game, player, PerfectPlayer(game), 20)
    assert result.wins_second == 10 and result.wins_first == 0   # 21 = 4×5+1: first loses


@pytest.mark.parametrize("spec,why", [("nocolon", "module:function"),
                                      ("no_such_module_xyz:f", "cannot import"),
                                      ("my_agents:missing", "has no missing"),
                                      ("my_agents:NOT_A_FUNCTION", "not a function")])
def test_a_policy_that_cannot_be_loaded_says_why(agents, spec, why):
    with pytest.raises(ValueError, match=why):
        load_policy(spec)


@pytest.mark.parametrize("which,why", [("cheat", "not legal here"), ("crash", "boom")])
def test_a_policy_that_cheats_or_fails_is_stopped_with_its_reason(agents, which, why):
    _, policy = load_policy(f"{agents}:{which}")
    with pytest.raises(ValueError, match=why):
        PolicyPlayer(Nim(), policy).choose_move(Nim().initial_state())


def test_the_arena_takes_an_outside_agent(agents, capsys):
    status = main(["arena", "sticks", "perfect", "--sticks", "21", "--games", "4",
                   "--player", f"{agents}:perfect_sticks"])
    out = capsys.readouterr().out
    assert status == 0 and "perfect_sticks vs perfect" in out
    status = main(["arena", "nim", "perfect", "--player", f"{agents}:cheat"])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and "not legal" in err
    assert main(["arena", "nim", "perfect"]) == 2   # one player is not a match


def test_the_example_agent_learns_the_game():
    from examples import sticks_agent

    table = sticks_agent.train(episodes=3_000, seed=1)
    sticks_agent.TABLE = table
    game = Sticks(sticks_agent.STICKS)
    result = match(game, PolicyPlayer(game, sticks_agent.policy), PerfectPlayer(game), 10)
    assert result.wins_second == 5   # 21 sticks: the second player wins, and it does
    assert np.all([v <= 1 for v in table.values()])


def test_a_policy_in_the_current_folder_loads_as_the_help_says(tmp_path, monkeypatch):
    """The installed `nimgame` command has its own folder on sys.path, not the current
    one: a policy beside the person ("importable from here") must still load."""
    (tmp_path / "here_agent.py").write_text("def play(observation, action_mask):\n"
                                            "    return int(action_mask.nonzero()[0][0])\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path
                                      if p not in ("", ".", str(tmp_path))])
    sys.modules.pop("here_agent", None)
    name, policy = load_policy("here_agent:play")
    assert name == "play" and callable(policy)
    assert str(tmp_path) not in sys.path   # the folder was looked in, not left on the path
