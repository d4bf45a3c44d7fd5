"""The drills window, headless: opened from the menu, answered by keys alone and by the
mouse alone, the clock run by frames (no wall clock), the binary table shown by level,
every text inside the window at the smallest size and the default."""

import pygame
import pytest
from screen_texts import assert_inside_and_whole, drawn_texts
from uidriver import button_named, click, frames, key, press, window_at

from nimgame.session.drills import Form
from nimgame.ui.drills import DrillsScene
from nimgame.ui.drills.drawing import board_rows, lay_out

DIGIT = {n: getattr(pygame, f"K_{n}") for n in range(10)}


def type_answer(app, scene, answer):
    """An answer typed: a Nim move as pile number then count, else its digit or Y/N."""
    question = scene.run.question
    if question.form is Form.YES_NO:
        key(app, pygame.K_y if answer else pygame.K_n)
        return
    if question.form is Form.MOVE and not question.board.sticks:
        pile, count = answer
        key(app, DIGIT[pile + 1], str(pile + 1))
        key(app, DIGIT[count], str(count))
    else:
        key(app, DIGIT[answer], str(answer))
    key(app, pygame.K_RETURN)


def texts(app, monkeypatch):
    return [words for words, _ in drawn_texts(app, monkeypatch)]


def test_d_on_the_menu_opens_the_drills_and_esc_goes_back(app):
    key(app, pygame.K_d, "d")
    assert isinstance(app.top, DrillsScene)
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.top, DrillsScene)
    press(app, button_named(app.top, "Drills"))
    assert isinstance(app.top, DrillsScene)


def test_by_keys_alone_a_streak_a_miss_another_drill_and_level(app, monkeypatch):
    scene = app.open("drills", seed=3)
    for count in (1, 2):
        type_answer(app, scene, scene.run.question.right[0])
        assert scene.run.verdict.right and scene.run.score.streak == count
        assert any(w.startswith("Right: take ") for w in texts(app, monkeypatch))
        key(app, pygame.K_RETURN)     # the next question
        assert scene.run.open
    # A wrong move chosen with the arrows: Right picks the first pile with stones, Up one.
    question = scene.run.question
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_UP)
    chosen = scene.chosen()
    assert chosen is not None and chosen[1] == 1
    key(app, pygame.K_RETURN)
    assert scene.run.verdict.right == (chosen in question.right)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_k, "k")                     # the next drill: is it lost?
    assert scene.run.kind.key == "lost" and scene.run.score.answered == 0
    type_answer(app, scene, scene.run.question.right[0])
    assert scene.run.verdict.right
    key(app, pygame.K_n, "n")                     # answered: N neither answers nor goes on
    assert scene.run.verdict.right and scene.run.score.answered == 1
    key(app, pygame.K_RETURN)
    key(app, pygame.K_k, "k")                     # the misère endgame, the Sticks rule
    key(app, pygame.K_k, "k")
    assert scene.run.kind.key == "sticks"
    type_answer(app, scene, scene.run.question.right[0])
    assert scene.run.verdict.right and "4k+1" in scene.run.verdict.why
    key(app, pygame.K_RETURN)
    key(app, pygame.K_k, "k")                     # Grundy values: answered with the arrows
    assert scene.run.kind.key == "grundy"
    for _ in range(scene.run.question.right[0] + 1):
        key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)
    assert scene.run.verdict.right
    key(app, pygame.K_l, "l")
    assert scene.run.level.number == 2
    key(app, pygame.K_l, "l", mod=pygame.KMOD_LSHIFT)
    assert scene.run.level.number == 1


