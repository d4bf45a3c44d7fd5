"""The lessons: every shipped lesson reads and is whole, the loader refuses a broken or
hostile file with one line naming the file, the step and what is wrong (never a
traceback), and each teacher sheet holds its lesson's goals, questions and answers."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nimgame.games import KITS
from nimgame.players.minimax import MinimaxPlayer
from nimgame.session.lesson_sheets import (
    SheetError,
    sheet_markdown,
    sheet_pdf,
    step_minutes,
    write_sheet,
)
from nimgame.session.lessons import (
    RUN_SCREENS,
    CheckStep,
    ExplainStep,
    LessonError,
    PredictStep,
    RunStep,
    lesson_from_data,
    lessons_folder,
    load_lesson,
    load_lessons,
    parse_lesson,
    quoted,
)
from nimgame.session.pdf import pdf_document, text_op
from nimgame.storage import game_from_header

ROOT = Path(__file__).resolve().parent.parent
SHELF = load_lessons()
LESSONS = list(SHELF.lessons.values())

GOOD = '''
title = "A lesson"
minutes = 10
goals = ["one goal"]

[[step]]
kind = "predict"
name = "guess"
question = "How many?"
number = [1, 9]

[[step]]
kind = "run"
screen = "drills"
preset = { kind = "lost", level = 2 }
text = "Do it."

[[step]]
kind = "explain"
text = "You said {guess}."

[[step]]
kind = "check"
question = "Which?"
choices = ["a", "b"]
answer = "a"
why = "Because."
'''


def test_the_shipped_lessons_all_read_and_are_whole():
    assert SHELF.problems == ()
    assert lessons_folder().resolve() == (ROOT / "assets" / "lessons").resolve()
    titles = {lesson.title for lesson in LESSONS}
    for wanted in ("Teach a matchbox", "Find the Sticks rule", "The nim-sum",
                   "Exploration against exploitation", "Minimax and alpha-beta",
                   "MCTS thinks in samples", "Why AlphaZero struggles with Nim"):
        assert wanted in titles
    for lesson in LESSONS:
        assert 10 <= lesson.minutes <= 20, lesson.name
        kinds = [step.kind for step in lesson.steps]
        # predict -> run -> explain, in that order, and a question with its answer
        first = kinds.index("predict")
        assert "run" in kinds[first:] and "explain" in kinds[kinds.index("run", first):]
        assert lesson.checks(), lesson.name
        assert sum(step_minutes(lesson)) == lesson.minutes
        for step in lesson.steps:   # every explanation quotes a prediction made before it
            if isinstance(step, ExplainStep):
                assert re.search(r"\{[a-z_0-9]+\}", step.text), lesson.name


def test_the_run_steps_name_the_screens_the_issue_asks_for():
    screens = {lesson.name: {step.screen for step in lesson.runs()} for lesson in LESSONS}
    assert screens["01-matchbox"] == {"menace"}
    assert screens["04-exploration"] == {"lab"}
    assert screens["06-mcts"] == {"mcts"}
    assert screens["03-nim-sum"] == {"drills"}
    pyramid = SHELF.lessons["07-alphazero"].runs()[0]
    assert "pyramid" in pyramid.preset["board"]
    lab = SHELF.lessons["04-exploration"].runs()[0]
    assert [run["epsilon"] for run in lab.preset["runs"]] == [0.0, 0.1, 0.3]


def test_the_minimax_lesson_quotes_the_positions_each_search_counts():
    """The counts in its explanation are what the searches count (first move, seed 1)."""
    text = next(step.text for step in SHELF.lessons["05-minimax"].steps
                if isinstance(step, ExplainStep))
    for label in ("Tic-Tac-Toe", "Nim 1, 3, 5, 7 — misère (CS50)"):
        kit, preset = next((k, p) for k in KITS.values() for p in k.presets if p.label == label)
        game = game_from_header({"game": kit.name, "rules": {
            k: list(v) if isinstance(v, tuple) else v for k, v in preset.rules.items()}})
        for alpha_beta in (False, True):
            search = MinimaxPlayer(game, alpha_beta=alpha_beta, seed=1)
            search.choose_move(game.initial_state())
            assert f"{search.nodes:,}" in text, (label, alpha_beta, search.nodes)


def test_a_good_lesson_reads_into_typed_steps_and_quotes_its_predictions():
    lesson = parse_lesson(GOOD, "a-lesson")
    predict, run, explain, check = lesson.steps
    assert isinstance(predict, PredictStep) and predict.choices.accepts("9")
    assert not predict.choices.accepts("10") and not predict.choices.accepts("x")
    assert isinstance(run, RunStep) and run.preset == {"kind": "lost", "level": 2}
    assert isinstance(explain, ExplainStep)
    assert quoted(explain.text, {"guess": "7"}) == "You said 7."
    assert quoted(explain.text, {}) == "You said (not answered)."
    measured = parse_lesson(GOOD.replace("{guess}", "{guess}, it measured {result}"), "m")
    assert quoted(measured.steps[2].text, {"guess": "7", "result": "3 of 4 right"}) == \
        "You said 7, it measured 3 of 4 right."
    assert isinstance(check, CheckStep) and check.answer == "a"


def test_a_named_run_is_quoted_by_its_name_and_the_sheet_says_which_run():
    """Two runs quoted in one explanation: {result} is the last; a run's name quotes it."""
    lesson = parse_lesson(GOOD.replace('kind = "run"', 'kind = "run"\nname = "drilled"')
                          .replace("You said {guess}.", "You said {guess}; {drilled}."), "n")
    run, explain = lesson.steps[1], lesson.steps[2]
    assert isinstance(run, RunStep) and run.name == "drilled"
    assert quoted(explain.text, {"guess": "7", "drilled": "3 of 4 right"}) == \
        "You said 7; 3 of 4 right."
    assert parse_lesson(GOOD, "plain").steps[1].name == ""
    sheet = sheet_markdown(lesson)
    assert "You said [their answer to guess]; [what run drilled measured]." in sheet
    assert "Run (drilled) Drills" in sheet


