"""The Sticks inspector's picture of the hats: the rule they follow (or how far they are
from it) in words, and one small bar chart per heap — balls 1, 2, 3 side by side, the
theory's winning ball in green — laid out to fit any window from 800×560 up."""

from __future__ import annotations

import pygame

from ...learning import insight
from ...players import HatLearner
from .. import theme

COLUMNS = 10
#: Below this cell height the heap's number goes beside the bars and the ball numbers
#: under them are left out (the legend says the order).
ROOMY = 60


def draw_hats(surface: pygame.Surface, learner: HatLearner, area: pygame.Rect) -> None:
    """The rule, the legend and the charts, within `area`."""
    y = area.y
    rule = insight.sticks_rule(learner)
    for line in theme.wrap(rule.words, 16, area.width, bold=True):
        theme.text(surface, line, (area.x, y), 16, theme.GOOD if rule.learned else theme.ACCENT,
                   bold=True)
        y += 21
    theme.text(surface, "Bars: balls 1, 2, 3 in each hat, by heap size; green and framed: the "
               "ball the theory says wins.", (area.x, y + 2), 13, theme.MUTED, width=area.width)
    found = insight.hats(learner)
    grid = pygame.Rect(area.x, y + 24, area.width, area.bottom - y - 24)
    rows = -(-len(found) // COLUMNS)
    cell_w, cell_h = grid.width / COLUMNS, min(150, grid.height / max(rows, 1))
    for i, hat in enumerate(found):
        r, c = divmod(i, COLUMNS)
        box = pygame.Rect(grid.x + c * cell_w + 3, grid.y + r * cell_h + 3, cell_w - 6,
                          cell_h - 6)
        draw_hat(surface, hat, box)


def hat_layout(box: pygame.Rect, sticks: int) -> tuple[pygame.Rect, pygame.Rect, bool]:
    """Where a hat's heap number and its bars go in `box`, and whether the ball numbers fit
    under the bars: the number above the bars in a roomy box, beside them in a small one."""
    if box.height + 6 >= ROOMY:
        return (pygame.Rect((box.x + 6, box.y + 2), theme.font(13).size(str(sticks))),
                pygame.Rect(box.x + 8, box.y + 20, box.width - 16, box.height - 36), True)
    width, height = theme.font(12).size(str(sticks))
    beside = pygame.Rect(box.x + 5, box.centery - height // 2, width, height)
    left = max(beside.right, box.x + 24) + 3
    return beside, pygame.Rect(left, box.y + 4, box.right - 4 - left, box.height - 8), False


def draw_hat(surface: pygame.Surface, hat: insight.Hat, box: pygame.Rect) -> None:
    theme.panel(surface, box)
    label, bars, roomy = hat_layout(box, hat.sticks)
    theme.text(surface, f"{hat.sticks}", label.topleft, 13 if roomy else 12, theme.MUTED)
    most = max(hat.balls.values())
    bar_w = bars.width / 3
    for move in (1, 2, 3):
        count = hat.balls.get(move)
        if count is None:
            continue
        height = max(2, bars.height * count / most)
        colour = theme.GOOD if move in hat.theory else theme.ACCENT
        bar = pygame.Rect(bars.x + (move - 1) * bar_w + 1, bars.bottom - height,
                          max(2, bar_w - 2), height)
        pygame.draw.rect(surface, colour, bar, border_radius=2)
        if move in hat.theory:   # framed too: not told by colour alone
            pygame.draw.rect(surface, theme.TEXT, bar, width=1, border_radius=2)
        if roomy:
            theme.text(surface, str(move), (bar.centerx, box.bottom - 2), 11, theme.MUTED,
                       anchor="midbottom")
