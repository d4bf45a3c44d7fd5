"""The thoughts panel's words: why the AI made its move, its numbers for every move it had
there best first (ties said), with their units, and the cut announced (issue 23)."""

import re

from hypothesis import assume, given
from hypothesis import strategies as st

from nimgame.games import Nim, NimState, Sticks, SticksState, TicTacToe
from nimgame.learning import insight
from nimgame.players import HatLearner, MinimaxPlayer, PerfectPlayer, QLearner
from nimgame.session.kept_hats import HatDrawer

BOARD = (1, 3, 5, 7)


def positions(draw):
    piles = tuple(draw(st.integers(0, size)) for size in BOARD)
    assume(sum(piles) > 0)
    return NimState(piles, draw(st.integers(0, 1)))


def rows_of(lines):
    return [line for line in lines if line.startswith("  ")]


def check_best_first(explanation, move, top, legal):
    """What every explanation keeps: best first, ties marked, the move made shown and
    marked once, and a cut said in the heading."""
    values = [t.value for t in explanation.thoughts]
    assert values == sorted(values, reverse=True)
    assert len(values) == legal
    for thought in explanation.thoughts:
        assert thought.tied == (values.count(thought.value) > 1)
    lines = explanation.lines(top)
    rows = rows_of(lines)
    shown_values = [next(t.value for t in explanation.thoughts
                         if row.strip().removeprefix("» ").startswith(t.words + ":"))
                    for row in rows]
    assert shown_values == sorted(shown_values, reverse=True)   # what is shown, too
    marked = [row for row in rows if row.startswith("  » ")]
    assert len(marked) == 1 and explanation.did in lines[0]
    chosen = next(t for t in explanation.thoughts if t.chosen)
    assert marked[0].startswith(f"  » {chosen.words}: ")
    if legal > top:
        assert len(rows) == top and f"showing {top} of {legal})" in lines[0]
    else:
        assert len(rows) == legal and "showing" not in lines[0]
    return lines


@given(st.data())
def test_q_values_are_explained_best_first_with_their_unit(data):
    game = Nim(BOARD)
    learner = QLearner(game)
    state = positions(data.draw)
    moves = game.legal_moves(state)
    for move in moves:
        learner.graph.node(game.result(state, move))
    learner._grow()
    for node in range(len(learner.values)):
        learner.values[node] = data.draw(st.sampled_from([-1.0, -0.25, 0.0, 0.4, 0.9, 1.0]))
    move = data.draw(st.sampled_from(moves))
    top = data.draw(st.integers(1, 8))
    explanation = insight.explain_move("NimX", game, state, move, learner.move_values(state),
                                       PerfectPlayer(game))
    lines = check_best_first(explanation, move, top, len(moves))
    for row in rows_of(lines):
        assert re.search(r": Q [+-]\d\.\d\d( \(tie\))?, (wins|loses)$", row)
    assert "−1 a loss to +1 a win" in lines[1] and "0 a draw" not in lines[1]
    judge = PerfectPlayer(game)
    for thought in explanation.thoughts:
        played = next(m for m in moves if game.describe_move(state, m) == thought.words)
        assert thought.verdict == insight.verdict_of(game, state, played, judge)


@given(st.data())
def test_the_hats_drawn_from_are_explained_most_balls_first(data):
    game = Sticks(30)
    drawer = HatDrawer(HatLearner(game), game)
    state = SticksState(data.draw(st.integers(1, 30)), 0)
    learner = drawer.learner
    node = learner.graph.node(state)
    hat = learner._hat(node)
    hat[:] = [data.draw(st.integers(1, 5)) for _ in hat]
    learner.totals[node] = sum(hat)
    moves = game.legal_moves(state)
    move = data.draw(st.sampled_from(moves))
    explanation = insight.explain_move("NimX", game, state, move, drawer.move_values(state))
    lines = check_best_first(explanation, move, data.draw(st.integers(1, 3)), len(moves))
    assert lines[0].startswith("NimX's hat, when it took ") and "most balls first" in lines[0]
    assert all(re.search(r": \d+ balls?, [<>]?\d+%", row) for row in rows_of(lines))
    assert "It draws one ball at random" in lines[-1]


def test_a_cut_list_says_so_and_keeps_the_move_made():
    """16 moves on Nim 1, 3, 5, 7: six shown, and the one it made is among them even when
    it ranks last (a hat drawer may draw any ball)."""
    game = Nim(BOARD)
    learner = QLearner(game)
    state = game.initial_state()
    worst = game.legal_moves(state)[-1]
    learner.graph.node(game.result(state, worst))
    learner._grow()
    learner.values[learner.graph.find(game.result(state, worst))] = -1.0
    lines = insight.explain_move("NimX", game, state, worst, learner.move_values(state),
                                 PerfectPlayer(game)).lines()
    assert lines[0] == ("NimX's Q-values, when it took 7 from pile 4 (highest first, "
                        "showing 6 of 16).")
    rows = rows_of(lines)
    assert len(rows) == 6 and rows[-1].startswith("  » take 7 from pile 4: Q -1.00, loses")
    assert all("(tie)" in row for row in rows[:5])   # fifteen moves at 0: equals, said


def test_minimax_says_its_verdict_in_moves_to_the_end():
    game = TicTacToe()
    player = MinimaxPlayer(game)
    state = "XX.OO...."   # X to move: the top row wins at once
    move = player.choose_move(state)
    lines = insight.explain_move("NimX", game, state, move, player.move_values(state)).lines()
    assert lines[0].startswith("NimX's search, when it played X in ")
    assert lines[2].startswith("  » ") and lines[2].endswith(": win in 1 move")
    assert all(not row.endswith(("wins", "loses", "draws")) for row in rows_of(lines))
    assert "searched to the end" in lines[1] and "quickest win" in lines[-1]


def test_perfect_play_on_a_board_too_big_to_list_gives_no_numbers():
    game = Nim((10**6, 10**6))
    assert PerfectPlayer(game).move_values(game.initial_state()) is None
    assert insight.explain_move("NimX", game, game.initial_state(), (0, 1), None) is None


def test_a_share_of_the_hat_says_0_and_100_percent_only_when_it_is_so():
    from nimgame.players.hats import share

    assert [share(0, 830), share(1, 830), share(415, 830), share(829, 830), share(830, 830)] \
        == ["0%", "<1%", "50%", ">99%", "100%"]


def test_the_short_form_keeps_three_moves_and_the_unit():
    game = Nim(BOARD)
    learner = QLearner(game)
    state = game.initial_state()
    move = learner.choose_move(state)
    explanation = insight.explain_move("NimX", game, state, move, learner.move_values(state),
                                       PerfectPlayer(game))
    lines = explanation.lines(short=True)
    assert "showing 3 of 16" in lines[0] and len(rows_of(lines)) == 3
    assert lines[1] == ("Q: the reward it expects from the move, −1 a loss to +1 a win "
                        "(0 also: not known yet).") and len(lines) == 5
    assert explanation.lines()[-1] == ("It plays the highest, the first of equals (one still "
                                       "to explore before one whose value is settled). Wins, "
                                       "loses: what exact play says of the move.")
