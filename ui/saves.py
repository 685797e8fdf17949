"""Saved games and saved setups on the device (localStorage in the browser).

The storage is anything with ``get(key)`` (None for a key it does not hold), ``set(key, value)``,
``remove(key)`` and ``list_keys()``; a failing ``set`` (a full storage) raises, and the caller keeps
the game in memory and says so: a save is replaced only by a complete new one.
"""

import itertools
import json
from dataclasses import dataclass, field

from espionage import Game, IllegalMove, Setup, Variant, record
from espionage.board import BLUE, RED, SETUP_SQUARES, SIDES, rotated, side_index
from espionage.setup import format_squares, parse_squares

from .i18n import N_, _
from .screens import Screen
from .words import side_name

GAME_PREFIX = "espionage:game:"
SETUPS_KEY = "espionage:setups"
KEPT_SETUPS_PREFIX = "espionage:setups:damaged:"
"""A stored setup list this version could not read whole, kept aside untouched (``keep_setups_aside``)."""
DAMAGED = (KeyError, TypeError, AttributeError, OverflowError, RecursionError, json.JSONDecodeError)
"""What reading a damaged save can raise besides ValueError (a number too large for a float,
nesting too deep for the parser among them): each is reported as the save being damaged."""
UI_KEY = "espionage:ui"
FORMAT = 1


class ChangedElsewhere(Exception):
    """A save not written: the game's save is no longer what this tab last read or wrote
    (``App.stored``): another tab of this browser played on, deleted it, or saved it in a newer
    format. ``key``: the save's storage key."""

    def __init__(self, key):
        super().__init__(key)
        self.key = key


class MemoryStorage:
    """A dict-backed storage for tests and for a browser without localStorage."""

    def __init__(self, data=None, capacity=None):
        self.data = dict(data or {})
        self.capacity = capacity

    def get(self, key):
        return self.data.get(key)

    def set(self, key, value):
        if self.capacity is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(value) > self.capacity:
                raise OSError("storage full")
        self.data[key] = value

    def remove(self, key):
        self.data.pop(key, None)

    def list_keys(self):
        return list(self.data)


