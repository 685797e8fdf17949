"""Play by link: the controller of that mode (the match: ui/linkplay.py).

Everything a link game does its own way (a new game's options, opening a link, the
link to send, backups, the audit's verdict) has its own ``link-*`` action here.
Browser effects (Web Share, clipboard) are asked for with ``app.effect``:
``("share", url)`` or ``("copy", url)``, which main.py performs after the
dispatch and clears.
"""

from espionage import Setup, Variant, random_volcanoes
from espionage.board import RED, SIDES
from espionage.link import CASUAL, SEALED, DuplicateLink, FalseClaim, LinkError, OlderLink, continues, decode
from espionage.sealed import Seat, spectate
from espionage.setup import format_squares, parse_squares

from . import linkpages
from .controller import Action, Controller
from .errors import Failure, error_text
from .i18n import N_, _
from .linkplay import SEAT_PREFIX, LinkMatch, seat_key
from .screens import Screen

LINK_SCREENS = frozenset(
    {
        Screen.LINK_OPTIONS,
        Screen.LINK_INVITE,
        Screen.LINK_SEND,
        Screen.LINK_BACKUP,
        Screen.LINK_SPECTATE,
        Screen.LINK_RESTORE,
        Screen.LINK_ERROR,
    }
)
# Screens a reload comes back to (with the game's seat).
RESTORABLE = (Screen.PLAY, Screen.LINK_SEND, Screen.OVER, Screen.LINK_BACKUP)
COPY_FAILED = N_("The link could not be copied here: select the link text below and copy it.")


def _link_match(text):
    """The link game saved as ``text`` (None if there is none or it is unreadable)."""
    try:
        return LinkMatch.from_json(text) if text else None
    except Exception:
        return None


