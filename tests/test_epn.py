"""EPN, Espionage Position Notation (SPEC §6)."""

import pytest
from helpers import epn

from espionage import EPNError, Game, parse_square
from espionage.epn import parse_epn

START = "cmmokcshlc/sgkgsslees/ockmlceelm/V9/V4V4/4V4V/9V/SMSKCSMCCS/SLGEEHOMEL/LEMKCKLGOC r - - - - 0 1"
MID = "h9/9c/10/10/4E5/10/10/10/10/H8C r e5-e6 - j10-j9 - 4 12"


@pytest.mark.parametrize("line", [START, MID])
def test_spec_examples_round_trip(line):
    game = Game.from_position(line)
    assert game.position() == line
    assert Game.from_position(game.position()).position() == line
    assert game.outcome is None


def test_start_example_from_setups():
    red = "LEMKCKLGOC" + "SLGEEHOMEL" + "SMSKCSMCCS"
    blue = ("ockmlceelm" + "sgkgsslees" + "cmmokcshlc").upper()
    volcanoes = {parse_square(n) for n in ("a7", "j4", "a6", "j5", "f6", "e5")}
    game = Game(red, blue, volcanoes)
    assert game.position() == START
    assert game.turn == "red" and game.turn_number == 1 and game.first_move is None


def test_mid_example_fields():
    pos = parse_epn(MID)
    assert pos.side == 0
    assert str(pos.first_move) == "e5-e6"
    assert pos.no_return[0] == () and [str(m) for m in pos.no_return[1]] == ["j10-j9"]
    assert pos.unmasked == frozenset() and pos.quiet == 4 and pos.turn == 12
    assert (
        pos.letters[parse_square("a10")] == "h"
        and pos.letters[parse_square("e6")] == "E"
    )
    game = Game.from_position(MID)
    assert game.first_move is not None and str(game.first_move) == "e5-e6"
    # the Sapper on e6 made the first move: only the Corporal on j1 may move now
    assert sorted(str(m) for m in game.legal_moves()) == ["j1-i1", "j1-j2"]


def test_canonical_output_from_lists_out_of_order():
    # SPEC §7 reads "any legal EPN" and writes the canonical one: lists in any order are
    # read and written back in canonical order (everything else must be exact)
    messy = "h9/9c/10/10/4E5/10/1E8/10/10/H8C b - e5-e6,b3-b4 - j1,e6,a10 3 2"
    game = Game.from_position(messy)
    assert game.position() == "h9/9c/10/10/4E5/10/1E8/10/10/H8C b - b3-b4,e5-e6 - j1,e6,a10 3 2"


def test_canonical_square_list_order():
    game = Game.from_position(
        epn({"b2": "C", "a3": "C", "j1": "C", "c9": "c"}, unmasked="c9,a3,j1,b2")
    )
    assert game.position().split(" ")[5] == "j1,b2,a3,c9"


def test_canonical_move_list_order_is_by_destination():
    line = epn({"b2": "C", "a3": "C", "c9": "c"}, red_nr="a2-a3,b1-b2")
    assert Game.from_position(line).position().split(" ")[3] == "b1-b2,a2-a3"


# SPEC §6 gives one way to write a position: "one line of 8 fields separated by
# single spaces", numbers written as they are counted, no square listed twice.
# Anything else is refused, naming the field, not rewritten into another line.
@pytest.mark.parametrize(
    "line,field",
    [
        (MID.replace(" ", "  ", 1), "field 2"),  # doubled space: an empty field
        (MID.replace(" ", "\t", 1), "field 1"),
        (MID + "\n", "field 8"),
        (MID + " ", "field 9"),
        (" " + MID, "field 1"),
        (MID.replace("h9/", "h09/"), "field 1"),  # a leading zero in a run
        (MID.replace("4E5", "04E5"), "field 1"),
        (MID.replace("h9/", "h\u0669/"), "field 1"),  # Arabic-Indic nine
        (MID.replace("h9/", "h\u00b9\u2078/"), "field 1"),  # superscript digits
        (MID.replace(" 4 12", " 04 12"), "field 7"),
        (MID.replace(" 4 12", " \u0664 12"), "field 7"),
        (MID.replace(" 4 12", " \u00b2 12"), "field 7"),
        (MID.replace(" 4 12", " 00 12"), "field 7"),
        (MID.replace(" 4 12", " 4 012"), "field 8"),
        (MID.replace(" 4 12", " 4 \u0661\u0662"), "field 8"),
        (epn({"b1": "C", "j1": "C"}, unmasked="b1,b1"), "field 6"),  # twice
    ],
)
def test_non_canonical_text_is_refused(line, field):
    with pytest.raises(EPNError, match=field) as e:
        parse_epn(line)
    assert type(e.value.__cause__) is not ValueError
    with pytest.raises(EPNError, match=field):
        Game.from_position(line)


