"""The pygame window: a stack of scenes that lay out, draw and turn clicks into moves (the
only package that imports pygame)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..learning.lab import LabResult


def save_lab_chart(result: LabResult, path: str | os.PathLike[str], log: bool = False) -> Path:
    """The lab's chart and table as the PNG file `path`, the picture the lab screen's
    Export saves (games on a log scale with `log`), drawn without opening a window: for
    the command line. ExportError says why it could not be written."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # no banner on stdout
    import pygame

    from .lab.drawing import chart_image
    from .widgets.png import save_png

    pygame.font.init()
    return save_png(chart_image(result, log=log), path)
