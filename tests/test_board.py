"""Squares, their names and canonical order, adjacency (SPEC §1, §6)."""

import pytest
from helpers import sq as ref_sq

from espionage import parse_square, square_name
from espionage.board import (
    AROUND,
    BLUE,
    NEUTRAL_SQUARES,
    ORTHOGONAL,
    RED,
    SETUP_SQUARES,
    file_of,
    rank_of,
    rotated,
    side_index,
)

ALL_NAMES = [f + str(r) for r in range(1, 11) for f in "abcdefghij"]


def test_names_in_canonical_order():
    assert [square_name(s) for s in range(100)] == ALL_NAMES
    assert sorted(ALL_NAMES, key=parse_square) == ALL_NAMES


@pytest.mark.parametrize("name", ALL_NAMES)
def test_parse_round_trip(name):
    s = parse_square(name)
    assert s == ref_sq(name)
    assert square_name(s) == name
    assert "abcdefghij"[file_of(s)] + str(rank_of(s)) == name


@pytest.mark.parametrize(
    "bad", ["k1", "a0", "a11", "A1", "e", "4e", "", " e4", "e4 ", "e04", None, 5]
)
def test_bad_square_names(bad):
    with pytest.raises(ValueError, match="not a square"):
        parse_square(bad)


def test_orthogonal_neighbours():
    assert sorted(square_name(s) for s in ORTHOGONAL[parse_square("e5")]) == [
        "d5",
        "e4",
        "e6",
        "f5",
    ]
    assert sorted(square_name(s) for s in ORTHOGONAL[parse_square("a1")]) == [
        "a2",
        "b1",
    ]
    assert sorted(square_name(s) for s in ORTHOGONAL[parse_square("j10")]) == [
        "i10",
        "j9",
    ]
    assert sorted(square_name(s) for s in ORTHOGONAL[parse_square("j5")]) == [
        "i5",
        "j4",
        "j6",
    ]
    # no wrap-around between the j-file and the a-file of the next rank
    assert parse_square("a2") not in ORTHOGONAL[parse_square("j1")]
    for s in range(100):
        for n in ORTHOGONAL[s]:
            assert abs(file_of(s) - file_of(n)) + abs(rank_of(s) - rank_of(n)) == 1
            assert s in ORTHOGONAL[n]
    assert sum(len(n) for n in ORTHOGONAL) == 2 * (2 * 10 * 9)


def test_squares_around():
    assert sorted(square_name(s) for s in AROUND[parse_square("a1")]) == [
        "a2",
        "b1",
        "b2",
    ]
    assert len(AROUND[parse_square("e5")]) == 8
    assert len(AROUND[parse_square("e1")]) == 5
    for s in range(100):
        for n in AROUND[s]:
            assert max(abs(file_of(s) - file_of(n)), abs(rank_of(s) - rank_of(n))) == 1


def test_zones():
    assert [square_name(s) for s in SETUP_SQUARES[RED]] == ALL_NAMES[:30]
    assert [square_name(s) for s in SETUP_SQUARES[BLUE]] == ALL_NAMES[70:]
    assert [square_name(s) for s in NEUTRAL_SQUARES] == ALL_NAMES[30:70]


def test_rotation():
    assert square_name(rotated(parse_square("a7"))) == "j4"
    assert square_name(rotated(parse_square("f6"))) == "e5"
    assert all(rotated(rotated(s)) == s for s in range(100))


def test_side_index():
    assert side_index("red") == 0 and side_index("blue") == 1
    with pytest.raises(ValueError, match="not a side"):
        side_index("green")
