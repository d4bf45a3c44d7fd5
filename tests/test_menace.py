"""MENACE's boxes, beads, incentives and resignation, checked against a brute force written
here: every game of Tic-Tac-Toe and Hexapawn walked move by move, symmetry worked out from
its own permutations."""

import itertools
import random
from dataclasses import replace

import pytest

from nimgame.games.hexapawn.rules import Hexapawn
from nimgame.games.tictactoe.rules import TicTacToe
from nimgame.session.menace import (
    GARDNER,
    MICHIE,
    PRESETS,
    SCROGGS,
    Menace,
    MenaceRules,
    MenaceRun,
    Played,
    greedy_never_loses,
    play_game,
    tournament,
)
from nimgame.session.menace_movers import PerfectMover, RandomMover, Solver
from nimgame.session.menace_safety import games_until_safe, never_loses_to

# -- the brute force ---------------------------------------------------------------------
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8),
         (2, 4, 6)]


def won(board):
    return any(board[a] != "." and board[a] == board[b] == board[c] for a, b, c in LINES)


def square_symmetries():
    """The 8 symmetries of the square as permutations of cells, built from (row, col)."""
    maps = []
    for swap, flip_r, flip_c in itertools.product((False, True), repeat=3):
        perm = []
        for cell in range(9):
            r, c = divmod(cell, 3)
            if swap:
                r, c = c, r
            if flip_r:
                r = 2 - r
            if flip_c:
                c = 2 - c
            perm.append(r * 3 + c)
        maps.append(perm)
    assert len({tuple(p) for p in maps}) == 8
    return maps


SYMS = square_symmetries()


def same_up_to_symmetry(board):
    return frozenset("".join(board[p[i]] for i in range(9)) for p in SYMS)


def faced_boards(side):
    """Every board with `side` to move, not over, met along any game (walked move by move),
    with the number of choices there."""
    found = {}

    def walk(board, mover):
        if won(board) or "." not in board:
            return
        empties = [i for i, c in enumerate(board) if c == "."]
        if mover == side:
            found[board] = len(empties)
        for i in empties:
            walk(board[:i] + "XO"[mover] + board[i + 1:], 1 - mover)

    walk("." * 9, 0)
    return found


@pytest.mark.parametrize("side", [0, 1])
@pytest.mark.parametrize("symmetry", [True, False])
@pytest.mark.parametrize("forced", [True, False])
def test_the_boxes_are_the_positions_menace_can_face(side, symmetry, forced):
    rules = replace(MICHIE.rules, symmetry=symmetry, forced=forced)
    menace = Menace(TicTacToe(), rules, side)
    faced = {b: n for b, n in faced_boards(side).items() if forced or n >= 2}
    if symmetry:
        expected = {same_up_to_symmetry(b) for b in faced}
        got = [same_up_to_symmetry(b) for b in menace.boxes]
        assert len(got) == len(set(got)) == len(expected)
        assert set(got) == expected
    else:
        assert set(menace.boxes) == set(faced)
    for board in faced:   # every position faced finds its box, the right way round
        box = menace.box_for(board)
        assert box is not None
        assert box.position in (same_up_to_symmetry(board) if symmetry else {board})


def test_michies_304_boxes():
    menace = Menace(TicTacToe(), MICHIE.rules, 0)
    stages = [sum(box.stage == k for box in menace.boxes.values()) for k in range(5)]
    assert len(menace.boxes) == 304
    assert stages == [1, 12, 108, 183, 0]
    # and what the other settings give (said in the README)
    counts = {(sym, forced, side): len(Menace(TicTacToe(), replace(
        MICHIE.rules, symmetry=sym, forced=forced), side).boxes)
        for sym in (True, False) for forced in (True, False) for side in (0, 1)}
    assert counts == {(True, True, 0): 338, (True, False, 0): 304, (False, True, 0): 2423,
                      (False, False, 0): 2201, (True, True, 1): 289, (True, False, 1): 289,
                      (False, True, 1): 2097, (False, False, 1): 2097}


