"""Saved games and saved setups on the device (localStorage in the browser).

The storage is anything with ``get(key)``, ``set(key, value)``, ``remove(key)``
and ``list_keys()``; a failing ``set`` (a full storage) raises, and the caller keeps
the game in memory and says so: a save is replaced only by a complete new one.
"""

import json
from dataclasses import dataclass, field

from espionage import Game, Setup, Variant, record
from espionage.board import BLUE, RED, SETUP_SQUARES, rotated
from espionage.setup import format_squares, parse_squares

GAME_PREFIX = "espionage:game:"
SETUPS_KEY = "espionage:setups"
UI_KEY = "espionage:ui"
FORMAT = 1


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
    """One game on this device: its options, the setups so far, and the game."""

    id: str
    variant: Variant
    volcanoes: frozenset
    setups: list = field(default_factory=lambda: [None, None])
    game: Game | None = None
    draw_offer: int | None = None
    mode: str = "pass"
    updated: float = 0.0

    def start(self):
        self.game = Game(self.setups[RED], self.setups[BLUE], self.volcanoes, self.variant)

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
            )
            if data.get("record"):
                match.game = record.read(data["record"])
            return match
        except (KeyError, TypeError, AttributeError, json.JSONDecodeError) as e:
            raise ValueError(f"the save is damaged ({e})") from None


def load_matches(storage):
    """Every saved match by id, and the keys of saves that could not be read."""
    matches, damaged = {}, []
    for key in storage.list_keys():
        if not key.startswith(GAME_PREFIX):
            continue
        try:
            match = Match.from_json(storage.get(key))
        except ValueError:
            damaged.append(key)
            continue
        if GAME_PREFIX + match.id != key:  # saving it would write under another key
            damaged.append(key)
            continue
        matches[match.id] = match
    return matches, sorted(damaged)


def save_match(storage, match):
    storage.set(GAME_PREFIX + match.id, match.to_json())


def delete_match(storage, key_or_id):
    storage.remove(key_or_id if key_or_id.startswith(GAME_PREFIX) else GAME_PREFIX + key_or_id)


# Saved setups are kept as their owner sees them (Red's squares; a Blue setup
# turned 180°), so one saved setup serves either colour.


def load_setups(storage):
    try:
        data = json.loads(storage.get(SETUPS_KEY) or "{}")
        return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}
    except (json.JSONDecodeError, AttributeError):
        return {}


def setup_as_seen(placed, side):
    """The 30 letters of a complete placement, in Red's square order as its owner sees it."""
    return "".join(placed[sq if side == RED else rotated(sq)] for sq in SETUP_SQUARES[RED])


def placement_from_seen(text, side):
    """The placement (square → kind) of a saved setup for ``side``; ValueError if invalid."""
    setup = Setup.from_str(RED, text)
    return {(sq if side == RED else rotated(sq)): kind for sq, kind in setup.items()}


def save_setups(storage, setups):
    storage.set(SETUPS_KEY, json.dumps(setups, sort_keys=True))
