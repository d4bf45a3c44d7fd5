"""`nimgame arena --csv`: a row per player, in the columns the window's arena exports."""

import csv

from nimgame.console.cli import main
from nimgame.learning.exports import ARENA_COLUMNS


def test_the_results_are_written_a_row_per_player(capsys, tmp_path):
    path = tmp_path / "arena.csv"
    status = main(["arena", "sticks", "perfect", "random", "--games", "8", "--seed", "1",
                   "--csv", str(path)])
    out = capsys.readouterr().out
    assert status == 0 and out.splitlines()[-1] == f"Wrote {path}"
    rows = list(csv.DictReader(path.read_text(encoding="utf-8").splitlines()))
    assert tuple(rows[0]) == ARENA_COLUMNS
    perfect, random = rows
    assert (perfect["contender"], perfect["opponent"], random["contender"]) == (
        "perfect", "random", "random")
    assert int(perfect["wins"]) == int(random["losses"])
    assert int(perfect["wins"]) + int(perfect["losses"]) + int(perfect["draws"]) == 8
    assert int(perfect["wins_moving_first"]) + int(perfect["wins_moving_second"]) == \
        int(perfect["wins"])
    assert float(perfect["fitness"]) == (int(perfect["wins"]) + int(perfect["draws"]) / 2) / 8
    assert (perfect["selected"], random["selected"]) == ("1", "0")   # perfect is ahead


def test_a_path_that_cannot_be_written_is_one_line(capsys, tmp_path):
    status = main(["arena", "nim", "perfect", "random", "--games", "2", "--csv",
                   str(tmp_path / "no" / "such.csv")])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1
    assert err.startswith(f"nimgame: error: cannot write {tmp_path / 'no' / 'such.csv'}: ")
