"""The setup screen's taps and buttons, as every mode has them: placing the army on the
app's placement (``App.placed``, ``picked``, ``selected``), and the setups saved on this device."""

from espionage import Setup
from espionage.armies import sensible_setup
from espionage.board import RED, SETUP_SQUARES
from espionage.pieces import ARMY, KINDS

from .controller import Action
from .i18n import _
from .saves import change_setup, discard_unreadable_setups, placement_from_seen, setup_as_seen
from .screens import Screen

DISCARD_QUESTION = "discard-setups"
"""``App.confirm`` while the setup screen asks whether to delete the setups this version cannot read."""


class ArmySetup:
    """The setup screen's actions (the mode's own Ready aside: each controller readies its way)."""

    def __init__(self, app):
        self.app = app

    def actions(self):
        return {
            "pick": Action(self.pick),
            "random-setup": Action(self.random),
            "clear": Action(self.clear),
            "save-setup": Action(self.save, form=True),
            "load-setup": Action(self.load),
            "delete-setup": Action(self.forget),
            "discard-setups": Action(self.ask_discard),
            "discard-setups-confirm": Action(self.discard),
        }

    def remaining(self, kind):
        return ARMY[kind] - sum(1 for k in self.app.placed.values() if k == kind)

    @property
    def complete(self):
        return len(self.app.placed) == len(SETUP_SQUARES[RED]) and all(self.remaining(k) == 0 for k in KINDS)

    def restore(self, placed):
        """The placement a reload left (``square -> kind``, squares as text), as far as it fits the
        side's setup: a damaged screen state must not break the setup screen."""
        squares = {str(sq): sq for sq in SETUP_SQUARES.get(self.app.side, ())}
        self.app.placed = {}
        for key, kind in placed.items() if isinstance(placed, dict) else ():
            if key in squares and isinstance(kind, str) and kind in KINDS and self.remaining(kind) > 0:
                self.app.placed[squares[key]] = kind

    def pick(self, kind):
        if self.app.screen != Screen.SETUP or kind not in KINDS:
            return
        if self.app.selected is not None:
            self.app.placed.pop(self.app.selected, None)
            self.app.selected = None
        self.app.picked = None if self.app.picked == kind or self.remaining(kind) == 0 else kind

    def tap(self, sq):
        if sq not in SETUP_SQUARES[self.app.side]:
            self.app.message = _("Pieces are set up in your zone: the three highlighted ranks on your side.")
            return
        if self.app.picked is not None:
            self.app.placed.pop(sq, None)
            self.app.placed[sq] = self.app.picked
            if self.remaining(self.app.picked) == 0:
                self.app.picked = next((k for k in KINDS if self.remaining(k) > 0), None)
        elif self.app.selected is None:
            if sq in self.app.placed:
                self.app.selected = sq
        elif self.app.selected == sq:
            self.app.selected = None
        else:
            a, b = self.app.placed.pop(self.app.selected), self.app.placed.pop(sq, None)
            self.app.placed[sq] = a
            if b is not None:
                self.app.placed[self.app.selected] = b
            self.app.selected = None

    def random(self, arg):
        """"Random setup": a sensible army; "Fully random" (``arg`` "full"): any legal army."""
        if self.app.screen == Screen.SETUP:
            make = Setup.random if arg == "full" else sensible_setup
            self.app.placed = dict(make(self.app.side, self.app.rng).items())
            self.app.picked = self.app.selected = None

    def clear(self, _arg):
        if self.app.screen == Screen.SETUP:
            self.app.placed = {}
            self.app.picked = self.app.selected = None

    def save(self, _arg, name):
        self.app.setups_open = True  # the list stays open after working with it
        name = " ".join(name.split())[:40]
        if self.app.screen != Screen.SETUP:
            return
        if not self.complete:
            self.app.message = _("Place all 30 pieces before saving the setup.")
            return
        if not name:
            self.app.message = _("Give the setup a name to save it.")
            return
        if name in self.app.controller.keeps_setups(self.app.match, self.app.side):
            self.app.message = _("The other player saved a setup named “{name}” in this game: choose another name.").format(name=name)
            return
        text = setup_as_seen(self.app.placed, self.app.side)
        if not self._store(name, text, _("The setup could not be saved: the browser's storage is full or blocked.")):
            return
        self.app.message = _("Setup “{name}” saved on this device.").format(name=name)
        self.app.controller.setup_saved(self.app.match, self.app.side, name)

    def offered(self):
        """The saved setups this side may load (never the other side's of the same game)."""
        kept = self.app.controller.keeps_setups(self.app.match, self.app.side)
        return {name: text for name, text in self.app.setups.items() if name not in kept}

    def on_board(self, name):
        """True while the board holds exactly the saved setup ``name``: loading it would change nothing."""
        return placement_from_seen(self.app.setups[name], self.app.side) == self.app.placed

    def load(self, name):
        self.app.setups_open = True  # the list stays open after working with it
        if self.app.screen != Screen.SETUP or name not in self.offered():
            return
        self.app.placed = placement_from_seen(self.app.setups[name], self.app.side)
        self.app.picked = self.app.selected = None

    def forget(self, name):
        self.app.setups_open = True  # the list stays open after working with it
        if self.app.screen == Screen.SETUP and name in self.offered():
            # full too: a stored list this version cannot read whole is kept aside first
            self._store(name, None, _("The setup list could not be changed: the browser's storage is full or blocked."))

    def ask_discard(self, _arg):
        """Ask first: the setups this version cannot read are deleted for good, unseen."""
        self.app.setups_open = True
        if self.app.screen == Screen.SETUP and self.app.setups_unreadable:
            self.app.confirm = DISCARD_QUESTION

    def discard(self, _arg):
        """Delete the setups this version cannot read (asked first); those it can read stay."""
        if self.app.confirm != DISCARD_QUESTION or self.app.screen != Screen.SETUP:
            return
        self.app.confirm = None
        try:
            discard_unreadable_setups(self.app.storage)
        except Exception:
            self.app.message = _("The setup list could not be changed: the browser's storage is full or blocked.")
        self.app.take_setups()

    def _store(self, name, text, failed):
        """Save the setup ``text`` as ``name`` on the device (None: forget it), among the setups other
        tabs left there; on a full or blocked storage say ``failed`` and keep the list as it was
        (``saves.change_setup``). True if kept."""
        try:
            change_setup(self.app.storage, name, text)
        except Exception:
            self.app.message = failed
            return False
        self.app.take_setups()
        return True
