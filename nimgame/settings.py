"""What the program remembers between launches: your name, the last game, each game's
set-up choices, sound, motion, and the window size — a small JSON file in the user config folder
(or $NIMGAME_HOME), written atomically whenever it changes.

The file is the person's, and may be edited, truncated or replaced by anything. Every
value is checked before use (type, range, length, visible text); a value that fails is
dropped for its default, the rest kept. A file that cannot be read at all (not JSON, not
UTF-8, too big, not an object) gives the defaults and one line saying why, which the
window shows once; it is replaced on the next save. A path that is not a regular file (a
FIFO, a folder, a device) is never opened to be read in a way that could block, and never
replaced: the defaults are used and one line says so. Nothing here ever raises on reading.
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .files import (
    NotRegularFile,
    SaveError,
    check_replaceable,
    read_regular_file,
    sweep,
    write_atomically,
)
from .games import KITS
from .safetext import escape, is_visible

FILE_NAME = "settings.json"
MAX_BYTES = 64 * 1024          # a settings file is a few hundred bytes
MAX_TEXT = 100                 # the longest text value kept (a name, a menu entry)
GAMES = tuple(KITS)           # every game's name, as the registry lists them
MIN_WINDOW, MAX_WINDOW = (800, 560), (10_000, 10_000)


def settings_path() -> Path:
    """$NIMGAME_HOME/settings.json, else the user config folder's."""
    home = os.environ.get("NIMGAME_HOME")
    if home:
        return Path(home) / FILE_NAME
    from platformdirs import user_config_dir
    return Path(user_config_dir("nimgame", appauthor=False)) / FILE_NAME


@dataclass
class Settings:
    name: str = "Player"
    game: str = "nim"                                   # the last game set up
    #: Per game, the set-up screen's entries as shown ("opponent": "Perfect — …", ...);
    #: the screen keeps only those its menus still offer.
    setups: dict[str, dict[str, str]] = field(default_factory=dict)
    sound: bool = True
    volume: float = 0.7
    motion: bool = True                                 # moves fade, the AI's show first
    window: tuple[int, int] = (1100, 720)

    def to_data(self) -> dict[str, Any]:
        return {"name": self.name, "game": self.game, "setups": self.setups,
                "sound": self.sound, "volume": self.volume, "motion": self.motion,
                "window": list(self.window)}


def _text(value: object) -> str | None:
    """A short visible text, or None."""
    if isinstance(value, str) and 0 < len(value) <= MAX_TEXT and \
            all(is_visible(c) for c in value):
        return value
    return None


def from_data(data: object) -> Settings:
    """Settings from parsed JSON: each value checked, a bad one left at its default."""
    settings = Settings()
    if not isinstance(data, dict):
        return settings
    if (name := _text(data.get("name"))) is not None and name.strip():
        settings.name = name.strip()[:20]
    if data.get("game") in GAMES:
        settings.game = data["game"]
    setups = data.get("setups")
    if isinstance(setups, dict):
        for game in GAMES:
            entries = setups.get(game)
            if isinstance(entries, dict) and len(entries) <= 20:
                kept = {key: text for key, value in entries.items()
                        if _text(key) is not None and (text := _text(value)) is not None}
                if kept:
                    settings.setups[game] = kept
    if isinstance(data.get("sound"), bool):
        settings.sound = data["sound"]
    if isinstance(data.get("motion"), bool):
        settings.motion = data["motion"]
    volume = data.get("volume")
    if isinstance(volume, (int, float)) and not isinstance(volume, bool) and \
            0 <= volume <= 1 and math.isfinite(volume):   # in range first: a huge int is no
        settings.volume = float(volume)                     # float (OverflowError)
    window = data.get("window")
    if isinstance(window, list) and len(window) == 2 and all(
            isinstance(n, int) and not isinstance(n, bool) and low <= n <= high
            for n, low, high in zip(window, MIN_WINDOW, MAX_WINDOW, strict=True)):
        settings.window = (window[0], window[1])
    return settings


def load(path: Path | None = None) -> tuple[Settings, str]:
    """The settings saved at `path` (default: `settings_path()`), and "" or one line saying
    why the file could not be read (the defaults are used then). No file: the defaults."""
    path = path or settings_path()
    try:
        raw = read_regular_file(path, MAX_BYTES + 1)
    except FileNotFoundError:
        return Settings(), ""
    except NotRegularFile:
        return Settings(), (f"Your settings in {escape(str(path), 80)} are not a regular file "
                            "(a pipe, a folder or a device); the defaults are used and it is "
                            "left alone.")
    except OSError as err:
        return Settings(), f"Your settings could not be read ({err.strerror or err}); " \
                           "the defaults are used."
    problem = ""
    data: object = None
    if len(raw) > MAX_BYTES:
        problem = f"it is over {MAX_BYTES // 1024} KB"
    else:
        try:
            data = json.loads(raw.decode("utf-8-sig"))   # Notepad's byte-order mark too
        except (UnicodeDecodeError, ValueError, RecursionError):
            problem = "it is not a settings file"
        else:
            if not isinstance(data, dict):
                problem = "it is not a settings file"
    if problem:
        return Settings(), (f"Your settings in {escape(str(path), 80)} were damaged ({problem}); "
                            "the defaults are used.")
    return from_data(data), ""


def save(settings: Settings, path: Path | None = None) -> None:
    """Write `settings` atomically (a crash leaves the old file or the new, never half);
    SaveError saying why if it cannot be written."""
    path = path or settings_path()
    data = json.dumps(settings.to_data(), indent=2, ensure_ascii=False).encode("utf-8")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        check_replaceable(path)
        write_atomically(path, data)
    except OSError as err:
        raise SaveError(f"cannot save the settings to {escape(str(path), 120)}: "
                        f"{err.strerror or err}") from None
    sweep(path.parent, path.suffix)   # what saves killed half way left behind
