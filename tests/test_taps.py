"""Taps that move nothing say why, where the player looks; the selected piece is named."""

import random
from collections import Counter

from espionage import Move
from espionage.board import SIDES
from espionage.pieces import KINDS
from tests.helpers import epn
from tests.test_app import NAMES, app_at, board_markup, new_app, page, plan, play_turn, press, tap, text, to_play

# Red: Headquarters a1 and Mines a2, b2, c1 around a Corporal on b1 (boxed in); a
# Corporal on e4 that came from d4 last turn, a Lieutenant on e3, Captains on d5 and
# g4 (volcanoes on g5 and h6); Blue: a hidden piece on e5.
POSITION = epn(
    {"a1": "H", "b1": "C", "c1": "M", "b2": "M", "a2": "M", "e4": "C", "e3": "L", "d5": "K",
     "g4": "K", "g5": "V", "h6": "V", "e5": "c", "j10": "h"},
    red_nr="d4-e4",
)


def refused(app, square):
    """Tap ``square``: the board does not change, and the message is returned."""
    before = board_markup(app)
    tap(app, square)
    assert board_markup(app) == before
    return page(app).message()


def test_each_refused_tap_says_why():
    app = app_at(POSITION)
    assert refused(app, "e5") == "That is Blue's piece: tap one of yours, then where it goes."
    assert refused(app, "f6") == "Tap one of your pieces first, then where it goes."
    assert refused(app, "a2") == "Mines never move."
    assert refused(app, "a1") == "The Headquarters never moves."
    assert refused(app, "g5") == "A volcano: nothing ever enters it."
    assert refused(app, "b1") == "Your Corporal has nowhere to go now."
    tap(app, "e4")
    assert refused(app, "e6") == "A piece moves one square up, down, left or right."
    assert refused(app, "d4") == "No return to d4 this turn: your Corporal came from there last turn."
    tap(app, "g4")
    assert refused(app, "g5") == "Nothing may enter a volcano."
    tap(app, "g4")
    plan(app, Move.from_str("e4-e5"))  # an attack: e5 is barred to the second move
    tap(app, "d5")
    assert refused(app, "e5") == "The second move may not enter e5: the first move attacked it."
    tap(app, "d5")
    assert refused(app, "e5") == "That is Blue's piece: tap one of yours, then where it goes."


def test_a_piece_moves_once_a_turn_and_a_complete_turn_says_so():
    app = app_at(POSITION)
    plan(app, Move.from_str("e3-d3"))
    assert refused(app, "d3") == "Each turn moves two different pieces: this one already moved."
    plan(app, Move.from_str("g4-g3"))
    assert refused(app, "d5") == "Your turn is complete: submit it, or undo a move."


def test_the_message_goes_with_the_next_tap():
    app = app_at(POSITION)
    refused(app, "a2")
    tap(app, "e4")
    assert page(app).message() == ""


def test_the_selected_piece_is_named_with_what_the_enemy_knows():
    unmasked = epn({"a1": "H", "e4": "K", "e3": "L", "e5": "c", "j10": "h"}, unmasked="e4")
    app = app_at(unmasked)
    tap(app, "e4")
    [line] = page(app).find(lambda n: "selection-line" in (n.get("class") or ""))
    assert line.text == "Captain (3) on e4 — unmasked: Blue knows it"
    tap(app, "e3")
    [line] = page(app).find(lambda n: "selection-line" in (n.get("class") or ""))
    assert line.text == "Lieutenant (2) on e3"
    tap(app, "e3")
    assert not page(app).find(lambda n: "selection-line" in (n.get("class") or ""))


def enemy_counts(app):
    return {n.get("data-kind"): int(n.get("data-left")) for n in page(app).find(lambda n: "data-left" in n.attrib)}


def test_the_enemy_kinds_still_on_the_board_are_counted():
    """Checked against the truth: the kinds of the enemy pieces standing on the board."""
    app = to_play(6)
    rng = random.Random(6)
    removals = 0
    while app.screen == "play" and removals < 4:
        game = app.match.game
        enemy = SIDES[1 - app.side]
        standing = Counter(game.kind_at(sq) for sq in range(100) if game.side_at(sq) == enemy)
        assert enemy_counts(app) == {k: standing[k] for k in KINDS}
        removals = sum(len(game.removed(side)) for side in SIDES)
        play_turn(app, rng, checks=False)
        if app.screen == "results":
            press(app, "Hand over")
            press(app, f"Show {NAMES[app.side]}'s board")
    assert removals >= 4


def test_the_setup_tray_names_each_kind_and_says_how_to_take_a_piece_back():
    app = new_app()
    names = [text(n) for n in page(app).find(lambda n: "kind-name" in (n.get("class") or ""))]
    assert names == [info.name for info in KINDS.values()]
    assert "To take a piece back, tap it on the board, then tap the tray." in app.html()
    app.dispatch("drop", "C>b2")
    tap(app, "b2")
    app.dispatch("pick", "G")  # the tray takes the selected piece back
    assert app.placed == {}


def test_the_eye_badge_is_explained_while_an_unmasked_piece_is_on_the_board():
    app = app_at(epn({"a1": "H", "e4": "K", "e3": "L", "e5": "c", "j10": "h"}))
    assert "The eye marks an unmasked piece" not in app.html()
    app = app_at(epn({"a1": "H", "e4": "K", "e3": "L", "e5": "c", "j10": "h"}, unmasked="e4"))
    assert "The eye marks an unmasked piece: both players know what it is." in text(page(app).root)


def fight_marks(app):
    return {n.get("data-fight"): n.get("data-fallen") for n in page(app).find(lambda n: "data-fight" in n.attrib)}


def test_the_board_marks_where_a_fight_happened_and_who_fell():
    app = app_at(epn({"a1": "H", "e4": "K", "e3": "L", "e5": "s", "g6": "g", "g8": "c", "j10": "h"}))
    plan(app, Move.from_str("e4-e5"))  # the Captain takes the Spy
    plan(app, Move.from_str("e3-f3"))
    press(app, "Submit turn")
    assert fight_marks(app) == {"e5": "s"}  # Red's turn played
    press(app, "Hand over")
    press(app, "Show Blue's board")
    assert fight_marks(app) == {"e5": "s"}  # Blue sees what happened while planning
    plan(app, Move.from_str("g6-g5"))
    assert fight_marks(app) == {"e5": "s"}
    plan(app, Move.from_str("g8-g7"))
    press(app, "Submit turn")
    assert fight_marks(app) == {}  # Blue's turn had no fight
    press(app, "Hand over")
    press(app, "Show Red's board")
    plan(app, Move.from_str("f3-f4"))
    plan(app, Move.from_str("e5-e6"))
    press(app, "Submit turn")
    press(app, "Hand over")
    press(app, "Show Blue's board")
    assert fight_marks(app) == {}
    press(app, "Move list")
    first = page(app).find(lambda n: n.tag == "li" and "turn" in (n.get("class") or ""))[0]
    app.dispatch("history-turn", first.get("data-step"))
    assert fight_marks(app) == {"e5": "s"}  # the past board of turn 1 shows its fight
