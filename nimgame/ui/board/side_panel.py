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
        if part == RULE:   # no room for the heading: the rule alone
            pygame.draw.line(surface, theme.PANEL_EDGE, (x, y + RULE_ROOM // 2),
                             (x + inner, y + RULE_ROOM // 2), 1)
            y += RULE_ROOM
            continue
        if part == HINT_HEADING:   # a heading on a rule: the hint apart from the thoughts
            words = theme.text(surface, part, (x, y), size, theme.ACCENT, bold=True)
            middle = words.centery
            pygame.draw.line(surface, theme.PANEL_EDGE, (words.right + 8, middle),
                             (x + inner, middle), 1)
        else:
            theme.text(surface, part, (x + indent, y), size, theme.GOOD)
        y += step


MORE = "… (a taller window shows it all)"
#: Over the hint, when the thoughts are shown above it: a heading on a rule, else (no
#: room for it) the rule alone, RULE_ROOM pixels high (RULE stands for it in the lines).
HINT_HEADING = "Hint"
RULE, RULE_ROOM = "----", 7   # RULE: ASCII, so wrapping keeps it as it is

#: The forms the advice is tried in, the fullest first: (short, moves of the AI's, with
#: the line on what its numbers mean). The last names the AI's move and how many it
#: weighed, and lists none: room for a hint under it.
BRIEFER = ((False, 6, True), (True, 3, True), (True, 3, False), (True, 2, False),
           (True, 1, False), (True, 0, False))


def fit_advice(advice: Advice, width: int, room: int
               ) -> tuple[int, int, list[tuple[int, str]]]:
    """The thoughts and the hint in the fullest form that fits `room` whole (`fit_lines`);
    with both shown, the hint first of all (`fit_beside`); else the fullest whose cut
    leaves the thoughts whole (their heading says how many moves are shown: those are),
    the rest cut; else only that there is more."""
    if advice.show_thoughts and advice.show_hint and advice.hint_available() \
            and advice.thought_lines():
        beside = fit_beside(advice, width, room)
        if beside is not None:
            return beside
    cut: list[tuple[int, int, list[tuple[int, str]]]] = []
    for short, top, unit in BRIEFER:
        lines = advice.panel_lines(short, top, unit)
        keep = len(advice.thought_lines(short, top, unit)) if advice.show_thoughts else 0
        fitted = fit_lines(lines, width, room, keep)
        if fitted[2][-1:] != [(0, MORE)]:
            return fitted   # whole
        cut.append(fitted)
    return next((fitted for fitted in cut if len(fitted[2]) > 1), cut[-1])


def fit_beside(advice: Advice, width: int, room: int
               ) -> tuple[int, int, list[tuple[int, str]]] | None:
    """The thoughts, then the hint under its heading, both whole: the hint as it is, or
    in its short form; the thoughts as full as leaves it room (fewer moves, then only the
    move made and how many were weighed, then that on one line), in the largest type
    that fits (15 to 13 px), under a heading if there is room, else a rule; else the
    hint alone. None if the hint alone does not fit."""
    hints = [advice.hint_lines(False), advice.hint_lines(True)]
    for size, step in ((15, 18), (14, 16), (13, 15)):
        for apart, more in ((HINT_HEADING, 0), (RULE, step - RULE_ROOM)):
            for form in (*BRIEFER, (True, -1, False)):   # the last: one line
                thoughts = advice.thought_lines(*form)
                for hint in hints:
                    fitted = fit_lines([*thoughts, apart, *hint], width, room + more,
                                       sizes=((size, step),))
                    if fitted[2] and fitted[2][-1] != (0, MORE):
                        return fitted
    for hint in hints:   # no room for the thoughts at all: the hint alone
        fitted = fit_lines(hint, width, room)
        if fitted[2] and fitted[2][-1] != (0, MORE):
            return fitted
    return None


def fit_lines(lines: list[str], width: int, room: int, keep: int = 0,
              sizes: tuple[tuple[int, int], ...] = ((15, 18), (14, 16))
              ) -> tuple[int, int, list[tuple[int, str]]]:
    """`lines` wrapped to `width` and fitted into `room` pixels of height: (type size, line
    step, [(indent, text)]). Smaller type is tried before anything is left out; if it
    still does not fit, the last line shown says there is more (and only that, if the
    first `keep` lines do not fit whole before it)."""
    for size, step in sizes:
        wrapped = [[(indent, part) for part in theme.wrap(line.strip(), size, width - indent)]
                   for line in lines for indent in [16 if line.startswith("  ") else 0]]
        parts = [part for line in wrapped for part in line]
        if len(parts) * step <= room:
            return size, step, parts
    shown = max(0, room // step)
    if shown - 1 < sum(len(line) for line in wrapped[:keep]):
        parts = []   # only that there is more
    return size, step, parts[:max(0, shown - 1)] + ([(0, MORE)] if shown else [])
