"""The oblivious transfer of sealed fights: the chooser opens its own entry and no other."""

import ast
import secrets
import sys
from pathlib import Path

import pytest

from espionage.link import oblivious as ot

KINDS = 9


@pytest.fixture(scope="module")
def sides():
    attacker_secret, defender_secret = secrets.token_bytes(16), secrets.token_bytes(16)
    sender_scalar = ot.scalar(attacker_secret, "sender")
    return defender_secret, ot.sender_key(sender_scalar), ot.Sender(sender_scalar, KINDS)


@pytest.mark.parametrize("choice", range(KINDS))
def test_the_chooser_knows_exactly_the_key_of_its_choice(sides, choice):
    defender_secret, sender_key, sender = sides
    piece_scalar = ot.scalar(defender_secret, f"piece {choice}")
    query = ot.query(piece_scalar, sender_key, choice)
    keys = sender.keys(query, "attack 1")
    mine = ot.chooser_key(piece_scalar, sender_key, "attack 1")
    assert [i for i, key in enumerate(keys) if key == mine] == [choice]


@pytest.mark.parametrize("choice", range(KINDS))
def test_the_audit_s_shortcuts_give_the_same_query_and_keys(sides, choice):
    defender_secret = sides[0]
    attacker_scalar = ot.scalar(b"attacker", "sender")
    attacker_key = ot.sender_key(attacker_scalar)
    piece_scalar = ot.scalar(defender_secret, "piece")
    query = ot.query(piece_scalar, attacker_key, choice)
    assert ot.audited_query(attacker_scalar, piece_scalar, choice) == query
    auditor = ot.Sender(attacker_scalar, KINDS)
    auditor.know(query, piece_scalar, choice)
    assert auditor.keys(query, "a") == ot.Sender(attacker_scalar, KINDS).keys(query, "a")


def test_each_attack_derives_fresh_keys(sides):
    defender_secret, sender_key, sender = sides
    piece_scalar = ot.scalar(defender_secret, "piece")
    query = ot.query(piece_scalar, sender_key, 4)
    first, second = sender.keys(query, "attack 1"), sender.keys(query, "attack 2")
    assert not set(first) & set(second)
    assert ot.chooser_key(piece_scalar, sender_key, "attack 2") == second[4]


def test_a_query_made_for_another_kind_opens_another_entry(sides):
    defender_secret, sender_key, sender = sides
    piece_scalar = ot.scalar(defender_secret, "piece")
    keys = sender.keys(ot.query(piece_scalar, sender_key, 2), "attack")
    assert ot.chooser_key(piece_scalar, sender_key, "attack") != keys[5]
    assert ot.query(piece_scalar, sender_key, 2) != ot.query(piece_scalar, sender_key, 5)


def test_scalars_are_derived_from_the_secret_and_label():
    secret = secrets.token_bytes(16)
    assert ot.scalar(secret, "a") == ot.scalar(secret, "a")
    assert ot.scalar(secret, "a") != ot.scalar(secret, "b")
    assert 0 < ot.scalar(secret, "a") < ot.GROUP_ORDER


def test_sealed_entries_open_only_under_their_key():
    key, other = secrets.token_bytes(32), secrets.token_bytes(32)
    blob = ot.seal(key, b"\x01\x05token-token-tok")
    assert ot.open_sealed(key, blob) == b"\x01\x05token-token-tok"
    with pytest.raises(ot.OTError):
        ot.open_sealed(other, blob)
    altered = bytes([blob[0] ^ 1]) + blob[1:]
    with pytest.raises(ot.OTError):
        ot.open_sealed(key, altered)
    with pytest.raises(ot.OTError):
        ot.open_sealed(key, b"\x00")


@pytest.mark.parametrize(
    "data",
    [b"", b"\x00" * 31, b"\xff" * 32, bytes([1]) + b"\x00" * 31],
    ids=["empty", "short", "out of range", "odd"],
)
def test_bad_group_elements_are_refused(data):
    with pytest.raises(ot.OTError):
        ot.decode(data)


def test_a_sender_refuses_a_query_that_is_not_a_group_element(sides):
    _, _, sender = sides
    with pytest.raises(ot.OTError):
        sender.keys(b"\xff" * 32, "attack")


def test_only_the_sealed_protocol_imports_the_curve_library():
    package = Path(ot.__file__).resolve().parents[1]
    outside = {}
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                if top not in sys.stdlib_module_names and top != "espionage":
                    outside.setdefault(top, set()).add(path.relative_to(package).as_posix())
    assert outside == {"ge25519": {"link/oblivious.py"}}