BROKEN = [
    ("title = 'x'", "lesson.toml: 'minutes' is missing"),
    ("x = [", "lesson.toml: not TOML:"),
    (GOOD.replace("minutes = 10", "minutes = 0"), "lesson.toml: minutes must be"),
    (GOOD.replace("minutes = 10", "minutes = true"), "lesson.toml: minutes must be"),
    ("extra = 1\n" + GOOD, "lesson.toml: unknown key 'extra'; a lesson has title"),
    (GOOD + "\nextra = 1", "lesson.toml: step 4 (check): unknown key 'extra'; it takes"),
    (GOOD.replace('kind = "predict"', 'kind = "sing"'), "lesson.toml: step 1: kind must be"),
    (GOOD.replace('screen = "drills"', 'screen = "nowhere"'),
     "lesson.toml: step 2 (run): screen must be one of"),
    (GOOD.replace('kind = "lost"', 'kind = "dancing"'),
     "lesson.toml: step 2 (run): preset: kind must be one of"),
    (GOOD.replace("level = 2", "level = 2, colour = 3"),
     "lesson.toml: step 2 (run): preset: unknown key 'colour'"),
    (GOOD.replace("{guess}", "{other}"),
     "lesson.toml: step 3 (explain): text quotes {other}, but no earlier prediction or run"),
    (GOOD.replace('text = "Do it."', 'text = "Do {result}."'),
     "lesson.toml: step 2 (run): text quotes {result}, but no run step comes before it"),
    (GOOD.replace('name = "guess"', 'name = "result"'),
     "lesson.toml: step 1 (predict): 'result' is kept for what the last run measured"),
    (GOOD.replace('kind = "run"', 'kind = "run"\nname = "guess"'),
     "lesson.toml: step 2 (run): a prediction or run called 'guess' is there already"),
    (GOOD.replace('kind = "run"', 'kind = "run"\nname = "Run 1"'),
     "lesson.toml: step 2 (run): name must be lower-case letters"),
    (GOOD.replace('text = "Do it."', 'text = "Do {drilled}."').replace(
        'kind = "run"', 'kind = "run"\nname = "drilled"'),
     "lesson.toml: step 2 (run): text quotes {drilled}, but no earlier prediction or run"),
    (GOOD.replace("{guess}", "{guess!r}"), "lesson.toml: step 3 (explain): text: write"),
    (GOOD.replace("{guess}", "{"), "lesson.toml: step 3 (explain): text:"),
    (GOOD.replace('answer = "a"', 'answer = "c"'),
     "lesson.toml: step 4 (check): answer must be one of the choices"),
    (GOOD.replace('choices = ["a", "b"]', 'choices = ["a", "a"]'),
     "lesson.toml: step 4 (check): choices are not all different"),
    (GOOD.replace('why = "Because."', ''), "lesson.toml: step 4 (check): 'why' is missing"),
    (GOOD.replace('number = [1, 9]', 'number = [9, 1]'),
     "lesson.toml: step 1 (predict): number must be"),
    (GOOD.replace('number = [1, 9]', ''), "lesson.toml: step 1 (predict): give either"),
    (GOOD.replace('name = "guess"', 'name = "Guess me"'),
     "lesson.toml: step 1 (predict): name must be"),
    (GOOD.replace('goals = ["one goal"]', 'goals = [""]'),
     "lesson.toml: goal 1: goal must be text"),
    (GOOD.replace('title = "A lesson"', 'title = "' + "x" * 61 + '"'),
     "lesson.toml: title is 61 characters; at most 60"),
    (GOOD.replace("Do it.", "Do\\u0007 it."), "lesson.toml: step 2 (run): text holds a control"),
]


