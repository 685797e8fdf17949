"""The image of the board a tap will draw (ui/board_image.py): the new board's own drawing of
exactly the squares that change and of what is drawn over them, clipped to those squares."""

import re
import xml.etree.ElementTree as ET

from espionage.board import parse_square, square_name
from ui.board_image import board_image, board_of, marks_of
from ui.markup import Element, Elements
from ui.render import CELL, BoardPicture, board_svg, square_origin

SVG = "{http://www.w3.org/2000/svg}"


def letters(**pieces):
    out = [None] * 100
    for name, letter in pieces.items():
        out[parse_square(name)] = letter
    return tuple(out)


def board(**kw):
    kw.setdefault("letters", letters(a4="S", b4="M", e7="?"))
    return board_svg(BoardPicture(unknown_side=1, **kw), tap_marks=False)


def page(svg, marks="[]"):
    """A page's markup with ``svg`` in its board wrap, as ui/board_screen.py writes it."""
    canvas = f'<canvas class="board-marks" data-view-box="-44 -8 1052 1052" data-marks="{marks}" aria-hidden="true"></canvas>'
    wrap = Element('<div class="board-wrap">', Elements((svg, canvas)), "div")
    return Element('<section class="screen">', Elements((Element("<main>", Elements((wrap,)), "main"),)), "section")


def clipped_squares(image):
    """The squares of the image's clip path, by name."""
    d = re.search(r'<clipPath id="changed"><path d="([^"]*)"', image.markup).group(1)
    corners = [(int(x), int(y)) for x, y in re.findall(r"M(\d+) (\d+)", d)]
    return {name for name in (square_name(sq) for sq in range(100)) if square_origin(parse_square(name)) in corners}


def drawn_squares(image):
    root = ET.fromstring(image.markup)
    return {g.get("data-square") for g in root.iter(f"{SVG}g") if g.get("data-square")}


def test_a_move_draws_its_two_squares_and_the_arrow_over_them():
    old, new = board(), board(letters=letters(a5="S", b4="M", e7="?"), planned=("a4-a5",))
    image = board_image(old, new)
    assert clipped_squares(image) == drawn_squares(image) == {"a4", "a5"}
    root = ET.fromstring(image.markup)
    assert root.get("viewBox") == ET.fromstring(new).get("viewBox") and root.find(f"{SVG}defs") is not None
    for square in root.iter(f"{SVG}g"):  # each square as the new board draws it
        if square.get("data-square"):
            assert ET.tostring(square) in {ET.tostring(g) for g in ET.fromstring(new).iter(f"{SVG}g")}
    assert root.find(f".//{SVG}path[@class='planned-move']") is not None
    x, y = square_origin(parse_square("a5"))
    assert image.box == (x, y, CELL, 2 * CELL)


def test_an_arrow_alone_draws_every_square_it_crosses():
    image = board_image(board(), board(planned=("b4-b7",)))  # no square changed, only the arrows
    assert clipped_squares(image) == drawn_squares(image) == {"b4", "b5", "b6", "b7"}


def test_a_fight_mark_draws_its_square():
    image = board_image(board(), board(fights=((parse_square("e7"), "m"),)))
    assert clipped_squares(image) == {"e7"}


def test_nothing_to_draw_when_nothing_changes_or_the_board_turns():
    assert board_image(board(), board()) is None
    assert board_image(board(), board(bottom=1)) is None  # every square moves: the SVG is patched
    assert board_image(None, board()) is None


def test_the_board_and_its_marks_are_found_in_a_pages_markup():
    svg = board()
    assert board_of(page(svg)) is svg and marks_of(page(svg, "[[&quot;sel&quot;]]")) == '[["sel"]]'
    assert board_of("<main><p>No board</p></main>") is None and marks_of("<main></main>") == "[]"


def test_the_key_names_the_drawing():
    old = board()
    one, two = board_image(old, board(planned=("a4-a5",))), board_image(old, board(planned=("b4-b5",)))
    assert one.key != two.key and one.key == board_image(old, board(planned=("a4-a5",))).key


def test_a_waiting_attacker_draws_its_square():
    """The faded piece of a planned attack is drawn over its square, like a fight mark."""
    empty_a4 = letters(b4="M", e7="?")
    image = board_image(board(letters=empty_a4), board(letters=empty_a4, waiting=((parse_square("a4"), "S"),)))
    assert clipped_squares(image) == {"a4"}
