"""The play board as one immutable state (ui/board_state.py): built once per state of the board,
read by the tap's marks, its page and the taps worked out ahead; working ahead changes nothing."""

import dataclasses

import pytest

from espionage.board import parse_square, square_name
from tests.test_accessible import POSITION, play_app
from tests.test_app import page, tap, to_play
from ui import board_state


def test_a_board_is_built_once_per_state_and_a_tap_makes_a_new_one():
    app = to_play(seed=4)
    board = app.turn.board()
    assert app.turn.board() is board
    app.html()
    assert app.turn.board() is board
    with pytest.raises(dataclasses.FrozenInstanceError):
        board.selected = 0
    piece = app.turn.next_moves()[0].from_square
    tap(app, square_name(piece))
    chosen = app.turn.board()
    assert chosen is not board and chosen.selected == piece and board.selected is None
    assert chosen.targets == app.turn.targets() and chosen.targets
    assert chosen.picture is chosen.picture and chosen.picture[0].selected == piece


def test_a_selecting_tap_draws_its_marks_its_page_and_the_taps_ahead_from_one_picture(monkeypatch):
    app = to_play(seed=5)
    built = []
    picture = board_state.BoardPicture
    monkeypatch.setattr(board_state, "BoardPicture", lambda **kw: built.append(kw) or picture(**kw))
    tap(app, square_name(app.turn.next_moves()[0].from_square))  # tap() checks the square is drawn first
    built.clear()
    app.dispatch("square", square_name(app.turn.next_moves()[1].from_square))
    assert app.tap_marks is not None
    app.html()
    app.tap_ahead()
    assert len(built) == 1


def test_working_the_taps_out_ahead_changes_nothing():
    app = to_play(seed=6)
    piece = app.turn.next_moves()[0].from_square
    tap(app, square_name(piece))
    board, html = app.turn.board(), app.html()
    ahead = app.tap_ahead()
    assert square_name(piece) in ahead  # letting it go again
    assert app.selected == piece and app.turn.board() is board and app.html() == html
    other = next(m.from_square for m in app.turn.next_moves() if m.from_square != piece)
    app.dispatch("square", square_name(other))
    assert app.tap_marks == ahead[square_name(other)]


def test_a_planned_attack_leaves_its_piece_faded_where_it_attacks_from_until_another_moves_there():
    """A planned attack's piece vanished from the board: only an arrow said which piece would
    fight. It is drawn faded on the square it left, while that square stays empty."""
    app = play_app(POSITION)
    app.dispatch("square", "e4")
    app.dispatch("square", "e5")  # the Corporal attacks the Spy
    assert app.turn.board().picture[0].waiting == ((parse_square("e4"), "C"),)
    html = app.html()
    assert 'data-waiting="e4" data-attacker="C"' in html and "e4" not in page(app).pieces()
    [cell] = page(app).find(lambda n: n.get("data-square") == "e4" and n.get("role") == "gridcell")
    assert cell.get("aria-label") == "e4, empty, a planned attack starts here"  # said, not only drawn
    app.dispatch("square", "d4")
    app.dispatch("square", "e4")  # the General moves into the square the Corporal left
    assert app.turn.board().picture[0].waiting == ()
    assert "data-waiting" not in app.html() and page(app).pieces()["e4"] == "G"
