"""The exact measures ask a learner for its play on canonical positions, from its table
(`Learner.choice`): they must give what asking `choose_move` on real positions gives."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nimgame.games import Nim, NimState, Sticks, TicTacToe
from nimgame.learning.evaluation import (
    _played_win_rate,
    canonical_tree,
    exact_win_rate_against_random,
    optimal_move_share,
    winning_move_share,
)
from nimgame.players import HatLearner, QLearner
from nimgame.players.base import Player

GAMES = [Nim((1, 3, 5, 7)), Nim((2, 2, 3)), Nim((2, 3), misere=False), Sticks(21),
         TicTacToe()]


class Asked(Player):
    """Plays as `learner` plays, but is no learner: the measures ask its choose_move."""

    def __init__(self, learner):
        super().__init__(learner.game)
        self.learner = learner

    def choose_move(self, state):
        return self.learner.choose_move(state)


def trained(cls, game, games, seed=0):
    learner = cls(game)
    learner.train_games(games, random.Random(seed), explore=0.25)
    return learner


@pytest.mark.parametrize("game", GAMES, ids=repr)
@pytest.mark.parametrize("cls", [QLearner, HatLearner])
@pytest.mark.parametrize("games", [0, 200, 3_000])
def test_the_table_measures_are_the_played_ones(game, cls, games):
    learner = trained(cls, game, games)
    asked = Asked(learner)
    assert optimal_move_share(learner) == optimal_move_share(asked)
    assert winning_move_share(learner) == winning_move_share(asked)
    exact = exact_win_rate_against_random(learner)
    played = _played_win_rate(asked, 100_000)   # every real position of play
    assert exact is not None and played is not None
    assert exact == pytest.approx(played, abs=1e-12)


@settings(max_examples=300, deadline=None)
@given(piles=st.lists(st.integers(0, 7), min_size=1, max_size=4),
       cls=st.sampled_from([QLearner, HatLearner]), games=st.sampled_from([0, 50, 2_000]))
def test_a_learner_plays_symmetric_positions_alike(piles, cls, games):
    """Any order of the same piles: the same canonical position after its move, the one
    `choice` names (ties between equal moves are broken on the canonical position)."""
    if not any(piles):
        return
    game = Nim(tuple(sorted(piles, reverse=True)))
    learner = trained(cls, game, games, seed=len(piles))
    rng = random.Random(sum(piles))
    canon = game.canonical(NimState(tuple(piles), 0))
    after = tuple(dict.fromkeys(game.canonical(game.result(canon, move))
                                for move in game.legal_moves(canon)))
    expected = learner.choice(canon, after)
    for _ in range(4):
        shuffled = list(piles)
        rng.shuffle(shuffled)
        state = NimState(tuple(shuffled), rng.randrange(2))
        move = learner.choose_move(state)
        assert game.canonical(game.result(state, move)) == expected


def test_the_canonical_tree_counts_every_move():
    """Each position's moves, counted by the canonical position they lead to, add up to
    its number of legal moves, and every position reachable is in the tree."""
    for game in GAMES:
        tree = canonical_tree(game)
        assert tree is not None
        for state, children in tree.children.items():
            assert sum(tree.moves[state]) == len(game.legal_moves(state))
            assert len(tree.moves[state]) == len(children) == len(set(children))
            for child in children:
                assert child in tree.children or child in tree.ended
    assert len(canonical_tree(Nim((1, 3, 5, 7))).ended) == 1   # the empty board
    assert canonical_tree(Nim((3, 5, 7, 9, 11)), limit=100) is None


@settings(max_examples=100, deadline=None)
@given(moves=st.lists(st.integers(0, 8), max_size=6), symmetry=st.integers(0, 7),
       cls=st.sampled_from([QLearner, HatLearner]))
def test_a_learner_plays_every_rotation_and_reflection_of_a_board_alike(moves, symmetry,
                                                                       cls):
    from nimgame.games.tictactoe import SYMMETRIES

    game = TicTacToe()
    state = game.initial_state()
    for square in moves:   # a board reached by play (squares taken are skipped)
        if game.is_over(state) or square not in game.legal_moves(state):
            continue
        state = game.result(state, square)
    if game.is_over(state):
        return
    learner = _TRAINED.get(cls) or _TRAINED.setdefault(cls, trained(cls, game, 2_000))
    turned = "".join(state[i] for i in SYMMETRIES[symmetry])
    ends = {game.canonical(game.result(s, learner.choose_move(s))) for s in (state, turned)}
    assert len(ends) == 1


_TRAINED: dict = {}


def measured_asking(learner):
    """`measure(learner)`, and how often it asked the learner for its choice in each
    position (a chooser that asks `choice` itself is asked once)."""
    from collections import Counter

    from nimgame.learning.training import measure

    asked: Counter = Counter()
    choice, chooser = learner.choice, learner.chooser
    inside = []

    def counted(canon, after, choose=None):
        if not inside:
            asked[canon] += 1
        inside.append(canon)
        try:
            return (choose or choice)(canon, after)
        finally:
            inside.pop()

    def counted_chooser():
        fast = chooser()
        return lambda canon, after: counted(canon, after, fast)

    learner.choice, learner.chooser = counted, counted_chooser
    try:
        return measure(learner, eval_games=100), asked
    finally:
        del learner.choice, learner.chooser


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_a_curve_point_asks_the_learner_once_per_position(game):
    """A point of the curve (`measure`) needs the share of optimal moves and the win rate
    against Random: both from the learner's choice, asked once per position for the two,
    and equal to the two measures asked apart."""
    for learner in (QLearner(game), HatLearner(game)):
        train_games = 300 if game != TicTacToe() else 2_000
        learner.train_games(train_games, random.Random(3), explore=0.25)
        point, asked = measured_asking(learner)
        assert asked and max(asked.values()) == 1
        assert (point.optimal_share, point.win_rate) == (
            optimal_move_share(learner), exact_win_rate_against_random(learner))


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_a_learner_s_chooser_chooses_as_its_choice(game):
    """`chooser()` does once what `choice` does each call: the same answer everywhere."""
    from nimgame.learning.evaluation import verdicts

    for learner in (QLearner(game), HatLearner(game)):
        for games in (0, 50, 500):
            learner.train_games(games, random.Random(games), explore=0.25)
            choose = learner.chooser()
            for v in verdicts(game):
                assert choose(v.state, v.after) == learner.choice(v.state, v.after)
