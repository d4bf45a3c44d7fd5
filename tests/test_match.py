"""The match layer, without pygame: turns, moves judged by the engine, take-backs to the
last person's turn, restarts, the score, KUET rounds and the hooks of learning players.
Checked on every move sequence of small boards and on random games of every game."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nimgame import kuet
from nimgame.games import Nim, Sticks, TicTacToe
from nimgame.games.base import IllegalMove
from nimgame.match import AiTurn, GameOver, Match, Moved, RoundsOver, Seat, TakenBack
from nimgame.players import HatLearner, PerfectPlayer, RandomPlayer
from nimgame.players.base import Player
from nimgame.session.kept_hats import HatDrawer


class Recorder(Player):
    """A random player that writes down every hook the match calls."""

    label = "Recorder"

    def __init__(self, game, seed=0):
        super().__init__(game)
        self.rng, self.calls = random.Random(seed), []

    def choose_move(self, state):
        return self.rng.choice(self._moves(state))

    def new_game(self):
        self.calls.append("new")

    def take_back(self):
        self.calls.append("back")

    def game_over(self, result):
        self.calls.append(result)
        return True


def sequences(game, state, path=()):
    """Every sequence of legal moves from `state` to the end (an independent walk)."""
    moves = game.legal_moves(state)
    if not moves:
        yield path
    for move in moves:
        yield from sequences(game, game.result(state, move), path + (move,))


@pytest.mark.parametrize("game", [Nim((1, 2)), Nim((2, 2), misere=False), Sticks(6),
                                  Nim((1, 3), max_take=2)])
def test_every_game_of_small_boards_between_two_people(game):
    for path in sequences(game, game.initial_state()):
        match = Match(game, (Seat("A"), Seat("B")))
        states = [game.initial_state()]
        for number, move in enumerate(path):
            assert match.humans_turn and match.to_move == game.to_move(states[-1])
            events = match.play(move)
            states.append(game.result(states[-1], move))
            assert events[0] == Moved(game.to_move(states[-2]), move, states[-2], states[-1],
                                      events[0].words)
            assert match.history == states
            last = number == len(path) - 1
            assert (len(events) == 2) == last and match.over == last
        winner = game.winner(states[-1])
        assert events[-1] == GameOver(winner) and match.score.wins[winner] == 1
        # Take-backs walk back one position at a time (both seats are people), to the start.
        for back in range(len(path)):
            taken = match.take_back()
            assert taken == TakenBack(1, states[-2 - back])
            assert match.score.games == 0
        assert match.take_back() is None and match.state == game.initial_state()


def test_take_back_returns_to_the_persons_last_turn():
    game = Sticks(10)
    match = Match(game, (Seat("me"), Seat("AI", PerfectPlayer(game))))
    assert not match.can_take_back()
    match.play(1)
    turn = match.ai_turn()
    assert isinstance(turn, AiTurn) and turn.state == match.state
    match.play_ai(turn.player.choose_move(turn.state), turn.generation)
    assert match.humans_turn and len(match.history) == 3
    taken = match.take_back()
    assert taken == TakenBack(2, game.initial_state()) and match.humans_turn


def test_a_stale_ai_answer_is_dropped():
    game = Nim((1, 3, 5, 7))
    ai = RandomPlayer(game, seed=1)
    match = Match(game, (Seat("me"), Seat("AI", ai)))
    match.play((3, 1))
    turn = match.ai_turn()
    match.take_back()
    assert match.play_ai(ai.choose_move(turn.state), turn.generation) == []
    assert match.state == game.initial_state()
    match.play((3, 1))
    turn = match.ai_turn()
    match.restart()
    assert match.play_ai(ai.choose_move(turn.state), turn.generation) == []
    assert match.ai_turn() is None   # the person moves first


def test_illegal_moves_are_refused_by_the_engine_and_change_nothing():
    game = Nim((1, 3))
    match = Match(game, (Seat("A"), Seat("B")))
    generation = match.generation
    with pytest.raises(IllegalMove, match="pile"):
        match.play((5, 1))
    assert match.history == [game.initial_state()] and match.generation == generation


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["nim", "sticks", "ttt"]), st.integers(0, 10**6),
       st.lists(st.sampled_from(["move", "back", "restart"]), max_size=60))
def test_random_sessions_keep_the_score_and_the_history_right(which, seed, actions):
    game = {"nim": Nim((2, 3, 4)), "sticks": Sticks(12), "ttt": TicTacToe()}[which]
    rng = random.Random(seed)
    ai = Recorder(game, seed)
    match = Match(game, (Seat("me"), Seat("AI", ai)))
    finished = []   # (winner) of every game that ended and was not taken back
    for action in actions:
        if action == "move":
            if match.over:
                match.restart()
                continue
            if match.humans_turn:
                events = match.play(rng.choice(game.legal_moves(match.state)))
            else:
                turn = match.ai_turn()
                events = match.play_ai(turn.player.choose_move(turn.state), turn.generation)
            over = [e for e in events if isinstance(e, GameOver)]
            if over:
                finished.append(over[0].winner)
        elif action == "back":
            was_over = match.over
            if match.take_back() is not None and was_over:
                finished.pop()
        else:
            match.restart()
        state = game.initial_state()
        for later in match.history[1:]:   # the history is a chain of legal moves
            assert any(game.result(state, m) == later for m in game.legal_moves(state))
            state = later
        assert state == match.state
        assert match.score.draws == finished.count(None)
        assert match.score.wins == [finished.count(0), finished.count(1)]


def test_hooks_reach_the_players_and_a_learning_seat_is_named():
    game = Sticks(5)
    ai = Recorder(game)
    match = Match(game, (Seat("me"), Seat("AI", ai)))
    assert ai.calls == ["new"]
    match.play(2)                      # 3 left
    match.take_back()
    assert ai.calls == ["new", "back"]
    match.play(1)                      # 4 left: the AI must leave 1 or lose
    turn = match.ai_turn()
    events = match.play_ai(3, turn.generation)   # 1 left for me: I take it and lose
    events += match.play(1)
    assert events[-1] == GameOver(1, learned=(1,)) and ai.calls[-1] == 1


def test_the_sticks_computer_learns_only_from_games_without_take_backs():
    game = Sticks(10)
    drawer = HatDrawer(HatLearner(game), game, seed=3)
    match = Match(game, (Seat("me"), Seat("computer", drawer, learns=True)))

    def finish():
        events = []
        while not match.over:
            if match.humans_turn:
                events += match.play(1)
            else:
                turn = match.ai_turn()
                events += match.play_ai(turn.player.choose_move(turn.state), turn.generation)
        return next(e for e in events if isinstance(e, GameOver))

    assert finish().learned == (1,)
    match.restart()
    match.play(1)
    match.play_ai(drawer.choose_move(match.state), match.generation)
    match.take_back()
    assert finish().learned == ()       # a game with a take-back teaches nothing
    match.restart()
    assert finish().learned == (1,)


def test_kuet_rounds_fill_the_win_arrays_and_select():
    rng = random.Random(5)
    match = Match(kuet.kuet_game(rng), (Seat("me"), Seat("NimX")), rounds=list(kuet.HARD),
                  rng=rng)
    seen_over = []
    for number in range(len(kuet.HARD)):
        assert match.strategy == kuet.HARD[number][0] == match.seats[1].label
        assert match.seats[1].player.alpha_beta == (match.strategy == "Alpha-Beta")
        while not match.over:
            if match.humans_turn:
                events = match.play(match.game.legal_moves(match.state)[0])
            else:
                turn = match.ai_turn()
                events = match.play_ai(turn.player.choose_move(turn.state), turn.generation)
            seen_over += [e for e in events if isinstance(e, RoundsOver)]
        if number + 1 < len(kuet.HARD):
            assert match.more_rounds and not seen_over
            match.next_round()
    assert not match.more_rounds
    with pytest.raises(ValueError):
        match.next_round()
    (over,) = seen_over
    assert sorted(over.results) == ["Alpha-Beta", "Minimax"]
    assert all(len(v) == 3 for v in over.results.values())
    assert over.selected == kuet.selection(over.results)
    assert sum(match.score.wins) == 6
    # The last game's end is scored: it is not taken back (issue 23; it used to take its
    # result out of the win array after the results had been shown).
    assert match.take_back() is None
    assert len(match.round_results[match.strategy]) == 3 and sum(match.score.wins) == 6


def test_a_match_needs_two_seats():
    with pytest.raises(ValueError):
        Match(Sticks(10), (Seat("alone"),))


def test_kuet_rounds_keep_their_sides():
    match = Match(kuet.kuet_game(random.Random(1)), (Seat("me"), Seat("NimX")),
                  rounds=list(kuet.EASY))
    with pytest.raises(ValueError, match="person moves first"):
        match.swap_sides()


def test_a_scored_kuet_round_is_not_taken_back():
    """A finished KUET game is in the round's win array: taking it back would unscore a
    round the results screen counts, so it is not offered; outside rounds it is."""
    rng = random.Random(3)
    match = Match(kuet.kuet_game(rng), (Seat("me"), Seat("NimX")), rounds=list(kuet.EASY),
                  rng=rng)
    match.play(match.game.legal_moves(match.state)[0])
    assert match.can_take_back()   # during the round, as before
    while not match.over:
        if match.humans_turn:
            match.play(match.game.legal_moves(match.state)[0])
        else:
            turn = match.ai_turn()
            match.play_ai(turn.player.choose_move(turn.state), turn.generation)
    results = {name: list(wins) for name, wins in match.round_results.items()}
    assert not match.can_take_back() and match.take_back() is None
    assert match.over and match.round_results == results
    assert match.why_no_take_back() == "the round is scored: a KUET round cannot be taken back"
