"""Drills: timed questions on the theory of Nim and the Game of Sticks, with a score and a
streak. Pick a drill (K) and a level (L: guided shows the binary table and gives hints,
bare gives neither), then answer by mouse or keys: Nim's moves as a pile number then a
count (or the arrows: Left/Right the pile, Up/Down the count), Sticks' and numbers by
digit or arrows, yes/no by Y or N; Enter answers, and Enter again asks the next. H gives
a hint where the level allows. The clock is the frames' own time (`update`), so it stops
while another screen is on top. The questions and their judging are
`session.drills`; this screen shows them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ...session.drill_run import DrillRun
from ...session.drills import KINDS, LEVELS, Form, answer_words, move_from
from .. import theme
from ..board import board_picture
from ..scene import Scene, SceneHost, plain_key
from ..widgets.rows import BUTTON_PAD, button_font, needed_width, shared_widths
from .drawing import ROW, draw_panel, draw_position, draw_words, lay_out, pile_at

#: The drills' buttons, in the order K goes through them.
SHORT_TITLES = {"winning-move": "Winning move", "lost": "Lost?",
                "misere-endgame": "Misère endgame", "sticks": "Leave 4k+1",
                "grundy": "Grundy value"}
DIGITS = {getattr(pygame, f"K_{n}"): n for n in range(10)} | {
    getattr(pygame, f"K_KP{n}"): n for n in range(10)}
#: What marks a chosen drill, level, pile or count besides its colour.
CHOSEN = "• "
KEYS_LINE = ("K drill · L level · H hint · digits or arrows choose · Enter answers, then "
             "next · Esc back")


def streak_key(kind: str, level: int) -> str:
    """Where the settings keep the best streak of a drill at a level: "lost/2"."""
    return f"{kind}/{level}"


class DrillsScene(Scene):
    def __init__(self, app: SceneHost, kind: str = "winning-move", level: int = 1,
                 seed: int | None = None) -> None:
        super().__init__(app)
        self.seed = seed
        self.elapsed = 0.0        # the frames' time: the drills' clock
        self.run = self.start(kind, level)

    # -- the run -----------------------------------------------------------------------------
    def clock(self) -> float:
        return self.elapsed

    def start(self, kind: str, level: int) -> DrillRun:
        best = self.app.settings.drill_streaks.get(streak_key(kind, level), 0)
        run = DrillRun(kind, level, self.clock, seed=self.seed, best_streak=best)
        self.fresh_question(run)
        return run

    def fresh_question(self, run: DrillRun) -> None:
        """A new question: nothing chosen yet, drawn in its game's own board."""
        question = run.question
        self.pile: int | None = None
        self.count: int | None = None
        self.choice: Any = None
        self.picture = board_picture(question.game)
        self.say("")

    def switch(self, kind: str | None = None, level: int | None = None) -> None:
        """Another drill or level: a new run (the score starts again)."""
        self.run = self.start(kind or self.run.kind.key, level or self.run.level.number)
        self.rebuild()

    def step_kind(self, by: int) -> None:
        keys = list(KINDS)
        self.switch(kind=keys[(keys.index(self.run.kind.key) + by) % len(keys)])

    def step_level(self, by: int) -> None:
        self.switch(level=(self.run.level.number - 1 + by) % len(LEVELS) + 1)

    def chosen(self) -> Any:
        """The answer chosen so far, or None while it is not whole."""
        question = self.run.question
        if question.form is Form.MOVE and not question.board.sticks:
            if self.pile is None or self.count is None:
                return None
            return move_from(question, self.pile, self.count)
        return self.choice

    def submit(self) -> None:
        """Enter: answer with what is chosen (or say what is missing); once answered, the
        next question."""
        run = self.run
        if not run.open:
            run.next()
            self.fresh_question(run)
            self.rebuild()
            return
        answer = self.chosen()
        if answer is None:
            self.say("Choose a pile, then how many to take." if run.question.form is Form.MOVE
                     and not run.question.board.sticks else "Choose an answer first.")
            return
        self.answered(run.answer(answer).right)

    def answered(self, right: bool) -> None:
        self.app.sounds.play("win" if right else "lose")
        self.say("")
        run, streaks = self.run, self.app.settings.drill_streaks
        key = streak_key(run.kind.key, run.level.number)
        if run.score.best_streak > streaks.get(key, 0):   # a new best: remembered
            streaks[key] = run.score.best_streak
            problem = self.app.remember()
            if problem:
                self.say(problem)
        self.rebuild()

    def ask_hint(self) -> None:
        if self.run.hint() is None:
            self.say("No hint at this level." if not self.run.level.hints else
                     "No more hints for this question." if self.run.open else "")
        self.rebuild()

    # -- choosing ----------------------------------------------------------------------------
    def choose_pile(self, pile: int) -> None:
        """Choose pile `pile` (0-based), or say why it cannot be chosen."""
        piles = self.run.question.piles
        if not self.run.open:
            return
        if not 0 <= pile < len(piles):
            self.say(f"There is no pile {pile + 1}; the piles are 1 to {len(piles)}.")
        elif not piles[pile]:
            self.say(f"Pile {pile + 1} is empty: choose one with stones.")
        else:
            self.pile = pile
            if self.count is not None and not 1 <= self.count <= self.most(pile):
                self.count = None
            self.say("")
        self.rebuild()

    def most(self, pile: int) -> int:
        question = self.run.question
        size = question.piles[pile]
        return size if question.board.cap is None else min(size, question.board.cap)

    def choose_count(self, count: int) -> None:
        """Take `count` from the chosen pile, or say why not (the rules' own words)."""
        if not self.run.open or self.pile is None:
            return
        question = self.run.question
        why = question.game.why_illegal(question.state, move_from(question, self.pile, count))
        if why is None:
            self.count = count
        self.say(f"{why}." if why else "")
        self.rebuild()

    def options(self) -> list[Any]:
        """What the row of answer buttons offers (Nim: the piles are chosen apart)."""
        question = self.run.question
        if question.form is Form.YES_NO:
            return [True, False]
        return list(question.choices)

    def choose(self, option: Any) -> None:
        """Choose `option` of the answer buttons, or say which there are."""
        options = self.options()
        if not self.run.open:
            return
        if option in options and type(option) is type(options[0]):
            self.choice = option
            self.say("")
        elif self.run.question.form is Form.YES_NO:
            self.say("Answer with Y (lost) or N (the player to move wins).")
        else:
            self.say(f"Choose one of {', '.join(map(self.option_words, options))}.")
        self.rebuild()

    def answer_now(self, option: Any) -> Callable[[], None]:
        return lambda: self.choose(option)

    # -- widgets -------------------------------------------------------------------------------
    def build(self) -> None:
        w, _ = self.size
        layout = lay_out(self.size)
        run, question = self.run, self.run.question
        self.button(pygame.Rect(w - 160, 16, 136, 40), "Back  Esc", self.app.pop)
        self.row(layout.kinds, [(SHORT_TITLES[key], key == run.kind.key,
                                 self.switcher(kind=key), f"{kind.blurb} (K: next drill)")
                                for key, kind in KINDS.items()], 200)
        # Answer (Next once answered) and Hint: as wide as the wider of Answer's words.
        side = max(140, needed_width(self.manager, "Answer  Enter", True))
        levels = pygame.Rect(layout.levels.x, layout.levels.y,
                             layout.levels.width - side - 10, ROW)
        self.row(levels, [(made.name, made.number == run.level.number,
                           self.switcher(level=made.number), self.level_words(made.number))
                          for made in LEVELS], 130)
        self.button(pygame.Rect(layout.levels.right - side, layout.levels.y, side, ROW),
                    "Hint  H", self.ask_hint,
                    enabled=run.level.hints and run.open and run.hint_tier < 2)
        top = pygame.Rect(layout.answers.x, layout.answers.y,
                          layout.answers.width - side - 10, ROW)
        below = pygame.Rect(layout.answers.x, layout.answers.y + ROW + 8,
                            layout.answers.width, ROW)
        self.button(pygame.Rect(layout.answers.right - side, layout.answers.y, side, ROW),
                    "Answer  Enter" if run.open else "Next  Enter", self.submit, primary=True)
        if question.form is Form.MOVE and not question.board.sticks:
            self.row(top, [(f"Pile {p + 1}", p == self.pile, self.pile_chooser(p), None)
                           for p in range(len(question.piles))], 80,
                     enabled=[size > 0 and run.open for size in question.piles])
            largest = question.board.largest if question.board.cap is None else min(
                question.board.largest, question.board.cap)
            most = 0 if self.pile is None else self.most(self.pile)
            self.row(below, [(str(n), n == self.count, self.count_chooser(n),
                              f"take {n}") for n in range(1, largest + 1)], 44,
                     enabled=[n <= most and run.open for n in range(1, largest + 1)])
            return
        options = self.options()
        self.row(top, [(self.option_words(o), o == self.choice and type(o) is type(self.choice),
                        self.answer_now(o), None) for o in options], 150,
                 enabled=[run.open] * len(options))

    def switcher(self, kind: str | None = None, level: int | None = None
                 ) -> Callable[[], None]:
        return lambda: self.switch(kind, level)

    def pile_chooser(self, pile: int) -> Callable[[], None]:
        return lambda: self.choose_pile(pile)

    def count_chooser(self, count: int) -> Callable[[], None]:
        return lambda: self.choose_count(count)

    def level_words(self, number: int) -> str:
        made = LEVELS[number - 1]
        return (f"{made.name}: {'the binary table shown, ' if made.table else ''}"
                f"{'hints' if made.hints else 'no hints'}, {made.seconds:.0f} s a question "
                "(L: next level)")

    def option_words(self, option: Any) -> str:
        question = self.run.question
        if question.form is Form.YES_NO:
            return "Yes, lost  Y" if option else "No, it wins  N"
        if question.form is Form.MOVE:
            return f"Take {option}"
        return str(option)

    def row(self, area: pygame.Rect, buttons: list[tuple[str, bool, Callable[[], None],
                                                          str | None]],
            widest: int, enabled: list[bool] | None = None) -> None:
        """Buttons side by side in `area`, each as wide as its words need and the room left
        shared, none made wider than `widest`; the chosen ones in the accent colour and
        marked with a bullet (not by colour alone). Words that cannot fit end in "…"."""
        if not buttons:
            return
        gap = 6
        shown = [(f"{CHOSEN}{said}" if chosen else said, chosen)
                 for said, chosen, _, _ in buttons]
        widths = shared_widths([needed_width(self.manager, words, chosen)
                                for words, chosen in shown], area.width, gap, widest)
        x = area.x
        for index, ((words, chosen), (_, _, action, tip), width) in enumerate(
                zip(shown, buttons, widths, strict=True)):
            made = self.button(pygame.Rect(x, area.y, width, area.height), words, action,
                               primary=chosen,
                               enabled=True if enabled is None else enabled[index],
                               tooltip=tip)
            x += width + gap
            measure = button_font(self.manager, chosen).size
            room = width - 2 * BUTTON_PAD
            if measure(words)[0] > room:
                cut = len(words)
                while cut > 1 and measure(words[:cut].rstrip() + "…")[0] > room:
                    cut -= 1
                made.set_text(words[:cut].rstrip() + "…")
                made.set_tooltip(tip or words)

    # -- keys and the mouse --------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            question = self.run.question
            if question.form is Form.MOVE and not question.board.sticks:
                pile = pile_at(lay_out(self.size).board, len(question.piles), event.pos)
                if pile is not None:
                    self.choose_pile(pile)
                    return True
            return False
        if not plain_key(event):
            return False
        return self.key(event.key, getattr(event, "mod", 0) & pygame.KMOD_SHIFT != 0)

    def key(self, key: int, shift: bool) -> bool:
        run = self.run
        letters: dict[int, Callable[[], None]] = {
            pygame.K_k: lambda: self.step_kind(-1 if shift else 1),
            pygame.K_l: lambda: self.step_level(-1 if shift else 1),
            pygame.K_h: self.ask_hint, pygame.K_RETURN: self.submit,
            pygame.K_KP_ENTER: self.submit, pygame.K_SPACE: self.submit,
            pygame.K_BACKSPACE: self.forget_choice}
        if key in letters:
            letters[key]()
            return True
        question = run.question
        if question.form is Form.YES_NO and key in (pygame.K_y, pygame.K_n):
            if run.open:   # answered already: Enter goes on, not Y or N
                self.choose(key == pygame.K_y)
                self.submit()
            return True
        nim_move = question.form is Form.MOVE and not question.board.sticks
        if key in DIGITS:
            digit = DIGITS[key]
            if not nim_move:
                self.choose(digit)
            elif self.pile is None or self.count is not None:
                self.count = None
                self.choose_pile(digit - 1)
            else:
                self.choose_count(digit)
            return True
        arrows = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, 1),
                  pygame.K_DOWN: (0, -1)}
        if key in arrows and run.open:
            across, up = arrows[key]
            if nim_move:
                self.move_selection(across, up)
            else:
                self.step_choice(across or -up if question.form is Form.YES_NO else
                                 across or up)
            return True
        return False

    def forget_choice(self) -> None:
        self.pile = self.count = self.choice = None
        self.rebuild()

    def step_choice(self, by: int) -> None:
        options = self.options()
        now = options.index(self.choice) if self.choice in options and (
            type(self.choice) is type(options[0])) else -1 if by > 0 else len(options)
        self.choose(options[max(0, min(len(options) - 1, now + by))])

    def move_selection(self, across: int, up: int) -> None:
        """Left/Right: the next pile with something on it; Up/Down: one more or fewer."""
        piles = self.run.question.piles
        if across or self.pile is None:
            start = self.pile if self.pile is not None else (-1 if across >= 0 else len(piles))
            step = across or 1
            pile = start + step
            while 0 <= pile < len(piles) and piles[pile] == 0:
                pile += step
            if 0 <= pile < len(piles):
                self.choose_pile(pile)
            return
        most = self.most(self.pile)
        self.choose_count(max(1, min(most, (self.count or 0) + up)))

    # -- each frame --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.elapsed += dt
        if self.run.tick() is not None:
            self.answered(False)

    def draw(self, surface: pygame.Surface) -> None:
        w, _ = self.size
        layout = lay_out(self.size)
        run, question = self.run, self.run.question
        theme.text(surface, f"Drills — {run.kind.title}", (layout.kinds.x, 20), 26,
                   theme.ACCENT, bold=True, width=w - 200)
        asked = theme.wrap(question.asks, 16, layout.question.width)
        for index, line in enumerate(asked[:2]):
            theme.text(surface, line + (" …" if index == 1 and len(asked) > 2 else ""),
                       (layout.question.x, layout.question.y + 20 * index), 16, theme.TEXT,
                       width=layout.question.width)
        draw_position(surface, layout.board, run, self.picture, self.pile if run.open
                      else None)
        draw_panel(surface, layout.panel, run)
        draw_words(surface, layout.words, self.words())
        theme.text(surface, KEYS_LINE, (w // 2, layout.keys_y), 14, theme.MUTED,
                   anchor="midbottom", width=w - 2 * theme.GAP)

    def words(self) -> list[tuple[str, theme.Colour]]:
        """What the words under the position say: the verdict once answered; else the
        answer chosen so far, what is wrong with the input, and the hints."""
        run = self.run
        if run.verdict is not None:
            verdict = run.verdict
            points = f" (+{run.points_won})" if run.points_won else ""
            said: list[tuple[str, theme.Colour]] = [
                (verdict.why + points, theme.GOOD if verdict.right else theme.ERROR)]
            if self.message:
                said.append((self.message, theme.ERROR))
            return said
        lines: list[tuple[str, theme.Colour]] = []
        answer = self.chosen()
        if answer is not None:
            lines.append((f"Your answer: {answer_words(run.question, answer)}.", theme.TEXT))
        elif self.pile is not None:
            lines.append((f"Pile {self.pile + 1}: how many to take?", theme.TEXT))
        if self.message:
            lines.append((self.message, theme.GOOD if self.message_ok else theme.ERROR))
        lines.extend(("Hint: " + line if i == 0 else line, theme.MUTED)
                     for i, line in enumerate(run.hints))
        return lines
