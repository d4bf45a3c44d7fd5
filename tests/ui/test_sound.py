"""Sound effects: shipped as the script makes them, played on moves, endings and buttons,
muted with M (remembered), and silent without an audio device."""

import importlib

import pygame
from uidriver import key, press

from nimgame import settings
from nimgame.games import Nim, TicTacToe
from nimgame.games.hexapawn import Hexapawn
from nimgame.match import Seat
from nimgame.players import PerfectPlayer
from nimgame.session import MatchSetup
from nimgame.ui import sound
from nimgame.ui.theme import ASSETS


def test_the_shipped_sounds_are_what_the_script_makes(tmp_path, monkeypatch):
    maker = importlib.import_module("bench.make_sounds")
    monkeypatch.setattr(maker, "OUT", tmp_path)
    maker.main()
    for name in sound.EFFECTS:
        assert (tmp_path / f"{name}.wav").read_bytes() == \
            (ASSETS / "sounds" / f"{name}.wav").read_bytes()
    assert "CC0" in (ASSETS / "sounds" / "LICENSE.txt").read_text()


def test_moves_endings_and_buttons_make_their_sounds(app):
    assert app.sounds.available   # the dummy audio driver plays into nothing
    nimx = Seat("NimX", PerfectPlayer(Nim((1,))))
    board = app.open("board", MatchSetup(Nim((1,)), (Seat("Ann"), nimx)))
    board.presenter.human_move((0, 1))      # Ann takes the last stone: misère, she loses to NimX
    assert app.sounds.played[-2:] == ["take", "lose"]
    press(app, next(b for b in board.actions if b.text.startswith("Play again")))
    assert app.sounds.played[-1] == "click"
    ttt = app.open("board", MatchSetup(TicTacToe(), (Seat("Ann"), Seat("Bob"))))
    ttt.presenter.human_move((1, 1))
    assert app.sounds.played[-1] == "place"
    pawns = app.open("board", MatchSetup(Hexapawn(), (Seat("Ann"), Seat("Bob"))))
    pawns.presenter.human_move((1, 4))
    assert app.sounds.played[-1] == "place"


def test_m_mutes_and_is_remembered(app):
    board = app.open("board", MatchSetup(Nim(), (Seat("Ann"), Seat("Bob"))))
    heard = []

    class Heard:   # stands in for each effect: counts what is really played
        def set_volume(self, volume):
            pass

        def play(self):
            heard.append(1)

    app.sounds.effects = {name: Heard() for name in sound.EFFECTS}
    board.presenter.human_move((0, 1))
    assert heard == [1]
    before = board.presenter.status
    key(app, pygame.K_m, "m")
    # Whose move it is still shows; the sound's state follows it.
    assert not app.sounds.on and board.presenter.status == f"{before}  Sound off: M turns it on."
    assert settings.load()[0].sound is False
    board.presenter.human_move((1, 1))
    assert heard == [1]   # muted
    before = board.presenter.status
    key(app, pygame.K_m, "m")
    assert app.sounds.on and settings.load()[0].sound is True
    assert board.presenter.status == f"{before}  Sound on: M mutes it."


def test_no_audio_device_is_silence_not_a_crash(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    quiet = sound.Sounds()
    assert not quiet.available
    quiet.play("take")   # nothing happens, nothing raised
    assert quiet.played == ["take"]


def test_plus_and_minus_set_the_volume_and_it_is_remembered(app):
    assert app.settings.volume == 0.7
    key(app, pygame.K_EQUALS, "=")
    key(app, pygame.K_EQUALS, "=")
    key(app, pygame.K_PLUS, "+")   # no louder than full
    assert app.sounds.volume == 1.0 == settings.load()[0].volume
    for _ in range(12):
        key(app, pygame.K_MINUS, "-")
    assert app.sounds.volume == 0.0 == settings.load()[0].volume
    assert app.sounds.played[-1] == "click"   # each change is heard at its new level
