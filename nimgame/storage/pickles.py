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

import functools
import io
import os
import pickle
import re
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

# Opcodes (protocol 2 and later), as the bytes of a pickle give them.
(_PROTO, _FRAME, _STOP, _MARK, _MEMOIZE, _NONE, _NEWTRUE, _NEWFALSE, _BININT1, _BININT2,
 _BININT, _BINFLOAT, _LONG1, _LONG4, _SHORT_BINUNICODE, _BINUNICODE, _BINUNICODE8,
 _EMPTY_DICT, _EMPTY_LIST, _EMPTY_TUPLE, _TUPLE, _TUPLE1, _TUPLE2, _TUPLE3, _APPEND,
 _APPENDS, _SETITEM, _SETITEMS, _BINPUT, _LONG_BINPUT, _BINGET, _LONG_BINGET, _GLOBAL,
 _STACK_GLOBAL, _INST) = (op[0] for op in (
    pickle.PROTO, pickle.FRAME, pickle.STOP, pickle.MARK, pickle.MEMOIZE, pickle.NONE,
    pickle.NEWTRUE, pickle.NEWFALSE, pickle.BININT1, pickle.BININT2, pickle.BININT,
    pickle.BINFLOAT, pickle.LONG1, pickle.LONG4, pickle.SHORT_BINUNICODE, pickle.BINUNICODE,
    pickle.BINUNICODE8, pickle.EMPTY_DICT, pickle.EMPTY_LIST, pickle.EMPTY_TUPLE,
    pickle.TUPLE, pickle.TUPLE1, pickle.TUPLE2, pickle.TUPLE3, pickle.APPEND, pickle.APPENDS,
    pickle.SETITEM, pickle.SETITEMS, pickle.BINPUT, pickle.LONG_BINPUT, pickle.BINGET,
    pickle.LONG_BINGET, pickle.GLOBAL, pickle.STACK_GLOBAL, pickle.INST))
#: bytes of argument of the numbers (a fixed size)
_NUMBERS = {_BININT1: 1, _BININT2: 2, _BININT: 4, _BINFLOAT: 8}
#: struct format of the length before a string's bytes, and its size
_STRINGS = {_BINUNICODE: ("<I", 4), _BINUNICODE8: ("<Q", 8)}
#: struct format of a memo index, and its size
_MEMO_INDEX = {_BINPUT: ("<B", 1), _LONG_BINPUT: ("<I", 4), _BINGET: ("<B", 1),
               _LONG_BINGET: ("<I", 4)}
