"""nimgame's environments beside PettingZoo's classic games: tictactoe_v0 and PettingZoo's
tictactoe_v3 walk the same games in lock-step and show the same thing at every step, the
end included; after the end the agent selected is shown the moves the board has left."""

import random

import pytest

pytest.importorskip("pettingzoo")

import numpy as np  # noqa: E402
from pettingzoo.classic import tictactoe_v3  # noqa: E402

from nimgame.envs import hexapawn_v0, tictactoe_v0  # noqa: E402
from nimgame.games.hexapawn.rules import pawn_moves  # noqa: E402


def same_view(ours, theirs, where):
    """Both environments show the same: who is selected and still in, what `last()`
    gives, and what every agent observes (planes and masks, value for value)."""
    assert ours.agent_selection == theirs.agent_selection, where
    assert ours.agents == theirs.agents, where
    if theirs.agents:
        mine, their = ours.last(), theirs.last()
        assert mine[1:] == their[1:], where   # reward, termination, truncation, info
    for agent in theirs.possible_agents:
        seen, shown = ours.observe(agent), theirs.observe(agent)
        assert seen.keys() == shown.keys(), where
        for key in shown:
            assert seen[key].shape == shown[key].shape, (where, key)
            assert np.array_equal(seen[key], shown[key]), (where, agent, key, seen[key],
                                                            shown[key])


def lock_step(actions):
    """Play `actions` (each legal, or the game's end comes first) in both environments,
    and then each agent's None as PettingZoo's loop does, comparing after every step."""
    ours, theirs = tictactoe_v0.env(), tictactoe_v3.env()
    ours.reset(seed=7)
    theirs.reset(seed=7)
    same_view(ours, theirs, "start")
    played = list(actions)
    step = 0
    while theirs.agents:
        over = theirs.terminations[theirs.agent_selection]
        action = None if over else played.pop(0)
        ours.step(action)
        theirs.step(action)
        step += 1
        same_view(ours, theirs, (actions, step))
    return step


@pytest.mark.parametrize("actions", [
    (0, 3, 1, 4, 2),               # player_1 wins along the first line, squares left
    (4, 0, 8, 1, 3, 2),            # player_2 wins, three squares left
    (0, 4, 8, 1, 7, 6, 2, 5, 3),   # a draw: the board is full
    (4, 0, 0),                     # an illegal action ends the game (PettingZoo's wrapper)
], ids=["first-wins", "second-wins", "draw", "illegal"])
@pytest.mark.filterwarnings("ignore:.*illegal move")
def test_tictactoe_shows_what_pettingzoo_tictactoe_shows(actions):
    assert lock_step(actions) == len(actions) + 2   # and a None for each agent at the end


def test_tictactoe_in_lock_step_with_pettingzoo_on_random_games():
    rng = random.Random(23)
    for _ in range(200):
        board, actions = list(range(9)), []
        while board:
            actions.append(board.pop(rng.randrange(len(board))))
        probe = tictactoe_v3.env()   # where the game ends: the rest are never played
        probe.reset()
        played = []
        for action in actions:
            if probe.terminations[probe.agent_selection]:
                break
            probe.step(action)
            played.append(action)
        lock_step(played)


def test_the_agent_selected_after_the_end_sees_the_squares_left():
    """As tictactoe_v3 (and connect_four_v3, chess_v6) do: after a win, the agent selected
    is shown the moves the board still has room for; the other sees none."""
    env = tictactoe_v0.env()
    env.reset()
    for action in (0, 3, 1, 4, 2):
        env.step(action)
    assert env.terminations["player_2"]
    assert list(np.flatnonzero(env.observe("player_2")["action_mask"])) == [5, 6, 7, 8]
    assert not env.observe("player_1")["action_mask"].any()
    env.step(None)   # player_2 leaves; player_1 is selected, and shown the same squares
    assert list(np.flatnonzero(env.observe("player_1")["action_mask"])) == [5, 6, 7, 8]


def test_hexapawn_after_the_end_shows_the_pawn_moves_the_board_has():
    """Every finished Hexapawn game: the agent selected sees the moves its pawns have on
    the board, as the board games of PettingZoo show; the other agent sees none."""
    env = hexapawn_v0.raw_env()
    codec = env.codec
    ended = 0
    frontier = [()]
    while frontier:
        path = frontier.pop()
        env.reset()
        for action in path:
            env.step(action)
        mover = env.agent_selection
        mask = env.observe(mover)["action_mask"]
        if not env.terminations[mover]:
            frontier.extend(path + (int(a),) for a in np.flatnonzero(mask))
            continue
        ended += 1
        state = env.state_now
        board_moves = sorted(codec.encode(m) for m in pawn_moves(state.board, state.player))
        assert list(np.flatnonzero(mask)) == board_moves
        other = env.possible_agents[1 - env.possible_agents.index(mover)]
        assert not env.observe(other)["action_mask"].any()
    assert ended > 10