@dataclass
class Match:
    """A pass-and-play game on this device: its options, the setups so far, and the game.

    One of the two kinds of match the app plays (the other is
    ``ui.linkplay.LinkMatch``); both answer the same questions: ``view``,
    ``to_move``, ``submit``, ``resign``, the draw offers, ``status`` and ``save``."""

    id: str
    variant: Variant
    volcanoes: frozenset
    setups: list = field(default_factory=lambda: [None, None])
    game: Game | None = None
    draw_offer: int | None = None
    mode: str = "pass"
    updated: float = 0.0
    # The names of the setups each side saved during this game: the other side of the
    # same game is not offered them while it lasts.
    setups_saved: list = field(default_factory=lambda: [[], []])

    def saved_setup(self, side, name):
        self.setups_saved[side] = sorted({*self.setups_saved[side], name})

    def keeps_from(self, side):
        """The saved setups ``side`` may not load: the other side's, while the game lasts."""
        return frozenset(self.setups_saved[1 - side]) if self.outcome is None else frozenset()

    def start(self):
        self.game = Game(self.setups[RED], self.setups[BLUE], self.volcanoes, self.variant)

    # -- the match interface ----------------------------------------------------------

    SAVE_FAILED = N_(
        "This game could not be saved: the browser's storage is full or blocked. "
        "It stays open here; delete old games on the home screen to free space."
    )

    @property
    def outcome(self):
        return self.game.outcome if self.game is not None else None

    @property
    def revision(self):
        """Changes whenever the game does (the app redraws its view then)."""
        return None if self.game is None else (len(self.game.events), self.game.outcome)

    def view(self, side):
        return self.game.view(SIDES[side])

    def to_move(self):
        """The side whose turn it is (None once the game is over or before it starts)."""
        if self.game is None or self.game.outcome is not None:
            return None
        return SIDES.index(self.game.turn)

    def submit(self, side, moves):
        """Play ``side``'s turn; IllegalMove (nothing played) if it is not legal."""
        if self.to_move() != side:
            raise IllegalMove("it is not your turn", "not-your-turn")
        self.game.play_turn(*moves)

    def resign(self, side):
        self.game.resign(SIDES[side])
        self.draw_offer = None

    def offer_draw(self, side):
        """Offer a draw now: the other player answers on their turn."""
        if self.draw_offer is None:
            self.draw_offer = side

    def draw_offered_to(self, side):
        return self.to_move() == side and self.draw_offer == 1 - side

    def accept_draw(self, side):
        if self.draw_offered_to(side):
            self.draw_offer = None
            self.game.agree_draw()

    def decline_draw(self, side):
        if self.draw_offered_to(side):
            self.draw_offer = None

    def setting_up(self):
        """The side that places its army next (None once both have)."""
        return next((side for side in (RED, BLUE) if self.setups[side] is None), None)

    def can_show(self, screen, side):
        """Whether the game, as it is now, is at ``screen`` for ``side``: a reload comes back
        only to such a screen (its screen state may have outlived a save that failed)."""
        if type(side) is not int or side not in (RED, BLUE):  # 1.0 is no side
            return False
        if self.game is None:
            return screen in (Screen.SETUP, Screen.COVER) and side == self.setting_up()
        if self.outcome is not None:
            return screen == Screen.OVER
        return screen in (Screen.COVER, Screen.PLAY, Screen.RESULTS, Screen.HISTORY)

    def next_screen(self, side):
        """Where the device goes once ``side`` has played: the end, or the turn's results to hand over."""
        return Screen.OVER if self.outcome is not None else Screen.RESULTS

    def status(self):
        if self.game is None:
            if self.setups[RED] is None:
                return _("setting up (Red places the army)")
            return _("setting up (Blue places the army)")
        if self.game.outcome is not None:
            winner = self.game.outcome.winner
            if winner is None:
                return _("finished: draw")
            return _("finished: Red won") if winner == "red" else _("finished: Blue won")
        return _("turn {n}, {side} to move").format(n=self.game.turn_number, side=side_name(side_index(self.game.turn)))

    PREFIX = GAME_PREFIX

    @property
    def key(self):
        return self.PREFIX + self.id

    def save(self, storage):
        """Write the match; the text written."""
        text = self.to_json()
        storage.set(self.key, text)
        return text

    def summary(self):
        """The game in a line of the home list: how it is played, and where it is."""
        if self.variant.moves_per_turn == 1:
            return _("Pass and play, one move per turn: {status}").format(status=self.status())
        return _("Pass and play, two moves per turn: {status}").format(status=self.status())

    def full_game(self):
        """The whole game with both armies (for the replay at the end)."""
        return self.game

    def to_json(self):
        return json.dumps(
            {
                "format": FORMAT,
                "id": self.id,
                "mode": self.mode,
                "moves_per_turn": self.variant.moves_per_turn,
                "volcanoes": format_squares(self.volcanoes, " "),
                "setups": [None if s is None else str(s) for s in self.setups],
                "record": None if self.game is None else record.write(self.game),
                "draw_offer": self.draw_offer,
                "setups_saved": self.setups_saved,
                "updated": self.updated,
            }
        )

    @classmethod
    def from_json(cls, text):
        """The saved match; ValueError if the text is not a readable save."""
        try:
            data = json.loads(text)
            if data.get("format") != FORMAT:
                raise ValueError("saved by another version of the game")
            volcanoes = parse_squares(data["volcanoes"])
            if len(data["setups"]) != 2:
                raise ValueError("the save is damaged (it needs two setups)")
            match = cls(
                id=str(data["id"]),
                variant=Variant(int(data["moves_per_turn"]), len(volcanoes)),
                volcanoes=volcanoes,
                setups=[None if s is None else Setup.from_str(side, s) for side, s in zip((RED, BLUE), data["setups"])],
                draw_offer=data.get("draw_offer"),
                mode=data.get("mode", "pass"),
                updated=float(data.get("updated", 0)),
                setups_saved=[[str(n) for n in names] for names in data.get("setups_saved", [[], []])],
            )
            if match.mode != cls.mode:
                raise ValueError("the save is damaged (a game of another mode)")
            if len(match.setups_saved) != 2:
                raise ValueError("the save is damaged (it needs two lists of saved setups)")
            if data.get("record"):
                match.game = record.read(data["record"])
            elif None not in match.setups:  # the game starts as the second army is set up
                raise ValueError("the save is damaged (both armies are set up, and there is no game)")
            return match
        except DAMAGED as e:
            raise ValueError(f"the save is damaged ({e})") from None


