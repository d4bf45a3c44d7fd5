"""KUET's NimX console game: golden transcripts (Easy and Hard, seeded, fed on stdin)
compared line for line, the report's own lines verbatim, and the transcripts re-checked by
an independent reading: every board drawn follows from the moves, the boards keep the
report's constraints, minimax and alpha-beta never miss a win, and the win arrays, fitness
and selection are what the games say."""

import io
import re
import sys
from pathlib import Path

import pytest
from bruteforce import nim_mover_wins
from dialogue import split_transcript
from hypothesis import given, settings
from hypothesis import strategies as st

from nimgame.console.cli import main

GOLDEN = Path(__file__).parent / "golden"
PROMPTS = ("??? ", "'n' ", "Enter 1 or 2: ", "??: ")
#: (file, --seed): the person plays well, errs in games 2 and 3 (Easy) or 3 and 4 (Hard),
#: and types bad answers in game 1.
TRANSCRIPTS = [("kuet-easy.txt", 5), ("kuet-hard.txt", 5)]

#: The report's "How to play" lines, word for word.
REPORT_LINES = [
    "Hello!!! I am NimX...", "What is your name???", "Do you want to play with me???",
    "If you want then press 'y' otherwise press 'n'", "Choose difficulty level:",
    "1. Easy (NimX uses IDA*)", "2. Hard (NimX uses Minimax and Alpha-Beta)",
    "Enter 1 or 2:", "Let's see how the board is looking right now...", "-----",
    "NimX is playing using IDA*.....", "->->->->->->->->->->->->->->->->->->->",
    "From which pile you want to remove stones, Fiza??:",
    "How many stones do you want to remove (maximum 3)??:", "After NimX's turn,,,"]
EASY_END = ["Genetic algorithm is not applicable in Easy mode."]
HARD_END = ["1 represents wins and 0 represents lose"]


