"""Sealed links (since format 4) leave out the fight values their receiver already has (issue 19):
each device keeps them, a link that needs values a device lacks or kept otherwise is refused
and the saved game kept, and the private backup link carries them all."""

import base64
import hashlib
import random

import pytest
from linkplay import random_turn

from espionage.link import (
    ChangedHistory,
    ConflictingLink,
    DamagedLink,
    DuplicateLink,
    MissingHistory,
    UnknownFormat,
    decode,
    history,
    unframe,
)
from espionage.link.coding import encode_symbols
from espionage.link.framing import frame, varint
from espionage.sealed import VERIFIED_FAIR, Seat
from espionage.variant import Variant


def start(seed):
    rng = random.Random(seed)
    a = Seat.new_game("sealed", rng.choice(["red", "blue"]), Variant(2, 6), rng=rng)
    b = Seat.join(a.link(), rng=rng)
    a.receive(b.link())
    return a, b, rng


def exchange(seats, rng, turns):
    """Play ``turns`` side-turns, each link taken in by the other device; returns the seats (mover first)."""
    mover, other = seats if seats[0].my_turn else seats[::-1]
    for _ in range(turns):
        if mover.outcome is not None:
            break
        mover.play_turn(random_turn(mover, rng))
        other.receive(mover.link())
        mover, other = other, mover
    return mover, other


def fought(seed=11, turns=60):
    """Two seats some way into a game with fights (values in its links)."""
    a, b, rng = start(seed)
    mover, other = exchange((a, b), rng, turns)
    assert mover.t.fights and mover.t.values == other.t.values
    return mover, other, rng


def test_a_link_leaves_out_the_values_its_receiver_has():
    _, other, _ = fought()  # ``other`` moved last
    t = other.t
    left_out = decode(other.link())._incoming.start
    assert left_out == t.messages[-2].values > 0  # everything up to the receiver's last message
    full = t.encode(backup=(other.side, other.secret, other.setup))
    assert len(other.link()) < len(full) - left_out * 4 // 3 + 60


def test_a_link_leaving_out_values_the_device_does_not_have_is_refused_and_the_game_kept():
    mover, other, rng = fought()
    old_backup = mover.backup_link()  # the mover's device, restored later from this older backup
    kept = len(mover.t.values)
    for _ in range(40):  # both play on until the mover's device made new values
        exchange((mover, other), rng, 2)
        if other.t.values_known_to(mover.side) > kept:
            break
    assert other.t.values_known_to(mover.side) > kept and other.my_turn is False
    behind = Seat.from_backup(old_backup)
    before = behind.to_dict()
    with pytest.raises(MissingHistory) as caught:
        behind.receive(other.link())
    assert isinstance(caught.value, ConflictingLink)  # the page's existing message
    assert behind.to_dict() == before
    saved = other.to_dict()
    saved["values"] = base64.b64encode(bytes(other.t.values[:100])).decode()  # a storage that lost some
    with pytest.raises(MissingHistory):
        Seat.from_dict(saved)


def test_a_link_whose_left_out_values_differ_from_the_kept_ones_is_refused_and_the_game_kept():
    mover, other, rng = fought()
    mover.play_turn(random_turn(mover, rng))
    other.t.values[40] ^= 1  # a query or table this device kept, changed
    other._values = bytes(other.t.values)
    before = other.to_dict()
    with pytest.raises(ChangedHistory):
        other.receive(mover.link())
    assert other.to_dict() == before
    with pytest.raises(ChangedHistory):
        Seat.from_dict(before)  # its own link's check of the values fails too


def test_a_link_whose_attached_values_were_changed_is_refused():
    mover, other, rng = fought()
    mover.play_turn(random_turn(mover, rng))
    body = bytearray(unframe(mover.link()))
    body[-4] ^= 1  # the last attached value byte
    forged = frame(bytes(body))
    before = other.link()
    with pytest.raises(Exception) as caught:
        other.receive(forged)
    assert caught.type.__module__.startswith("espionage")
    assert other.link() == before


def test_a_spectator_reads_a_link_without_the_values_it_leaves_out():
    mover, _, _ = fought()
    t = decode(mover.link())
    assert t.partial and t.board.turn == mover.t.board.turn
    with pytest.raises(MissingHistory):
        Seat(t, mover.side, mover.secret, mover.setup)


def test_the_backup_link_restores_every_value_and_the_game_plays_to_a_verified_end():
    mover, other, rng = fought(seed=12)
    backup = other.backup_link()
    restored = Seat.from_backup(backup)
    assert restored.t.values == other.t.values and restored.link() == other.link()
    assert restored.author.points == other.author.points  # worked out again on restoring, never in a link
    seats = (mover, restored)
    for _ in range(400):
        if mover.outcome is not None:
            break
        mover, restored = exchange((mover, restored), rng, 2)
    if mover.outcome is None:
        mover.resign()
    for _ in range(3):
        sender, receiver = (mover, restored) if mover.link() != restored.link() else (restored, mover)
        try:
            receiver.receive(sender.link())
            sender.receive(receiver.link())
        except DuplicateLink:
            pass
    for seat in seats:
        assert seat.check == VERIFIED_FAIR, seat.verdict


def test_a_saved_game_reloads_with_its_values_and_key_material():
    _, other, _ = fought()
    again = Seat.from_dict(other.to_dict())
    assert again.t.values == other.t.values and again.link() == other.link()
    assert again.author.points == other.author.points and other.author.points


def _as_format_3(seat):
    """The seat's game as a format-3 link: the same symbols, every value inside the coded body."""
    t = seat.t
    body = encode_symbols(t.symbols() + [(int.from_bytes(t.values, "big"), 1 << (8 * len(t.values)))])
    head = bytes([3]) + varint(len(body)) + body
    return base64.urlsafe_b64encode(head + hashlib.sha256(head).digest()[:6]).rstrip(b"=").decode()


def test_a_sealed_game_of_format_3_is_refused_with_a_message_and_kept():
    _, other, _ = fought()
    old = _as_format_3(other)
    with pytest.raises(UnknownFormat, match="older version of the app .format 3.*kept as it was"):
        decode(old)
    before = other.to_dict()
    with pytest.raises(UnknownFormat):
        other.receive(old)
    assert other.to_dict() == before
    saved = dict(before, link=old)
    with pytest.raises(UnknownFormat):
        Seat.from_dict(saved)


def test_a_link_claiming_to_leave_out_more_values_than_any_game_has_is_refused_at_once():
    mover, _, _ = fought()
    coded, _ = history.split(unframe(mover.link()))
    hostile = history.join(coded, varint(1 << 27) + bytes(history.CHECK_BYTES))
    link = frame(hostile)
    with pytest.raises(DamagedLink):
        decode(link)
