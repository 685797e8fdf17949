"""1-out-of-n oblivious transfer (Chou-Orlandi "simplest OT") on ristretto255, for sealed fights.

The defender is the chooser: for a piece of kind index c it publishes the query
B = b·G + c·A once, where A = a·G is the attacker's sender key. The attacker
derives one key per defender kind i for an attack, H(attack, a·B - i·(a·A)), and
seals one table entry under each; the defender can open only entry c, whose key
is H(attack, b·A). Nothing in B tells the attacker c (B is uniform whatever c is),
and opening another entry means computing a discrete logarithm.

The group operations come from the pure-Python `ge25519` package (no curve
arithmetic here). Scalars are derived from a seat's secret with HMAC, so the
secret revealed at the end lets the audit recompute every query and key.
"""

from __future__ import annotations

import functools
import hashlib
import hmac

from ge25519 import ge25519_cached, ge25519_p1p1, ge25519_p3

GROUP_ORDER = 2**252 + 27742317777372353535851937790883648493
POINT_BYTES = 32
TAG_BYTES = 8


class OTError(ValueError):
    """A point or sealed entry that is not what it claims to be."""


def scalar(secret: bytes, label: str) -> int:
    """A nonzero scalar for `label`, derived from a seat's secret (HMAC-SHA512, reduced mod the group order)."""
    digest = hmac.digest(secret, b"espionage-ot\0" + label.encode(), "sha512")
    return int.from_bytes(digest, "little") % (GROUP_ORDER - 1) + 1


def _bytes(value: int) -> bytes:
    return (value % GROUP_ORDER).to_bytes(32, "little")


def _encode(point: ge25519_p3) -> bytes:
    return point.to_bytes_ristretto255()


def decode(data: bytes) -> ge25519_p3:
    """The group element `data` encodes; OTError for anything else (wrong length, not canonical, not a point)."""
    if len(data) != POINT_BYTES:
        raise OTError("a group element is 32 bytes")
    return _decoded(bytes(data))


@functools.lru_cache(maxsize=1024)
def _decoded(data: bytes) -> ge25519_p3:
    """Kept: a game decodes the same keys and queries at every link (the points are never changed)."""
    point = ge25519_p3.from_bytes_ristretto255(data)
    if point is None or _encode(point) != data:
        raise OTError("not the canonical encoding of a group element")
    return point


def _add(left: ge25519_p3, right: ge25519_p3) -> ge25519_p3:
    return ge25519_p3.from_p1p1(ge25519_p1p1.add(left, ge25519_cached.from_p3(right)))


def _sub(left: ge25519_p3, right: ge25519_p3) -> ge25519_p3:
    return ge25519_p3.from_p1p1(ge25519_p1p1.sub(left, ge25519_cached.from_p3(right)))


def sender_key(sender_scalar: int) -> bytes:
    """A = a·G, published once by each side at commitment."""
    return _encode(ge25519_p3.scalar_mult_base(_bytes(sender_scalar)))


def query(chooser_scalar: int, sender: bytes, choice: int) -> bytes:
    """B = b·G + choice·A: the chooser's hidden choice for one piece (its kind index)."""
    point = ge25519_p3.scalar_mult_base(_bytes(chooser_scalar))
    key = decode(sender)
    for _ in range(choice):  # choice·A by additions: a kind index is at most 8, a multiplication costs ~250
        point = _add(point, key)
    return _encode(point)


def audited_query(sender_scalar: int, chooser_scalar: int, choice: int) -> bytes:
    """The query the chooser should have published, from both secrets: (b + choice·a)·G, one base multiplication."""
    return _encode(ge25519_p3.scalar_mult_base(_bytes(chooser_scalar + choice * sender_scalar)))


def chooser_point(chooser_scalar: int, sender: bytes) -> bytes:
    """b·A, the chooser's key material for every attack on its piece: computed once, when the
    piece publishes its query, so opening an attack later is hashing only (:func:`opened_key`)."""
    return _encode(decode(sender).scalar_mult(_bytes(chooser_scalar)))


def opened_key(point: bytes, attack: str) -> bytes:
    """The chooser's key for `attack` from its saved b·A: H(attack, b·A)."""
    return hashlib.sha256(b"espionage-ot-key\0" + attack.encode() + b"\0" + point).digest()


def chooser_key(chooser_scalar: int, sender: bytes, attack: str) -> bytes:
    """The one key the chooser can know for `attack`: H(attack, b·A)."""
    return opened_key(chooser_point(chooser_scalar, sender), attack)


class Sender:
    """A sender's side of the transfers of one game: a·A once, a·B - i·(a·A) once per queried piece
    (cached, encoded: every attack on the piece hashes them)."""

    def __init__(self, sender_scalar: int, size: int) -> None:
        self._scalar = _bytes(sender_scalar)
        self._size = size
        self._key_times_scalar = ge25519_p3.scalar_mult_base(self._scalar).scalar_mult(self._scalar)
        self._shared: dict[bytes, list[bytes]] = {}

    def know(self, chooser_query: bytes, chooser_scalar: int, choice: int) -> None:
        """For the audit, which knows the chooser's secret: a·B as (a·(b + choice·a))·G, a base multiplication."""
        a = int.from_bytes(self._scalar, "little")
        self._points(chooser_query, ge25519_p3.scalar_mult_base(_bytes(a * (chooser_scalar + choice * a))))

    def _points(self, chooser_query: bytes, shared: ge25519_p3 | None = None) -> list[bytes]:
        points = self._shared.get(chooser_query)
        if points is None:
            point = shared if shared is not None else decode(chooser_query).scalar_mult(self._scalar)
            points = [_encode(point)]
            for _ in range(1, self._size):
                point = _sub(point, self._key_times_scalar)
                points.append(_encode(point))
            self._shared[chooser_query] = points
        return points

    def keys(self, chooser_query: bytes, attack: str) -> list[bytes]:
        """The key of each choice 0..size-1 for `attack` against the piece that published `chooser_query`."""
        return [opened_key(point, attack) for point in self._points(chooser_query)]


def stream(key: bytes, length: int) -> bytes:
    """`length` pseudo-random bytes from `key` (HMAC-SHA256 in counter mode)."""
    blocks = (length + 31) // 32
    return b"".join(hmac.digest(key, b"stream" + bytes([i]), "sha256") for i in range(blocks))[:length]


def _tag(key: bytes, sealed: bytes) -> bytes:
    return hmac.digest(key, b"tag" + sealed, "sha256")[:TAG_BYTES]


def seal(key: bytes, plaintext: bytes) -> bytes:
    """`plaintext` encrypted and authenticated under a one-use key (each attack derives fresh keys)."""
    sealed = bytes(x ^ y for x, y in zip(plaintext, stream(key, len(plaintext))))
    return sealed + _tag(key, sealed)


def open_sealed(key: bytes, blob: bytes) -> bytes:
    """The plaintext of `blob` sealed under `key`; OTError if it was sealed under another key or altered."""
    if len(blob) < TAG_BYTES:
        raise OTError("a sealed entry is too short")
    sealed, tag = blob[:-TAG_BYTES], blob[-TAG_BYTES:]
    if not hmac.compare_digest(tag, _tag(key, sealed)):
        raise OTError("the entry does not open under this key")
    return bytes(x ^ y for x, y in zip(sealed, stream(key, len(sealed))))
