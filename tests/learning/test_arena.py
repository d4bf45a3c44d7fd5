"""The arena's totals add up, and selection picks the fittest strategy."""

import pytest

from nimgame.games import Nim, Sticks, TicTacToe
from nimgame.kuet import fitness, selection
from nimgame.learning.arena import run_arena
from nimgame.learning.evaluation import MAX_GAME_MOVES, match, too_long
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


def shortest_by_search(game) -> int:
    """Breadth-first: the depth of the first finished position from the start."""
    frontier, depth, seen = [game.initial_state()], 0, set()
    while True:
        if any(game.is_over(s) for s in frontier):
            return depth
        nxt = []
        for state in frontier:
            for move in game.legal_moves(state):
                child = game.result(state, move)
                if child not in seen:
                    seen.add(child)
                    nxt.append(child)
        frontier, depth = nxt, depth + 1


SMALL_BOARDS = ([Nim(piles, max_take=cap) for piles in [(0,), (1,), (3, 0, 5), (7, 2), (4, 4, 4)]
                 for cap in (None, 1, 2, 3)]
                + [Sticks(n, take) for n in range(1, 30) for take in range(1, 6)]
                + [TicTacToe()])


@pytest.mark.parametrize("game", SMALL_BOARDS, ids=lambda g: g.short_rules())
def test_shortest_game_is_the_shortest_game(game):
    assert game.shortest_game() == shortest_by_search(game)


def test_a_board_whose_games_cannot_end_is_refused_before_any_move():
    endless = Sticks(10**30, 3)
    with pytest.raises(ValueError, match="too long to play out"):
        run_arena(endless, {"p": PerfectPlayer(endless)}, RandomPlayer(endless), 2)
    with pytest.raises(ValueError, match="too long to play out"):
        match(endless, PerfectPlayer(endless), RandomPlayer(endless), 1)
    long_but_fine = Sticks(MAX_GAME_MOVES * 3, 3)
    assert too_long(long_but_fine) is None and too_long(Sticks(MAX_GAME_MOVES * 3 + 1, 3))
