"""The link codec: round trips, sizes, every kind of bad link, and a fuzz test of the decoder."""

import base64
import hashlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from espionage import Setup
from espionage.game import QUIET_LIMIT
from espionage.link import (
    MAX_LINK_CHARS,
    SETUP_RADIX,
    LinkError,
    OversizedLink,
    UnknownFormat,
    decode,
    decode_body,
    frame,
    setup_rank,
    setup_unrank,
    unframe,
)
from espionage.link.framing import MAX_BODY_BYTES, MAX_SIDE_TURNS, varint
from espionage.sealed import BACKUP, DUPLICATE, NO_SEAT, OTHER_GAME, Seat, spectate
from tests.linkplay import play, random_turn

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def test_setup_rank_round_trips():
    rng = random.Random(1)
    for side in ("red", "blue"):
        for _ in range(50):
            letters = str(Setup.random(side, rng))
            rank = setup_rank(letters)
            assert 0 <= rank < SETUP_RADIX
            assert setup_unrank(rank) == letters
    assert setup_unrank(0) == "CCCCCLLLLKKKOOGGSSSSSEEEEMMMMH"
    assert setup_unrank(SETUP_RADIX - 1) == "HMMMMEEEESSSSSGGOOKKKLLLLCCCCC"


@pytest.mark.parametrize("kind", ["casual", "sealed"])
def test_links_name_version_game_variant_and_volcanoes(kind):
    a, b, _ = play(kind, 5, moves_per_turn=1, volcanoes=4, resign_at=10)
    t = decode("https://example.org/play#" + a.link())
    assert t.kind == kind and t.game_id == a.game_id == b.game_id
    assert t.variant.moves_per_turn == 1 and len(t.volcanoes) == 4
    assert t.volcanoes == a.t.volcanoes
    assert decode("#" + a.link()).game_id == t.game_id
    if kind == "casual":
        assert t.setups[a.side] == a.setup and t.setups[b.side] == b.setup
    else:
        assert t.commits[0] and t.commits[1]


def test_every_link_of_a_game_decodes_to_its_prefix():
    links = []
    play("casual", 6, links=links, resign_at=80)
    lengths = [len(decode(link).game.moves) for link in links[1::5]]
    assert lengths == sorted(lengths)


def test_newest_link_suffices_when_links_are_skipped():
    rng = random.Random(7)
    a = Seat.new_game("sealed", "red", rng=rng)
    b = Seat.join(a.link(), rng=rng)
    a.receive(b.link())
    b.receive(a.play_turn(random_turn(a, rng)))
    b.play_turn(random_turn(b, rng))  # this link is lost
    a.receive(b.link())
    assert a.my_turn


