"""The board as SVG markup: a pure function of a picture of the board.

``board_svg(picture)`` turns a :class:`BoardPicture` (what one viewer may see,
plus the state of the interface: selection, targets, last turn, planned moves,
keyboard cursor, setup zone) into one self-contained ``<svg>`` string, like
``chess.svg.board``. Nothing here touches the browser, so it runs and is tested
on CPython as well as in Pyodide.

The markup is a contract other code relies on:

- the ``<svg>`` is an ARIA grid (``role="grid"``): ten ``<g role="row">`` top to
  bottom, each holding its ten squares left to right as drawn;
- each square is ``<g class="square light|dark ..." data-square="e4">`` (an ARIA
  ``gridcell`` named by ``ui.accessible.cell_name``, ``aria-selected``, and
  ``tabindex="0"`` on the keyboard cursor's cell only, ``-1`` elsewhere) whose
  first drawn child is a filled ``rect.cell`` covering the whole cell, so a tap
  anywhere on the cell hits the group; further classes on the group:
  ``neutral`` (ranks 4-7), ``volcano``, ``selected``, ``target`` (plus
  ``attack`` if the target holds a piece), ``last-from``, ``last-to``, ``zone``,
  ``cursor``;
- a piece is ``<g class="piece red|blue [unknown] [unmasked]" data-piece="K">``
  inside its square, ``data-piece`` being the EPN letter as the viewer sees it
  (``?`` for an enemy piece of unknown kind: such a piece's markup names no kind
  anywhere, not even in its ``<title>``);
- volcano squares draw a volcano and have no ``data-piece``;
- planned moves are ``<path class="planned-move" data-move="e3-e4">`` arrows
  in ``<g class="planned-moves">``, the opponent's last turn ``<path
  class="last-move">`` arrows in ``<g class="last-moves">``; both groups are
  always there (empty when there is nothing to show) and ignore pointer events.
- a fight of the turn shown is ``<g class="fight" data-fight="e5" data-fallen="s">``
  in ``<g class="fights">``: the piece that fell (removed pieces are known to both
  players), crossed out.
- the marks of a tap (:func:`board_marks`) are drawn over everything: the
  selected piece's frame (``sel``), a dot on an empty square it may go to (``hint
  move``), corners on a piece it may attack (``hint attack``), the keyboard
  cursor's ring (``focus-ring``). The page paints them on a ``<canvas
  class="board-marks">`` over the board (:func:`marks_canvas`); the rules'
  diagrams draw them in ``<g class="marks">`` in the board, each a ``<g>`` of that
  class naming its square in ``data-at``.

Coordinates: the board is 1000 x 1000 user units (100 per square) in a viewBox
with a margin for the file and rank labels, so the SVG scales to any width.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from math import hypot
from typing import NamedTuple

from espionage.board import NEUTRAL_RANKS, SIZE, file_of, rank_of, square_name
from espionage.moves import Move
from espionage.pieces import KINDS, UNKNOWN, VOLCANO

from .accessible import board_name, cell_name, cell_notes
from .i18n import N_, _, language
from .keyboard import start as keyboard_start
from .markup import Element, Elements
from .words import YOUR_PIECES, kind_with_rank, piece

__all__ = ["BoardPicture", "Mark", "Shape", "board_marks", "board_svg", "marks_canvas", "marks_data", "piece_svg", "square_at", "square_origin"]

RED, BLUE = 0, 1
# How a piece is named on the board, by side ("Red Captain (3)") and unknown ("Red piece (unknown)").
SIDE_PIECES = (N_("Red {piece}"), N_("Blue {piece}"))
UNKNOWN_PIECES = (N_("Red piece (unknown)"), N_("Blue piece (unknown)"))
SIDE_CLASSES = ("red", "blue")
CELL = 100
BOARD = CELL * SIZE
VIEWBOX = (-44, -8, BOARD + 52, BOARD + 52)
SQUARE_START = '<g class="square '
"""How each square's markup begins; the squares are drawn one after the other, a row at a time."""
ROW_START = '<g role="row"'
"""How each row of the grid begins; the ten rows follow one another, top to bottom."""
FONT = "system-ui,-apple-system,'Segoe UI',Roboto,sans-serif"

# -- colours ------------------------------------------------------------------

CELL_FILL = {
    ("home", "light"): "#f3e9cf",
    ("home", "dark"): "#e4d5b0",
    ("neutral", "light"): "#e4edd2",
    ("neutral", "dark"): "#d0ddb8",
    "volcano": "#c9b08f",
}
TOKEN = (
    # fill, edge: a warm vermilion square and a deep blue disc (shape and
    # lightness differ too, for colour-blind players: tests/test_colour_vision.py)
    ("#d9532a", "#6e190c"),
    ("#174585", "#0a2650"),
)
HINT = "#137a45"  # where the selected piece may go
SELECTED = "#ffd43b"
LAST = "#9b6bd0"
PLANNED = "#f06b12"
FRAME = "#5b4a33"
LABEL = "#6b5c40"

# -- drawings (100 x 100 cell coordinates) --------------------------------------


def _num(x):
    return f"{round(x, 1):g}"


def _star(cx, cy, r):
    from math import cos, pi, sin

    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.45
        a = -pi / 2 + i * pi / 5
        pts.append(f"{_num(cx + rr * cos(a))} {_num(cy + rr * sin(a))}")
    return "M" + "L".join(pts) + "Z"


