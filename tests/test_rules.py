"""The rules of SPEC §2, §4 and §5, played out on small positions and checked by EPN."""

import random

import pytest
from helpers import board_at, changed_fields, epn, fields, sq

from espionage import SINGLE_MOVE, EPNError, Game, IllegalMove, Outcome, Termination


def play(game, *moves):
    """Play moves one by one; return the EPN after each."""
    out = []
    for m in moves:
        game.play(m)
        out.append(game.position())
    return out


def legal(game):
    return sorted(str(m) for m in game.legal_moves())


def illegal(game, move, message):
    before = game.position()
    with pytest.raises(IllegalMove, match=message):
        game.play(move)
    assert game.position() == before
    assert not game.is_legal(move)
    assert move not in legal(game)


# -- turns ---------------------------------------------------------------------


def test_red_moves_first_two_moves_by_different_pieces():
    game = Game.random(rng=random.Random(1))
    assert game.turn == "red" and game.position().split(" ")[1:] == [
        "r",
        "-",
        "-",
        "-",
        "-",
        "0",
        "1",
    ]
    game = Game.from_position(epn({"e2": "C", "g2": "C", "e9": "c", "g9": "c"}))
    illegal(game, "e9-e8", "Blue's; it is Red's turn")
    assert play(game, "e2-e3") == [
        epn({"e3": "C", "g2": "C", "e9": "c", "g9": "c"}, first="e2-e3")
    ]
    assert legal(game) == ["g2-f2", "g2-g1", "g2-g3", "g2-h2"]
    illegal(game, "e3-e4", "that piece already moved this turn")
    assert play(game, "g2-g3") == [
        epn(
            {"e3": "C", "g3": "C", "e9": "c", "g9": "c"},
            side="b",
            red_nr="e2-e3,g2-g3",
            quiet=1,
        )
    ]
    assert game.turn == "blue"
    assert play(game, "g9-g8", "e9-e8")[-1] == epn(
        {"e3": "C", "g3": "C", "e8": "c", "g8": "c"},
        red_nr="e2-e3,g2-g3",
        blue_nr="e9-e8,g9-g8",
        quiet=2,
        turn=2,
    )


def test_mines_and_headquarters_never_move():
    game = Game.from_position(epn({"c2": "M", "e2": "C", "e9": "c"}))
    illegal(game, "c2-c3", "Mines never move")
    illegal(game, "a1-a2", "the Headquarters never moves")
    assert {m[:2] for m in legal(game)} == {"e2"}
    game = Game.from_position(epn({"c9": "m", "e2": "C", "e9": "c"}, side="b"))
    illegal(game, "c9-c8", "Mines never move")
    illegal(game, "a10-b10", "the Headquarters never moves")


def test_no_volcano_no_own_square_one_step():
    game = Game.from_position(
        epn({"e4": "C", "e3": "C", "e5": "V", "f6": "V", "e9": "c"})
    )
    illegal(game, "e4-e5", "volcano on e5")
    illegal(game, "e3-e4", "e4 holds one of your own pieces")
    illegal(game, "e3-e5", "one square up, down, left or right")
    illegal(game, "e4-f5", "one square up, down, left or right")
    illegal(game, "e4-e4", "one square")
    illegal(game, "e6-e7", "e6 is empty")
    illegal(game, "e5-e4", "e5 is a volcano")
    illegal(game, "e4-e9", "one square")
    illegal(game, "x4-e9", "not a square")
    assert legal(game) == ["e3-d3", "e3-e2", "e3-f3", "e4-d4", "e4-f4"]


def test_illegal_move_is_a_value_error():
    assert issubclass(IllegalMove, ValueError)
    game = Game.from_position(epn({"e2": "C", "e9": "c"}))
    with pytest.raises(ValueError):
        game.play("e2-e4")
    with pytest.raises(IllegalMove, match="not a move"):
        game.play("e2e3")


# -- no return -------------------------------------------------------------------

NR = {"e2": "C", "g2": "C", "c2": "C", "d2": "C", "e9": "c", "g9": "c"}