@pytest.mark.parametrize(
    "line,field",
    [
        (MID.replace("e5-e6", "a1-j10"), "field 3"),  # a move goes one square
        (MID.replace("e5-e6", "e6-e6"), "field 3"),
        (MID.replace("e5-e6", "e4-e6"), "field 3"),
        (MID.replace("e5-e6 -", "e5-e6 a1-c3"), "field 4"),
        (MID.replace("e5-e6 -", "e5-e6 j1-i1,j1-i1"), "field 4"),  # the same move twice
        (MID.replace("e5-e6 -", "e5-e6 j2-j1,i1-h1,a2-a1"), "field 4"),  # a turn has two moves
        (MID.replace("j10-j9", "i9-j9,j10-j9"), "field 5"),  # two pieces on one square
    ],
)
def test_malformed_move_fields_are_refused(line, field):
    with pytest.raises(EPNError, match=field):
        parse_epn(line)
    with pytest.raises(EPNError, match=field):
        Game.from_position(line)


def test_single_move_game_has_one_no_return_entry():
    line = epn({"b2": "C", "a3": "C", "c9": "c"}, red_nr="b1-b2,a2-a3")
    assert Game.from_position(line).position() == line
    with pytest.raises(EPNError, match="field 4"):
        Game.from_position(line, moves_per_turn=1)
    one = epn({"b2": "C", "a3": "C", "c9": "c"}, red_nr="b1-b2")
    assert Game.from_position(one, moves_per_turn=1).position() == one


def test_board_written_with_longest_empty_runs():
    pieces = {
        "b1": "C",
        "j1": "C",
        "a5": "E",
        "j5": "e",
        "e10": "h",
        "i7": "c",
        "c4": "V",
        "h7": "V",
    }
    assert Game.from_position(epn(pieces | {"a1": "H"}, hq=False)).position().split(
        " "
    )[0] == ("4h5/10/10/7Vc1/10/E8e/2V7/10/10/HC7C")


@pytest.mark.parametrize(
    "line,field",
    [
        ("h9/9c/10/10/4E5/10/10/10/H8C r - - - - 0 1", "field 1"),  # 9 ranks
        ("h9/9c/10/10/4X5/10/10/10/10/H8C r - - - - 0 1", "field 1"),  # bad letter
        ("h9/9c/10/10/4E4/10/10/10/10/H8C r - - - - 0 1", "field 1"),  # rank too short
        ("h9/9c/10/10/4E6/10/10/10/10/H8C r - - - - 0 1", "field 1"),  # rank too long
        ("h9/9c/10/10/0E9/10/10/10/10/H8C r - - - - 0 1", "field 1"),  # empty run of 0
        ("h9/9c/10/10/4E5/10/10/10/10/H8C x - - - - 0 1", "field 2"),
        ("h9/9c/10/10/4E5/10/10/10/10/H8C r e5e6 - - - 0 1", "field 3"),
        ("h9/9c/10/10/4E5/10/10/10/10/H8C r - e5-z6 - - 0 1", "field 4"),
        ("h9/9c/10/10/4E5/10/10/10/10/H8C r - - j10+j9 - 0 1", "field 5"),
        ("h9/9c/10/10/4E5/10/10/10/10/H8C r - - - e11 0 1", "field 6"),
        ("h9/9c/10/10/4E5/10/10/10/10/H8C r - - - - -1 1", "field 7"),
        ("h9/9c/10/10/4E5/10/10/10/10/H8C r - - - - x 1", "field 7"),
        ("h9/9c/10/10/4E5/10/10/10/10/H8C r - - - - 0 0", "field 8"),
        ("h9/9c/10/10/4E5/10/10/10/10/H8C r - - - - 0 1.5", "field 8"),
    ],
)
def test_malformed_field_is_named(line, field):
    with pytest.raises(EPNError) as e:
        parse_epn(line)
    assert field in str(e.value)
    with pytest.raises(ValueError):
        Game.from_position(line)


@pytest.mark.parametrize(
    "line", ["", "h9/9c/10/10/4E5/10/10/10/10/H8C r - - - - 0", START + " x", None]
)
def test_wrong_number_of_fields(line):
    with pytest.raises(EPNError, match="8 fields|line of text"):
        parse_epn(line)


def test_game_needs_every_kind():
    with pytest.raises(EPNError, match="e6.*'\\?'"):
        Game.from_position("h9/9c/10/10/4?5/10/10/10/10/H8C r - - - - 0 1")


def test_too_many_of_a_kind():
    with pytest.raises(EPNError, match="Blue has more than 1 Headquarters"):
        Game.from_position("hh8/9c/10/10/4E5/10/10/10/10/H8C r - - - - 0 1")


