"""The app: every decision about what a tap, a key or a button does, in pure Python.

The browser binding (main.py) turns DOM events into ``App.dispatch(action,
arg, value)`` and puts ``App.html()`` on the page; nothing here touches the DOM,
so all of it is tested in CPython. The app keeps navigation (which screen, which
match), the actions table and the board every mode shares; what differs between
pass and play, a link game and the computer is each mode's controller
(ui/controller.py), picked in one place: :attr:`App.controller`.
"""

import contextlib
import copy
import json
import random
import time
from dataclasses import replace

from espionage import IllegalMove, Move, Variant
from espionage.board import (
    RED,
    parse_square,
    square_name,
)
from espionage.pieces import KINDS

from . import accessible, i18n, keyboard, motion, page
from .ahead import match_copy
from .army_setup import DISCARD_QUESTION, ArmySetup
from .computer import ComputerMatch
from .computerplay import ComputerControl
from .controller import Action
from .i18n import _
from .linkcontrol import LinkControl
from .linkplay import LinkMatch
from .passplay import PassPlay
from .play_turn import PlayTurn
from .render import marks_data
from .replay import Replay
from .saves import (
    KEPT_SETUPS_PREFIX,
    SETUPS_KEY,
    UI_KEY,
    ChangedElsewhere,
    Match,
    Scratch,
    saved_match,
    stored_setups,
)
from .screens import BOARD_SCREENS, MATCH_SCREENS, Screen

RULES_ACTIONS = frozenset({"rules", "rules-close", "back", "language", "open-link"})
"""What the player does with the Rules open: their screen's buttons, the browser's Back, a link
opened. Every other action of the player's (a tap on a diagram's square, a key, a button of the
screen under them, which only a modified page could send) is ignored there; what the page does
on its own (the computer's answer) is not."""
LISTED = (Match, ComputerMatch)
"""The kinds of saved game the app keeps listed (``App.matches``); link games are listed from
the storage itself (ui.linkcontrol)."""


def saved_kind(key):
    """The kind of game saved under the storage key ``key`` (a Match class or LinkMatch), or None."""
    return next((kind for kind in (*LISTED, LinkMatch) if key and key.startswith(kind.PREFIX)), None)


