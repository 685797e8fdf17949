"""ui/saves.py: storage, saved games and saved setups."""

import json
import random

import pytest

from espionage import Game, Setup, Variant, random_volcanoes
from espionage.board import BLUE, RED, SETUP_SQUARES, rotated
from ui.app import App
from ui.saves import (
    GAME_PREFIX,
    KEPT_SETUPS_PREFIX,
    SETUPS_KEY,
    Match,
    MemoryStorage,
    Scratch,
    change_setup,
    discard_unreadable_setups,
    placement_from_seen,
    read_setups,
    save_setups,
    saved_match,
    setup_as_seen,
)


def new_match(seed=1, moves=2, mid="abc"):
    rng = random.Random(seed)
    variant = Variant(moves, 6)
    return Match(id=mid, variant=variant, volcanoes=random_volcanoes(6, rng)), rng


def started_match(seed=1, moves=2, turns=4):
    match, rng = new_match(seed, moves)
    match.setups = [Setup.random(RED, rng), Setup.random(BLUE, rng)]
    match.start()
    for _ in range(turns):
        view = match.game.view(match.game.turn)
        planned = []
        while nxt := view.legal_moves_after(planned):
            planned.append(rng.choice(nxt))
        match.game.play_turn(*planned)
    return match


def test_memory_storage_capacity():
    s = MemoryStorage(capacity=10)
    s.set("ab", "cdef")
    with pytest.raises(OSError):
        s.set("x", "1234567")
    assert s.data == {"ab": "cdef"}
    s.set("ab", "12345678")  # replacing a value counts only the new one
    assert s.get("ab") == "12345678" and s.list_keys() == ["ab"]
    s.remove("ab")
    s.remove("nothing")
    assert s.get("ab") is None


@pytest.mark.parametrize("stage", ["new", "red-ready", "playing", "resigned", "draw"])
def test_match_round_trip(stage):
    if stage == "new":
        match, _ = new_match()
    elif stage == "red-ready":
        match, rng = new_match()
        match.setups[RED] = Setup.random(RED, rng)
    else:
        match = started_match(moves=1 if stage == "draw" else 2)
        match.draw_offer = BLUE
        if stage == "resigned":
            match.game.resign("red")
        elif stage == "draw":
            match.game.agree_draw()
    match.updated = 12.5
    again = Match.from_json(match.to_json())
    assert (again.id, again.variant, again.volcanoes, again.setups, again.draw_offer, again.updated) == (
        match.id, match.variant, match.volcanoes, match.setups, match.draw_offer, 12.5
    )
    if match.game is None:
        assert again.game is None
    else:
        assert again.game.position() == match.game.position()
        assert again.game.moves == match.game.moves
        assert again.game.outcome == match.game.outcome


def test_a_game_from_a_position_round_trips():
    position = Game.from_position(started_match(seed=3).game.position())
    match = Match(id="p", variant=position.variant, volcanoes=position.volcanoes, game=position)
    assert Match.from_json(match.to_json()).game.position() == position.position()


def test_saved_games_are_listed_and_damaged_saves_sorted_out():
    storage = MemoryStorage()
    good = started_match()
    good.save(storage)
    storage.set(GAME_PREFIX + "junk", "{junk")
    storage.set(GAME_PREFIX + "other", good.to_json())  # a readable save under someone else's key
    storage.set("unrelated", "{junk")
    app = App(storage)
    assert list(app.matches) == [good.key]
    assert app.damaged == [GAME_PREFIX + "junk", GAME_PREFIX + "other"]
    with pytest.raises(ValueError):
        saved_match(Match, GAME_PREFIX + "other", good.to_json())
    storage.remove(GAME_PREFIX + "junk")
    storage.remove(good.key)
    assert sorted(storage.data) == [GAME_PREFIX + "other", "unrelated"]


