"""The library's unsaved runs at the smallest window: each row shows the name the run would
have been saved as and when it was kept, both whole (the "(unsaved …)" mark used to cut
them off), the heading saying what they are."""

import pygame
from test_layout import unsaved_runs
from uidriver import frames

from nimgame.ui import theme
from nimgame.ui.app import App


def test_unsaved_rows_show_name_and_time_at_800(nimgame_home, monkeypatch):
    unsaved_runs()
    app = App((800, 560))
    try:
        app.open("library")
        frames(app, 3)
        said = []
        real = theme.text
        with monkeypatch.context() as patch:
            patch.setattr(theme, "text", lambda surface, words, *a, **k: (
                said.append((words, k.get("width"))), real(surface, words, *a, **k))[1])
            frames(app, 1)
        for number in range(3):
            base, when = f"sticks-hats-{number}k", f"11-25 09:0{number}"
            [(_, width)] = [(w, width) for w, width in said if w == base]
            assert theme.font(15).size(base)[0] <= width   # drawn whole
            assert (when, None) in said or (when[6:], None) in said   # the time at least
        assert not [w for w, _ in said if "(unsaved" in w]
    finally:
        app.quit()
        pygame.quit()


def test_unsaved_parts_take_apart_what_unsaved_name_made():
    from datetime import datetime

    from hypothesis import given
    from hypothesis import strategies as st

    from nimgame import storage

    @given(st.text(min_size=1, max_size=80).filter(lambda n: n.strip()),
           st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2999, 1, 1)))
    def check(name, when):
        kept = storage.unsaved_name(name, when)
        base, said = storage.unsaved_parts(kept)
        assert base + f" (unsaved {when:%Y-%m-%d %H:%M})" == kept
        assert said == f"{when:%m-%d %H:%M}"
        assert storage.unsaved_parts(f"{kept} (2)") == (base, f"{said} (2)")

    check()
    assert storage.unsaved_parts("plain name") is None
