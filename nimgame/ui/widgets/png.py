"""A picture saved as a PNG file: written beside its target and renamed over it (a crash
leaves the old file or the new one), a path that cannot be written said in one line."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pygame

from ...files import NotRegularFile, check_replaceable
from ...learning.exports import ExportError
from ...safetext import escape


def save_png(surface: pygame.Surface, path: str | os.PathLike[str]) -> Path:
    """`surface` as the PNG file `path`; the path, or ExportError saying why not."""
    target = Path(path)
    tmp = ""
    try:
        check_replaceable(target)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp.png",
                                   dir=target.parent)
        os.close(fd)
        pygame.image.save(surface, tmp)
        os.replace(tmp, target)
    except NotRegularFile as err:
        raise ExportError(f"cannot write {escape(str(target), 120)}: {err}") from None
    except (OSError, ValueError, pygame.error) as err:
        if tmp:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        reason = getattr(err, "strerror", None) or str(err)
        raise ExportError(f"cannot write {escape(str(target), 120)}: "
                          f"{escape(reason, 120)}") from None
    return target


def free_stem(folder: Path, stem: str, suffixes: tuple[str, ...]) -> str:
    """`stem`-N for the first N from 1 such that no `stem`-N`suffix` is in `folder`."""
    number = 1
    while any((folder / f"{stem}-{number}{suffix}").exists() for suffix in suffixes):
        number += 1
    return f"{stem}-{number}"
