"""Play by link: the player's side of SPEC §8, as a mixin of :class:`ui.app.App`.

A device keeps one *seat* per link game, saved under ``espionage:seat:<game id>``
(JSON: ``Seat.to_dict()`` and when it was last changed). Every link that
arrives is tried on a fresh copy of the saved seat, and saved only if the seat
accepted it, so a bad link never damages or replaces a saved game.

The play screen is the pass-and-play one ("play"), driven by the same taps and
keys: the app's match is then a :class:`LinkMatch`, which draws from its seat
(``LinkMatch.view``: the seat's view of the board). Everything that differs (submitting,
the link to send, draws, resignation, the audit) has its own ``link-*`` action.

Browser effects (Web Share, clipboard) are asked for with ``app.effect``:
``("share", url)`` or ``("copy", url)``, which main.py performs after the
dispatch and clears.
"""

import json

from espionage import Move, Setup, Variant, random_volcanoes
from espionage.board import RED, SIDES
from espionage.link import CASUAL, SEALED, DuplicateLink, LinkError, OlderLink, decode
from espionage.sealed import Seat, spectate
from espionage.setup import format_squares, parse_squares

from .errors import Failure, error_text
from .i18n import N_, _
from .words import side_name

SEAT_PREFIX = "espionage:seat:"
SEAT_FORMAT = 1
LINK_SCREENS = (
    "link-options",
    "link-invite",
    "link-send",
    "link-backup",
    "link-spectate",
    "link-restore",
    "link-error",
)
# Screens a reload comes back to (with the game's seat).
RESTORABLE = ("play", "link-send", "over", "link-backup")
COPY_FAILED = N_("The link could not be copied here: select the link text below and copy it.")


def seat_key(game_id):
    return f"{SEAT_PREFIX}{game_id:016x}"


class LinkMatch:
    """A link game on this device: its seat, or (before there is one) the draft being set up.

    The app plays it through the same interface as a pass-and-play
    ``ui.saves.Match``; the device only ever acts for its own seat's side."""

    mode = "link"
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
        return seat_key(self.seat.game_id)

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
            return "over"
        return "play" if self.seat.my_turn else "link-send"

    def save(self, storage):
        storage.set(self.key, self.to_json())

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
        except (KeyError, TypeError, AttributeError, json.JSONDecodeError) as e:
            raise ValueError(f"the save is damaged ({e})") from None


