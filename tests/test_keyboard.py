"""ui/keyboard.py: what a key does on the board, and that Enter is a tap on the focused cell."""

import random
import re

import pytest

from espionage.board import BLUE, RED, square_name
from ui import keyboard
from ui.app import App
from ui.render import square_origin
from ui.saves import MemoryStorage

SCREEN_STEP = {"ArrowUp": (0, -100), "ArrowDown": (0, 100), "ArrowLeft": (-100, 0), "ArrowRight": (100, 0)}


@pytest.mark.parametrize("bottom", [RED, BLUE])
def test_arrows_move_as_drawn_and_stop_at_the_edges(bottom):
    rng = random.Random(bottom)
    cursor = keyboard.moved(None, "ArrowUp", bottom)
    assert square_origin(cursor, bottom) == (0, 900)  # starts bottom left on the screen
    for key in rng.choices(list(SCREEN_STEP), k=300):
        x, y = square_origin(cursor, bottom)
        dx, dy = SCREEN_STEP[key]
        cursor_after = keyboard.moved(cursor, key, bottom)
        inside = 0 <= x + dx < 1000 and 0 <= y + dy < 1000
        assert square_origin(cursor_after, bottom) == ((x + dx, y + dy) if inside else (x, y))
        cursor = cursor_after


@pytest.mark.parametrize("bottom", [RED, BLUE])
def test_home_and_end_go_to_the_ends_of_the_row_on_the_screen(bottom):
    for cursor in (0, 37, 99):
        _, y = square_origin(cursor, bottom)
        assert square_origin(keyboard.moved(cursor, "Home", bottom), bottom) == (0, y)
        assert square_origin(keyboard.moved(cursor, "End", bottom), bottom) == (900, y)


def test_what_each_key_does_on_each_screen():
    assert keyboard.action("Enter", "play") == keyboard.action(" ", "setup") == "choose"
    assert keyboard.action("Escape", "home") == "cancel"
    assert keyboard.action("ArrowLeft", "results") == "move"
    assert keyboard.action("Enter", "results") is None  # a board that only shows
    assert keyboard.action("k", "setup") == keyboard.action("3", "setup") == "pick"
    assert keyboard.action("k", "play") is None
    assert keyboard.action("x", "setup") is None
    assert keyboard.KIND_KEYS["3"] == keyboard.KIND_KEYS["k"] == "K"
    assert keyboard.KIND_KEYS["e"] == "E" and "6" not in keyboard.KIND_KEYS


def game_app(seed):
    app = App(MemoryStorage(), rng=random.Random(seed))
    for action, arg in (("mode", "pass"), ("start", ""), ("random-setup", ""), ("ready", ""),
                        ("reveal", ""), ("random-setup", ""), ("ready", ""), ("reveal", "")):
        app.dispatch(action, arg)
    assert app.screen == "play"
    return app


def state(app):
    return app.screen, app.selected, tuple(app.planned), app.message


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_enter_or_space_on_a_cell_decides_as_a_tap_on_it(seed):
    """Two apps in step: one taps squares, the other focuses the same cells and presses keys."""
    rng = random.Random(seed)
    tapped, keyed = game_app(seed), game_app(seed)
    for _ in range(60):
        if tapped.screen != "play":
            break
        moves = tapped.turn.next_moves()
        pool = [m.from_square for m in moves] + [m.to_square for m in moves] + [rng.randrange(100)]
        if tapped.selected is not None:
            pool += list(tapped.turn.targets()) * 3
        sq = rng.choice(pool)
        tapped.dispatch("square", square_name(sq))
        keyed.dispatch("key", rng.choice(["Enter", " "]), square_name(sq))
        assert keyed.cursor == sq
        assert state(keyed) == state(tapped)
        if tapped.turn.complete:
            for app in (tapped, keyed):
                app.dispatch("submit")
                app.dispatch("hand-over")
                app.dispatch("reveal")
            assert state(keyed) == state(tapped)


def test_escape_cancels_a_selection_and_a_question():
    app = game_app(4)
    sq = app.turn.next_moves()[0].from_square
    app.dispatch("key", "Enter", square_name(sq))
    assert app.selected == sq
    app.dispatch("key", "Escape")
    assert app.selected is None
    app.dispatch("resign")
    assert app.confirm == "resign"
    app.dispatch("key", "Escape")
    assert app.confirm is None and app.screen == "play"


def test_keys_off_the_board_do_nothing():
    app = App(MemoryStorage(), rng=random.Random(0))
    before = app.html()
    for key in ("ArrowUp", "Enter", " ", "k", "Home"):
        app.dispatch("key", key, "e4")
    assert app.html() == before and app.cursor is None


def test_the_first_arrow_shows_the_cursor_on_the_focused_cell_then_arrows_move_it():
    app = game_app(5)
    app.dispatch("key", "ArrowRight", "c2")  # a cell focused by a tap shows no cursor yet
    assert square_name(app.cursor) == "c2"
    app.dispatch("key", "ArrowRight", "c2")
    assert square_name(app.cursor) == "d2"
    app.dispatch("key", "ArrowUp", "f7")  # the focus went elsewhere (Tab, a tap): it moves from there
    assert square_name(app.cursor) == "f8"


def tab_stop(app):
    stops = re.findall(r'data-square="([a-j]\d+)" role="gridcell"[^>]*tabindex="0"', app.html())
    assert len(stops) == 1
    return stops[0]


def test_on_every_board_the_arrows_move_the_one_tab_stop():
    app = game_app(6)
    move = app.turn.next_moves()[0]
    app.dispatch("square", square_name(move.from_square))
    app.dispatch("square", square_name(move.to_square))
    while not app.turn.complete:
        m = app.turn.next_moves()[0]
        app.dispatch("square", square_name(m.from_square))
        app.dispatch("square", square_name(m.to_square))
    app.dispatch("submit")
    assert app.screen == "results"
    for key, square in (("ArrowUp", "e4"), ("ArrowUp", "e5"), ("End", "j5"), ("Home", "a5")):
        app.dispatch("key", key, "e4" if square == "e4" else "")
        assert square_name(app.cursor) == square == tab_stop(app)