def _soldier(rank):
    if rank <= 3:
        top = 29 - (8 + 7 * (rank - 1)) / 2
        d = "".join(f"M36 {_num(top + 7 * i + 8)}L50 {_num(top + 7 * i)}L64 {_num(top + 7 * i + 8)}" for i in range(rank))
        insignia = (
            f'<path d="{d}" fill="none" stroke="#fff" stroke-width="5" '
            'stroke-linecap="round" stroke-linejoin="round"/>'
        )
    else:
        step, r = (14.5, 7.8) if rank == 4 else (12.5, 7)
        x0 = 50 - step * (rank - 1) / 2
        insignia = '<path fill="#fff" d="' + "".join(_star(x0 + step * i, 28, r) for i in range(rank)) + '"/>'
    number = (
        f'<text x="50" y="81" fill="#fff" font-size="40" font-weight="700" '
        f'text-anchor="middle">{rank}</text>'
    )
    return insignia + number


def _spikes():
    from math import cos, pi, sin

    lines, knobs = [], []
    for i in range(8):
        a = i * pi / 4 + pi / 8
        x, y = 50 + 27 * cos(a), 52 + 27 * sin(a)
        lines.append(f"M50 52L{_num(x)} {_num(y)}")
        knobs.append(f'<circle cx="{_num(x)}" cy="{_num(y)}" r="4.2"/>')
    return (
        f'<path d="{"".join(lines)}" stroke="#fff" stroke-width="5"/>'
        + "".join(knobs)
    )


DRAWINGS = {
    "token-red": (
        '<rect x="13" y="16" width="76" height="76" rx="15" fill="#000" fill-opacity=".22"/>'
        f'<rect x="12" y="12" width="76" height="76" rx="15" fill="{TOKEN[RED][0]}" '
        f'stroke="{TOKEN[RED][1]}" stroke-width="3"/>'
        '<rect x="17.5" y="17.5" width="65" height="65" rx="11" fill="none" stroke="#fff" '
        'stroke-opacity=".4" stroke-width="2"/>'
    ),
    "token-blue": (
        '<circle cx="51" cy="54" r="42" fill="#000" fill-opacity=".22"/>'
        f'<circle cx="50" cy="50" r="42" fill="{TOKEN[BLUE][0]}" stroke="{TOKEN[BLUE][1]}" stroke-width="3"/>'
        '<circle cx="50" cy="50" r="36" fill="none" stroke="#fff" stroke-opacity=".4" '
        'stroke-width="2" stroke-dasharray="5 3.5"/>'
    ),
    "icon-unknown": (
        '<text x="50" y="68" fill="#fff" fill-opacity=".92" font-size="50" font-weight="700" '
        'text-anchor="middle">?</text>'
    ),
    # Spy: a fedora and dark glasses
    "icon-S": (
        '<g fill="#fff"><path d="M34 45L37.5 25Q42 19 50 23.5Q58 19 62.5 25L66 45Z"/>'
        '<ellipse cx="50" cy="45.5" rx="29" ry="6"/></g>'
        '<rect x="35.5" y="36" width="29" height="5" fill="#000" fill-opacity=".4"/>'
        '<path d="M46.5 63Q50 59.5 53.5 63" fill="none" stroke="#fff" stroke-width="3"/>'
        '<g fill="#1b1b1b" stroke="#fff" stroke-width="3"><circle cx="39" cy="64" r="8.5"/>'
        '<circle cx="61" cy="64" r="8.5"/></g>'
    ),
    # Sapper: a pick and a shovel crossed
    "icon-E": (
        '<g fill="#fff" transform="rotate(-38 50 50)">'
        '<rect x="47" y="24" width="6" height="60" rx="2.5"/>'
        '<path d="M22 31Q50 14 78 31Q50 22 22 31Z" stroke="#fff" stroke-width="4" stroke-linejoin="round"/></g>'
        '<g fill="#fff" transform="rotate(38 50 50)">'
        '<rect x="47" y="30" width="6" height="34" rx="2.5"/>'
        '<path d="M40 18h20v10h-20zM44.5 21.5v3h11v-3z" fill-rule="evenodd"/>'
        '<path d="M38.5 60h23v11q0 11-11.5 16q-11.5-5-11.5-16z"/></g>'
    ),
    # Mine: a spiked sea mine
    "icon-M": (
        '<g fill="#fff">'
        + _spikes()
        + '<circle cx="50" cy="52" r="18"/></g>'
        '<circle cx="44" cy="46" r="5" fill="#000" fill-opacity=".25"/>'
    ),
    # Headquarters: a command tent with a flag
    "icon-H": (
        '<path d="M50 17V45" stroke="#fff" stroke-width="3"/>'
        '<path d="M51.5 17L71 23.5L51.5 30Z" fill="#fff"/>'
        '<path d="M26 77L50 43L74 77Z" fill="#fff" stroke="#fff" stroke-width="3" stroke-linejoin="round"/>'
        '<path d="M50 53L42 77H58Z" fill="#000" fill-opacity=".45"/>'
    ),
    # the badge of an enemy piece whose kind the viewer learned though it stays masked:
    # a magnifying glass (top right corner of its square)
    "badge-learned": (
        '<circle cx="82" cy="18" r="16" fill="#fff" stroke="#1b1b1b" stroke-width="2.5"/>'
        '<circle cx="79" cy="15" r="7" fill="none" stroke="#1b1b1b" stroke-width="3.5"/>'
        '<path d="M84 20L91 27" stroke="#1b1b1b" stroke-width="4.5" stroke-linecap="round"/>'
    ),
    # the eye badge of an unmasked piece (top right corner of its square)
    "badge-eye": (
        '<circle cx="82" cy="18" r="16" fill="#fff" stroke="#1b1b1b" stroke-width="2.5"/>'
        '<path d="M70.5 18Q82 6.5 93.5 18Q82 29.5 70.5 18Z" fill="#1b1b1b"/>'
        '<circle cx="82" cy="18" r="5" fill="#fff"/><circle cx="82" cy="18" r="2.4" fill="#1b1b1b"/>'
    ),
    "volcano": (
        '<circle cx="45" cy="22" r="6" fill="#8d8d8d" fill-opacity=".8"/>'
        '<circle cx="55" cy="15" r="7.5" fill="#a3a3a3" fill-opacity=".8"/>'
        '<circle cx="66" cy="11" r="5" fill="#bdbdbd" fill-opacity=".8"/>'
        '<path d="M8 88L37 36Q50 42 63 36L92 88Z" fill="#5d4037"/>'
        '<path d="M8 88L37 36Q43 39 48 39.5L35 88Z" fill="#fff" fill-opacity=".13"/>'
        '<ellipse cx="50" cy="37" rx="13" ry="4.5" fill="#ff5a1f"/>'
        '<path d="M40 38Q45 50 39 62Q46 57 47 67Q51 52 55 60Q54 47 60 38Z" fill="#ff8f1f"/>'
    ),
}
for _letter, _kind in KINDS.items():
    if _kind.is_soldier:
        DRAWINGS[f"icon-{_letter}"] = _soldier(_kind.rank)

