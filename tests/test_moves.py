"""Moves written ``from-to`` (SPEC §6)."""

import pytest

from espionage import Move, parse_square


def test_round_trip_every_step():
    from espionage.board import ORTHOGONAL

    for a in range(100):
        for b in ORTHOGONAL[a]:
            m = Move(a, b)
            text = str(m)
            assert Move.from_str(text) == m
            assert str(Move.from_str(text)) == text


def test_fields_and_text():
    m = Move.from_str("e3-e4")
    assert (m.from_square, m.to_square) == (parse_square("e3"), parse_square("e4"))
    assert str(m) == "e3-e4"
    assert str(Move.from_str("j9-j10")) == "j9-j10"
    assert str(Move.from_str("a10-b10")) == "a10-b10"


def test_equality_and_hash():
    assert Move.from_str("e3-e4") == Move(parse_square("e3"), parse_square("e4"))
    assert Move.from_str("e3-e4") != Move.from_str("e4-e3")
    assert (
        len({Move.from_str("e3-e4"), Move(parse_square("e3"), parse_square("e4"))}) == 1
    )
    assert Move.from_str("e3-e4") != "e3-e4"


def test_immutable():
    m = Move.from_str("e3-e4")
    with pytest.raises(AttributeError):
        m.to_square = 5


def test_order_is_by_destination_then_origin():
    moves = [Move.from_str(t) for t in ("b2-b3", "a4-a3", "a2-a3", "j9-j10", "e1-e2")]
    assert [str(m) for m in sorted(moves)] == [
        "e1-e2",
        "a2-a3",
        "a4-a3",
        "b2-b3",
        "j9-j10",
    ]


def test_from_str_accepts_a_move():
    m = Move.from_str("e3-e4")
    assert Move.from_str(m) is m


@pytest.mark.parametrize(
    "bad",
    [
        "e3e4",
        "e3-",
        "-e4",
        "e3-e4-e5",
        "e3–e4",
        "k3-k4",
        "e0-e1",
        "",
        "e3_e4",
        None,
        34,
    ],
)
def test_malformed_moves(bad):
    with pytest.raises(ValueError, match="not a move|not a square"):
        Move.from_str(bad)


def test_error_message_names_the_bad_text():
    with pytest.raises(ValueError) as e:
        Move.from_str("z9-e4")
    assert "z9" in str(e.value)
    with pytest.raises(ValueError) as e:
        Move.from_str("e3e4")
    assert "e3e4" in str(e.value) and "e3-e4" in str(e.value)


@pytest.mark.parametrize("bad", [["e3-e4"], {"e3": "e4"}, ("e3", "e4"), b"e3-e4", None, 3.5])
def test_not_a_move_is_refused_plainly(bad):
    from espionage import Game, IllegalMove

    with pytest.raises(ValueError, match="not a move"):
        Move.from_str(bad)
    game = Game.from_position("h9/9c/10/10/10/10/10/10/4C5/H9 r - - - - 0 1")
    with pytest.raises(IllegalMove, match="not a move") as e:
        game.play(bad)
    assert e.value.code == "not-a-move"
    assert not game.is_legal(bad)
