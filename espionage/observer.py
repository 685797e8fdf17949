"""The observer: what happened, as one viewer may know it (structured, no prose).

Every screen, the computer player and the link pages read moves through
:func:`observe`; the words are the interface's business (``ui/words.py``)."""

from typing import NamedTuple

from .board import SIDES

NOBODY = -1
"""A viewer who owns no piece: a spectator of a link game."""


class SeenMove(NamedTuple):
    """One move as a viewer may know it: kinds only where the viewer knows them.

    ``kind``: the mover's kind, or None; ``defender``: the attacked piece's kind,
    or None (also when the move was no attack); ``removed``: (side name, kind,
    square) of each removed piece (removed pieces are shown to both players);
    ``unmasked``: the squares whose pieces the move newly unmasked; ``pending``:
    a sealed link game's move whose result the other device has not sent yet;
    ``kind_seen``: how the viewer knows the mover's kind when it is not its own
    ("unmasked"; "removed"; "unmasking": it unmasked the pieces around it, so it
    is a Spy; "fight": a sealed game's attacker; or None)."""

    move: object
    side: int
    turn: int
    piece: int
    kind: str | None
    attack: bool
    attacker_won: bool | None
    defender: str | None
    removed: tuple
    unmasked: tuple
    ends_turn: bool
    pending: bool = False
    kind_seen: str | None = None


def observe(event, viewer):
    """``event`` (a MoveEvent, the truth) as ``viewer`` (0, 1, NOBODY, or None: everything) may know it.

    SPEC §4: a viewer knows its own kinds and the kinds of removed pieces and of
    pieces unmasked right after the move, and sees which pieces a move unmasks
    (so a piece that unmasks its neighbours is a Spy); a fight reveals nothing
    else (a sealed link game too: its fights go by oblivious transfer)."""
    side = event.side
    attack = event.attacker_won is not None
    won = event.attacker_won
    survivor = event.survivor_unmasked
    kind_seen = None
    if viewer is None or viewer == side:
        attacker_known = True
    elif attack and won is False:
        attacker_known, kind_seen = True, "removed"
    elif survivor and won is not False:
        attacker_known, kind_seen = True, "unmasked"
    elif any(sq != event.move.to_square for sq in event.unmasked):
        attacker_known, kind_seen = True, "unmasking"  # only an arriving Spy unmasks its neighbours
    else:
        attacker_known = False
    defender_known = attack and (viewer is None or viewer == 1 - side or bool(won) or (survivor and won is False))
    return SeenMove(
        event.move,
        side,
        event.turn,
        event.piece,
        event.kind if attacker_known else None,
        attack,
        won,
        event.defender if defender_known else None,
        tuple((SIDES[s], k, sq) for s, k, sq in event.removed),
        event.unmasked,
        event.ends_turn,
        False,
        kind_seen,
    )


LEARNED = ("unmasking",)
"""The ways a viewer knows a piece's kind for good though it stands masked on the board."""


def learned_kinds(seen, viewer):
    """{piece: (kind, how)} of the enemy pieces ``viewer`` knows from the moves ``seen``
    (SeenMoves), though they are not unmasked: a Spy that unmasked its neighbours."""
    out = {}
    for e in seen:
        if e.side != viewer and e.kind_seen in LEARNED:
            out[e.piece] = (e.kind, e.kind_seen)
    return out
