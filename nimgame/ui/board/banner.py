"""The end of a game: who won and by which rule, the score since the window opened, and what
next — play again, swap sides, a new opponent, or the menu (in KUET rounds: the next game,
or the results after the last).

It takes the side panel's place, above the panel's own buttons, so the finished board
stays in full view: the last stones taken, Tic-Tac-Toe's winning line."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ...narration import ending_text, result_text, tally_text
from .. import theme

if TYPE_CHECKING:
    from .scene import BoardScene

ROW = theme.BUTTON_HEIGHT + 8
PAD = 6    # a button's text keeps this much room on each side


def banner_rect(scene: BoardScene) -> pygame.Rect:
    """The banner: the side panel down to its buttons."""
    panel = scene.panel_rect()
    return pygame.Rect(panel.x, panel.y, panel.width, scene.panel_buttons_top - panel.y)


def choices(scene: BoardScene) -> list[tuple[str, Callable[[], Any]]]:
    """The banner's buttons, first the one Enter presses."""
    match, rounds = scene.match, scene.setup.rounds
    if match.more_rounds:
        return [(f"Next game ({match.round + 2} of {len(rounds or ())})  N", scene.play_on),
                ("Menu", scene.app.home)]
    if rounds:
        return [("See the results  N", scene.play_on), ("Menu", scene.app.home)]
    return [("Play again  Enter", scene.play_on), ("Swap sides  S", scene.swap_sides),
            ("New opponent  C", scene.app.pop), ("Menu", scene.app.home)]


def build_banner(scene: BoardScene) -> None:
    """The buttons along the banner's bottom: the first (Enter's) across the banner, the
    others two to a row when every label fits half the width, else one to a row."""
    rect = banner_rect(scene)
    (first, first_action), *rest = choices(scene)
    half = (rect.width - 3 * theme.GAP) // 2
    font = scene.manager.get_theme().get_font(["button"])
    per_row = 2 if all(font.size(text)[0] + 2 * PAD <= half for text, _ in rest) else 1
    width = half if per_row == 2 else rect.width - 2 * theme.GAP
    rows = 1 + -(-len(rest) // per_row)
    top = rect.bottom - theme.GAP - rows * ROW + 8
    scene.button(pygame.Rect(rect.x + theme.GAP, top, rect.width - 2 * theme.GAP,
                             theme.BUTTON_HEIGHT), first, first_action, primary=True)
    for index, (text, action) in enumerate(rest):
        row, column = divmod(index, per_row)
        scene.button(pygame.Rect(rect.x + theme.GAP + column * (width + theme.GAP),
                                 top + (row + 1) * ROW, width, theme.BUTTON_HEIGHT),
                     text, action)
    scene.banner_text_bottom = top - theme.GAP // 2


def draw_banner(surface: pygame.Surface, scene: BoardScene) -> None:
    """The words, from the top of the banner down to its buttons."""
    rect = banner_rect(scene)
    pygame.draw.rect(surface, theme.ACCENT, rect.inflate(-8, -8), 2, border_radius=12)
    match = scene.match
    result = result_text(match)
    colour = (theme.GOOD if result == "You win!" else theme.ERROR
              if result.endswith("wins!") and not match.both_human else theme.ACCENT)
    inner = rect.width - 2 * theme.GAP
    y = rect.y + theme.GAP + 4
    theme.text(surface, theme.fit(result, 26, inner, bold=True), (rect.centerx, y), 26,
               colour, bold=True, anchor="midtop")
    y += 38
    if scene.setup.rounds:
        tally = f"KUET game {match.round + 1} of {len(scene.setup.rounds)}: " \
                f"NimX played {match.strategy}"
    else:
        tally = f"Since the window opened: {tally_text(match, scene.app.tally_for(match.seats))}"
    lines = [(line, 16, theme.TEXT) for line in theme.wrap(ending_text(match), 16, inner)]
    lines += [(line, 15, theme.MUTED) for line in theme.wrap(tally, 15, inner)]
    for line, size, shade in lines:
        if y + size + 4 > scene.banner_text_bottom:
            break   # never under the buttons (a window this short shows the first lines)
        theme.text(surface, line, (rect.centerx, y), size, shade, anchor="midtop")
        y += size + 6
