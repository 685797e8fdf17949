"""Armies placed as strong players place them: a guarded Headquarters, with variety.

``sensible_setup(side, rng)`` is shared by the computer player and the app's
"Random setup" (``Setup.random`` stays fully random). The Headquarters goes on
the back two rows, usually walled in by Mines and a strong piece; Generals and
Colonels stand on different wings; Spies and Sappers are spread over the front
so each wing has its scout and its mine-clearer. Every choice is drawn from
``rng``, so the same seed gives the same army and different seeds vary it.
"""

import random as _random

from .board import RED, SETUP_SQUARES, SIZE, side_index
from .pieces import ARMY
from .setup import Setup

ROWS = 3


def _square(side, row, file):
    """The square ``row`` rows in front of ``side``'s back rank (0 = back), on ``file``."""
    rank = row if side == RED else SIZE - 1 - row
    return rank * SIZE + file


def _neighbours(row, file):
    out = []
    for dr, df in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, f = row + dr, file + df
        if 0 <= r < ROWS and 0 <= f < SIZE:
            out.append((r, f))
    return out


def _pick(rng, free, weight):
    """One free (row, file), drawn with probability proportional to ``weight``."""
    cells = sorted(free)
    weights = [max(weight(cell), 0.0) for cell in cells]
    if sum(weights) <= 0:
        return rng.choice(cells)
    return rng.choices(cells, weights)[0]


def _wing(file):
    return 0 if file < 4 else (1 if file < 6 else 2)


def _place_spread(rng, free, placed, letter, count, row_weights):
    """Place ``count`` pieces of ``letter`` over different wings and files, by row preference."""
    used_wings, used_files = [], []
    for _ in range(count):

        def weight(cell):
            r, f = cell
            w = row_weights[r]
            w /= 1 + 3 * used_wings.count(_wing(f))
            w /= 1 + 4 * sum(1 for u in used_files if abs(u - f) <= 1)
            return w

        cell = _pick(rng, free, weight)
        free.discard(cell)
        placed[cell] = letter
        used_wings.append(_wing(cell[1]))
        used_files.append(cell[1])


def sensible_setup(side, rng=None):
    """A legal, varied army for ``side`` ("red"/"blue" or 0/1), placed the way strong players do."""
    side = side_index(side) if isinstance(side, str) else side
    rng = rng or _random.Random()
    free = {(r, f) for r in range(ROWS) for f in range(SIZE)}
    placed = {}

    hq_row = 0 if rng.random() < 0.8 else 1
    hq = (hq_row, rng.choice(range(SIZE)))
    free.discard(hq)
    placed[hq] = "H"

    # Wall the Headquarters in: each open side gets a Mine, or now and then a strong piece.
    mines_left = ARMY["M"]
    guards = [cell for cell in _neighbours(*hq) if cell in free]
    rng.shuffle(guards)
    strong_guard = rng.random() < 0.35
    for cell in guards:
        if mines_left and not (strong_guard and cell[0] > hq[0]):
            placed[cell] = "M"
            mines_left -= 1
        else:
            placed[cell] = rng.choice("OKG")
            strong_guard = False
        free.discard(cell)
    # The remaining Mines: sometimes a decoy cluster on the back row, otherwise near the Headquarters.
    decoy = rng.random() < 0.4
    for _ in range(mines_left):

        def mine_weight(cell):
            r, f = cell
            distance = abs(r - hq[0]) + abs(f - hq[1])
            if decoy:
                return (3 - r) * (1 + min(distance, 6))
            return (3 - r) / distance

        cell = _pick(rng, free, mine_weight)
        free.discard(cell)
        placed[cell] = "M"

    counts = dict(ARMY)
    for letter in placed.values():
        counts[letter] -= 1
    _place_spread(rng, free, placed, "G", counts.pop("G"), (0.3, 1.0, 1.5))
    _place_spread(rng, free, placed, "O", counts.pop("O"), (0.3, 1.0, 1.2))
    _place_spread(rng, free, placed, "E", counts.pop("E"), (0.5, 1.5, 1.0))
    # One Spy stays near the Headquarters to unmask whoever comes for it; the rest go forward.
    spies = counts.pop("S")
    home = _pick(rng, free, lambda cell: 1.0 / (abs(cell[0] - hq[0]) + abs(cell[1] - hq[1])) ** 2)
    free.discard(home)
    placed[home] = "S"
    _place_spread(rng, free, placed, "S", spies - 1, (0.3, 1.0, 1.5))
    rest = [letter for letter, n in counts.items() for _ in range(n)]
    rng.shuffle(rest)
    # Corporals lean to the front (cheap scouts), Captains to the middle.
    row_bias = {"C": (0.5, 1.0, 2.0), "L": (1.0, 1.0, 1.0), "K": (1.0, 1.5, 1.0)}
    for letter in sorted(rest, key=lambda x: "CKL".index(x) if x in "CKL" else 3):
        bias = row_bias.get(letter, (1.0, 1.0, 1.0))
        cell = _pick(rng, free, lambda cell, bias=bias: bias[cell[0]])
        free.discard(cell)
        placed[cell] = letter
    kinds = {_square(side, r, f): letter for (r, f), letter in placed.items()}
    assert set(kinds) == set(SETUP_SQUARES[side])
    return Setup(side, kinds)
