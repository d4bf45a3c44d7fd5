"""Game records: what a finished match keeps, read back whole; the last 200 kept, the
oldest removed; the numbers never shared; and every hostile file refused in one line."""

import json
import os
import random

import pytest

from nimgame.files import SaveError
from nimgame.games import Nim, Sticks, TicTacToe, kit_for, make_game
from nimgame.match import Match, Seat
from nimgame.players import MinimaxPlayer, PerfectPlayer
from nimgame.review import records
from nimgame.review.records import KEEP, GameRecord, RecordError, SeatRecord


def finished_match(game, seed=1):
    """A match between a person (playing at random) and an AI, played to the end."""
    rng = random.Random(seed)
    judge = MinimaxPlayer(game) if not PerfectPlayer.supports(game) else PerfectPlayer(game)
    match = Match(game, (Seat("Ada"), Seat("AI", judge, label="Perfect")))
    while not match.over:
        if match.humans_turn:
            match.play(rng.choice(game.legal_moves(match.state)))
        else:
            turn = match.ai_turn()
            match.play_ai(turn.player.choose_move(turn.state), turn.generation)
    return match


@pytest.mark.parametrize("game", [Nim((1, 3, 5, 7)), Nim((2, 4), misere=False, max_take=2),
                                  Sticks(20), TicTacToe(), make_game("hexapawn")])
def test_a_finished_match_is_kept_and_read_back_whole(game, tmp_path):
    match = finished_match(game)
    record = match.record()
    assert record.over and record.winner == game.winner(match.state)
    assert record.moves == tuple(match.moves) and len(match.moves) == len(match.history) - 1
    assert record.seats == (SeatRecord("Ada", None), SeatRecord("AI", "Perfect"))
    number = records.keep(record, tmp_path)
    path = tmp_path / f"{number:06d}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "nimgame game record" and data["game"] == game.name
    kit, state = kit_for(game), game.initial_state()
    for text, move in zip(data["moves"], match.moves, strict=True):
        assert text == kit.move_text(game, state, move)
        state = game.result(state, move)
    assert records.read(path) == record


def test_the_record_in_json_is_plain_data(tmp_path):
    game = Nim((1, 2))
    record = GameRecord.of(game, (SeatRecord("You"), SeatRecord("AI", "Minimax")),
                           [(1, 2), (0, 1)])
    number = records.keep(record, tmp_path)
    data = json.loads((tmp_path / f"{number:06d}.json").read_text(encoding="utf-8"))
    assert data == {"format": "nimgame game record", "version": 1, "game": "nim",
                    "rules": {"piles": [1, 2], "misere": True, "max_take": None},
                    "seats": [{"name": "You", "ai": None}, {"name": "AI", "ai": "Minimax"}],
                    "moves": ["2:2", "1:1"], "result": {"over": True, "winner": 0},
                    "time": record.time}
    assert not (tmp_path / f"{number:06d}.json").read_bytes().startswith(b"\x80")  # no pickle


def test_any_names_are_kept_so_that_they_read_back(tmp_path):
    """A name too long or holding invisible characters (a brain's, from anywhere) is kept
    shown safely and cut, so the record reads back."""
    game = Sticks(3)
    match = Match(game, (Seat("A\u202e" + "x" * 100), Seat("", PerfectPlayer(game),
                                                         label="\x1b[2J")))
    match.play(2)
    match.play(1)
    record = records.read(tmp_path / f"{records.keep(match.record(), tmp_path):06d}.json")
    assert record.seats[0].name.startswith("A\\u202exxx") and len(record.seats[0].name) == 60
    assert record.seats[1] == SeatRecord("?", "\\x1b[2J")


def test_take_backs_leave_the_moves_of_the_history():
    game = Sticks(10)
    match = Match(game, (Seat("You"), Seat("AI", PerfectPlayer(game))))
    match.play(1)
    turn = match.ai_turn()
    match.play_ai(turn.player.choose_move(turn.state), turn.generation)
    match.take_back()
    assert match.moves == [] and match.record().moves == ()
    match.play(2)
    assert match.moves == [2] and not match.record().over
    match.restart()
    assert match.moves == []