class LinkPlay:
    """The ``link-*`` actions and the link-game state of the app (mixed into App)."""

    effect = None  # ("share" | "copy", url) for the browser binding to perform
    base_url = ""  # the page's URL without its fragment (set by main.py)
    can_share = False  # whether the browser has the Web Share API (set by main.py)
    link_kind = SEALED
    link_side = RED
    link_error = ""
    link_title = ""
    spectator = None
    restore = None  # (LinkMatch from a backup link, the saved LinkMatch or None)

    # -- saved seats ------------------------------------------------------------------

    def link_games(self):
        """Every saved link game, by storage key (read again only when its save changed)."""
        cache = self.__dict__.setdefault("_seat_cache", {})
        games = {}
        try:
            keys = [k for k in self.storage.list_keys() if k.startswith(SEAT_PREFIX)]
        except Exception:
            keys = []
        for key in keys:
            try:
                text = self.storage.get(key)
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
        """A fresh copy of the saved game (None if there is none or it is unreadable)."""
        try:
            text = self.storage.get(key)
            return LinkMatch.from_json(text) if text else None
        except Exception:
            return None

    def url_for(self, link):
        return f"{self.base_url}#{link}"

    # -- screens ----------------------------------------------------------------------

    def _show_link_game(self, match, message=""):
        """The screen a link game is at: play (my turn), game over, or the link to send."""
        self.side = match.side
        self._show_match(match, message)

    def _link_failed(self, error, match=None, title=""):
        """The link error screen: ``error`` (an exception, worded when drawn); ``title`` "backup"
        when it was a backup that was not restored."""
        self._reset_screen("link-error", match)
        self.link_title = title
        self.link_error = error

    def _draft_state(self):
        """A link game's setup in progress (no seat yet), for coming back after a reload."""
        match = self.match
        if getattr(match, "mode", None) != "link" or match.seat is not None:
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
        return LinkMatch(
            draft=("new", kind, int(side)),
            variant=Variant(int(draft["moves_per_turn"]), len(volcanoes)),
            volcanoes=volcanoes,
        )

    def _restore_link_ui(self, data):
        """Come back to a link game's screen after a reload; False if the state is not a link game's."""
        mid, screen = data.get("match") or "", data.get("screen", "home")
        if data.get("draft") and screen == "setup":
            match = self._draft_from_state(data["draft"])
            self._begin_setup(match, match.side)
            self.placed = {int(sq): k for sq, k in data.get("placed", {}).items()}
            return True
        if screen == "link-options":
            self._reset_screen("link-options")
            self.link_kind = data.get("link_kind", SEALED)
            return True
        if not mid.startswith("seat:"):
            return screen in LINK_SCREENS  # a link screen with nothing to show: home
        match = self._load_link_match(SEAT_PREFIX + mid[5:])
        if match is None or screen not in RESTORABLE:
            return True
        self._show_link_game(match)
        if screen == "link-backup":
            self.screen = "link-backup"
        if self.screen == "play":
            for text in data.get("planned", []):
                self._plan(Move.from_str(text))
        return True

    # -- a new game -----------------------------------------------------------------

    def do_link_new(self, _arg):
        self._reset_screen("link-options")

    def do_link_kind(self, kind):
        if self.screen == "link-options" and kind in (SEALED, CASUAL):
            self.link_kind = kind

    def do_link_side(self, side):
        if self.screen == "link-options" and side in SIDES:
            self.link_side = SIDES.index(side)

    def do_link_setup(self, _arg):
        if self.screen != "link-options":
            return
        match = LinkMatch(
            draft=("new", self.link_kind, self.link_side),
            variant=self.options,
            volcanoes=random_volcanoes(self.options.volcanoes, self.rng),
        )
        self._begin_setup(match, self.link_side)

    def do_link_join(self, _arg):
        if self.screen == "link-invite":
            self._begin_setup(self.match, self.match.side)

    def do_link_ready(self, _arg):
        match = self.match
        if self.screen != "setup" or getattr(match, "mode", None) != "link" or not self.setup_complete:
            return
        setup = Setup(self.side, self.placed)
        kind, *rest = match.draft
        try:
            if kind == "new":
                seat = Seat.new_game(rest[0], self.side, match.variant, setup, self.rng, match.volcanoes)
            else:
                seat = Seat.join(rest[0], setup, self.rng)
        except (LinkError, ValueError) as e:
            self.message = error_text(e)
            return
        game = LinkMatch(seat)
        existing = self._load_link_match(game.key)
        if existing is not None:  # the same invitation joined twice on this device: keep the first
            self._show_link_game(existing, _("You already joined this game on this device: here it is."))
            return
        self._save(game)
        message = self.message
        self._show_link_game(game, message)
        if self.screen == "play" and not message:
            self.message = _("You play Red, so you move first: play your turn, then send the link.")

    # -- opening a link ------------------------------------------------------------------

    def do_open_link(self, text, how=""):
        """A link arrived: the page was opened with ``#link``, its fragment changed, or
        (``how`` "handoff") another tab of this browser handed it over instead of starting."""
        text = (text or "").strip().lstrip("#")
        if not text:
            return
        self._open_link(text, quiet=how == "load")  # "load": the page was reloaded with the link it had
        if how == "handoff" and self.screen != "link-error":
            self.message = " ".join(
                part for part in (_("A link opened in another tab was handed to this one."), self.message) if part
            )

    def _open_link(self, text, quiet):
        try:
            t = decode(text)
        except LinkError as e:
            self._link_failed(e)
            return
        key = seat_key(t.game_id)
        saved = self._load_link_match(key)
        if t.backup:
            self._open_backup(text, saved)
            return
        if saved is not None:
            try:
                saved.seat.receive(text)
            except (DuplicateLink, OlderLink) as e:
                fresh = self._load_link_match(key)
                if quiet and self.screen != "home" and self.match is not None and self.match.id == fresh.id:
                    return  # a reload: stay where the player was
                self._show_link_game(fresh, "" if quiet else error_text(e))
                return
            except LinkError as e:
                self._link_failed(e, self._load_link_match(key))
                return
            except Exception:
                self._link_failed(Failure("link-unusable"), saved)
                return
            self._save(saved)
            self._show_link_game(saved, self.message)
            return
        if not t.joined:
            self._reset_screen(
                "link-invite", LinkMatch(draft=("join", text, t), variant=t.variant, volcanoes=t.volcanoes)
            )
            self.side = t.joiner
            return
        try:
            view = spectate(text)
        except LinkError as e:
            self._link_failed(e)
            return
        self._reset_screen("link-spectate")
        self.spectator = (view, t)
        self.link_error = Failure("no-seat")

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
            if len(saved.seat.t.messages) >= len(seat.t.messages):
                self._link_failed(Failure("backup-not-newer"), saved, title="backup")
                return
        self._reset_screen("link-restore", candidate)
        self.restore = (candidate, saved)

    def do_link_restore(self, _arg):
        if self.screen != "link-restore" or self.restore is None:
            return
        candidate, _saved = self.restore
        if self._save(candidate):
            self._show_link_game(candidate, _("Game restored on this device."))

    # -- the game screens ------------------------------------------------------------------

    def _link_game(self):
        match = self.match
        return match if getattr(match, "mode", None) == "link" and match.seat is not None else None

    def do_link_resume(self, key):
        match = self._load_link_match(key)
        if match is not None:
            self._show_link_game(match)

    def do_link_back(self, _arg):
        match = self._link_game()
        if match is not None:
            self._show_link_game(match)

    def do_link_backup(self, _arg):
        if self._link_game() is not None and self.screen in ("play", "link-send", "over"):
            self.planned, self.selected = [], None
            self.screen = "link-backup"

    def do_link_share(self, arg):
        match = self._link_game()
        if match is not None:
            link = match.seat.backup_link() if arg == "backup" else match.seat.link()
            self.effect = ("share", self.url_for(link))

    def do_link_copy(self, arg):
        match = self._link_game()
        if match is not None:
            link = match.seat.backup_link() if arg == "backup" else match.seat.link()
            self.effect = ("copy", self.url_for(link))

    def do_link_copied(self, _arg):
        self.message = _("Link copied: paste it into a message.")

    def do_link_copy_failed(self, _arg):
        self.message = _(COPY_FAILED)

    # -- home list ----------------------------------------------------------------------

    def do_link_delete(self, key):
        if self.screen == "home" and key.startswith(SEAT_PREFIX):
            self.confirm = key

    def do_link_delete_confirm(self, _arg):
        key = self.confirm
        if self.screen != "home" or not key or not key.startswith(SEAT_PREFIX):
            return
        try:
            self.storage.remove(key)
        except Exception:
            self.message = _("The game could not be deleted: the browser's storage is blocked.")
        self.confirm = None

