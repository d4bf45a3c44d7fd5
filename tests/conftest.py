"""Headless by default: set before anything can import pygame."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
AUDIO = os.environ["SDL_AUDIODRIVER"]


import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

# No example may fail for taking long: a busy machine is not a bug. (Hypothesis's deadline
# and its too-slow check time the machine; timing targets live in bench/.)
settings.register_profile("nimgame", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("nimgame")


@pytest.fixture(autouse=True)
def nimgame_home(tmp_path, monkeypatch):
    """Every test gets its own empty nimgame home: no test touches the real brains. And
    the audio driver chosen above, whatever a library imported since set (PettingZoo
    sets its own on import)."""
    home = tmp_path / "nimgame-home"
    monkeypatch.setenv("NIMGAME_HOME", str(home))
    monkeypatch.setenv("SDL_AUDIODRIVER", AUDIO)
    return home


@pytest.fixture(autouse=True)
def fresh_positions():
    """No game's positions recorded by an earlier test (one that patched a game's rules
    must not lend them to the next)."""
    from nimgame.players.positions import forget_positions

    forget_positions()


@pytest.fixture
def app(monkeypatch):
    """The window, headless, on its menu; AI moves and animations without delays."""
    import pygame

    from nimgame.ui.app import App
    from nimgame.ui.board import presenter as board_base
    from nimgame.ui.menu import MenuScene

    monkeypatch.setattr(board_base, "THINK_SECONDS", 0.0)
    monkeypatch.setattr(board_base, "PREVIEW_SECONDS", 0.0)
    monkeypatch.setattr(board_base, "ANIMATION_SECONDS", 0.01)
    made = App()
    made.push(MenuScene(made))
    yield made
    made.quit()
    pygame.quit()