_DEFS = "<defs>" + "".join(f'<g id="{name}">{body}</g>' for name, body in DRAWINGS.items()) + "</defs>"

# -- the picture ---------------------------------------------------------------


@dataclass(frozen=True)
class BoardPicture:
    """What to draw: the board as one viewer may see it, and the interface state."""

    letters: tuple
    """100 entries by square (0 = a1 .. 99 = j10): the EPN letter as the viewer
    sees it (Red upper case, Blue lower case, "?" unknown enemy, "V" volcano),
    or None for an empty square."""
    unknown_side: int | None = None
    """The side (0 Red, 1 Blue) of the "?" pieces: the viewer's enemy."""
    bottom: int = 0
    """The side whose home ranks are at the bottom (1: the board turned 180°)."""
    unmasked: frozenset = frozenset()
    learned: tuple = ()
    """(square, how) of each masked enemy piece drawn with a kind the viewer learned
    from the moves ("unmasking": it unmasked pieces as a Spy): drawn with its kind and the
    magnifying-glass badge."""
    selected: int | None = None
    targets: frozenset = frozenset()
    last_turn: tuple = ()
    """Moves of the opponent's last turn (anything with .from_square/.to_square, or "e3-e4")."""
    planned: tuple = ()
    """Moves planned this turn, not yet submitted: drawn as arrows."""
    waiting: tuple = ()
    """(square, letter) of each piece whose attack is planned, drawn faded on the square it
    attacks from: it has left it (another piece may move there) and waits on its arrow for the
    fight, whose result comes when the turn is played."""
    pending_fights: tuple = ()
    """Attacks sent in a sealed link game whose result the other device has not
    sent yet: both pieces stay where they stand, a dashed arrow joins them and
    both squares are marked ``pending``."""
    cursor: int | None = None
    zone: frozenset = frozenset()
    owners: tuple = ()
    """Optional, 100 entries: the side (0, 1) of each piece, or None; lets a
    spectator's board show "?" pieces of both sides."""
    fights: tuple = ()
    """(square, letter of the piece that fell) of each fight of the turn shown."""


_LETTERS = frozenset(KINDS) | frozenset(k.lower() for k in KINDS) | {UNKNOWN, VOLCANO, None}


def square_origin(sq, bottom=0):
    """The top-left corner (x, y) of square ``sq`` in board coordinates."""
    col, row = file_of(sq), SIZE - rank_of(sq)
    if bottom:
        col, row = SIZE - 1 - col, SIZE - 1 - row
    return col * CELL, row * CELL


