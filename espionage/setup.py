"""Armies placed on their setup zones, and volcanoes drawn for a new game."""

import random as _random
from collections import Counter

from .board import (
    NEUTRAL_SQUARES,
    ORTHOGONAL,
    RED,
    SETUP_SQUARES,
    SIDES,
    SQUARES,
    parse_square,
    rotated,
    side_index,
    square_name,
)
from .pieces import ARMY, ARMY_SIZE, KINDS


class SetupError(ValueError):
    """A setup or a volcano list that breaks the rules; the message says how."""


class Setup:
    """One side's 30 pieces on its 30 setup squares.

    Written as 30 upper-case letters, one for each setup square in canonical
    order (Red: a1..j3; Blue: a8..j10), e.g. ``str(setup)``.
    """

    __slots__ = ("_kinds", "side")

    def __init__(self, side, kinds_by_square):
        self.side = side_index(side) if isinstance(side, str) else side
        self._kinds = dict(kinds_by_square)
        self.validate()

    @classmethod
    def from_str(cls, side, text):
        text = text.strip().upper()
        squares = SETUP_SQUARES[side_index(side) if isinstance(side, str) else side]
        if len(text) != len(squares):
            raise SetupError(f"a setup has {len(squares)} letters, one per setup square; this one has {len(text)}")
        return cls(side, zip(squares, text))

    @classmethod
    def random(cls, side, rng=None):
        rng = rng or _random.Random()
        letters = [letter for letter, count in ARMY.items() for _ in range(count)]
        rng.shuffle(letters)
        return cls(side, zip(SETUP_SQUARES[side_index(side) if isinstance(side, str) else side], letters))

    def validate(self):
        zone = set(SETUP_SQUARES[self.side])
        side_name = SIDES[self.side].capitalize()
        for sq, kind in self._kinds.items():
            if sq not in zone:
                raise SetupError(f"{square_name(sq)} is outside {side_name}'s setup zone")
            if kind not in KINDS:
                raise SetupError(f"{kind!r} on {square_name(sq)} is not a piece letter")
        counts = Counter(self._kinds.values())
        problems = []
        for letter, kind in KINDS.items():
            have, want = counts.get(letter, 0), ARMY[letter]
            if have != want:
                problems.append(f"{have} {kind.plural if have != 1 else kind.name} instead of {want}")
        if problems:
            raise SetupError(f"{side_name}'s army is wrong: " + ", ".join(problems))
        if len(self._kinds) != ARMY_SIZE:
            raise SetupError(f"{side_name} must fill all {ARMY_SIZE} setup squares")

    def items(self):
        return sorted(self._kinds.items())

    def kind_at(self, sq):
        return self._kinds.get(sq)

    def __str__(self):
        return "".join(self._kinds[sq] for sq in SETUP_SQUARES[self.side])

    def __eq__(self, other):
        return isinstance(other, Setup) and other.side == self.side and other._kinds == self._kinds

    def __hash__(self):
        return hash((self.side, str(self)))

    def __repr__(self):
        return f"Setup.from_str({SIDES[self.side]!r}, {str(self)!r})"


def all_connected(volcanoes):
    """True if every square that is not a volcano can reach every other."""
    free = [sq for sq in SQUARES if sq not in volcanoes]
    if not free:
        return True
    seen = {free[0]}
    frontier = [free[0]]
    while frontier:
        sq = frontier.pop()
        for nxt in ORTHOGONAL[sq]:
            if nxt not in seen and nxt not in volcanoes:
                seen.add(nxt)
                frontier.append(nxt)
    return len(seen) == len(free)


def validate_volcanoes(volcanoes):
    """Check a volcano set against SPEC §1; SetupError names what is wrong."""
    volcanoes = frozenset(volcanoes)
    neutral = set(NEUTRAL_SQUARES)
    for sq in sorted(volcanoes):
        if sq not in neutral:
            raise SetupError(f"volcano {square_name(sq)} is outside the neutral zone (ranks 4-7)")
        if rotated(sq) not in volcanoes:
            raise SetupError(f"volcano {square_name(sq)} has no partner on {square_name(rotated(sq))}")
    if len(volcanoes) > 10:
        raise SetupError("at most 10 volcanoes")
    if not all_connected(volcanoes):
        raise SetupError("the volcanoes cut the board: every free square must stay reachable")
    return volcanoes


def random_volcanoes(count=6, rng=None):
    """``count`` volcanoes in rotation-symmetric pairs that leave the board connected."""
    if not (0 <= count <= 10 and count % 2 == 0):
        raise SetupError("the number of volcanoes must be an even number from 0 to 10")
    rng = rng or _random.Random()
    pairs = sorted({min(sq, rotated(sq)) for sq in NEUTRAL_SQUARES})
    while True:
        chosen = rng.sample(pairs, count // 2)
        volcanoes = frozenset(chosen) | frozenset(rotated(sq) for sq in chosen)
        if all_connected(volcanoes):
            return volcanoes


def parse_squares(text):
    """Squares from ``"a7 j4"`` or ``"a7,j4"``; ``"-"`` or ``""`` is none."""
    text = text.replace(",", " ").strip()
    if text in ("", "-"):
        return frozenset()
    return frozenset(parse_square(name) for name in text.split())


def format_squares(squares, sep=","):
    return sep.join(square_name(sq) for sq in sorted(squares)) or "-"


__all__ = ["RED", "Setup", "SetupError", "random_volcanoes", "validate_volcanoes"]
