"""Sealed fights: the attacker's table over the nine defender kinds, opened by oblivious transfer.

For each defender kind d the table holds one entry, sealed under d's key (see
:mod:`.oblivious`): whether the attacker wins, the attacker's kind where it
loses (its kind becomes public with its removal), and a token. The defender
opens only its own entry, so it learns the result at once and the attacker's
kind only when the attacker is removed. Its reply carries the token, which
proves the result to the attacker:

- the token of a win is one per defender kind: it also names the removed
  defender (whose kind becomes public);
- the token of a loss is shared by every kind the attacker loses to: the
  surviving defender stays hidden.

Every entry has the same length, and tokens come from the attacker's secret
(HMAC per attack), so the audit recomputes each table from the secret revealed
at the end and compares it byte for byte.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from ..pieces import ATTACKER_WINS, KINDS, MOVABLE
from . import oblivious
from .errors import BrokenRules

DEFENDER_KINDS = tuple(KINDS)
"""The choice index of each kind in a piece's query (the army list's order)."""
TOKEN_BYTES = 12
HIDDEN = "-"
ENTRY_BYTES = 2 + TOKEN_BYTES
TABLE_BYTES = len(DEFENDER_KINDS) * (ENTRY_BYTES + oblivious.TAG_BYTES)


class FalseFight(BrokenRules):
    """A fight's table or reply that its sender could not honestly have made; `liar` names the side."""

    def __init__(self, message: str, liar: str) -> None:
        super().__init__(message)
        self.liar = liar


@dataclass(frozen=True)
class Opened:
    """What the defender learns from its entry: the result, the attacker's kind if it lost, the token."""

    attacker_won: bool
    attacker_kind: str | None
    token: bytes


@dataclass(frozen=True)
class Result:
    """What a reply's token proves to the attacker: the result, the defender's kind if it was removed."""

    attacker_won: bool
    defender_kind: str | None


def _token(token_secret: bytes, attack: str, label: str) -> bytes:
    message = b"espionage-fight-token\0" + attack.encode() + b"\0" + label.encode()
    return hmac.new(token_secret, message, hashlib.sha256).digest()[:TOKEN_BYTES]


def tokens(token_secret: bytes, attack: str) -> dict[bytes, Result]:
    """Every token the attacker may get back for `attack`, with what each proves."""
    found = {_token(token_secret, attack, "loss"): Result(False, None)}
    for kind in DEFENDER_KINDS:
        found[_token(token_secret, attack, f"win {kind}")] = Result(True, kind)
    return found


def _entry(token_secret: bytes, attack: str, attacker_kind: str, defender_kind: str) -> bytes:
    if ATTACKER_WINS[(attacker_kind, defender_kind)]:
        return b"W" + HIDDEN.encode() + _token(token_secret, attack, f"win {defender_kind}")
    return b"L" + attacker_kind.encode() + _token(token_secret, attack, "loss")


def fight_table(sender: oblivious.Sender, query: bytes, attack: str, attacker_kind: str, token_secret: bytes) -> bytes:
    """The attacker's sealed table for `attack` on the piece that published `query`."""
    if attacker_kind not in MOVABLE:
        raise ValueError(f"a {attacker_kind!r} cannot attack")
    keys = sender.keys(query, attack)
    return b"".join(
        oblivious.seal(key, _entry(token_secret, attack, attacker_kind, kind))
        for key, kind in zip(keys, DEFENDER_KINDS)
    )


def open_fight(
    piece_scalar: int, sender_key: bytes, attack: str, defender_kind: str, table: bytes, attacker: str
) -> Opened:
    """The defender's entry of `table`; FalseFight naming `attacker` if it does not open or breaks the rules."""
    if len(table) != TABLE_BYTES:
        raise FalseFight(f"{attacker}'s fight table has the wrong size", attacker)
    size = ENTRY_BYTES + oblivious.TAG_BYTES
    index = DEFENDER_KINDS.index(defender_kind)
    key = oblivious.chooser_key(piece_scalar, sender_key, attack)
    try:
        entry = oblivious.open_sealed(key, table[index * size : (index + 1) * size])
    except oblivious.OTError:
        raise FalseFight(f"{attacker}'s fight table does not open for the attacked piece", attacker) from None
    result, kind, token = entry[:1], entry[1:2].decode("ascii", "replace"), entry[2:]
    if result == b"W" and kind == HIDDEN:
        return Opened(True, None, token)
    if result == b"L" and kind in MOVABLE and not ATTACKER_WINS[(kind, defender_kind)]:
        return Opened(False, kind, token)
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
    piece (the defender's piece label), query, table and token. ``sender``: the attacker's
    Sender, kept from one fight to the next by an audit of many (its a·A is the costly part).
    """
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
    return None