def square_at(x, y, bottom=0):
    """The square under board point (x, y), or None outside the board."""
    if not (0 <= x < BOARD and 0 <= y < BOARD):
        return None
    col, row = int(x // CELL), int(y // CELL)
    if bottom:
        col, row = SIZE - 1 - col, SIZE - 1 - row
    return (SIZE - 1 - row) * SIZE + col


def _move(m):
    return Move.from_str(m) if isinstance(m, str) else m


def _piece_side(letter, unknown_side, viewer):
    if letter == UNKNOWN:
        return unknown_side if unknown_side is not None else 1 - viewer
    return RED if letter.isupper() else BLUE


def _piece_name(letter, side, viewer):
    """How a title names a piece: never a kind for "?"."""
    if letter == UNKNOWN:
        return _(UNKNOWN_PIECES[side])
    kind = letter.upper()
    if side != viewer:
        return _(SIDE_PIECES[side]).format(piece=kind_with_rank(kind))
    if KINDS[kind].is_soldier:
        return _("{piece} ({rank})").format(piece=_(YOUR_PIECES[kind]), rank=KINDS[kind].rank)
    return _(YOUR_PIECES[kind])


@lru_cache(maxsize=1024)
def _arrow(a, b, bottom, shaft, head_w, head_l, start, end):
    ax, ay = square_origin(a, bottom)
    bx, by = square_origin(b, bottom)
    x1, y1, x2, y2 = ax + 50, ay + 50, bx + 50, by + 50
    length = hypot(x2 - x1, y2 - y1) or 1
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    px, py = -uy, ux
    sx, sy = x1 + ux * start, y1 + uy * start
    tx, ty = x2 - ux * end, y2 - uy * end
    hx, hy = tx - ux * head_l, ty - uy * head_l
    pts = (
        (sx + px * shaft / 2, sy + py * shaft / 2),
        (hx + px * shaft / 2, hy + py * shaft / 2),
        (hx + px * head_w / 2, hy + py * head_w / 2),
        (tx, ty),
        (hx - px * head_w / 2, hy - py * head_w / 2),
        (hx - px * shaft / 2, hy - py * shaft / 2),
        (sx - px * shaft / 2, sy - py * shaft / 2),
    )
    return "M" + "L".join(f"{_num(x)} {_num(y)}" for x, y in pts) + "Z"


def board_svg(picture: BoardPicture, area=None, tap_marks=True) -> str:
    """The whole board as an ``<svg>`` element (a string of well-formed XML).

    ``area``, two opposite corner squares, draws only that rectangle of the board,
    with its own labels: the small boards of the rules' diagrams. ``tap_marks`` False
    leaves out what a tap changes (the selection, where it may go, the keyboard
    cursor's ring): the page draws them apart, in :func:`marks_canvas` over the board."""
    letters = tuple(picture.letters)
    if len(letters) != SIZE * SIZE:
        raise ValueError(f"a board picture needs 100 letters, not {len(letters)}")
    if not _LETTERS.issuperset(letters):
        bad = next(letter for letter in letters if letter not in _LETTERS)
        raise ValueError(f"{bad!r} is not a piece letter a board picture can show")
    bottom = 1 if picture.bottom else 0
    unknown_side = picture.unknown_side
    viewer = 1 - unknown_side if unknown_side is not None else bottom
    last = [_move(m) for m in picture.last_turn]
    planned = [_move(m) for m in picture.planned]
    pending = [_move(m) for m in picture.pending_fights]
    marks = _board_marks(picture, bottom, last, pending)
    owners = picture.owners or _NO_OWNERS

    if area is None:
        squares = _squares(letters, owners, bottom, viewer, unknown_side, marks)
        (x0, y0, width, height), labels, part = (0, 0, BOARD, BOARD), _LABELS[bottom], ""
    else:
        in_area, (x0, y0, width, height), labels = _area(area, bottom)
        squares = [
            _square(sq, letters[sq], owners[sq], bottom, viewer, unknown_side, marks.get(sq, 0), language())
            for sq in in_area
        ]
        part = f' part" data-area="{square_name(min(area))}-{square_name(max(area))}'  # closes the class attribute
    tag = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="espionage-board bottom-{SIDE_CLASSES[bottom]}{part}" '
        f'viewBox="{_viewbox(x0, y0, width, height)}" width="100%" height="100%" font-family="{FONT}" '
        f'role="grid" aria-label="{escape(board_name(bottom))}">'
    )
    out = [
        _DEFS,
        f'<rect class="frame" x="{x0 - 6}" y="{y0 - 6}" width="{width + 12}" height="{height + 12}" rx="10" fill="{FRAME}"/>',
    ]
    columns = width // CELL  # the grid's rows, each an element of its squares (for ui/patch.py)
    out += [_row(squares[i : i + columns]) for i in range(0, len(squares), columns)]
    if tap_marks:
        out.append(f'<g class="marks" pointer-events="none">{_marks_svg(picture, bottom)}</g>')
    out.append(_waiting_attackers(picture.waiting, bottom))
    out += _move_layers(last, pending, planned, bottom)
    out.append(_fight_marks(picture.fights, bottom))
    out.append(labels)
    return _kept_board(tag, out)


def _board_marks(picture, bottom, last, pending):
    """Each marked square's marks (a sum of the mark bits), from the picture."""
    marks = {}
    for mark, squares in (
        (UNMASKED, picture.unmasked),
        (TARGET, picture.targets),
        (LAST_FROM, [m.from_square for m in last]),
        (LAST_TO, [m.to_square for m in last]),
        (ZONE, picture.zone),
        (SELECTED_MARK, () if picture.selected is None else (picture.selected,)),
        (CURSOR, () if picture.cursor is None else (picture.cursor,)),
        (LEARNED_UNMASKING, [sq for sq, how in picture.learned if how == "unmasking"]),
        (PENDING, [sq for m in pending for sq in (m.from_square, m.to_square)]),
        (WAITING, [sq for sq, _letter in picture.waiting]),
        (TAB_STOP, (_tab_stop(picture, bottom),)),
    ):
        for sq in squares:
            marks[sq] = marks.get(sq, 0) | mark
    return marks


