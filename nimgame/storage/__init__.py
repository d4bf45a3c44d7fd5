"""Brain files: a trained AI saved to disk and loaded again, safely.

A brain file is two pickles one after the other: a header of plain values (format, game
and rules, learner and settings, games trained, accuracy, times, name), then the learned
table. Every file is treated as hostile: `pickles` lets only plain data through, bounded
in size and nesting, and `schema` checks every value before a learner is built from it.
`brains` names, saves (atomically), lists and loads them.
"""

from .brains import (
    NAME_LIMIT,
    SUFFIX,
    BrainInfo,
    brains_dir,
    check_name,
    find_brain,
    hashed_slug,
    header_for,
    kind_of,
    list_brains,
    load,
    read_header,
    rename,
    save,
    slug,
    sweep,
    would_replace,
)
from .errors import BrainFileError, NameTaken, SaveError
from .pickles import MAX_FILE_BYTES, MAX_HEADER_BYTES
from .schema import (
    FORMAT,
    MIGRATIONS,
    VERSION,
    BrainHeader,
    game_from_header,
    header_for_rules,
)

__all__ = [
    "FORMAT", "MAX_FILE_BYTES", "MAX_HEADER_BYTES", "MIGRATIONS",
    "NAME_LIMIT", "SUFFIX", "VERSION", "BrainFileError", "BrainHeader", "BrainInfo", "NameTaken",
    "SaveError", "brains_dir", "check_name", "find_brain", "game_from_header",
    "hashed_slug", "header_for", "header_for_rules", "kind_of", "list_brains", "load",
    "read_header", "rename", "save", "slug", "sweep", "would_replace",
]