class Scratch:
    """A storage that reads through to ``under`` and keeps its own writes: an app's copy that
    works a tap out ahead (``App._twin``) reads what the app would, and writes nothing the app reads."""

    def __init__(self, under):
        self.under, self.written = under, {}

    def get(self, key):
        return self.written[key] if key in self.written else self.under.get(key)

    def set(self, key, value):
        self.written[key] = value

    def remove(self, key):
        self.written[key] = None

    def list_keys(self):
        keys = dict.fromkeys([*self.under.list_keys(), *self.written])
        return [key for key in keys if self.get(key) is not None]


def saved_match(kind, key, text):
    """The match of ``kind`` (a Match class: its ``PREFIX`` and ``from_json``) saved as ``text``
    under ``key``; ValueError if this version cannot read it, or if saving it would write under
    another key (such a save is kept untouched: a save is never lost)."""
    match = kind.from_json(text)
    if match.key != key:
        raise ValueError("the save is damaged (it is kept under another game's key)")
    return match


# Saved setups are kept as their owner sees them (Red's squares; a Blue setup
# turned 180°), so one saved setup serves either colour.


def read_setups(text):
    """The setups this version can use in the stored list ``text`` (None: no list), and whether it
    read whole: not if any part cannot be read, the whole list or an entry (skipped), damaged or
    written by a newer version; a write must then keep the list aside first (``change_setup``)."""
    if text is None:
        return {}, True
    try:
        # an object reads as the tuple of its pairs (an array as a list): a name twice is seen
        pairs = json.loads(text, object_pairs_hook=tuple)
    except (ValueError, RecursionError):
        return {}, False
    if not isinstance(pairs, tuple):
        return {}, False
    setups = {name: setup for name, setup in pairs if _usable(setup)}
    return setups, len(setups) == len(pairs)


def _usable(setup):
    """Whether a stored setup's value is a setup this version can place."""
    if not isinstance(setup, str):
        return False
    try:
        Setup.from_str(RED, setup)
    except ValueError:
        return False
    return True


def kept_setups(storage):
    """The setup lists kept aside (``keep_setups_aside``), by storage key."""
    return {key: storage.get(key) for key in storage.list_keys() if key.startswith(KEPT_SETUPS_PREFIX)}


def stored_setups(storage):
    """The stored setups this version can use, and whether some setups on the device cannot be read
    by it: the stored list does not read whole, or one that did not is kept aside."""
    setups, whole = read_setups(storage.get(SETUPS_KEY))
    return setups, not whole or bool(kept_setups(storage))


def setup_as_seen(placed, side):
    """The 30 letters of a complete placement, in Red's square order as its owner sees it."""
    return "".join(placed[sq if side == RED else rotated(sq)] for sq in SETUP_SQUARES[RED])


def placement_from_seen(text, side):
    """The placement (square → kind) of a saved setup for ``side``; ValueError if invalid."""
    setup = Setup.from_str(RED, text)
    return {(sq if side == RED else rotated(sq)): kind for sq, kind in setup.items()}


def save_setups(storage, setups):
    storage.set(SETUPS_KEY, json.dumps(setups, sort_keys=True))


def discard_unreadable_setups(storage):
    """Delete the setups this version cannot read, as the player asked (they cannot be read to be
    shown first): the kept lists, and the stored list's part that does not read, the setups it
    can read being written back alone. Raises if the storage refuses a change."""
    setups, whole = read_setups(storage.get(SETUPS_KEY))
    if not whole:
        save_setups(storage, setups)
    for key in kept_setups(storage):
        storage.remove(key)


def keep_setups_aside(storage, text):
    """Keep the stored list ``text``, which this version cannot read whole, untouched under the first
    free ``KEPT_SETUPS_PREFIX`` key, unless a copy is kept already (earlier kept lists are never
    written over): the setups in it this version cannot read must outlive a write of those it can.
    Raises if the storage cannot hold it."""
    kept = kept_setups(storage)
    if text not in kept.values():
        free = next(n for n in itertools.count(1) if f"{KEPT_SETUPS_PREFIX}{n}" not in kept)
        storage.set(f"{KEPT_SETUPS_PREFIX}{free}", text)


def change_setup(storage, name, text):
    """Save the setup ``text`` as ``name`` (None: forget it) among the setups stored now, not those
    this tab read before: another tab's setups saved or forgotten since stay so. A stored list that
    does not read whole is kept aside first; if it cannot be, this raises and writes nothing."""
    stored = storage.get(SETUPS_KEY)
    setups, whole = read_setups(stored)
    if not whole:
        keep_setups_aside(storage, stored)
    if text is None:
        setups.pop(name, None)
    else:
        setups[name] = text
    save_setups(storage, setups)