def test_no_return_for_one_turn():
    game = Game.from_position(epn(NR))
    play(game, "e2-e3", "g2-g3", "e9-e8", "g9-g8")
    assert fields(game.position())[3] == "e2-e3,g2-g3"
    illegal(game, "e3-e2", "no return to e2")
    illegal(game, "g3-g2", "no return to g2")
    assert "e3-e4" in legal(game) and "e3-d3" in legal(game) and "c2-c3" in legal(game)
    # the entry goes as soon as its piece moves on, mid-turn
    play(game, "e3-e4")
    assert fields(game.position())[3] == "g2-g3"
    illegal(game, "g3-g2", "no return")
    play(game, "g3-h3")
    assert fields(game.position())[3] == "g3-h3,e3-e4"  # ordered by destination
    play(game, "e8-e7", "g8-g7")
    # an entry lasts one turn only: after a turn by other pieces, returning is fine
    play(game, "c2-c3", "d2-d3")
    assert fields(game.position())[3] == "c2-c3,d2-d3"
    play(game, "e7-e6", "g7-g6")
    assert "e4-e3" in legal(game) and "h3-g3" in legal(game)
    illegal(game, "c3-c2", "no return")


def test_no_return_blue_and_its_own_list():
    game = Game.from_position(epn(NR))
    play(game, "e2-e3", "g2-g3", "e9-e8", "g9-g8", "c2-c3", "d2-d3")
    assert fields(game.position())[4] == "e9-e8,g9-g8"
    illegal(game, "e8-e9", "no return to e9")
    assert "g8-g9" not in legal(game)


def test_no_return_entry_goes_when_its_piece_is_removed():
    start = epn(
        {"e3": "C", "g3": "C", "e4": "g", "h9": "c"},
        side="b",
        red_nr="e2-e3,g2-g3",
        blue_nr="e5-e4",
    )
    game = Game.from_position(start)
    play(game, "e4-e3")  # the General takes the Corporal that came to e3 last turn
    assert board_at(game.position(), "e3") == "g"
    assert fields(game.position())[3:5] == [
        "g2-g3",
        "-",
    ]  # Red's entry removed, Blue's moved on
    play(game, "h9-h8")
    assert fields(game.position())[3:5] == ["g2-g3", "e4-e3,h9-h8"]


def test_no_return_entry_goes_when_attacker_loses():
    start = epn(
        {"e3": "C", "g3": "C", "e4": "m", "h9": "c"}, red_nr="e2-e3,g2-g3", side="r"
    )
    game = Game.from_position(start)
    play(game, "e3-e4")
    assert fields(game.position())[3] == "g2-g3"
    assert fields(game.position())[2] == "e3-e4"


def test_no_return_list_keeps_only_surviving_moves():
    # the first move attacks and loses: only the second move is remembered
    game = Game.from_position(epn({"e5": "C", "g2": "C", "e6": "g", "h9": "c"}))
    play(game, "e5-e6", "g2-g3")
    assert fields(game.position())[3] == "g2-g3"
    # the first move attacks and wins: both are remembered
    game = Game.from_position(epn({"e5": "G", "g2": "C", "e6": "c", "h9": "c"}))
    play(game, "e5-e6", "g2-g3")
    assert fields(game.position())[3] == "g2-g3,e5-e6"
    # the second move wins an attack: both are remembered, ordered by destination
    game = Game.from_position(epn({"e5": "C", "g2": "G", "g3": "c", "h9": "c"}))
    play(game, "e5-e4", "g2-g3")
    assert fields(game.position())[3] == "g2-g3,e5-e4"


def test_mid_turn_no_return_from_epn():
    game = Game.from_position(
        epn({"e4": "C", "g3": "C", "h9": "c"}, red_nr="e3-e4,g2-g3")
    )
    assert "e4-e3" not in legal(game) and "g3-g2" not in legal(game)
    assert "e4-e5" in legal(game)


# -- the second move and the attacked square --------------------------------


def test_second_move_may_not_enter_attacked_square():
    game = Game.from_position(
        epn({"e5": "K", "f6": "C", "e6": "g", "h9": "c", "b2": "C"})
    )
    play(game, "e5-e6")  # the Captain loses to the General
    assert board_at(game.position(), "e6") == "g"
    illegal(game, "f6-e6", "may not enter e6, which the first move attacked")
    assert "f6-f7" in legal(game) and "f6-e6" not in legal(game)
    # and when the attack won, e6 holds Red's own piece
    game = Game.from_position(
        epn({"e5": "G", "f6": "C", "e6": "c", "h9": "c", "b2": "C"})
    )
    play(game, "e5-e6")
    illegal(game, "f6-e6", "e6")


