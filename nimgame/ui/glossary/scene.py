"""The glossary: `nimgame.glossary`'s words over whatever screen asked (`?` on any screen, the
app sees to it), each term's name then its sentence, scrolled by the arrows, Page Up and Page
Down, Home and End, Space, or the mouse wheel. Esc, Enter, `?` or the button close it."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...glossary import TERMS
from .. import theme
from ..scene import SceneHost
from ..widgets.dialog import Dialog

#: Keys that scroll, and by how much: a line (in lines), or a page (the view's height).
LINE_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1}
PAGE_KEYS = {pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1, pygame.K_SPACE: 1}


@dataclass(frozen=True)
class Line:
    """One line of the glossary as laid out: its words, where it starts below the first
    line (pixels), and whether it is a term's name."""

    words: str
    y: int
    name: bool


class GlossaryOverlay(Dialog):
    button_text = "Close  Esc / Enter"
    button_width = 200
    arrow_focus = False   # the arrows scroll the words, even with Close focused by Tab

    def __init__(self, app: SceneHost, first: str | None = None) -> None:
        """The glossary, scrolled to the term whose key is `first` (see `TERMS`), if any."""
        super().__init__(app)
        self.scroll = 0
        self.first = first
        self._laid: tuple[tuple[int, int], list[Line]] | None = None

    # -- layout ------------------------------------------------------------------------------
    def box(self) -> pygame.Rect:
        w, h = self.size
        rect = pygame.Rect(0, 0, min(1100, w - 80), h - 48)
        rect.center = (w // 2, h // 2)
        return rect

    @property
    def text_size(self) -> int:
        """The body's size: 16 in the smallest window, larger as the window grows (24 at
        full HD), so a projector shows it too."""
        return max(16, min(24, self.size[1] // 45))

    def view(self) -> pygame.Rect:
        """Where the terms are drawn (and clipped): under the title, above the button."""
        box = self.box()
        top = box.y + 24 + self.text_size + 22
        return pygame.Rect(box.x + 28, top, box.width - 56 - 12, box.bottom - 62 - 12 - top)

    def lines(self) -> list[Line]:
        """Every term, wrapped to the view's width (laid out once per size)."""
        key = (self.view().width, self.text_size)
        if self._laid is None or self._laid[0] != key:
            width, size = key
            step, out, y = theme.font(size).get_linesize(), [], 0
            for term in TERMS.values():
                for part in theme.wrap(term.name, size, width, bold=True):
                    out.append(Line(part, y, True))
                    y += step
                for part in theme.wrap(term.sentence, size, width):
                    out.append(Line(part, y, False))
                    y += step
                y += step // 2
            self._laid = (key, out)
        return self._laid[1]

    def height(self) -> int:
        """The height of all the terms laid out."""
        lines = self.lines()
        return lines[-1].y + theme.font(self.text_size).get_linesize() if lines else 0

    def most_scroll(self) -> int:
        return max(0, self.height() - self.view().height)

    def scroll_to(self, pixels: int) -> None:
        self.scroll = max(0, min(self.most_scroll(), pixels))

    def build(self) -> None:
        super().build()
        if self.first is not None and self.first in TERMS:   # once: then the person scrolls
            name = TERMS[self.first].name
            self.scroll_to(next((line.y for line in self.lines() if line.name and
                                 name.startswith(line.words)), 0))
            self.first = None
        self.scroll_to(self.scroll)   # a larger window may need less of it

    # -- events ------------------------------------------------------------------------------
    def help_wanted(self) -> None:
        self.closed()   # `?` again closes it

    def handle_event(self, event: pygame.event.Event) -> bool:
        step = theme.font(self.text_size).get_linesize()
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - 3 * step * int(getattr(event, "y", 0)))
            return True
        if event.type == pygame.KEYDOWN:
            page = self.view().height - step
            moves = {**{k: self.scroll + n * step for k, n in LINE_KEYS.items()},
                     **{k: self.scroll + n * page for k, n in PAGE_KEYS.items()},
                     pygame.K_HOME: 0, pygame.K_END: self.most_scroll()}
            if event.key in moves:
                self.scroll_to(moves[event.key])
                return True
        return super().handle_event(event)

    # -- drawing -----------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        size = self.text_size
        theme.text(surface, "Words the learners use", (box.centerx, box.y + 20), size + 8,
                   theme.ACCENT, bold=True, anchor="midtop")
        view = self.view()
        step = theme.font(size).get_linesize()
        clip = surface.get_clip()
        surface.set_clip(view)
        for line in self.lines():
            y = view.y + line.y - self.scroll
            if view.y - step < y < view.bottom:
                theme.text(surface, line.words, (view.x, y), size,
                           theme.ACCENT if line.name else theme.TEXT, bold=line.name)
        surface.set_clip(clip)
        if self.most_scroll():   # where the view is in the whole, at its right edge
            track = pygame.Rect(view.right + 6, view.y, 6, view.height)
            pygame.draw.rect(surface, theme.PANEL_EDGE, track, border_radius=3)
            shown = max(20, track.height * view.height // self.height())
            top = track.y + (track.height - shown) * self.scroll // self.most_scroll()
            pygame.draw.rect(surface, theme.MUTED, (track.x, top, 6, shown), border_radius=3)
            theme.text(surface, "Arrows, PgUp/PgDn, wheel: scroll",
                       (box.x + 28, box.bottom - 40), 14, theme.MUTED, anchor="midleft")