def test_a_scratch_storage_reads_through_and_keeps_its_writes_to_itself():
    """The app's copy that works a tap out ahead saves to one: it must read what the app would,
    and change nothing the app reads."""
    under = MemoryStorage({"a": "1", "b": "2"})
    scratch = Scratch(under)
    scratch.set("a", "one")
    scratch.set("c", "3")
    scratch.remove("b")
    assert [scratch.get(k) for k in "abcd"] == ["one", None, "3", None]
    assert scratch.list_keys() == ["a", "c"]
    assert under.data == {"a": "1", "b": "2"}


@pytest.mark.parametrize(
    "text",
    ["", "{", "1", '"x"', "[]", "{}", '{"format": 2}', '{"format": 1, "id": "a"}',
     '{"format": 1, "id": "a", "moves_per_turn": 3, "volcanoes": "", "setups": [null, null]}',
     '{"format": 1, "id": "a", "moves_per_turn": 2, "volcanoes": "z9", "setups": [null, null]}',
     '{"format": 1, "id": "a", "moves_per_turn": 2, "volcanoes": "", "setups": ["XX", null]}',
     '{"format": 1, "id": "a", "moves_per_turn": 2, "volcanoes": "", "setups": [null]}'],
)
def test_unreadable_saves_raise_value_error(text):
    with pytest.raises(ValueError):
        Match.from_json(text)


def test_saved_setups_are_kept_as_their_owner_sees_them():
    rng = random.Random(5)
    red = dict(Setup.random(RED, rng).items())
    blue = {rotated(sq): k for sq, k in red.items()}  # the same army, as Blue places it
    assert setup_as_seen(red, RED) == setup_as_seen(blue, BLUE) == str(Setup(RED, red))
    text = setup_as_seen(red, RED)
    assert placement_from_seen(text, RED) == red
    assert placement_from_seen(text, BLUE) == blue
    assert set(placement_from_seen(text, BLUE)) == set(SETUP_SQUARES[BLUE])
    with pytest.raises(ValueError):
        placement_from_seen(text[:-1] + "M", RED)  # five Mines


def test_setup_list_storage():
    storage = MemoryStorage()
    assert read_setups(storage.get(SETUPS_KEY)) == ({}, True)
    save_setups(storage, {"b": GOOD, "a": OTHER})
    assert read_setups(storage.get(SETUPS_KEY)) == ({"a": OTHER, "b": GOOD}, True)
    assert list(json.loads(storage.get(SETUPS_KEY))) == ["a", "b"]


GOOD, OTHER = (str(Setup.random(RED, random.Random(seed))) for seed in (1, 2))
UNREADABLE_SETUPS = {
    "not JSON": ("{nope", {}),
    "cut short": (json.dumps({"a": GOOD, "b": OTHER})[:-9], {}),
    "empty": ("", {}),
    "nested too deep": ("[" * 100_000, {}),
    "a list": (json.dumps([GOOD]), {}),
    "a number": ("3", {}),
    "null": ("null", {}),
    "one bad entry": (json.dumps({"a": GOOD, "broken": "XYZ", "b": OTHER}), {"a": GOOD, "b": OTHER}),
    "a Mine too many": (json.dumps({"a": GOOD, "mines": OTHER.replace("C", "M", 1)}), {"a": GOOD}),
    "not text": (json.dumps({"a": GOOD, "n": 5, "none": None}), {"a": GOOD}),
    "a name twice": (f'{{"a": "{OTHER}", "a": "{GOOD}"}}', {"a": GOOD}),
    "a newer version's": (json.dumps({"format": 2, "setups": {"a": {"army": GOOD}}}), {}),
    "a newer version's entry": (json.dumps({"a": GOOD, "b": {"army": OTHER, "note": "x"}}), {"a": GOOD}),
}


@pytest.mark.parametrize("text, usable", UNREADABLE_SETUPS.values(), ids=UNREADABLE_SETUPS)
def test_a_setup_list_not_read_whole_offers_what_it_can(text, usable):
    assert read_setups(text) == (usable, False)


class RefusingStorage(MemoryStorage):
    """A storage that cannot hold a kept copy of the setups (full or blocked for that write)."""

    def set(self, key, value):
        if key.startswith(KEPT_SETUPS_PREFIX):
            raise OSError("storage full")
        super().set(key, value)