def _move_layers(last, pending, planned, bottom):
    """The arrows of the last turn, of the fights pending and of the planned moves: the layers are
    always there, empty or not (a tap then changes a layer, not the board's children)."""
    return [_layer("last-moves", (
        f'<path class="last-move" d="{_arrow(m.from_square, m.to_square, bottom, 9, 28, 20, 32, 40)}" '  # clear of both pieces
        f'fill="{LAST}" fill-opacity=".75" stroke="#fff" stroke-opacity=".7" stroke-width="2"/>'
        for m in last
    )), _layer("pending-fights", (
        f'<path class="pending-fight" data-move="{square_name(m.from_square)}-{square_name(m.to_square)}" '
        f'd="{_arrow(m.from_square, m.to_square, bottom, 10, 34, 26, 20, 20)}" fill="#fff" fill-opacity=".85" '
        f'stroke="{PLANNED}" stroke-width="5" stroke-dasharray="10 7" stroke-linejoin="round"/>'
        for m in pending
    )), _layer("planned-moves", (
        f'<path class="planned-move" data-move="{square_name(m.from_square)}-{square_name(m.to_square)}" '
        f'd="{_arrow(m.from_square, m.to_square, bottom, 14, 40, 24, 32, 36)}" fill="{PLANNED}" fill-opacity=".9" '  # clear of both pieces
        'stroke="#fff" stroke-width="4" stroke-linejoin="round" paint-order="stroke"/>'
        for m in planned
    ))]


def _viewbox(x0, y0, width, height):
    """The viewBox of a drawn rectangle of the board, with room for its labels."""
    return f"{x0 + VIEWBOX[0]} {y0 + VIEWBOX[1]} {width + VIEWBOX[2] - BOARD} {height + VIEWBOX[3] - BOARD}"


class Shape(NamedTuple):
    """One shape of a mark, in board coordinates: an SVG path, filled and/or stroked (an
    SVG ``<path>`` draws it on a diagram, a canvas's ``Path2D`` on the page)."""

    d: str
    fill: str | None = None
    opacity: float = 1  # the fill's (a stroke is opaque)
    stroke: str | None = None
    width: float = 0

    def svg(self):
        stroke = f' stroke="{self.stroke}" stroke-width="{_num(self.width)}"' if self.stroke else ""
        opacity = f' fill-opacity="{_num(self.opacity)}"' if self.fill and self.opacity != 1 else ""
        return f'<path d="{self.d}" fill="{self.fill or "none"}"{opacity}{stroke}/>'


class Mark(NamedTuple):
    """What a tap draws on one square: ``kind`` (``sel``: the selected piece's frame;
    ``hint move`` / ``hint attack``: where it may go; ``focus-ring``: the keyboard
    cursor), the square's name and the shapes, drawn in order."""

    kind: str
    at: str
    shapes: tuple[Shape, ...]


def board_marks(picture: BoardPicture) -> tuple[Mark, ...]:
    """What a tap changes on the board: the selected piece's frame, a dot on each square
    it may move to or corners on each it may attack, and the keyboard cursor's ring."""
    bottom = 1 if picture.bottom else 0
    return tuple(_mark(kind, sq, bottom) for kind, sq in _marked(picture))


def _marked(picture):
    """Which mark each marked square has, (kind, square), in drawing order."""
    if picture.selected is not None:
        yield "sel", picture.selected
    for sq in sorted(picture.targets):
        yield "hint move" if picture.letters[sq] is None else "hint attack", sq
    if picture.cursor is not None:
        yield "focus-ring", picture.cursor


@lru_cache(maxsize=1024)
def _mark(kind, sq, bottom):
    """A mark of ``kind`` on square ``sq`` (a handful of kinds on a hundred squares: each drawn once)."""
    x, y = square_origin(sq, bottom)
    if kind == "sel":
        shapes = _rings(x, y, SELECTION_RINGS)
    elif kind == "focus-ring":
        shapes = _rings(x, y, FOCUS_RINGS)
    elif kind == "hint move":  # a tinted square and a dot
        shapes = (Shape(_rounded(x, y, CELL, CELL, 0), HINT, 0.16), Shape(_circle(x + 50, y + 50, 19), HINT, 0.85, "#fff", 4))
    else:  # corners, clear of the piece
        corners = f"M{x} {y}h32l-32 32zM{x + 100} {y}v32l-32-32zM{x + 100} {y + 100}h-32l32-32zM{x} {y + 100}v-32l32 32z"
        shapes = (Shape(corners, HINT, 0.85),)
    return Mark(kind, square_name(sq), shapes)


def marks_canvas(picture: BoardPicture) -> str:
    """The page's marks (:func:`board_marks`): a ``<canvas>`` over the board that the
    browser binding paints from its ``data-marks`` (:func:`marks_data`), in the board's
    ``data-view-box``. A canvas painted again costs a tablet's frame far less than any
    change to the page's SVG, so a tap that selects a piece is drawn within its frame.
    The squares still say what they are (``selected``, ``target``, ``cursor`` classes
    and their accessible names)."""
    return (
        f'<canvas class="board-marks" data-view-box="{_viewbox(0, 0, BOARD, BOARD)}" '
        f'data-marks="{escape(marks_data(picture))}" aria-hidden="true"></canvas>'
    )


def marks_data(picture: BoardPicture) -> str:
    """The marks as JSON: ``[[kind, square, [[d, fill, fill opacity, stroke, stroke width], …]], …]``."""
    bottom = 1 if picture.bottom else 0
    return f"[{','.join(_mark_data(kind, sq, bottom) for kind, sq in _marked(picture))}]"


@lru_cache(maxsize=1024)
def _mark_data(kind, sq, bottom):
    mark = _mark(kind, sq, bottom)
    return json.dumps([mark.kind, mark.at, [list(s) for s in mark.shapes]], separators=(",", ":"))


def _marks_svg(picture, bottom):
    """The marks drawn inside a diagram's board (each names its square in ``data-at``)."""
    return "".join(
        f'<g class="{m.kind}" data-at="{m.at}">{"".join(s.svg() for s in m.shapes)}</g>' for m in board_marks(picture)
    )


