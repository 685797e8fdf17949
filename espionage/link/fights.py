"""Sealed fights: the attacker's table over the nine defender kinds, opened by oblivious transfer.

For each defender kind d the table holds one entry: whether the attacker wins, the
attacker's kind where it loses (its kind becomes public with its removal), and a
token, sealed under an entry key that comes from the attacker's secret (HMAC per
attack and kind); the entry key itself travels sealed under d's transfer key (see
:mod:`.oblivious`). The defender opens only its own entry, so it learns the result
at once and the attacker's kind only when the attacker is removed. Its reply
carries the token, which proves the result to the attacker:

- the token of a win is one per defender kind: it also names the removed
  defender (whose kind becomes public);
- the token of a loss is shared by every kind the attacker loses to: the
  surviving defender stays hidden. So that a modified app cannot seal each
  losing entry apart (a token, or an attacker's kind, per defender kind, which
  the reply would carry back), the table ends with a check of the loss entry
  (a hash of it), and the defender refuses a loss it opens that the check does
  not show.

The reply also carries an audit tag: the entry key it opened, under an HMAC key
from the defender's secret (the attacker cannot tell from it which entry that
was). So the end audit, with both secrets revealed, checks a fight by hashing
only: every entry's content, the token, and that the defender opened the entry
of its committed kind (which it can only do if its query hides that kind). Group
operations run only when something does not match, to name the liar.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from ..pieces import ATTACKER_WINS, KINDS, MOVABLE
from . import oblivious
from .errors import FalseClaim

DEFENDER_KINDS = tuple(KINDS)
"""The choice index of each kind in a piece's query (the army list's order)."""
TOKEN_BYTES = 12
HIDDEN = "-"
ENTRY_BYTES = 2 + TOKEN_BYTES
ENTRY_KEY_BYTES = 12
SLOT_BYTES = ENTRY_KEY_BYTES + ENTRY_BYTES + oblivious.TAG_BYTES
"""One kind's part of a table: its entry key under the transfer key, then its sealed entry."""
LOSS_CHECK_BYTES = 16
"""The table's check of its loss entry: one loss entry for every kind the attacker loses to."""
TABLE_BYTES = len(DEFENDER_KINDS) * SLOT_BYTES + LOSS_CHECK_BYTES
AUDIT_TAG_BYTES = 8


class FalseFight(FalseClaim):
    """A fight's table or reply that its sender could not honestly have made."""


@dataclass(frozen=True)
class Opened:
    """What the defender learns from its entry: the result, the attacker's kind if it lost, the token."""

    attacker_won: bool
    attacker_kind: str | None
    token: bytes
    entry_key: bytes = b""


@dataclass(frozen=True)
class Result:
    """What a reply's token proves to the attacker: the result, the defender's kind if it was removed."""

    attacker_won: bool
    defender_kind: str | None


def _token(token_secret: bytes, attack: str, label: str) -> bytes:
    message = b"espionage-fight-token\0" + attack.encode() + b"\0" + label.encode()
    return hmac.digest(token_secret, message, "sha256")[:TOKEN_BYTES]


def tokens(token_secret: bytes, attack: str) -> dict[bytes, Result]:
    """Every token the attacker may get back for `attack`, with what each proves."""
    found = {_token(token_secret, attack, "loss"): Result(False, None)}
    for kind in DEFENDER_KINDS:
        found[_token(token_secret, attack, f"win {kind}")] = Result(True, kind)
    return found


def _loss_entry(token_secret: bytes, attack: str, attacker_kind: str) -> bytes:
    return b"L" + attacker_kind.encode() + _token(token_secret, attack, "loss")


def _entry(token_secret: bytes, attack: str, attacker_kind: str, defender_kind: str) -> bytes:
    if ATTACKER_WINS[(attacker_kind, defender_kind)]:
        return b"W" + HIDDEN.encode() + _token(token_secret, attack, f"win {defender_kind}")
    return _loss_entry(token_secret, attack, attacker_kind)