def test_unmasked_empty_square_rejected():
    with pytest.raises(EPNError, match="field 6.*e7"):
        Game.from_position("h9/9c/10/10/4E5/10/10/10/10/H8C r - - - e7 0 1")


def test_view_question_mark_parses():
    pos = parse_epn("h9/9?/10/10/4E5/10/10/10/10/H8C r - - - - 0 1")
    assert pos.letters[parse_square("j9")] == "?"


# -- positions that cannot be: refused, not kept as a game no rule leads to --------


@pytest.mark.parametrize(
    "board",
    [
        "VVVVVVVVVV/VVVVVVVVVV/h9/9c/4E5/10/10/10/10/H8C",  # 20, outside the neutral zone
        "h9/9c/10/10/4E5/10/10/2V7/10/H8C",  # c3 is a setup square
        "h9/9c/2V7/10/4E5/10/10/7V2/10/H8C",  # c8 and h3: a pair, but not in the neutral zone
        "h9/9c/VVVVVV4/10/10/4VVVVVV/10/10/10/H8C",  # 12: at most 10
    ],
)
def test_volcanoes_are_where_a_game_has_them(board):
    # SPEC §1: at most 10, on neutral-zone squares
    with pytest.raises(EPNError, match="field 1.*volcano"):
        Game.from_position(board + " r - - - - 0 1")


def test_neither_headquarters():
    with pytest.raises(EPNError, match="field 1.*Headquarters"):
        Game.from_position("10/9c/10/10/4E5/10/10/10/10/9C r - - - - 4 12")


def test_captured_headquarters_ends_the_capturers_turn_unfinished():
    # Red took Blue's Headquarters with its first move: the game is over, still in Red's turn
    line = "E9/9c/10/10/10/10/10/10/10/H8C r - - j10-j9 - 0 12"
    game = Game.from_position(line)
    assert game.position() == line
    assert game.outcome.winner == "red" and game.outcome.reason == "headquarters"
    with pytest.raises(EPNError, match="field 2"):
        Game.from_position(line.replace(" r ", " b "))


def test_neither_side_can_move_a_piece():
    with pytest.raises(EPNError, match="field 1.*moves"):
        Game.from_position("h9/9m/10/10/10/10/10/10/10/H8M r - - - - 4 12")


@pytest.mark.parametrize(
    "line,field",
    [
        ("h8c/10/10/10/6E3/10/10/10/10/H8C r e5-e6 - - - 4 12", "field 3"),  # nothing on e6
        ("h8c/10/10/10/4E5/4C5/10/10/10/H8C r e5-e6 - - - 4 12", "field 3"),  # e5 not left
        ("h8c/10/10/10/4M5/10/10/10/10/H8C r e5-e6 - - - 4 12", "field 3"),  # a Mine moved
        ("h8c/10/10/10/4s5/10/10/10/10/H8C r e5-e6 - - - 0 12", "field 3"),  # a Spy beat an attacker
        ("h8c/10/10/10/4k5/10/10/10/10/H8C r e5-e6 - - - 4 12", "field 7"),  # a fight, yet quiet
        ("h8c/10/10/10/4E5/10/10/10/10/H9 r e5-e6 - - - 4 12", "field 3"),  # no second move: the turn ended
        ("h9/9c/10/10/4E5/10/10/10/10/H8C r e5-e6 i1-i2 j10-j9 - 4 12", "field 4"),  # nothing on i2
        ("h9/9c/10/10/4E5/10/10/10/10/H8C r e5-e6 - i9-j9 - 4 12", "field 5"),  # ok: c on j9
        ("h9/9c/10/10/4E5/10/10/10/10/H8C r e5-e6 - a9-a10 - 4 12", "field 5"),  # a Headquarters moved
        ("h9/9c/10/10/4E5/10/10/10/10/H8C r e5-e6 - j10-j9 e6 4 12", ""),
    ],
)
def test_mid_turn_and_no_return_positions_that_can_be(line, field):
    if (field == "field 5" and "i9-j9" in line) or not field:
        assert Game.from_position(line).position() == line
        return
    with pytest.raises(EPNError, match=field):
        Game.from_position(line)


def test_a_lost_first_attack_leaves_the_defender():
    line = "h8c/10/10/10/4k5/10/10/10/10/H8C r e5-e6 - - - 0 12"
    game = Game.from_position(line)
    assert game.position() == line and [str(m) for m in game.legal_moves()] == ["j1-i1", "j1-j2"]


def test_no_return_entries_stay_through_the_end():
    # SPEC §5: the move that ends the game leaves fields 4 and 5 as they were
    line = "C9/10/10/10/10/10/10/10/9c/H9 r - a8-a9 - - 0 5"  # a9-a10 took the Headquarters
    game = Game.from_position(line)
    assert game.position() == line and game.outcome.reason == "headquarters"
