"""A game's positions are worked out once and shared by its graphs, which number them
exactly as a graph working everything out from the rules itself does; the sharing is
bounded in games and in positions."""

import pytest

from nimgame.games import Nim, Sticks, TicTacToe
from nimgame.games.hexapawn import Hexapawn
from nimgame.players import positions
from nimgame.players.graph import PositionGraph


@pytest.fixture(autouse=True)
def fresh():
    positions.forget_positions()
    yield
    positions.forget_positions()


def from_the_rules(game):
    """Every position reachable from the start, numbered as a graph numbers them when
    each node is expanded in turn, with everything worked out from the rules directly."""
    index, states, successors, terminal, reward = {}, [], [], [], []

    def node(state):
        key = game.canonical(state)
        if key not in index:
            index[key] = len(states)
            states.append(key)
            over = game.is_over(key)
            terminal.append(over)
            reward.append(float(game.outcome(key, 1 - game.to_move(key))) if over else 0.0)
        return index[key]

    node(game.initial_state())
    i = 0
    while i < len(states):
        seen = {}
        for move in game.legal_moves(states[i]):
            seen.setdefault(node(game.result(states[i], move)), None)
        successors.append(tuple(seen))
        i += 1
    return states, successors, terminal, reward


def expanded(graph):
    i = 0
    while i < len(graph):
        graph.expand(i)
        i += 1
    return graph.states, graph.successors, graph.terminal, graph.reward


GAMES = [Nim(), Nim((1, 3, 5), misere=False, max_take=2), Nim((2, 2, 4)), Sticks(20),
         Sticks(15, max_take=4), TicTacToe(), Hexapawn()]


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_a_graph_numbers_positions_as_the_rules_do(game):
    assert expanded(PositionGraph(game)) == from_the_rules(game)
    assert expanded(PositionGraph(type(game)(**game.rules()))) == from_the_rules(game)


def test_graphs_of_one_game_share_its_positions():
    first, second = PositionGraph(TicTacToe()), PositionGraph(TicTacToe())
    assert first.positions is second.positions
    assert PositionGraph(Nim()).positions is not first.positions
    assert PositionGraph(Nim((1, 3, 5))).positions is not PositionGraph(Nim()).positions


def test_at_most_kept_games_are_kept(monkeypatch):
    monkeypatch.setattr(positions, "KEPT_GAMES", 3)
    for size in range(5, 15):
        PositionGraph(Sticks(size))
    assert list(positions._kept) == [Sticks(12), Sticks(13), Sticks(14)]
    again = positions.positions_of(Sticks(12))        # the most recently asked for now
    PositionGraph(Sticks(20))
    assert positions.positions_of(Sticks(12)) is again
    assert Sticks(13) not in positions._kept


def test_beyond_max_kept_positions_facts_are_worked_out_each_time(monkeypatch):
    monkeypatch.setattr(positions, "MAX_KEPT", 50)
    game = TicTacToe()
    assert expanded(PositionGraph(game)) == from_the_rules(game)
    shared = positions.positions_of(game)
    assert max(len(shared.known_canonical), len(shared.known_ending),
               len(shared.known_after)) <= 50
    assert expanded(PositionGraph(game)) == from_the_rules(game)


def test_numbering_a_tables_positions_in_order():
    game = TicTacToe()
    states, *_ = from_the_rules(game)
    graph = PositionGraph(game)
    assert graph.number_in_order(iter(states[:100]))
    assert graph.states == states[:100] and len(graph.terminal) == len(graph.reward) == 100
    assert expanded(graph) == from_the_rules(game)      # numbered as met, expanded alike
    for wrong in ([states[1]], [states[0], states[2], states[2]], [states[0], states[0]]):
        assert not PositionGraph(game).number_in_order(wrong)


def test_a_graph_stays_whole_when_its_positions_stop_part_way():
    game = TicTacToe()
    states, *_ = from_the_rules(game)
    graph = PositionGraph(game)
    graph.track_predecessors()

    def failing():
        yield from states[:5]
        raise ValueError("not a board")

    with pytest.raises(ValueError, match="not a board"):
        graph.number_in_order(failing())
    assert graph.states == states[:5]
    assert len(graph.successors) == len(graph.terminal) == len(graph.reward) == len(
        graph.predecessors) == len(graph.index) == 5
    assert graph.node(states[7]) == 5 and graph.expand(0)


def test_a_game_without_a_hash_gets_positions_of_its_own():
    class Unhashable(Sticks):
        __hash__ = None

    game = Unhashable(9)
    assert positions.positions_of(game) is not positions.positions_of(game)
    assert expanded(PositionGraph(game)) == from_the_rules(game)
    assert not positions._kept
