"""Damaged storage never breaks the page and never loses a saved game.

Real stored states are made by playing each mode a little (pass and play mid-setup, mid-game and
over, games against the computer mid-setup, mid-game and over, link games casual and sealed
mid-game and over, link setups in progress, saved setups); then one stored text at a time is
damaged (a JSON leaf or structure changed to an odd value, a key dropped, the text cut short or
replaced), as a damaged, older or newer storage, or an attacker, would leave it. From each damaged
storage the app is built and drawn, and the taps its pages offer are made (each once, bounded),
home and each saved game resumed included, and each link game's own link opened as a reload with
it does: none may raise, every save stays on the home list (as a game, or as one this version
cannot read), and a save this version cannot read is kept untouched until the player deletes it
(a setup list this version cannot read whole, kept aside before it is written over).

The test samples the damages (hypothesis, derandomized); ``python -m tests.test_damaged_storage``
tries every one of them (about half an hour on two cores) and prints each distinct failure.
"""

import functools
import json
import random
import re
import sys
from html import unescape
from typing import NamedTuple
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from espionage.sealed import seats
from tests import test_computer, test_link_app
from tests.test_app import new_app, play_turn, press, to_play
from ui import botwire
from ui.app import App
from ui.computer import COMPUTER_PREFIX, ComputerMatch
from ui.linkplay import SEAT_PREFIX, LinkMatch
from ui.saves import GAME_PREFIX, KEPT_SETUPS_PREFIX, SETUPS_KEY, UI_KEY, Match, MemoryStorage, read_setups
from ui.screens import Screen

SAVES = {GAME_PREFIX: Match, COMPUTER_PREFIX: ComputerMatch, SEAT_PREFIX: LinkMatch}
SAVE_KEY = re.compile(rf"^({'|'.join(map(re.escape, SAVES))})")
BASE_URL = "https://example.test/espionage/"


def clock():
    return 1_700_000_000.0


# -- real stored states -----------------------------------------------------------------------


class FixedSecrets:
    """The operating system's randomness of the link seats (game ids, secrets), repeatable."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def randbits(self, k):
        return self.rng.getrandbits(k)

    def token_bytes(self, n):
        return self.rng.randbytes(n)

    def SystemRandom(self):  # as secrets names it
        return random.Random(self.rng.getrandbits(32))


def _ui(app):
    app.remember_ui()
    return app.storage.get(UI_KEY)


def _reveal(app):
    press(app, f"Show {'Red' if app.side == 0 else 'Blue'}'s board")


def _tap_move(app, move):
    app.dispatch("square", str(move).split("-")[0])
    app.dispatch("square", str(move).split("-")[1])


def _pass_states():
    """Pass and play: a game mid-setup (a setup saved in it), one mid-game (a draw offered, a move
    planned), one at a turn's results, one over."""
    storage = MemoryStorage()
    uis = {}
    app = new_app(1, storage)
    press(app, "Random setup")
    app.dispatch("save-setup", "", "mine")
    press(app, "Ready")
    _reveal(app)
    app.dispatch("drop", "C>a10")
    app.dispatch("drop", "G>b10")
    uis["pass-setup"] = _ui(app)
    storage.remove(UI_KEY)
    app = to_play(2, storage)
    rng = random.Random(2)
    for _ in range(3):
        play_turn(app, rng, checks=False)
        press(app, "Hand over")
        _reveal(app)
    press(app, "Offer draw")
    _tap_move(app, app.turn.next_moves()[0])
    uis["pass-play"] = _ui(app)
    app.dispatch("history")
    uis["pass-history"] = _ui(app)
    storage.remove(UI_KEY)
    app = to_play(3, storage)
    play_turn(app, rng, checks=False)
    uis["pass-results"] = _ui(app)
    storage.remove(UI_KEY)
    app = to_play(9, storage)
    play_turn(app, rng, checks=False)
    press(app, "Hand over")
    _reveal(app)
    press(app, "Resign")
    press(app, "Resign")
    app.dispatch("replay", "back")
    uis["pass-over"] = _ui(app)
    press(app, "Home")
    uis["home"] = _ui(app)
    press(app, "Pass and play")
    app.dispatch("volcanoes", "4")
    app.dispatch("rules")
    uis["pass-options"] = _ui(app)
    return storage.data, uis


