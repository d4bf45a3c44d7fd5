"""One MCTS decision taken apart: step through its iterations — the path UCB1 selected
(each edge's visits, mean and UCT score), the node expanded, the random playout, the
backup — and watch the root's moves settle, with the exact value of each beside them.

Keys: ←/→ one iteration, Shift+←/→ or Page Up/Down ten, Ctrl+←/→ a hundred, [ and ] a
thousand, Home and End the first and the last; the buttons do the same, and a click on
the timeline jumps there. The step model is `players.mcts_trace`'s; this screen only
shows it."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

import pygame

from ...games.registry import kit_for
from ...players import (
    DecisionRecord,
    DecisionSteps,
    Iteration,
    exact_verdicts,
    judge_for,
    settling,
    verdict_sentence,
)
from ...safetext import plural
from .. import theme
from ..board import board_picture
from ..scene import COMMAND_MODS, Scene, SceneHost
from .drawing import (
    MARGIN,
    TOP,
    ChildRow,
    DecisionLayout,
    PathRow,
    draw_path,
    draw_table,
    draw_timeline,
    lay_out,
    number,
    path_capacity,
    row_heights,
    timeline_index,
)

#: The buttons along the bottom: their words, how far each goes (None: to an end), and
#: the keys that do the same (their tooltip).
STEPS: tuple[tuple[str, int | None, str], ...] = (
    ("First", None, "the first iteration (Home)"), ("−1000", -1000, "a thousand back ([)"),
    ("−100", -100, "a hundred back (Ctrl+Left)"),
    ("−10", -10, "ten back (Shift+Left or Page Up)"), ("−1", -1, "one back (Left)"),
    ("+1", 1, "one on (Right)"), ("+10", 10, "ten on (Shift+Right or Page Down)"),
    ("+100", 100, "a hundred on (Ctrl+Right)"), ("+1000", 1000, "a thousand on (])"),
    ("Last", None, "the last iteration (End)"))
RULES_STEP = 19   # a line of the rules under the title
#: Words a move is said in and their short forms, where the move's words do not fit
#: (Tic-Tac-Toe's "O in row 3, column 1": "O row 3, col 1", still naming the square).
SHORTER = ((" in row ", " row "), ("column", "col"))


def shorter(words: str) -> str:
    for long, short in SHORTER:
        words = words.replace(long, short)
    return words


KEYS_LINE = ("Left/Right: 1 · with Shift, or PgUp/PgDn: 10 · with Ctrl: 100 · [ and ]: "
             "1,000 · Home/End · click the bar · Esc back")


class DecisionScene(Scene):
    def __init__(self, app: SceneHost, record: DecisionRecord) -> None:
        super().__init__(app)
        self.record = record
        self.game = record.game
        self.kit = kit_for(self.game)
        self.steps = DecisionSteps(record)
        self.picture = board_picture(self.game)
        self.settled = settling(record)
        self.root_moves = self.game.legal_moves(record.state)
        self.verdicts: dict[Any, int] | None = None
        self.sentence = ""
        # The exact value of a position may take a moment (a search): off the frame.
        self.later(lambda: exact_verdicts(record, judge_for(self.game)), self.judged)

    def judged(self, answer: Future[dict[Any, int]]) -> None:
        self.verdicts = answer.result()
        self.sentence = verdict_sentence(self.record, self.verdicts)

    # -- widgets and moving ----------------------------------------------------------------
    def build(self) -> None:
        w, _ = self.size
        self.button(pygame.Rect(w - 160, 16, 136, 40), "Back  Esc", self.app.pop)
        layout = self.layout()
        index, last = self.steps.index, self.steps.count - 1
        for rect, (words, delta, keys) in zip(layout.buttons, STEPS, strict=True):
            action: Callable[[], Any]
            if delta is None:
                action = self.steps.home if words == "First" else self.steps.end
                forward = words == "Last"
            else:
                action, forward = self.mover(delta), delta > 0
            self.button(rect, words, self.after(action), tooltip=f"Go to {keys}",
                        enabled=last > 0 and (index < last if forward else index > 0))

    def mover(self, delta: int) -> Callable[[], int]:
        return lambda: self.steps.step(delta)

    def after(self, action: Callable[[], Any]) -> Callable[[], None]:
        """`action`, then the buttons again (those at an end are greyed)."""
        def act() -> None:
            before = self.steps.index
            action()
            if self.steps.index != before:
                self.rebuild()
        return act

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            action = self.key_action(event)
            if action is None:
                return False
            self.after(action)()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            layout = self.layout()
            index = timeline_index(layout.timeline, self.steps.count, event.pos)
            if index is not None:
                self.after(lambda: self.steps.go(index))()
                return True
        if event.type == pygame.MOUSEWHEEL and event.y:
            self.after(self.mover(-1 if event.y > 0 else 1))()
            return True
        return False

    def key_action(self, event: pygame.event.Event) -> Callable[[], Any] | None:
        """What a key does here: ←/→ one, with Shift ten, with Ctrl a hundred; Page Up/Down
        ten; [ and ] a thousand; Home and End."""
        mod = getattr(event, "mod", 0)
        arrows = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}
        if event.key in arrows:
            if mod & (COMMAND_MODS & ~pygame.KMOD_CTRL):
                return None   # Alt+← is the system's
            size = 100 if mod & pygame.KMOD_CTRL else 10 if mod & pygame.KMOD_SHIFT else 1
            return self.mover(arrows[event.key] * size)
        if mod & COMMAND_MODS:
            return None
        by_key: dict[int, Callable[[], Any]] = {
            pygame.K_PAGEUP: self.mover(-10), pygame.K_PAGEDOWN: self.mover(10),
            pygame.K_LEFTBRACKET: self.mover(-1000), pygame.K_RIGHTBRACKET: self.mover(1000),
            pygame.K_HOME: self.steps.home, pygame.K_END: self.steps.end}
        by_text = {"[": self.mover(-1000), "]": self.mover(1000)}   # any keyboard layout
        return by_key.get(event.key) or by_text.get(getattr(event, "unicode", ""))

    # -- what is shown ---------------------------------------------------------------------
    def words(self, state: Any, move: Any) -> str:
        return self.game.describe_move(state, move)

    def typed(self, state: Any, move: Any) -> str:
        return kit_for(self.game).move_text(self.game, state, move)

    def child_rows(self) -> list[ChildRow]:
        """The root's moves after the current iteration, in the order the search added
        them (untried ones last)."""
        steps = self.steps
        if not steps.count:
            return [ChildRow(self.words(self.record.state, move), 0, 0.0, "—", "—",
                             None if self.verdicts is None else self.verdicts[move],
                             False, move == self.record.chosen,
                             shorter(self.words(self.record.state, move)))
                    for move in self.root_moves]
        first = steps.iteration().backup[1].move
        leader = steps.most_visited()
        children = steps.root_children()
        most = max(1, max(child.visits for child in children))
        return [ChildRow(self.words(self.record.state, child.move), child.visits,
                         child.visits / most, number(child.mean) if child.visits else "—",
                         "—" if child.uct is None else number(child.uct),
                         None if self.verdicts is None else self.verdicts[child.move],
                         child.move == first, child.move == leader,
                         shorter(self.words(self.record.state, child.move)))
                for child in children]

    def shown_rows(self, fitting: int) -> tuple[list[ChildRow], int]:
        """The rows the table has room for, in their order: all if they fit, else the
        ones that matter — the move taken now, the most visited, the exact best — and the
        most visited of the rest; and how many are left out."""
        rows = self.child_rows()
        if len(rows) <= fitting:
            return rows, 0
        room = max(1, fitting - 1)     # a line says how many more
        best = max(self.verdicts.values()) if self.verdicts else None
        ranked = sorted(range(len(rows)), key=lambda i: (
            not rows[i].this_iteration, not rows[i].most_visited,
            not (best is not None and rows[i].verdict == best), -rows[i].visits))
        kept = sorted(ranked[:room])
        return [rows[i] for i in kept], len(rows) - len(kept)

    def path_rows(self, it: Iteration, capacity: int) -> list[PathRow]:
        """The iteration's rows from the root down: each selected edge, the node added,
        the playout; the middle of a long path shortened to fit `capacity` rows."""
        me = self.record.mover
        credits = {credit.depth: credit for credit in it.backup}
        rows: list[PathRow] = []
        above = self.record.state
        for depth, edge in enumerate(it.path, start=1):
            after = credits[depth]
            whose = "its move" if edge.mover == me else "the reply"
            words = f"{self.words(above, edge.move)} ({whose})"
            rows.append(PathRow("Select", words, edge.state,
                                f"UCT {number(edge.uct)} · visits {edge.visits:,}"
                                f" to {after.visits:,} · mean {number(edge.mean)} to "
                                f"{number(after.mean)}", after.result, short=shorter(words)))
            above = edge.state
        if it.expansion is not None:
            added = credits[len(it.backup) - 1]
            whose = "its move" if it.expansion.mover == me else "the reply"
            words = f"{self.words(above, it.expansion.move)} ({whose})"
            rows.append(PathRow("Expand", words, it.expansion.state,
                                f"new in the tree · visits 0 to 1 · mean "
                                f"{number(added.mean)}", added.result, added=True,
                                short=shorter(words)))
        ending = ("a draw" if it.winner is None else "MCTS's side wins"
                  if it.winner == me else "its opponent wins")
        if it.playout:
            state, said, typed = it.start, [], []
            for move in it.playout:
                said.append(self.words(state, move))
                typed.append(self.typed(state, move))
                state = self.game.result(state, move)
            moves = plural(len(it.playout), "random move")
            legend = kit_for(self.game).move_key   # a long play-out is said in typed moves
            rows.append(PathRow("Play out", f"{moves}: {', '.join(said)}", it.end,
                                f"the game ends: {ending}", None,
                                short=f"{moves}{f' ({legend})' if legend else ''}: "
                                      f"{', '.join(typed)}"))
        else:
            rows.append(PathRow("Play out", "none: the game is over here", None,
                                f"the game ended: {ending}", None))
        if len(rows) > capacity:   # the first edges and the last rows, the middle said
            keep_end = capacity - 2
            cut = len(rows) - 1 - keep_end
            rows = [rows[0], PathRow("…", f"{plural(cut, 'more edge')} selected", None, "",
                                     None)] + rows[-keep_end:]
        return rows

    # -- drawing ---------------------------------------------------------------------------
    def rules_lines(self) -> list[str]:
        """The rules, the iterations and c, wrapped: the first line beside the Back
        button, the rest under it the window's width."""
        w = self.size[0]
        said = (f"{self.game.describe_rules()} · {plural(self.steps.count, 'iteration')} · "
                f"c = {self.record.exploration:.2f}")
        first, *rest = theme.wrap(said, 15, w - 200)
        return [first, *(theme.wrap(" ".join(rest), 15, w - 2 * MARGIN) if rest else [])]

    def layout(self) -> DecisionLayout:
        """Where everything goes, under a heading as tall as its rules' lines."""
        return lay_out(self.size, len(self.root_moves),
                       TOP + RULES_STEP * (len(self.rules_lines()) - 1))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        record, steps = self.record, self.steps
        layout = self.layout()
        theme.text(surface, "One MCTS decision, taken apart", (MARGIN, 14), 26, theme.ACCENT,
                   bold=True, width=w - 200)
        rules = self.rules_lines()
        for i, line in enumerate(rules):
            theme.text(surface, line, (MARGIN, 50 + RULES_STEP * i), 15, theme.MUTED,
                       width=w - 2 * MARGIN)
        self.draw_sentence(surface, w, RULES_STEP * (len(rules) - 1))
        theme.text(surface, f"The position: MCTS chose {self.words(record.state, record.chosen)}",
                   (layout.position.x, layout.position.y - 24), 16, width=layout.position.width)
        pygame.draw.rect(surface, theme.PANEL, layout.position, border_radius=8)
        self.picture(surface, layout.position.inflate(-12, -12), record.state)
        rows, hidden = self.shown_rows(layout.table_rows)
        draw_table(surface, layout, rows, hidden)
        if steps.count:
            it = steps.iteration()
            capacity = path_capacity(layout)
            path = self.path_rows(it, capacity)
            while capacity > 3 and not row_heights(layout, path)[1]:
                capacity -= 1   # fewer edges shown: room for the play-out's moves, whole
                path = self.path_rows(it, capacity)
            root = it.backup[0]
            draw_path(surface, layout,
                      f"Iteration {steps.index + 1:,} of {steps.count:,}",
                      f"Root visits {root.visits - 1:,} to {root.visits:,}; Select: the "
                      f"highest UCT",
                      path,
                      "Back up: each node on the path gets a visit and the result for whoever "
                      "moved into it (+1 won, −1 lost, 0 drawn).", self.picture)
        else:
            theme.text(surface, "No search: a move wins at once.", layout.path.topleft, 18,
                       theme.ACCENT, bold=True)
        draw_timeline(surface, layout.timeline, steps.index, steps.count, self.settled,
                      self.verdicts is None or
                      self.verdicts.get(record.chosen) == max(self.verdicts.values()))
        theme.text(surface, KEYS_LINE, (w // 2, layout.keys_y), 13, theme.MUTED,
                   anchor="midtop", width=w - 2 * MARGIN)

    def draw_sentence(self, surface: pygame.Surface, w: int, down: int = 0) -> None:
        """Where the search settled and what the exact value says (in the error colour
        when the move it plays is not a best one; the words say so too), `down` pixels
        under its place (the rules above took more lines)."""
        if self.verdicts is None:
            theme.text(surface, "Working out the exact value of each move…",
                       (MARGIN, 74 + down), 15, theme.MUTED)
            return
        wrong = self.verdicts[self.record.chosen] < max(self.verdicts.values())
        for i, line in enumerate(theme.wrap(self.sentence, 15, w - 2 * MARGIN, bold=wrong)[:2]):
            theme.text(surface, line, (MARGIN, 72 + down + 19 * i), 15,
                       theme.ERROR if wrong else theme.GOOD, bold=wrong,
                       width=w - 2 * MARGIN)


__all__ = ["DecisionScene"]
