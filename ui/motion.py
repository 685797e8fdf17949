"""What the board animates after an action: pure data for the browser binding.

Steps play one after another, about 150 ms each:

- ``("slide", "e3", "e4")``: the piece now on e4 slides in from e3;
- ``("fall", "e5", "s")``: the piece that fell in the fight on e5 (its EPN
  letter: removed pieces are known to both players) goes to its tray.

The binding skips them when the player prefers reduced motion, and a tap
finishes them at once: the page itself is already in its final state.
"""

from espionage.board import SIDES, square_name
from espionage.pieces import letter_of


def turn(events, attacks_only=False):
    """A turn replayed in order: each mover slides in, each fallen piece goes to its tray.

    Events without a known result (a sealed link game's, or pending) move nothing:
    how they ended is not drawn yet. ``attacks_only``: the mover's quiet moves were
    already shown as they were planned."""
    steps = []
    for e in events:
        attack = getattr(e, "attack", None)
        if attack is None or getattr(e, "pending", False) or (attacks_only and not attack):
            continue
        fr, to = square_name(e.move.from_square), square_name(e.move.to_square)
        fallen = [(SIDES.index(side), kind) for side, kind, _square in e.removed] if attack else []
        if all(side != e.side for side, _kind in fallen):
            steps.append(("slide", fr, to))
        steps += [("fall", to, letter_of(kind, side)) for side, kind in fallen]
    return tuple(steps)


def planned(move, arrived):
    """A move just planned: the piece slides to its square (an attack waits on its arrow)."""
    return (("slide", square_name(move.from_square), square_name(move.to_square)),) if arrived else ()
