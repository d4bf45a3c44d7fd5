"""The arena's totals add up, and selection picks the fittest strategy."""

import pytest

from nimgame.arena import run_arena
from nimgame.games import Nim, TicTacToe
from nimgame.kuet import fitness, selection
from nimgame.players import IdaStarPlayer, MinimaxPlayer, PerfectPlayer, RandomPlayer


def test_totals_add_up_and_the_fittest_is_selected():
    game = Nim((2, 3, 4), misere=False, max_take=3)
    contenders = {"Perfect": PerfectPlayer(game), "Random": RandomPlayer(game, seed=1),
                  "IDA*": IdaStarPlayer(game)}
    seen = []
    arena = run_arena(game, contenders, RandomPlayer(game, seed=2), 20,
                      progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (60, 60)
    for name, result in arena.results.items():
        assert result.games == 20 == result.wins + result.losses + result.draws
        assert result.wins == result.wins_first + result.wins_second
        assert result.losses == result.losses_first + result.losses_second
        assert arena.win_arrays[name].count(1) == result.wins
    best = max(arena.win_arrays, key=lambda n: fitness(arena.win_arrays[n]))
    assert arena.selected.algorithm == best == "Perfect"
    assert arena.selected.fitness == fitness(arena.win_arrays["Perfect"])


def test_draws_count_as_not_won():
    game = TicTacToe()
    arena = run_arena(game, {"Minimax": MinimaxPlayer(game)}, MinimaxPlayer(game), 4)
    assert arena.results["Minimax"].draws == 4 and arena.win_arrays["Minimax"] == [0] * 4


def test_selection_follows_kuet():
    chosen = selection({"Minimax": [1, 1, 1], "Alpha_Beta": [1, 1, 1]})
    assert chosen.algorithm == "Minimax" and chosen.fitness == 1.0  # first of equals
    assert selection({"A": [0, 1], "B": [1, 1]}).algorithm == "B"
    with pytest.raises(ValueError):
        selection({})


def test_stop_and_bad_arguments():
    game = Nim((1, 2))
    calls = []
    arena = run_arena(game, {"a": RandomPlayer(game), "b": RandomPlayer(game)},
                      RandomPlayer(game), 10, progress=lambda d, t: calls.append(d),
                      should_stop=lambda: len(calls) >= 3)
    assert arena.stopped and arena.results["a"].games == 3 and "b" not in arena.results
    with pytest.raises(ValueError, match="at least 1"):
        run_arena(game, {"a": RandomPlayer(game)}, RandomPlayer(game), 0)
    with pytest.raises(ValueError, match="contender"):
        run_arena(game, {}, RandomPlayer(game), 5)
