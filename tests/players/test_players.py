"""The registry and the non-learning players."""

import pytest

from nimgame.games import Nim, Sticks, TicTacToe
from nimgame.learning.evaluation import match
from nimgame.players import (
    PLAYERS,
    IdaStarPlayer,
    MinimaxPlayer,
    PerfectPlayer,
    RandomPlayer,
    available_players,
    make_player,
)


def test_registry_lists_who_can_play_what():
    from nimgame.spiel_bot import installed  # registers OpenSpiel's bot

    spiel = {"spiel-mcts"} if installed() else set()   # the optional OpenSpiel bot
    assert {k.name for k in available_players(Nim())} == set(PLAYERS) - {"spiel-mcts"} | spiel
    ttt = {k.name for k in available_players(TicTacToe())}
    assert ttt == {"random", "minimax", "alphabeta", "mcts", "q", "hats"} | spiel
    for kind in PLAYERS.values():
        assert kind.label and kind.description
    assert make_player("minimax", Nim()).alpha_beta is False
    assert make_player("alphabeta", Nim()).alpha_beta is True


def test_registry_errors_name_the_choices():
    with pytest.raises(ValueError, match="unknown player 'wizard'; choose from random"):
        make_player("wizard", Nim())
    with pytest.raises(ValueError, match="Perfect cannot play Tic-Tac-Toe"):
        make_player("perfect", TicTacToe())
    with pytest.raises(ValueError, match="cannot play Tic-Tac-Toe"):
        IdaStarPlayer(TicTacToe())
    with pytest.raises(TypeError, match="needs a Game"):
        RandomPlayer("nim")


@pytest.mark.parametrize("game", [Nim(), Sticks(10), TicTacToe()])
def test_choose_move_on_a_finished_game_says_so(game):
    state = game.initial_state()
    while not game.is_over(state):
        state = game.result(state, game.legal_moves(state)[0])
    for kind in available_players(game):
        with pytest.raises(ValueError, match="game is over"):
            kind.make(game).choose_move(state)


def test_random_player_is_seeded_and_legal():
    game = Nim()
    a, b = RandomPlayer(game, seed=5), RandomPlayer(game, seed=5)
    state = game.initial_state()
    moves = [a.choose_move(state) for _ in range(20)]
    assert moves == [b.choose_move(state) for _ in range(20)]
    assert set(moves) <= set(game.legal_moves(state)) and len(set(moves)) > 1


def test_idastar_follows_the_seed_and_is_beatable():
    game = Nim((2, 3, 4), misere=False, max_take=3)
    easy = IdaStarPlayer(game)
    # f = g + objects left never grows along a path, so the first path it tries reaches
    # the empty board: take 1 from the first non-empty pile.
    assert easy.choose_move(game.initial_state()) == (0, 1)
    result = match(game, PerfectPlayer(game), easy, games=10)
    assert result.losses == 0 and result.wins > 0


def test_minimax_modes_agree():
    game = Nim((3, 4, 5), misere=False, max_take=3)
    plain, pruned = MinimaxPlayer(game, alpha_beta=False), MinimaxPlayer(game, alpha_beta=True)
    state = game.initial_state()
    assert plain.move_scores(state) == pruned.move_scores(state)
    assert plain.choose_move(state) == pruned.choose_move(state)


def test_minimax_prefers_the_slowest_loss():
    game = Nim((2, 2), misere=False)  # lost for the mover whatever it does
    player = MinimaxPlayer(game)
    scores = player.move_scores(game.initial_state())
    assert all(s < 0 for s in scores.values())
    # Taking a whole pile loses at the next ply; taking one makes the opponent work for it.
    assert scores[(0, 1)] > scores[(0, 2)]
    assert player.choose_move(game.initial_state()) in {(0, 1), (1, 1)}


def test_perfect_never_loses_a_winning_start():
    game = Nim((2, 3, 4))  # misère, nim-sum 5: a win for the first player
    assert PerfectPlayer(game).outcome(game.initial_state()) == 1
    result = match(game, PerfectPlayer(game), RandomPlayer(game, seed=1), games=50,
                   alternate=False)
    assert result.wins == 50


def test_minimax_refuses_boards_it_cannot_search():
    huge = Nim((15,) * 8)
    assert not MinimaxPlayer.supports(huge)
    # ... nor do the learners (too many positions to learn): the theory and chance remain
    assert {k.name for k in available_players(huge)} == {"random", "easy", "perfect"}
    with pytest.raises(ValueError, match=r"Hard \(minimax\) cannot play Nim \(15, 15"):
        make_player("minimax", huge)
    assert MinimaxPlayer.supports(Nim((3, 5, 7, 9, 11))) and MinimaxPlayer.supports(Sticks(100))


@pytest.mark.parametrize("game,learnable", [
    (Nim(), True), (Nim((3, 5, 7, 9, 11)), True), (Sticks(100), True), (TicTacToe(), True),
    (Sticks(124_999), True), (Sticks(125_000), False), (Nim((10**6,) * 8), False),
    (Nim((300, 400)), False), (Nim((10**100,) * 100), False), (Sticks(10**100), False),
])
def test_learners_refuse_boards_too_big_to_learn(game, learnable):
    for name in ("q", "hats"):
        kind = PLAYERS[name]
        assert kind.supports(game) == learnable
        if not learnable:
            with pytest.raises(ValueError, match="too big to learn") as caught:
                make_player(name, game)
            assert len(str(caught.value)) < 250


@pytest.mark.parametrize("game,playable", [
    (Nim((2500,) * 4), True), (Nim((2500,) * 4 + (1,)), False), (Sticks(10_000), True),
    (Sticks(10_001), False), (Nim((10**100,)), False),
])
def test_idastar_refuses_boards_it_could_not_search(game, playable):
    assert PLAYERS["easy"].supports(game) == playable
    if not playable:
        with pytest.raises(ValueError, match="at most 10,000 objects"):
            make_player("easy", game)


def test_make_learner_builds_each_kind_and_refuses_the_rest():
    from nimgame.players import LEARNERS, make_learner

    for kind, cls in LEARNERS.items():
        learner = make_learner(kind, Nim())
        assert type(learner) is cls and learner.game == Nim()
    assert make_learner("q", Nim(), alpha=0.25).alpha == 0.25
    with pytest.raises(ValueError, match="unknown learner 'perfect'; choose from q, hats"):
        make_learner("perfect", Nim())
    with pytest.raises(ValueError, match="too big to learn"):
        make_learner("q", Nim((10**6, 10**6)))


def test_the_judge_is_the_theory_where_it_applies_and_search_elsewhere():
    from nimgame.players import judge_for

    assert type(judge_for(Nim())) is PerfectPlayer
    assert type(judge_for(Sticks(30))) is PerfectPlayer
    assert type(judge_for(TicTacToe())) is MinimaxPlayer


def test_each_kind_describes_itself_for_the_game_it_plays():
    """A menu shows each kind's description: Nim's theory only for Nim, Sticks' for Sticks."""
    from nimgame.games import Nim, Sticks, TicTacToe
    from nimgame.players import available_players

    for game in (Nim(), Sticks(20), TicTacToe()):
        for kind in available_players(game):
            words = kind.describe(game)
            assert words
            if game.name != "nim":
                assert "nim-sum" not in words and "Grundy" not in words
            if game.name != "sticks":
                assert "4k+1" not in words
    assert "nim-sum" in PLAYERS["perfect"].describe(Nim())
    assert "4k+1" in PLAYERS["perfect"].describe(Sticks(20))
