"""Play by link: the player's side of SPEC §8, its match (the controller: ui/linkcontrol.py).

A device keeps one *seat* per link game, saved under ``espionage:seat:<game id>``
(JSON: ``Seat.to_dict()`` and when it was last changed). Every link that
arrives is tried on a fresh copy of the saved seat, and saved only if the seat
accepted it, so a bad link never damages or replaces a saved game.

The play screen is drawn like the other modes' (``Screen.PLAY``), driven by the same taps and
keys: the app's match is then a :class:`LinkMatch`, which draws from its seat
(``LinkMatch.view``: the seat's view of the board).
"""

import json

from espionage.link import CASUAL, SEALED
from espionage.sealed import Seat

from .i18n import N_, _
from .saves import DAMAGED
from .screens import Screen
from .words import side_name

SEAT_PREFIX = "espionage:seat:"
SEAT_FORMAT = 1
def seat_key(game_id):
    return f"{SEAT_PREFIX}{game_id:016x}"


class LinkMatch:
    """A link game on this device: its seat, or (before there is one) the draft being set up.

    The app plays it through the same interface as a pass-and-play
    ``ui.saves.Match``; the device only ever acts for its own seat's side."""

    mode = "link"
    PREFIX = SEAT_PREFIX
    SAVE_FAILED = N_(
        "This game could not be saved: the browser's storage is full or blocked. "
        "Send the link below now; delete old games on the home screen to free space."
    )

    def __init__(self, seat=None, updated=0.0, draft=None, variant=None, volcanoes=frozenset()):
        self.seat = seat
        self.updated = updated
        self.draft = draft  # ("new", kind, side) or ("join", invitation link, transcript)
        self.offer = False  # a draw offer goes with the turn being planned
        self.variant = variant if seat is None else seat.t.variant
        self.volcanoes = volcanoes if seat is None else seat.t.volcanoes
        self.refresh()

    def refresh(self):
        """The seat changed: what was drawn from it must be drawn again."""
        self.revision = self.seat.link() if self.seat is not None else None

    @property
    def id(self):
        return f"seat:{self.seat.game_id:016x}" if self.seat is not None else "seat:draft"

    @property
    def key(self):
        """Where the game is saved; None for a draft, which is not saved."""
        return seat_key(self.seat.game_id) if self.seat is not None else None

    @property
    def kind(self):
        return self.seat.kind if self.seat is not None else self.draft[1] if self.draft[0] == "new" else self.draft[2].kind

    @property
    def side(self):
        if self.seat is not None:
            return self.seat.side
        return self.draft[2] if self.draft[0] == "new" else self.draft[2].joiner

    @property
    def opponent(self):
        return side_name(1 - self.side)

    # -- the match interface ----------------------------------------------------------

    @property
    def outcome(self):
        return self.seat.outcome if self.seat is not None else None

    def view(self, side):
        return self.seat.view()

    def to_move(self):
        """The side whose turn it is (None once the game is over or before both joined)."""
        seat = self.seat
        if seat is None or not seat.joined or seat.outcome is not None:
            return None
        return seat.side if seat.my_turn else 1 - seat.side

    def submit(self, side, moves):
        """Play this device's turn (with the draw offer, if one is set); the link to send is then new."""
        self.seat.play_turn(list(moves), offer_draw=self.offer)
        self.offer = False

    def resign(self, side):
        self.seat.resign()

    def offer_draw(self, side):
        """A draw offer goes with the turn being planned: pressing again takes it back."""
        self.offer = not self.offer

    def draw_offered_to(self, side):
        return self.seat is not None and self.seat.draw_offered

    def accept_draw(self, side):
        if self.draw_offered_to(side):
            self.seat.accept_draw()

    def decline_draw(self, side):
        """Declining is playing the turn: nothing to do."""

    def next_screen(self, side):
        """The screen this device shows now: the end, its turn, or the link to send."""
        if self.seat.outcome is not None:
            return Screen.OVER
        return Screen.PLAY if self.seat.my_turn else Screen.LINK_SEND

    def save(self, storage):
        """Write the game; the text written."""
        text = self.to_json()
        storage.set(self.key, text)
        return text

    def full_game(self):
        """The whole game with both armies, once this device may know it (None until then).

        A casual link holds both setups; a sealed game's armies are known here
        once both final links have revealed them."""
        if self.seat.kind == CASUAL:
            return self.seat.t.game
        return self.seat.true_game()

    @property
    def needs_sending(self):
        """Whether the other device still needs this device's newest link.

        It does until a link of its own comes back on top of ours: then it has
        seen everything we wrote (at the end too: both verified, nothing to send)."""
        t = self.seat.t
        if not t.joined:
            return True
        if not t.messages:
            return self.seat.side == t.joiner
        return t.messages[-1].side == self.seat.side

    def status(self):
        """What the game waits for, in a few words (home list, send screen)."""
        seat = self.seat
        if seat.outcome is not None:
            if seat.kind == SEALED and seat.verdict is None:
                return _("finished, unverified: {side} has not revealed its army yet").format(side=self.opponent)
            return _("finished")
        if not seat.joined:
            return _("invitation sent; waiting for {side} to join").format(side=self.opponent)
        if seat.my_turn:
            return _("your turn")
        return _("waiting for {side}'s link").format(side=self.opponent)

    def to_json(self):
        return json.dumps({"format": SEAT_FORMAT, "seat": self.seat.to_dict(), "updated": self.updated})

    @classmethod
    def from_json(cls, text):
        """The saved link game; ValueError (LinkError included) if it cannot be read."""
        try:
            data = json.loads(text)
            if data.get("format") != SEAT_FORMAT:
                raise ValueError("saved by another version of the game")
            return cls(Seat.from_dict(data["seat"]), float(data.get("updated", 0)))
        except DAMAGED as e:
            raise ValueError(f"the save is damaged ({e})") from None
