"""`nimgame drill KIND` in the terminal: the same questions as the window's under a seed,
answers read from stdin and judged with a line, a clock that is injected (never the wall
clock here), and every bad line or the end of input said without a traceback."""

import io
import sys
from unittest import mock

import pytest

from nimgame.console.cli import main
from nimgame.console.cli.commands import drill
from nimgame.session.drill_run import DrillRun
from nimgame.session.drills import KINDS, Form


class FakeClock:
    def __init__(self, step=0.0):
        self.now, self.step = 0.0, step

    def __call__(self):
        self.now += self.step
        return self.now


def typed(question, answer):
    if question.form is Form.YES_NO:
        return "y" if answer else "n"
    if question.form is Form.MOVE and not question.board.sticks:
        return f"{answer[0] + 1}:{answer[1]}"
    return str(answer)


def right_answers(kind, level, seed, count):
    """What a person who knows the theory types: the same questions under the seed."""
    run = DrillRun(kind, level, FakeClock(), seed=seed)
    lines = []
    for number in range(count):
        if number:
            run.next()
        lines.append(typed(run.question, run.question.right[0]))
        run.answer(run.question.right[0])
    return lines


def run_cli(capsys, monkeypatch, argv, stdin, clock=None):
    monkeypatch.setattr(drill, "CLOCK", clock or FakeClock())
    with mock.patch.object(sys, "stdin", io.StringIO(stdin)):
        status = main(["drill", *argv])
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("level", [1, 3])
def test_right_answers_make_a_full_streak(capsys, monkeypatch, kind, level):
    answers = right_answers(kind, level, 4, 5)
    status, out, err = run_cli(capsys, monkeypatch,
                               [kind, "--level", str(level), "--questions", "5", "--seed", "4"],
                               "\n".join(answers) + "\n")
    assert status == 0 and err == ""
    assert out.count("Right") == 5 and "Done: 5 right of 5" in out
    assert "best streak 5." in out


def test_the_binary_table_is_printed_at_the_guided_level_only(capsys, monkeypatch):
    answers = right_answers("winning-move", 1, 2, 1)
    _, guided, _ = run_cli(capsys, monkeypatch, ["winning-move", "--questions", "1",
                                                 "--seed", "2"], answers[0] + "\n")
    answers = right_answers("winning-move", 2, 2, 1)
    _, hinted, _ = run_cli(capsys, monkeypatch, ["winning-move", "--level", "2",
                                                 "--questions", "1", "--seed", "2"],
                           answers[0] + "\n")
    assert "  nim-sum " in guided and "  nim-sum " not in hinted


def test_bad_lines_are_asked_again_with_a_line_saying_why(capsys, monkeypatch):
    answers = right_answers("winning-move", 1, 1, 1)
    status, out, err = run_cli(capsys, monkeypatch,
                               ["winning-move", "--questions", "1", "--seed", "1"],
                               "\n".join(["9:9", "1:99", "banana", "x" * 5000, "\x1b[2J",
                                          "h", "h", "h", answers[0]]) + "\n")
    assert status == 0 and err == "" and "\x1b" not in out
    assert "There is no pile 9" in out and "Type a move as PILE:COUNT" in out
    assert "That is too long for an answer." in out
    assert "Leave a nim-sum of 0" in out and "No more hints for this question." in out
    assert "Done: 1 right of 1" in out


def test_no_hints_at_the_bare_level_and_q_stops(capsys, monkeypatch):
    status, out, _ = run_cli(capsys, monkeypatch, ["lost", "--level", "3"], "h\nmaybe\nq\n")
    assert status == 0 and "No hint at this level." in out and "Answer y or n." in out
    assert "Done: 0 right of 0, 0 points" in out


def test_an_answer_after_the_time_is_up_is_too_late(capsys, monkeypatch):
    answers = right_answers("sticks", 3, 6, 2)
    status, out, _ = run_cli(capsys, monkeypatch, ["sticks", "--level", "3", "--questions",
                                                   "2", "--seed", "6"],
                             "\n".join(answers) + "\n", clock=FakeClock(step=25.0))
    assert status == 0 and out.count("Time is up: the answer was take ") == 2
    assert "Done: 0 right of 2" in out


def test_the_end_of_input_still_says_the_score(capsys, monkeypatch):
    answers = right_answers("grundy", 2, 3, 2)
    status, out, err = run_cli(capsys, monkeypatch, ["grundy", "--level", "2", "--seed", "3"],
                               answers[0] + "\n")
    assert status == 1 and "End of input." in out and "Done: 1 right of 1" in out
    assert "Traceback" not in out + err


@pytest.mark.parametrize("argv,said", [
    (["chess"], "invalid choice: 'chess'"),
    (["lost", "--level", "0"], "--level must be a whole number from 1 to 3"),
    (["lost", "--questions", "0"], "--questions must be a whole number from 1 to 1000, not 0"),
    (["lost", "--questions", "10" * 50], "--questions must be a whole number"),
])
def test_wrong_options_are_one_line_and_exit_2(capsys, monkeypatch, argv, said):
    status, out, err = run_cli(capsys, monkeypatch, argv, "")
    assert status == 2 and said in err and len(err.strip().splitlines()) <= 3


def test_a_closed_stdin_is_said_before_the_first_question(capsys, monkeypatch):
    closed = io.StringIO("")
    closed.close()
    monkeypatch.setattr(drill, "CLOCK", FakeClock())
    with mock.patch.object(sys, "stdin", closed):
        status = main(["drill", "lost"])
    out = capsys.readouterr()
    assert status == 1 and "no answers can be read: stdin is closed" in out.err
    assert "Question" not in out.out