def test_turn_of_one_move_when_no_second_exists():
    # Red's only other movable piece is walled in
    start = epn({"a2": "C", "b2": "M", "a3": "M", "e2": "C", "h9": "c"})
    game = Game.from_position(start)
    event = game.play("e2-e3")
    assert event.ends_turn
    assert game.position() == epn(
        {"a2": "C", "b2": "M", "a3": "M", "e3": "C", "h9": "c"},
        side="b",
        red_nr="e2-e3",
        quiet=1,
    )


def test_turn_of_one_move_when_only_second_move_would_enter_attacked_square():
    pieces = {
        "d5": "K",
        "d6": "g",
        "c6": "C",
        "b6": "M",
        "c7": "M",
        "c5": "M",
        "h9": "c",
    }
    game = Game.from_position(epn(pieces))
    game.play_turn(
        "d5-d6"
    )  # the Captain loses; the Corporal's only step would enter d6
    after = dict(pieces)
    del after["d5"]
    assert game.position() == epn(after, side="b", quiet=1)


def test_turn_of_one_move_when_only_second_move_is_a_return():
    pieces = {"a2": "C", "b2": "M", "e2": "C", "h9": "c"}
    game = Game.from_position(epn(pieces, red_nr="a3-a2"))
    game.play("e2-e3")
    assert fields(game.position())[1:5] == ["b", "-", "e2-e3", "-"]


def test_mid_turn_position():
    line = "h9/9c/10/10/4E5/10/10/10/10/H8C r e5-e6 - j10-j9 - 4 12"
    game = Game.from_position(line)
    assert legal(game) == ["j1-i1", "j1-j2"]
    illegal(game, "e6-e7", "already moved this turn")
    play(game, "j1-j2")
    assert (
        game.position()
        == "h9/9c/10/10/4E5/10/10/10/9C/H9 b - j1-j2,e5-e6 j10-j9 - 5 12"
    )
    # blue's turn: the Corporal may not go back to j10
    assert "j9-j10" not in legal(game)
    play(game, "j9-i9")
    assert (
        game.position()
        == "h9/8c1/10/10/4E5/10/10/10/9C/H9 r - j1-j2,e5-e6 j9-i9 - 6 13"
    )


def test_mid_turn_position_first_piece_lost():
    # e5-e6 was played and lost: e6 holds Blue's piece, so the piece did not survive
    line = epn({"e6": "g", "j1": "C", "h9": "c"}, first="e5-e6", quiet=0, turn=3)
    game = Game.from_position(line)
    assert legal(game) == ["j1-i1", "j1-j2"]
    play(game, "j1-j2")
    assert fields(game.position())[3] == "j1-j2"


# -- unmasking ------------------------------------------------------------------


def test_spy_unmasks_everything_around_including_mines_hq_spies():
    pieces = {
        "e4": "S",
        "d5": "C",
        "d6": "m",
        "f6": "h",
        "f4": "s",
        "e7": "c",
        "d4": "c",
        "h2": "C",
    }
    game = Game.from_position(epn(pieces))
    event = game.play("e4-e5")
    # the Spy arrived next to Blue's Spy on f4, so it is unmasked itself; own d5 is not
    assert fields(game.position())[5] == "d4,f4,e5,d6,f6"
    assert sorted(event.unmasked) == sorted(
        sq(n) for n in ("d4", "f4", "e5", "d6", "f6")
    )


def test_piece_walking_next_to_enemy_spy_is_unmasked():
    game = Game.from_position(
        epn({"e3": "C", "g3": "C", "f5": "s", "h9": "c", "d3": "S"})
    )
    play(game, "e3-e4")
    assert fields(game.position())[5] == "e4"
    play(game, "g3-g4")  # also next to the Spy: both Red pieces known now
    assert fields(game.position())[5] == "e4,g4"


