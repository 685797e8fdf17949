"""Two simulated devices playing by links (shared by tests/test_link.py, tests/test_sealed.py, tools/link_sizes.py)."""

import random

from espionage.board import AROUND
from espionage.link import DuplicateLink
from espionage.sealed import Seat
from espionage.variant import Variant


def random_turn(seat, rng):
    first = rng.choice(seat.legal_moves())
    rest = seat.legal_moves([first])
    return [first] + ([rng.choice(rest)] if rest else [])


def fighting_turn(seat, rng):
    """A turn that seeks what random turns seldom make: mostly an attack first (a fight whose
    result the mover's device does not know yet), then a second piece moved next to that fight
    (whether a hidden enemy piece then stands beside it depends on that result)."""
    view = seat.view()
    moves = seat.legal_moves()
    attacks = [m for m in moves if view.owner(m.to_square) == 1 - seat.side]
    first = rng.choice(attacks if attacks and rng.random() < 0.7 else moves)
    rest = seat.legal_moves([first])
    beside = [m for m in rest if m.to_square in AROUND[first.to_square] and view.owner(m.to_square) is None]
    return [first] + ([rng.choice(beside or rest)] if rest else [])


def play(kind, seed, moves_per_turn=2, volcanoes=6, resign_at=None, stop=None, chooser=None, links=None, setup=None):
    """Play a game between two seats passing links until it is over (sealed: both secrets in).

    ``resign_at``: the side-turn count at which the player to move resigns instead;
    ``stop(seat, count)``: True to have the player to move resign now;
    ``chooser(seat, rng)``: the moves of a turn (default: random legal moves);
    ``links``: a list that collects every link sent. Returns (inviter, joiner, side-turns played)."""
    rng = random.Random(seed)
    a = Seat.new_game(kind, rng.choice(["red", "blue"]), Variant(moves_per_turn, volcanoes), rng=rng, setup=setup)
    b = Seat.join(a.link(), rng=rng)
    sender, receiver = b, a
    count = 0
    for _ in range(100000):
        link = sender.link()
        if links is not None:
            links.append(link)
        try:
            receiver.receive(link)
        except DuplicateLink:
            pass
        sender, receiver = receiver, sender
        if sender.outcome is not None and (kind == "casual" or (sender.t.complete and receiver.t.complete)):
            return a, b, count
        if sender.my_turn:
            count += 1
            if count == resign_at or (stop is not None and stop(sender, count)):
                sender.resign()
            else:
                sender.play_turn((chooser or random_turn)(sender, rng))
    raise AssertionError("the game did not finish")
