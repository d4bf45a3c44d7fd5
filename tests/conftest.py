"""Headless by default: set before anything can import pygame."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def nimgame_home(tmp_path, monkeypatch):
    """Every test gets its own empty nimgame home: no test touches the real brains."""
    home = tmp_path / "nimgame-home"
    monkeypatch.setenv("NIMGAME_HOME", str(home))
    return home
