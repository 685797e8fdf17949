"""Piece kinds as small integers and kind sets as bit masks, for fast bot code."""

from ..pieces import ARMY, ATTACKER_WINS, KINDS, MOVABLE

LETTERS = tuple(KINDS)  # "CLKOGSEMH": code i is LETTERS[i]
CODE = {letter: i for i, letter in enumerate(LETTERS)}
CORPORAL, LIEUTENANT, CAPTAIN, COLONEL, GENERAL, SPY, SAPPER, MINE, HEADQUARTERS = range(9)
COUNT = tuple(ARMY[letter] for letter in LETTERS)

ALL = (1 << len(LETTERS)) - 1
MOVABLE_MASK = sum(1 << CODE[letter] for letter in MOVABLE)
IS_MOVABLE = tuple(letter in MOVABLE for letter in LETTERS)

WINS = tuple(tuple(ATTACKER_WINS[a, d] if IS_MOVABLE[CODE[a]] else False for d in LETTERS) for a in LETTERS)
"""WINS[attacker][defender]: True if the attacker wins (codes)."""


def mask_of(codes):
    out = 0
    for code in codes:
        out |= 1 << code
    return out


def codes_in(mask):
    return [i for i in range(len(LETTERS)) if mask >> i & 1]


def beaten_by(attacker):
    """The defenders ``attacker`` wins against, as a mask."""
    return mask_of(d for d in range(len(LETTERS)) if WINS[attacker][d])


def beating(defender):
    """The attackers that win against ``defender``, as a mask."""
    return mask_of(a for a in range(len(LETTERS)) if WINS[a][defender])