def _computer_states():
    """Against the computer (level 1): a game mid-game with the computer's second move still to
    show, one mid-setup, one over; the options."""
    storage = MemoryStorage()
    uis = {}
    app, worker = test_computer.to_play(storage=storage, level=1, seed=4)
    rng = random.Random(4)
    for _ in range(2):
        test_computer.play_turn(app, worker, rng)
    view = app.turn.view()
    while moves := app.turn.next_moves():
        _tap_move(app, test_computer.choose(rng, moves, view))
    press(app, "Submit turn")
    app.dispatch("computer-answer", botwire.think(app.computer.request()))  # one move shown, one to come
    uis["computer-play"] = _ui(app)
    storage.remove(UI_KEY)
    app, _worker = test_computer.to_play(storage=storage, level=2, colour="blue", seed=6)
    press(app, "Resign")
    press(app, "Resign")
    uis["computer-over"] = _ui(app)
    storage.remove(UI_KEY)
    app, _worker = test_computer.new_game(storage=storage, level=1, colour="blue", seed=5)
    app.dispatch("drop", "C>a10")
    uis["computer-setup"] = _ui(app)
    press(app, "Home")
    press(app, "Play the computer")
    press(app, "Level 2")
    uis["computer-options"] = _ui(app)
    return storage.data, uis


def _link_states():
    """Play by link, on one device: a sealed game mid-game (its last attack's result awaited) and
    one over, a casual game mid-game; setups in progress of a new game and of an invitation; the
    options."""
    uis = {}
    red, blue = test_link_app.start("sealed", 1, 2)
    rng = random.Random(1)
    for _ in range(30):  # attacks first: until an attack of this device awaits its result
        test_link_app.play_turn(red, rng)
        if json.loads(red.storage.get(red.match.key))["seat"].get("points"):
            break
        blue.dispatch("open-link", test_link_app.link_of(red))
        test_link_app.play_turn(blue, rng)
        red.dispatch("open-link", test_link_app.link_of(blue))
    uis["link-sealed-send"] = _ui(red)
    blue.dispatch("open-link", test_link_app.link_of(red))
    test_link_app.play_turn(blue, rng)
    red.dispatch("open-link", test_link_app.link_of(blue))
    test_link_app.choose(red, rng)
    uis["link-sealed-play"] = _ui(red)
    device = red.storage  # the same device plays the other games
    device.remove(UI_KEY)
    red = App(device, rng=random.Random(7), clock=clock)
    red.base_url = BASE_URL
    other = test_link_app.device(4)
    test_link_app.join(other, test_link_app.invite(red, "casual", colour="Play Blue"))
    test_link_app.play_turn(other, rng)
    red.dispatch("open-link", test_link_app.link_of(other))
    test_link_app.play_turn(red, rng)
    uis["link-casual-send"] = _ui(red)
    test_link_app.press(red, "Back up this game")
    uis["link-casual-backup"] = _ui(red)
    red.dispatch("home")
    other = test_link_app.device(8)
    test_link_app.join(other, test_link_app.invite(red, "sealed"))
    red.dispatch("open-link", test_link_app.link_of(other))
    test_link_app.press(red, "Resign")
    test_link_app.press(red, "Resign")
    uis["link-sealed-over"] = _ui(red)
    red.dispatch("home")
    test_link_app.press(red, "Play by link")
    test_link_app.press(red, "Casual")
    uis["link-options"] = _ui(red)
    test_link_app.press(red, "Set up your army")
    red.dispatch("drop", "S>c2")
    uis["link-draft-new"] = _ui(red)
    inviter = test_link_app.device(5)
    red.dispatch("open-link", test_link_app.invite(inviter, "sealed"))
    test_link_app.press(red, "Set up your army")
    red.dispatch("drop", "S>c10")
    uis["link-draft-join"] = _ui(red)
    return device.data, uis