def test_unmasking_whichever_side_moved():
    game = Game.from_position(
        epn({"e5": "S", "b2": "C", "j2": "C", "g7": "c", "h9": "c"}, side="b")
    )
    play(game, "g7-f7", "h9-h8")
    play(game, "b2-b3", "e5-e4")
    play(game, "f7-f6", "h8-h7")
    play(game, "b3-b4", "j2-j3")
    assert fields(game.position())[5] == "-"
    play(game, "f6-f5")  # f5 touches Red's Spy on e4: unmasked on Blue's own move
    assert fields(game.position())[5] == "f5"


def test_enemy_spy_moving_next_to_my_pieces_unmasks_them():
    game = Game.from_position(
        epn({"d5": "C", "f5": "M", "b2": "C", "e7": "s", "h9": "c"}, side="b")
    )
    play(game, "e7-e6")
    assert fields(game.position())[5] == "d5,f5"


def test_unmasked_flag_travels_and_is_permanent():
    game = Game.from_position(
        epn({"e4": "C", "b2": "C", "f5": "s", "h9": "c", "e7": "c"}, unmasked="e4")
    )
    play(game, "e4-e3")
    assert fields(game.position())[5] == "e3"
    play(game, "b2-b1", "h9-h8", "e7-e8")
    play(game, "e3-e2", "b1-c1")
    assert fields(game.position())[5] == "e2"
    # an unmasked attacker that wins carries its flag to the new square
    game = Game.from_position(
        epn({"e4": "G", "e5": "c", "b2": "C", "h9": "c"}, unmasked="e4,e5")
    )
    play(game, "e4-e5")
    assert fields(game.position())[5] == "e5"
    # a masked attacker that wins against an unmasked defender: the square is masked now
    game = Game.from_position(
        epn({"e4": "G", "e5": "c", "b2": "C", "h9": "c"}, unmasked="e5")
    )
    play(game, "e4-e5")
    assert fields(game.position())[5] == "-"
    # an unmasked attacker that loses: its flag goes with it
    game = Game.from_position(
        epn({"e4": "C", "e5": "g", "b2": "C", "h9": "c"}, unmasked="e4")
    )
    play(game, "e4-e5")
    assert fields(game.position())[5] == "-"


def test_unmasking_stays_after_spy_is_gone():
    game = Game.from_position(
        epn({"e4": "S", "e6": "g", "b2": "C", "j2": "C", "h9": "c"})
    )
    play(game, "e4-e5")
    assert (
        fields(game.position())[5] == "e6"
    )  # the General is unmasked; the Spy is not (no Blue Spy near)
    play(game, "b2-b3", "e6-e5")  # the General takes the Spy
    assert fields(game.position())[5] == "e5"
    play(game, "h9-h8", "b3-b4", "j2-j3")
    assert "e5" in fields(game.position())[5].split(",")


def test_spy_unmasks_after_winning_its_fight_not_after_losing():
    # a Spy beats a Spy and unmasks around its new square
    game = Game.from_position(
        epn({"e4": "S", "e5": "s", "f6": "m", "b2": "C", "h9": "c"})
    )
    play(game, "e4-e5")
    assert fields(game.position())[5] == "f6"
    # a Spy that loses its fight unmasks nothing around the square it attacked
    game = Game.from_position(
        epn({"e4": "S", "e5": "c", "f6": "m", "b2": "C", "h9": "c"})
    )
    play(game, "e4-e5")
    assert fields(game.position())[5] == "-"


# -- end of the game --------------------------------------------------------------


def test_headquarters_capture_first_move_changes_only_fields_1_6_7():
    start = epn(
        {"e5": "G", "e6": "h", "b2": "C", "h9": "c", "f7": "s"},
        blue_nr="h10-h9",
        quiet=17,
        turn=9,
    )
    game = Game.from_position(start)
    play(game, "e5-e6")
    assert (game.outcome.winner, game.outcome.reason) == ("red", "headquarters")
    assert changed_fields(start, game.position()) == {1, 6, 7}
    assert fields(game.position())[5] == "e6"  # the General is next to the Spy on f7
    assert game.legal_moves() == []
    illegal(game, "b2-b3", "the game is over")


def test_headquarters_capture_second_move():
    start = epn({"e5": "G", "e6": "h", "b2": "C", "h9": "c"}, red_nr="b1-b2", quiet=3)
    game = Game.from_position(start)
    play(game, "b2-b3")
    mid = game.position()
    play(game, "e5-e6")
    assert str(game.outcome) == "red:headquarters"
    assert changed_fields(mid, game.position()) == {1, 7}
    assert fields(game.position())[2] == "b2-b3" and fields(game.position())[1] == "r"


