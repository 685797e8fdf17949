"""Sealed fights: each side learns what the rules show it, and every false table, query or reply is caught."""

import secrets

import pytest

from espionage.link import fights, oblivious
from espionage.pieces import ATTACKER_WINS, MOVABLE

ATTACKER_SECRET, DEFENDER_SECRET = secrets.token_bytes(16), secrets.token_bytes(16)
SENDER_SCALAR = oblivious.scalar(ATTACKER_SECRET, "sender")
SENDER_KEY = oblivious.sender_key(SENDER_SCALAR)
SENDER = oblivious.Sender(SENDER_SCALAR, len(fights.DEFENDER_KINDS))
PAIRS = sorted((a, d) for a in MOVABLE for d in fights.DEFENDER_KINDS)


def piece(kind, label="e5"):
    """The defender's scalar and published query for a piece of `kind`."""
    scalar = oblivious.scalar(DEFENDER_SECRET, label)
    return scalar, oblivious.query(scalar, SENDER_KEY, fights.DEFENDER_KINDS.index(kind))


def facts(attacker_kind, defender_kind, attack="t3 e4-e5", **changes):
    """An honest fight as the transcript would record it, with `changes` made."""
    scalar, query = piece(defender_kind)
    table = fights.fight_table(SENDER, query, attack, attacker_kind, ATTACKER_SECRET)
    opened = fights.open_fight(scalar, SENDER_KEY, attack, defender_kind, table, "Red")
    fight = dict(attack=attack, attacker="Red", defender="Blue", attacker_kind=attacker_kind)
    fight.update(defender_kind=defender_kind, piece="e5", query=query, table=table, token=opened.token)
    fight.update(tag=fights.audit_tag(DEFENDER_SECRET, attack, opened.entry_key))
    return fight | changes


@pytest.mark.parametrize(("attacker", "defender"), PAIRS, ids=[f"{a}x{d}" for a, d in PAIRS])
def test_each_side_learns_what_the_rules_show_it(attacker, defender):
    scalar, query = piece(defender)
    table = fights.fight_table(SENDER, query, "t7 c4-c5", attacker, ATTACKER_SECRET)
    assert len(table) == fights.TABLE_BYTES
    opened = fights.open_fight(scalar, SENDER_KEY, "t7 c4-c5", defender, table, "Red")
    result = fights.check_reply(ATTACKER_SECRET, "t7 c4-c5", opened.token, "Blue")
    wins = ATTACKER_WINS[(attacker, defender)]
    assert opened.attacker_won is result.attacker_won is wins
    assert opened.attacker_kind == (None if wins else attacker)  # the winner stays hidden from the defender
    assert result.defender_kind == (defender if wins else None)  # a surviving defender stays hidden too


def test_a_loss_gives_the_attacker_one_token_whatever_the_defender():
    losing = [d for d in fights.DEFENDER_KINDS if not ATTACKER_WINS[("K", d)]]
    assert len(losing) > 1
    assert len({facts("K", d)["token"] for d in losing}) == 1


def test_an_honest_fight_passes_the_audit():
    assert fights.audit_fight(ATTACKER_SECRET, DEFENDER_SECRET, facts("G", "O")) is None


def sealed_table(query, attack, entry_for, loss_entry=b"LC" + bytes(fights.TOKEN_BYTES)):
    """A lying attacker's table: entry_for(kind) is the plaintext it seals for each defender kind,
    and the table shows the check of `loss_entry`."""
    plaintexts = [entry_for(kind) for kind in fights.DEFENDER_KINDS]
    return fights.sealed_table(SENDER, query, attack, ATTACKER_SECRET, plaintexts, loss_entry)


def test_a_table_claiming_a_loss_the_rules_do_not_give_is_refused_at_once():
    scalar, query = piece("C")
    table = sealed_table(query, "a", lambda kind: b"LG" + bytes(fights.TOKEN_BYTES))  # a General "loses" to a Corporal
    with pytest.raises(fights.FalseFight, match="claims a result the rules do not give") as caught:
        fights.open_fight(scalar, SENDER_KEY, "a", "C", table, "Red")
    assert caught.value.liar == "Red"


LOSSES_OF_A_CORPORAL = [d for d in fights.DEFENDER_KINDS if not ATTACKER_WINS[("C", d)]]


def _loss_told_apart(what, kind):
    """A Corporal's loss entry for defender `kind`, told apart from the others by `what`: its own
    token, or (against a General) another losing attacker kind, a Colonel."""
    if what == "token":
        return b"LC" + fights._token(ATTACKER_SECRET, "a", "loss " + kind)
    return (b"LO" if kind == "G" else b"LC") + fights._token(ATTACKER_SECRET, "a", "loss")


@pytest.mark.parametrize("what", ["token", "kind"])
def test_losses_sealed_apart_are_refused_by_every_defender_but_the_one_the_check_shows(what):
    """A modified app that seals each loss apart would learn the surviving defender's kind from the
    reply (its token, or the attacker kind it names): every loss must match the table's one check."""
    shown = "M" if what == "token" else "K"  # the entry whose loss the table's check shows
    for defender in LOSSES_OF_A_CORPORAL:
        scalar, query = piece(defender)
        table = sealed_table(
            query,
            "a",
            lambda kind: _loss_told_apart(what, kind) if kind in LOSSES_OF_A_CORPORAL else fights._entry(ATTACKER_SECRET, "a", "C", kind),
            loss_entry=_loss_told_apart(what, shown),
        )
        if _loss_told_apart(what, defender) == _loss_told_apart(what, shown):
            assert not fights.open_fight(scalar, SENDER_KEY, "a", defender, table, "Red").attacker_won
            continue
        with pytest.raises(fights.FalseFight, match="^Red's fight table seals a loss that its check of every loss does not show$"):
            fights.open_fight(scalar, SENDER_KEY, "a", defender, table, "Red")


