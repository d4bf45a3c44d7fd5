"""The pickle scan, made lean for listing thousands of brains, answers every input as the
scan before it did (bench/listing_reference.py keeps that one verbatim): the same end for
what it accepts, the same one line for what it refuses."""

import pickle

from brainfiles import BRAINS, real
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.listing_reference import scan_before
from nimgame.storage import BrainFileError
from nimgame.storage.pickles import scan


def answer(check, data: bytes, start: int = 0) -> object:
    try:
        return check(data, start)
    except BrainFileError as err:
        return str(err)


def same(data: bytes) -> None:
    first = answer(scan_before, data)
    assert answer(scan, data) == first, data[:200]
    if isinstance(first, int) and first < len(data):
        assert answer(scan, data, first) == answer(scan_before, data, first)


def brain_bytes(kind: str, protocol: int = 4) -> bytes:
    header, table = real(kind)
    return pickle.dumps(header, protocol=protocol) + pickle.dumps(table, protocol=protocol)


PLAIN = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=300)
    | st.integers(min_value=-2**200, max_value=2**200) | st.binary(max_size=4),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4)
    | st.tuples() | st.tuples(inner) | st.tuples(inner, inner)
    | st.tuples(inner, inner, inner) | st.tuples(inner, inner, inner, inner)
    | st.frozensets(st.integers(), max_size=3),
    max_leaves=30)


def test_every_real_brain_and_every_cut_of_it():
    for kind in BRAINS:
        for protocol in (2, 3, 4, 5):
            data = brain_bytes(kind, protocol)
            same(data)
            for cut in range(0, len(data), max(1, len(data) // 100)):
                same(data[:cut])


@settings(max_examples=400)
@given(value=PLAIN, protocol=st.integers(0, 5), shared=st.booleans())
def test_any_value_pickled(value, protocol, shared):
    if shared:                  # one container in two places: the memo fetches it again
        value = [value, value]
    same(pickle.dumps(value, protocol=protocol))


@settings(max_examples=400)
@given(data=st.data(), kind=st.sampled_from(sorted(BRAINS)))
def test_random_edits_of_real_brains(data, kind):
    raw = bytearray(brain_bytes(kind))
    for _ in range(data.draw(st.integers(1, 6))):
        at = data.draw(st.integers(0, len(raw) - 1))
        edit = data.draw(st.sampled_from(["flip", "byte", "opcode", "insert", "delete"]))
        if edit == "flip":
            raw[at] ^= 1 << data.draw(st.integers(0, 7))
        elif edit == "byte":
            raw[at] = data.draw(st.integers(0, 255))
        elif edit == "opcode":
            raw[at] = data.draw(st.sampled_from(list(b"KMJGN\x88\x89\x8cX\x8d\x8a\x8b}])(\x85"
                                                     b"\x86\x87taseu\x94qrhj\x95.c\x93iRb")))
        elif edit == "insert":
            raw[at:at] = data.draw(st.binary(min_size=1, max_size=8))
        elif len(raw) > 1:
            del raw[at]
    same(bytes(raw))


OPCODES = st.sampled_from([
    b"K\x01", b"M\x01\x02", b"J\x01\x02\x03\x04", b"G" + bytes(8), b"N", b"\x88", b"\x89",
    b"\x8c\x02ab", b"\x8c\x02cd\x94", b"\x8c\x02ef\x94\x8c\x02gh\x94", b"\x8c\x05posix",
    b"\x8c\x06system", b"X\x01\x00\x00\x00a", b"\x8d\x01" + bytes(7) + b"b", b"\x8a\x01\x05",
    b"\x8a\x11" + bytes(17), b"\x8b\x01", b"}", b"]", b")", b"(", b"\x85", b"\x86", b"\x87",
    b"t", b"a", b"s", b"e", b"u", b"\x94", b"q\x00", b"q\x02", b"r\x01\x00\x00\x00", b"h\x00",
    b"h\x01", b"h\x02", b"j\x00\x00\x00\x00", b"\x95" + bytes(8), b".", b"c", b"cos\nsystem\n",
    b"\x93", b"i", b"R", b"\xff"])


@settings(max_examples=1000)
@given(ops=st.lists(OPCODES, max_size=40), proto=st.sampled_from([b"\x80\x04", b"\x80\x02",
                                                                  b"\x80\x09", b"\x80", b""]))
def test_any_sequence_of_opcodes(ops, proto):
    same(proto + b"".join(ops))
    same(proto + b"".join(ops) + b".")


def test_runs_of_one_opcode_whole_and_cut():
    """Runs of strings of one length (each memoized) and of numbers, lists and tuples of
    numbers are taken in one step: whole, cut anywhere, mixed with lengths that change,
    with the memo's indices taken by BINPUT, and with what only starts like them."""
    for body in (b"\x8c\x03abc\x94" * 5, b"\x8c\x03abc\x94" * 3 + b"\x8c\x02ab\x94" * 3,
                 b"q\x03\x8c\x01a\x94" * 3 + b"\x8c\x01a\x94" * 4 + b"h\x03",
                 b"G" + bytes(8) * 1 + b"G" + bytes(8) + b"K\x01" * 4 + b"M\x01\x02" * 3,
                 b"J" + bytes(4) * 3, b"\x8c\x01a\x94\x8c\x01b\x94\x93",
                 b"]\x94(K\x01M\x01\x02e]\x94K\x05a]\x94N]\x94(eh\x01]\x94(K\x01t",
                 b"(K\x01K\x02t\x94K\x00\x86\x94(G" + bytes(8) + b"t\x94(K\x01t\x94h\x00"
                 b"(J" + bytes(4) + b"t\x94K\x00\x85\x94(K\x01t\x94K\x02\x86(K\x03e"):
        for tail in (b"e.", b"e", b"."):
            data = b"\x80\x04]\x94(" + body + tail
            for cut in range(len(data) + 1):
                same(data[:cut])


def test_nesting_at_the_limit_and_beyond():
    for depth in range(6, 12):
        same(b"\x80\x04K\x01" + b"\x85" * depth + b".")
        same(b"\x80\x04]" + b"](" * depth + b"K\x01" + b"e" * depth + b".")
