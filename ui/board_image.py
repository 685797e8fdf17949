"""The board a tap will draw, as an image the page prepares at rest.

Any change to the board's SVG makes a tablet's browser paint the whole board
again, a frame's worth of work at 4x CPU throttle. So for the taps that change
the board (Undo, Submit, and with reduced motion a planned move) the browser
binding works out ahead the board they will draw, and the page turns the part of it that changes into a bitmap while
it is at rest (static/binding.js ``prepareBoard``). The tap's frame then only
copies that bitmap onto the marks canvas over the board, and the SVG itself is
patched a frame later, under the canvas, which is cleared with it.

The image is the new board's own markup, its squares that change and the
arrows and fight marks over them, clipped to those squares: the same drawing,
by the same browser, as the SVG that replaces it.
"""

from __future__ import annotations

import re
from hashlib import blake2b
from html import unescape
from math import ceil
from typing import NamedTuple

from .markup import Element
from .patch import children, element_at, path_of
from .render import BOARD, CELL, ROW_START, SIZE

BOARD_WRAP = '<div class="board-wrap">'
"""The start tag of the board and its marks canvas on a board screen."""

_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
_PATH = re.compile(r' d="([^"]*)"')
_MARKS = re.compile(r'^<canvas class="board-marks"[^>]* data-marks="([^"]*)"')
_PLACED = re.compile(r'<g class="(?:fight|waiting)".*?</g>')
"""A fight mark or a waiting attacker: a drawing placed on a square, in its own units."""
_PLACED_AT = re.compile(
    r'<g class="(fight|waiting)"[^>]* transform="translate\((-?[\d.]+) (-?[\d.]+)\)(?: scale\(([\d.]+)\))?'
)
MAX_CELLS = SIZE * SIZE // 2
"""Beyond this many squares that change, the image is the whole board (a clip of fewer parts)."""


class BoardImage(NamedTuple):
    """What the page prepares: ``key`` names it (a hash of its markup: a board of one player's is
    never painted for another's), ``markup`` is a standalone SVG image of the
    board (``width="100%" height="100%"``, which the page sets to its canvas's pixels), and
    ``box`` the rectangle of the board it changes, in board units (x, y, width, height)."""

    key: str
    markup: str
    box: tuple[int, int, int, int]


def board_of(markup):
    """The board's ``<svg>`` element of a page's markup (None: no board screen)."""
    board = _board_and_canvas(markup)[0]
    return board if isinstance(board, Element) and board.name == "svg" else None


def marks_of(markup):
    """The marks over the board of a page's markup: its canvas's data-marks ("[]": none)."""
    canvas = _MARKS.search(_board_and_canvas(markup)[1] or "")
    return unescape(canvas.group(1)) if canvas else "[]"


def _board_and_canvas(markup):
    path = path_of(markup, BOARD_WRAP)
    wrap = element_at(markup, path) if path is not None else None
    found = children(wrap.content) if isinstance(wrap, Element) else None
    return tuple(found[:2]) if found and len(found) > 1 else (None, None)


def board_image(old, new):
    """The image of board ``new`` where it differs from board ``old`` (two ``<svg>`` Elements
    of the page), or None: nothing changes, or more than the squares and what is over them
    (the board turned round, another kind of board)."""
    if old is None or new is None or old.tag != new.tag:
        return None
    olds, news = children(old.content), children(new.content)
    if olds is None or news is None or len(olds) != len(news) or not news[0].startswith("<defs>"):
        return None
    old_rows, new_rows = _rows(olds), _rows(news)
    if len(new_rows) != SIZE or len(old_rows) != SIZE:
        return None
    cells = set()
    for y, (old_row, new_row) in enumerate(zip(old_rows, new_rows)):
        old_squares, new_squares = children(old_row.content), children(new_row.content)
        if old_squares is None or new_squares is None or len(old_squares) != len(new_squares):
            return None
        cells.update((x, y) for x, (a, b) in enumerate(zip(old_squares, new_squares)) if a != b)
    layers = [(a, b) for a, b in zip(olds, news) if not a.startswith(ROW_START) and a != b]
    for layer in (part for pair in layers for part in pair):
        cells |= _cells_under(layer)
    if not cells:
        return None
    if len(cells) > MAX_CELLS:
        cells = {(x, y) for x in range(SIZE) for y in range(SIZE)}
    squares = "".join(children(new_rows[y].content)[x] for x, y in sorted(cells, key=lambda c: (c[1], c[0])))
    over = "".join(part for part in news[len(news) - len(_after_rows(news)) :] if _drawn_over(part))
    clip = "".join(f"M{x * CELL} {y * CELL}h{CELL}v{CELL}h-{CELL}Z" for x, y in sorted(cells))
    markup = (
        f'{new.tag}{news[0]}<clipPath id="changed"><path d="{clip}"/></clipPath>'
        f'<g clip-path="url(#changed)">{squares}{over}</g></svg>'
    )
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    box = (min(xs) * CELL, min(ys) * CELL, (max(xs) + 1 - min(xs)) * CELL, (max(ys) + 1 - min(ys)) * CELL)
    return BoardImage(blake2b(markup.encode(), digest_size=12).hexdigest(), markup, box)


def _rows(parts):
    return [part for part in parts if part.startswith(ROW_START) and isinstance(part, Element)]


def _after_rows(parts):
    last = max(i for i, part in enumerate(parts) if part.startswith(ROW_START))
    return parts[last + 1 :]


def _drawn_over(part):
    """Arrows and fight marks are drawn over the squares; the labels around the board are not."""
    return 'class="coords"' not in part[:40]


def _cells_under(layer):
    """The squares (column, row as drawn) that a layer over them draws on (arrows, fight marks,
    waiting attackers)."""
    cells = set()
    for _what, x, y, scale in _PLACED_AT.findall(layer):
        size = CELL * float(scale or 1)
        cells |= _cells_in(float(x), float(y), float(x) + size, float(y) + size)
    for d in _PATH.findall(_PLACED.sub("", layer)):  # a placed drawing's own shapes are in its units
        numbers = [float(n) for n in _NUMBER.findall(d)]
        if len(numbers) >= 2:
            cells |= _cells_in(min(numbers[0::2]), min(numbers[1::2]), max(numbers[0::2]), max(numbers[1::2]))
    return cells


def _cells_in(x0, y0, x1, y1):
    """The squares a rectangle of the board overlaps (one that ends on a square's edge does not reach it)."""
    if x1 <= 0 or y1 <= 0 or x0 >= BOARD or y0 >= BOARD:
        return set()
    return {(x, y) for x in range(_first(x0), _last(x1) + 1) for y in range(_first(y0), _last(y1) + 1)}


def _first(v):
    return min(SIZE - 1, max(0, int(v // CELL)))


def _last(v):
    return min(SIZE - 1, max(0, ceil(v / CELL) - 1))
