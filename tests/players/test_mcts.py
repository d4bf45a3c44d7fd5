"""Monte Carlo tree search: a player of every game, checked against the theory."""

import pytest
from bruteforce import nim_mover_wins, nim_positions

from nimgame.games import Nim, NimState, Sticks, SticksState, TicTacToe
from nimgame.learning import insight
from nimgame.learning.evaluation import match, optimal_move_share
from nimgame.players import PLAYERS, MCTSPlayer, PerfectPlayer, available_players, judge_for
from nimgame.session import Named, player_for


def test_it_plays_every_game_and_is_in_the_registry():
    for game in (Nim(), Sticks(20), TicTacToe()):
        assert PLAYERS["mcts"] in available_players(game)
        player = player_for(Named("mcts"), game, seed=3)
        assert isinstance(player, MCTSPlayer)
        state = game.initial_state()
        assert player.choose_move(state) in game.legal_moves(state)
    huge = Nim((10**6,) * 3)
    assert not MCTSPlayer.supports(huge) and "positions" in MCTSPlayer.refusal(huge)


def test_a_win_at_once_is_played_at_once_without_sampling():
    game = Nim((1, 4), misere=False)   # taking the last object wins
    player = MCTSPlayer(game, simulations=1, seed=1)
    assert player.choose_move(NimState((0, 4), 0)) == (1, 4)
    assert player.last[1] == {(1, 4): insight_stat(0, 1.0)}


def insight_stat(visits, score):
    from nimgame.players.mcts import MoveStat
    return MoveStat(visits, score)


def test_the_same_seed_plays_the_same_moves():
    game = Nim((2, 3, 4))
    moves = [MCTSPlayer(game, 200, seed=7).choose_move(game.initial_state()) for _ in range(2)]
    assert moves[0] == moves[1]


@pytest.mark.parametrize("piles,misere", [((1, 2, 3), True), ((1, 2, 3), False),
                                          ((2, 2, 3), True)])
def test_enough_simulations_find_a_winning_move_in_every_winning_nim_position(piles, misere):
    """Against the brute force: wherever the mover can win, 1,500 simulations find a
    winning move (small boards, every position)."""
    game = Nim(piles, misere=misere)
    player = MCTSPlayer(game, 1_500, seed=1)
    for position in nim_positions(piles):
        if any(position) and nim_mover_wins(position, misere, None):
            pile, count = player.choose_move(NimState(position, 0))
            left = position[:pile] + (position[pile] - count,) + position[pile + 1:]
            assert not nim_mover_wins(left, misere, None), (position, pile, count)


def test_sticks_and_tictactoe_are_played_well_with_enough_simulations():
    assert optimal_move_share(MCTSPlayer(Sticks(10), 1_000, seed=2)) == 1.0
    game = TicTacToe()
    result = match(game, MCTSPlayer(game, 1_000, seed=2), judge_for(game), 6)
    assert result.losses == 0   # every game against minimax drawn


def test_its_thoughts_are_its_last_search_beside_the_theory():
    game = Sticks(10)
    player = MCTSPlayer(game, 400, seed=4)
    state = SticksState(7, 0)
    assert player.move_values(state) is None   # it has not searched this position yet
    move = player.choose_move(state)
    lines = insight.explain_move("NimX", game, state, move, player.move_values(state),
                                 PerfectPlayer(game)).lines()
    assert lines[0].startswith("NimX's last search (400 random games")
    first = lines[2].strip()   # after what the numbers mean
    assert first.startswith("» take 2 sticks: ") and first.endswith(", wins")  # leaves 5
    rows = lines[2:-1]   # then a line saying how it picks
    visits = [int(line.split(": ")[1].split(" visits")[0].replace(",", ""))
              for line in rows]
    assert visits == sorted(visits, reverse=True) and sum(visits) == 400


@pytest.mark.parametrize("bad", [0, -1, 10**7, 1.5, True, "100"])
def test_it_checks_its_settings(bad):
    with pytest.raises(ValueError, match="simulations"):
        MCTSPlayer(Nim(), simulations=bad)
