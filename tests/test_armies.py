"""Sensible setups: always legal, a guarded Headquarters on the back two rows, varied."""

import random
from collections import Counter

import pytest

from espionage import Setup
from espionage.armies import sensible_setup
from espionage.board import AROUND, ORTHOGONAL, rank_of
from espionage.pieces import ARMY

BACK_RANKS = {"red": (1, 2), "blue": (9, 10)}


def many(side, n=300, seed=0):
    rng = random.Random(seed)
    return [sensible_setup(side, rng) for _ in range(n)]


def headquarters(setup):
    return next(sq for sq, kind in setup.items() if kind == "H")


@pytest.mark.parametrize("side", ["red", "blue"])
def test_always_a_legal_army_with_the_headquarters_on_the_back_two_rows(side):
    for setup in many(side):
        assert isinstance(setup, Setup)
        Setup.from_str(side, str(setup))  # validates counts and squares again
        assert Counter(kind for _, kind in setup.items()) == Counter(ARMY)
        assert rank_of(headquarters(setup)) in BACK_RANKS[side]


@pytest.mark.parametrize("side", ["red", "blue"])
def test_the_headquarters_is_usually_guarded_with_mines_near_it(side):
    setups = many(side)
    kinds = [dict(s.items()) for s in setups]
    walled = 0
    mines_near = 0
    for setup, board in zip(setups, kinds, strict=True):
        hq = headquarters(setup)
        guards = [board[n] for n in ORTHOGONAL[hq] if n in board]
        if guards and all(g in "MOGK" for g in guards):
            walled += 1
        mines_near += sum(board.get(n) == "M" for n in AROUND[hq])
    assert walled / len(setups) > 0.9
    assert mines_near / len(setups) >= 2


@pytest.mark.parametrize("side", ["red", "blue"])
def test_spies_and_sappers_are_spread_over_the_wings(side):
    for setup in many(side, 100):
        for kind in "SE":
            files = {sq % 10 for sq, k in setup.items() if k == kind}
            assert max(files) - min(files) >= 4, (kind, str(setup))


def test_setups_vary_from_game_to_game():
    setups = many("red", 300, seed=9)
    assert len({str(s) for s in setups}) == 300
    hq_squares = Counter(headquarters(s) for s in setups)
    assert len(hq_squares) >= 15
    assert max(hq_squares.values()) < 0.15 * len(setups)
    # The same seed gives the same army.
    assert sensible_setup("blue", random.Random(3)) == sensible_setup("blue", random.Random(3))