@pytest.mark.parametrize(("text", "said"), BROKEN)
def test_a_broken_lesson_is_refused_in_one_line_naming_the_file_and_the_step(text, said):
    with pytest.raises(LessonError) as caught:
        parse_lesson(text, "lesson", "lesson.toml")
    assert str(caught.value).startswith(said)
    assert "\n" not in str(caught.value)


def test_a_file_that_is_no_lesson_is_refused_unread(tmp_path):
    os.mkfifo(tmp_path / "pipe.toml")
    (tmp_path / "folder.toml").mkdir()
    (tmp_path / "huge.toml").write_bytes(b"#" * (64 * 1024 + 1))
    (tmp_path / "latin.toml").write_bytes(b"title = '\xe9'")
    (tmp_path / "Bad Name.toml").write_text(GOOD)
    (tmp_path / "good.toml").write_text(GOOD)
    said = {Path(p.split(":")[0]).stem: p for p in load_lessons(tmp_path).problems}
    assert "not a regular file" in said["pipe"] and "not a regular file" in said["folder"]
    assert "longer than 64 KB" in said["huge"] and "not UTF-8" in said["latin"]
    assert "file name must be" in said["Bad Name"]
    assert list(load_lessons(tmp_path).lessons) == ["good"]
    with pytest.raises(LessonError, match="^gone.toml: there is no such file$"):
        load_lesson(tmp_path / "gone.toml")


SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12),
                    st.floats(allow_nan=True), st.text(max_size=30))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.sampled_from(["kind", "text", "name", "question", "choices",
                                     "number", "answer", "why", "screen", "preset", "runs",
                                     "board", "learner", "epsilon", "x"]), inner,
                    max_size=5)), max_leaves=12)


@settings(max_examples=150, deadline=None)
@given(title=VALUES, minutes=VALUES, goals=VALUES, steps=VALUES)
def test_any_tables_give_a_lesson_or_one_line(title, minutes, goals, steps):
    data = {"title": title, "minutes": minutes, "goals": goals, "step": steps}
    try:
        lesson_from_data(data, "fuzzed", "fuzzed.toml")
    except LessonError as err:
        assert str(err).startswith("fuzzed.toml: ") and "\n" not in str(err)