class App:
    """The whole app state: which screen, the match on it, and the taps so far."""

    effect = None  # ("share" | "copy", url) for the browser binding to perform (a link game's)
    base_url = ""  # the page's URL without its fragment (set by main.py)
    can_share = False  # whether the browser has the Web Share API (set by main.py)

    def __init__(self, storage, rng=None, clock=time.time, languages=(), tab_storage=None):
        """``languages``: the browser's preferences (``navigator.languages``), for a first visit.
        ``tab_storage``: this tab's own storage (the browser's sessionStorage; None: none), which
        keeps the screen state a reload of this tab comes back to (``storage`` is every tab's)."""
        self.storage = storage
        self.tab_storage = tab_storage
        self.rng = rng or random.Random()
        self.clock = clock
        self.language = self._remembered_language() or i18n.best_language(languages)
        i18n.use(self.language)
        self.message = ""
        # key -> the JSON of a game newer than its saved copy, which a full storage could not hold:
        # read in its place (a link game's reply carries this device's unsaved turn), and stored
        # at the next save or deletion that may have made room
        self.unsaved = {}
        # key -> the text of the game saved under it as this tab last read or wrote it (None: no
        # game): a save finding another there does not write (another tab changed the game)
        self.stored = {}
        # the saved games listed, by storage key (games of two kinds may have one id); the keys of
        # those this version cannot read
        self.matches, self.damaged = {}, []
        for key in storage.list_keys():
            if saved_kind(key) in LISTED:
                with contextlib.suppress(ValueError):
                    self._list(key)
        self.take_setups()
        self._bind(PlayTurn(self), PassPlay(self), LinkControl(self), ComputerControl(self))
        self.show(Screen.HOME)
        self.rules_open = False  # the Rules screen, over whatever screen the player was on
        self.options = Variant()
        self.motion = ()
        self.announcement = ""  # what the action just dispatched changed, for a screen reader
        self.tap_marks = None
        """After a tap that changed nothing drawn but the marks over the board (a piece
        selected or let go): those marks (ui.render.marks_data, the ``data-marks`` of
        ``html()``'s marks canvas), which the browser binding paints in the tap's frame,
        the rest of the page after it."""
        self.defer = None
        """How to run work that the page does not show, once the tap's frame is drawn
        (the browser binding sets it; None: at once)."""
        self._ui_unsaved = False
        self.used_last = True
        """Whether this tab is the one the player used last, whose screen state the one every tab
        shares is (a new tab comes back to it): not once another tab wrote that, until the
        player acts here again (main.py: nor a page loaded out of sight, until then)."""
        self._shared_ui = self._shared_ui_text()  # as this tab last read or wrote it
        self._restore_ui()

    def _bind(self, turn, passplay, link, computer):
        """The modes' controllers, the parts of the screens every mode shares, and the actions
        table of the app, of those parts and of each mode."""
        self.passplay, self.link, self.computer = passplay, link, computer
        self.controllers = {c.mode: c for c in (passplay, link, computer)}
        self.turn, self.setup, self.record = turn, ArmySetup(self), Replay(self)
        self.actions = self._action_table() | turn.actions() | self.setup.actions() | self.record.actions()
        for controller in self.controllers.values():
            self.actions.update(controller.actions())

    @property
    def controller(self):
        """The controller of the mode shown: the match's, else the one whose own screen this is
        (pass and play's on the home screen). The one place that tells the modes apart."""
        if self.match is not None:
            return self.controllers[self.match.mode]
        owner = (c for c in self.controllers.values() if self.screen in c.own_screens)
        return next(owner, self.passplay)

    # -- screen state -----------------------------------------------------------

    def show(self, screen, match=None, side=None):
        """Go to ``screen`` (of ``match``, for ``side``), with no taps on it yet."""
        self.screen = screen
        self.match = match
        self.side = side  # whose setup or board the screen is for
        self.placed = {}
        self.picked = None
        self.selected = None
        self.cursor = None
        self.planned = []
        self.confirm = None
        self.asker = ()
        """The control (action, argument) that asked the question open now, or the one just
        closed: the focus goes back to it once the question is gone (main.py)."""
        self.replay = None
        self.rematch = False  # a rematch's first setup says that the players swap colours
        self.setups_open = False

    def _ui_state(self):
        return {
            "screen": self.screen,
            "match": self.match.key if self.match else None,
            "side": self.side,
            "placed": {str(sq): k for sq, k in self.placed.items()},
            "planned": [str(m) for m in self.planned],
            "options": [self.options.moves_per_turn, self.options.volcanoes],
            "draft": self.link.draft_state(),
            "choices": {mode: c.choices() for mode, c in self.controllers.items() if c.choices() is not None},
            "rules": self.rules_open,
            "language": self.language,
            "unsaved": self._unsaved_shown(),
        }

    def _unsaved_shown(self):
        """Whether the pass-and-play or computer game shown has a change its save could not hold:
        its screen then is not where a reload finds the game."""
        match = self.match
        return match is not None and self.matches.get(match.key) is match and match.key in self.unsaved

    def _remembered_language(self, text=None):
        """The language chosen on this device before (kept with the screen state every tab shares,
        ``text``: as read already; a setting of the device, not of a tab), or None."""
        try:
            data = json.loads(text if text is not None else self.storage.get(UI_KEY) or "{}")
        except (ValueError, TypeError, AttributeError, RecursionError):
            return None
        language = data.get("language") if isinstance(data, dict) else None
        return language if isinstance(language, str) and language in i18n.LANGUAGES else None

    def _restore_ui(self):
        """Come back to the screen a reload left, or home if that is gone; to where the game is
        as saved if that screen is not (the game's save failed, the screen state's did not)."""
        try:
            data = self._remembered_screen()
            self.rules_open = data.get("rules") is True
            self.options = Variant(*data.get("options", (2, 6)))
            choices = data.get("choices", {})
            for mode, controller in self.controllers.items():
                controller.restore_choices(choices.get(mode))
            if self.link.restore_ui(data):
                return
            screen = Screen(data.get("screen", Screen.HOME))
            # the home screen and a new game's options show no game
            match = self._named_match(data.get("match")) if screen in MATCH_SCREENS else None
            if screen in MATCH_SCREENS and (match is None or screen not in self.controllers[match.mode].pages()):
                return
            if screen not in MATCH_SCREENS | self.passplay.own_screens | self.computer.own_screens | {Screen.HOME}:
                return
            side = data.get("side") if match is not None else None
            if screen in MATCH_SCREENS and (data.get("unsaved") or not match.can_show(screen, side)):
                self.controllers[match.mode].resume(match)  # where the game is as saved
                self.controller.reloaded()
                if data.get("unsaved") is True:
                    self.message = _(
                        "The last change to this game could not be saved before the page was closed: "
                        "here it is as it was last saved."
                    )
                return
            # the move list opens over the play board, whose planned moves come back first
            self.show(Screen.PLAY if screen == Screen.HISTORY else screen, match, side)
            if screen == Screen.OVER:
                self.game_over(match)
                return
            self.setup.restore(data.get("placed"))
            self.plan_again(data.get("planned", []))
            if screen == Screen.HISTORY:
                self.record.open("")
            self.controller.reloaded()
        except (ValueError, TypeError, AttributeError, KeyError, IllegalMove, RecursionError):
            self.show(Screen.HOME)

    def _remembered_screen(self):
        """The screen state a reload comes back to: this tab's own, so that a tab comes back to
        the game it showed, not to the one another tab showed last (a tab discarded or crashed
        kept none as it went: the screen state every tab shares names the game shown last in
        any); the one every tab shares if this tab has none that reads (a new tab, a blocked
        tab storage: then a tab the player left comes back to the game shown in the tab used
        last, as it keeps its own nowhere). Raises what reading a damaged one raises."""
        if self.tab_storage is not None:
            with contextlib.suppress(Exception):
                data = json.loads(self.tab_storage.get(UI_KEY))
                if isinstance(data, dict):
                    return data
        return json.loads(self.storage.get(UI_KEY) or "{}")

    def _named_match(self, name):
        """The listed game a screen state names: by its storage key, or by its id alone (as older
        versions kept it), a pass-and-play game's before a computer game's."""
        keys = (name, *(kind.PREFIX + name for kind in LISTED))
        return next((self.matches[key] for key in keys if key in self.matches), None)

    def plan_again(self, texts):
        """Plan the moves a reload left; if one no longer fits (a damaged or outdated screen
        state), none: the board stays, with no half of a turn planned."""
        try:
            for text in texts:
                self.turn.plan(Move.from_str(text))
        except (ValueError, TypeError):  # IllegalMove is a ValueError
            self.planned = []

    def _shared_ui_text(self):
        """The screen state every tab shares, as stored (None: none, or a storage that cannot be read)."""
        try:
            return self.storage.get(UI_KEY)
        except Exception:
            return None

    def _take_shared_ui(self, written_elsewhere):
        """The screen state every tab shares as it now stands (``written_elsewhere``: the browser
        said another tab wrote it; else it is looked at). If another tab wrote it, this tab is no
        longer the one the player used last, and speaks the language chosen there: a setting of
        the device, which this tab would otherwise write back as it was here. True if the page
        changed (its language: a message in the old one is dropped, as a choice here drops it,
        but for the save failure, which is said until the game is saved)."""
        text = self._shared_ui_text()
        if not written_elsewhere and text == self._shared_ui:
            return False
        self._shared_ui, self.used_last = text, False
        language = self._remembered_language(text or "{}")
        if language is None or language == self.language:
            return False
        self.choose_language(language)
        self.message = _(self.match.SAVE_FAILED) if self._unsaved_shown() else ""
        self._changed_unseen()
        return True

    def _changed_unseen(self):
        """The page changes by no action of the player's here: nothing to animate, no marks
        painted ahead, nothing to announce."""
        self.motion, self.tap_marks, self.announcement = (), None, ""

    def _remember_ui(self):
        if self.defer is None:
            self.remember_ui()
        elif not self._ui_unsaved:  # one write for the taps of one frame
            self._ui_unsaved = True
            self.defer(self.remember_ui)

    def remember_ui(self):
        """Keep the screen state for a reload (also called as the page goes away): in this tab's
        own storage, which a reload of this tab reads, and, if the player used this tab last, in
        the one every tab shares, which a new tab reads (and the language is read from)."""
        self._ui_unsaved = False
        # The screen state is a convenience: a storage failure here loses nothing, and a full or
        # blocked storage does not keep the other from being written.
        with contextlib.suppress(Exception):
            text = json.dumps(self._ui_state())
            if self.tab_storage is not None:
                with contextlib.suppress(Exception):
                    self.tab_storage.set(UI_KEY, text)
            if self.used_last:
                with contextlib.suppress(Exception):
                    self.storage.set(UI_KEY, text)
                    self._shared_ui = text

    def save(self, match):
        """Save the match; on a full or blocked storage keep it open here and say so. If another tab
        changed or deleted its save since this tab last read or wrote it, write nothing and raise
        ChangedElsewhere (``dispatch`` then shows the game as it stands: ``_changed_elsewhere``)."""
        key = match.key
        if self.storage.get(key) != self.stored.get(key):
            raise ChangedElsewhere(key)
        match.updated = self.clock()
        try:
            self.stored[key] = match.save(self.storage)
        except Exception:
            self.unsaved[key] = match.to_json()
            self.message = _(match.SAVE_FAILED)
            return False
        self.unsaved.pop(key, None)
        self._store_unsaved()
        return True

    def read_saved(self, key):
        """The newest JSON of the game saved under ``key``, read as this tab's copy of it (its next
        save checks against this read): what a full storage could not hold of it, unless another
        tab changed the save since (then that copy is of an older game), else the storage's copy
        (None if there is neither)."""
        text = self.storage.get(key)
        if text != self.stored.get(key):
            self.unsaved.pop(key, None)
        self.stored[key] = text
        return self.unsaved.get(key) or text

    def saved_text(self, key):
        """The newest JSON of the game saved under ``key`` (what a full storage could not hold of
        it, else the storage's copy; None if there is neither), only looked at: this tab's copy
        of the game stays the one it read before (``read_saved``)."""
        return self.unsaved.get(key) or self.storage.get(key)

    def _take(self, key):
        """The game saved under ``key``, read as this tab's copy of it (``read_saved``): None if
        there is none; ValueError if this version cannot read it."""
        text = self.read_saved(key)
        return None if text is None else saved_match(saved_kind(key), key, text)

    def _list(self, key):
        """The game saved under ``key`` (one of the LISTED kinds), taken (``_take``) and listed as
        it now stands: None if there is none; ValueError if this version cannot read it (listed
        so, and kept untouched)."""
        self.matches.pop(key, None)
        self.damaged = [k for k in self.damaged if k != key]
        try:
            match = self._take(key)
        except ValueError:
            self.damaged = sorted([*self.damaged, key])
            raise
        if match is not None:
            self.matches[key] = match
        return match

    def _changed_elsewhere(self, key):
        """Another tab changed or deleted the game saved under ``key``: shown here, it is shown as
        it now stands; else it is listed so."""
        if self.match is not None and self.match.key == key:
            self._take_stored(key)
        elif saved_kind(key) in LISTED:
            with contextlib.suppress(ValueError):
                self._list(key)

    def _take_stored(self, key):
        """The game shown, changed or deleted under ``key`` in another tab, as it now stands there."""
        try:
            match = self._list(key) if saved_kind(key) in LISTED else self._take(key)
        except ValueError:
            self.show(Screen.HOME)
            self.message = _(
                "This game was saved in another tab by a version of the game this page cannot read: reload the page."
            )
            return
        if match is None:
            self.show(Screen.HOME)
            self.message = _("This game was deleted in another tab.")
            return
        self.controllers[match.mode].resume(match)
        self.message = _("This game was played on in another tab: here it is as it stands now.")

    def delete_saved(self, key):
        """Delete the game saved under ``key``, then store what a full storage could not hold."""
        self.unsaved.pop(key, None)
        self.storage.remove(key)
        self.stored.pop(key, None)
        self._store_unsaved()

    def _store_unsaved(self):
        """Store what a full storage could not hold, of each game no other tab changed meanwhile
        (this tab takes the other's game when it next reads or saves it)."""
        for key, text in list(self.unsaved.items()):
            if self.storage.get(key) != self.stored.get(key):
                continue
            try:
                self.storage.set(key, text)
            except Exception:
                continue
            self.stored[key] = text
            del self.unsaved[key]

    # -- dispatch -----------------------------------------------------------------

    def _action_table(self):
        """The actions every mode shares, by name (the page's ``data-action``)."""
        return {
            "language": Action(self.choose_language),
            "home": Action(self.go_home),
            "moves": Action(self.set_moves),
            "volcanoes": Action(self.set_volcanoes),
            "rematch": Action(self.start_rematch),
            "resume": Action(self.resume),
            "delete": Action(self.ask_delete),
            "delete-confirm": Action(self.delete_confirmed),
            "cancel": Action(self.cancel),
            "rules": Action(self.open_rules),
            "rules-close": Action(self.close_rules),
            "back": Action(self.back),
            "square": Action(self.tap_square),
            "drop": Action(self.drop),
            "key": Action(self.press_key, form=True),
            "cursor": Action(self.follow_focus),
        }

    def dispatch(self, action, arg="", value=""):
        """Apply one action, the player's or the page's own (``Action.by_player``); unknown or
        out-of-place actions do nothing."""
        entry = self.actions.get(action)
        if entry is None or (self.rules_open and entry.by_player and action not in RULES_ACTIONS):
            if self.rules_open and (action, arg) == ("key", "Escape"):
                self.dispatch("rules-close")
            return
        # a page opening the link it was loaded with is not yet used: main.py decides by its visibility
        self.used_last |= entry.by_player and (action, value) != ("open-link", "load")
        self.message = "" if action not in ("key", "cursor") else self.message
        self.motion = ()  # what the board binding animates after this action (ui.motion)
        asked = self.confirm
        self.asker = self.asker if asked else ()  # a closed question's is forgotten by the next action
        before = accessible.snapshot(self)
        drawn = self._board_drawn() if action == "square" else None
        try:
            entry.run(arg, value) if entry.form else entry.run(arg)
        except ChangedElsewhere as e:
            self._changed_elsewhere(e.key)
        if self.confirm and self.confirm != asked:
            self.asker = (action, arg)  # a question opened, or replaced another row's
        if not self.message and self._unsaved_shown():
            self.message = _(self.match.SAVE_FAILED)  # said until the game is saved
        self.tap_marks = self._tap_marks() if drawn is not None and drawn == self._board_drawn() else None
        if self.rules_open:
            self.motion = ()  # no board on the page to animate
        self.announcement = accessible.announcement(before, self)
        self._remember_ui()

    def storage_changed(self, key):
        """Another tab changed the storage under ``key`` (the browser's ``storage`` event, which the
        tab that wrote does not get). The game shown here, if saved there, is taken at once as it
        now stands, as a save finding it changed takes it; another game is listed as it now stands.
        The saved setups are taken as they now stand too.
        True if the page changed: the game shown, the home screen's list of saved games, the
        setup screen's list of saved setups, or the language (``_take_shared_ui``). The screen
        state is not written: the one every tab shares stays that of the tab the player last used
        (a new tab comes back to it).
        ``key`` None: anything may have changed unseen (another tab cleared the storage, or this
        page is shown again from the browser's back/forward cache, and takes the storage as it
        now stands: Chromium delivers the events it queued meanwhile only after pageshow): every
        game whose save is not what this tab last read or wrote is taken so, the setups, and the
        shared screen state."""
        if key is None:
            keys = {k for k in self.storage.list_keys() if saved_kind(k)} | set(self.stored)
            changed = [k for k in sorted(keys) if self.storage.get(k) != self.stored.get(k)]
            return any(
                [self._take_shared_ui(False), self.storage_changed(SETUPS_KEY), *[self.storage_changed(k) for k in changed]]
            )
        if key == UI_KEY:
            return self._take_shared_ui(True)
        if key == SETUPS_KEY or key.startswith(KEPT_SETUPS_PREFIX):
            return self._setups_changed()
        if saved_kind(key) is None:
            return False
        if self.match is None or self.match.key != key:
            self._changed_elsewhere(key)
            if self.screen != Screen.HOME:
                return False
            self._changed_unseen()
            return True
        if self.storage.get(key) == self.stored.get(key):
            return False
        self.motion, self.tap_marks = (), None
        before = accessible.snapshot(self)
        self._take_stored(key)
        self.announcement = accessible.announcement(before, self)
        return True

    def take_setups(self):
        """Take the saved setups as they now stand on the device: those this version can use
        (``setups``, by name), and whether some cannot be read by it (``setups_unreadable``: they
        are kept untouched, and the setups list says so)."""
        self.setups, self.setups_unreadable = stored_setups(self.storage)

    def _setups_changed(self):
        """Take the saved setups as another tab left them: True if they changed and the page lists them."""
        before = self.setups, self.setups_unreadable
        self.take_setups()
        if (self.setups, self.setups_unreadable) == before:
            return False
        if self.confirm == DISCARD_QUESTION:
            self.confirm = None  # asked of the setups as they were: asked again of them as they now stand
        if self.screen != Screen.SETUP:
            return False
        self._changed_unseen()
        return True

    def html(self):
        return page.render(self)

    def _board_drawn(self):
        """What a play board shows but the marks of a tap (None off the play board): a tap
        that leaves it as it was changed the selection only."""
        if self.screen != Screen.PLAY or self.rules_open:
            return None
        return self.match, self.side, tuple(self.planned)

    def _tap_marks(self):
        """The marks over the play board, from the picture every mode's play screen draws."""
        return marks_data(self.turn.board().picture[0])

    def title(self):
        """The page's title, in the player's language."""
        return _("Espionage")

    def choose_language(self, language):
        """Speak ``language`` from now on; the screen, the game and every tap so far stay as they are."""
        if language in i18n.LANGUAGES:
            self.language = language
            i18n.use(language)

    # -- home, new game, options -----------------------------------------------------

    def go_home(self, _arg):
        self.show(Screen.HOME)

    def set_moves(self, arg):
        if arg in ("1", "2"):
            self.options = Variant(int(arg), self.options.volcanoes)

    def set_volcanoes(self, arg):
        if arg.isdigit() and int(arg) in range(0, 11, 2):
            self.options = Variant(self.options.moves_per_turn, int(arg))

    def start_rematch(self, _arg):
        """The same options again, colours swapped (each mode starts it its own way)."""
        match = self.match
        if self.screen != Screen.OVER or match is None:
            return
        self.options = match.variant
        self.controller.rematch(match)

    def resume(self, key):
        """The pass-and-play game or game against the computer saved under ``key``, where it was left."""
        match = self.matches.get(key)
        if match is not None:
            self.controllers[match.mode].resume(match)

    def ask_delete(self, key):
        """Ask first, of a saved game only: no other storage key (the saved setups, a setups list
        kept aside, the screen state) is deleted by a saved game's Delete, whatever a page sends."""
        if self.screen == Screen.HOME and saved_kind(key) is not None:
            self.confirm = key

    def delete_confirmed(self, _arg):
        """Delete game: the answer to a saved game's question only (not to Resign's, nor to the
        setup screen's about the setups this version cannot read)."""
        if self.screen != Screen.HOME or saved_kind(self.confirm) is None:
            return
        self.delete_saved(self.confirm)
        self.matches.pop(self.confirm, None)
        self.damaged = [k for k in self.damaged if k != self.confirm]
        self.confirm = None

    def cancel(self, _arg):
        self.confirm = None

    def open_rules(self, _arg):
        """Open the Rules over the current screen, which stays as it is underneath."""
        self.rules_open = True

    def close_rules(self, _arg):
        self.rules_open = False

    def back(self, _arg):
        """The browser's Back: one screen up, and never past a cover to a player's board."""
        if self.rules_open:
            self.rules_open = False
        elif self.confirm is not None:
            self.confirm = None
        elif self.screen == Screen.HISTORY:
            self.record.close("")
        elif self.match is not None and self.controller.back():
            return
        elif self.screen != Screen.HOME:
            self.show(Screen.HOME)

    # -- play -----------------------------------------------------------------------

    def tap_ahead(self):
        """The marks each tap that selects a piece or lets it go would draw (its ``tap_marks``),
        by square name, worked out while the page is at rest: the browser binding paints such
        a tap's marks at once and dispatches the tap after its frame. Changes nothing."""
        if self._board_drawn() is None or not self.turn.my_turn:
            return {}
        picture, ahead = self.turn.board().picture[0], {}
        for sq in {m.from_square for m in self.turn.next_moves()} | ({self.selected} - {None}):
            choice = self.turn.tap_choice(sq)
            if choice in ("select", "let go"):  # only the selection and its targets change
                chosen = sq if choice == "select" else None
                ahead[square_name(sq)] = marks_data(replace(picture, selected=chosen, targets=self.turn.targets_of(chosen)))
        return ahead


    def planning_taps(self):
        """The taps of the play board at rest that change the board itself, as (action, arg): a move
        of the selected piece to each of its targets, and Undo. The browser binding works out ahead
        the page each would draw (``ahead_of``), to paint its board within the tap's frame."""
        if self._board_drawn() is None or not self.turn.my_turn:
            return []
        taps = [("square", square_name(sq)) for sq in sorted(self.turn.targets())] if self.selected is not None else []
        return taps + ([("undo", "")] if self.planned else [])


    def ahead_of(self, action, arg=""):
        """The app as it would be after ``action``: a copy that has it, which keeps nothing (the
        screen state it would remember is this app's to remember once it has the action itself)."""
        after = self._twin()
        after.dispatch(action, arg)
        return after

    def ahead_of_turn(self):
        """The app as it would be after Submit, played on copies (ui.ahead.match_copy, and a
        storage that keeps its writes to itself): the browser binding paints its screen within
        the Submit tap's frame; this app plays and saves the turn once it has the tap. None when
        Submit does nothing now, or its turn cannot be played ahead (a link game's)."""
        ready = self.turn.my_turn and self.turn.complete and not self.rules_open
        match = match_copy(self.match) if ready else None
        if match is None:
            return None
        after = self._twin()
        after.match = after.matches[match.key] = match
        after.dispatch("submit")
        return after

    def _twin(self):
        """A copy of this app to work a tap out ahead on: its own screen state and controllers, a
        storage that keeps its writes to itself (``Scratch``) and no tab storage, and nothing it
        would run after the frame."""
        after = copy.copy(self)
        after.planned, after.placed = list(self.planned), dict(self.placed)
        # Its saves, kept nowhere, check the storage as this app's would, and change none of this
        # app's lists: not the games it could not save, nor what it last read or wrote, nor its games.
        after.storage, after.tab_storage = Scratch(self.storage), None
        after.unsaved, after.stored, after.matches = dict(self.unsaved), dict(self.stored), dict(self.matches)
        after.defer = lambda _work: None
        after._bind(*(c.for_app(after) for c in (self.turn, self.passplay, self.link, self.computer)))
        return after

    def show_match(self, match, message=""):
        """Go to the screen the match is at for this device's side (after a turn, a draw, a resignation)."""
        side = self.side
        screen = match.next_screen(side)
        if screen == Screen.OVER:
            self.game_over(match)
        elif screen == Screen.RESULTS:
            self.screen = Screen.RESULTS
            self.planned, self.selected = [], None
            self.motion = motion.turn(self.turn.view().last_turn, attacks_only=True)
        else:
            self.show(screen, match, side)
            if screen == Screen.PLAY:
                self.turn.replay_last_turn()
        self.message = message


    # -- game over and replay ---------------------------------------------------------

    def game_over(self, match):
        side = self.side
        self.show(Screen.OVER, match, side)
        game = match.full_game()
        self.replay = len(game.events) if game is not None else None

    # -- taps and keys ------------------------------------------------------------------

    def tap_square(self, name):
        try:
            sq = parse_square(name)
        except ValueError:
            return
        # A tap does not move the keyboard cursor: a tap that does nothing changes nothing.
        if self.screen == Screen.SETUP:
            self.setup.tap(sq)
        elif self.screen == Screen.PLAY:
            self.turn.tap(sq)

    def drop(self, arg):
        """A drag from the tray (``"C>e3"``) or from a square (``"e3>e4"``)."""
        source, _sep, target = arg.partition(">")
        if self.screen == Screen.SETUP and source in KINDS:
            self.picked = None
            self.selected = None
            self.setup.pick(source)
            self.tap_square(target)
            self.picked = None
        elif source:
            self.selected = None
            self.picked = None  # a drag from the board moves that piece, not the kind picked in the tray
            self.tap_square(source)
            if self.selected is not None:
                self.tap_square(target)

    def press_key(self, key, square=""):
        """A key on the board (``square``: the cell that has focus, where the cursor goes
        first); what each key does is decided in ui.keyboard."""
        if self.confirm is not None and key == keyboard.CANCEL:
            self.confirm = None
            return
        if self.screen not in BOARD_SCREENS:
            return
        focused = None
        with contextlib.suppress(ValueError):
            focused = parse_square(square) if square else None
        what = keyboard.action(key, self.screen)
        if what == "move" and self.cursor is None:  # the first arrow shows where the cursor is
            self.cursor = keyboard.start(self.bottom) if focused is None else focused
            return
        self.cursor = self.cursor if focused is None else focused
        if what == "move":
            self.cursor = keyboard.moved(self.cursor, key, self.bottom)
        elif what == "cancel":
            self.selected = None
            self.picked = None
        elif what == "choose" and self.cursor is not None:
            self.message = ""  # as for a tap: the message is about this choice
            self.tap_square(square_name(self.cursor))
        elif what == "pick":
            self.message = ""
            self.setup.pick(keyboard.KIND_KEYS[key.lower()])

    def follow_focus(self, name):
        """The keyboard focus came to a board cell (by Tab): the cursor follows it."""
        if self.screen in BOARD_SCREENS:
            with contextlib.suppress(ValueError):
                self.cursor = parse_square(name)

    @property
    def bottom(self):
        """The side whose army is drawn at the bottom of the board."""
        return self.side if self.side is not None else RED

    @property
    def saved_games(self):
        return sorted(self.matches.values(), key=lambda m: -m.updated)
