"""Names with emoji or letters the font lacks: the window shows each such character (an
emoji with its joiners and skin tone) as one "�", never the font's empty box; everything
the font draws stays as it was; the name itself is kept whole in its file."""

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from uidriver import frames

from nimgame import storage
from nimgame.games import Sticks
from nimgame.players import HatLearner
from nimgame.ui import theme


@pytest.fixture(scope="module")
def font_ready():
    pygame.init()
    theme.forget()
    yield
    theme.forget()


def box(char):
    return theme._glyph(char) == theme._missing_glyph()


def test_examples(font_ready):
    assert theme.drawable("Ann") == "Ann"
    assert theme.drawable("Zoë Ωμέγα Жук") == "Zoë Ωμέγα Жук"
    assert theme.drawable("Ann 😀") == "Ann �"
    assert theme.drawable("👨‍👩‍👧 family") == "� family"        # joined: one emoji
    assert theme.drawable("❤️👍🏽!") == "��!"                    # selector, skin tone
    assert theme.drawable("漢字") == "��"
    assert theme.drawable("a\u200db") == "a\u200db"   # a lone joiner: escaped later, kept


TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=30)


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_no_box_is_drawn_and_what_the_font_draws_is_kept(font_ready, words):
    shown = theme.drawable(words)
    # nothing left that would be drawn as the font's missing box
    assert not [c for c in shown if c != theme.REPLACEMENT and theme.is_visible(c)
                and not theme._joining(c) and box(c)]
    # what the font draws is kept, in order
    kept = [c for c in words if c == theme.REPLACEMENT or (theme.is_visible(c) and not box(c)
                                                          and not theme._joining(c))]
    it = iter(shown)
    assert all(any(c == d for d in it) for c in kept)
    assert theme.drawable(shown) == shown
    assert len(shown) <= len(words)


def test_a_brain_named_with_emoji_is_listed_with_a_mark_and_kept_whole(app, nimgame_home,
                                                                         monkeypatch):
    learner = HatLearner(Sticks(10))
    learner.name = "Zoë's 🤖 brain"
    storage.save(learner)
    said = []
    real = theme.text
    app.open("library")
    frames(app, 3)
    with monkeypatch.context() as patch:
        patch.setattr(theme, "text", lambda surface, words, *a, **k: (
            said.append(words), real(surface, words, *a, **k))[1])
        frames(app, 1)
    [name] = [words for words in said if "Zoë" in words]
    shown = theme.fit(name, 15, 10_000)   # what `text` draws
    assert "Zoë's � brain" in shown and "🤖" not in shown
    [info] = [i for i in storage.list_brains() if i.ok]
    assert info.name == "Zoë's 🤖 brain"   # the file keeps the name as it was given
