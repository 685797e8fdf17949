"""The outside of a link: base64url text around a versioned, length-prefixed, check-coded body.

A link is base64url (no padding) of::

    version byte | body length (varint) | body | first 6 bytes of SHA-256 of all before

Anything longer than the longest game the rules allow (:data:`MAX_LINK_CHARS`)
is refused before any decoding work, so a hostile link costs nothing.
"""

import base64
import binascii
import hashlib

from ..game import QUIET_LIMIT
from ..pieces import ARMY_SIZE
from .errors import DAMAGED, TRUNCATED, DamagedLink, IncompleteLink, NotALink, OversizedLink, UnknownFormat
from .fights import AUDIT_TAG_BYTES, TABLE_BYTES, TOKEN_BYTES
from .oblivious import POINT_BYTES

VERSION = 5
OLD_CASUAL = (2, 3, 4)
"""Formats 2 to 4 differ from 5 in sealed games only (format 2's attacks told the attacker's
kind; format 3's links carried every fight's values; format 4's tables had no check of their
loss entry): their casual links are read as they are, their sealed ones are refused with a
message."""
CHECK_BYTES = 6

# -- the longest link a real game can make ------------------------------------------
# Every attack removes one piece (the attacker or the defender), so a game has at
# most 2 * ARMY_SIZE attacks, and at most QUIET_LIMIT turn ends before the first,
# between two, and after the last: at most (2 * ARMY_SIZE + 1) * QUIET_LIMIT side-turns.
MAX_SIDE_TURNS = (2 * ARMY_SIZE + 1) * QUIET_LIMIT
# A sealed move costs at most: its index among <= 120 candidates (7 bits), "one more
# move" (1), the attacker's kind (3), a Spy flag (1); at resolution: the fight's result
# (1), the removed kind (4), "watched" (1), the kinds of up to 8 unmasked neighbours
# (8 * 4), an answer to a kind request (4), a Spy question's answer (1): 55 bits.
# Casual moves cost less (7 bits). Rounded up, with a message's own symbols
# (its mark, side and action):
BITS_PER_MOVE = 64
BITS_PER_MESSAGE = 16
# Header (kind, backup flag, game id, variant, volcanoes, side, commitment), the join
# (commitment), two reveals (secret and setup) and a backup's seat: under 2048 bits.
FIXED_BITS = 2048
# Sealed fights by oblivious transfer: two sender keys, at most one query per piece, and per
# attack (at most one per removed piece, and one voided at the end) a table and its reply
# (result, removed kind, token flag, token, audit tag); the values section's own bytes (start,
# check, length: 16 bytes).
SEALED_FIGHT_BITS = (
    2 * POINT_BYTES * 8
    + 2 * ARMY_SIZE * POINT_BYTES * 8
    + (2 * ARMY_SIZE + 1) * (TABLE_BYTES * 8 + 1 + 4 + 1 + (TOKEN_BYTES + AUDIT_TAG_BYTES) * 8)
    + 16 * 8
)
MAX_BODY_BYTES = (FIXED_BITS + SEALED_FIGHT_BITS + MAX_SIDE_TURNS * (2 * BITS_PER_MOVE + BITS_PER_MESSAGE)) // 8 + 16
MAX_LINK_CHARS = (1 + 4 + MAX_BODY_BYTES + CHECK_BYTES) * 4 // 3 + 4

OLD_SEALED = {
    2: (
        "this sealed game was made by an older version of the app (format 2), whose attacks told the "
        "attacker's kind; this version keeps every fight sealed and cannot go on with it. Your saved "
        "game is kept as it was: finish it with the older version, or start a new sealed game"
    ),
    3: (
        "this sealed game was made by an older version of the app (format 3), whose links carried "
        "every fight's tables; this version's links carry only the newest ones and cannot go on with "
        "it. Your saved game is kept as it was: finish it with the older version, or start a new sealed game"
    ),
    4: (
        "this sealed game was made by an older version of the app (format 4), whose fights let a "
        "modified app learn the kind of a piece that survived its attack; this version cannot go on "
        "with it. Your saved game is kept as it was: finish it with the older version, or start a new sealed game"
    ),
}

_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def _b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def varint(n):
    """``n`` in 7-bit groups, low first, the high bit set on all but the last (a link's lengths)."""
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def read_varint(data, pos):
    """The varint at ``data[pos:]`` and the position after it; DamagedLink if it runs off the
    end or past 35 bits."""
    value, shift = 0, 0
    while True:
        if pos >= len(data) or shift > 28:
            raise DamagedLink(DAMAGED)
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, pos


def frame(body):
    """The link text for a body (bytes)."""
    head = bytes([VERSION]) + varint(len(body)) + bytes(body)
    return _b64(head + hashlib.sha256(head).digest()[:CHECK_BYTES])


def fragment(text):
    """The fragment of ``text``: whatever follows '#', if there is one."""
    if not isinstance(text, str):
        raise NotALink("a link is a piece of text")
    text = text.strip()
    if "#" in text:
        text = text.rsplit("#", 1)[1]
    return text


def unframe(text):
    """The body (bytes) of a link; a LinkError if it is damaged, truncated, too long or not a link."""
    text = fragment(text)
    if not text:
        raise NotALink("this link is empty: copy the whole link, including everything after '#'")
    if len(text) > MAX_LINK_CHARS:
        raise OversizedLink(
            f"this link is {len(text)} characters long, longer than any game can make ({MAX_LINK_CHARS}): "
            "it is not a real game link"
        )
    bad = next((ch for ch in text if ch not in _ALPHABET), None)
    if bad is not None:
        raise NotALink(f"this is not an Espionage game link: it contains {bad!r}, which links never do")
    if len(text) < 10:
        raise NotALink(f"this link is far too short ({len(text)} characters) to be a game: copy the whole link")
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise DamagedLink("this link is damaged or incomplete: copy the whole link again") from None
    if data[0] != VERSION and data[0] not in OLD_CASUAL:
        if data[0] < VERSION:
            raise UnknownFormat(
                f"this link has format {data[0]}, from an older version of the app, which this version "
                f"(format {VERSION}) no longer reads"
            )
        raise UnknownFormat(
            f"this link has format {data[0]}, which this app does not know "
            f"(it reads format {VERSION}): it is damaged, or from a newer version of the app"
        )
    length, pos = read_varint(data, 1)
    want = pos + length + CHECK_BYTES
    if len(data) < want:
        if length > MAX_BODY_BYTES:  # no game comes near this: the length itself is damaged
            raise DamagedLink(DAMAGED)
        raise IncompleteLink(TRUNCATED.format(have=len(text), want=(want * 4 + 2) // 3))
    if len(data) > want or _b64(data) != text:
        raise DamagedLink(DAMAGED)
    head, check = data[: pos + length], data[pos + length :]
    if hashlib.sha256(head).digest()[:CHECK_BYTES] != check:
        raise DamagedLink(DAMAGED)
    body = data[pos : pos + length]
    if data[0] in OLD_CASUAL and body[:1] and body[0] >= 0x80:  # its first symbol (1 bit): sealed
        raise UnknownFormat(OLD_SEALED[data[0]])
    return body