def test_the_last_200_are_kept_and_numbers_go_on(tmp_path):
    record = GameRecord.of(Sticks(3), (SeatRecord("A"), SeatRecord("B")), [2, 1])
    kept = [records.keep(record, tmp_path) for _ in range(KEEP + 5)]
    assert kept == list(range(1, KEEP + 6))
    assert records.numbers(tmp_path) == list(range(6, KEEP + 6))
    assert len(os.listdir(tmp_path)) == KEEP
    assert records.keep(record, tmp_path) == KEEP + 6
    assert records.numbers(tmp_path)[0] == 7
    listed = records.kept_games(tmp_path)
    assert [k.number for k in listed[:2]] == [KEEP + 6, KEEP + 5] and listed[0].record == record


def test_two_keepers_never_share_a_number(tmp_path):
    """A number taken between looking and writing (another process) is skipped."""
    record = GameRecord.of(Sticks(3), (SeatRecord("A"), SeatRecord("B")), [2])
    (tmp_path / "000001.json").write_text("")
    (tmp_path / "000002.json").write_text("")
    assert records.keep(record, tmp_path) == 3
    assert (tmp_path / "000001.json").read_text() == ""


def test_a_folder_that_cannot_be_written_says_so_in_one_line(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    record = GameRecord.of(Sticks(3), (SeatRecord("A"), SeatRecord("B")), [2])
    with pytest.raises(SaveError) as raised:
        records.keep(record, blocked / "games")
    assert "\n" not in str(raised.value) and "cannot keep the game" in str(raised.value)
    assert blocked.read_text() == "not a folder"


def test_find_by_number_name_last_or_path(tmp_path):
    record = GameRecord.of(Sticks(3), (SeatRecord("A"), SeatRecord("B")), [2])
    records.keep(record, tmp_path)
    records.keep(record, tmp_path)
    assert records.find("2", tmp_path) == tmp_path / "000002.json"
    assert records.find("last", tmp_path) == tmp_path / "000002.json"
    assert records.find("000001.json", tmp_path) == tmp_path / "000001.json"
    assert records.find(str(tmp_path / "000001.json"), tmp_path) == tmp_path / "000001.json"
    with pytest.raises(RecordError, match="there is no kept game 9"):
        records.find("9", tmp_path)
    with pytest.raises(RecordError, match="no game has been kept yet"):
        records.find("last", tmp_path / "empty")


def test_the_default_folder_is_in_nimgame_home(nimgame_home):
    record = GameRecord.of(Sticks(3), (SeatRecord("A"), SeatRecord("B")), [2])
    assert records.keep(record) == 1
    assert (nimgame_home / "games" / "000001.json").is_file()


# -- hostile files ----------------------------------------------------------------------

GOOD = {"format": "nimgame game record", "version": 1, "game": "sticks",
        "rules": {"sticks": 5, "max_take": 3},
        "seats": [{"name": "You", "ai": None}, {"name": "AI", "ai": "Perfect"}],
        "moves": ["3", "1", "1"], "result": {"over": True, "winner": 1},
        "time": "2025-01-31T18:04:05Z"}


def changed(**fields):
    data = json.loads(json.dumps(GOOD))
    for key, value in fields.items():
        if value is KeyError:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data).encode()


