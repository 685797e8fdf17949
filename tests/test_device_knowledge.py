"""Whatever a device receives, what it shows is derivable from its player's view of the true game.

Two seats play by links (sealed and casual); after every link a device takes in,
each event and each kind its view shows is checked against the true game (both
armies, replayed in the order the moves were resolved) as the rules let that
player know it: the kinds it may know (its own, removed, unmasked, a Spy that
unmasked its pieces), and no other: sealed fights keep the rules exactly (SPEC §8)."""

import random

import pytest
from linkplay import random_turn

from espionage import Game
from espionage.board import SIDES
from espionage.link import DuplicateLink
from espionage.observer import learned_kinds, observe
from espionage.sealed import Seat
from espionage.variant import Variant


def truth_of(seats, resolved_moves, volcanoes, variant):
    setups = {s.side: s.setup for s in seats}
    game = Game(setups[0], setups[1], volcanoes, variant)
    for m in resolved_moves:
        game.play(m)
    return game


def check_device(seat, other):
    view = seat.view()
    if view is None:
        return 0
    sealed = seat.kind == "sealed"
    shown = [e for e in view.events if not e.pending]
    t = seat._preview if sealed and seat._preview is not None else seat.t
    moves = [r.claim.move for r in t.resolved if not r.voided] if sealed else [e.move for e in t.game.events]
    truth = truth_of((seat, other), moves, t.volcanoes, t.variant)
    me = seat.side
    known = [observe(e, me) for e in truth.events]
    assert len(shown) == len(known)
    learned = learned_kinds(known, me)
    for e, k in zip(shown, known):
        assert (e.move, e.side, e.attack, e.attacker_won, e.removed) == (k.move, k.side, k.attack, k.attacker_won, k.removed)
        for field in ("kind", "defender"):
            value = getattr(e, field)
            # a mover's kind may be known from an earlier move (a Spy that unmasked pieces)
            earlier = field == "kind" and learned.get(e.piece, (None,))[0] == value
            assert value is None or value == getattr(k, field) or earlier, (field, e, k)
        assert set(e.unmasked) <= set(k.unmasked)  # a sealed finding may come one link later
    for sq, letter in enumerate(view.letters):
        if letter in (None, "V", "?") or truth.side_at(sq) == SIDES[me]:
            continue
        assert letter.upper() == truth.kind_at(sq), sq
        assert truth.is_unmasked(sq) or t.revealed[1 - me] is not None if sealed else truth.is_unmasked(sq)
    for sq, kind in view.learned.items():
        assert kind == truth.kind_at(sq) and truth.piece_at(sq) in learned, sq
    if sealed and t.revealed[1 - me] is None:
        # what the device stores beyond its own army (the link, decoded): no enemy kind on the
        # board that the player's view of the true game would not show
        where = {truth.piece_at(sq): sq for sq in range(100) if truth.piece_at(sq) is not None}
        for pid, kind in t.board.known.items():
            if t.board.side_of(pid) != me:
                assert truth.is_unmasked(where[pid]) or pid in learned, (pid, kind)
    return len(shown)


@pytest.mark.parametrize("kind,seed", [*(("sealed", seed) for seed in range(1, 9)), ("casual", 4), ("casual", 5)])
def test_every_shown_event_is_derivable_from_the_players_true_view(kind, seed):
    rng = random.Random(seed)
    a = Seat.new_game(kind, rng.choice(["red", "blue"]), Variant(2, 6), rng=rng)
    b = Seat.join(a.link(), rng=rng)
    sender, receiver = b, a
    checked = 0
    for _ in range(300):
        try:
            receiver.receive(sender.link())
        except DuplicateLink:
            pass
        checked += check_device(receiver, sender)
        sender, receiver = receiver, sender
        if sender.outcome is not None:
            break
        if sender.my_turn:
            sender.play_turn(random_turn(sender, rng))
    assert checked > 100