@functools.cache
def stored_states():
    """Every saved game and setup of the modes above in one storage, with each screen state: name
    -> the storage's data. The same on every run (each save's time of change set too)."""
    saves, uis = {}, {}
    with mock.patch.object(seats, "secrets", FixedSecrets(1)):
        for make in (_pass_states, _computer_states, _link_states):
            data, more = make()
            saves.update((k, v) for k, v in data.items() if k != UI_KEY)
            uis.update(more)
    for n, key in enumerate(sorted(k for k in saves if SAVE_KEY.match(k))):
        saves[key] = json.dumps({**json.loads(saves[key]), "updated": 1_600_000_000.0 + n})
    return {name: {**saves, UI_KEY: ui} for name, ui in sorted(uis.items())}


def own_links(data):
    """The newest link of each readable link game in ``data``: a reload with it opens it again."""
    return [json.loads(v)["seat"]["link"] for k, v in sorted(data.items()) if k.startswith(SEAT_PREFIX)]


# -- damage ----------------------------------------------------------------------------------

WORDS = ("", "x", "0", "-1", "1e999", "red", "blue", "sealed", "casual", "pass", "computer", "link", "a1", "a1-a2", "ü" * 3)
NUMBERS = (0, 1, 2, 3, -1, 10**30, -(10**30), 1.5, float("nan"), float("inf"))
ODD = (None, True, False, [], {}, [None], {"x": 1})