def kept(storage):
    """The setup lists kept aside in ``storage``, by key."""
    return {k: v for k, v in storage.data.items() if k.startswith(KEPT_SETUPS_PREFIX)}


@pytest.mark.parametrize("change", ["save", "forget"])
@pytest.mark.parametrize("text, usable", UNREADABLE_SETUPS.values(), ids=UNREADABLE_SETUPS)
def test_a_setup_list_not_read_whole_is_kept_aside_untouched_before_a_write(text, usable, change):
    """Saving or forgetting a setup wrote the list this version had read over the stored one: a
    damaged list, or a newer version's, lost every setup in it without a word."""
    storage = MemoryStorage({SETUPS_KEY: text, "unrelated": "x"})
    if change == "save":
        change_setup(storage, "new", GOOD)
        written = {**usable, "new": GOOD}
    else:
        change_setup(storage, "a", None)
        written = {k: v for k, v in usable.items() if k != "a"}
    assert kept(storage) == {KEPT_SETUPS_PREFIX + "1": text}
    assert json.loads(storage.get(SETUPS_KEY)) == written
    change_setup(storage, "other", OTHER)  # the list now reads whole: nothing more kept
    assert kept(storage) == {KEPT_SETUPS_PREFIX + "1": text}


def test_a_setup_list_is_kept_aside_once_and_earlier_kept_lists_never_written_over():
    storage = MemoryStorage({KEPT_SETUPS_PREFIX + "1": "{older", SETUPS_KEY: "{newer"})
    change_setup(storage, "a", GOOD)
    assert kept(storage) == {KEPT_SETUPS_PREFIX + "1": "{older", KEPT_SETUPS_PREFIX + "2": "{newer"}
    for text in ("{newer", "{older"):  # damaged again as a kept list was: not kept twice
        storage.set(SETUPS_KEY, text)
        change_setup(storage, "b", OTHER)
        assert len(kept(storage)) == 2
    storage.set(SETUPS_KEY, "[]")
    change_setup(storage, "b", None)
    assert kept(storage) == {
        KEPT_SETUPS_PREFIX + "1": "{older", KEPT_SETUPS_PREFIX + "2": "{newer", KEPT_SETUPS_PREFIX + "3": "[]"
    }
    assert json.loads(storage.get(SETUPS_KEY)) == {}


@pytest.mark.parametrize("name, text", [("new", GOOD), ("a", None)], ids=["save", "forget"])
def test_a_setup_list_that_cannot_be_kept_aside_is_not_written_over(name, text):
    damaged = json.dumps({"a": GOOD, "b": {"army": OTHER}})
    storage = RefusingStorage({SETUPS_KEY: damaged})
    with pytest.raises(OSError):
        change_setup(storage, name, text)
    assert storage.data == {SETUPS_KEY: damaged}


@pytest.mark.parametrize("text, usable", UNREADABLE_SETUPS.values(), ids=UNREADABLE_SETUPS)
def test_deleting_the_unreadable_setups_keeps_those_that_read_and_removes_every_kept_list(text, usable):
    storage = MemoryStorage({SETUPS_KEY: text, KEPT_SETUPS_PREFIX + "1": "{older", KEPT_SETUPS_PREFIX + "7": "[]"})
    readable, _whole = read_setups(text)
    discard_unreadable_setups(storage)
    assert storage.data == {SETUPS_KEY: json.dumps(readable, sort_keys=True)}
    assert read_setups(storage.get(SETUPS_KEY)) == (readable, True) and readable == usable


def test_deleting_the_unreadable_setups_leaves_a_list_that_reads_whole_as_it_is():
    whole = json.dumps({"a": GOOD})
    storage = MemoryStorage({SETUPS_KEY: whole, KEPT_SETUPS_PREFIX + "1": "{older"})
    discard_unreadable_setups(storage)
    assert storage.data == {SETUPS_KEY: whole}
    empty = MemoryStorage({KEPT_SETUPS_PREFIX + "1": "{older"})
    discard_unreadable_setups(empty)
    assert empty.data == {}