def test_bad_links_get_clear_messages_and_leave_the_seat_alone():
    rng = random.Random(9)
    a = Seat.new_game("sealed", "red", rng=rng)
    b = Seat.join(a.link(), rng=rng)
    a.receive(b.link())
    old = a.link()
    b.receive(a.play_turn(random_turn(a, rng)))
    b.play_turn(random_turn(b, rng))
    a.receive(b.link())
    a.play_turn(random_turn(a, rng))
    saved = a.to_dict()
    newest = a.link()

    def refused(link, match):
        with pytest.raises(LinkError, match=match):
            a.receive(link)
        assert a.to_dict() == saved

    refused(newest, DUPLICATE)
    refused(old, "older than your saved game")
    refused(b.link(), "older than your saved game")
    other = Seat.new_game("sealed", "red", rng=rng)
    refused(Seat.join(other.link(), rng=rng).link(), OTHER_GAME)
    refused(b.backup_link(), BACKUP)
    refused(newest[:-5], "incomplete")
    refused(newest[: len(newest) // 2], "incomplete")
    refused("", "empty")
    refused("hello world!", "not an Espionage game link")
    refused("#" + "A" * 5, "too short")
    for i in range(0, len(newest), 3):
        for ch in "Ab_":
            if newest[i] != ch:
                refused(newest[:i] + ch + newest[i + 1 :], "changed or damaged|incomplete|format")
    # a device with no seat: joining is refused; watching works
    with pytest.raises(LinkError, match=NO_SEAT):
        Seat.join(newest)
    assert spectate(newest).viewer is None


def test_conflicting_history_is_refused():
    rng = random.Random(10)
    a = Seat.new_game("casual", "red", rng=rng)
    b = Seat.join(a.link(), rng=rng)
    a.receive(b.link())
    b.receive(a.play_turn(random_turn(a, rng)))
    b2 = Seat.from_dict(b.to_dict())
    one = b.play_turn(random_turn(b, random.Random(1)))
    two = b2.play_turn(random_turn(b2, random.Random(2)))
    assert one != two
    a.receive(one)
    saved = a.to_dict()
    with pytest.raises(LinkError, match="does not continue your saved game"):
        a.receive(two)
    assert a.to_dict() == saved


def test_casual_links_cost_at_most_two_characters_per_move():
    chars = moves = 0
    for seed in range(6):
        a, _, _ = play("casual", 100 + seed)
        chars += len(a.link())
        moves += len(a.t.game.moves)
    assert chars / moves <= 2.0


def test_sealed_link_of_a_150_turn_game_is_under_2000_characters():
    def stop(seat, n):
        return seat.t.board.turn > 150

    for seed in range(200, 260):
        a, _, _ = play("sealed", seed, stop=stop)
        if a.t.board.turn > 150:
            assert len(a.link()) < 2000, len(a.link())
            return
    pytest.skip("no random game lasted 150 turns")


def test_every_link_sent_in_a_150_turn_sealed_game_is_under_3000_characters():
    """Not only the last: a link carries only the fights' values its receiver has not seen."""

    def stop(seat, n):
        return seat.t.board.turn > 150

    for seed in range(200, 260):
        sent = []
        a, _, _ = play("sealed", seed, stop=stop, links=sent)
        if a.t.board.turn > 150:
            assert len(sent) > 150
            assert max(len(link) for link in sent) < 3000, max(len(link) for link in sent)
            return
    pytest.skip("no random game lasted 150 turns")


# -- fuzz -------------------------------------------------------------------------

_SAMPLE = None


def sample_links():
    global _SAMPLE
    if _SAMPLE is None:
        casual, sealed = [], []
        play("casual", 300, resign_at=15, links=casual)
        play("sealed", 301, resign_at=15, links=sealed)
        _SAMPLE = casual[::3] + sealed[::3] + [casual[-1], sealed[-1]]
    return _SAMPLE


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300) | st.text(alphabet=ALPHABET, max_size=600))
def test_random_text_raises_only_link_error(text):
    try:
        decode(text)
    except LinkError:
        pass


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_links_are_always_refused(data):
    link = data.draw(st.sampled_from(sample_links()))
    how = data.draw(st.sampled_from(["change", "delete", "insert", "truncate", "swap"]))
    i = data.draw(st.integers(0, len(link) - 1))
    ch = data.draw(st.sampled_from(ALPHABET))
    if how == "change":
        if link[i] == ch:
            return
        bad = link[:i] + ch + link[i + 1 :]
    elif how == "delete":
        bad = link[:i] + link[i + 1 :]
    elif how == "insert":
        bad = link[:i] + ch + link[i:]
    elif how == "truncate":
        bad = link[:i]
    else:
        j = data.draw(st.integers(0, len(link) - 1))
        if link[i] == link[j]:
            return
        chars = list(link)
        chars[i], chars[j] = chars[j], chars[i]
        bad = "".join(chars)
    with pytest.raises(LinkError):
        decode(bad)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=600))
def test_any_body_with_a_valid_check_code_raises_only_link_error(body):
    """Behind the check code: random bodies decode or raise LinkError, nothing else."""
    try:
        decode_body(body)
    except LinkError:
        pass
    try:
        decode(frame(body))
    except LinkError:
        pass
    assert unframe(frame(body)) == body


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_valid_links_with_random_tails_raise_only_link_error(data):
    """A well-formed start followed by random symbols (a forged link) never crashes the decoder."""
    link = data.draw(st.sampled_from(sample_links()))
    body = unframe(link)
    cut = data.draw(st.integers(0, len(body)))
    tail = data.draw(st.binary(max_size=80))
    try:
        decode_body(body[:cut] + tail)
    except LinkError:
        pass


