"""The training screen's drawing: the form's labels and values, the progress bar, the
message, and the learning curve as it grows."""

from __future__ import annotations

from typing import Protocol

import pygame

from ...glossary import TERMS
from ...learning.worker import TrainingJob
from ...players import CurveRecord, Learner
from .. import theme
from ..widgets.chart import draw_chart
from ..widgets.fields import Field
from ..widgets.tips import HoverTips
from .choices import TrainingChoices
from .form import FIELD_WIDTH, LABEL_WIDTH, TrainingForm

WORDS_WIDTH = 120  # the glossary's button, in the top right corner (the title ends before)
CLOSE_WIDTH = 110  # Close, left of it (not while a run goes: there Esc stops the run)
#: The glossary's word for each row of the form, by its label (`nimgame.glossary.TERMS`).
ROW_TERMS = {"Learner": "learner", "Games": "games", "Opponent": "opponent",
             "Starts": "starts"}
#: ... and for each line of the chart, by its name.
CHART_TERMS = {"optimal moves": "optimal", "wins against Random": "random_wins"}


class TrainingScreen(Protocol):
    """What the drawing reads of the training screen (`TrainingScene` is one)."""

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def choices(self) -> TrainingChoices: ...

    @property
    def form(self) -> TrainingForm: ...

    @property
    def job(self) -> TrainingJob | None: ...

    @property
    def trained(self) -> Learner | None: ...

    @property
    def name_entry(self) -> Field | None: ...

    @property
    def name_y(self) -> int: ...

    @property
    def earlier_curve(self) -> tuple[CurveRecord, ...]: ...

    @property
    def message(self) -> str: ...

    @property
    def message_ok(self) -> bool: ...

    @property
    def tips(self) -> HoverTips: ...

    def box(self) -> pygame.Rect: ...


def draw_training(surface: pygame.Surface, scene: TrainingScreen) -> None:
    shade = pygame.Surface(scene.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 255))  # the whole window: nothing below shows (a keys line did)
    surface.blit(shade, (0, 0))
    box = scene.box()
    pygame.draw.rect(surface, theme.BACKGROUND, box, border_radius=12)
    pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=12)
    start = scene.choices.start_from
    title = f"Go on training '{start.name}'" if start else "Train an AI"
    theme.text(surface, title, (box.x + 24, box.y + 20), 28, theme.ACCENT, bold=True,
               width=box.width - 48 - WORDS_WIDTH - CLOSE_WIDTH - 22)
    tips = scene.tips
    tips.begin()
    for label, y in scene.form.rows.labels if scene.form.rows else []:
        said = theme.text(surface, label, (box.x + 24, y + 18), 17, anchor="midleft")
        if label in ROW_TERMS:   # the label and its field
            tips.place(pygame.Rect(said.x, y, LABEL_WIDTH + FIELD_WIDTH, 36),
                       TERMS[ROW_TERMS[label]].sentence)
        elif label == "α, ε":   # each half of the label, with its slider and value
            split = said.x + theme.font(17).size("α,")[0]
            tips.place(pygame.Rect(said.x, y, split - said.x, 36), TERMS["alpha"].sentence)
            tips.place(pygame.Rect(split, y, said.right - split, 36),
                       TERMS["epsilon"].sentence)
    if scene.form.alpha_slider is not None and scene.form.epsilon_slider is not None:
        for value, slider, term in ((scene.choices.alpha, scene.form.alpha_slider, "alpha"),
                                    (scene.choices.epsilon, scene.form.epsilon_slider,
                                     "epsilon")):
            said = theme.text(surface, f"{value:.2f}", (slider.rect.right + 6,
                              slider.rect.centery), 16, anchor="midleft")
            tips.place(slider.rect.union(said), TERMS[term].sentence)
    if scene.trained is not None and scene.name_entry is not None:
        theme.text(surface, "Name", (box.x + 24, scene.name_y + 18), 17, anchor="midleft")
    draw_progress(surface, scene, box)


def draw_progress(surface: pygame.Surface, scene: TrainingScreen, box: pygame.Rect) -> None:
    bottom = (scene.name_y - 10 if scene.trained is not None and scene.name_entry is not None
              else box.bottom - 24 - 52)   # above the name's row, or the step button
    right = pygame.Rect(box.x + 470, box.y + 76, box.width - 494, bottom - box.y - 76)
    job = scene.job
    if job is not None:
        now = job.progress
        done, total, rate, eta = now.done, now.total, now.games_per_second, now.eta_seconds
    else:
        done, total, rate, eta = 0, scene.choices.games, 0.0, None
    bar = pygame.Rect(right.x, right.y, right.width, 22)
    pygame.draw.rect(surface, theme.PANEL_EDGE, bar, border_radius=8)
    if total:
        filled = bar.copy()
        filled.width = int(bar.width * min(done, total) / total)
        if filled.width:
            pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=8)
    if job is None and scene.trained is not None:   # stepped through: the run is over
        words = f"{scene.trained.games_trained:,} games trained in all."
    elif job is None:
        words = (f"{scene.choices.games:,} games against "
                 f"{scene.choices.opponent.lower()}, ready to start.")
    else:
        left = "—" if eta is None else f"{int(eta) // 60}:{int(eta) % 60:02d}"
        words = f"{done:,} of {total:,} games · {rate:,.0f} games/s · {left} left"
    y = bar.bottom + 10
    for line in theme.wrap(words, 16, right.width)[:2]:
        theme.text(surface, line, (right.x, y), 16)
        y += 22
    if scene.message:   # beside the form, so a short window never hides it
        colour = theme.GOOD if scene.message_ok else theme.ERROR
        for line in theme.wrap(scene.message, 16, right.width)[:4]:
            theme.text(surface, line, (right.x, y), 16, colour)
            y += 22
    y += 12
    curve, x_max = chart_curve(scene)
    series: list[tuple[str, tuple[int, int, int], list[tuple[float, float]]]] = [
        ("optimal moves", theme.ACCENT,
         [(games, share) for games, share, _ in curve if share is not None]),
        ("wins against Random", theme.SECOND, [(games, rate) for games, _, rate in curve]),
    ]
    legend = draw_chart(surface, pygame.Rect(right.x, y, right.width,
                                             max(100, right.bottom - y)),
                        series, x_max=x_max, log_x=True)
    for (name, _, _), entry in zip(series, legend, strict=True):
        scene.tips.place(entry, TERMS[CHART_TERMS[name]].sentence)


def chart_curve(scene: TrainingScreen) -> tuple[list[CurveRecord], int]:
    """The learning curve the chart draws, and its axis's end, both in games trained in
    all: a saved brain gone on training shows the curve it was saved with, continued by
    the run's points (a point measured again where the run starts takes the old one's
    place, as in the brain's own curve: `Learner.record_point`)."""
    job, earlier = scene.job, scene.earlier_curve
    start = scene.choices.start_from
    before = job.started_from if job is not None else (
        start.header.games_trained if start is not None and start.header is not None else 0)
    if job is not None:
        new = [(p.games, p.optimal_share, p.win_rate) for p in job.curve]
    else:   # the worker gone (a run paused and stepped through): what the learner keeps
        new = list(scene.trained.curve) if scene.trained is not None else []
    first = new[0][0] if new else before + 1
    total = job.progress.total if job is not None else scene.choices.games
    return [p for p in earlier if p[0] < first] + new, before + total