@settings(max_examples=300, deadline=None)
@given(cut=st.integers(0, len(GOOD)), length=st.integers(0, 40), insert=st.text(max_size=12))
def test_any_damage_to_a_lesson_file_gives_a_lesson_or_one_line(cut, length, insert):
    text = GOOD[:cut] + insert + GOOD[cut + length:]
    try:
        parse_lesson(text, "damaged", "damaged.toml")
    except LessonError as err:
        assert str(err).startswith("damaged.toml: ") and "\n" not in str(err)


def test_every_run_screen_has_a_check_for_each_key():
    assert set(RUN_SCREENS) == {"menace", "training", "lab", "drills", "board", "mcts"}


#: Adobe's Symbol encoding for the letters and signs a lesson may use, written out here
#: (not nimgame's table): the byte -> the character the Symbol font shows for it.
SYMBOL_SHOWS = {0x61: "α", 0x62: "β", 0x63: "χ", 0x64: "δ", 0x65: "ε", 0x67: "γ",
                0x6C: "λ", 0x70: "π", 0x71: "θ", 0x73: "σ", 0x44: "Δ", 0x53: "Σ",
                0x2D: "−", 0xA3: "≤", 0xB3: "≥", 0xAE: "→", 0xA5: "∞"}


def pdf_string_bytes(literal: bytes) -> bytes:
    """A PDF literal string's bytes: \\ddd octal, \\( \\) \\\\ escapes undone."""
    return re.sub(rb"\\([0-7]{1,3}|.)", lambda m: bytes([int(m[1], 8)]) if m[1][:1].isdigit()
                  else m[1], literal)


def pdf_words(data: bytes) -> str:
    """The text a PDF shows, a text block (BT ... ET, one line) after another joined by
    spaces, each string read in the font set before it: /F3 is Symbol, the rest WinAnsi.
    (The sheet is not compressed.)"""
    assert b"/F3 5 0 R" in data and b"5 0 obj\n<< /Type /Font /Subtype /Type1 " \
        b"/BaseFont /Symbol >>" in data
    lines = []
    for block in re.findall(rb"BT (.*?) ET", data, re.S):
        font, line = b"", []
        for name, literal in re.findall(rb"/(F\d) [\d.]+ Tf|\(((?:\\.|[^\\)])*)\) Tj", block):
            if name:
                font = name
                continue
            raw = pdf_string_bytes(literal)
            line.append("".join(SYMBOL_SHOWS[b] for b in raw) if font == b"F3"
                        else raw.decode("cp1252"))
        lines.append("".join(line))
    return " ".join(lines)


def test_greek_letters_and_signs_show_in_the_symbol_font_not_spelled_out():
    text = "α = 0.5, ε ≤ 0.1 → Σ − (a) \\ é — ∎"
    shown = pdf_words(pdf_document([text_op(10, 10, 10, text, spelled=True)]))
    assert shown == text.replace("∎", "QED")


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.name for lesson in LESSONS])
def test_each_teacher_sheet_holds_the_goals_questions_and_answers(lesson):
    markdown = words(sheet_markdown(lesson))
    pdf = words(pdf_words(sheet_pdf(lesson)))
    assert sheet_pdf(lesson).startswith(b"%PDF-1.4") and f"{lesson.minutes} minutes" in pdf
    for text in (lesson.title, *lesson.goals,
                 *(step.question for step in lesson.predictions()),
                 *(f"{step.question}" for step in lesson.checks()),
                 *(f"Answer: {step.answer}. Why: {step.why}" for step in lesson.checks())):
        assert words(text) in markdown, text
        # the PDF wraps its lines: compare with the line breaks gone; Greek (ε) as it is
        assert words(text) in pdf, text


