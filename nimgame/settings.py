"""What the program remembers between launches: your name, the last game, each game's
set-up choices, sound, motion, the window size and the best streak in each drill — a small
JSON file in the user config folder (or $NIMGAME_HOME), written atomically whenever it
changes. Two windows may be open at once: each save writes only what its window changed,
over what the file holds then (under a lock), so closing one never puts back what the
other changed (of two best streaks, the better is kept).

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
    folder_locked,
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
MAX_STREAKS, MAX_STREAK = 100, 10**6   # drills' best streaks: how many kept, the longest


def settings_path() -> Path:
    """$NIMGAME_HOME/settings.json, else the user config folder's."""
    home = os.environ.get("NIMGAME_HOME")
    if home:
        return Path(home) / FILE_NAME
    from platformdirs import user_config_dir
    return Path(user_config_dir("nimgame", appauthor=False)) / FILE_NAME


#: The interface sizes offered, in per cent (a file may hold any whole number between).
SCALES = (100, 125, 150, 175, 200)


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
    scale: int = 100                                    # interface size, % (100 to 200)
    contrast: bool = False                              # high contrast: black and white
    colour_blind: bool = False                          # Okabe–Ito's colours
    window: tuple[int, int] = (1100, 720)
    #: The best streak in each drill at each level ("lost/2": 7), as the drills name them.
    drill_streaks: dict[str, int] = field(default_factory=dict)
    #: What this window read from the file, as `to_data` gives it (None: made here, never
    #: read): a save writes only the values that differ from it, over the file as it is then.
    read: dict[str, Any] | None = field(default=None, init=False, repr=False, compare=False)

    def to_data(self) -> dict[str, Any]:
        return {"name": self.name, "game": self.game, "setups": self.setups,
                "sound": self.sound, "volume": self.volume, "motion": self.motion,
                "scale": self.scale, "contrast": self.contrast,
                "colour_blind": self.colour_blind, "window": list(self.window),
                "drill_streaks": self.drill_streaks}


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
    for flag in ("motion", "contrast", "colour_blind"):
        if isinstance(data.get(flag), bool):
            setattr(settings, flag, data[flag])
    scale = data.get("scale")
    if isinstance(scale, int) and not isinstance(scale, bool) and \
            SCALES[0] <= scale <= SCALES[-1]:
        settings.scale = scale
    volume = data.get("volume")
    if isinstance(volume, (int, float)) and not isinstance(volume, bool) and \
            0 <= volume <= 1 and math.isfinite(volume):   # in range first: a huge int is no
        settings.volume = float(volume)                     # float (OverflowError)
    window = data.get("window")
    if isinstance(window, list) and len(window) == 2 and all(
            isinstance(n, int) and not isinstance(n, bool) and low <= n <= high
            for n, low, high in zip(window, MIN_WINDOW, MAX_WINDOW, strict=True)):
        settings.window = (window[0], window[1])
    streaks = data.get("drill_streaks")
    if isinstance(streaks, dict) and len(streaks) <= MAX_STREAKS:
        settings.drill_streaks = {
            key: value for key, value in streaks.items()
            if (text := _text(key)) is not None and len(text) <= 40 and type(value) is int
            and 0 <= value <= MAX_STREAK}
    return settings


def _read(path: Path) -> tuple[dict[str, Any] | None, str]:
    """The JSON object the file at `path` holds (None if there is none or it cannot be
    used), and "" or one line saying why it cannot be used."""
    try:
        raw = read_regular_file(path, MAX_BYTES + 1)
    except FileNotFoundError:
        return None, ""
    except NotRegularFile:
        return None, (f"Your settings in {escape(str(path), 80)} are not a regular file "
                      "(a pipe, a folder or a device); the defaults are used and it is "
                      "left alone.")
    except OSError as err:
        return None, f"Your settings could not be read ({err.strerror or err}); " \
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
    if problem or not isinstance(data, dict):
        return None, (f"Your settings in {escape(str(path), 80)} were damaged ({problem}); "
                      "the defaults are used.")
    return data, ""


def load(path: Path | None = None) -> tuple[Settings, str]:
    """The settings saved at `path` (default: `settings_path()`), and "" or one line saying
    why the file could not be read (the defaults are used then). No file: the defaults.
    They remember what was read, so that saving them writes only what changed since."""
    data, problem = _read(path or settings_path())
    settings = from_data(data)
    settings.read = _copy(settings.to_data())
    return settings, problem


def _copy(data: dict[str, Any]) -> dict[str, Any]:
    copied: dict[str, Any] = json.loads(json.dumps(data))
    return copied


def merged(mine: dict[str, Any], read: dict[str, Any] | None,
           there: dict[str, Any] | None) -> dict[str, Any]:
    """What a save writes: the values this window changed since it `read` the file (`mine`
    against `read`; each game's set-up on its own), over what the file holds now
    (`there`, checked). Everything, when the window read nothing or the file is gone."""
    if read is None or there is None:
        return mine
    result = from_data(there).to_data()
    for key, value in mine.items():
        if key == "setups":
            setups = dict(result["setups"])
            for game in set(value) | set(read.get("setups", {})):
                if value.get(game) != read.get("setups", {}).get(game):
                    if game in value:
                        setups[game] = value[game]
                    else:
                        setups.pop(game, None)
            result["setups"] = setups
        elif key == "drill_streaks":   # a best streak only grows: the better of the two
            there_streaks = result["drill_streaks"]
            result[key] = {name: max(value.get(name, 0), there_streaks.get(name, 0))
                           for name in set(value) | set(there_streaks)}
        elif value != read.get(key):
            result[key] = value
    return result


def save(settings: Settings, path: Path | None = None) -> None:
    """Write `settings` atomically (a crash leaves the old file or the new, never half);
    SaveError saying why if it cannot be written.

    Settings that were read (`load`) write only what changed since they were read, over
    what the file holds now, under a lock on its folder: two windows open at once each
    keep the other's changes, however their saves interleave."""
    path = path or settings_path()
    mine = _copy(settings.to_data())
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with folder_locked(path.parent):
            check_replaceable(path)
            there, _ = _read(path)
            data = merged(mine, settings.read, there)
            write_atomically(path, json.dumps(data, indent=2, ensure_ascii=False)
                             .encode("utf-8"))
    except OSError as err:
        raise SaveError(f"cannot save the settings to {escape(str(path), 120)}: "
                        f"{err.strerror or err}") from None
    if settings.read is not None:
        settings.read = mine   # what it has now is written (what others wrote stays theirs)
    sweep(path.parent, path.suffix)   # what saves killed half way left behind
