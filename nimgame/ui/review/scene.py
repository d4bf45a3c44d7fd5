"""A finished game reviewed: the board in its usual drawing at the move chosen, what each
move left its mover exactly (a win in k, a draw, a loss in k) on a timeline under it, the
first mistake marked and why in one line, and a way to play on from just before it.

Keys: ←/→ a move, Home/End the start and the end, P play on from before the first
mistake, Esc back; a click on the timeline goes to that move. The review is
`review.review`'s; this screen only shows it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Future
from functools import partial
from typing import Any

import pygame

from ...games.base import Move
from ...review import GameRecord, Review, review
from ...safetext import plural
from .. import theme
from ..board import board_picture
from ..scene import COMMAND_MODS, Scene, SceneHost
from ..widgets.rows import needed_width
from .drawing import (
    LEGEND_LINE,
    LOOKS,
    MARGIN,
    Mark,
    draw_legend,
    draw_timeline,
    lay_out,
    legend_lines,
    timeline_index,
)

#: Plays a new game with the same seats from the position the moves reach.
PlayOnFrom = Callable[[Sequence[Move]], None]

KEYS_LINE = "Left/Right: a move · Home/End: the start, the end · click a mark · {}Esc back"
PLAY_ON_KEY = "P: play on from before the mistake · "


Line = tuple[str, int, tuple[int, int, int], bool]   # words, type size, colour, bold


def height(lines: Sequence[Line], width: int) -> int:
    """How tall `lines` are, each wrapped to `width`."""
    return sum((size + 8) * len(theme.wrap(words, size, width, bold))
               for words, size, _, bold in lines)


def fitting(lines: Sequence[Line], width: int, room: int) -> list[Line]:
    """`lines` in type a little smaller, as much as they need (down to 11 points) to fit
    `room`; the last line left out if even that is not enough (the first lines matter
    most: the move shown and the first mistake)."""
    lines = list(lines)
    while lines:
        for smaller in range(0, 6):
            made = [(words, max(11, size - smaller), colour, bold)
                    for words, size, colour, bold in lines]
            if height(made, width) <= room:
                return made
        lines.pop()
    return lines


class ReviewScene(Scene):
    def __init__(self, app: SceneHost, record: GameRecord,
                 play_on: PlayOnFrom | None = None) -> None:
        """`record` the game to review; `play_on` what starts a game from a position (None:
        the review cannot, and offers no play on)."""
        super().__init__(app)
        self.record = record
        self.game = record.game
        self.play_on_from = play_on
        self.picture = board_picture(self.game)
        self.review: Review | None = None
        self.problem = ""
        self.index = len(record.moves)   # 0 the start, i after move i
        # The exact value of every position may take a moment (a search): off the frame.
        names = [seat.name for seat in record.seats]
        self.later(lambda: review(record.game, record.moves, names=names), self.reviewed)

    def reviewed(self, answer: Future[Review]) -> None:
        try:
            done = answer.result()
        except ValueError as err:   # a board too big to judge exactly
            self.problem = f"This game cannot be reviewed: {err}."
            return
        self.review = done
        mistake = done.first_mistake
        self.index = mistake.ply if mistake is not None else len(done.moves)
        self.rebuild()

    @property
    def count(self) -> int:
        """The positions: the start, then one after each move."""
        return len(self.record.moves) + 1

    # -- widgets and moving ----------------------------------------------------------------
    def build(self) -> None:
        w, _ = self.size
        self.button(pygame.Rect(w - 152, 16, 136, 40), "Back  Esc", self.app.pop)
        layout = lay_out(self.size)
        last = self.count - 1
        start, previous, following, end, play = layout.buttons
        self.button(start, "Start  Home", self.going(0), enabled=self.index > 0,
                    tooltip="The position before the first move (Home)")
        self.button(previous, "Previous  Left", self.going(self.index - 1),
                    enabled=self.index > 0, tooltip="One move back (Left)")
        self.button(following, "Next  Right", self.going(self.index + 1), enabled=self.index < last,
                    tooltip="One move on (Right)")
        self.button(end, "End  End", self.going(last), enabled=self.index < last,
                    tooltip="The position the game ended in (End)")
        if self.can_play_on():
            words = next((words for words in ("Play on from before the mistake  P",
                                              "Play on before the mistake  P")
                          if needed_width(self.manager, words, True) <= play.width),
                         "Play on  P")
            self.button(play, words, self.play_on,
                        primary=True, tooltip="A new game, the same players, from the "
                                              "position before the first mistake")

    def can_play_on(self) -> bool:
        return (self.play_on_from is not None and self.review is not None
                and self.review.play_on() is not None)

    def going(self, index: int) -> Callable[[], None]:
        return partial(self.go, index)

    def go(self, index: int) -> None:
        """Show the position `index` (0 the start, i after move i), kept in range."""
        index = max(0, min(self.count - 1, index))
        if index != self.index:
            self.index = index
            self.rebuild()

    def play_on(self) -> None:
        """A new game on the board, the same seats, from just before the first mistake."""
        if not self.can_play_on():
            return
        assert self.review is not None and self.play_on_from is not None
        where = self.review.play_on()
        assert where is not None
        play_on_from = self.play_on_from
        self.app.pop()
        play_on_from(where.moves)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            if getattr(event, "mod", 0) & COMMAND_MODS:
                return False   # Alt+← is the system's
            actions: dict[int, Callable[[], Any]] = {
                pygame.K_LEFT: self.going(self.index - 1),
                pygame.K_RIGHT: self.going(self.index + 1),
                pygame.K_HOME: self.going(0), pygame.K_END: self.going(self.count - 1),
                pygame.K_p: self.play_on}
            action = actions.get(event.key)
            if action is None:
                return False
            action()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = timeline_index(lay_out(self.size).timeline, self.count, event.pos)
            if index is not None:
                self.go(index)
                return True
        if event.type == pygame.MOUSEWHEEL and event.y:
            self.go(self.index + (-1 if event.y > 0 else 1))
            return True
        return False

    # -- what is shown ---------------------------------------------------------------------
    def marks(self) -> list[Mark]:
        if self.review is None:
            return []
        first = self.review.first_mistake
        return [Mark(move.after.outcome, move.after.left, move is first)
                for move in self.review.moves]

    def position(self) -> Any:
        if self.review is not None:
            return self.review.positions[self.index]
        state = self.game.initial_state()
        for move in self.record.moves[:self.index]:
            state = self.game.result(state, move)
        return state

    def draw(self, surface: pygame.Surface) -> None:
        w, _ = self.size
        record = self.record
        layout = lay_out(self.size)
        theme.text(surface, f"Review: {self.game.title}", (MARGIN, 14), 26, theme.ACCENT,
                   bold=True, width=w - 200)
        seats = f"{record.seats[0].name} (first) against {record.seats[1].name}"
        theme.text(surface, f"{seats} · {record.result_text}", (MARGIN, 50), 16, theme.TEXT,
                   width=w - 200)
        rules = theme.wrap(self.game.describe_rules(), 13, w - 2 * MARGIN)
        for row, line in enumerate(rules[:2]):
            theme.text(surface, line, (MARGIN, 72 + 16 * row), 13, theme.MUTED,
                       width=w - 2 * MARGIN)
        theme.panel(surface, layout.board)
        self.picture(surface, layout.board.inflate(-16, -16), self.position())
        self.draw_side(surface, layout.side)
        draw_timeline(surface, layout.timeline, self.marks(), self.index)
        keys = KEYS_LINE.format(PLAY_ON_KEY if self.can_play_on() else "")
        theme.text(surface, keys, (w // 2, layout.keys_y), 13, theme.MUTED,
                   anchor="midtop", width=w - 2 * MARGIN)

    def draw_side(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The move shown, its value before and after for its mover, the first mistake and
        why, the legend."""
        theme.panel(surface, rect)
        inner = rect.inflate(-2 * 12, -2 * 12)
        x, y, width = inner.x, inner.y, inner.width
        legend = legend_lines(width) * LEGEND_LINE
        bottom = inner.bottom - legend
        lines: list[Line] = []
        if self.review is None:
            lines.append((self.problem or "Working out the exact value of every move…", 16,
                          theme.ERROR if self.problem else theme.MUTED, False))
        else:
            lines += self.move_lines()
        for words, size, colour, bold in fitting(lines, width, bottom - y):
            for line in theme.wrap(words, size, width, bold):
                if y + size + 6 > bottom:
                    break   # only where even the smallest type cannot hold it all
                theme.text(surface, line, (x, y), size, colour, bold=bold, width=width)
                y += size + 8
        draw_legend(surface, (x, inner.bottom - legend + 2), width)

    def move_lines(self) -> list[Line]:
        """What the side says: the move shown and its values, then the first mistake and
        why (in a big window, in bigger type)."""
        assert self.review is not None
        moves, seats = self.review.moves, self.record.seats
        up = 3 if self.size[1] >= 800 else 0
        lines: list[Line] = []
        first = self.review.first_mistake
        if self.index == 0:
            lines.append((f"The start: {plural(len(moves), 'move')} to review", 18 + up,
                          theme.TEXT, True))
        else:
            move = moves[self.index - 1]
            name = seats[move.player].name
            lines.append((f"Move {move.ply} of {len(moves)}: {name}", 18 + up, theme.TEXT,
                          True))
            lines.append((f"{move.words} ({move.text})", 16 + up, theme.TEXT, False))
            lines.append((f"Before: {move.before.text} for {name}", 16 + up,
                          LOOKS[move.before.outcome][1], False))
            lines.append((f"After: {move.after.text}", 16 + up, LOOKS[move.after.outcome][1],
                          False))
        if first is None:
            lines.append(("No mistake: every move kept what the position was worth.",
                          15 + up, theme.GOOD, True))
        else:
            said = ("This is the first mistake." if self.index == first.ply else
                    f"The first mistake: move {first.ply}, {seats[first.player].name}.")
            lines.append((said, 15 + up, theme.ACCENT, True))
            lines.append((first.why or "", 15 + up, theme.TEXT, False))
        if not self.review.counted:
            lines.append(("This board is too big to count the moves left: wins and losses "
                          "only.", 13 + up, theme.MUTED, False))
        if self.index and moves[self.index - 1].mistake and moves[self.index - 1] is not first:
            lines.append((f"A mistake too: {moves[self.index - 1].why}", 15 + up, theme.ERROR,
                          False))
        return lines


__all__ = ["PlayOnFrom", "ReviewScene"]
