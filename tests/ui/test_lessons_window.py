"""The lessons window, headless, in one window: E on the menu opens the list; every shipped
lesson is driven step by step by keys alone — a prediction chosen or typed, each run step
opening its real screen pre-set as the lesson's data says (checked on the screen itself),
Esc coming back to the lesson, the explanation quoting the prediction, each check
answered right — then the mouse goes Back and Next, W writes the teacher sheets, and Esc
goes back to the menu."""

import re

import pygame
import pytest
from screen_texts import assert_inside_and_whole, drawn_texts
from uidriver import frames, key, press, wait_until, window_at

from nimgame.session.lessons import CheckStep, ExplainStep, PredictStep, RunStep, quoted
from nimgame.ui import theme
from nimgame.ui.board.scene import BoardScene
from nimgame.ui.drills import DrillsScene
from nimgame.ui.lab import LabScene
from nimgame.ui.lessons import LessonsScene
from nimgame.ui.lessons.measures import measured
from nimgame.ui.lessons.openers import game_for
from nimgame.ui.mcts import DecisionScene
from nimgame.ui.menace import MenaceScene
from nimgame.ui.menu import MenuScene
from nimgame.ui.training import TrainingScene

DIGIT = {n: getattr(pygame, f"K_{n}") for n in range(10)}
SCREENS = {"menace": MenaceScene, "training": TrainingScene, "lab": LabScene,
           "drills": DrillsScene, "board": BoardScene, "mcts": DecisionScene}


def shown(app, monkeypatch):
    return " ".join(" ".join(words.split()) for words, _ in drawn_texts(app, monkeypatch))


def opened_as_preset(screen, step):
    """The screen a run step opened is set as its preset says."""
    preset = step.preset
    if step.screen == "menace":
        assert screen.desk.choices.game == preset["game"]
        assert screen.desk.choices.preset == preset["preset"]
    elif step.screen == "lab":
        assert screen.choices.preset == preset["board"]
        assert screen.choices.seeds == str(preset["seeds"])
        assert [float(run.epsilon) for run in screen.choices.runs] == \
            [run["epsilon"] for run in preset["runs"]]
        assert screen.choices.spec().runs[0].games == preset["runs"][0]["games"]
    elif step.screen == "training":
        assert screen.choices.preset == preset["board"]
        assert screen.choices.kind == preset["learner"]
    elif step.screen == "drills":
        assert (screen.run.kind.key, screen.run.level.number) == (preset["kind"],
                                                                   preset["level"])
    elif step.screen == "board":
        assert screen.presenter.game == game_for(preset["board"])
        ai = [seat for seat in screen.presenter.seats if not seat.human]
        assert len(ai) == 1 and (screen.presenter.seats[0] is ai[0]) == \
            (preset.get("first") == "ai")
    elif step.screen == "mcts":
        assert screen.game == game_for(preset["board"])
        assert screen.record.state == screen.game.initial_state()


def type_number(app, number):
    for digit in number:
        key(app, DIGIT[int(digit)], digit)
    key(app, pygame.K_RETURN)


def predict(app, scene, step, text, predicted):
    """A prediction: the second choice (key 2), or the highest number typed."""
    assert " ".join(step.question.split()) in text
    if step.choices.options:
        key(app, pygame.K_2, "2")
        predicted[step.name] = step.choices.options[1]
        assert scene.answers[step.name] == predicted[step.name]
        return False
    predicted[step.name] = str(step.choices.high)
    type_number(app, predicted[step.name])   # Enter keeps it, as a choice is kept
    assert scene.answers[step.name] == predicted[step.name]
    return False


def run(app, scene, step, index, opened_screens):
    """Enter opens the step's screen, pre-set; something measured there; Esc back."""
    key(app, pygame.K_RETURN)
    frames(app, 2)
    screen = app.top
    assert isinstance(screen, SCREENS[step.screen]), step.screen
    opened_as_preset(screen, step)
    opened_screens.add(step.screen)
    if step.screen == "board":        # the AI moves first: it searches
        wait_until(app, lambda: measured(screen))
    elif step.screen == "drills" and step.preset["kind"] == "winning-move":
        screen.run.answer(screen.run.question.right[0])   # one answered right
    elif step.screen == "menace":
        screen.desk.play(3)           # three games against Perfect
    key(app, pygame.K_ESCAPE)         # back to the lesson, on the same step
    assert app.top is scene and scene.step == index


