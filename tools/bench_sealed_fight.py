"""Time the cryptography of sealed fights (oblivious transfer on ristretto255), per link a device takes in.

    .venv/bin/python tools/bench_sealed_fight.py   # CPython
    node tools/bench_sealed_fight.mjs              # Pyodide, the browser's Python, on node

A turn has two moves, so a link carries at most two attacks. The figures (median of
the repeats, in ms):

- defender, attack link in: open two tables (one b·A per attack and the entries);
- attacker, reply in: check two tokens;
- attacker, own turn: seal two tables with a new sender (a·A, and a·B for each queried piece: nothing cached);
- query: one piece's OT query, published when it first stands next to an enemy piece;
- audit, per fight: the end's recomputation of one query, table and token.
"""

from __future__ import annotations

import secrets
import statistics
import sys
import time

from espionage.link import fights, oblivious
from espionage.pieces import MOVABLE

REPEATS = 7


def _median_ms(work) -> float:
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    attacker_secret, defender_secret = secrets.token_bytes(16), secrets.token_bytes(16)
    sender_scalar = oblivious.scalar(attacker_secret, "sender")
    sender_key = oblivious.sender_key(sender_scalar)
    attacks = [(f"t{n} e4-e5", sorted(MOVABLE)[n], fights.DEFENDER_KINDS[n]) for n in range(2)]
    scalars = [oblivious.scalar(defender_secret, f"piece {n}") for n in range(2)]
    queries = [oblivious.query(s, sender_key, fights.DEFENDER_KINDS.index(d)) for s, (_, _, d) in zip(scalars, attacks)]

    def seal_two():
        sender = oblivious.Sender(sender_scalar, len(fights.DEFENDER_KINDS))
        return [fights.fight_table(sender, q, a, k, attacker_secret) for q, (a, k, _) in zip(queries, attacks)]

    tables = seal_two()

    def open_two():
        return [
            fights.open_fight(s, sender_key, a, d, t, "Red")
            for s, t, (a, _, d) in zip(scalars, tables, attacks)
        ]

    opened = open_two()

    def check_two():
        for o, (a, _, _) in zip(opened, attacks):
            fights.check_reply(attacker_secret, a, o.token, "Blue")

    fact = dict(attack=attacks[0][0], attacker="Red", defender="Blue", attacker_kind=attacks[0][1])
    fact.update(defender_kind=attacks[0][2], piece="piece 0", query=queries[0], table=tables[0], token=opened[0].token)
    assert fights.audit_fight(attacker_secret, defender_secret, fact) is None
    figures = {
        "defender, attack link in (2 tables opened)": _median_ms(open_two),
        "attacker, reply in (2 tokens checked)": _median_ms(check_two),
        "attacker, own turn (2 tables sealed)": _median_ms(seal_two),
        "query for one piece": _median_ms(lambda: oblivious.query(scalars[0], sender_key, 3)),
        "audit of one fight": _median_ms(lambda: fights.audit_fight(attacker_secret, defender_secret, fact)),
    }
    print(f"sealed fights on Python {sys.version.split()[0]} ({sys.platform}), median of {REPEATS}:")
    for name, ms in figures.items():
        print(f"  {name:45} {ms:8.1f} ms")
    print(f"  table size: {fights.TABLE_BYTES} bytes ({-(-fights.TABLE_BYTES * 4 // 3)} base64 characters)")


if __name__ == "__main__":
    main()
