"""Drawing beside and instead of a board: the seats and the AI's thoughts or a hint in the
side panel, and the progress bar while an AI practises before the game."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import theme
from .advice import Advice
from .presenter import MatchPresenter


def draw_practice(surface: pygame.Surface, board: pygame.Rect, done: int, total: int) -> None:
    theme.text(surface, f"NimX is practising: {done:,} of {total:,} games",
               (board.centerx, board.centery - 40), 22, anchor="center")
    bar = pygame.Rect(0, 0, board.width * 2 // 3, 22)
    bar.center = (board.centerx, board.centery)
    pygame.draw.rect(surface, theme.PANEL_EDGE, bar, border_radius=8)
    filled = bar.copy()
    filled.width = int(bar.width * done / total) if total else 0
    if filled.width:
        pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=8)


def draw_panel(surface: pygame.Surface, panel: pygame.Rect, buttons_top: int,
               presenter: MatchPresenter, seat_marker: Callable[[int], str]) -> None:
    """The seats (the one to move marked, each after its `seat_marker`), then the thoughts
    and the hint, if shown, down to the panel's buttons at `buttons_top`."""
    theme.panel(surface, panel)
    if presenter.over and presenter.training is None:
        return   # the banner has the panel (banner.py)
    x, y = panel.x + theme.GAP, panel.y + theme.GAP
    inner = panel.width - 2 * theme.GAP
    to_move = None if presenter.over else presenter.match.to_move
    for index, seat in enumerate(presenter.seats):
        colour = theme.ACCENT if index == to_move else theme.TEXT
        label = (seat.name if seat.player is None   # a person
                 else f"{seat.name} — {seat.label or seat.player.label}")
        label = theme.fit(label, 18, 2 * (inner - 18))
        if index == to_move:
            pygame.draw.polygon(surface, theme.ACCENT, [(x, y + 6), (x + 10, y + 13), (x, y + 20)])
        for part in theme.wrap(f"{seat_marker(index)}{label}", 18, inner - 18,
                               bold=index == to_move):
            theme.text(surface, part, (x + 18, y), 18, colour, bold=index == to_move)
            y += 26
        y += 4
    y += 8
    room = buttons_top - theme.GAP - y
    size, step, parts = fit_advice(presenter.advice, inner, room)
    for indent, part in parts:
        theme.text(surface, part, (x + indent, y), size, theme.GOOD)
        y += step


MORE = "… (a taller window shows it all)"

#: The forms the advice is tried in, the fullest first: (short, moves of the AI's, with
#: the line on what its numbers mean). The last names the AI's move and how many it
#: weighed, and lists none: room for a hint under it.
BRIEFER = ((False, 6, True), (True, 3, True), (True, 3, False), (True, 2, False),
           (True, 1, False), (True, 0, False))


def fit_advice(advice: Advice, width: int, room: int
               ) -> tuple[int, int, list[tuple[int, str]]]:
    """The thoughts and the hint in the fullest form that fits `room` whole (`fit_lines`);
    else the fullest whose cut leaves the thoughts whole (their heading says how many moves
    are shown: those are), the rest cut; else only that there is more."""
    cut: list[tuple[int, int, list[tuple[int, str]]]] = []
    for short, top, unit in BRIEFER:
        lines = advice.panel_lines(short, top, unit)
        keep = len(advice.thought_lines(short, top, unit)) if advice.show_thoughts else 0
        fitted = fit_lines(lines, width, room, keep)
        if fitted[2][-1:] != [(0, MORE)]:
            return fitted   # whole
        cut.append(fitted)
    return next((fitted for fitted in cut if len(fitted[2]) > 1), cut[-1])


def fit_lines(lines: list[str], width: int, room: int, keep: int = 0
              ) -> tuple[int, int, list[tuple[int, str]]]:
    """`lines` wrapped to `width` and fitted into `room` pixels of height: (type size, line
    step, [(indent, text)]). Smaller type is tried before anything is left out; if it
    still does not fit, the last line shown says there is more (and only that, if the
    first `keep` lines do not fit whole before it)."""
    for size, step in ((15, 18), (14, 16)):
        wrapped = [[(indent, part) for part in theme.wrap(line.strip(), size, width - indent)]
                   for line in lines for indent in [16 if line.startswith("  ") else 0]]
        parts = [part for line in wrapped for part in line]
        if len(parts) * step <= room:
            return size, step, parts
    shown = max(0, room // step)
    if shown - 1 < sum(len(line) for line in wrapped[:keep]):
        parts = []   # only that there is more
    return size, step, parts[:max(0, shown - 1)] + ([(0, MORE)] if shown else [])
