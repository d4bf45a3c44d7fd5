"""The listing as it was before each game's positions were shared and the tables' checks
were made lean: the naive reference `bench.listing` measures listings against, in the same
run, and the reference the scan's tests compare the lean scan with.

`check_before` makes every check a load makes, as listing did: the opcodes scanned by
`scan_before` (the scan as it was, kept verbatim, one opcode at a time), the header and
table checked by the program's own schema, and the learner built as before (`as_before`):
its game's positions worked out every time a graph asks (nothing recorded), each table
checked and imported one position, value and hat at a time.
"""

from __future__ import annotations

import io
import pickle
import struct
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from unittest.mock import patch

from nimgame.players import positions
from nimgame.safetext import escape
from nimgame.storage import BrainFileError
from nimgame.storage.pickles import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_INT_BYTES,
    NOT_BRAIN,
    TRUNCATED,
    _PlainUnpickler,
    read_regular,
)
from nimgame.storage.reading import build_learner
from nimgame.storage.schema import check_envelope, check_header, check_table, migrate

# opcode -> bytes of argument (fixed), or a struct format for a length prefix.
_ATOMS_FIXED = {b"K": 1, b"M": 2, b"J": 4, b"G": 8}          # BININT1/2, BININT, BINFLOAT
_ATOMS_BARE = {b"N", b"\x88", b"\x89"}                        # NONE, NEWTRUE, NEWFALSE
_STRINGS = {b"\x8c": "<B", b"X": "<I", b"\x8d": "<Q"}         # SHORT_BINUNICODE, ...8
_EMPTY = {b"}", b"]", b")"}                                   # EMPTY_DICT/LIST/TUPLE
_TUPLE_N = {b"\x85": 1, b"\x86": 2, b"\x87": 3}
_PUT = {b"q": "<B", b"r": "<I"}                               # BINPUT, LONG_BINPUT
_GET = {b"h": "<B", b"j": "<I"}                               # BINGET, LONG_BINGET
_GLOBALS = {b"c", b"\x93", b"i"}                              # GLOBAL, STACK_GLOBAL, INST


@contextmanager
def as_before() -> Iterator[None]:
    """Within it, the program checks tables as it did before: no game's positions recorded
    (each worked out when a graph asks), and none of the quick paths taken (tables
    numbered, hats made and values checked one at a time). The scan is `check_before`'s
    own; Tic-Tac-Toe's quicker test of a board's characters stays (0.3 us a position)."""
    from nimgame.games.nim import rules as nim_rules
    from nimgame.players import hats, qlearner
    from nimgame.players.graph import PositionGraph

    never = staticmethod(lambda *args: False)
    kept = positions.MAX_KEPT
    positions.forget_positions()
    positions.MAX_KEPT = 0
    with ExitStack() as undo:
        for owner, name in ((PositionGraph, "_number_known"), (hats.HatLearner, "_import_known"),
                            (hats, "_plain_hats"), (qlearner, "all_floats_within"),
                            (nim_rules, "all_whole_within")):
            undo.enter_context(patch.object(owner, name, never))
        try:
            yield
        finally:
            positions.MAX_KEPT = kept


def check_before(path: Path) -> None:
    """Every check listing made of the file at `path` (BrainFileError if it fails), to be
    run within `as_before`."""
    data, _ = read_regular(path, MAX_FILE_BYTES)
    if not data:
        raise BrainFileError("empty file: not a nimgame brain file")
    header, end = _unpickle_before(data)
    check_envelope(header)
    table, end = _unpickle_before(data, end)
    if end != len(data):
        raise BrainFileError("not a nimgame brain file (something follows the table)")
    data_header, table = migrate(header, table)
    checked = check_header(data_header)
    build_learner(path, checked, check_table(table, checked))


def _unpickle_before(data: bytes, start: int = 0) -> tuple[object, int]:
    end = scan_before(data, start)
    try:
        value = _PlainUnpickler(io.BytesIO(data[start:end])).load()
    except BrainFileError:
        raise
    except Exception:
        raise BrainFileError(NOT_BRAIN) from None
    return value, end