def test_enter_with_nothing_chosen_says_what_to_choose(app, monkeypatch):
    scene = app.open("drills", seed=1)
    key(app, pygame.K_RETURN)
    assert scene.run.open and "Choose a pile, then how many to take." in texts(app, monkeypatch)
    key(app, pygame.K_9, "9")     # no pile 9 on a board of 3
    assert scene.pile is None
    assert "There is no pile 9; the piles are 1 to 3." in texts(app, monkeypatch)
    piles = scene.run.question.piles
    pile = next(i for i, size in enumerate(piles) if 0 < size < 9)
    key(app, DIGIT[pile + 1], str(pile + 1))
    key(app, pygame.K_9, "9")     # more than the pile holds: the rules' own words
    assert scene.pile == pile and scene.count is None
    assert (f"Pile {pile + 1} has only {piles[pile]} object{'s' * (piles[pile] != 1)}."
            in texts(app, monkeypatch))
    if 0 in piles:
        empty = piles.index(0)
        key(app, DIGIT[empty + 1], str(empty + 1))
        assert scene.pile == pile
    sticks = app.open("drills", kind="sticks", seed=1)
    key(app, pygame.K_7, "7")
    assert sticks.choice is None
    assert "Choose one of Take 1, Take 2, Take 3." in texts(app, monkeypatch)
    lost = app.open("drills", kind="lost", seed=1)
    key(app, pygame.K_1, "1")     # 1 is not "yes"
    assert lost.choice is None and lost.run.open
    assert "Answer with Y (lost) or N (the player to move wins)." in texts(app, monkeypatch)


def test_by_mouse_alone(app):
    scene = app.open("drills", seed=4)
    pile, count = scene.run.question.right[0]
    # The chosen drill and level are marked by a bullet, not by colour alone.
    marked = [b.text for b in scene.actions if b.text.startswith("• ")]
    assert marked == ["• Winning move", "• Guided"], marked
    click(app, button_named(scene, f"Pile {pile + 1}").rect.center)
    assert button_named(scene, f"• Pile {pile + 1}")
    click(app, next(b for b in scene.actions if b.text == str(count)).rect.center)
    click(app, button_named(scene, "Answer").rect.center)
    assert scene.run.verdict.right
    click(app, button_named(scene, "Next").rect.center)
    assert scene.run.open
    # A click on a pile's row chooses it too.
    question = scene.run.question
    layout = lay_out(app.size)
    rows = board_rows(layout.board, len(question.piles))
    last = len(question.piles) - 1
    click(app, (layout.board.x + 10, int(rows.y + (last + 0.5) * rows.height
                                            / len(question.piles))))
    assert scene.pile == last
    click(app, button_named(scene, "Lost?").rect.center)
    assert scene.run.kind.key == "lost"
    answer = scene.run.question.right[0]
    click(app, button_named(scene, "Yes" if answer else "No").rect.center)
    click(app, button_named(scene, "Answer").rect.center)
    assert scene.run.verdict.right
    click(app, button_named(scene, "Bare").rect.center)
    assert scene.run.level.number == 3


def test_time_runs_out_by_the_frames_not_the_wall_clock(app, monkeypatch):
    scene = app.open("drills", kind="sticks", level=3, seed=2)
    for _ in range(19):
        app.step(1.0)
    assert scene.run.open
    app.step(1.5)
    assert not scene.run.open and scene.run.score.streak == 0
    assert any(w.startswith("Time is up: the answer was take ")
               for w in texts(app, monkeypatch))
    assert app.sounds.played[-1] == "lose"


def test_the_binary_table_is_shown_at_the_guided_level_only(app, monkeypatch):
    scene = app.open("drills", seed=5)
    shown = texts(app, monkeypatch)
    assert "nim-sum" in shown and "The working, in binary" in shown
    key(app, pygame.K_l, "l")
    hidden = texts(app, monkeypatch)
    assert "nim-sum" not in hidden and "No table at this level: work it out." in " ".join(hidden)
    assert scene.run.level.name == "Hinted"


