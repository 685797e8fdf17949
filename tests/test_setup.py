"""Setups and volcanoes (SPEC §1)."""

import random
from collections import Counter

import pytest

from espionage import Game, Setup, SetupError, Variant, random_volcanoes
from espionage.board import (
    ORTHOGONAL,
    SETUP_SQUARES,
    parse_square,
    rotated,
    square_name,
)
from espionage.setup import validate_volcanoes

GOOD = "CCCCCLLLLKKKOOGGSSSSSEEEEMMMMH"
ARMY = {"C": 5, "L": 4, "K": 3, "O": 2, "G": 2, "S": 5, "E": 4, "M": 4, "H": 1}


def test_good_setup_round_trips():
    assert sorted(GOOD) == sorted(k for k, n in ARMY.items() for _ in range(n))
    for side in ("red", "blue"):
        s = Setup.from_str(side, GOOD)
        assert str(s) == GOOD
        assert Setup.from_str(side, GOOD.lower()) == s


def test_setup_squares_in_order():
    red = Setup.from_str("red", GOOD)
    assert (
        red.kind_at(parse_square("a1")) == "C"
        and red.kind_at(parse_square("j3")) == "H"
    )
    blue = Setup.from_str("blue", GOOD)
    assert (
        blue.kind_at(parse_square("a8")) == "C"
        and blue.kind_at(parse_square("j10")) == "H"
    )


def test_too_many_of_one_kind_too_few_of_another():
    with pytest.raises(SetupError) as e:
        Setup.from_str(
            "red", "C" + GOOD[1:5] + "C" + GOOD[6:]
        )  # a Lieutenant became a Corporal
    msg = str(e.value)
    assert (
        "Red" in msg
        and "6 Corporals instead of 5" in msg
        and "3 Lieutenants instead of 4" in msg
    )
    assert "Captain" not in msg


def test_missing_headquarters_named():
    with pytest.raises(SetupError, match="0 Headquarters instead of 1") as e:
        Setup.from_str("blue", GOOD[:-1] + "C")
    assert "Blue" in str(e.value)


def test_wrong_length():
    with pytest.raises(SetupError, match="30 letters.*29"):
        Setup.from_str("red", GOOD[:-1])


def test_bad_letter_named_with_square():
    with pytest.raises(SetupError) as e:
        Setup.from_str("red", GOOD[:3] + "X" + GOOD[4:])
    assert (
        "'X'" in str(e.value)
        and "d1" in str(e.value)
        and "not a piece letter" in str(e.value)
    )
    with pytest.raises(SetupError, match="'V'"):
        Setup.from_str("blue", "V" + GOOD[1:])


def test_outside_zone_named():
    kinds = dict(zip(SETUP_SQUARES[0], GOOD))
    del kinds[parse_square("e2")]
    kinds[parse_square("e4")] = "L"
    with pytest.raises(SetupError, match="e4 is outside Red's setup zone"):
        Setup("red", kinds)
    blue = dict(zip(SETUP_SQUARES[0], GOOD))
    with pytest.raises(SetupError, match="a1 is outside Blue's setup zone"):
        Setup("blue", blue)


def test_random_setups_are_valid():
    rng = random.Random(5)
    seen = set()
    for _ in range(50):
        for side in ("red", "blue"):
            s = Setup.random(side, rng)
            assert Counter(str(s)) == ARMY
            assert sorted(sq for sq, _ in s.items()) == list(
                SETUP_SQUARES[0 if side == "red" else 1]
            )
            Setup.from_str(side, str(s))  # valid again
            seen.add(str(s))
    assert len(seen) == 100  # random, not a fixed layout


def _connected(volcanoes):
    free = [s for s in range(100) if s not in volcanoes]
    seen, todo = {free[0]}, [free[0]]
    while todo:
        for n in ORTHOGONAL[todo.pop()]:
            if n not in volcanoes and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(free)


@pytest.mark.parametrize("count", [0, 2, 4, 6, 8, 10])
def test_random_volcanoes(count):
    rng = random.Random(count)
    draws = set()
    for _ in range(60):
        v = random_volcanoes(count, rng)
        assert len(v) == count
        assert all(4 <= int(square_name(s)[1:]) <= 7 for s in v)
        assert {rotated(s) for s in v} == set(v)
        assert _connected(v)
        validate_volcanoes(v)
        draws.add(frozenset(v))
    assert len(draws) > (1 if count else 0)


def test_default_six_volcanoes():
    assert len(random_volcanoes(rng=random.Random(1))) == 6
    assert len(Game.random(rng=random.Random(2)).volcanoes) == 6


@pytest.mark.parametrize("count", [-2, 1, 5, 12])
def test_random_volcanoes_bad_count(count):
    with pytest.raises(SetupError, match="even number from 0 to 10"):
        random_volcanoes(count, random.Random(0))


def _squares(*names):
    return {parse_square(n) for n in names}


def test_validate_volcanoes_accepts_spec_example():
    assert validate_volcanoes(_squares("a7", "j4", "a6", "j5", "f6", "e5")) == _squares(
        "a7", "j4", "a6", "j5", "f6", "e5"
    )


def test_validate_volcanoes_outside_neutral_zone():
    with pytest.raises(SetupError, match="volcano a3 is outside the neutral zone"):
        validate_volcanoes(_squares("a3", "j8"))


def test_validate_volcanoes_unpaired():
    with pytest.raises(SetupError, match="volcano e5 has no partner on f6"):
        validate_volcanoes(_squares("e5"))


def test_validate_volcanoes_wall_cuts_board():
    wall = _squares("a5", "b5", "c5", "d5", "e5", "f6", "g6", "h6", "i6", "j6")
    assert {rotated(s) for s in wall} == wall
    with pytest.raises(SetupError, match="cut the board"):
        validate_volcanoes(wall)


def test_validate_volcanoes_enclosed_square():
    ring = _squares("a4", "b5", "a6", "j7", "i6", "j5")  # a5 and j6 are walled in
    with pytest.raises(SetupError, match="cut the board"):
        validate_volcanoes(ring)


def test_game_rejects_bad_volcanoes():
    with pytest.raises(SetupError):
        Game(GOOD, GOOD, _squares("e5"))


@pytest.mark.parametrize("moves, volcanoes", [(2.0, 6), (True, 6), ("2", 6), (2, 4.0), (2, True), (3, 6), (2, 5)])
def test_a_variant_is_made_of_whole_numbers_only(moves, volcanoes):
    """A count read from stored JSON as 4.0 or true passed for a number and broke Start later."""
    with pytest.raises(ValueError):
        Variant(moves, volcanoes)
