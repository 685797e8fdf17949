"""Setups as numbers (their rank among all arrangements of the army) and commitments to them."""

import hashlib

from ..pieces import ARMY, KINDS

KIND_LETTERS = tuple(KINDS)  # C L K O G S E M H


def _multinomial(counts):
    n, r = 0, 1
    for c in counts:
        for i in range(1, c + 1):
            n += 1
            r = r * n // i
    return r


SETUP_RADIX = _multinomial([ARMY[k] for k in KIND_LETTERS])


def setup_rank(letters):
    """The rank of a 30-letter setup among all arrangements of the army."""
    counts = [ARMY[k] for k in KIND_LETTERS]
    total, n, rank = SETUP_RADIX, sum(counts), 0
    for ch in str(letters):
        i = KIND_LETTERS.index(ch)
        for j in range(i):
            if counts[j]:
                rank += total * counts[j] // n
        total = total * counts[i] // n
        counts[i] -= 1
        n -= 1
    return rank


def setup_unrank(rank):
    """The 30 letters of the setup with ``rank``."""
    counts = [ARMY[k] for k in KIND_LETTERS]
    total, n, out = SETUP_RADIX, sum(counts), []
    while n:
        for j, c in enumerate(counts):
            if not c:
                continue
            block = total * c // n
            if rank < block:
                out.append(KIND_LETTERS[j])
                total = block
                counts[j] -= 1
                n -= 1
                break
            rank -= block
    return "".join(out)


def commitment(secret, game_id, side, setup):
    """SHA-256 of the 16-byte secret, the 8-byte game id, the side (0/1) and the setup's 30 letters."""
    data = bytes(secret) + game_id.to_bytes(8, "big") + bytes([side]) + str(setup).encode("ascii")
    return hashlib.sha256(data).digest()
