"""Which pieces need an oblivious-transfer query: every attack targets a piece exposed when its side's turn ended."""

import random

import pytest

from espionage import SIDES, Game
from espionage.link import decode
from espionage.variant import Variant
from tests.linkplay import play


@pytest.mark.parametrize("seed,mpt", [(1, 2), (2, 1), (3, 2)])
def test_every_attack_in_a_game_targets_an_exposed_piece(seed, mpt):
    rng = random.Random(seed)
    g = Game.random(Variant(mpt, 6), rng)
    queried = [set(g.exposed(0)), set(g.exposed(1))]
    attacks = 0
    while g.outcome is None:
        side = SIDES.index(g.turn)
        first = rng.choice(g.legal_moves())
        target = g.piece_at(first.to_square)
        if g.side_at(first.to_square) == SIDES[1 - side]:
            assert target in queried[1 - side]
            attacks += 1
        g.play(first)
        if g.outcome is None and g.turn == SIDES[side]:
            second = rng.choice(g.legal_moves())
            if g.side_at(second.to_square) == SIDES[1 - side]:
                assert g.piece_at(second.to_square) in queried[1 - side]
                attacks += 1
            g.play(second)
        new = g.exposed(side, queried[side])
        assert not set(new) & queried[side]
        queried[side].update(new)
    assert attacks > 5


@pytest.mark.parametrize("seed,mpt", [(5, 2), (7, 2), (8, 1)])
def test_a_sealed_turn_exposes_its_movers_where_they_may_stand(seed, mpt):
    links = []
    play("sealed", seed, moves_per_turn=mpt, resign_at=240, links=links)
    queried = [set(), set()]
    attacks = 0
    for link in links:
        t = decode(link)
        if not t.joined or t.pending is None:
            continue
        b, pending = t.board, t.pending
        side = pending.side
        for claim in pending.moves:
            if claim.attack:
                assert b.pid[claim.move.to_square] in queried[1 - side]
                attacks += 1
        queried[side].update(b.exposed(side, queried[side], [c.move for c in pending.moves]))
    assert attacks > 5