SELECTION_RINGS = ((5, 6, SELECTED, 9), (1, 8, "#8a5a00", 2))
"""The selected piece's frame: (inset, corner radius, colour, width) of each ring, a dark edge outside."""
FOCUS_RINGS = ((5, 8, "#fff", 10), (5, 8, "#111", 5))
"""The keyboard cursor's ring: dark on light, seen on every square."""


def _rings(x, y, rings):
    """Rings round the square whose corner is (x, y), drawn in order."""
    return tuple(
        Shape(_rounded(x + inset, y + inset, CELL - 2 * inset, CELL - 2 * inset, radius), stroke=colour, width=width)
        for inset, radius, colour, width in rings
    )


def _rounded(x, y, width, height, r):
    """A rectangle's path, its corners rounded by ``r``."""
    if not r:
        return f"M{x} {y}h{width}v{height}h{-width}z"
    arc = f"a{r} {r} 0 0 1"
    return (f"M{x + r} {y}h{width - 2 * r}{arc} {r} {r}v{height - 2 * r}{arc} {-r} {r}"
            f"h{2 * r - width}{arc} {-r} {-r}v{2 * r - height}{arc} {r} {-r}z")


def _circle(cx, cy, r):
    return f"M{cx - r} {cy}a{r} {r} 0 1 0 {2 * r} 0a{r} {r} 0 1 0 {-2 * r} 0z"


_last_rows = {}
"""The rows of squares drawn last, by their squares (the same strings, ``_squares``):
a row a tap did not change is the same object again, which ui/patch.py passes over
without reading it."""


def _row(squares):
    key = tuple(squares)
    row = _last_rows.get(key)
    if row is None:
        if len(_last_rows) > 2 * SIZE:
            _last_rows.clear()
        row = _last_rows[key] = Element(ROW_START + ">", Elements(key), "g")
    return row


_last_board = [None, None]
"""The parts and the board drawn last: drawn again the same, it is the same object."""


def _kept_board(tag, parts):
    last_parts, board = _last_board
    if last_parts is not None and len(parts) == len(last_parts) and all(a is b or a == b for a, b in zip(parts, last_parts)) and board.tag == tag:
        return board
    board = Element(tag, Elements(parts), "svg")  # its parts kept, for ui/patch.py
    _last_board[:] = parts, board
    return board


def _layer(name, paths):
    """An arrows layer, always there, empty or not: a tap then changes a layer, not the board's children."""
    return f'<g class="{name}" pointer-events="none">' + "".join(paths) + "</g>"


def _tab_stop(picture, bottom):
    """The one cell the Tab key reaches (a roving tabindex): the keyboard cursor, else
    where the cursor starts (a tap moves neither)."""
    return keyboard_start(bottom) if picture.cursor is None else picture.cursor


def _waiting_attackers(waiting, bottom):
    """The pieces whose attack is planned, faded where they attack from (``BoardPicture.waiting``).
    The layer is always there, empty or not, like the arrows'."""
    out = ['<g class="waiting-attackers" pointer-events="none">']
    for sq, letter in waiting:
        x, y = square_origin(sq, bottom)
        side = RED if letter.isupper() else BLUE
        out.append(
            f'<g class="waiting" data-waiting="{square_name(sq)}" data-attacker="{escape(letter)}" '
            f'transform="translate({x} {y})" opacity=".45">'
            f'<use href="#token-{SIDE_CLASSES[side]}"/><use href="#icon-{letter.upper()}"/></g>'
        )
    out.append("</g>")
    return "".join(out)


FIGHT_MARK_AT, FIGHT_MARK_SCALE = (1, 63), 0.36
"""Where the mark of a fight stands in its square, and its size: 36 of the square's 100 units
wide, in the lower left corner, left of the rank number (x 38 to 62, under the insignia)."""


def _fight_marks(fights, bottom):
    """Where a fight happened: the piece that fell, small and crossed out, in the square's
    lower left corner (clear of the eye badge and of the rank number). The layer is
    always there, empty or not, like the arrows'."""
    out = ['<g class="fights" pointer-events="none">']
    for sq, letter in fights:
        x, y = square_origin(sq, bottom)
        side = RED if letter.isupper() else BLUE
        what = _("Fight on {square}: {piece} fell").format(square=square_name(sq), piece=piece(letter.upper(), side, None))
        out.append(
            f'<g class="fight" data-fight="{square_name(sq)}" data-fallen="{escape(letter)}" '
            f'transform="translate({x + FIGHT_MARK_AT[0]} {y + FIGHT_MARK_AT[1]}) scale({FIGHT_MARK_SCALE:g})">'
            f"<title>{escape(what)}</title>"
            '<circle cx="50" cy="50" r="50" fill="#fff" fill-opacity=".9"/>'
            f'<use href="#token-{SIDE_CLASSES[side]}"/><use href="#icon-{letter.upper()}"/>'
            '<path d="M14 14L86 86M86 14L14 86" stroke="#b3140b" stroke-width="13" stroke-linecap="round"/></g>'
        )
    out.append("</g>")
    return "".join(out)