@pytest.mark.parametrize("rules", [p.rules for p in PRESETS])
@pytest.mark.parametrize("side", [0, 1])
def test_bead_counts_by_stage(rules, side):
    menace = Menace(TicTacToe(), rules, side)
    for board, box in menace.boxes.items():
        marks = 9 - board.count(".")
        assert box.stage == marks // 2
        stage_beads = rules.beads[min(marks // 2, len(rules.beads) - 1)]
        empties = [i for i, c in enumerate(board) if c == "."]
        # one colour per move, or per set of moves that are the same up to symmetry
        results = [board[:i] + "XO"[side] + board[i + 1:] for i in empties]
        kinds = len({same_up_to_symmetry(r) for r in results}) if rules.symmetry else \
            len(results)
        assert box.beads == [stage_beads] * kinds
        assert len(box.moves) == kinds


def test_michie_and_scroggs_first_boxes():
    assert Menace(TicTacToe(), MICHIE.rules).first_box().beads == [4, 4, 4]
    assert Menace(TicTacToe(), SCROGGS.rules).first_box().beads == [8, 8, 8]
    no_symmetry = Menace(TicTacToe(), replace(SCROGGS.rules, symmetry=False))
    assert no_symmetry.first_box().beads == [8] * 9


def test_a_drawn_bead_names_the_real_move_in_a_turned_position():
    game = TicTacToe()
    menace = Menace(game, MICHIE.rules, 1, seed=3)
    for board in faced_boards(1):
        move = menace.move(board)
        assert move is not None and board[move[0] * 3 + move[1]] == "."
        box, colour = menace.drawn[-1]
        named = game.result(box.position, box.moves[colour])
        assert same_up_to_symmetry(game.result(board, move)) == same_up_to_symmetry(named)
        menace.forget_game()


@pytest.mark.parametrize("result,change", [(1, 3), (0, 1), (-1, -1)])
def test_incentives_go_to_every_bead_drawn(result, change):
    game = TicTacToe()
    menace = Menace(game, MICHIE.rules, seed=1)
    state = game.initial_state()
    for reply in range(3):
        state = game.result(state, menace.move(state))
        state = game.result(state, game.legal_moves(state)[0])
        assert len(menace.drawn) == reply + 1
    before = {id(box): list(box.beads) for box, _ in menace.drawn}
    drawn = list(menace.drawn)
    menace.settle(result)
    for box, colour in drawn:
        want = list(before[id(box)])
        want[colour] += change
        assert box.beads == want
    assert menace.drawn == [] and menace.games == 1


def test_gardners_rule_touches_only_the_last_bead():
    game = Hexapawn()
    her = Menace(game, GARDNER.rules, 1, seed=2)
    state = game.initial_state()
    while not game.is_over(state):
        if game.to_move(state) == 1:
            state = game.result(state, her.move(state))
        else:
            state = game.result(state, game.legal_moves(state)[0])
    drawn = list(her.drawn)
    before = [list(box.beads) for box, _ in drawn]
    her.settle(-1)
    for (box, _colour), old in zip(drawn[:-1], before[:-1], strict=True):
        assert box.beads == old
    box, colour = drawn[-1]
    assert box.beads[colour] == before[-1][colour] - 1
    won = Menace(game, GARDNER.rules, 1, seed=2)
    first = won.first_box()
    won.move(first.position)
    won.settle(1)
    assert first.beads == [1] * len(first.beads)   # a win adds nothing


def test_hexapawn_her_boxes_and_learning():
    game = Hexapawn()
    her = Menace(game, GARDNER.rules, 1)
    faced = set()
    stack = [game.initial_state()]
    while stack:
        state = stack.pop()
        if game.is_over(state):
            continue
        if game.to_move(state) == 1:
            faced.add(game.canonical(state))
        stack.extend(game.result(state, m) for m in game.legal_moves(state))
    assert set(her.boxes) == faced
    assert len(her.boxes) == 19   # Gardner drew 24; mirror images share a box here
    run = MenaceRun(game, GARDNER.rules, opponent="random", side=1, seed=5)
    run.play(300)
    assert greedy_never_loses(run.menace)   # Black wins Hexapawn; HER learns how
    assert run.results[-50:].count(-1) == 0
    perfect = MenaceRun(game, GARDNER.rules, opponent="perfect", side=1, seed=5)
    perfect.play(100)   # a perfect White loses slowest: HER soon wins every game
    assert perfect.results.count(-1) <= 5 and perfect.results[-50:] == [1] * 50


def test_an_empty_box_resigns_and_the_resignation_is_a_loss():
    game = TicTacToe()
    menace = Menace(game, MICHIE.rules, seed=0)
    first = menace.first_box()
    first.beads[:] = [0, 0, 0]
    assert menace.move(game.initial_state()) is None
    played = play_game(game, (menace, RandomMover(game, 1)))
    assert played == Played((), 1, resigned=0)
    assert menace.games == 1
    # a later box: the beads drawn before it lose one each
    menace = Menace(game, MICHIE.rules, seed=0)
    for box in menace.boxes.values():
        if box.stage == 1:
            box.beads[:] = [0] * len(box.beads)
    first = menace.first_box()
    played = play_game(game, (menace, RandomMover(game, 2)))
    assert played.resigned == 0 and played.winner == 1 and len(played.moves) == 2
    assert first.total == 11


def test_without_resigning_a_loss_never_takes_a_boxs_last_bead():
    game = TicTacToe()
    rules = replace(MICHIE.rules, resigns=False)
    run = MenaceRun(game, rules, opponent="perfect", seed=4)
    run.play(400)
    assert all(box.total >= 1 for box in run.menace.boxes.values())
    assert -1 in run.results
    resigning = MenaceRun(game, MICHIE.rules, opponent="perfect", seed=4)
    resigning.play(400)
    assert any(box.total == 0 for box in resigning.menace.boxes.values())


@pytest.mark.parametrize("changes,words", [
    ({"beads": (4, 0, 2, 1)}, "beads for the machine's move 2"),
    ({"beads": ()}, "beads per stage"),
    ({"beads": (4, 3.5)}, "beads for the machine's move 2"),
    ({"beads": [4, 3]}, "beads per stage"),
    ({"beads": (1001,)}, "from 1 to 1000"),
    ({"win": 2000}, "the win incentive"),
    ({"loss": True}, "the loss incentive"),
    ({"draw": "1"}, "the draw incentive"),
    ({"symmetry": 1}, "symmetry is on or off"),
])
def test_wrong_rules_are_refused_in_one_line(changes, words):
    with pytest.raises(ValueError) as err:
        replace(MICHIE.rules, **changes)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_the_presets():
    assert MICHIE.rules == MenaceRules((4, 3, 2, 1), 3, 1, -1, True, True)
    assert SCROGGS.rules.beads == (8, 4, 2, 1) and SCROGGS.rules.win == 3
    assert GARDNER.rules.last_only and GARDNER.rules.beads == (1,)
    assert "beads 4/3/2/1; win +3, draw +1, loss -1" in MICHIE.rules.words()


def test_the_perfect_mover_never_loses():
    game = TicTacToe()
    solver = Solver(game)
    assert solver.value(game.initial_state()) == 0
    assert solver.outcome('XX.OO....') == 1 and solver.best_moves('XX.OO....') == [(0, 2)]
    for seed in range(20):
        run = MenaceRun(game, MICHIE.rules, opponent="random", seed=seed)
        played = play_game(game, (run.menace, PerfectMover(game, seed, solver)))
        assert played.winner != 0


def brute_greedy_safe(menace, state):
    game = menace.game
    if game.is_over(state):
        return game.winner(state) != 1 - menace.side
    if game.to_move(state) == menace.side:
        move = menace.greedy_move(state)
        return move is not None and brute_greedy_safe(menace, game.result(state, move))
    return all(brute_greedy_safe(menace, game.result(state, m))
               for m in game.legal_moves(state))


@pytest.mark.parametrize("side", [0, 1])
def test_greedy_never_loses_agrees_with_the_brute_force(side):
    game = TicTacToe()
    solver = Solver(game)
    fresh = Menace(game, MICHIE.rules, side)
    assert not greedy_never_loses(fresh) and not brute_greedy_safe(fresh, game.initial_state())
    taught = Menace(game, MICHIE.rules, side)
    for box in taught.boxes.values():   # beads only on the best moves
        best = {game.canonical(game.result(box.position, m))
                for m in solver.best_moves(box.position)}
        box.beads[:] = [5 if game.canonical(game.result(box.position, m)) in best else 1
                        for m in box.moves]
    assert greedy_never_loses(taught) and brute_greedy_safe(taught, game.initial_state())
    rng = random.Random(side)
    for _ in range(30):   # spoil a box: both agree
        box = rng.choice(list(taught.boxes.values()))
        box.beads[:] = [rng.randint(0, 3) for _ in box.beads]
        assert greedy_never_loses(taught) == brute_greedy_safe(taught, game.initial_state())


def test_the_tournament_counts_games_to_twenty_draws_in_a_row():
    game = TicTacToe()
    run = MenaceRun(game, SCROGGS.rules, opponent="perfect", seed=2)
    games = tournament(run, limit=3000)
    assert games is not None and games == len(run.results)
    assert run.results[-20:] == [0] * 20 and run.results[-21] == -1
    assert len(run.first_box) == games + 1
    assert sum(run.tally()) == games
    dead = MenaceRun(game, MICHIE.rules, opponent="perfect", seed=0)
    dead.menace.first_box().beads[:] = [0, 0, 0]
    assert tournament(dead, limit=50) is None and len(dead.results) == 50


def test_two_menaces_and_a_person():
    game = TicTacToe()
    run = MenaceRun(game, MICHIE.rules, opponent="menace", seed=1)
    run.play(50)
    assert isinstance(run.other, Menace) and run.other.games == 50
    with pytest.raises(ValueError, match="the opponent is one of"):
        MenaceRun(game, MICHIE.rules, opponent="someone")
    person = MenaceRun(game, MICHIE.rules, opponent="person")
    with pytest.raises(ValueError, match="a person plays"):
        person.play()


def brute_can_lose(menace, replies, state):
    """Whether some line (a colour with a bead, or an empty box's resignation, against any
    of the replies) loses: walked move by move, the real moves worked out from the board
    (a bead's square: the first empty square giving its position up to symmetry)."""
    game = menace.game
    if game.is_over(state):
        return game.winner(state) == 1 - menace.side
    if game.to_move(state) == menace.side:
        box = menace.box_for(state)
        if box is None:
            return brute_can_lose(menace, replies, game.result(state, game.legal_moves(state)[0]))
        if box.total == 0:
            return True
        canon = {game.canonical(game.result(box.position, box.moves[c])): n
                 for c, n in enumerate(box.beads)}
        played = {}   # a bead's position up to symmetry -> the first square that makes it
        for m in game.legal_moves(state):
            played.setdefault(game.canonical(game.result(state, m)), m)
        return any(canon[after] > 0 and brute_can_lose(menace, replies, game.result(state, m))
                   for after, m in played.items() if after in canon)
    return any(brute_can_lose(menace, replies, game.result(state, m)) for m in replies(state))


@pytest.mark.parametrize("one_line", [False, True])
def test_never_loses_to_agrees_with_the_brute_force(one_line):
    game = TicTacToe()
    solver = Solver(game)
    perfect = PerfectMover(game, 0, solver, one_line=one_line)
    fresh = Menace(game, MICHIE.rules)
    assert not never_loses_to(fresh, perfect.choices)
    taught = Menace(game, MICHIE.rules)
    for box in taught.boxes.values():   # beads only on the best moves: it cannot lose
        best = {game.canonical(game.result(box.position, m))
                for m in solver.best_moves(box.position)}
        box.beads[:] = [2 if game.canonical(game.result(box.position, m)) in best else 0
                        for m in box.moves]
    assert never_loses_to(taught, perfect.choices)
    assert not brute_can_lose(taught, perfect.choices, game.initial_state())
    rng = random.Random(one_line)
    for _ in range(40):   # spoil a box (a bad bead, or empty): both agree
        box = rng.choice([b for b in taught.boxes.values() if b.stage < 3])
        box.beads[:] = [rng.choice((0, 0, 1)) for _ in box.beads]
        assert never_loses_to(taught, perfect.choices) == \
            (not brute_can_lose(taught, perfect.choices, game.initial_state()))


def test_one_line_of_best_play_is_always_the_same():
    game = TicTacToe()
    games = set()
    for seed in range(5):
        line = PerfectMover(game, seed, one_line=True)
        games.add(play_game(game, (line, PerfectMover(game, 7, one_line=True))).moves)
    assert len(games) == 1
    assert MenaceRun(game, MICHIE.rules, opponent="perfect-line").other.one_line


@pytest.mark.parametrize("opponent", ["perfect", "perfect-line"])
def test_games_until_safe_is_the_last_loss(opponent):
    game = TicTacToe()
    run = MenaceRun(game, SCROGGS.rules, opponent=opponent, seed=2)   # a seed that gets there
    found = games_until_safe(run, limit=3000)
    assert found is not None and found == len(run.results) and run.results[-1] == -1
    run.play(400)   # and it never loses again
    assert -1 not in run.results[found:]
    refused = MenaceRun(game, MICHIE.rules, opponent=opponent, seed=0)
    refused.menace.first_box().beads[:] = [0, 0, 0]
    assert games_until_safe(refused, limit=3000) is None and refused.results == []
    with pytest.raises(ValueError, match="against a perfect player"):
        games_until_safe(MenaceRun(game, MICHIE.rules, opponent="random"))
