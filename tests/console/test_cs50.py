"""The CS50 handouts' interfaces, with the handouts' own examples as tests."""

import copy
import io

import pytest

from nimgame.console.cs50 import nim
from nimgame.console.cs50 import tictactoe as ttt
from nimgame.players import MinimaxPlayer


def test_available_actions_example_from_the_handout():
    assert nim.Nim.available_actions([2, 1, 0, 0]) == {(0, 1), (1, 1), (0, 2)}
    assert nim.Nim.available_actions([0, 0]) == set()


def test_nim_game_object():
    game = nim.Nim()
    assert game.piles == [1, 3, 5, 7] and game.player == 0 and game.winner is None
    assert nim.Nim.other_player(0) == 1 and nim.Nim.other_player(1) == 0
    game.switch_player()
    assert game.player == 1
    game.switch_player()
    game.move((3, 5))
    assert game.piles == [1, 3, 5, 2] and game.player == 1
    with pytest.raises(ValueError, match="pile 1 has only 1 object"):
        game.move((0, 2))
    with pytest.raises(ValueError, match="no pile 10"):
        game.move((9, 1))
    assert game.piles == [1, 3, 5, 2]
    small = nim.Nim([1])
    small.move((0, 1))
    assert small.winner == 1  # player 0 took the last object and lost
    with pytest.raises(Exception, match="already won"):
        small.move((0, 1))


def test_q_functions_follow_the_handout():
    ai = nim.NimAI(alpha=0.5)
    assert ai.get_q_value([0, 0, 0, 2], (3, 2)) == 0
    ai.q[(0, 0, 0, 2), (3, 2)] = -1
    assert ai.get_q_value([0, 0, 0, 2], (3, 2)) == -1
    ai.update_q_value([1, 1], (0, 1), 0.2, 1, 0.4)
    assert ai.q[(1, 1), (0, 1)] == pytest.approx(0.2 + 0.5 * (1 + 0.4 - 0.2))
    assert ai.best_future_reward([0, 0, 0, 0]) == 0
    assert ai.best_future_reward([0, 0, 0, 2]) == 0  # unknown (3, 1) counts as 0
    ai.q[(0, 0, 0, 2), (3, 1)] = 0.7
    assert ai.best_future_reward([0, 0, 0, 2]) == 0.7
    assert ai.choose_action([0, 0, 0, 2], epsilon=False) == (3, 1)
    ai.update([0, 0, 0, 2], (3, 2), [0, 0, 0, 0], -1)
    assert ai.q[(0, 0, 0, 2), (3, 2)] == pytest.approx(-1)


def test_epsilon_explores():
    ai = nim.NimAI(epsilon=1.0)
    ai.q[(0, 0, 0, 2), (3, 1)] = 1
    picks = {ai.choose_action([0, 0, 0, 2], epsilon=True) for _ in range(60)}
    assert picks == {(3, 1), (3, 2)}


def test_train_prints_and_learns(capsys):
    ai = nim.train(300)
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Playing training game 1" and out[-2] == "Playing training game 300"
    assert out[-1] == "Done training"
    assert ai.q and all(isinstance(k[0], tuple) and len(k[1]) == 2 for k in ai.q)


def test_tictactoe_functions():
    board = ttt.initial_state()
    assert board == [[ttt.EMPTY] * 3 for _ in range(3)]
    assert ttt.player(board) == ttt.X
    assert len(ttt.actions(board)) == 9
    before = copy.deepcopy(board)
    after = ttt.result(board, (1, 1))
    assert board == before and after[1][1] == ttt.X and ttt.player(after) == ttt.O
    with pytest.raises(ValueError, match="already taken"):
        ttt.result(after, (1, 1))
    with pytest.raises(ValueError, match="no square"):
        ttt.result(after, (3, 0))
    won = [[ttt.X, ttt.X, ttt.X], [ttt.O, ttt.O, ttt.EMPTY], [ttt.EMPTY] * 3]
    assert ttt.winner(won) == ttt.X and ttt.terminal(won) and ttt.utility(won) == 1
    assert ttt.minimax(won) is None
    full = [[ttt.X, ttt.O, ttt.X], [ttt.X, ttt.O, ttt.O], [ttt.O, ttt.X, ttt.X]]
    assert ttt.winner(full) is None and ttt.terminal(full) and ttt.utility(full) == 0