# What marks a square, as bits (a square's markup is cached by its letter, owner, view and marks)
UNMASKED, TARGET, LAST_FROM, LAST_TO, ZONE, SELECTED_MARK, CURSOR, LEARNED_UNMASKING, PENDING, TAB_STOP, WAITING = (
    1 << i for i in range(11)
)
LEARNED_HOW = {"unmasking": N_("known: it unmasked pieces as a Spy")}
_NO_OWNERS = (None,) * (SIZE * SIZE)
_DRAWING_ORDER = tuple(
    tuple(square_at(col * CELL, row * CELL, bottom) for row in range(SIZE) for col in range(SIZE)) for bottom in (0, 1)
)
_DRAWING_INDEX = tuple({sq: i for i, sq in enumerate(order)} for order in _DRAWING_ORDER)


_last_squares = [None, None]
"""The arguments and the squares of the last board drawn."""


def _squares(letters, owners, bottom, viewer, unknown_side, marks):
    """The squares' markup in drawing order. A tap changes only marks (a selection,
    its targets) on a few squares: when all else is as on the board drawn last, only
    the squares whose marks changed are looked up again."""
    board = (letters, owners, bottom, viewer, unknown_side, language())
    last, squares = _last_squares
    if last is not None and last[0] == board:
        squares = list(squares)
        index = _DRAWING_INDEX[bottom]
        for sq in {*marks, *last[1]}:
            mark = marks.get(sq, 0)
            if mark != last[1].get(sq, 0):
                squares[index[sq]] = _square(sq, letters[sq], owners[sq], bottom, viewer, unknown_side, mark, board[-1])
    else:
        squares = [
            _square(sq, letters[sq], owners[sq], bottom, viewer, unknown_side, marks.get(sq, 0), board[-1])
            for sq in _DRAWING_ORDER[bottom]
        ]
    _last_squares[:] = (board, dict(marks)), squares
    return squares


@lru_cache(maxsize=4096)
def _square(sq, letter, owner, bottom, viewer, unknown_side, marks, language):
    """One square's markup: a tap changes few squares, so most come from the cache
    (``language``: the one its title is in, a part of the cache key)."""
    name = square_name(sq)
    x, y = square_origin(sq, bottom)
    shade = "dark" if (file_of(sq) + rank_of(sq)) % 2 == 0 else "light"
    area = "neutral" if rank_of(sq) in NEUTRAL_RANKS else "home"
    classes = ["square", shade]
    if area == "neutral":
        classes.append("neutral")
    is_volcano = letter == VOLCANO
    has_piece = letter is not None and not is_volcano
    side = None
    if has_piece:
        side = owner if owner is not None else _piece_side(letter, unknown_side, viewer)
    selected, target, zone = (bool(marks & m) for m in (SELECTED_MARK, TARGET, ZONE))
    last_from, last_to, unmasked = (bool(marks & m) for m in (LAST_FROM, LAST_TO, UNMASKED))
    how = "unmasking" if marks & LEARNED_UNMASKING else None
    if is_volcano:
        classes.append("volcano")
    what = _square_content(letter, side, viewer, is_volcano, has_piece, unmasked, how)
    notes = _square_marks(classes, marks, has_piece)
    fill = CELL_FILL["volcano"] if is_volcano else CELL_FILL[area, shade]
    title = escape(_("{square}: {what}").format(square=name, what=_(", ").join([what, *notes])))
    spoken = cell_name(
        sq, letter, side, viewer, unmasked, how is not None,
        cell_notes(selected, target, has_piece, last_from, last_to, zone, bool(marks & PENDING), bool(marks & WAITING)),
    )
    grid = (
        f'role="gridcell" aria-label="{escape(spoken)}" '
        f'aria-selected="{"true" if selected else "false"}" tabindex="{0 if marks & TAB_STOP else -1}"'
    )
    parts = [
        (
            f'<g class="{" ".join(classes)}" data-square="{name}" {grid} transform="translate({x} {y})">'
            f"<title>{title}</title>"
            f'<rect class="cell" width="{CELL}" height="{CELL}" fill="{fill}"/>'
        )
    ]
    parts += _square_highlights(zone, last_from, last_to)
    if is_volcano:
        parts.append('<use class="volcano-art" href="#volcano"/>')
    elif has_piece:
        parts.append(_piece_markup(letter, side, unmasked, how))
    parts.append("</g>")
    return "".join(parts)


def _square_content(letter, side, viewer, is_volcano, has_piece, unmasked, how):
    """What stands on a square, in words (its title and its cell's name start with it)."""
    if is_volcano:
        return _("volcano")
    if not has_piece:
        return _("empty")
    what = _piece_name(letter, side, viewer)
    if unmasked:
        return what + _(", ") + _("unmasked")
    if how is not None:
        return what + _(", ") + _(LEARNED_HOW[how])
    return what


def _square_marks(classes, marks, has_piece):
    """A square's marks as its classes (added to ``classes``), and the notes of its title: what
    stays while a piece is chosen (the cell's aria-label names the choice too)."""
    notes = []
    if marks & SELECTED_MARK:
        classes.append("selected")
    if marks & TARGET:
        classes.append("target")
        if has_piece:
            classes.append("attack")
    if marks & LAST_FROM:
        classes.append("last-from")
        notes.append(_("last turn moved from here"))
    if marks & LAST_TO:
        classes.append("last-to")
        notes.append(_("last turn moved here"))
    if marks & PENDING:
        classes.append("pending")
        notes.append(_("fight pending: the result comes with the other player's reply"))
    if marks & WAITING:
        classes.append("waiting-from")
        notes.append(_("a planned attack starts here"))
    if marks & ZONE:
        classes.append("zone")
    if marks & CURSOR:
        classes.append("cursor")
    return notes