def loss_check(attack: str, loss_entry: bytes) -> bytes:
    """What a table shows of its loss entry: a hash, which tells nothing of the secret token in it."""
    return hashlib.sha256(b"espionage-fight-loss\0" + attack.encode() + b"\0" + loss_entry).digest()[:LOSS_CHECK_BYTES]


def entry_key(token_secret: bytes, attack: str, defender_kind: str) -> bytes:
    """The key the entry of `defender_kind` is sealed under, from the attacker's secret."""
    message = b"espionage-fight-entry\0" + attack.encode() + b"\0" + defender_kind.encode()
    return hmac.digest(token_secret, message, "sha256")[:ENTRY_KEY_BYTES]


def audit_tag(defender_secret: bytes, attack: str, opened_entry_key: bytes) -> bytes:
    """What the defender's reply seals of the entry it opened (checkable once its secret is out)."""
    message = b"espionage-fight-audit\0" + attack.encode() + b"\0" + opened_entry_key
    return hmac.digest(defender_secret, message, "sha256")[:AUDIT_TAG_BYTES]


def _xor(left: bytes, right: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(left, right))


def _sealed_entry(token_secret: bytes, attack: str, defender_kind: str, plaintext: bytes) -> bytes:
    return oblivious.seal(entry_key(token_secret, attack, defender_kind), plaintext)


def sealed_table(
    sender: oblivious.Sender,
    query: bytes,
    attack: str,
    token_secret: bytes,
    plaintexts: list[bytes],
    loss_entry: bytes,
) -> bytes:
    """A table of `plaintexts` (one per defender kind, in order) for the piece that published `query`,
    with the check of `loss_entry`."""
    keys = sender.keys(query, attack)
    return b"".join(
        _xor(entry_key(token_secret, attack, kind), oblivious.stream(key, ENTRY_KEY_BYTES))
        + _sealed_entry(token_secret, attack, kind, plaintext)
        for key, kind, plaintext in zip(keys, DEFENDER_KINDS, plaintexts)
    ) + loss_check(attack, loss_entry)


def fight_table(sender: oblivious.Sender, query: bytes, attack: str, attacker_kind: str, token_secret: bytes) -> bytes:
    """The attacker's sealed table for `attack` on the piece that published `query`."""
    if attacker_kind not in MOVABLE:
        raise ValueError(f"a {attacker_kind!r} cannot attack")
    plaintexts = [_entry(token_secret, attack, attacker_kind, kind) for kind in DEFENDER_KINDS]
    return sealed_table(sender, query, attack, token_secret, plaintexts, _loss_entry(token_secret, attack, attacker_kind))


def open_fight(
    piece_scalar: int, sender_key: bytes, attack: str, defender_kind: str, table: bytes, attacker: str
) -> Opened:
    """The defender's entry of `table`; FalseFight naming `attacker` if it does not open or breaks the rules."""
    return open_entry(oblivious.chooser_key(piece_scalar, sender_key, attack), attack, defender_kind, table, attacker)


def open_entry(transfer_key: bytes, attack: str, defender_kind: str, table: bytes, attacker: str) -> Opened:
    """The entry of `defender_kind` under the defender's transfer key (hashing only)."""
    if len(table) != TABLE_BYTES:
        raise FalseFight(f"{attacker}'s fight table has the wrong size", attacker)
    index = DEFENDER_KINDS.index(defender_kind)
    slot = table[index * SLOT_BYTES : (index + 1) * SLOT_BYTES]
    key = _xor(slot[:ENTRY_KEY_BYTES], oblivious.stream(transfer_key, ENTRY_KEY_BYTES))
    try:
        entry = oblivious.open_sealed(key, slot[ENTRY_KEY_BYTES:])
    except oblivious.OTError:
        raise FalseFight(f"{attacker}'s fight table does not open for the attacked piece", attacker) from None
    result, kind, token = entry[:1], entry[1:2].decode("ascii", "replace"), entry[2:]
    if result == b"W" and kind == HIDDEN:
        return Opened(True, None, token, key)
    if result == b"L" and kind in MOVABLE and not ATTACKER_WINS[(kind, defender_kind)]:
        if table[-LOSS_CHECK_BYTES:] != loss_check(attack, entry):
            raise FalseFight(f"{attacker}'s fight table seals a loss that its check of every loss does not show", attacker)
        return Opened(False, kind, token, key)
    raise FalseFight(f"{attacker}'s fight table claims a result the rules do not give", attacker)


