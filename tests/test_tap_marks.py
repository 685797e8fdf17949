"""A tap that only selects paints its marks alone (``App.tap_marks``), exactly as the page draws them.

The browser binding paints ``tap_marks`` over the board within the tap's frame and
patches the rest of the page a frame later, so the two must agree: the marks are
those of the next ``html()``, and nothing else drawn on the board changed.
"""

import random
import re
from html import unescape

import pytest

from espionage.board import square_name
from tests import test_computer, test_link_app
from tests.test_app import tap, to_play

MARKS = re.compile(r'<canvas class="board-marks" [^>]*data-marks="([^"]*)"')
BOARD = re.compile(r'<svg xmlns="http://www.w3.org/2000/svg" class="espionage-board.*?</svg>(?=<canvas)')
SQUARE_TAG = re.compile(r'<g class="square [^>]*>')


def drawn(html):
    """The board as drawn, without what a square only says (its classes and accessible name)."""
    return SQUARE_TAG.sub("<g>", BOARD.search(html).group(0))


def pass_and_play(seed):
    return to_play(seed=seed)


def computer(seed):
    app, _worker = test_computer.to_play(seed=seed)
    return app


def computer_as_blue(seed):  # Blue's board is drawn turned round
    app, _worker = test_computer.to_play(seed=seed, colour="blue")
    return app


def link(seed):
    red, _blue = test_link_app.start("sealed", red_seed=seed, blue_seed=seed + 1)
    return red


@pytest.mark.parametrize("mode", [pass_and_play, computer, computer_as_blue, link])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_tap_that_only_selects_draws_the_marks_the_page_draws(mode, seed):
    app = mode(seed)
    rng = random.Random(seed)
    assert app.screen == "play"
    quick = planned = 0
    for _ in range(80):
        before = app.html()
        pieces = sorted({m.from_square for m in app.turn.next_moves()})
        targets = sorted(app.turn.targets())
        squares = pieces * 3 + targets + [rng.randrange(100)]
        if app.turn.complete:
            app.dispatch("undo")  # and tap on: the same turn, other choices
            continue
        tap(app, square_name(rng.choice(squares)))
        after = app.html()
        if app.tap_marks is None:  # a move planned: the board is drawn again, marks and all
            planned += 1
            assert drawn(after) != drawn(before)
        else:
            quick += 1
            assert app.tap_marks == unescape(MARKS.search(after).group(1))
            assert drawn(after) == drawn(before)
    assert quick > 10 and planned >= 1


@pytest.mark.parametrize("mode", [pass_and_play, computer, computer_as_blue, link])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_marks_of_a_tap_worked_out_ahead_are_those_it_draws(mode, seed):
    app = mode(seed)
    rng = random.Random(seed)
    ahead_taps = 0
    for _ in range(80):
        if app.turn.complete:
            app.dispatch("undo")
            continue
        before, selected = app.html(), app.selected
        ahead = app.tap_ahead()
        assert app.html() == before and app.selected == selected  # worked out, nothing changed
        pieces = sorted({m.from_square for m in app.turn.next_moves()})
        name = square_name(rng.choice(pieces * 3 + sorted(app.turn.targets()) + [rng.randrange(100)]))
        tap(app, name)
        if name in ahead:
            ahead_taps += 1
            assert app.tap_marks == ahead[name]
        else:  # a move, a refusal, or not this player's turn: dispatched as it comes
            assert app.selected == selected or app.tap_marks is None
    assert ahead_taps > 10


def test_nothing_is_worked_out_ahead_off_the_play_board_or_out_of_turn():
    app = to_play()
    assert app.tap_ahead()
    app.dispatch("rules")
    assert app.rules_open and app.tap_ahead() == {}
    app.dispatch("rules-close")
    for _ in range(2):  # a whole turn planned
        move = next(m for m in app.turn.next_moves())
        tap(app, square_name(move.from_square))
        tap(app, square_name(move.to_square))
    assert app.turn.complete and app.tap_ahead() == {}


def test_only_a_tap_on_the_play_board_is_drawn_apart():
    app = to_play()
    app.dispatch("key", "ArrowUp")
    assert app.tap_marks is None  # the keyboard moves the focus too: drawn whole
    app.dispatch("history")
    tap(app, "a1")
    assert app.tap_marks is None