def _square_highlights(zone, last_from, last_to):
    """The glow of a setup zone's square, and the mark of a square the last turn moved from or to."""
    parts = []
    if zone:
        parts.append('<rect class="glow" x="4" y="4" width="92" height="92" rx="6" fill="#fff" '
                     'fill-opacity=".5" stroke="#fff" stroke-width="3"/>')
    if last_from or last_to:
        opacity = ".5" if last_to else ".3"
        parts.append(f'<rect class="last" width="{CELL}" height="{CELL}" fill="{LAST}" fill-opacity="{opacity}"/>')
        # not by colour alone: a dashed edge, long dashes where a piece arrived
        dashes = "16 8" if last_to else "6 8"
        parts.append(
            f'<rect class="last-edge" x="5" y="5" width="90" height="90" fill="none" stroke="{LAST}" '
            f'stroke-width="5" stroke-dasharray="{dashes}"/>'
        )
    return parts


def _piece_markup(letter, side, unmasked, learned=None):
    classes = ["piece", SIDE_CLASSES[side]]
    if letter == UNKNOWN:
        classes.append("unknown")
        icon = "icon-unknown"
    else:
        icon = f"icon-{letter.upper()}"
    known = ""
    if unmasked:
        classes.append("unmasked")
        badge = '<use href="#badge-eye"/>'
    elif learned is not None:
        classes.append("learned")
        badge = '<use href="#badge-learned"/>'
        known = f' data-known="{learned}"'
    else:
        badge = ""
    return (
        f'<g class="{" ".join(classes)}" data-piece="{escape(letter)}"{known}>'
        f'<use href="#token-{SIDE_CLASSES[side]}"/><use href="#{icon}"/>{badge}</g>'
    )


def _labels(bottom, cols=range(SIZE), rows=range(SIZE), x0=0, y1=BOARD):
    """Column letters under the board and row numbers left of it (of the drawn columns and rows only)."""
    files = "abcdefghij"
    head = (
        f'<g class="coords" fill="{LABEL}" font-size="28" font-weight="600" text-anchor="middle" '
        'pointer-events="none" aria-hidden="true">'
    )
    out = [head]
    for col in cols:
        f = files[SIZE - 1 - col] if bottom else files[col]
        out.append(f'<text class="coord file" x="{col * CELL + 50}" y="{y1 + 34}">{f}</text>')
    for row in rows:
        r = row + 1 if bottom else SIZE - row
        out.append(f'<text class="coord rank" x="{x0 - 22}" y="{row * CELL + 60}">{r}</text>')
    out.append("</g>")
    return "".join(out)


def _area(corners, bottom):
    """The squares of the rectangle between two corner squares, in drawing order, its
    box on the board (x, y, width, height) and its labels."""
    xs, ys = zip(*(square_origin(sq, bottom) for sq in corners))
    x0, y0, x1, y1 = min(xs), min(ys), max(xs) + CELL, max(ys) + CELL
    cols, rows = range(x0 // CELL, x1 // CELL), range(y0 // CELL, y1 // CELL)
    squares = tuple(sq for sq in _DRAWING_ORDER[bottom] if x0 <= square_origin(sq, bottom)[0] < x1
                    and y0 <= square_origin(sq, bottom)[1] < y1)
    return squares, (x0, y0, x1 - x0, y1 - y0), _labels(bottom, cols, rows, x0, y1)


_LABELS = (_labels(0), _labels(1))



def piece_svg(letter: str, side: int | None = None, size=48, unmasked=False, learned=False) -> str:
    """One piece's icon as a standalone ``<svg>`` (for trays and legends).

    ``letter`` is an EPN letter ("K", "k", "?" or "V"); ``side`` (0 Red, 1 Blue)
    is needed for "?" and otherwise follows the letter's case. The markup is
    self-contained (no references to the board's ``<defs>``)."""
    return _piece_svg(letter, side, size, unmasked, learned, language())


@lru_cache(maxsize=256)
def _piece_svg(letter, side, size, unmasked, learned, language):
    """piece_svg, cached per language (its label is in it)."""
    if letter not in _LETTERS or letter is None:
        raise ValueError(f"{letter!r} is not a piece letter")
    head = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="{size}" height="{size}" '
    tail = f'font-family="{FONT}" role="img"'
    if letter == VOLCANO:
        volcano = escape(_("volcano"))
        return f'{head}class="piece-icon volcano" {tail} aria-label="{volcano}"><title>{volcano}</title>' \
               f'{DRAWINGS["volcano"]}</svg>'
    if letter == UNKNOWN:
        if side is None:
            raise ValueError("the side of an unknown piece must be given")
        icon = DRAWINGS["icon-unknown"]
        label = _(UNKNOWN_PIECES[side])
    else:
        side = (RED if letter.isupper() else BLUE) if side is None else side
        icon = DRAWINGS[f"icon-{letter.upper()}"]
        label = _(SIDE_PIECES[side]).format(piece=kind_with_rank(letter.upper()))
    if unmasked:
        label += _(", ") + _("unmasked")
    elif learned:
        label += _(", ") + _("known though masked")
    badge = DRAWINGS["badge-eye"] if unmasked else DRAWINGS["badge-learned"] if learned else ""
    return (
        f'{head}class="piece-icon {SIDE_CLASSES[side]}" data-icon="{escape(letter)}" {tail} '
        f'aria-label="{escape(label)}"><title>{escape(label)}</title>'
        f'{DRAWINGS["token-" + SIDE_CLASSES[side]]}{icon}{badge}</svg>'
    )
