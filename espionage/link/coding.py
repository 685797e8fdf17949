"""Symbols to bytes and back, in one pass: a range coder with uniform distributions.

A link's content is a sequence of symbols, each a value below a radix that
both writer and reader compute from what came before (a move is its index
among the moves public information allows), so a symbol costs log2(radix)
bits. The range coder (as LZMA's, with its carry handling) keeps a 32-bit
interval: each symbol narrows it by its radix and whole bytes leave as soon as
they are settled, so encoding and decoding take time linear in the link's
length. Radices above 2**16 are split into 16-bit digits (most significant
first) so the interval never gets too narrow to split.

Past the end the reader sees zero bytes; the writer ends on the value of its
final interval with the most trailing zero bits and leaves out up to four zero
bytes at the end, so a reader that goes further than a few bytes past the end
knows the body is damaged.
The encoding is canonical: readers re-encode what they read and refuse a body
that differs, so one game has exactly one link.
"""

from .errors import DAMAGED, BrokenRules, DamagedLink

_TOP = 1 << 24
_MASK = (1 << 32) - 1
_DIGIT = 1 << 16
_FLUSH_ZEROS = 4  # at most this many zero bytes of the end are left out
SLACK_BYTES = 8  # the reader may look this far past the end; further means the body is damaged


def _split(value, radix):
    """(digit, radix) pairs of a value below ``radix``, most significant first, each radix <= 2**16."""
    low = []
    while radix > _DIGIT:
        low.append((value & (_DIGIT - 1), _DIGIT))
        value >>= 16
        radix = -(-radix // _DIGIT)
    return [(value, radix)] + low[::-1]


def _digit_count(radix):
    n = 0
    while radix > _DIGIT:
        radix = -(-radix // _DIGIT)
        n += 1
    return n, radix


class _Encoder:
    def __init__(self):
        self.low = 0
        self.range = _MASK
        self.cache = 0
        self.cache_size = 1
        self.out = bytearray()

    def put(self, value, radix):
        r = self.range // radix
        self.low += value * r
        self.range = r
        while self.range < _TOP:
            self.range <<= 8
            self._shift_low()

    def _shift_low(self):
        low = self.low
        if low < 0xFF000000 or low > _MASK:
            carry = low >> 32
            temp = self.cache
            while self.cache_size:
                self.out.append((temp + carry) & 0xFF)
                temp = 0xFF
                self.cache_size -= 1
            self.cache = (low >> 24) & 0xFF
        self.cache_size += 1
        self.low = (low & 0xFFFFFF) << 8

    def finish(self):
        # the value in [low, low + range) with the most trailing zero bits (range >= 2**24)
        for k in range(40, -1, -1):
            v = -(-self.low >> k) << k
            if v < self.low + self.range:
                break
        self.low = v
        for _ in range(5):
            self._shift_low()
        out = bytes(self.out[1:])  # the first byte is always 0: the whole interval lies below 1
        zeros = len(out) - len(out.rstrip(b"\0"))
        return out[: len(out) - min(zeros, _FLUSH_ZEROS)]

    def state(self):
        """An immutable snapshot, for :meth:`resumed` and :meth:`Reader.after`."""
        return (self.low, self.range, self.cache, self.cache_size, bytes(self.out))

    @classmethod
    def resumed(cls, state):
        enc = cls()
        enc.low, enc.range, enc.cache, enc.cache_size, out = state
        enc.out = bytearray(out)
        return enc

    def extend(self, symbols):
        for value, radix in symbols:
            if radix > _DIGIT:
                for v, r in _split(value, radix):
                    self.put(v, r)
            elif radix > 1:
                self.put(value, radix)
        return self


def encode_symbols(symbols, start=None):
    """The bytes of ``symbols`` [(value, radix), ...]; ``start``: the state after symbols already coded."""
    enc = _Encoder() if start is None else _Encoder.resumed(start)
    return enc.extend(symbols).finish()


def encoder_state(symbols, start=None):
    """The coder's state after ``symbols`` (following ``start``), to go on from later."""
    enc = _Encoder() if start is None else _Encoder.resumed(start)
    return enc.extend(symbols).state()


class Reader:
    """Reads symbols off a body; every symbol read is appended to ``out``."""

    writing = False

    def __init__(self, data, out):
        self.data = bytes(data)
        self.end = len(self.data)
        self.pos = 0
        self.range = _MASK
        self.code = 0
        self.out = out
        for _ in range(4):
            self.code = (self.code << 8) | self._byte()

    @classmethod
    def after(cls, data, state, out):
        """A reader of ``data`` placed where the writer was in ``state``, or None if ``data``
        does not start with the bytes that writer had already settled.

        The reader's interval is the writer's; its code is the data's 32-bit window
        there, less the writer's low end (as in any range coder)."""
        low, range_, _cache, cache_size, settled = state
        k = max(len(settled) - 1, 0)  # the first byte (always 0) is left out of bodies
        if bytes(data[:k]).ljust(k, b"\0") != settled[1:]:
            return None
        reader = cls(b"", out)
        reader.data, reader.end = bytes(data), len(data)
        reader.pos = len(settled) + cache_size + 3
        window = bytes(data[reader.pos - 4 : reader.pos]).ljust(4, b"\0")
        reader.range = range_
        reader.code = (int.from_bytes(window, "big") - low) & _MASK
        return reader

    def _byte(self):
        p = self.pos
        self.pos = p + 1
        if p < self.end:
            return self.data[p]
        if p > self.end + SLACK_BYTES:
            raise DamagedLink(DAMAGED)
        return 0

    def _get(self, radix):
        r = self.range // radix
        v = self.code // r
        if v >= radix:
            raise DamagedLink(DAMAGED)
        self.code -= v * r
        self.range = r
        while self.range < _TOP:
            self.range <<= 8
            self.code = (self.code << 8) | self._byte()
        return v

    def sym(self, radix, value=None):
        if radix < 1:
            raise BrokenRules("this link breaks the game's rules: a choice with nothing to choose from")
        if radix == 1:
            v = 0
        elif radix <= _DIGIT:
            v = self._get(radix)
        else:
            n, top = _digit_count(radix)
            v = self._get(top)
            for _ in range(n):
                v = (v << 16) | self._get(_DIGIT)
            if v >= radix:
                raise DamagedLink(DAMAGED)
        self.out.append((v, radix))
        return v


class Writer:
    """Appends symbols to ``out``."""

    writing = True

    def __init__(self, out):
        self.out = out

    def sym(self, radix, value=None):
        value = int(value)
        if not 0 <= value < radix:
            raise ValueError(f"symbol {value} out of range {radix}")
        self.out.append((value, radix))
        return value
