"""Reading the pickles of a brain file without trusting them.

A brain file may come from anyone, so its bytes are checked before Python builds anything
from them:

- only regular files are opened (a FIFO would block the reader forever), and only up to
  MAX_FILE_BYTES;
- `scan` walks the opcode stream of each pickle and allows only the opcodes that plain
  dicts, lists, tuples, strings, small numbers, booleans and None need: no class, no
  function, no bytes, no sets. It refuses nesting deeper than MAX_DEPTH and any container
  used twice (a pickle can share one container between many places, so a few hundred
  bytes can describe 2**100 paths that every later walk would follow), and numbers longer
  than MAX_INT_BYTES. What is left is a tree with at most one node per opcode, so no
  later step can spend more than a small multiple of the file's size on it;
- the C unpickler then builds it with `find_class` refusing everything, as a second lock.
"""

from __future__ import annotations

import io
import os
import pickle
import stat
import struct
from pathlib import Path
from typing import NoReturn

from ..safetext import escape
from .errors import BrainFileError

MAX_FILE_BYTES = 8 * 1024 * 1024      # far above any learner's table (see schema)
MAX_HEADER_BYTES = 64 * 1024          # a header is a few hundred bytes
MAX_DEPTH = 8                          # a table is 4 deep: dict, list, state, piles
MAX_INT_BYTES = 16                     # 128-bit numbers; brains hold nothing bigger

NOT_BRAIN = "not a nimgame brain file"
TRUNCATED = "truncated: the file ends early"

# opcode -> bytes of argument (fixed), or a struct format for a length prefix.
_ATOMS_FIXED = {b"K": 1, b"M": 2, b"J": 4, b"G": 8}          # BININT1/2, BININT, BINFLOAT
_ATOMS_BARE = {b"N", b"\x88", b"\x89"}                        # NONE, NEWTRUE, NEWFALSE
_STRINGS = {b"\x8c": "<B", b"X": "<I", b"\x8d": "<Q"}         # SHORT_BINUNICODE, ...8
_EMPTY = {b"}", b"]", b")"}                                   # EMPTY_DICT/LIST/TUPLE
_TUPLE_N = {b"\x85": 1, b"\x86": 2, b"\x87": 3}
_PUT = {b"q": "<B", b"r": "<I"}                               # BINPUT, LONG_BINPUT
_GET = {b"h": "<B", b"j": "<I"}                               # BINGET, LONG_BINGET
_GLOBALS = {b"c", b"\x93", b"i"}                              # GLOBAL, STACK_GLOBAL, INST


def read_regular(path: Path, limit: int) -> tuple[bytes, int]:
    """Up to `limit` bytes of `path` and the file's size; BrainFileError unless `path` is
    (or links to) a regular file. Opened without blocking, so a FIFO cannot hang us."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        if os.path.islink(path):
            raise BrainFileError("a link to a file that is not there") from None
        raise BrainFileError(f"no such file: {escape(str(path), 160)}") from None
    except IsADirectoryError:
        raise BrainFileError(f"{escape(Path(path).name, 60)} is a folder, "
                             "not a brain file") from None
    except OSError as err:
        raise BrainFileError(f"cannot read it: {err.strerror or err}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise BrainFileError(f"{escape(Path(path).name, 60)} is a folder, not a brain file")
        if not stat.S_ISREG(info.st_mode):
            raise BrainFileError("not a regular file (a pipe or a device): skipped")
        if info.st_size > MAX_FILE_BYTES:
            raise BrainFileError(f"too large for a brain file ({info.st_size / 2**20:.1f} MB; "
                                 f"the limit is {MAX_FILE_BYTES // 2**20} MB)")
        os.set_blocking(fd, True)
        chunks, left = [], limit
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks), info.st_size
    except OSError as err:
        raise BrainFileError(f"cannot read it: {err.strerror or err}") from None
    finally:
        os.close(fd)


def scan(data: bytes, start: int = 0) -> int:
    """Check the pickle starting at `start` (see the module's docstring); where it ends.

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
            from ..safetext import escape
            raise BrainFileError(f"{NOT_BRAIN}: it asks to load {escape(name, 80)}")
        else:
            raise BrainFileError(NOT_BRAIN)


class _PlainUnpickler(pickle.Unpickler):
    """Builds plain containers, numbers and strings; refuses any class or function."""

    def find_class(self, module: str, name: str) -> NoReturn:
        raise BrainFileError(f"{NOT_BRAIN}: it asks to load {module}.{name}")


def unpickle(data: bytes, start: int = 0) -> tuple[object, int]:
    """The value of the pickle at `start`, after `scan` passed it, and where it ends."""
    end = scan(data, start)
    try:
        value = _PlainUnpickler(io.BytesIO(data[start:end])).load()
    except BrainFileError:
        raise
    except Exception:  # scan lets through only what loads; this is the second lock
        raise BrainFileError(NOT_BRAIN) from None
    return value, end
