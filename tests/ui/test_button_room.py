"""Every button's words keep room on both sides, on every screen of the layout test at
every size: a label that touches its button's edges looks cut even when it is whole."""

import pytest
from test_layout import SCENES, SIZES, scene_at, shown_buttons, size_id, usable

from nimgame.ui.widgets.rows import BUTTON_PAD


@pytest.mark.parametrize("size", SIZES, ids=size_id)
@pytest.mark.parametrize("name", list(SCENES))
def test_every_button_keeps_room_around_its_words(size, name, monkeypatch):
    with scene_at(size, name, monkeypatch) as app:
        tight = []
        for widget in app.top.widgets:
            if not usable(widget):
                continue
            for button in shown_buttons(widget):
                if button.text.endswith("…"):   # cut to fit, the whole text its tooltip
                    continue
                room = (button.rect.width - button.font.size(button.text)[0]) / 2
                if room < BUTTON_PAD:
                    tight.append((button.text, button.rect.width, round(room, 1)))
        assert tight == [], name