def explained(lesson, scene, step, index, text, predicted):
    """The predictions quoted back, and what the runs before it measured: {result} the
    last one, {NAME} the run step called NAME."""
    for name, answer in predicted.items():
        if "{" + name + "}" in step.text:
            assert answer in text, (lesson.name, answer)
    runs = [lesson.steps[i] for i in sorted(scene.results) if i < index]
    quoted = [run for run in runs if run.name and "{" + run.name + "}" in step.text]
    if "{result}" in step.text:
        quoted.append(runs[-1])
    assert quoted, (lesson.name, index)
    for ran in quoted:
        search = {"minimax": "minimax", "alphabeta": "alpha-beta"}.get(
            ran.preset.get("opponent"), "")
        expected = {
            "board": rf"Hard \({search}\) searched [\d,]+ positions",
            "drills": r"Your drills: 1 of 1 right, best streak 1\.",
            "menace": r"Measured on the screen: 3 games vs Perfect: 0 won, \d drawn, \d lost\.",
            "mcts": r"MCTS chose \S+ after 1,000 playouts, \d+% of its visits",
        }.get(ran.screen, r"\(nothing measured: the screen was left before it finished\)")
        assert re.search(expected, text), text


def check(app, scene, step, index, monkeypatch):
    """A check answered right: its number key, or the number typed — first a wrong
    number, whose verdict and why show before the lesson goes on."""
    if not step.choices.options:
        wrong = str(step.choices.low + (step.choices.low == int(step.answer)))
        type_number(app, wrong)
        assert scene.step == index and scene.lesson is not None   # still on the check
        assert scene.message.startswith("Not quite") and not scene.message_ok
        assert " ".join(step.why.split()) in shown(app, monkeypatch)
        type_number(app, step.answer)
        assert scene.step == index and scene.checked[index] == step.answer
        assert scene.message.startswith("Right") and scene.message_ok
        return False
    right = step.choices.options.index(step.answer) + 1
    key(app, DIGIT[right], str(right))
    assert scene.message.startswith("Right") and scene.message_ok
    return False


def test_every_lesson_by_keys_alone_then_the_mouse_the_sheets_and_back(app, monkeypatch,
                                                                       tmp_path):
    monkeypatch.setenv("NIMGAME_HOME", str(tmp_path))
    key(app, pygame.K_e, "e")
    scene = app.top
    assert isinstance(scene, LessonsScene) and scene.lesson is None
    lessons = scene.lessons
    assert len(lessons) >= 6 and not scene.message
    words = shown(app, monkeypatch)
    assert lessons[0].goals[0] in words and f"{lessons[0].minutes} minutes" in words
    key(app, pygame.K_DOWN)                       # the list shows the chosen one's goals
    assert lessons[1].goals[0] in shown(app, monkeypatch)
    key(app, pygame.K_UP)
    opened_screens = set()
    for number, lesson in enumerate(lessons, start=1):
        key(app, DIGIT[number], str(number))
        assert scene.lesson is lesson and scene.step == 0
        predicted = {}
        for index, step in enumerate(lesson.steps):
            assert scene.step == index
            text = shown(app, monkeypatch)
            assert f"Step {index + 1} of {len(lesson.steps)}" in text
            went_on = False
            if isinstance(step, PredictStep):
                went_on = predict(app, scene, step, text, predicted)
            elif isinstance(step, RunStep):
                run(app, scene, step, index, opened_screens)
                assert "Back from the screen" in shown(app, monkeypatch)
            elif isinstance(step, ExplainStep):
                explained(lesson, scene, step, index, text, predicted)
            elif isinstance(step, CheckStep):
                went_on = check(app, scene, step, index, monkeypatch)
            if not went_on:
                key(app, pygame.K_RIGHT)
        assert scene.lesson is None and scene.message == f"Lesson done: {lesson.title}."
    assert opened_screens == set(SCREENS)
    # The mouse: open a lesson, Next, Back (disabled on the first step), a choice.
    press(app, next(b for b in scene.actions if b.text.startswith("1. ")))
    assert scene.lesson is lessons[0]
    back = next(b for b in scene.actions if b.text.startswith("Back"))
    assert not back.is_enabled
    press(app, next(b for b in scene.actions if b.text.startswith("Next")))
    press(app, next(b for b in scene.actions if b.text.startswith("Next")))
    assert scene.step == 2
    press(app, next(b for b in scene.actions if b.text.startswith("Back")))
    assert scene.step == 1
    choice = next(b for b in scene.actions if b.text.startswith("1. "))
    press(app, choice)
    assert scene.answers[lessons[0].predictions()[0].name] == \
        lessons[0].predictions()[0].choices.options[0]
    # W writes the sheets, twice under two names (nothing replaced).
    key(app, pygame.K_w, "w")
    key(app, pygame.K_w, "w")
    written = sorted(p.name for p in (tmp_path / "lessons").iterdir())
    stem = lessons[0].name
    assert written == [f"{stem}-1.md", f"{stem}-1.pdf", f"{stem}-2.md", f"{stem}-2.pdf"]
    assert scene.message_ok and scene.message.startswith("Teacher sheet written")
    key(app, pygame.K_ESCAPE)                     # the list, then the menu
    assert app.top is scene and scene.lesson is None
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