def _nodes(value, path=()):
    """Every node of a JSON value, with its path (keys and indexes from the root)."""
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _nodes(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _nodes(v, (*path, i))


def _replacements(value, words):
    """What a node may be damaged into: odd values of every JSON type, near misses of its own."""
    if isinstance(value, bool):
        near = [not value]
    elif isinstance(value, int | float):
        whole = value == value and abs(value) != float("inf")  # neither NaN nor infinite
        near = [value + 1, -value, str(value), float(value), int(value) if whole else 0]
    elif isinstance(value, str):
        middle = len(value) // 2
        flipped = value[:middle] + ("A" if value[middle:middle + 1] != "A" else "B") + value[middle + 1:]
        near = [value[:middle], value[:-1], value + "x", flipped, value.upper(), value[::-1], *words]
    elif isinstance(value, list):
        near = [value[1:], value[:-1], value + value[-1:], [*value, None], value[::-1], {str(i): v for i, v in enumerate(value)}]
    elif isinstance(value, dict):
        near = [list(value.values()), {**value, "zzz": 1}]
    else:
        near = list(words)
    out = []
    for r in [*near, *ODD, *NUMBERS, "", "x"]:
        if not any(type(r) is type(o) and json.dumps(r) == json.dumps(o) for o in (value, *out)):
            out.append(r)
    return out


def _set(root, path, value):
    """``root`` with the node at ``path`` replaced by ``value`` (``_DROP``: taken out of its dict or list)."""
    if not path:
        return value
    copy = json.loads(json.dumps(root))
    parent = copy
    for step in path[:-1]:
        parent = parent[step]
    if value is _DROP:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return copy


_DROP = object()


def _vocabulary(data):
    """Real values of the screen state's fields, for near misses: every screen, every game's key
    and id (as older versions named the game shown)."""
    keys = [k for k in data if SAVE_KEY.match(k)]
    ids = [k.split(":", 2)[2] for k in keys]
    return (*Screen, "seat:draft", *keys, *ids, *(f"seat:{i}" for i in ids))


def damages(data, key, vocabulary=False):
    """Every damage of the text stored under ``key``, as (what was done, the damaged text or None:
    the key removed). Deterministic."""
    text = data[key]
    out = [
        ("removed", None),
        ("emptied", ""),
        ("cut in half", text[: len(text) // 2]),
        ("last character cut", text[:-1]),
        ("not JSON", "\x00garbage{"),
        ("nested too deep", "[" * 100_000),
    ]
    out += [(f"replaced by {w}", w) for w in ("null", "[]", "{}", "0", '"x"', "1e999")]
    try:
        root = json.loads(text)
    except ValueError:
        return out
    words = (*WORDS, *(_vocabulary(data) if vocabulary else ()))
    for path, value in _nodes(root):
        where = "/".join(map(str, path)) or "root"
        if path:
            out.append((f"{where} removed", json.dumps(_set(root, path, _DROP))))
        for r in _replacements(value, words):
            out.append((f"{where} = {json.dumps(r)[:60]}", json.dumps(_set(root, path, r))))
    return out


# -- the page, tap by tap -------------------------------------------------------------------


class WatchedStorage(MemoryStorage):
    """A storage that tells each change to ``on_change(key, value)`` (None: removed)."""

    def __init__(self, data, on_change):
        super().__init__(data)
        self.on_change = on_change

    def set(self, key, value):
        self.on_change(key, value)
        super().set(key, value)

    def remove(self, key):
        self.on_change(key, None)
        super().remove(key)


_BUTTON = re.compile(r"<button ([^>]*)>")
_SQUARE_NAME = re.compile(r'data-square="([a-j]\d+)"')
_PIECE = re.compile(r'<g class="piece (red|blue)')
NAVIGATION = {"home", "back", "resume", "link-resume", "link-back", "history-close"}
FORWARD = ("random-setup", "save-setup", "delete-setup", "ready", "computer-ready", "link-ready", "reveal", "submit",
           "hand-over", "start", "computer-start", "link-setup", "link-join", "replay", "history")  # fmt: skip
"""The taps that take a game on (tapped first): a game started, turns played; a setup saved and one
forgotten before Ready takes the setup screen away."""
UNDOING = ("clear", "undo", "cancel", "resign", "resign-confirm", "delete", "delete-confirm", "link-delete",
           "link-delete-confirm", "discard-setups", "discard-setups-confirm")  # fmt: skip
"""The taps that take back what the taps before did (tapped after the others)."""


def _attr(attrs, name):
    found = re.search(rf'{name}="([^"]*)"', attrs)
    return unescape(found.group(1)) if found else ""


def taps(app, html):
    """The taps the page offers, as ``(action, arg, value)``: its buttons (a setup saved under a
    name), a few of its squares, another language; the board's first, leaving the screen last."""
    buttons = []
    for m in _BUTTON.finditer(html):
        attrs = m.group(1)
        if " disabled" not in attrs and "data-action" in attrs:
            action = _attr(attrs, "data-action")
            buttons.append((action, _attr(attrs, "data-arg"), "fuzz" if action == "save-setup" else ""))
    squares = []  # (classes, name, the colour of its piece or None)
    for chunk in html.split('<g class="square ')[1:]:
        chunk = chunk[:3000]
        name, piece = _SQUARE_NAME.search(chunk), _PIECE.search(chunk.split('<g class="square ', 1)[0])
        squares.append((set(chunk[: chunk.index('"')].split()), name.group(1), piece and piece.group(1)))
    marked = [("square", name, "") for cls, name, _p in squares if {"target", "selected"} & cls]
    mine = "red" if app.side in (None, 0) else "blue"
    pieces = [("square", name, "") for _c, name, colour in squares if colour == mine][:2]
    zone = [("square", name, "") for cls, name, _p in squares if "zone" in cls][:2]
    keys = [("key", "ArrowUp", ""), ("key", "Enter", "")] if squares else []
    other = [("language", "cs", "")] if app.language == "en" else [("language", "en", "")]
    board = marked[:2] + pieces + zone + keys
    order = {action: n for n, action in enumerate(FORWARD)}
    forward = sorted((t for t in buttons if t[0] in order), key=lambda t: order[t[0]])
    rest = [t for t in buttons if t[0] not in order and t[0] not in UNDOING and t[0] not in NAVIGATION]
    undoing = [t for t in buttons if t[0] in UNDOING]
    navigation = [t for t in buttons if t[0] in NAVIGATION]
    rules = [t for t in buttons if t[0] == "rules"]
    return board + forward + [t for t in rest if t[0] != "rules"] + undoing + navigation + other + rules


def walk(app, budget, log):
    """Tap what the pages offer (each action at most twice on a screen, with its first and last
    argument), as far as ``budget`` taps, drawing the page after each; the computer plays its
    turns as they come."""
    done = set()
    for _ in range(budget):
        html = app.html()
        offered = taps(app, html)
        where = (app.screen, getattr(app.match, "id", None), app.side)
        args = {}
        for action, arg, _value in offered:
            args.setdefault(action, []).append(arg)
        todo = [
            t for t in offered
            if (*where, *t) not in done and (t[0] == "square" or t[1] in (args[t[0]][0], args[t[0]][-1]))
        ]  # fmt: skip
        if not todo:
            return
        tap = todo[0]
        done.add((*where, *tap))
        log.append(tap)
        app.dispatch(*tap)
        computer_plays(app, log)
    app.html()


def computer_plays(app, log):
    """What the computer's worker and the browser binding do after a tap (main.py): the computer's
    turn asked for (at level 1 whatever its level, to be quick) and shown a move at a time."""
    for _ in range(4):
        if app.computer.job() is not None:
            request = json.loads(app.computer.request())
            log.append(("computer-answer", "", ""))
            app.dispatch("computer-answer", botwire.think(json.dumps({**request, "level": 1})))
        elif app.computer.step_due() is not None:
            log.append(("computer-step", app.computer.step_due(), ""))
            app.dispatch("computer-step", app.computer.step_due())
        else:
            return


def explore(data, budget=25):
    """Build the app from ``data`` (a storage's), draw it, tap what it offers; then home: each
    save listed, each game resumed and tapped through, each link game's own link opened as a
    reload with it does. Raises on any failure."""
    log = []
    before = dict(data)
    changes = []

    def on_change(key, value):
        changes.append((key, value, log[-1] if log else None))

    storage = WatchedStorage(dict(data), on_change)
    app = App(storage, rng=random.Random(99), clock=clock)
    app.base_url = BASE_URL
    try:
        app.html()
        walk(app, budget, log)
        home = _home(app, log)
        _check_listed(storage, home)
        for tap in [t for t in taps(app, home) if t[0] in ("resume", "link-resume")]:
            log.append(tap)
            app.dispatch(*tap)
            walk(app, budget // 3, log)
            _home(app, log)
        for link in own_links(stored_states()["home"]):
            log.append(("open-link", link[:12] + "...", "load"))
            app.dispatch("open-link", link, "load")
            walk(app, budget // 3, log)
            _home(app, log)
    except Exception as e:
        raise AssertionError(f"{type(e).__name__}: {e} after taps {log}") from e
    _check_kept(before, changes)


def _home(app, log):
    log.append(("home", "", ""))
    app.dispatch("rules-close")
    app.dispatch("home")
    return app.html()


def _check_listed(storage, home):
    """Every save on the device is on the home list: as a game, or as one this version cannot read."""
    args = set(re.findall(r'data-arg="([^"]*)"', home))
    for key in storage.list_keys():
        if SAVE_KEY.match(key) and key not in args and key.split(":", 2)[2] not in args:
            raise AssertionError(f"the save {key} is not on the home list")


def _check_kept(before, changes):
    """No save this version cannot read was changed; no save was removed but by the player's Delete;
    a setup list this version cannot read whole was kept aside before it was written over, unless
    the player deleted the setups this version cannot read."""
    kept = set()
    for key, value, tap in changes:
        if key.startswith(KEPT_SETUPS_PREFIX):
            kept.add(value)
        unreadable = key == SETUPS_KEY and key in before and not read_setups(before[key])[1]
        discarded = tap is not None and tap[0] == "discard-setups-confirm"
        if unreadable and before[key] not in kept and not discarded:
            raise AssertionError(f"the setup list, which this version cannot read whole, was written over after {tap}")
        if not SAVE_KEY.match(key) or key not in before:
            continue
        asked = tap is not None and tap[0] in ("delete-confirm", "link-delete-confirm")
        if value is None and not asked:
            raise AssertionError(f"the save {key} was removed after {tap}")
        if value is not None and not _readable(key, before[key]):
            raise AssertionError(f"the save {key}, which this version cannot read, was overwritten after {tap}")


def _readable(key, text):
    try:
        SAVES[SAVE_KEY.match(key).group(1)].from_json(text)
    except ValueError:
        return False
    return True


# -- the damages tried --------------------------------------------------------------------------


def _referenced(data):
    """The keys the screen state of ``data`` is about: its match's save, the saved setups on a setup screen."""
    ui = json.loads(data[UI_KEY])
    mid = ui.get("match") or ""
    keys = {SETUPS_KEY} if ui.get("screen") == "setup" else set()
    if mid.startswith("seat:") and mid != "seat:draft":
        keys.add(SEAT_PREFIX + mid[5:])
    keys |= {k for k in (GAME_PREFIX + mid, COMPUTER_PREFIX + mid) if mid and k in data}
    return keys


def keys_damaged(name):
    """The stored texts damaged in the state ``name``: on the home screen every one; elsewhere its
    screen state and what that is about."""
    data = stored_states()[name]
    return sorted(data) if name == "home" else sorted({UI_KEY} | _referenced(data))


class Damage(NamedTuple):
    what: str
    text: str | None  # None: the key removed

    def __repr__(self):
        return f"Damage({self.what!r})"


def damaged(data, key, damage):
    out = dict(data)
    if damage.text is None:
        del out[key]
    else:
        out[key] = damage.text
    return out


@functools.cache
def damages_of(name, key):
    data = stored_states()[name]
    return [Damage(*d) for d in damages(data, key, vocabulary=key == UI_KEY)]


def cases():
    """Every (state, key, damage), in a fixed order."""
    for name in stored_states():
        for key in keys_damaged(name):
            for damage in damages_of(name, key):
                yield name, key, damage


# -- the test ---------------------------------------------------------------------------------

GROUPS = ("pass", "computer", "link", "home")


@pytest.mark.parametrize("group", GROUPS)
@settings(
    max_examples=40,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_no_damaged_stored_text_breaks_the_page_or_loses_a_saved_game(group, data):
    names = [n for n in stored_states() if n.split("-")[0] == group]
    name = data.draw(st.sampled_from(names), label="state")
    key = data.draw(st.sampled_from(keys_damaged(name)), label="key")
    damage = data.draw(st.sampled_from(damages_of(name, key)), label="damage")
    explore(damaged(stored_states()[name], key, damage), budget=12)


# -- every damage (python -m tests.test_damaged_storage) ---------------------------------------


def _try(index):
    import traceback

    name, key, damage = _CASES[index]
    try:
        explore(damaged(stored_states()[name], key, damage))
    except Exception as e:
        cause = e.__cause__ or e
        ours = [f for f in traceback.extract_tb(cause.__traceback__) if "/ui/" in f.filename or "/espionage/" in f.filename]
        where = ours[-1] if ours else None
        sig = (type(cause).__name__, where.filename.rsplit("/", 1)[-1] if where else "", where.lineno if where else 0)
        return sig, (name, key, damage.what, str(e)[:800])
    return None


def sweep(processes=2):
    """Try every case (forked processes); print each distinct failure once (where it raised)."""
    import multiprocessing
    import time

    global _CASES
    _CASES = list(cases())
    started = time.time()
    failures = {}
    with multiprocessing.get_context("fork").Pool(processes) as pool:
        for found in pool.imap_unordered(_try, range(len(_CASES)), chunksize=20):
            if found is not None and found[0] not in failures:
                failures[found[0]] = found[1]
                print(found[0], *found[1], sep="\n  ", flush=True)
    print(f"{len(_CASES)} cases in {time.time() - started:.0f} s; {len(failures)} distinct failures")


_CASES = []


if __name__ == "__main__":
    sweep(int(sys.argv[1]) if len(sys.argv) > 1 else 2)
