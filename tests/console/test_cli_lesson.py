"""`nimgame lesson`: the lessons listed, a teacher sheet written as the window writes it
(Markdown or PDF, atomically), never over a file without --force; every mistake one line,
exit 2."""

from nimgame.console.cli import main
from nimgame.session.lesson_sheets import sheet_markdown, sheet_pdf
from nimgame.session.lessons import load_lessons

SHELF = load_lessons()


def cli(capsys, *argv):
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


def test_list_names_every_lesson_with_its_time_title_and_goals(capsys):
    status, out, err = cli(capsys, "lesson", "list")
    assert status == 0 and err == ""
    for lesson in SHELF.lessons.values():
        assert f"{lesson.name}  ({lesson.minutes} min)  {lesson.title}" in out
        for goal in lesson.goals:
            assert f"    - {goal}" in out


def test_a_sheet_by_name_number_or_bare_name_and_never_over_a_file(capsys, tmp_path):
    lesson = SHELF.lessons["03-nim-sum"]
    for number, name in enumerate(("03-nim-sum", "3", "nim-sum")):
        out_md = tmp_path / f"s{number}.md"
        status, out, err = cli(capsys, "lesson", "sheet", name, "--out", str(out_md))
        assert (status, err) == (0, "") and out == f"Teacher sheet written to {out_md}\n"
        assert out_md.read_text() == sheet_markdown(lesson)
    status, _, _ = cli(capsys, "lesson", "sheet", "3", "--out", str(tmp_path / "s.pdf"))
    assert status == 0 and (tmp_path / "s.pdf").read_bytes() == sheet_pdf(lesson)
    (tmp_path / "mine.md").write_text("mine")
    status, out, err = cli(capsys, "lesson", "sheet", "3", "--out", str(tmp_path / "mine.md"))
    assert status == 2 and out == "" and err == (
        "nimgame: error: mine.md is there already; choose another name or replace it "
        "(--force)\n")
    assert (tmp_path / "mine.md").read_text() == "mine"
    status, _, _ = cli(capsys, "lesson", "sheet", "3", "--out", str(tmp_path / "mine.md"),
                       "--force")
    assert status == 0 and (tmp_path / "mine.md").read_text() == sheet_markdown(lesson)


def test_mistakes_are_one_line(capsys, tmp_path):
    status, _, err = cli(capsys, "lesson", "sheet", "nowhere", "--out", str(tmp_path / "a.md"))
    assert status == 2 and err.startswith("nimgame: error: no lesson called 'nowhere'; "
                                          "there are 01-matchbox") and err.count("\n") == 1
    status, _, err = cli(capsys, "lesson", "sheet", "1", "--out", str(tmp_path / "a.txt"))
    assert status == 2 and err == ("nimgame: error: a.txt: a sheet is written as .md or "
                                   ".pdf\n")
    status, _, err = cli(capsys, "lesson", "sheet", "1", "--out", str(tmp_path / "no/a.md"))
    assert status == 2 and err.startswith("nimgame: error: a.md: cannot be written")
    status, _, err = cli(capsys, "lesson")
    assert status == 2 and "{list,sheet}" in err
    assert not list(tmp_path.iterdir())