def test_no_mobile_pieces_of_the_defender():
    start = epn(
        {"e5": "G", "e6": "c", "b2": "C", "h9": "m"},
        red_nr="b1-b2",
        blue_nr="e7-e6",
        quiet=5,
    )
    game = Game.from_position(start)
    play(game, "e5-e6")
    assert str(game.outcome) == "red:no_mobile_pieces"
    assert changed_fields(start, game.position()) == {1, 7}


def test_no_mobile_pieces_attacker_loses_its_last():
    start = epn({"e5": "C", "e6": "m", "h9": "c"}, quiet=5)
    game = Game.from_position(start)
    play(game, "e5-e6")
    assert str(game.outcome) == "blue:no_mobile_pieces"
    assert changed_fields(start, game.position()) == {1, 7}
    assert game.removed("red")[-1] == "C"


def test_losing_a_piece_with_others_left_does_not_end():
    game = Game.from_position(epn({"e5": "C", "e6": "m", "b2": "E", "h9": "c"}))
    play(game, "e5-e6")
    assert game.outcome is None


@pytest.mark.parametrize("side,turn_after", [("r", 7), ("b", 8)])
def test_move_limit_after_full_bookkeeping(side, turn_after):
    pieces = {"b2": "C", "d2": "C", "b9": "c", "d9": "c"}
    start = epn(pieces, side=side, quiet=99, turn=7, red_nr="b1-b2", blue_nr="b10-b9")
    game = Game.from_position(start)
    assert game.outcome is None
    if side == "r":
        play(game, "b2-b3", "d2-d3")
        expected = epn(
            {"b3": "C", "d3": "C", "b9": "c", "d9": "c"},
            side="b",
            red_nr="b2-b3,d2-d3",
            blue_nr="b10-b9",
            quiet=100,
            turn=turn_after,
        )
    else:
        play(game, "b9-b8")
        assert game.outcome is None
        play(game, "d9-d8")
        expected = epn(
            {"b2": "C", "d2": "C", "b8": "c", "d8": "c"},
            side="r",
            red_nr="b1-b2",
            blue_nr="b9-b8,d9-d8",
            quiet=100,
            turn=turn_after,
        )
    assert game.position() == expected
    assert str(game.outcome) == "draw:move_limit"
    assert game.outcome.winner is None


def test_removal_on_last_move_resets_quiet_count():
    game = Game.from_position(
        epn({"b2": "C", "d2": "G", "d3": "c", "h9": "c"}, quiet=99)
    )
    play(game, "b2-b3", "d2-d3")
    assert game.outcome is None and fields(game.position())[6] == "1"


def test_quiet_count_below_limit_no_draw():
    game = Game.from_position(epn({"b2": "C", "d2": "C", "h9": "c"}, quiet=98))
    play(game, "b2-b3", "d2-d3")
    assert game.outcome is None and fields(game.position())[6] == "99"


def test_no_legal_move_after_turn_end():
    pieces = {"b2": "C", "d2": "C", "j10": "c", "i10": "m", "j9": "m"}
    game = Game.from_position(epn(pieces, quiet=3))
    play(game, "b2-b3", "d2-d3")
    assert str(game.outcome) == "red:no_legal_move"
    assert fields(game.position())[1:] == ["b", "-", "b2-b3,d2-d3", "-", "-", "4", "1"]


def test_no_legal_move_through_no_return():
    pieces = {"b2": "C", "d2": "C", "j10": "c", "i10": "m"}
    game = Game.from_position(epn(pieces, blue_nr="j9-j10"))
    play(game, "b2-b3", "d2-d3")
    assert str(game.outcome) == "red:no_legal_move"


def test_move_limit_before_no_legal_move():
    pieces = {"b2": "C", "d2": "C", "j10": "c", "i10": "m", "j9": "m"}
    game = Game.from_position(epn(pieces, quiet=99))
    play(game, "b2-b3", "d2-d3")
    assert str(game.outcome) == "draw:move_limit"