def test_a_table_whose_check_shows_another_loss_is_caught_by_the_audit_where_the_attacker_won():
    scalar, query = piece("S")  # a Spy: the Corporal wins, so the defender opens no loss
    plaintexts = [fights._entry(ATTACKER_SECRET, "a", "C", kind) for kind in fights.DEFENDER_KINDS]
    table = fights.sealed_table(SENDER, query, "a", ATTACKER_SECRET, plaintexts, b"LC" + bytes(fights.TOKEN_BYTES))
    opened = fights.open_fight(scalar, SENDER_KEY, "a", "S", table, "Red")
    assert opened.attacker_won
    tag = fights.audit_tag(DEFENDER_SECRET, "a", opened.entry_key)
    lie = facts("C", "S", attack="a", query=query, table=table, token=opened.token, tag=tag)
    finding = fights.audit_fight(ATTACKER_SECRET, DEFENDER_SECRET, lie)
    assert finding is not None and finding.liar == "Red" and "fight table" in str(finding)


def test_a_table_naming_another_attacker_kind_is_caught_by_the_audit():
    # the General claims to be a Corporal, loses to the Captain in that story: legal-looking at once
    scalar, query = piece("K")
    table = fights.fight_table(SENDER, query, "a", "C", ATTACKER_SECRET)
    opened = fights.open_fight(scalar, SENDER_KEY, "a", "K", table, "Red")
    assert (opened.attacker_won, opened.attacker_kind) == (False, "C")
    finding = fights.audit_fight(ATTACKER_SECRET, DEFENDER_SECRET, facts("G", "K", table=table, token=opened.token))
    assert finding is not None and finding.liar == "Red"


def test_a_table_with_a_false_win_is_caught_by_the_audit():
    scalar, query = piece("G")
    table = sealed_table(query, "a", lambda kind: b"W-" + bytes(fights.TOKEN_BYTES))  # a Corporal "beats" anything
    opened = fights.open_fight(scalar, SENDER_KEY, "a", "G", table, "Red")
    assert opened.attacker_won
    finding = fights.audit_fight(ATTACKER_SECRET, DEFENDER_SECRET, facts("C", "G", attack="a", table=table))
    assert finding is not None and finding.liar == "Red"


@pytest.mark.parametrize("table", [b"", bytes(fights.TABLE_BYTES), secrets.token_bytes(fights.TABLE_BYTES)])
def test_a_table_that_does_not_open_is_refused_at_once(table):
    scalar, _ = piece("M")
    with pytest.raises(fights.FalseFight) as caught:
        fights.open_fight(scalar, SENDER_KEY, "a", "M", table, "Red")
    assert caught.value.liar == "Red"


def test_a_query_hiding_another_kind_than_the_committed_one_is_caught_by_the_audit():
    scalar, query = piece("G")  # the piece is a Corporal in the committed setup
    # the honest attacker's table for that query; the defender can open the General's entry only
    table = fights.fight_table(SENDER, query, "a", "K", ATTACKER_SECRET)
    opened = fights.open_fight(scalar, SENDER_KEY, "a", "G", table, "Red")
    tag = fights.audit_tag(DEFENDER_SECRET, "a", opened.entry_key)
    lie = facts("K", "C", attack="a", query=query, table=table, token=opened.token, tag=tag)
    finding = fights.audit_fight(ATTACKER_SECRET, DEFENDER_SECRET, lie)
    assert finding is not None and finding.liar == "Blue"


def test_a_reply_withholding_the_token_is_refused():
    with pytest.raises(fights.FalseFight) as caught:
        fights.check_reply(ATTACKER_SECRET, "a", None, "Blue")
    assert caught.value.liar == "Blue"


def test_a_replayed_token_is_refused():
    earlier = facts("G", "K", attack="t3 e4-e5")["token"]
    with pytest.raises(fights.FalseFight) as caught:
        fights.check_reply(ATTACKER_SECRET, "t9 e4-e5", earlier, "Blue")
    assert caught.value.liar == "Blue"


def test_a_token_the_defender_could_not_open_is_refused():
    forged = secrets.token_bytes(fights.TOKEN_BYTES)
    with pytest.raises(fights.FalseFight):
        fights.check_reply(ATTACKER_SECRET, "a", forged, "Blue")


def test_a_reply_with_an_audit_tag_of_another_entry_is_caught_by_the_audit():
    honest = facts("G", "K", attack="a")
    other = fights.audit_tag(DEFENDER_SECRET, "a", fights.entry_key(ATTACKER_SECRET, "a", "C"))
    finding = fights.audit_fight(ATTACKER_SECRET, DEFENDER_SECRET, honest | {"tag": other})
    assert finding is not None and finding.liar == "Blue" and "audit tag" in str(finding)


def test_a_reply_with_another_entrys_token_is_caught_by_the_audit():
    # a defender that somehow held another entry's token (here: the attacker's own) and sent it
    win_of_another_kind = fights._entry(ATTACKER_SECRET, "a", "G", "C")[2:]
    finding = fights.audit_fight(ATTACKER_SECRET, DEFENDER_SECRET, facts("G", "K", attack="a", token=win_of_another_kind))
    assert finding is not None and finding.liar == "Blue"


def test_only_movable_kinds_attack():
    _, query = piece("C")
    with pytest.raises(ValueError):
        fights.fight_table(SENDER, query, "a", "M", ATTACKER_SECRET)
