"""The end of a game: who won and by which rule, the score since the window opened, and what
next — play again, swap sides, a new opponent, or the menu (in KUET rounds: the next game,
or the results after the last).

It takes the side panel's place, above the panel's own buttons, so the finished board
stays in full view: the last stones taken, Tic-Tac-Toe's winning line."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ...match import Match, Tally
from ...narration import ending_text, result_text, tally_text
from .. import theme
from ..widgets.rows import BUTTON_PAD
from .presenter import MatchPresenter

ROW = theme.BUTTON_HEIGHT + 8

#: A button to make: where, its text, what it does, and whether it is the primary one.
ButtonSpec = tuple[pygame.Rect, str, Callable[[], Any], bool]


def choices(presenter: MatchPresenter, leave: Callable[[], Any], home: Callable[[], Any],
            learned: Callable[[], Any] | None = None, review: Callable[[], Any] | None = None
            ) -> list[tuple[str, Callable[[], Any]]]:
    """The banner's buttons, first the one Enter presses; `leave` goes back to choose
    another opponent, `home` to the menu, `learned` (if a learner learned from the game)
    shows what it learned, `review` the game reviewed move by move."""
    match, rounds = presenter.match, presenter.setup.rounds
    lesson = [] if learned is None else [("What it learned  W", learned)]
    reviewing = [] if review is None else [("Review  V", review)]
    if match.more_rounds:
        return [(f"Next game ({match.round + 2} of {len(rounds or ())})  N",
                 presenter.play_on), *lesson, *reviewing, ("Menu  Home", home)]
    if rounds:
        return [("See the results  N", presenter.play_on), *lesson, *reviewing,
                ("Menu  Home", home)]
    return [("Play again  Enter", presenter.play_on), ("Swap sides  S", presenter.swap_sides),
            ("New opponent  C", leave), *lesson, *reviewing, ("Menu  Home", home)]


class Banner:
    """The banner's place (the side panel down to its buttons), its buttons' places, and
    its words."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.text_bottom = 0   # where the words must end: above the buttons

    def lay_out(self, rect: pygame.Rect, buttons: list[tuple[str, Callable[[], Any]]],
                font: Any) -> list[ButtonSpec]:
        """The buttons along the bottom of `rect`: the first (Enter's) across the banner,
        the others two to a row when every label fits half the width in `font`, else one
        to a row."""
        self.rect = rect
        (first, first_action), *rest = buttons
        half = (rect.width - 3 * theme.GAP) // 2
        per_row = 2 if all(font.size(text)[0] + 2 * BUTTON_PAD <= half for text, _ in rest) else 1
        width = half if per_row == 2 else rect.width - 2 * theme.GAP
        rows = 1 + -(-len(rest) // per_row)
        top = rect.bottom - theme.GAP - rows * ROW + 8
        made = [(pygame.Rect(rect.x + theme.GAP, top, rect.width - 2 * theme.GAP,
                             theme.BUTTON_HEIGHT), first, first_action, True)]
        for index, (text, action) in enumerate(rest):
            row, column = divmod(index, per_row)
            made.append((pygame.Rect(rect.x + theme.GAP + column * (width + theme.GAP),
                                     top + (row + 1) * ROW, width, theme.BUTTON_HEIGHT),
                         text, action, False))
        self.text_bottom = top - theme.GAP // 2
        return made

    def draw(self, surface: pygame.Surface, match: Match,
             rounds: list[tuple[str, str]] | None, tally: Tally) -> None:
        """The words, from the top of the banner down to its buttons."""
        rect = self.rect
        pygame.draw.rect(surface, theme.ACCENT, rect.inflate(-8, -8), 2, border_radius=12)
        result = result_text(match)
        colour = (theme.GOOD if result == "You win!" else theme.ERROR
                  if result.endswith("wins!") and not match.both_human else theme.ACCENT)
        inner = rect.width - 3 * theme.GAP   # words keep clear of the frame's sides
        y = rect.y + theme.GAP + 4
        theme.text(surface, theme.fit(result, 26, inner, bold=True), (rect.centerx, y), 26,
                   colour, bold=True, anchor="midtop")
        y += 38
        if rounds:
            said = f"KUET game {match.round + 1} of {len(rounds)}: NimX played {match.strategy}"
        else:
            said = f"Since the window opened: {tally_text(match, tally)}"
        lines = [(line, 16, theme.TEXT) for line in theme.wrap(ending_text(match), 16, inner)]
        lines += [(line, 15, theme.MUTED) for line in theme.wrap(said, 15, inner)]
        for line, size, shade in lines:
            if y + size + 4 > self.text_bottom:
                break   # never under the buttons (a window this short shows the first lines)
            theme.text(surface, line, (rect.centerx, y), size, shade, anchor="midtop")
            y += size + 6