def test_resign_and_agree_draw():
    start = epn({"b2": "C", "h9": "c"})
    game = Game.from_position(start)
    game.resign("red")
    assert str(game.outcome) == "blue:resignation"
    assert game.legal_moves() == []
    with pytest.raises(IllegalMove, match="over"):
        game.resign("blue")
    with pytest.raises(IllegalMove, match="over"):
        game.agree_draw()
    game.undo()
    assert game.outcome is None and game.position() == start
    game.play("b2-b3")
    game.resign("blue")  # at any time, even mid-turn and not on one's own turn
    assert str(game.outcome) == "red:resignation"
    game.undo()
    game.agree_draw()
    assert game.outcome.winner is None and game.outcome.reason == "agreement"
    with pytest.raises(ValueError):
        Game.from_position(start).resign("green")


# -- play_turn ----------------------------------------------------------------------


def test_play_turn_plays_both_moves():
    game = Game.from_position(epn({"b2": "C", "d2": "C", "h9": "c"}))
    events = game.play_turn("b2-b3", "d2-d3")
    assert [str(e.move) for e in events] == ["b2-b3", "d2-d3"]
    assert game.turn == "blue"


@pytest.mark.parametrize(
    "moves,message",
    [
        (("b2-b3", "b3-b4"), "already moved"),
        (("b2-b3", "d2-d2"), "one square"),
        (("b2-b4", "d2-d3"), "one square"),
        (("b2-b3",), "not complete"),
        (("b2-b3", "d2-d3", "h9-h8"), "already ended"),
        (("e5-e6", "f6-e6"), "first move attacked"),
    ],
)
def test_play_turn_is_atomic(moves, message):
    start = epn({"b2": "C", "d2": "C", "e5": "C", "e6": "g", "f6": "C", "h9": "c"})
    game = Game.from_position(start)
    with pytest.raises(IllegalMove, match=message):
        game.play_turn(*moves)
    assert game.position() == start
    assert game.events == []
    assert game.outcome is None


def test_play_turn_game_ending_first_move_voids_second():
    start = epn({"e5": "G", "e6": "h", "b2": "C", "h9": "c"})
    game = Game.from_position(start)
    events = game.play_turn("e5-e6", "b2-b3")
    assert len(events) == 1 and str(game.outcome) == "red:headquarters"
    assert board_at(game.position(), "b2") == "C"
    # even a second move that would have been illegal is simply dropped
    game = Game.from_position(start)
    game.play_turn("e5-e6", "e6-e7")
    assert str(game.outcome) == "red:headquarters"


def test_play_turn_single_move_turn():
    pieces = {"a2": "C", "b2": "M", "a3": "M", "e2": "C", "h9": "c"}
    game = Game.from_position(epn(pieces))
    game.play_turn("e2-e3")
    assert game.turn == "blue"


# -- undo ----------------------------------------------------------------------------


def test_a_copy_plays_on_and_leaves_the_game_as_it_was():
    game = Game.random(rng=random.Random(5))
    rng = random.Random(6)
    for _ in range(12):
        view = game.view(game.turn)
        plan = [rng.choice(view.legal_moves())]
        plan += [rng.choice(view.legal_moves_after(plan))] if view.legal_moves_after(plan) else []
        game.play_turn(*plan)
    for viewer in ("red", "blue"):
        game.view(viewer)  # what each viewer has seen so far, kept by the game
    before = (game.position(), len(game.events), [game.view(v).position() for v in ("red", "blue")])
    copy = game.copy()
    view = copy.view(copy.turn)
    plan = [view.legal_moves()[0]]
    plan += view.legal_moves_after(plan)[:1]
    copy.play_turn(*plan)
    assert copy.position() != before[0] and len(copy.events) == before[1] + len(plan)
    assert (game.position(), len(game.events), [game.view(v).position() for v in ("red", "blue")]) == before
    copy.undo()
    game.play(plan[0])
    assert copy.position() == game.position() and copy.view("red").position() == game.view("red").position()


