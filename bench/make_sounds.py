"""Synthesise the window's sound effects into assets/sounds/ (run: make sounds).

Each effect is a few sine tones with a soft attack and an exponential decay, written as
16-bit mono WAV with the standard library only, so anyone can rebuild, change or check
them. Deterministic: the same script writes the same bytes. The files are the project's
own work, dedicated to the public domain (CC0), as assets/sounds/LICENSE.txt says.
"""

from __future__ import annotations

import math
import struct
import sys
import wave
from pathlib import Path

RATE = 22_050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"

#: Each effect: (frequency in Hz at the start, at the end, seconds, loudness 0..1) per note.
EFFECTS: dict[str, list[tuple[float, float, float, float]]] = {
    "take": [(660.0, 440.0, 0.12, 0.5)],                      # objects leave the board
    "place": [(523.3, 523.3, 0.10, 0.45)],                    # a mark goes down
    "click": [(1200.0, 1000.0, 0.035, 0.3)],                  # a button
    "win": [(523.3, 523.3, 0.09, 0.45), (659.3, 659.3, 0.09, 0.45),
            (784.0, 784.0, 0.09, 0.45), (1046.5, 1046.5, 0.22, 0.5)],
    "lose": [(392.0, 392.0, 0.13, 0.4), (329.6, 329.6, 0.13, 0.4),
             (261.6, 240.0, 0.30, 0.4)],
}


def note(start: float, end: float, seconds: float, loudness: float) -> list[int]:
    """One tone gliding from `start` to `end` Hz: 5 ms attack, then decay."""
    count = int(RATE * seconds)
    samples, phase = [], 0.0
    for i in range(count):
        t = i / RATE
        frequency = start + (end - start) * i / max(1, count - 1)
        phase += 2 * math.pi * frequency / RATE
        envelope = min(1.0, t / 0.005) * math.exp(-4.0 * t / seconds)
        samples.append(int(32767 * loudness * envelope * math.sin(phase)))
    return samples


def write(name: str, notes: list[tuple[float, float, float, float]]) -> Path:
    samples = [s for spec in notes for s in note(*spec)]
    path = OUT / f"{name}.wav"
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(struct.pack(f"<{len(samples)}h", *samples))
    return path


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, notes in EFFECTS.items():
        print(f"wrote {write(name, notes)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
