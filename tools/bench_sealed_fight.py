"""Time the cryptography of sealed fights (oblivious transfer on ristretto255), per link a device takes in.

    .venv/bin/python tools/bench_sealed_fight.py   # CPython
    node tools/bench_sealed_fight.mjs              # Pyodide, the browser's Python, on node

A turn has two moves, so a link carries at most two attacks. The figures (median of
the repeats, in ms):

- taking in a link (the budget is 100 ms in Pyodide):
  - defender, attack link in: open two tables from the b·A saved when the queries were published
    (hashing only);
  - attacker, reply in: check two tokens;
  - a new enemy query in: check that it is a group element (a link brings a few);
  - last link, end audit of 41 fights (a long game's count): the opponent's sender key checked
    against its revealed secret (one group operation; a device made its own), then every fight by
    hashing (group operations only to name a liar);
- sending (on the player's own turn, not a received link): seal two tables with a new sender
  (a·A, and a·B for each queried piece: nothing cached); publish one query (B and its b·A).
"""

from __future__ import annotations

import secrets
import statistics
import sys
import time

from espionage.link import fights, oblivious
from espionage.pieces import ATTACKER_WINS, MOVABLE

REPEATS = 7
AUDITED_FIGHTS = 41


def _median_ms(work) -> float:
    times = []
    for _ in range(REPEATS):
        oblivious._decoded.cache_clear()  # each repeat sees the points for the first time, as a new link's
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


class _Sides:
    """An attacker and a defender with their secrets, sender key and queried pieces."""

    def __init__(self, pieces: int) -> None:
        self.attacker_secret, self.defender_secret = secrets.token_bytes(16), secrets.token_bytes(16)
        self.sender_scalar = oblivious.scalar(self.attacker_secret, "sender")
        self.sender_key = oblivious.sender_key(self.sender_scalar)
        self.sender = oblivious.Sender(self.sender_scalar, len(fights.DEFENDER_KINDS))
        self.fights = []
        attacker_kinds = sorted(MOVABLE)
        for n in range(pieces):
            kind, defender = attacker_kinds[n % len(attacker_kinds)], fights.DEFENDER_KINDS[n % 9]
            self.fights.append(self._fight(f"attack {n}", f"piece {n}", kind, defender))

    def _fight(self, attack: str, piece: str, kind: str, defender: str) -> dict:
        scalar = oblivious.scalar(self.defender_secret, piece)
        query = oblivious.query(scalar, self.sender_key, fights.DEFENDER_KINDS.index(defender))
        table = fights.fight_table(self.sender, query, attack, kind, self.attacker_secret)
        point = oblivious.chooser_point(scalar, self.sender_key)
        opened = fights.open_entry(oblivious.opened_key(point, attack), attack, defender, table, "Red")
        assert opened.attacker_won == ATTACKER_WINS[(kind, defender)]
        tag = fights.audit_tag(self.defender_secret, attack, opened.entry_key)
        facts = dict(attack=attack, attacker="Red", defender="Blue", attacker_kind=kind, defender_kind=defender)
        facts.update(piece=piece, query=query, table=table, token=opened.token, tag=tag, point=point)
        return facts


def main() -> None:
    sides = _Sides(AUDITED_FIGHTS)
    two = sides.fights[:2]

    def open_two():
        for f in two:
            key = oblivious.opened_key(f["point"], f["attack"])
            fights.open_entry(key, f["attack"], f["defender_kind"], f["table"], "Red")

    def check_two():
        for f in two:
            fights.check_reply(sides.attacker_secret, f["attack"], f["token"], "Blue")

    def end_audit():
        assert oblivious.sender_key(oblivious.scalar(sides.attacker_secret, "sender")) == sides.sender_key
        for f in sides.fights:
            assert fights.audit_fight(sides.attacker_secret, sides.defender_secret, f) is None

    def seal_two():
        sender = oblivious.Sender(sides.sender_scalar, len(fights.DEFENDER_KINDS))
        for f in two:
            fights.fight_table(sender, f["query"], f["attack"], f["attacker_kind"], sides.attacker_secret)

    def publish_query():
        scalar = oblivious.scalar(sides.defender_secret, "piece 0")
        oblivious.query(scalar, sides.sender_key, 3)
        oblivious.chooser_point(scalar, sides.sender_key)

    liar = dict(sides.fights[0], tag=bytes(fights.AUDIT_TAG_BYTES))
    assert fights.audit_fight(sides.attacker_secret, sides.defender_secret, liar).liar == "Blue"
    figures = {
        "defender, attack link in (2 tables opened)": _median_ms(open_two),
        "attacker, reply in (2 tokens checked)": _median_ms(check_two),
        "a new enemy query in (group element check)": _median_ms(lambda: oblivious.decode(two[0]["query"])),
        f"last link, end audit of {AUDITED_FIGHTS} fights": _median_ms(end_audit),
        "audit of one fight with a liar to name": _median_ms(
            lambda: fights.audit_fight(sides.attacker_secret, sides.defender_secret, liar)
        ),
        "sending: 2 tables sealed": _median_ms(seal_two),
        "sending: one query published": _median_ms(publish_query),
    }
    print(f"sealed fights on Python {sys.version.split()[0]} ({sys.platform}), median of {REPEATS}:")
    for name, ms in figures.items():
        print(f"  {name:45} {ms:8.1f} ms")
    print(f"  table size: {fights.TABLE_BYTES} bytes ({-(-fights.TABLE_BYTES * 4 // 3)} base64 characters)")


if __name__ == "__main__":
    main()
