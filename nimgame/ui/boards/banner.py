"""The end of a game, over the board: who won and by which rule, the score since the board
opened, and what next — play again, swap sides, change opponent, or the menu (in KUET
rounds: the next game, or the results after the last)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ...narration import ending_text, result_text, tally_text
from .. import theme

if TYPE_CHECKING:
    from .base import BoardScene

HEIGHT = 250
ROW = theme.BUTTON_HEIGHT + 8


def banner_rect(board: pygame.Rect) -> pygame.Rect:
    """The banner, centred on the board area."""
    rect = pygame.Rect(0, 0, min(480, board.width - 2 * theme.GAP), HEIGHT)
    rect.center = board.center
    return rect


def choices(scene: BoardScene) -> list[tuple[str, Callable[[], Any]]]:
    """The banner's buttons, first the one Enter presses."""
    match, rounds = scene.match, scene.setup.rounds
    if match.more_rounds:
        return [(f"Next game ({match.round + 2} of {len(rounds or ())})  N", scene.play_on),
                ("Menu", scene.app.home)]
    if rounds:
        return [("See the results  N", scene.play_on), ("Menu", scene.app.home)]
    return [("Play again  Enter", scene.play_on), ("Swap sides  S", scene.swap_sides),
            ("Change opponent  C", scene.app.pop), ("Menu", scene.app.home)]


def build_banner(scene: BoardScene) -> None:
    """The buttons, two to a row, along the banner's bottom."""
    rect = banner_rect(scene.board_rect())
    made = choices(scene)
    rows = (len(made) + 1) // 2
    width = (rect.width - 3 * theme.GAP) // 2
    top = rect.bottom - theme.GAP - rows * ROW + 8
    for index, (text, action) in enumerate(made):
        row, column = divmod(index, 2)
        scene.button(pygame.Rect(rect.x + theme.GAP + column * (width + theme.GAP),
                                 top + row * ROW, width, theme.BUTTON_HEIGHT),
                     text, action, primary=index == 0)


def draw_banner(surface: pygame.Surface, scene: BoardScene) -> None:
    rect = banner_rect(scene.board_rect())
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill((*theme.BACKGROUND[:3], 250))
    surface.blit(shade, rect.topleft)
    pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=12)
    match = scene.match
    result = result_text(match)
    colour = (theme.GOOD if result == "You win!" else theme.ERROR
              if result.endswith("wins!") and not match.both_human else theme.ACCENT)
    inner = rect.width - 2 * theme.GAP
    y = rect.y + theme.GAP
    theme.text(surface, theme.fit(result, 28, inner, bold=True), (rect.centerx, y), 28,
               colour, bold=True, anchor="midtop")
    y += 40
    for line in theme.wrap(ending_text(match), 16, inner)[:2]:
        theme.text(surface, line, (rect.centerx, y), 16, theme.TEXT, anchor="midtop")
        y += 22
    if scene.setup.rounds:
        tally = f"KUET game {match.round + 1} of {len(scene.setup.rounds)}: " \
                f"NimX played {match.strategy}"
    else:
        tally = f"Since the window opened: {tally_text(match, scene.app.tally_for(match.seats))}"
    theme.text(surface, theme.fit(tally, 17, inner), (rect.centerx, y + 4), 17, theme.MUTED,
               anchor="midtop")
