"""What each player may see (SPEC §4): views of the game."""

import re

import pytest
from helpers import epn, fields, sq

from espionage import Game
from espionage.pieces import KINDS
from ui.words import describe

NAMES = {k.name for k in KINDS.values()}


def kind_names(text):
    return {n for n in NAMES if re.search(rf"\b{n}\b", text)}


def test_view_epn_hides_exactly_unknown_enemy_kinds():
    line = epn(
        {"b2": "C", "c2": "M", "e5": "S", "d6": "c", "f6": "m", "h9": "s", "e9": "g"},
        unmasked="e5,d6,f6",
    )
    game = Game.from_position(line)
    assert game.view("red").position() == epn(
        {
            "b2": "C",
            "c2": "M",
            "e5": "S",
            "d6": "c",
            "f6": "m",
            "h9": "?",
            "e9": "?",
            "a10": "?",
        },
        unmasked="e5,d6,f6",
    )
    assert game.view("blue").position() == epn(
        {
            "b2": "?",
            "c2": "?",
            "e5": "S",
            "a1": "?",
            "d6": "c",
            "f6": "m",
            "h9": "s",
            "e9": "g",
        },
        unmasked="e5,d6,f6",
    )
    assert game.full_view().position() == line


def test_view_keeps_all_other_fields():
    line = "h9/9c/10/10/4E5/10/10/10/10/H8C r e5-e6 - j10-j9 - 4 12"
    game = Game.from_position(line)
    assert (
        game.view("red").position()
        == "?9/9?/10/10/4E5/10/10/10/10/H8C r e5-e6 - j10-j9 - 4 12"
    )
    assert (
        game.view("blue").position()
        == "h9/9c/10/10/4?5/10/10/10/10/?8? r e5-e6 - j10-j9 - 4 12"
    )


def test_own_unmasked_pieces_listed():
    game = Game.from_position(epn({"e3": "C", "g3": "C", "f5": "s", "h9": "c"}))
    game.play("e3-e4")  # next to Blue's Spy
    red = game.view("red")
    assert red.is_unmasked(sq("e4")) and fields(red.position())[5] == "e4"
    assert red.piece_at(sq("e4")) == "C"
    blue = game.view("blue")
    assert blue.piece_at(sq("e4")) == "C" and blue.piece_at(sq("g3")) == "?"


def test_removed_pieces_of_both_sides_are_public():
    game = Game.from_position(
        epn({"e5": "C", "e6": "g", "c5": "G", "c6": "l", "h9": "c", "j2": "C"})
    )
    before = {s: game.removed(s) for s in ("red", "blue")}
    game.play("e5-e6")  # Red's Corporal loses to the General
    game.play("c5-c6")  # Red's General takes the Lieutenant
    for viewer in ("red", "blue"):
        v = game.view(viewer)
        assert v.removed["red"] == before["red"] + ("C",)
        assert v.removed["blue"] == before["blue"] + ("L",)
        assert [e.removed for e in v.events] == [
            (("red", "C", sq("e5")),),
            (("blue", "L", sq("c6")),),
        ]


def _texts(game):
    """What each player reads about each move (the words are the interface's, from the view's events)."""
    return {side: [describe(e, i) for e in game.view(side).events] for i, side in enumerate(("red", "blue"))}


def test_event_texts_attacker_wins_hidden_survivor():
    game = Game.from_position(epn({"e5": "G", "e6": "c", "h9": "c", "j2": "C"}))
    game.play("e5-e6")
    t = _texts(game)
    assert kind_names(t["red"][0]) == {"General", "Corporal"}
    assert kind_names(t["blue"][0]) == {"Corporal"}  # the winning General stays hidden
    e = game.view("blue").events[0]
    assert e.kind is None and e.defender == "C" and e.attacker_won is True


def test_event_texts_attacker_loses_hidden_survivor():
    game = Game.from_position(epn({"e5": "C", "e6": "g", "h9": "c", "j2": "C"}))
    game.play("e5-e6")
    t = _texts(game)
    assert kind_names(t["red"][0]) == {"Corporal"}  # the surviving General stays hidden
    assert kind_names(t["blue"][0]) == {"General", "Corporal"}
    assert game.view("red").events[0].defender is None


def test_event_survivor_named_when_unmasked_by_the_move():
    game = Game.from_position(
        epn({"e5": "G", "e6": "c", "f7": "s", "h9": "c", "j2": "C"})
    )
    game.play("e5-e6")  # the General arrives next to Blue's Spy
    assert "General" in _texts(game)["blue"][0]


def test_attacker_beating_unmasked_defender_stays_hidden():
    # e6 was unmasked by Red's Spy; the masked General that takes it must not be named to Blue
    game = Game.from_position(
        epn({"j9": "c", "f6": "c", "e6": "c", "e5": "G", "d4": "S"})
    )
    game.play("d4-d5")
    game.play("e5-e6")
    assert fields(game.position())[5] == "-"
    blue = game.view("blue")
    assert blue.events[1].kind is None and blue.events[1].defender == "C"
    assert "General" not in describe(blue.events[1], 1)
    # and when Blue attacks that General and loses, Blue still does not learn it
    game.play("f6-e6")
    blue = game.view("blue")
    assert blue.events[2].defender is None and blue.events[2].attacker_won is False
    assert kind_names(describe(blue.events[2], 1)) == {"Corporal"}
    assert kind_names(describe(game.view("red").events[2], 0)) == {"Corporal", "General"}


def test_view_legal_moves_equal_game_legal_moves():
    line = epn(
        {"e3": "C", "g3": "C", "f5": "s", "h9": "c", "e4": "M", "d8": "m"},
        red_nr="e2-e3",
    )
    game = Game.from_position(line)
    for _ in range(3):
        side = game.turn
        assert game.view(side).legal_moves() == game.legal_moves()
        assert game.view("blue" if side == "red" else "red").legal_moves() == []
        game.play(game.legal_moves()[-1])


def test_view_has_no_game_reference():
    game = Game.from_position(epn({"e5": "G", "e6": "c", "h9": "c", "j2": "C"}))
    game.play("e5-e6")
    v = game.view("blue")
    assert not any(isinstance(x, Game) for x in vars(v).values())


@pytest.mark.parametrize("side", ["red", "blue"])
def test_view_of_bad_side(side):
    game = Game.from_position(epn({"e5": "G", "h9": "c"}))
    assert game.view(side).viewer == (0 if side == "red" else 1)
    with pytest.raises(ValueError):
        game.view("green")