# -- hostile sizes, old formats, secrets ---------------------------------------------------


def hostile(link, size, seed=0):
    """A valid link's body followed by a random tail, framed with a correct check code."""
    tail = random.Random(seed).randbytes(size)
    return frame(unframe(link) + tail)


def test_a_link_longer_than_any_game_is_refused_before_decoding(monkeypatch):
    a, _b, _ = play("sealed", 401, resign_at=20)
    huge = hostile(a.link(), 1 << 20)
    assert len(huge) > MAX_LINK_CHARS and unframe.__module__ == "espionage.link.framing"

    def never(*_):
        raise AssertionError("a link longer than any game reached the decoder")

    monkeypatch.setattr("espionage.link.transcript.Reader", never)
    monkeypatch.setattr("espionage.link.framing.base64.urlsafe_b64decode", never)
    with pytest.raises(OversizedLink, match="longer than any game can make"):
        decode(huge)
    saved = a.to_dict()
    with pytest.raises(OversizedLink):
        a.receive(huge)
    assert a.to_dict() == saved


def test_the_size_cap_follows_from_the_rules():
    assert MAX_SIDE_TURNS == (2 * 30 + 1) * QUIET_LIMIT
    assert MAX_LINK_CHARS > MAX_SIDE_TURNS * 2 * 7 // 6  # every move fits, even at 7 bits per casual move


@pytest.mark.parametrize("kind", ["casual", "sealed"])
def test_hostile_tails_just_under_the_cap_are_refused(kind):
    a, _b, _ = play(kind, 402, resign_at=20)
    link = hostile(a.link(), MAX_BODY_BYTES - len(unframe(a.link())) - 64)
    assert len(link) <= MAX_LINK_CHARS
    with pytest.raises(LinkError):
        decode(link)


def test_a_link_of_the_first_format_is_refused_as_older():
    old = base64.urlsafe_b64encode(bytes([1, 3, 1, 2, 3, 0, 0, 0, 0, 0, 0])).rstrip(b"=").decode()
    with pytest.raises(UnknownFormat, match="older version of the app"):
        decode(old)


def test_secrets_and_game_ids_do_not_come_from_the_games_random_generator():
    """The rng a test passes picks volcanoes and setups; the secret and the game id come from `secrets`."""
    one = Seat.new_game("sealed", "red", rng=random.Random(5))
    two = Seat.new_game("sealed", "red", rng=random.Random(5))
    assert one.setup == two.setup and one.t.volcanoes == two.t.volcanoes
    assert one.secret != two.secret and one.game_id != two.game_id
    j1, j2 = Seat.join(one.link(), rng=random.Random(6)), Seat.join(one.link(), rng=random.Random(6))
    assert j1.setup == j2.setup and j1.secret != j2.secret


def _as_format(link, version):
    """The same body framed as an older format (2: before sealed fights by oblivious transfer;
    4: before the fight tables' loss check)."""
    body = unframe(link)
    head = bytes([version]) + varint(len(body)) + body
    return base64.urlsafe_b64encode(head + hashlib.sha256(head).digest()[:6]).rstrip(b"=").decode()


@pytest.mark.parametrize("version", [2, 4])
def test_a_casual_game_of_an_older_format_plays_on(version):
    """Formats 3 to 5 changed sealed games only: a casual game saved or sent as format 2 or 4 goes on."""
    a, _b, _ = play("casual", 403, resign_at=12)
    old = _as_format(a.link(), version)
    assert decode(old).game.moves == a.t.game.moves
    saved = a.to_dict()
    saved["link"] = old
    assert Seat.from_dict(saved).link() == a.link()


@pytest.mark.parametrize("version", [2, 4])
def test_a_sealed_game_of_an_older_format_is_refused_with_a_message(version):
    a, _b, _ = play("sealed", 404, resign_at=12)
    with pytest.raises(UnknownFormat, match=rf"older version of the app .format {version}.*kept as it was"):
        decode(_as_format(a.link(), version))
