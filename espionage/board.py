"""Squares of the 10x10 board, as small integers in canonical order.

Square ``a1`` is 0, ``b1`` is 1, ... ``j1`` is 9, ``a2`` is 10, ... ``j10`` is 99,
so sorting squares as integers gives the canonical order of SPEC §6.
"""

FILES = "abcdefghij"
SIZE = 10
SQUARES = range(SIZE * SIZE)

SIDES = ("red", "blue")
RED, BLUE = 0, 1

SETUP_RANKS = {RED: (1, 2, 3), BLUE: (8, 9, 10)}
NEUTRAL_RANKS = (4, 5, 6, 7)


def square(file_index, rank):
    """The square on ``file_index`` (0 = a) and ``rank`` (1..10)."""
    return (rank - 1) * SIZE + file_index


def file_of(sq):
    return sq % SIZE


def rank_of(sq):
    """The rank number, 1..10."""
    return sq // SIZE + 1


def square_name(sq):
    return FILES[sq % SIZE] + str(sq // SIZE + 1)


_BY_NAME = {square_name(sq): sq for sq in SQUARES}


def parse_square(name):
    """The square named ``name`` (e.g. ``"e4"``); ValueError if there is none."""
    try:
        return _BY_NAME[name]
    except (KeyError, TypeError):
        raise ValueError(f"{name!r} is not a square: use a file a-j and a rank 1-10, e.g. e4") from None


def rotated(sq):
    """The square a 180° turn of the board puts ``sq`` on."""
    return SIZE * SIZE - 1 - sq


def _orthogonal(sq):
    f, r = sq % SIZE, sq // SIZE
    out = []
    if r > 0:
        out.append(sq - SIZE)
    if f > 0:
        out.append(sq - 1)
    if f < SIZE - 1:
        out.append(sq + 1)
    if r < SIZE - 1:
        out.append(sq + SIZE)
    return tuple(out)


def _around(sq):
    f, r = sq % SIZE, sq // SIZE
    return tuple(
        (r + dr) * SIZE + f + df
        for dr in (-1, 0, 1)
        for df in (-1, 0, 1)
        if (dr or df) and 0 <= f + df < SIZE and 0 <= r + dr < SIZE
    )


ORTHOGONAL = tuple(_orthogonal(sq) for sq in SQUARES)
"""The up-to-4 squares one step up, down, left or right of each square."""

AROUND = tuple(_around(sq) for sq in SQUARES)
"""The up-to-8 squares around each square: where a Spy unmasks."""

SETUP_SQUARES = {
    side: tuple(sq for sq in SQUARES if rank_of(sq) in ranks) for side, ranks in SETUP_RANKS.items()
}
NEUTRAL_SQUARES = tuple(sq for sq in SQUARES if rank_of(sq) in NEUTRAL_RANKS)


def side_index(side):
    """0 for ``"red"``, 1 for ``"blue"``; ValueError for anything else."""
    try:
        return SIDES.index(side)
    except ValueError:
        raise ValueError(f"{side!r} is not a side: use 'red' or 'blue'") from None
