"""Hexapawn's kit checked on every reachable position against the brute force written for
the tests (tests/bruteforce_hexapawn.py): typed moves, actions, hints, the longest game,
and text mode from the command line."""

import io

import bruteforce_hexapawn as brute
import pytest

from nimgame.console.cli import main
from nimgame.games import kit_for
from nimgame.games.hexapawn import Hexapawn
from nimgame.players import MinimaxPlayer, hint, hint_moves

GAME = Hexapawn()
KIT = kit_for(GAME)
POSITIONS = sorted(brute.positions(), key=repr)
PLAYABLE = [pos for pos in POSITIONS if brute.moves(pos)]


def cell_words(cell) -> str:
    f, r = cell
    return f"{'abc'[f]}{r}"


@pytest.mark.parametrize("pos", PLAYABLE, ids=repr)
def test_every_move_is_typed_and_read_back(pos):
    state = brute.to_state(pos)
    for move in brute.moves(pos):
        start, end = move
        capture = end in brute.pawns(pos, brute.other(pos.mover))
        typed = f"{cell_words(start)}{'x' if capture else '-'}{cell_words(end)}"
        assert KIT.move_text(GAME, state, brute.to_move(move)) == typed
        for form in (typed, typed.upper(), f" {cell_words(start)} {cell_words(end)} ",
                     cell_words(start) + cell_words(end)):
            assert KIT.parse_move(GAME, state, form) == brute.to_move(move)


@pytest.mark.parametrize("pos", PLAYABLE, ids=repr)
def test_a_typed_move_that_is_not_legal_says_why(pos):
    state = brute.to_state(pos)
    legal = {brute.to_move(m) for m in brute.moves(pos)}
    squares = [f"{c}{r}" for r in "123" for c in "abc"]
    for a in squares:
        for b in squares:
            move = (squares.index(a), squares.index(b))
            if move in legal:
                continue
            with pytest.raises(ValueError) as err:
                KIT.parse_move(GAME, state, f"{a}-{b}")
            assert str(err.value).rstrip(".").lower() == GAME.why_illegal(state, move).lower()
    for junk in ("", "b", "b1-", "d1-d2", "b1-b2-b3", "1b-2b", "☃"):
        with pytest.raises(ValueError, match="e.g. b1-b2"):
            KIT.parse_move(GAME, state, junk)


def test_actions_number_every_move_one_to_one():
    codec = KIT.codec(GAME)
    for pos in PLAYABLE:
        actions = [codec.encode(brute.to_move(m)) for m in brute.moves(pos)]
        assert len(set(actions)) == len(actions)
        assert all(0 <= a < codec.actions for a in actions)
        assert [codec.decode(a) for a in actions] == [brute.to_move(m)
                                                      for m in brute.moves(pos)]


def test_the_longest_game_is_what_the_kit_says():
    assert max(len(path) for path, _ in brute.every_game()) == KIT.max_game_length(GAME)


@pytest.mark.parametrize("pos", PLAYABLE, ids=repr)
def test_the_hint_names_exactly_the_best_moves(pos):
    """A winning position's hint names every winning move that wins quickest, and only
    winning moves; a lost one says so and names a move that loses slowest."""
    state = brute.to_state(pos)
    judge = MinimaxPlayer(GAME)
    lines = hint(GAME, state, judge)
    named = hint_moves(GAME, state, judge)
    wins = brute.mover_wins(pos)
    assert named
    winning = {brute.to_move(m) for m in brute.moves(pos)
               if not brute.mover_wins(brute.play(pos, m))
               or brute.winner(brute.play(pos, m)) == pos.mover}
    if wins:
        assert lines[0].startswith("Winning move") and set(named) <= winning
    else:
        assert lines[0].startswith("No winning move") and not winning
    for move in named:
        assert GAME.describe_move(state, move) in lines[0]
    assert "Black, the second player, wins" in lines[-1]


def test_the_text_board_shows_every_pawn_where_it_stands():
    for pos in POSITIONS:
        rows = KIT.text_board(GAME, brute.to_state(pos)).splitlines()
        assert rows[-1].split() == ["a", "b", "c"]
        for rank in (1, 2, 3):
            cells = rows[3 - rank].split()
            assert cells[0] == str(rank)
            for f in range(3):
                want = ("W" if (f, rank) in pos.white else
                        "B" if (f, rank) in pos.black else ".")
                assert cells[1 + f] == want


def test_play_hexapawn_in_text_mode(monkeypatch, capsys):
    """`play hexapawn --text`: White against minimax, a refused move said and asked
    again, Black's win at the end (Black wins with best play), then no more games."""
    moves = ["b1-c2", "hello", "b1-b2", "a1-a2"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(moves + ["n"]) + "\n"))
    assert main(["play", "hexapawn", "--text", "--opponent", "minimax"]) == 0
    out = capsys.readouterr().out
    assert "You are White (W)" in out
    assert "A pawn moves diagonally only to capture, and c2 is empty." in out
    assert "Type a move as two squares, e.g. b1-b2; here you can play" in out
    assert "AI plays a3xb2." in out and "AI plays b2-b1." in out   # minimax's quickest win
    assert "3  . B B\n2  W . .\n1  . B W\n   a b c\nAI wins!" in out
    assert out.rstrip().endswith("Play again (y/n)?")


def test_the_squares_are_named_by_the_files_and_ranks_its_moves_are_written_in():
    """The kit says how its squares are named (the MENACE board labels them so): every
    square of every move's text, over every position the game reaches, is a file then a
    rank of those named; the other games number their squares (or have none)."""
    from nimgame.games import KITS

    game = Hexapawn()
    files, ranks = KITS["hexapawn"].square_names(game)
    assert len(files) == len(ranks) == 3
    seen, todo, written = set(), [game.initial_state()], set()
    while todo:
        state = todo.pop()
        if state in seen or game.is_over(state):
            continue
        seen.add(state)
        for move in game.legal_moves(state):
            text = KITS["hexapawn"].move_text(game, state, move)
            written |= {text[:2], text[3:]}
            todo.append(game.result(state, move))
    assert written == {f + r for f in files for r in ranks}   # each square, by its name
    assert all(kit.square_names(kit.make()) is None for name, kit in KITS.items()
               if name != "hexapawn")
