"""Exploring starts: a share of training games starts from a position a person can reach,
so that a trained AI is right where self-play from the first position seldom goes."""

import random
from collections import Counter

import pytest
from bruteforce import nim_positions

from nimgame.games import Nim, NimState, Sticks, SticksState, TicTacToe
from nimgame.learning.training import EXPLORE, train
from nimgame.players import HatLearner, QLearner


def sticks_hats_wrong(learner, heap):
    """Heaps 2..heap with a winning move (leave 4k+1) whose hat does not favour it."""
    wrong = []
    for n in range(2, heap + 1):
        if n % 4 == 1:
            continue
        hat = learner.hat(SticksState(n, 0))
        right = (n - 1) % 4
        if any(count >= hat[right] for move, count in hat.items() if move != right):
            wrong.append(n)
    return wrong


def test_sticks_starts_are_every_heap_alike():
    rng = random.Random(1)
    drawn = Counter(Sticks(20).exploring_start(rng).sticks for _ in range(20_000))
    assert set(drawn) == set(range(1, 21))
    assert max(drawn.values()) < 1.2 * min(drawn.values())


def test_nim_starts_are_every_reachable_board_alike():
    rng = random.Random(2)
    game = Nim((1, 2, 3))
    drawn = Counter(game.exploring_start(rng).piles for _ in range(24_000))
    reachable = {p for p in nim_positions((1, 2, 3)) if any(p)}   # 23 boards
    assert set(drawn) == reachable
    assert max(drawn.values()) < 1.25 * min(drawn.values())


def test_tictactoe_starts_are_positions_of_real_games_still_going():
    rng = random.Random(3)
    game = TicTacToe()
    for _ in range(500):
        state = game.exploring_start(rng)
        assert not game.is_over(state)
        x, o = state.count("X"), state.count("O")
        assert x - o in (0, 1)   # reached by alternating moves


def test_hats_on_sticks_100_are_right_everywhere_only_with_exploring_starts():
    """Without exploring starts one seed in ten leaves a hat a person can reach wrong
    after 20,000 self-play games on 100 sticks; with them, none does."""
    def wrong(seed, explore):
        learner = HatLearner(Sticks(100))
        learner.train_games(20_000, random.Random(seed), explore=explore)
        return sticks_hats_wrong(learner, 100)

    plain = next((found for seed in range(10) if (found := wrong(seed, 0.0))), [])  # the first
    explored = [wrong(seed, 0.5) for seed in range(10)]
    assert plain and not any(explored), (plain, explored)


def test_q_learner_explores_boards_a_person_reaches():
    """A Q-learner trained from exploring starts has met every board of a small Nim."""
    game = Nim((2, 3, 4))
    learner = QLearner(game)
    learner.train_games(3_000, random.Random(4), explore=0.5)
    for piles in nim_positions((2, 3, 4)):
        if any(piles):
            assert learner.graph.find(NimState(piles, 0)) is not None, piles


def test_no_exploring_is_the_plain_self_play_exactly():
    """explore=0 draws nothing more: the same seed trains the very same table."""
    a, b = QLearner(Nim()), QLearner(Nim())
    a.train_games(500, random.Random(7))
    b.train_games(500, random.Random(7), explore=0.0)
    assert a.values == b.values


def test_train_uses_the_default_share_and_checks_it():
    assert 0 < EXPLORE < 1
    with pytest.raises(ValueError, match="explore"):
        train(QLearner(Nim()), 10, explore=1.5)
    with pytest.raises(ValueError, match="explore"):
        train(QLearner(Nim()), 10, explore=True)
    seen = []
    learner = QLearner(Nim())
    real = learner.train_games
    learner.train_games = lambda games, rng, opponent, explore: (seen.append(explore),
                                                                   real(games, rng, opponent,
                                                                        explore))
    train(learner, 50, seed=1, curve_points=0)
    assert seen and set(seen) == {EXPLORE}


def test_the_training_screen_and_the_cli_choose_the_share():
    from nimgame.ui.training.choices import STARTS, TrainingChoices

    choices = TrainingChoices()
    assert choices.spec().explore == EXPLORE   # the default, said in the menu
    for text, share in STARTS.items():
        choices.starts = text
        assert choices.spec().explore == share
    assert sorted(STARTS.values()) == [0.0, EXPLORE, 0.5]


@pytest.mark.parametrize("value,ok", [("0", True), ("0.5", True), ("1", True), ("1.5", False),
                                      ("-0.1", False), ("²", False), ("nan", False)])
def test_cli_explore_option(value, ok, capsys, nimgame_home):
    from nimgame.console.cli import main

    status = main(["train", "sticks", "--learner", "hats", "--games", "1000", "--sticks", "20",
                   "--explore", value, "--seed", "1"])
    err = capsys.readouterr().err
    assert (status == 0) == ok and (ok or err.count("\n") == 1)


@pytest.mark.parametrize("game", [Sticks(20), Sticks(1), Nim((1, 2, 3)), Nim((0, 4)), Nim()],
                         ids=repr)
def test_the_listed_starts_are_what_exploring_start_draws_once_each(game):
    """A learner draws from the list instead: it must be the same distribution (every
    board exploring_start can draw, each once, as each is equally likely)."""
    listed = game.exploring_starts(10_000)
    assert listed is not None and len(set(listed)) == len(listed)
    rng = random.Random(5)
    drawn = {game.exploring_start(rng) for _ in range(20 * len(listed))}
    assert drawn == set(listed)


def test_starts_are_not_listed_beyond_the_limit_or_where_a_game_cannot_list_them():
    assert Nim((1, 3, 5, 7)).exploring_starts(383) is not None     # 2*4*6*8 - 1 boards
    assert Nim((1, 3, 5, 7)).exploring_starts(382) is None
    assert Sticks(100).exploring_starts(99) is None
    assert Nim((0, 0)).exploring_starts(10) is None   # nothing to start from
    assert TicTacToe().exploring_starts(10**6) is None


def test_learners_draw_their_starts_from_the_list_alike():
    """Every listed board is a start about as often as every other (hats), and for the
    Q-learner every canonical board as often as every other: a board with one real form
    is no rarer than one with six."""
    by_board = Counter(tuple(sorted(p)) for p in nim_positions((1, 2, 3)) if any(p))
    for learner in (HatLearner(Nim((1, 2, 3))), QLearner(Nim((1, 2, 3)))):
        rng = random.Random(6)
        drawn = Counter(learner.graph.states[learner._exploring_node(rng)].piles
                        for _ in range(23_000))
        for board, boards in by_board.items():   # canonical boards, drawn as often as
            share = boards if isinstance(learner, HatLearner) else 23 / len(by_board)
            assert abs(drawn[board] / 1000 - share) < 0.25 * share, board   # their copies