def run(argv, stdin, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(argv)
    return status, capsys.readouterr()


@pytest.mark.parametrize("name,seed", TRANSCRIPTS)
def test_golden_transcript(name, seed, monkeypatch, capsys):
    transcript = (GOLDEN / name).read_text(encoding="utf-8")
    stdin, expected = split_transcript(transcript, PROMPTS)
    status, out = run(["play", "nim", "--kuet", "--seed", str(seed)], stdin, monkeypatch,
                      capsys)
    assert status == 0 and out.err == ""
    assert out.out.splitlines() == expected.splitlines()
    assert out.out == expected


@pytest.mark.parametrize("name,seed", TRANSCRIPTS)
def test_the_reports_lines_appear_verbatim(name, seed):
    text = (GOLDEN / name).read_text(encoding="utf-8")
    hard = "hard" in name
    for line in REPORT_LINES + (HARD_END if hard else EASY_END):
        if hard and "IDA*" in line and "Easy" not in line:
            line = line.replace("IDA*", "Minimax")
        assert line in text, line
    assert re.search(r"^Pile_no 1: (/\*\\)+$", text, re.M)
    assert re.search(r"^NimX removes \d stones from pile \d\.$", text, re.M)
    if hard:
        assert "NimX is playing using Alpha-Beta....." in text
        assert re.search(r"^Minimax chromosome \(wins\): \[[01], [01], [01]\]$", text, re.M)
        assert re.search(r"^Alpha-Beta chromosome \(wins\): \[[01], [01], [01]\]$", text,
                         re.M)
        assert re.search(r"^Algorithm: Minimax, Fitness: [01]\.\d+$", text, re.M)
        assert re.search(r"^Selected Chromosome: \[.*\] with algorithm: "
                         r"(Minimax|Alpha_Beta)$", text, re.M)
    else:
        assert re.search(r"^IDA\* wins: \[[01], [01], [01]\]$", text, re.M)


def replay(text):
    """Read a transcript as a referee would: the games it shows, each a list of (board,
    strategy, moves by whom), checking every drawn board against the moves made."""
    games = []
    lines = text.splitlines()
    i = 0
    board = None
    while i < len(lines):
        line = lines[i]
        if line == "Let's see how the board is looking right now...":
            j = i + 2
            drawn = []
            while lines[j] != "-----":
                found = re.fullmatch(r"Pile_no (\d+):((?: /\*\\(?:/\*\\)*)?)", lines[j])
                assert found and int(found[1]) == len(drawn) + 1, lines[j]
                drawn.append(found[2].count("/*\\"))
                j += 1
            if board is None:   # a new game's board
                games.append({"start": tuple(drawn), "moves": [], "strategy": None})
            else:
                assert tuple(drawn) == tuple(board), (drawn, board)
            board = list(drawn)
            i = j
        elif m := re.fullmatch(r"NimX is playing using (.+)\.\.\.\.\.", line):
            games[-1]["strategy"] = m[1]
        elif m := re.search(r"remove stones, Fiza\?\?: (.*)$", line):
            count = re.search(r"\(maximum 3\)\?\?: (.*)$", lines[i + 1])[1]
            refused = lines[i + 2].startswith(("Please", "You cannot"))
            if not refused:
                pile, count = int(m[1]) - 1, int(count)
                assert 1 <= count <= 3 and count <= board[pile]
                games[-1]["moves"].append(("you", tuple(board), (pile, count)))
                board[pile] -= count
            i += 1
        elif m := re.fullmatch(r"NimX removes (\d) stones from pile (\d)\.", line):
            pile, count = int(m[2]) - 1, int(m[1])
            assert 1 <= count <= 3 and count <= board[pile]
            games[-1]["moves"].append(("NimX", tuple(board), (pile, count)))
            board[pile] -= count
        elif line.startswith(("NimX took the last stone", "You took the last stone")):
            assert not any(board)
            games[-1]["NimX won"] = line.startswith("NimX")
            board = None
        i += 1
    return games


@pytest.mark.parametrize("name,seed", TRANSCRIPTS)
def test_an_independent_reading_of_the_transcript(name, seed):
    text = (GOLDEN / name).read_text(encoding="utf-8")
    games = replay(text)
    hard = "hard" in name
    assert len(games) == (6 if hard else 3)
    for number, game in enumerate(games):
        # The report's constraints: 2 to 3 piles of 1 to 6 stones; you move first.
        assert 2 <= len(game["start"]) <= 3 and all(1 <= p <= 6 for p in game["start"])
        assert game["moves"][0][0] == "you"
        assert [who for who, _, _ in game["moves"]] == ["you", "NimX"] * (
            len(game["moves"]) // 2) + ["you"] * (len(game["moves"]) % 2)
        # Whoever took the last stone won (normal play).
        assert game["NimX won"] == (game["moves"][-1][0] == "NimX")
        expected = ("Minimax", "Alpha-Beta")[number % 2] if hard else "IDA*"
        assert game["strategy"] == expected
        if hard:   # minimax and alpha-beta never let a won position go
            for who, before, (pile, count) in game["moves"]:
                if who == "NimX" and nim_mover_wins(before, False, 3):
                    after = list(before)
                    after[pile] -= count
                    assert not nim_mover_wins(tuple(after), False, 3), (before, pile, count)
    wins = [int(g["NimX won"]) for g in games]
    # After the report's end, the person's own score and why NimX lost: counted here from
    # the games read and, for why, from a brute force of who wins each board played.
    *report, score, why = text.rstrip("\n").split("\n")
    text = "\n".join(report)
    assert score == f"Your score: {len(wins) - sum(wins)} of {len(wins)} games won (NimX " \
                    f"won {sum(wins)})"
    first_wins = sum(nim_mover_wins(g["start"], False, 3) for g in games)
    assert why.startswith(f"You moved first in every game, and on {first_wins} of the "
                          f"{len(games)} boards the first to move can force a win")
    if hard:
        minimax, alphabeta = wins[0::2], wins[1::2]
        assert f"Minimax chromosome (wins): {minimax}" in text
        assert f"Alpha-Beta chromosome (wins): {alphabeta}" in text
        assert f"Algorithm: Minimax, Fitness: {sum(minimax) / 3}" in text
        assert f"Algorithm: Alpha_Beta, Fitness: {sum(alphabeta) / 3}" in text
        best = alphabeta if sum(alphabeta) > sum(minimax) else minimax
        who = "Alpha_Beta" if sum(alphabeta) > sum(minimax) else "Minimax"
        assert text.rstrip().endswith(f"Selected Chromosome: {best} with algorithm: {who}")
        assert 0 < sum(wins) < 6   # the transcript shows both outcomes
    else:
        assert text.rstrip().endswith(f"IDA* wins: {wins}\n\nGenetic algorithm is not "
                                      "applicable in Easy mode.")
        assert 0 < sum(wins) < 3


#: Every line NimX may print: the report's "How to play" lines and results (with the
#: strategy, board, numbers and name filled in), then the player's choices the README lists
#: where the report is silent (a refusal saying why, 'n' saying goodbye, a line after each
#: game saying who took the last stone). Nothing else: no heading the report does not have.
ANSWER = r" ?.*"
REPORT_PATTERNS = [
    r"", r"Hello!!! I am NimX\.\.\.", r"What is your name\?\?\?" + ANSWER,
    r"Do you want to play with me\?\?\?",
    r"If you want then press 'y' otherwise press 'n'" + ANSWER,
    r"Choose difficulty level:", r"1\. Easy \(NimX uses IDA\*\)",
    r"2\. Hard \(NimX uses Minimax and Alpha-Beta\)", r"Enter 1 or 2:" + ANSWER,
    r"Let's see how the board is looking right now\.\.\.", r"-----",
    r"Pile_no [1-3]:(?: (?:/\*\\)+)?", r"NimX is playing using (?:IDA\*|Minimax|Alpha-Beta)\.{5}",
    r"(?:->){19}", r"From which pile you want to remove stones, .+\?\?:" + ANSWER,
    r"How many stones do you want to remove \(maximum 3\)\?\?:" + ANSWER,
    r"NimX removes [1-3] stones from pile [1-3]\.", r"After NimX's turn,,,",
    r"IDA\* wins: \[[01], [01], [01]\]", r"Genetic algorithm is not applicable in Easy mode\.",
    r"(?:Minimax|Alpha-Beta) chromosome \(wins\): \[[01], [01], [01]\]",
    r"1 represents wins and 0 represents lose",
    r"Algorithm: (?:Minimax|Alpha_Beta), Fitness: [01]\.\d+",
    r"Selected Chromosome: \[[01], [01], [01]\] with algorithm: (?:Minimax|Alpha_Beta)",
]
CHOICES = [
    r"Please tell me your name \(a few letters\)\.",
    r"That is too long for a name: \d+ characters at most\.", r"Please press 'y' or 'n'\.",
    r"Please enter 1 or 2\.", r"Please type whole numbers, like 1\.",
    r"You cannot do that: .+\. Try again\.", r"Okay, .+\. Maybe next time!!!",
    r"NimX took the last stone: NimX wins this game!!!",
    r"You took the last stone: you win this game, .+!!!",
    r"Your score: \d of [36] games? won \(NimX won \d\)",
    r"You moved first in every game, and on .+\.",
]


@pytest.mark.parametrize("name,seed", TRANSCRIPTS)
def test_every_line_is_the_reports_or_a_choice_the_readme_lists(name, seed):
    """The golden transcripts (which the game's output must equal, above) hold only the
    report's lines and the README's listed choices: e.g. no "Game 1 of 3" heading."""
    allowed = re.compile("|".join(f"(?:{p})" for p in REPORT_PATTERNS + CHOICES))
    text = (GOLDEN / name).read_text(encoding="utf-8")
    assert [line for line in text.splitlines() if not allowed.fullmatch(line)] == []


def test_n_says_goodbye(monkeypatch, capsys):
    status, out = run(["play", "nim", "--kuet"], "Ann\nn\n", monkeypatch, capsys)
    assert status == 0
    assert out.out.splitlines()[-1] == "If you want then press 'y' otherwise press 'n' " \
                                       "Okay, Ann. Maybe next time!!!"


@pytest.mark.parametrize("length,kept", [(40, True), (41, False), (100, False),
                                          (101, False), (10_000, False)])
def test_a_name_is_kept_whole_up_to_40_characters_and_refused_beyond(length, kept,
                                                                      monkeypatch, capsys):
    """One rule at every length: up to 40 characters the name is used whole; a longer
    one is refused with the limit, and the name is asked again."""
    name = "N" * length
    status, out = run(["play", "nim", "--kuet"], f"  {name}  \nAnn\nn\n", monkeypatch, capsys)
    lines = out.out.splitlines()
    assert status == 0 and out.err == ""
    if kept:
        assert lines[-1].endswith(f"Okay, {name}. Maybe next time!!!")
        assert "too long" not in out.out
    else:
        assert lines[1] == ("What is your name??? That is too long for a name: 40 characters "
                            "at most.")
        assert lines[-1].endswith("Okay, Ann. Maybe next time!!!")
        assert "N" * 39 not in out.out   # not shortened and used


def test_the_end_of_input_mid_game_ends_politely(monkeypatch, capsys):
    status, out = run(["play", "nim", "--kuet", "--seed", "1"], "Ann\ny\n2\n1\n",
                      monkeypatch, capsys)
    assert status == 1 and out.out.endswith("End of input: goodbye.\n") and not out.err


@pytest.mark.parametrize("argv", [["play", "sticks", "--kuet"],
                                  ["play", "nim", "--kuet", "--piles", "1,2"],
                                  ["play", "nim", "--kuet", "--cs50"],
                                  ["play", "nim", "--kuet", "--opponent", "perfect"]])
def test_options_that_do_not_go_with_kuet_are_one_line(argv, monkeypatch, capsys):
    status, out = run(argv, "", monkeypatch, capsys)
    assert status == 2 and out.err.count("\n") == 1 and "--kuet" in out.err


HOSTILE = st.sampled_from(["", "x", "²", "①", "\u200b", "1" * 10_000, "10" + "0" * 30, "-1",
                           "0", "4", "1", "2", "3", "y", "n", "Y", " 1 ", "1.5", "\x1b[2J"])


@settings(max_examples=40, deadline=None)
@given(answers=st.lists(HOSTILE, max_size=120), seed=st.integers(0, 50))
def test_any_answers_end_in_words_never_a_traceback(answers, seed):
    """Whatever is typed, the game answers in words and ends at the end of input."""
    import contextlib

    out = io.StringIO()
    old = sys.stdin
    sys.stdin = io.StringIO("Ann\ny\n" + "\n".join(answers) + "\n")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            status = main(["play", "nim", "--kuet", "--seed", str(seed)])
    finally:
        sys.stdin = old
    assert status == 1   # the answers run out before the six games end
    assert "Traceback" not in out.getvalue() and "\x1b" not in out.getvalue()