class LinkControl(Controller):
    """Play by link: the ``link-*`` actions, and the state of the link screens."""

    mode = LinkMatch.mode
    own_screens = LINK_SCREENS

    def __init__(self, app):
        super().__init__(app)
        self.new_kind = SEALED  # the options of a new link game
        self.new_side = RED
        self.error = ""  # why a link was not used (an exception, worded when drawn)
        self.title = ""  # "backup": the link not used was a backup
        self.spectator = None  # (public view, transcript) of a link this device has no seat in
        self.restoring = None  # (LinkMatch from a backup link, the saved LinkMatch or None)
        self._seat_cache = {}

    def actions(self):
        return {
            "link-new": Action(self.new_game),
            "link-kind": Action(self.choose_kind),
            "link-side": Action(self.choose_side),
            "link-setup": Action(self.set_up),
            "link-join": Action(self.join),
            "link-ready": Action(self.ready),
            "open-link": Action(self.open_link, form=True),
            "link-restore": Action(self.restore),
            "link-resume": Action(self.resume_saved),
            "link-back": Action(self.back_to_game),
            "link-backup": Action(self.backup),
            "link-share": Action(self.share),
            "link-copy": Action(self.copy),
            "link-copied": Action(self.copied, by_player=False),  # the clipboard's answer, later
            "link-copy-failed": Action(self.copy_failed, by_player=False),
            "link-delete": Action(self.ask_delete),
            "link-delete-confirm": Action(self.delete_confirmed),
        }

    def pages(self):
        return linkpages.PAGES

    def resume(self, match):
        self._show_link_game(match)

    def rematch(self, match):
        """A new invitation with the same options, this device's colour swapped."""
        self.new_kind, self.new_side = match.kind, 1 - match.side
        self.app.show(Screen.LINK_OPTIONS)
        self.set_up("")

    def back(self):
        if self.app.screen != Screen.LINK_BACKUP:
            return False
        self.back_to_game("")
        return True

    def has_move_list(self):
        return False

    # -- saved seats ------------------------------------------------------------------

    def games(self):
        """Every saved link game, by storage key (read again only when its save changed)."""
        cache = self._seat_cache
        games = {}
        try:
            keys = [k for k in self.app.storage.list_keys() if k.startswith(SEAT_PREFIX)]
        except Exception:
            keys = []
        for key in keys:
            try:
                text = self.app.storage.get(key)
            except Exception:
                continue
            cached = cache.get(key)
            if cached is None or cached[0] != text:
                try:
                    cached = (text, LinkMatch.from_json(text))
                except ValueError:
                    cached = (text, None)
                cache[key] = cached
            games[key] = cached[1]
        for key in set(cache) - set(keys):
            del cache[key]
        return games

    def _load_link_match(self, key):
        """A fresh copy of the saved game, read as this tab's (``App.read_saved``): None if there
        is none or it is unreadable."""
        try:
            return _link_match(self.app.read_saved(key))
        except Exception:
            return None

    def _unreadable(self, key):
        """Whether a game this version cannot read is saved under ``key``: kept untouched, so no
        link of that game id may replace it (its opponent chooses the id). Read only: a save then
        still checks against the copy this tab took before."""
        try:
            text = self.app.saved_text(key)
        except Exception:
            return False
        return bool(text) and _link_match(text) is None

    def url_for(self, link):
        return f"{self.app.base_url}#{link}"

    # -- screens ----------------------------------------------------------------------

    def _show_link_game(self, match, message=""):
        """The screen a link game is at: play (my turn), game over, or the link to send."""
        self.app.side = match.side
        self.app.show_match(match, message)

    def _link_failed(self, error, match=None, title=""):
        """The link error screen: ``error`` (an exception, worded when drawn); ``title`` "backup"
        when it was a backup that was not restored."""
        self.app.show(Screen.LINK_ERROR, match)
        self.title = title
        self.error = error

    def draft_state(self):
        """A link game's setup in progress (no seat yet), for coming back after a reload."""
        match = self.app.match
        if self.app.controller is not self or match is None or match.seat is not None:
            return None
        kind, *rest = match.draft
        if kind == "join":
            return {"join": rest[0]}  # the invitation link, read again on reload
        return {
            "new": rest,
            "moves_per_turn": match.variant.moves_per_turn,
            "volcanoes": format_squares(match.volcanoes, " "),
        }

    def _draft_from_state(self, draft):
        if "join" in draft:
            t = decode(draft["join"])
            return LinkMatch(draft=("join", draft["join"], t), variant=t.variant, volcanoes=t.volcanoes)
        volcanoes = parse_squares(draft["volcanoes"])
        kind, side = draft["new"]
        if kind not in (SEALED, CASUAL) or type(side) is not int or side not in (0, 1):
            raise ValueError("not the setup of a new link game")
        return LinkMatch(
            draft=("new", kind, side),
            variant=Variant(draft["moves_per_turn"], len(volcanoes)),
            volcanoes=volcanoes,
        )

    def restore_ui(self, data):
        """Come back to a link game's screen after a reload; False if the state is not a link game's."""
        key, screen = data.get("match") or "", data.get("screen", Screen.HOME)
        if data.get("draft") and screen == Screen.SETUP:
            match = self._draft_from_state(data["draft"])
            self.app.show(Screen.SETUP, match, match.side)
            self.app.setup.restore(data.get("placed"))
            return True
        if screen == Screen.LINK_OPTIONS:
            self.app.show(Screen.LINK_OPTIONS)
            return True
        if key.startswith("seat:"):  # an older version kept the game's id, "seat:" and its number
            key = SEAT_PREFIX + key.removeprefix("seat:")
        if not key.startswith(SEAT_PREFIX):
            return screen in LINK_SCREENS  # a link screen with nothing to show: home
        match = self._load_link_match(key)
        if match is None or screen not in RESTORABLE:
            return True
        self._show_link_game(match)
        if screen == Screen.LINK_BACKUP:
            self.app.screen = Screen.LINK_BACKUP
        if self.app.screen == Screen.PLAY:
            self.app.plan_again(data.get("planned", []))
        return True

    # -- a new game -----------------------------------------------------------------

    def new_game(self, _arg):
        self.app.show(Screen.LINK_OPTIONS)

    def choices(self):
        return [self.new_kind, self.new_side]

    def restore_choices(self, choices):
        if isinstance(choices, list) and len(choices) == 2:
            kind, side = choices
            self.new_kind = kind if kind in (SEALED, CASUAL) else self.new_kind
            self.new_side = side if type(side) is int and side in (0, 1) else self.new_side

    def choose_kind(self, kind):
        if self.app.screen == Screen.LINK_OPTIONS and kind in (SEALED, CASUAL):
            self.new_kind = kind

    def choose_side(self, side):
        if self.app.screen == Screen.LINK_OPTIONS and side in SIDES:
            self.new_side = SIDES.index(side)

    def set_up(self, _arg):
        if self.app.screen != Screen.LINK_OPTIONS:
            return
        match = LinkMatch(
            draft=("new", self.new_kind, self.new_side),
            variant=self.app.options,
            volcanoes=random_volcanoes(self.app.options.volcanoes, self.app.rng),
        )
        self.app.show(Screen.SETUP, match, self.new_side)

    def join(self, _arg):
        if self.app.screen == Screen.LINK_INVITE:
            self.app.show(Screen.SETUP, self.app.match, self.app.match.side)

    def ready(self, _arg):
        match = self.app.match
        if self.app.screen != Screen.SETUP or self.app.controller is not self or not self.app.setup.complete:
            return
        setup = Setup(self.app.side, self.app.placed)
        kind, *rest = match.draft
        try:
            if kind == "new":
                seat = Seat.new_game(rest[0], self.app.side, match.variant, setup, self.app.rng, match.volcanoes)
            else:
                seat = Seat.join(rest[0], setup, self.app.rng)
        except (LinkError, ValueError) as e:
            self.app.message = error_text(e)
            return
        game = LinkMatch(seat)
        if self._unreadable(game.key):
            self._link_failed(Failure("saved-unreadable"))
            return
        existing = self._load_link_match(game.key)
        if existing is not None:  # the same invitation joined twice on this device: keep the first
            self._show_link_game(existing, _("You already joined this game on this device: here it is."))
            return
        self.app.save(game)
        message = self.app.message
        self._show_link_game(game, message)
        if self.app.screen == Screen.PLAY and not message:
            self.app.message = _("You play Red, so you move first: play your turn, then send the link.")

    # -- opening a link ------------------------------------------------------------------

    def open_link(self, text, how=""):
        """A link arrived: the page was opened with ``#link``, its fragment changed, or
        (``how`` "handoff") another tab of this browser handed it over instead of starting."""
        self.app.rules_open = False  # a link opened is the player's next screen
        text = (text or "").strip().lstrip("#")
        if not text:
            return
        self._open_link(text, quiet=how == "load")  # "load": the page was reloaded with the link it had
        if how == "handoff" and self.app.screen != Screen.LINK_ERROR:
            self.app.message = " ".join(
                part for part in (_("A link opened in another tab was handed to this one."), self.app.message) if part
            )

    def _open_link(self, text, quiet):
        try:
            t = decode(text)
        except FalseClaim as e:
            # a false claim: this game's saved seat judges it (in its own name, a forgery)
            saved = self._load_link_match(seat_key(e.game_id)) if e.game_id is not None else None
            if saved is None:
                self._link_failed(e)
            else:
                self._continue_saved(saved, text, quiet)
            return
        except LinkError as e:
            self._link_failed(e)
            return
        if self._unreadable(seat_key(t.game_id)):
            self._link_failed(Failure("saved-unreadable"))
            return
        saved = self._load_link_match(seat_key(t.game_id))
        if t.backup:
            self._open_backup(text, saved)
            return
        if saved is not None:
            self._continue_saved(saved, text, quiet)
            return
        if not t.joined:
            self.app.show(
                Screen.LINK_INVITE, LinkMatch(draft=("join", text, t), variant=t.variant, volcanoes=t.volcanoes)
            )
            self.app.side = t.joiner
            return
        try:
            view = spectate(text)
        except LinkError as e:
            self._link_failed(e)
            return
        self.app.show(Screen.LINK_SPECTATE)
        self.spectator = (view, t)
        self.error = Failure("no-seat")

    def _continue_saved(self, saved, text, quiet):
        """The link ``text`` taken into the saved game ``saved`` (a LinkMatch), or why not."""
        key = saved.key
        try:
            saved.seat.receive(text)
        except (DuplicateLink, OlderLink) as e:
            fresh = self._load_link_match(key)
            if quiet and self.app.screen != Screen.HOME and self.app.match is not None and self.app.match.key == fresh.key:
                return  # a reload: stay where the player was
            self._show_link_game(fresh, "" if quiet else error_text(e))
            return
        except LinkError as e:
            self._link_failed(e, self._load_link_match(key))
            return
        except Exception:
            self._link_failed(Failure("link-unusable"), self._load_link_match(key))
            return
        self.app.save(saved)
        self._show_link_game(saved, self.app.message)

    def _open_backup(self, text, saved):
        try:
            seat = Seat.from_backup(text)
        except LinkError as e:
            self._link_failed(e, saved)
            return
        candidate = LinkMatch(seat)
        if saved is not None:
            if saved.seat.side != seat.side:
                self._link_failed(Failure("backup-other-side", side=saved.seat.side, other=seat.side), saved)
                return
            mine, theirs = saved.seat, seat
            if continues(theirs.t, mine.t) is not None:
                self._link_failed(Failure("backup-not-newer"), saved, title="backup")
                return
            if continues(mine.t, theirs.t) != "longer" or (mine.secret, mine.setup) != (theirs.secret, theirs.setup):
                self._link_failed(Failure("backup-other-history"), saved, title="backup")
                return
        self.app.show(Screen.LINK_RESTORE, candidate)
        self.restoring = (candidate, saved)

    def restore(self, _arg):
        if self.app.screen != Screen.LINK_RESTORE or self.restoring is None:
            return
        candidate, _saved = self.restoring
        if self._unreadable(candidate.key):
            self._link_failed(Failure("saved-unreadable"))
            return
        if self.app.save(candidate):
            self._show_link_game(candidate, _("Game restored on this device."))

    # -- the game screens ------------------------------------------------------------------

    def _link_game(self):
        match = self.app.match
        return match if self.app.controller is self and match is not None and match.seat is not None else None

    def resume_saved(self, key):
        match = self._load_link_match(key)
        if match is not None:
            self._show_link_game(match)

    def back_to_game(self, _arg):
        match = self._link_game()
        if match is not None:
            self._show_link_game(match)

    def backup(self, _arg):
        if self._link_game() is not None and self.app.screen in (Screen.PLAY, Screen.LINK_SEND, Screen.OVER):
            self.app.planned, self.app.selected = [], None
            self.app.screen = Screen.LINK_BACKUP

    def share(self, arg):
        match = self._link_game()
        if match is not None:
            link = match.seat.backup_link() if arg == "backup" else match.seat.link()
            self.app.effect = ("share", self.url_for(link))

    def copy(self, arg):
        match = self._link_game()
        if match is not None:
            link = match.seat.backup_link() if arg == "backup" else match.seat.link()
            self.app.effect = ("copy", self.url_for(link))

    def copied(self, _arg):
        self.app.message = _("Link copied: paste it into a message.")

    def copy_failed(self, _arg):
        self.app.message = _(COPY_FAILED)

    # -- home list ----------------------------------------------------------------------

    def ask_delete(self, key):
        if self.app.screen == Screen.HOME and key.startswith(SEAT_PREFIX):
            self.app.confirm = key

    def delete_confirmed(self, _arg):
        key = self.app.confirm
        if self.app.screen != Screen.HOME or not key or not key.startswith(SEAT_PREFIX):
            return
        try:
            self.app.delete_saved(key)
        except Exception:
            self.app.message = _("The game could not be deleted: the browser's storage is blocked.")
        self.app.confirm = None