def test_minimax_blocks_and_is_fast_on_the_empty_board(monkeypatch):
    """Fast in work, not in seconds: from cold, the empty board is solved searching fewer
    positions than the game has (5,478); the handout's plain minimax visits all 549,946
    nodes of the game tree, and takes seconds."""
    threat = [[ttt.X, ttt.X, ttt.EMPTY], [ttt.O, ttt.EMPTY, ttt.EMPTY], [ttt.EMPTY] * 3]
    assert ttt.minimax(threat) == (0, 2)  # O must block
    cold = MinimaxPlayer(ttt._RULES)
    monkeypatch.setattr(ttt, "_SEARCH", cold)
    move = ttt.minimax(ttt.initial_state())
    assert move in ttt.actions(ttt.initial_state())
    assert 0 < cold.nodes < 5_478


def test_minimax_against_itself_draws():
    board = ttt.initial_state()
    while not ttt.terminal(board):
        board = ttt.result(board, ttt.minimax(board))
    assert ttt.utility(board) == 0


def test_play_uses_the_engine(monkeypatch, capsys):
    # CS50's play(ai) with a NimAI; the human first asks for a pile that is not there,
    # then takes from the last non-empty pile.
    answers = "9\n1\n" + "\n".join(["3", "1", "2", "1", "1", "1", "0", "1"] * 20) + "\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    nim.play(nim.NimAI(), human_player=0)
    out = capsys.readouterr().out
    assert out.startswith("\nPiles:\nPile 0: 1\nPile 1: 3\nPile 2: 5\nPile 3: 7\n\nYour Turn")
    assert "AI chose to take " in out and "GAME OVER" in out
    # A refused move gets the handout's own line, alone (its piles count from 0).
    assert "Choose Count: Invalid move, try again.\nChoose Pile: " in out and "(" not in out
    assert isinstance(ttt._SEARCH, MinimaxPlayer)  # no second copy of minimax


# -- minimax on any board, by the handout's own definitions ---------------------------------

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8),
         (2, 4, 6)]


def handout_winners(cells):
    return {cells[a] for a, b, c in LINES if cells[a] is not None and
            cells[a] == cells[b] == cells[c]}


def handout_player(cells):
    """The handout: X first, then turns alternate — counted from the marks on any board."""
    return "O" if cells.count("X") > cells.count("O") else "X"


def handout_value(cells, memo):
    """The handout's minimax value (X maximises utility, O minimises), written plainly: the
    player to move at every node is `player(board)` of that board, as `result` places."""
    key = tuple(cells)
    if key not in memo:
        won = handout_winners(cells)
        if won or None not in cells:
            memo[key] = 1 if "X" in won else -1 if "O" in won else 0
        else:
            mark = handout_player(cells)
            values = [handout_value(cells[:i] + [mark] + cells[i + 1:], memo)
                      for i, cell in enumerate(cells) if cell is None]
            memo[key] = max(values) if mark == "X" else min(values)
    return memo[key]


def test_minimax_is_optimal_by_the_handouts_definitions_on_every_board():
    """Every board of X, O and EMPTY with at most one winner, reachable in play or not
    (student tests ask for such boards): `minimax` returns a move whose value, by the
    handout's `player`/`result`/`utility` at every node, is the best there is."""
    import itertools

    memo: dict = {}
    off_alternation = 0
    for cells in itertools.product(("X", "O", None), repeat=9):
        cells = list(cells)
        if len(handout_winners(cells)) > 1:
            continue   # the handout assumes at most one winner
        board = [cells[0:3], cells[3:6], cells[6:9]]
        assert ttt.player(board) == handout_player(cells)
        move = ttt.minimax(board)
        if handout_winners(cells) or None not in cells:
            assert move is None
            continue
        mark = handout_player(cells)
        values = {(i // 3, i % 3): handout_value(cells[:i] + [mark] + cells[i + 1:], memo)
                  for i, cell in enumerate(cells) if cell is None}
        best = max(values.values()) if mark == "X" else min(values.values())
        assert values[move] == best, (board, move, values)
        off_alternation += abs(cells.count("X") - cells.count("O") - 0.5) > 1
    assert off_alternation > 1000   # the boards play cannot reach were checked too


def test_minimax_on_the_issues_board():
    X, O, E = ttt.X, ttt.O, ttt.EMPTY  # noqa: E741 - the handout's names
    board = [[X, X, O], [X, E, O], [E, E, X]]
    assert ttt.player(board) == O and ttt.minimax(board) == (1, 1)