def test_undo_restores_exact_epn():
    pieces = {
        "e4": "S",
        "e6": "g",
        "b2": "C",
        "c2": "E",
        "c3": "m",
        "h9": "c",
        "g9": "s",
        "d8": "h",
    }
    game = Game.from_position(epn(pieces, red_nr="b1-b2", quiet=40))
    seen = [game.position()]
    moves = ("e4-e5", "c2-c3", "e6-e5", "h9-h8", "b2-b3", "c3-c4", "e5-d5", "g9-g8")
    moves += ("c4-c5", "b3-b4", "d5-c5", "g8-g7", "b4-b5", "c5-b5")
    for m in moves:
        game.play(m)
        seen.append(game.position())
    assert seen[2].split(" ")[5] == "e6" and seen[3].split(" ")[5] == "e5"
    assert seen[13].split(" ")[1:3] == ["b", "-"]  # b4-b5 was a turn of one move
    assert str(game.outcome) == "blue:no_mobile_pieces"
    for n in range(len(moves) - 1, -1, -1):
        game.undo()
        assert game.position() == seen[n]
        assert len(game.events) == n and game.outcome is None
        assert [str(m) for m in Game.from_position(seen[n]).legal_moves()] == [
            str(m) for m in game.legal_moves()
        ]
    assert game.events == [] and game.outcome is None
    with pytest.raises(IllegalMove, match="no move to take back"):
        game.undo()


# -- single-move variant --------------------------------------------------------------


def test_single_move_variant():
    game = Game.from_position(epn({"e2": "C", "g2": "C", "e9": "c"}), moves_per_turn=1)
    play(game, "e2-e3")
    assert game.position() == epn(
        {"e3": "C", "g2": "C", "e9": "c"}, side="b", red_nr="e2-e3", quiet=1
    )
    play(game, "e9-e8")
    assert game.position() == epn(
        {"e3": "C", "g2": "C", "e8": "c"},
        red_nr="e2-e3",
        blue_nr="e9-e8",
        quiet=2,
        turn=2,
    )
    illegal(game, "e3-e2", "no return")
    with pytest.raises(EPNError, match="field 3"):
        Game.from_position(epn({"e3": "C", "e9": "c"}, first="e2-e3"), moves_per_turn=1)
    g = Game.random(SINGLE_MOVE, rng=random.Random(4))
    m = g.legal_moves()[0]
    g.play(m)
    assert g.turn == "blue" and g.first_move is None


def boxed_in_red():
    """Red's front row is Mines and the Headquarters beside five volcanoes: no Red piece can move."""
    red = "CCCCCLLLLK" + "KKOOGGSSSS" + "MMMMHSEEEE"  # a1..j1, a2..j2, a3..j3
    blue = "CCCCCLLLLKKKOOGGSSSSSEEEEMMMMH"
    volcanoes = {sq(n) for n in ("f4", "g4", "h4", "i4", "j4", "a7", "b7", "c7", "d7", "e7")}
    return red, blue, volcanoes


def test_a_game_whose_first_side_cannot_move_ends_at_once():
    red, blue, volcanoes = boxed_in_red()
    game = Game(red, blue, volcanoes)
    assert game.legal_moves() == []
    assert (game.outcome.winner, game.outcome.reason) == ("blue", "no_legal_move")
    with pytest.raises(IllegalMove, match="over"):
        game.play("j3-j4")
    again = Game.from_position(game.position())
    assert again.outcome == game.outcome


# -- outcome -------------------------------------------------------------------------


def test_every_ending_is_a_termination_named_by_its_spec_word():
    game = Game.random(rng=random.Random(9))
    game.resign("red")
    assert game.outcome == Outcome("blue", Termination.RESIGNATION)
    assert type(game.outcome.reason) is Termination and str(game.outcome) == "blue:resignation"
    for reason in Termination:
        for winner in ("red", "blue", "draw"):
            outcome = Outcome.from_str(f"{winner}:{reason.value}")
            assert outcome.reason is reason and str(outcome) == f"{winner}:{reason.value}"
    with pytest.raises(ValueError, match="not an outcome"):
        Outcome.from_str("red:surrender")


def test_an_ending_reached_by_play_is_a_termination():
    rng = random.Random(3)
    game = Game.random(rng=rng)
    while game.outcome is None:
        view = game.view(game.turn)
        plan = [rng.choice(view.legal_moves())]
        after = view.legal_moves_after(plan)
        game.play_turn(*(plan + ([rng.choice(after)] if after else [])))
    assert isinstance(game.outcome.reason, Termination)