HOSTILE = {
    "empty": (b"", "it is empty"),
    "truncated": (json.dumps(GOOD).encode()[:40], "it is not JSON"),
    "utf-16": (json.dumps(GOOD).encode("utf-16"), "not UTF-8"),
    "latin-1": ('{"format": "é"}'.encode("latin-1"), "not UTF-8"),
    "a list": (b"[1, 2, 3]", "not a nimgame game record"),
    "a pickle": (b"\x80\x04\x95\x05\x00\x00\x00\x00\x00\x00\x00}\x94.", "not UTF-8"),
    "deep": (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    "deep in a field": (changed(seats=None).replace(b"null", b"[" * 50_000 + b"]" * 50_000),
                        "nested too deeply"),
    "a huge number": (changed(version=None).replace(b"null", b"9" * 5000), "not JSON"),
    "newer": (changed(version=2), "written by a newer nimgame"),
    "version as text": (changed(version="1"), "version must be 1"),
    "version as true": (changed(version=True), "version must be 1"),
    "no moves": (changed(moves=KeyError), 'lacks "moves"'),
    "an extra field": (changed(extra=1), "unknown field extra"),
    "unknown game": (changed(game="chess"), "unknown game"),
    "rules as a list": (changed(rules=[5, 3]), "rules must be an object"),
    "a missing rule": (changed(rules={"sticks": 5}), 'lacks "max_take"'),
    "a rule as text": (changed(rules={"sticks": "5", "max_take": 3}), "rules are broken"),
    "a rule out of range": (changed(rules={"sticks": -1, "max_take": 3}), "rules are broken"),
    "a float rule": (changed(rules={"sticks": 5.0, "max_take": 3}), "rules are broken"),
    "seats as text": (changed(seats="You, AI"), "seats must be a list of two seats"),
    "three seats": (changed(seats=[GOOD["seats"][0]] * 3), "seats must be a list of two"),
    "a seat's name a number": (changed(seats=[{"name": 1, "ai": None}, GOOD["seats"][1]]),
                               "seat 1's name must be text"),
    "a seat's name too long": (changed(seats=[{"name": "x" * 61, "ai": None},
                                              GOOD["seats"][1]]), "1 to 60 visible characters"),
    "moves as text": (changed(moves="3 1 1"), "moves must be a list"),
    "a move as a number": (changed(moves=[3, 1, 1]), "move 1 must be text"),
    "an illegal move": (changed(moves=["3", "4"]), "the move at ply 2 (4) cannot be played"),
    "a move after the end": (changed(moves=["3", "1", "1", "1"]), "the game is over by then"),
    "too many moves": (changed(moves=["1"] * 20_001), "at most 20,000 moves"),
    "a wrong result": (changed(result={"over": True, "winner": 0}), "is not what its moves"),
    "a result as true": (changed(result={"over": True, "winner": True}), "is not what"),
    "a result of 1 for over": (changed(result={"over": 1, "winner": 1}), "is not what"),
    "a seat's name that hides": (changed(seats=[{"name": "You\u202e", "ai": None},
                                                GOOD["seats"][1]]), "visible characters"),
    "an AI's name as a list": (changed(seats=[GOOD["seats"][0], {"name": "AI", "ai": []}]),
                               "seat 2's AI must be text"),
    "no time": (changed(time=KeyError), 'lacks "time"'),
    "a time in other digits": (changed(time="２０２５-01-31T18:04:05Z"), "time must be a date"),
    "a time out of range": (changed(time="2025-13-31T18:04:05Z"), "time must be a date"),
    "a time that is not one": (changed(time="yesterday"), "time must be a date"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_record_is_refused_in_one_line(name, tmp_path):
    content, words = HOSTILE[name]
    path = tmp_path / "000001.json"
    path.write_bytes(content)
    with pytest.raises(RecordError) as raised:
        records.read(path)
    message = str(raised.value)
    assert words in message and "\n" not in message and len(message) < 300
    listed = records.kept_games(tmp_path)
    assert listed[0].record is None and listed[0].problem == message


def test_the_good_record_above_is_read():
    """The hostile files above are each one change away from a good one."""
    record = records.from_data(json.loads(json.dumps(GOOD)))
    assert record.game == Sticks(5) and record.moves == (3, 1, 1) and record.winner == 1


def test_a_huge_file_is_not_read(tmp_path):
    path = tmp_path / "000001.json"
    with open(path, "wb") as file:
        file.truncate(2 * records.MAX_BYTES)   # sparse: costs no disk
    with pytest.raises(RecordError, match="too large for a game record"):
        records.read(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_does_not_hang_the_reader(tmp_path):
    path = tmp_path / "000001.json"
    os.mkfifo(path)
    with pytest.raises(RecordError, match="not a regular file"):
        records.read(path)
    assert records.kept_games(tmp_path)[0].problem.startswith("it is not a regular file")


def test_a_folder_a_dangling_link_and_a_missing_file(tmp_path):
    (tmp_path / "000001.json").mkdir()
    os.symlink(tmp_path / "nowhere", tmp_path / "000002.json")
    problems = [k.problem for k in records.kept_games(tmp_path)]
    assert problems == ["there is no such file", "it is a folder, not a game record"]
    with pytest.raises(RecordError, match="there is no such file"):
        records.read(tmp_path / "000003.json")


def test_files_that_are_not_records_are_left_alone(tmp_path):
    """Pruning removes only kept games: other files in the folder stay."""
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / "12.json").write_text("{}")
    record = GameRecord.of(Sticks(3), (SeatRecord("A"), SeatRecord("B")), [2])
    for _ in range(3):
        records.keep(record, tmp_path)
    records.prune(tmp_path, keep_last=1)
    assert sorted(os.listdir(tmp_path)) == ["000003.json", "12.json", "notes.txt"]