def check_reply(token_secret: bytes, attack: str, token: bytes | None, defender: str) -> Result:
    """What the reply's token proves; FalseFight naming `defender` if it is missing or not this attack's."""
    if token is None:
        raise FalseFight(f"{defender}'s reply withholds the fight's token", defender)
    result = tokens(token_secret, attack).get(token)
    if result is None:
        raise FalseFight(f"{defender}'s reply carries a token that is not this fight's", defender)
    return result


def audit_fight(
    attacker_secret: bytes, defender_secret: bytes, facts: dict, sender: oblivious.Sender | None = None
) -> FalseFight | None:
    """The first false claim of one sealed fight, from the secrets both sides revealed at the end.

    `facts` holds the fight as the transcript recorded it: attack (its id), attacker and
    defender (side names), attacker_kind and defender_kind (from the committed setups),
    piece (the defender's piece label), query, table, token and tag (the reply's audit tag).
    Checked by hashing; group operations run only if that finds something false, to name
    the liar. ``sender``: the attacker's Sender, if the caller keeps one.
    """
    if _holds_by_hashing(attacker_secret, defender_secret, facts):
        return None
    return _name_the_liar(attacker_secret, defender_secret, facts, sender)


def _holds_by_hashing(attacker_secret: bytes, defender_secret: bytes, facts: dict) -> bool:
    """Every entry's content, the loss check, the token, and the defender's audit tag for its committed
    kind's entry."""
    attack, table = facts["attack"], facts["table"]
    if len(table) != TABLE_BYTES:
        return False
    for index, kind in enumerate(DEFENDER_KINDS):
        plaintext = _entry(attacker_secret, attack, facts["attacker_kind"], kind)
        slot = table[index * SLOT_BYTES : (index + 1) * SLOT_BYTES]
        if slot[ENTRY_KEY_BYTES:] != _sealed_entry(attacker_secret, attack, kind, plaintext):
            return False
        if kind == facts["defender_kind"] and facts["token"] != plaintext[2:]:
            return False
    if table[-LOSS_CHECK_BYTES:] != loss_check(attack, _loss_entry(attacker_secret, attack, facts["attacker_kind"])):
        return False
    opened = entry_key(attacker_secret, attack, facts["defender_kind"])
    return facts.get("tag") == audit_tag(defender_secret, attack, opened)


def _name_the_liar(
    attacker_secret: bytes, defender_secret: bytes, facts: dict, sender: oblivious.Sender | None
) -> FalseFight:
    """The false claim, by recomputing the query and the whole table with group operations."""
    attacker, defender, attack = facts["attacker"], facts["defender"], facts["attack"]
    sender_scalar = oblivious.scalar(attacker_secret, "sender")
    piece_scalar = oblivious.scalar(defender_secret, facts["piece"])
    choice = DEFENDER_KINDS.index(facts["defender_kind"])
    if oblivious.audited_query(sender_scalar, piece_scalar, choice) != facts["query"]:
        return FalseFight(f"{defender}'s query for {facts['piece']} does not hide its committed kind", defender)
    sender = sender or oblivious.Sender(sender_scalar, len(DEFENDER_KINDS))
    sender.know(facts["query"], piece_scalar, choice)
    if fight_table(sender, facts["query"], attack, facts["attacker_kind"], attacker_secret) != facts["table"]:
        return FalseFight(f"{attacker}'s fight table for {attack} is not the one its kind gives", attacker)
    if facts["token"] != _entry(attacker_secret, attack, facts["attacker_kind"], facts["defender_kind"])[2:]:
        return FalseFight(f"{defender}'s reply to {attack} carries another entry's token", defender)
    return FalseFight(f"{defender}'s reply to {attack} carries an audit tag for another entry", defender)
