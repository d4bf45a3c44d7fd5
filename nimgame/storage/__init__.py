"""Brain files: a trained AI saved to disk and loaded again, safely.

A brain file is two pickles one after the other: a header of plain values (format, game
and rules, learner and settings, games trained, accuracy, times, name), then the learned
table. Every file is treated as hostile: `pickles` lets only plain data through, bounded
in size and nesting, and `schema` checks every value before a learner is built from it.
By job: `names` (where brains live, what their files are called), `reading` (loading and
checking), `library` (listing the saved brains), `verdicts` (what listing's checks found,
kept so that only headers are read again), `saving` (atomically, never over another brain
unasked, a free file name taken exclusively).
"""

from .errors import BrainFileError, NameTaken, SaveError
from .library import BrainInfo, find_brain, list_brains, sweep
from .names import (
    NAME_LIMIT,
    SUFFIX,
    brains_dir,
    check_name,
    hashed_slug,
    is_unsaved,
    kind_of,
    slug,
    unsaved_name,
    unsaved_parts,
)
from .pickles import MAX_FILE_BYTES, MAX_HEADER_BYTES
from .reading import load, read_header
from .saving import header_for, rename, save, save_new, would_replace
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
    "NAME_LIMIT", "SUFFIX", "VERSION", "BrainFileError", "BrainHeader", "BrainInfo",
    "NameTaken", "SaveError", "brains_dir", "check_name", "find_brain", "game_from_header",
    "hashed_slug", "header_for", "header_for_rules", "is_unsaved", "kind_of", "list_brains",
    "load", "read_header", "rename", "save", "save_new", "slug", "sweep", "unsaved_name",
    "unsaved_parts",
    "would_replace",
]
