"""Short sound effects (assets/sounds/: taking, placing, winning, losing, a button click),
muted with M and as loud as the settings say. Sound is a nicety: with no audio device,
or a file that will not load, the game runs silently and says nothing."""

from __future__ import annotations

import pygame

from .theme import ASSETS

EFFECTS = ("take", "place", "click", "win", "lose")


class Sounds:
    def __init__(self, on: bool = True, volume: float = 0.7) -> None:
        self.on, self.volume = on, volume
        self.effects: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            for name in EFFECTS:
                self.effects[name] = pygame.mixer.Sound(str(ASSETS / "sounds" / f"{name}.wav"))
        except (pygame.error, OSError, FileNotFoundError):
            self.effects = {}   # no device, or no files: silence
        self.played: list[str] = []   # what was asked for, heard or not (for tests)

    @property
    def available(self) -> bool:
        return bool(self.effects)

    def play(self, name: str) -> None:
        """Play the effect `name` if sound is on (asked-for names are kept in `played`)."""
        self.played = (self.played + [name])[-20:]
        effect = self.effects.get(name)
        if self.on and effect is not None:
            effect.set_volume(self.volume)
            effect.play()

    def toggle(self) -> bool:
        """Mute or unmute; whether sound is now on."""
        self.on = not self.on
        return self.on
