"""The combat table of SPEC §3, cell by cell, both as data and through Game.play."""

import pytest
from helpers import board_at, epn, fields, sq

from espionage import Game
from espionage.pieces import ATTACKER_WINS, KINDS, MOVABLE

# SPEC §3 written out: W = attacker wins (defender removed, attacker moves in),
# L = attacker loses (attacker removed, defender stays).
DEFENDERS = "CLKOGSEMH"
TABLE = {
    "C": "WLLLLWWLW",
    "L": "WWLLLWWLW",
    "K": "WWWLLWWLW",
    "O": "WWWWLWWLW",
    "G": "WWWWWWWLW",
    "S": "LLLLLWWLW",
    "E": "LLLLWWWWW",
}
CELLS = [
    (a, d, row[i] == "W") for a, row in TABLE.items() for i, d in enumerate(DEFENDERS)
]


def test_table_covers_every_movable_attacker_and_every_defender():
    assert set(TABLE) == set(MOVABLE) == set("CLKOGSE")
    assert set(DEFENDERS) == set(KINDS)
    assert set(ATTACKER_WINS) == {(a, d) for a in MOVABLE for d in KINDS}


@pytest.mark.parametrize(
    "attacker,defender,wins", CELLS, ids=[f"{a}x{d}" for a, d, _ in CELLS]
)
def test_attacker_wins_table(attacker, defender, wins):
    assert ATTACKER_WINS[attacker, defender] is wins


def _fight(attacker, defender, side):
    """Attacker of ``side`` on e5 (Red) / e6 (Blue) attacks the enemy defender next to it."""
    if side == "r":
        a_sq, d_sq = "e5", "e6"
        pieces = {a_sq: attacker, d_sq: defender.lower(), "j1": "C", "j9": "c"}
    else:
        a_sq, d_sq = "e6", "e5"
        pieces = {a_sq: attacker.lower(), d_sq: defender, "j1": "C", "j9": "c"}
    return epn(pieces, side=side, quiet=7), a_sq, d_sq


@pytest.mark.parametrize("side", ["r", "b"])
@pytest.mark.parametrize(
    "attacker,defender,wins", CELLS, ids=[f"{a}x{d}" for a, d, _ in CELLS]
)
def test_fight_through_play(attacker, defender, wins, side):
    start, a_sq, d_sq = _fight(attacker, defender, side)
    game = Game.from_position(start)
    assert game.outcome is None
    a_letter = attacker if side == "r" else attacker.lower()
    d_letter = defender.lower() if side == "r" else defender
    mover, enemy = ("red", "blue") if side == "r" else ("blue", "red")
    before = {s: game.removed(s) for s in ("red", "blue")}
    event = game.play(f"{a_sq}-{d_sq}")
    after = game.position()
    assert board_at(after, a_sq) == ""
    assert board_at(after, d_sq) == (a_letter if wins else d_letter)
    assert event.attacker_won is wins
    assert event.defender == defender and event.kind == attacker
    new = {s: game.removed(s)[len(before[s]) :] for s in ("red", "blue")}
    if wins:
        assert new == {enemy: (defender,), mover: ()}
    else:
        assert new == {mover: (attacker,), enemy: ()}
    assert fields(after)[6] == "0"  # a removal resets the quiet count
    if defender == "H":
        assert game.outcome is not None
        assert (game.outcome.winner, game.outcome.reason) == (mover, "headquarters")
    else:
        assert game.outcome is None
        # every other piece is where it was
        for other in ("a1", "a10", "j1", "j9"):
            assert board_at(after, other) == board_at(start, other)


def test_mine_stays_after_destroying_an_attacker():
    game = Game.from_position(epn({"e5": "G", "e6": "m", "j1": "C", "j9": "c"}))
    game.play("e5-e6")
    assert board_at(game.position(), "e6") == "m"
    game.play("j1-j2")
    game.play("j9-j8")
    game.play("j2-j3")  # Red may attack the same Mine again next turn
    game.play("j8-j7")
    game.play("j3-j4")
    assert board_at(game.position(), "e6") == "m"


def test_sapper_clears_mine_and_moves_in():
    game = Game.from_position(epn({"e5": "E", "e6": "m", "j1": "C", "j9": "c"}))
    game.play("e5-e6")
    assert board_at(game.position(), "e6") == "E"
    assert game.removed("blue")[-1] == "M"
    assert game.events[-1].removed == ((1, "M", sq("e6")),)
