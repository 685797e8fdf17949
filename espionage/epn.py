"""Espionage Position Notation (SPEC §6): reading and writing its 8 fields."""

from dataclasses import dataclass
from itertools import pairwise

from .board import ORTHOGONAL, SIZE, parse_square, square_name
from .moves import Move
from .pieces import KINDS, UNKNOWN, VOLCANO


class EPNError(ValueError):
    """A malformed EPN string; the message names the field that is wrong."""


_LETTERS = set(KINDS) | {k.lower() for k in KINDS} | {VOLCANO, UNKNOWN}
_DIGITS = "0123456789"  # ASCII only: str.isdigit() also takes "\u0664" and "\u00b2"
FIELD_NAMES = ("board", "side to move", "first move", "Red's no-return list", "Blue's no-return list",
               "unmasked", "quiet count", "turn number")


@dataclass(frozen=True)
class Position:
    """The 8 fields of an EPN line, parsed (squares as integers)."""

    letters: tuple  # 100 entries: a letter, "V", "?" or None, indexed by square
    side: int
    first_move: Move | None
    no_return: tuple  # (red moves, blue moves)
    unmasked: frozenset
    quiet: int
    turn: int


def _format_board(letters):
    ranks = []
    for rank in range(SIZE - 1, -1, -1):
        out, run = [], 0
        for f in range(SIZE):
            letter = letters[rank * SIZE + f]
            if letter is None:
                run += 1
                continue
            if run:
                out.append(str(run))
                run = 0
            out.append(letter)
        if run:
            out.append(str(run))
        ranks.append("".join(out))
    return "/".join(ranks)


def _format_moves(moves):
    return ",".join(str(m) for m in sorted(moves)) if moves else "-"


def format_epn(letters, side, first_move, no_return, unmasked, quiet, turn):
    return " ".join(
        (
            _format_board(letters),
            "rb"[side],
            str(first_move) if first_move else "-",
            _format_moves(no_return[0]),
            _format_moves(no_return[1]),
            ",".join(square_name(sq) for sq in sorted(unmasked)) or "-",
            str(quiet),
            str(turn),
        )
    )


def _parse_board(text):
    rows = text.split("/")
    if len(rows) != SIZE:
        raise EPNError(f"the board must have {SIZE} ranks separated by '/', this one has {len(rows)}")
    letters = [None] * (SIZE * SIZE)
    for i, row in enumerate(rows):
        rank = SIZE - 1 - i
        f = 0
        j = 0
        while j < len(row):
            ch = row[j]
            if ch in _DIGITS:
                k = j
                while k < len(row) and row[k] in _DIGITS:
                    k += 1
                if ch == "0":
                    raise EPNError(f"rank {rank + 1}: an empty run is written as its length, 1-10, not {row[j:k]!r}")
                run = int(row[j:k])
                f += run
                j = k
            elif ch in _LETTERS:
                if f < SIZE:
                    letters[rank * SIZE + f] = ch
                f += 1
                j += 1
            else:
                raise EPNError(f"rank {rank + 1}: {ch!r} is not a piece letter")
        if f != SIZE:
            raise EPNError(f"rank {rank + 1} covers {f} squares instead of {SIZE}")
    return tuple(letters)


def _field(field):
    return f"field {field} ({FIELD_NAMES[field - 1]})"


def _parse_move(text, field):
    """One move of field 3, 4 or 5: a step of one square up, down, left or right."""
    try:
        m = Move.from_str(text)
    except ValueError as e:
        raise EPNError(f"{_field(field)}: {e}") from None
    if m.to_square not in ORTHOGONAL[m.from_square]:
        raise EPNError(f"{_field(field)}: {text!r} is not a move: a move goes one square up, down, left or right")
    return m


def _parse_moves(text, field):
    """A no-return list: the moves of one turn (two at most), each piece on its own square.
    Any order is read (SPEC §7 reads "any legal EPN" and writes the canonical one)."""
    if text == "-":
        return ()
    moves = tuple(sorted(_parse_move(part, field) for part in text.split(",")))
    if len(moves) > 2:
        raise EPNError(f"{_field(field)}: a turn has at most two moves, this list has {len(moves)}")
    for a, b in pairwise(moves):
        if a.to_square == b.to_square:
            raise EPNError(f"{_field(field)}: {a} and {b} cannot both stand: two pieces on {square_name(a.to_square)}")
    return moves


def _parse_squares(text, field):
    """A list of squares, each once, in any order (written back in canonical order)."""
    if text == "-":
        return frozenset()
    try:
        squares = [parse_square(name) for name in text.split(",")]
    except ValueError as e:
        raise EPNError(f"{_field(field)}: {e}") from None
    for a, b in pairwise(sorted(squares)):
        if b == a:
            raise EPNError(f"{_field(field)}: {square_name(a)} is listed twice")
    return frozenset(squares)


def _parse_int(text, field, minimum):
    """A number as written: ASCII digits, no sign and no leading zero."""
    if not text or any(ch not in _DIGITS for ch in text) or (text[0] == "0" and text != "0") or int(text) < minimum:
        raise EPNError(f"{_field(field)} must be a whole number of at least {minimum}, written without leading zeros, "
                       f"not {text!r}")
    return int(text)


def parse_epn(text):
    """Parse an EPN line into a Position; EPNError says which field is wrong.

    Only the text SPEC §6 defines is read: one line of 8 fields separated by single
    spaces, numbers in ASCII digits without leading zeros, lists without repeats.
    Anything else is refused rather than read as another line. The one leniency: the
    lists of fields 4-6 may come in any order (SPEC §6 calls its order the canonical
    one, §7 reads "any legal EPN" and writes "canonical EPN"); they are written back
    in canonical order."""
    if not isinstance(text, str):
        raise EPNError("an EPN position is a line of text")
    fields = text.split(" ")
    for i, ch in enumerate(text):
        if ch.isspace() and ch != " ":
            field = text[:i].count(" ") + 1
            raise EPNError(f"EPN is one line of 8 fields separated by single spaces: {ch!r} in field {field}")
    if text.strip():
        for i, f in enumerate(fields):
            if not f:
                raise EPNError(
                    f"EPN has 8 fields separated by single spaces: field {i + 1} is empty "
                    "(two spaces in a row, or a space at an end)"
                )
    if len(fields) != 8:
        raise EPNError(f"EPN has 8 fields separated by single spaces; this has {len(text.split())}")
    board, side, first, red_nr, blue_nr, unmasked, quiet, turn = fields
    try:
        letters = _parse_board(board)
    except EPNError as e:
        raise EPNError(f"field 1 (board): {e}") from None
    if side not in ("r", "b"):
        raise EPNError(f"field 2 (side to move) must be 'r' or 'b', not {side!r}")
    return Position(
        letters=letters,
        side="rb".index(side),
        first_move=None if first == "-" else _parse_move(first, 3),
        no_return=(_parse_moves(red_nr, 4), _parse_moves(blue_nr, 5)),
        unmasked=_parse_squares(unmasked, 6),
        quiet=_parse_int(quiet, 7, 0),
        turn=_parse_int(turn, 8, 1),
    )