def test_hints_come_in_tiers_where_the_level_gives_them(app, monkeypatch):
    scene = app.open("drills", kind="misere-endgame", seed=6)
    key(app, pygame.K_h, "h")
    assert any(w.startswith("Hint: Misère: leave nim-sum 0") for w in texts(app, monkeypatch))
    key(app, pygame.K_h, "h")
    assert len(scene.run.hints) > 1 and not button_named(scene, "Hint  H").is_enabled
    key(app, pygame.K_l, "l")
    key(app, pygame.K_l, "l")
    assert scene.run.level.name == "Bare"
    key(app, pygame.K_h, "h")
    assert "No hint at this level." in texts(app, monkeypatch)


@pytest.mark.parametrize("size", [(800, 560), (1100, 720), (1920, 1080, 200)],
                         ids=lambda s: f"{s[0]}x{s[1]}" + (f"@{s[2]}%" if len(s) > 2 else ""))
@pytest.mark.parametrize("kind", ["winning-move", "lost", "misere-endgame", "sticks", "grundy"])
def test_every_text_inside_the_window_at_every_level(size, kind, monkeypatch):
    """Every text inside the window and, in the side panel, whole: "No table at this
    level: work it o…" was cut at the hinted and bare levels."""
    with window_at(size) as app:
        scene = app.open("drills", kind=kind, level=3, seed=8)
        panel = lay_out(app.size).panel
        for _ in range(3):
            key(app, pygame.K_l, "l")
            key(app, pygame.K_h, "h")
            key(app, pygame.K_h, "h")
            for answered in (False, True):
                cut = []
                drawn = drawn_texts(app, monkeypatch, cut=cut)
                assert_inside_and_whole(drawn, app.size)
                in_panel = {words for words, rect in drawn if panel.contains(rect)}
                assert in_panel and not in_panel & set(cut), (scene.run.level.name, cut)
                if not answered:
                    type_answer(app, scene, scene.run.question.right[0])
            frames(app, 1)


def test_the_best_streak_is_remembered_for_each_drill_and_level(app, monkeypatch):
    from nimgame.settings import load

    scene = app.open("drills", kind="lost", level=2, seed=1)
    for _ in range(3):
        type_answer(app, scene, scene.run.question.right[0])
        key(app, pygame.K_RETURN)
    type_answer(app, scene, not scene.run.question.right[0])
    assert scene.run.score.streak == 0
    assert app.settings.drill_streaks == {"lost/2": 3}
    assert load()[0].drill_streaks == {"lost/2": 3}
    app.pop()
    again = app.open("drills", kind="lost", level=2, seed=2)
    assert again.run.score.best_streak == 3
    assert "Streak 0 (best 3)" in texts(app, monkeypatch)
    key(app, pygame.K_l, "l")     # another level has its own
    assert again.run.score.best_streak == 0


def test_a_best_streak_that_cannot_be_saved_says_why_and_the_drill_goes_on(app, monkeypatch):
    monkeypatch.setattr(app, "remember", lambda: "cannot save the settings: disk full")
    scene = app.open("drills", kind="sticks", seed=1)
    type_answer(app, scene, scene.run.question.right[0])
    assert "Cannot save the settings: disk full" in texts(app, monkeypatch)
    key(app, pygame.K_RETURN)
    assert scene.run.open and scene.run.score.best_streak == 1


def test_tab_and_enter_alone_answer_a_question(app):
    """The focus that every screen has (Tab, Enter on the focused button) answers too."""
    from nimgame.ui.focus import stops

    key(app, pygame.K_d, "d")
    scene = app.top
    pile, count = scene.run.question.right[0]

    def press_by_tab(words):
        for _ in range(len(stops(scene.widgets)) + 1):
            key(app, pygame.K_TAB, "\t")
            focused = scene.focus.widget
            if focused is not None and focused.text == words:
                key(app, pygame.K_RETURN, "\r")
                return
        raise AssertionError(f"never focused {words}")

    press_by_tab(f"Pile {pile + 1}")
    press_by_tab(str(count))
    press_by_tab("Answer  Enter")
    assert scene.run.verdict is not None and scene.run.verdict.right
