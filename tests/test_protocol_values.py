"""Protocol values are immutable: resolving a claim makes a new record, and a transcript's clone
(the device's preview of its turn) never changes the transcript it was cloned from."""

import copy
import dataclasses

import pytest

from espionage.link import Ask, HonestAuthor, Message, MoveClaim, PendingTurn, ResolvedMove, decode
from tests.linkplay import play


def test_claims_and_resolutions_cannot_be_changed():
    links = []
    a, _b, _ = play("sealed", 7, resign_at=30, links=links)
    t = decode(a.link())
    claim = t.resolved[0].claim
    for value, field in ((claim, "spy"), (t.resolved[0], "unmasked"), (t.messages[0], "action")):
        with pytest.raises((AttributeError, dataclasses.FrozenInstanceError)):
            setattr(value, field, None)
    assert all(isinstance(r, ResolvedMove) and isinstance(r.claim, MoveClaim) for r in t.resolved)
    assert all(isinstance(m, Message) for m in t.messages)
    assert all(isinstance(ask, Ask) for ask in t.asks)


def test_a_preview_resolves_on_its_own_records():
    """The device resolves the opponent's turn in a preview first, then again when it writes:
    the transcript keeps its pending turn untouched, and no move is resolved twice."""

    seen = 0
    for seed in range(8):
        links = []
        a, b, _ = play("sealed", 40 + seed, resign_at=40, links=links)
        for link in links:
            t = decode(link)
            if t.pending is None or t.outcome is not None:
                continue
            before = copy.deepcopy((t.pending, t.resolved, t.board.unmasked, t.board.known, t.claims))
            seat = a if a.side == t.to_move else b
            preview = t.clone()
            preview.write_message(HonestAuthor(seat.side, seat.setup, seat.secret), upto_action=True)
            assert isinstance(t.pending, PendingTurn)
            assert (t.pending, t.resolved, t.board.unmasked, t.board.known, t.claims) == before
            seen += 1
        for seat in (a, b):
            for event in seat.view().events:
                assert len(event.unmasked) == len(set(event.unmasked)), event
    assert seen > 50
