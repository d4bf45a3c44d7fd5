"""The lessons window, headless, in one window: E on the menu opens the list; every shipped
lesson is driven step by step by keys alone — a prediction chosen or typed, each run step
opening its real screen pre-set as the lesson's data says (checked on the screen itself),
Esc coming back to the lesson, the explanation quoting the prediction, each check
answered right — then the mouse goes Back and Next, W writes the teacher sheets, and Esc
goes back to the menu."""

import pygame
import pytest
from screen_texts import assert_inside_and_whole, drawn_texts
from uidriver import frames, key, press

from nimgame.session.lessons import CheckStep, ExplainStep, PredictStep, RunStep, quoted
from nimgame.ui.app import App
from nimgame.ui.board.scene import BoardScene
from nimgame.ui.drills import DrillsScene
from nimgame.ui.lab import LabScene
from nimgame.ui.lessons import LessonsScene
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
            if isinstance(step, PredictStep):
                assert " ".join(step.question.split()) in text
                if step.choices.options:
                    key(app, pygame.K_2, "2")
                    predicted[step.name] = step.choices.options[1]
                else:
                    for digit in str(step.choices.high):
                        key(app, DIGIT[int(digit)], digit)
                    predicted[step.name] = str(step.choices.high)
                    key(app, pygame.K_RETURN)
                    assert scene.step == index + 1
                    continue
                assert scene.answers[step.name] == predicted[step.name]
            elif isinstance(step, RunStep):
                key(app, pygame.K_RETURN)         # Enter opens the screen, pre-set
                frames(app, 2)
                screen = app.top
                assert isinstance(screen, SCREENS[step.screen]), (lesson.name, step.screen)
                opened_as_preset(screen, step)
                opened_screens.add(step.screen)
                key(app, pygame.K_ESCAPE)         # back to the lesson, on the same step
                assert app.top is scene and scene.step == index
                assert "Back from the screen" in shown(app, monkeypatch)
            elif isinstance(step, ExplainStep):
                for name, answer in predicted.items():   # the prediction quoted back
                    if "{" + name + "}" in step.text:
                        assert answer in text, (lesson.name, answer)
            elif isinstance(step, CheckStep):
                if step.choices.options:
                    right = step.choices.options.index(step.answer) + 1
                    key(app, DIGIT[right], str(right))
                    assert scene.message.startswith("Right") and scene.message_ok
                else:
                    for digit in step.answer:
                        key(app, DIGIT[int(digit)], digit)
                    key(app, pygame.K_RETURN)
                    assert scene.checked[index] == step.answer
                    continue
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


@pytest.mark.parametrize("size", [(800, 560), (1920, 1080, 200)],
                         ids=["800x560", "1920x1080@200%"])
def test_every_step_of_every_lesson_is_drawn_inside_the_window_clear_of_its_buttons(
        size, monkeypatch):
    """Each step's words wrap inside the window, above the choices and buttons, whole."""
    app = App(size[:2])
    try:
        if len(size) > 2:
            app.settings.scale = size[2]
            app.apply_look()
        app.open("menu")
        scene = app.open("lessons")
        window = pygame.Rect((0, 0), app.size)
        for lesson in scene.lessons:
            scene.start(lesson)
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
                    quoted(step.text, {})
                assert " ".join(said.split()) in whole, (lesson.name, index)   # no line lost
    finally:
        app.quit()