def scan_before(data: bytes, start: int = 0) -> int:  # noqa: C901 - kept verbatim
    """`pickles.scan` as it was: one test of the opcode per branch, each string decoded.

    Raises BrainFileError saying what is wrong. The stack is simulated with each item's
    depth (0 for a number or a string); marks hold stack heights; the memo remembers
    which entries are containers, which may not be fetched again.
    """
    if start >= len(data):
        raise BrainFileError(TRUNCATED)
    if data[start] != 0x80:
        raise BrainFileError(NOT_BRAIN)
    if len(data) < start + 2:
        raise BrainFileError(TRUNCATED)
    if data[start + 1] > pickle.HIGHEST_PROTOCOL:
        raise BrainFileError(NOT_BRAIN)
    pos, end = start + 2, len(data)
    stack: list[int] = []
    marks: list[int] = []
    memo: dict[int, bool] = {}      # index -> is a container
    texts: list[str] = ["", ""]     # the last two strings, to name a global
    unpack_from = struct.unpack_from

    def need(count: int) -> None:
        if pos + count > end:
            raise BrainFileError(TRUNCATED)

    def pop_mark() -> list[int]:
        if not marks:
            raise BrainFileError(NOT_BRAIN)
        at = marks.pop()
        items = stack[at:]
        del stack[at:]
        return items

    def nest(child: int) -> None:
        if not stack or stack[-1] == 0:
            raise BrainFileError(NOT_BRAIN)
        if child + 1 > stack[-1]:
            if child + 1 > MAX_DEPTH:
                raise BrainFileError(f"{NOT_BRAIN}: nested more than {MAX_DEPTH} deep")
            stack[-1] = child + 1

    while True:
        if pos >= end:
            raise BrainFileError(TRUNCATED)
        op = data[pos:pos + 1]
        pos += 1
        if op in _ATOMS_FIXED:
            need(_ATOMS_FIXED[op])
            pos += _ATOMS_FIXED[op]
            stack.append(0)
        elif op in _ATOMS_BARE:
            stack.append(0)
        elif op in _STRINGS:
            fmt = _STRINGS[op]
            need(struct.calcsize(fmt))
            (size,) = unpack_from(fmt, data, pos)
            pos += struct.calcsize(fmt)
            need(size)
            texts = [texts[1], data[pos:pos + min(size, 200)].decode("utf-8", "replace")]
            pos += size
            stack.append(0)
        elif op == b"\x8a" or op == b"\x8b":                 # LONG1, LONG4
            need(1)
            size = data[pos]
            if size > MAX_INT_BYTES or op == b"\x8b":
                raise BrainFileError(f"{NOT_BRAIN}: it holds a number too large to use")
            need(1 + size)
            pos += 1 + size
            stack.append(0)
        elif op in _EMPTY:
            stack.append(1)
        elif op == b"(":                                      # MARK
            marks.append(len(stack))
        elif op in _TUPLE_N or op == b"t":                    # TUPLE1-3, TUPLE
            if op == b"t":
                items = pop_mark()
            else:
                count = _TUPLE_N[op]
                if len(stack) - (marks[-1] if marks else 0) < count:
                    raise BrainFileError(NOT_BRAIN)
                items = stack[-count:]
                del stack[-count:]
            stack.append(1)
            for depth in items:
                nest(depth)
        elif op == b"a" or op == b"s":                        # APPEND, SETITEM
            count = 1 if op == b"a" else 2
            if len(stack) - (marks[-1] if marks else 0) < count + 1:
                raise BrainFileError(NOT_BRAIN)
            items = stack[-count:]
            del stack[-count:]
            for depth in items:
                nest(depth)
        elif op == b"e" or op == b"u":                        # APPENDS, SETITEMS
            items = pop_mark()
            if op == b"u" and len(items) % 2:
                raise BrainFileError(NOT_BRAIN)
            for depth in items:
                nest(depth)
        elif op == b"\x94":                                   # MEMOIZE
            if not stack:
                raise BrainFileError(NOT_BRAIN)
            memo[len(memo)] = stack[-1] > 0
        elif op in _PUT or op in _GET:
            fmt = (_PUT.get(op) or _GET[op])
            need(struct.calcsize(fmt))
            (index,) = unpack_from(fmt, data, pos)
            pos += struct.calcsize(fmt)
            if op in _PUT:
                if not stack:
                    raise BrainFileError(NOT_BRAIN)
                memo[index] = stack[-1] > 0
            else:
                if index not in memo:
                    raise BrainFileError(NOT_BRAIN)
                if memo[index]:
                    raise BrainFileError(f"{NOT_BRAIN}: it shares one part between places")
                stack.append(0)
        elif op == b"\x95":                                   # FRAME
            need(8)
            pos += 8
        elif op == b".":                                      # STOP
            if len(stack) != 1 or marks:
                raise BrainFileError(NOT_BRAIN)
            return pos
        elif op in _GLOBALS:
            if op == b"\x93":
                name = f"{texts[0]}.{texts[1]}"
            else:
                words = data[pos:pos + 400].split(b"\n")[:2]
                name = b".".join(words).decode("utf-8", "replace")
            raise BrainFileError(f"{NOT_BRAIN}: it asks to load {escape(name, 80)}")
        else:
            raise BrainFileError(NOT_BRAIN)
