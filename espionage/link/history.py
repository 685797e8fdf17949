"""What a sealed link leaves out: the values (queries, tables, tokens, audit tags) its receiver already has.

A sealed game's values are bytes in the order the game made them. Its link
carries only those its receiver has not seen (from ``start`` on), with a check of
the ones it leaves out, so the link stays short however many fights there were;
each device keeps every value in its saved seat (the end audit needs them), and
the private backup link carries them all (``start`` 0). A sealed body is::

    coded symbols | start (varint) | [8-byte check of values[:start]] | values[start:] | section length (3 bytes)

A casual body is the coded symbols alone (as in formats 2 to 4).
"""

import hashlib

from .errors import CHANGED_HISTORY, DAMAGED, MISSING_HISTORY, ChangedHistory, DamagedLink, MissingHistory
from .framing import MAX_BODY_BYTES, read_varint, varint

CHECK_BYTES = 8
LENGTH_BYTES = 3


def is_sealed(coded):
    """Whether a coded body is a sealed game's (its first symbol, one bit, says so)."""
    return bool(coded[:1]) and coded[0] >= 0x80


def split(body):
    """(coded symbols, values section or None) of a body."""
    body = bytes(body)
    if not is_sealed(body):
        return body, None
    if len(body) < LENGTH_BYTES:
        raise DamagedLink(DAMAGED)
    size = int.from_bytes(body[-LENGTH_BYTES:], "big")
    if size + LENGTH_BYTES > len(body):
        raise DamagedLink(DAMAGED)
    cut = len(body) - LENGTH_BYTES - size
    return body[:cut], body[cut : len(body) - LENGTH_BYTES]


def join(coded, section):
    """The body of coded symbols and (sealed) a values section."""
    if section is None:
        return bytes(coded)
    return bytes(coded) + section + len(section).to_bytes(LENGTH_BYTES, "big")


def check(values):
    return hashlib.sha256(b"espionage-values\0" + bytes(values)).digest()[:CHECK_BYTES]


def section(values, start, left_out_check=None):
    """The values section of a link that leaves out ``values[:start]``."""
    out = bytearray(varint(start))
    if start:
        out += left_out_check if left_out_check is not None else check(values[:start])
    return bytes(out) + bytes(values[start:])


class Incoming:
    """The values a link brings, read in order: the left-out ones from ``store`` (this device's),
    the rest from the link. MissingHistory if ``store`` lacks some left-out ones, ChangedHistory if
    they differ; with no ``store`` (a spectator) the left-out ones read as zeros and ``partial`` is set."""

    def __init__(self, values_section, store=None):
        start, pos = read_varint(values_section, 0)
        if start > MAX_BODY_BYTES:  # no game has that many values: refused before any work
            raise DamagedLink(DAMAGED)
        self.start = start
        self.left_out_check = values_section[pos : pos + CHECK_BYTES] if start else None
        if start and len(self.left_out_check) != CHECK_BYTES:
            raise DamagedLink(DAMAGED)
        self.attached = bytes(values_section[pos + (CHECK_BYTES if start else 0) :])
        self.partial = bool(start) and store is None
        if store is not None:
            store = bytes(store)
            if len(store) < start:
                raise MissingHistory(MISSING_HISTORY)
            if start and check(store[:start]) != self.left_out_check:
                raise ChangedHistory(CHANGED_HISTORY)
            overlap = store[start:]
            if self.attached[: len(overlap)] != overlap[: len(self.attached)]:
                raise ChangedHistory(CHANGED_HISTORY)
        self.known = store[:start] if store is not None else None

    @property
    def end(self):
        return self.start + len(self.attached)

    def take(self, position, size):
        """The ``size`` bytes of values at ``position``."""
        if position + size <= self.start:
            return self.known[position : position + size] if self.known is not None else bytes(size)
        if position < self.start or position + size > self.end:
            raise DamagedLink(DAMAGED)
        return self.attached[position - self.start : position - self.start + size]