def test_a_broken_lesson_is_one_line_on_the_list_and_the_others_still_open(app, tmp_path):
    (tmp_path / "good.toml").write_text(
        'title = "Good"\nminutes = 10\ngoals = ["g"]\n[[step]]\nkind = "say"\ntext = "Hi"\n')
    (tmp_path / "bad.toml").write_text('title = "Bad"\nminutes = 10\n')
    scene = app.open("lessons", folder=tmp_path)
    frames(app, 1)
    assert scene.message == "bad.toml: 'goals' is missing" and not scene.message_ok
    assert [lesson.name for lesson in scene.lessons] == ["good"]
    key(app, pygame.K_RETURN)
    assert scene.lesson is not None and scene.lesson.name == "good"


LONG_RESULT = "; ".join(f"q α1.00 ε0.{n}0 starts 25% self 2000: right after 1,234 games "
                        "(median of 3 seeds)" for n in range(3))


@pytest.mark.parametrize("size", [(800, 560), (1920, 1080, 200)],
                         ids=["800x560", "1920x1080@200%"])
def test_every_step_of_every_lesson_is_drawn_inside_the_window_clear_of_its_buttons(
        size, monkeypatch):
    """Each step's words wrap inside the window, above the choices and buttons, whole."""
    with window_at(size) as app:
        scene = app.open("lessons")
        window = pygame.Rect((0, 0), app.size)
        chars = set()
        for lesson in scene.lessons:
            scene.start(lesson)
            scene.results = {index: LONG_RESULT for index, step in enumerate(lesson.steps)
                             if isinstance(step, RunStep)}   # as long as a lab's three runs
            for index in range(len(lesson.steps)):
                scene.step = index
                scene.rebuild()
                frames(app, 1)
                buttons = [w.rect for w in scene.widgets if w.visible]
                top = min(rect.y for rect in buttons if rect.y > 80)
                cut = []
                texts = drawn_texts(app, monkeypatch, cut=cut)
                assert_inside_and_whole(texts, app.size)
                for words, rect in texts:
                    assert window.contains(rect), (lesson.name, index, words)
                    if 80 < rect.y < top:   # the step's words: clear of every button
                        assert rect.bottom <= top, (lesson.name, index, words)
                assert not cut, cut
                whole = " ".join(" ".join(words.split()) for words, _ in texts)
                step = lesson.steps[index]
                said = step.question if isinstance(step, PredictStep | CheckStep) else \
                    quoted(step.text, scene.quoting())
                assert " ".join(said.split()) in whole, (lesson.name, index)   # no line lost
                # The keys said are this step's: its number of choices, O only on a run.
                keys = [words for words, _ in texts if words.startswith("Right ")]
                options = getattr(getattr(step, "choices", None), "options", ())
                assert len(keys) == 1 and ("choose" in keys[0]) == bool(options), keys
                assert not options or f"1–{len(options)} choose" in keys[0], keys
                assert ("O open" in keys[0]) == isinstance(step, RunStep), keys
                assert ("Enter next" in keys[0]) != isinstance(step, RunStep), keys
                if isinstance(step, PredictStep) and options:
                    assert f"(1–{len(options)} or click)" in whole, (lesson.name, index)
                chars.update(whole, *(getattr(w, "text", "") for w in scene.widgets))
        # Every character drawn is the font's own, not its "missing" box (→ would be).
        font = theme.font(18)
        missing = pygame.image.tobytes(font.render("\U000f0000", True, (255, 255, 255)), "RGBA")
        boxes = {c for c in chars if not c.isascii() and pygame.image.tobytes(
            font.render(c, True, (255, 255, 255)), "RGBA") == missing}
        assert not boxes, boxes