_TUPLE_N = {_TUPLE1: 1, _TUPLE2: 2, _TUPLE3: 3}


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

    One pass, a few operations per opcode, the most frequent tested first (a listing
    scans thousands of tables): the positions' strings, the memo, small numbers, floats.
    Only a name a pickle asks to load is decoded, from where its two strings are.
    """
    if start >= len(data):
        raise BrainFileError(TRUNCATED)
    if data[start] != _PROTO:
        raise BrainFileError(NOT_BRAIN)
    if len(data) < start + 2:
        raise BrainFileError(TRUNCATED)
    if data[start + 1] > pickle.HIGHEST_PROTOCOL:
        raise BrainFileError(NOT_BRAIN)
    pos, end = start + 2, len(data)
    stack: list[int] = []
    marks: list[int] = []
    memo: dict[int, bool] = {}      # index -> is a container
    push = stack.append
    text = last = (0, 0)            # where the last two strings are: (start, length)
    while True:
        if pos >= end:
            raise BrainFileError(TRUNCATED)
        op = data[pos]
        pos += 1
        if op == _SHORT_BINUNICODE:
            if pos >= end:
                raise BrainFileError(TRUNCATED)
            size = data[pos]
            if data[pos + size + 1:pos + size + 3] == bytes((_MEMOIZE, op)):
                # Strings of this length, each memoized (a table's positions): one match.
                run = _string_run(size).match(data, pos - 1)
                if run is not None:
                    count = (run.end() - pos + 1) // (size + 3)
                    for _ in range(count):
                        memo[len(memo)] = False
                    stack.extend([0] * count)
                    text, last = (last if count < 2 else (run.end() - 2 * size - 4, size),
                                  (run.end() - size - 1, size))
                    pos = run.end()
                    continue
            text, last = last, (pos + 1, size)
            pos += 1 + size
            if pos > end:
                raise BrainFileError(TRUNCATED)
            push(0)
        elif op == _MEMOIZE:
            if not stack:
                raise BrainFileError(NOT_BRAIN)
            memo[len(memo)] = stack[-1] > 0
        elif op in _NUMBERS:
            pos += _NUMBERS[op]
            if pos > end:
                raise BrainFileError(TRUNCATED)
            push(0)
            if pos < end and data[pos] == op:   # more of the same (Q-values): one match
                run = _NUMBER_RUNS[op].match(data, pos)
                if run is not None:
                    stack.extend([0] * ((run.end() - pos) // (1 + _NUMBERS[op])))
                    pos = run.end()
        elif op == _MARK:
            found = _NUMBERS_TUPLE.match(data, pos - 1)
            if found is None:
                marks.append(len(stack))
            else:   # a tuple of numbers, memoized, maybe paired with one (Nim's positions)
                pos = found.end()
                if found.lastindex:
                    memo[len(memo)] = True
                    memo[len(memo)] = True
                    push(2)
                else:
                    memo[len(memo)] = True
                    push(1)
        elif op == _APPENDS or op == _SETITEMS:
            if not marks:
                raise BrainFileError(NOT_BRAIN)
            at = marks.pop()
            if at < len(stack):
                if op == _SETITEMS and (len(stack) - at) % 2:
                    raise BrainFileError(NOT_BRAIN)
                deepest = max(stack[at:])
                del stack[at:]
                _nest(stack, deepest)
        elif op == _EMPTY_LIST or op == _EMPTY_DICT or op == _EMPTY_TUPLE:
            if op == _EMPTY_LIST:
                found = _NUMBERS_LIST.match(data, pos - 1)
                if found is not None:   # a list of numbers, memoized (a hat): one match
                    pos = found.end()
                    memo[len(memo)] = True
            push(1)
        elif op == _NONE or op == _NEWTRUE or op == _NEWFALSE:
            push(0)
        elif op in _TUPLE_N or op == _TUPLE:
            if op == _TUPLE:
                if not marks:
                    raise BrainFileError(NOT_BRAIN)
                at = marks.pop()
            else:
                at = len(stack) - _TUPLE_N[op]
                if at < (marks[-1] if marks else 0):
                    raise BrainFileError(NOT_BRAIN)
            deepest = max(stack[at:], default=0)
            del stack[at:]
            push(1)
            _nest(stack, deepest)
        elif op == _APPEND or op == _SETITEM:
            at = len(stack) - (1 if op == _APPEND else 2)
            if at - 1 < (marks[-1] if marks else 0):
                raise BrainFileError(NOT_BRAIN)
            deepest = max(stack[at:])
            del stack[at:]
            _nest(stack, deepest)
        elif op in _STRINGS:
            fmt, size = _STRINGS[op]
            if pos + size > end:
                raise BrainFileError(TRUNCATED)
            (length,) = struct.unpack_from(fmt, data, pos)
            pos += size
            text, last = last, (pos, length)
            pos += length
            if pos > end:
                raise BrainFileError(TRUNCATED)
            push(0)
        elif op in _MEMO_INDEX:
            fmt, size = _MEMO_INDEX[op]
            if pos + size > end:
                raise BrainFileError(TRUNCATED)
            (index,) = struct.unpack_from(fmt, data, pos)
            pos += size
            if op == _BINPUT or op == _LONG_BINPUT:
                if not stack:
                    raise BrainFileError(NOT_BRAIN)
                memo[index] = stack[-1] > 0
            else:
                if index not in memo:
                    raise BrainFileError(NOT_BRAIN)
                if memo[index]:
                    raise BrainFileError(f"{NOT_BRAIN}: it shares one part between places")
                push(0)
        elif op == _LONG1 or op == _LONG4:
            if pos >= end:
                raise BrainFileError(TRUNCATED)
            if data[pos] > MAX_INT_BYTES or op == _LONG4:
                raise BrainFileError(f"{NOT_BRAIN}: it holds a number too large to use")
            pos += 1 + data[pos]
            if pos > end:
                raise BrainFileError(TRUNCATED)
            push(0)
        elif op == _FRAME:
            pos += 8
            if pos > end:
                raise BrainFileError(TRUNCATED)
        elif op == _STOP:
            if len(stack) != 1 or marks:
                raise BrainFileError(NOT_BRAIN)
            return pos
        elif op == _STACK_GLOBAL or op == _GLOBAL or op == _INST:
            raise BrainFileError(f"{NOT_BRAIN}: it asks to load "
                                 f"{escape(_global_name(data, pos, op, text, last), 80)}")
        else:
            raise BrainFileError(NOT_BRAIN)


#: A run of numbers of one opcode (at least one).
_NUMBER_RUNS = {op: re.compile(b"(?:%c.{%d})+" % (op, size), re.DOTALL)
                for op, size in _NUMBERS.items()}


# Items that tables hold by the hundred, each taken in one match; each stands for the
# opcodes it matches exactly (the stack and memo end as they would one opcode at a time).
_NUMBER = b"(?:K.|M..|J.{4}|G.{8})"
#: A list of numbers (or none), memoized: ] MEMOIZE [( numbers APPENDS | number APPEND].
_NUMBERS_LIST = re.compile(b"\\]\x94(?:\\(%s+e|%sa)?" % (_NUMBER, _NUMBER), re.DOTALL)
#: A tuple of numbers, memoized, maybe paired with a number (the group), memoized:
#: ( numbers TUPLE MEMOIZE [number TUPLE2 MEMOIZE].
_NUMBERS_TUPLE = re.compile(b"\\(%s+t\x94(%s\x86\x94)?" % (_NUMBER, _NUMBER), re.DOTALL)


@functools.lru_cache(maxsize=256)
def _string_run(size: int) -> re.Pattern[bytes]:
    """A run of short strings of `size` bytes, each followed by MEMOIZE. The length byte is
    escaped: as a raw byte, 41 was ")" and broke the pattern, 42 ("*") changed it."""
    return re.compile(b"(?:%c%s.{%d}%c)+" % (_SHORT_BINUNICODE, re.escape(bytes((size,))),
                                               size, _MEMOIZE), re.DOTALL)


def _nest(stack: list[int], child: int) -> None:
    """Put items as deep as `child` (the deepest) into the container on top of `stack`."""
    if not stack or stack[-1] == 0:
        raise BrainFileError(NOT_BRAIN)
    if child + 1 > stack[-1]:
        if child + 1 > MAX_DEPTH:
            raise BrainFileError(f"{NOT_BRAIN}: nested more than {MAX_DEPTH} deep")
        stack[-1] = child + 1


def _global_name(data: bytes, pos: int, op: int, text: tuple[int, int],
                 last: tuple[int, int]) -> str:
    """The name a global opcode at `pos` asks for: the last two strings for STACK_GLOBAL,
    else the two lines after it."""
    if op == _STACK_GLOBAL:
        module, name = (data[at:at + min(size, 200)].decode("utf-8", "replace")
                        for at, size in (text, last))
        return f"{module}.{name}"
    words = data[pos:pos + 400].split(b"\n")[:2]
    return b".".join(words).decode("utf-8", "replace")


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
