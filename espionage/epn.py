"""Espionage Position Notation (SPEC §6): reading and writing its 8 fields."""

from dataclasses import dataclass

from .board import SIZE, parse_square, square_name
from .moves import Move
from .pieces import KINDS, UNKNOWN, VOLCANO


class EPNError(ValueError):
    """A malformed EPN string; the message names the field that is wrong."""


_LETTERS = set(KINDS) | {k.lower() for k in KINDS} | {VOLCANO, UNKNOWN}


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
            if ch.isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                run = int(row[j:k])
                if run == 0:
                    raise EPNError(f"rank {rank + 1}: an empty run cannot be 0")
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


def _parse_move(text, field):
    try:
        return Move.from_str(text)
    except ValueError as e:
        raise EPNError(f"field {field}: {e}") from None


def _parse_moves(text, field):
    if text == "-":
        return ()
    return tuple(sorted(_parse_move(part, field) for part in text.split(",")))


def _parse_int(text, field, name, minimum):
    if not text.isdigit() or int(text) < minimum:
        raise EPNError(f"field {field} ({name}) must be a whole number of at least {minimum}, not {text!r}")
    return int(text)


def parse_epn(text):
    """Parse an EPN line into a Position; EPNError says which field is wrong."""
    if not isinstance(text, str):
        raise EPNError("an EPN position is a line of text")
    fields = text.split()
    if len(fields) != 8:
        raise EPNError(f"EPN has 8 fields separated by spaces; this has {len(fields)}")
    board, side, first, red_nr, blue_nr, unmasked, quiet, turn = fields
    if side not in ("r", "b"):
        raise EPNError(f"field 2 (side to move) must be 'r' or 'b', not {side!r}")
    try:
        unmasked_squares = frozenset() if unmasked == "-" else frozenset(parse_square(s) for s in unmasked.split(","))
    except ValueError as e:
        raise EPNError(f"field 6 (unmasked): {e}") from None
    try:
        letters = _parse_board(board)
    except EPNError as e:
        raise EPNError(f"field 1 (board): {e}") from None
    return Position(
        letters=letters,
        side="rb".index(side),
        first_move=None if first == "-" else _parse_move(first, 3),
        no_return=(_parse_moves(red_nr, 4), _parse_moves(blue_nr, 5)),
        unmasked=unmasked_squares,
        quiet=_parse_int(quiet, 7, "quiet count", 0),
        turn=_parse_int(turn, 8, "turn number", 1),
    )