def test_a_sheet_is_written_atomically_and_never_over_a_file_unless_asked(tmp_path):
    lesson = LESSONS[0]
    target = tmp_path / "sheet.md"
    assert str(target) in write_sheet(lesson, target)
    assert target.read_text() == sheet_markdown(lesson)
    target.write_text("mine")
    with pytest.raises(SheetError, match=r"^sheet.md is there already; .*--force"):
        write_sheet(lesson, target)
    assert target.read_text() == "mine"
    write_sheet(lesson, target, replace=True)
    assert target.read_text() == sheet_markdown(lesson)
    write_sheet(lesson, tmp_path / "sheet.pdf")
    assert (tmp_path / "sheet.pdf").read_bytes() == sheet_pdf(lesson)
    with pytest.raises(SheetError, match=r"^sheet.txt: a sheet is written as .md or .pdf$"):
        write_sheet(lesson, tmp_path / "sheet.txt")
    os.mkfifo(tmp_path / "pipe.md")
    with pytest.raises(SheetError, match="not a regular file"):
        write_sheet(lesson, tmp_path / "pipe.md", replace=True)
    with pytest.raises(SheetError, match="cannot be written"):
        write_sheet(lesson, tmp_path / "no" / "such.md")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.md", "sheet.md", "sheet.pdf"]


DOC = (ROOT / "docs" / "lessons.md").read_text(encoding="utf-8")


def test_the_example_in_the_doc_reads_as_a_whole_lesson():
    example = re.search(r"```toml\n(.*?)```", DOC, re.S)[1]
    lesson = parse_lesson(example, "08-who-starts")
    assert [step.kind for step in lesson.steps] == ["say", "predict", "run", "explain", "check"]
    assert lesson.title not in {shipped.title for shipped in LESSONS}   # written from scratch


def test_the_doc_names_every_screen_and_preset_key_a_run_step_takes():
    for screen, keys in RUN_SCREENS.items():
        assert f"| `{screen}` |" in DOC, screen
        for key in keys:
            assert f"`{key}`" in DOC, (screen, key)


def test_the_mcts_lesson_quotes_how_often_the_search_finds_a_winning_move():
    """Its explanation's "1 of 10" is what ten seeded decisions choose, judged exactly; its
    prediction's "3 of its 35 moves win" is the theory's count."""
    from nimgame.games import Nim
    from nimgame.players import MCTSPlayer, PerfectPlayer

    lesson = SHELF.lessons["06-mcts"]
    game = Nim((3, 5, 7, 9, 11), misere=True)
    assert lesson.runs()[0].preset["board"] == "Nim 3, 5, 7, 9, 11 — misère"
    start, judge = game.initial_state(), PerfectPlayer(game)
    moves = game.legal_moves(start)
    winning = {move for move in moves if judge.outcome(game.result(start, move)) < 0}
    assert f"{len(winning)} of its {len(moves)} moves win" in lesson.predictions()[0].question
    found = sum(MCTSPlayer(game, 1_000, seed=seed).choose_move(start) in winning
                for seed in range(10))
    explain = next(step.text for step in lesson.steps if isinstance(step, ExplainStep))
    assert f"winning move in {found} of 10 decisions" in " ".join(explain.split())


@pytest.mark.parametrize("key", ["kind", "screen"])
def test_a_table_where_a_word_belongs_is_refused_in_one_line(key):
    """Hypothesis found a cut lesson whose step's kind was an inline table: reading it
    raised TypeError (a dict cannot be looked up in a table of kinds)."""
    text = GOOD.replace(f'{key} = "{"run" if key == "kind" else "drills"}"',
                        f"{key} = {{ a = 1 }}")
    assert text != GOOD
    with pytest.raises(LessonError) as refused:
        parse_lesson(text, "lesson", "lesson.toml")
    assert str(refused.value).startswith("lesson.toml: step 2") and "\n" not in str(
        refused.value)