def test_a_run_passed_by_is_quoted_as_not_run_and_an_earlier_run_keeps_its_own_name(app,
                                                                                   tmp_path):
    """Two runs, the first done and named, the second passed by with Right: the
    explanation quotes the first by its name and says the last was not run."""
    (tmp_path / "two-runs.toml").write_text(
        'title = "Two runs"\nminutes = 10\ngoals = ["g"]\n'
        '[[step]]\nkind = "run"\nname = "first"\nscreen = "drills"\n'
        'preset = { kind = "lost", level = 1 }\ntext = "Go."\n'
        '[[step]]\nkind = "run"\nscreen = "drills"\ntext = "Again."\n'
        '[[step]]\nkind = "explain"\ntext = "First: {first}. Last: {result}."\n',
        encoding="utf-8")
    scene = app.open("lessons", folder=tmp_path)
    key(app, pygame.K_RETURN)                   # the lesson, its first step
    key(app, pygame.K_RETURN)                   # run it
    frames(app, 2)
    drills = app.top
    assert isinstance(drills, DrillsScene)
    drills.run.answer(drills.run.question.right[0])   # one answered right
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RIGHT)                    # on to the second run, not opened
    key(app, pygame.K_RIGHT)                    # passed by
    assert scene.step == 2 and 1 not in scene.results
    words = quoted(scene.lesson.steps[2].text, scene.quoting())
    assert re.fullmatch(r"First: 1 of 1 right, best streak 1\. Last: \(not run: the step "
                        r"was passed by\)\.", words), words


#: Six choices of 80 characters, the most a lesson may give (session.lessons).
LONGEST_CHOICES = [f"{n} positions that are rotations or mirror images of each other share "
                   "one matchbox" for n in range(6)]


def each_choice_whole(app, scene, lesson, room_needed):
    """Each choice of each question of `lesson`, none chosen then each chosen in turn,
    shown whole with `room_needed` each side, inside the window."""
    scene.start(lesson)
    for index, step in enumerate(lesson.steps):
        options = getattr(getattr(step, "choices", None), "options", ())
        if not options:
            continue
        scene.step = index
        for given in (None, *options):
            if given is not None:
                scene.answer(given)
            scene.rebuild()
            frames(app, 1)
            buttons = choice_buttons(scene)
            assert [b.text for b in buttons] == \
                [f"{n}. {words}" for n, words in enumerate(options, 1)], lesson.name
            for button in buttons:
                room = (button.rect.width - button.font.size(button.text)[0]) / 2
                assert room >= room_needed, (lesson.name, index, button.text, room)
                assert pygame.Rect((0, 0), app.size).contains(button.rect)


def choice_buttons(scene):
    return [b for b in scene.actions if re.match(r"\d\. ", b.text)]


@pytest.mark.parametrize("size", [(800, 560), (1920, 1080, 200)],
                         ids=["800x560", "1920x1080@200%"])
def test_every_choice_of_every_lesson_is_shown_whole_chosen_or_not(size, tmp_path,
                                                                  monkeypatch):
    """A choice's words are the lesson author's (up to 80 characters): each button shows
    them whole, with room each side, before and after any choice is made — the shipped
    lessons' and six of 80 characters, whose question still shows above them."""
    from nimgame.session.lessons import MOST_CHOICES
    from nimgame.ui.widgets.rows import BUTTON_PAD

    assert len(LONGEST_CHOICES) == MOST_CHOICES and {len(c) for c in LONGEST_CHOICES} == {80}
    (tmp_path / "long.toml").write_text(
        'title = "Long"\nminutes = 10\ngoals = ["g"]\n[[step]]\nkind = "check"\n'
        'question = "Which of these is right? ' + "A question of a few lines. " * 6 + '"\n'
        f"choices = {LONGEST_CHOICES!r}\n".replace("'", '"') +
        f'answer = "{LONGEST_CHOICES[2]}"\nwhy = "Because."\n', encoding="utf-8")
    with window_at(size) as app:
        for folder in (None, tmp_path):   # the shipped lessons, then the six long choices
            scene = app.open("lessons", folder=folder)
            assert scene.lessons and not scene.message
            for lesson in scene.lessons:
                each_choice_whole(app, scene, lesson, BUTTON_PAD)
        texts = [(w, r) for w, r in drawn_texts(app, monkeypatch) if w]
        top = min(b.rect.y for b in choice_buttons(scene))
        said = " ".join(" ".join(w.split()) for w, r in texts if 80 < r.y < top)
        assert " ".join(scene.lessons[0].steps[0].question.split()) in said
        assert all(r.bottom <= top for w, r in texts if 80 < r.y < top)
