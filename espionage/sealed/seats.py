"""A device's seat in a game played by links (SPEC §8).

A :class:`Seat` is one device's place in one game: its side, its own setup,
its secret (sealed: committed to; casual: only in its backup links, which it
tells from ones the opponent could make) and the public transcript, which is
the newest link.
Everything else is replayed from these, so a seat saves as a small dict.

Secrets and game ids come from the operating system's cryptographic source
(:mod:`secrets`); an ``rng`` given to :meth:`Seat.new_game` or :meth:`Seat.join`
only picks volcanoes and random setups (tests make games repeatable with it).
"""

import base64
import secrets

from ..board import SIDES, side_index, square_name
from ..game import IllegalMove
from ..link import (
    ACCEPT,
    BACKUP,
    CASUAL,
    CONFLICT,
    CROSSED,
    DUPLICATE,
    NO_LEGAL_MOVE,
    NO_SEAT,
    OLDER,
    OTHER_GAME,
    RESIGN,
    SEALED,
    TURN,
    TURN_OFFER,
    BackupLink,
    ConflictingLink,
    CrossedLink,
    DamagedLink,
    DuplicateLink,
    FalseClaim,
    ForgedLink,
    HonestAuthor,
    LinkError,
    NoSeat,
    NotABackup,
    NotJoined,
    OlderLink,
    OtherGame,
    Transcript,
    commitment,
    continues,
    decode,
    decode_body,
    fights,
    oblivious,
    resume,
    unframe,
)
from ..link.errors import FORGED, FORGED_REVEAL, MISSING_HISTORY, MissingHistory
from ..link.public import PublicBoard
from ..moves import Move
from ..pieces import ATTACKER_WINS, KINDS, MOVABLE
from ..setup import Setup, random_volcanoes
from ..variant import STANDARD
from .audit import replay
from .views import SealedView, casual_spectator_view, side_name

FAIR = "verified fair"
# Where the end-of-game check stands (Seat.check):
PLAYING = "playing"  # casual game, or the game goes on: nothing to check yet
UNVERIFIED = "unverified"  # over, but the opponent has not sent its final link with its secret and setup
VERIFIED_FAIR = "fair"  # every claim of both players held
FALSE_CLAIM = "false"  # a claim was false: ``verdict`` names it


class Seat:
    """One device's seat in one game."""

    def __init__(self, transcript, side, secret=None, setup=None, points=None):
        if transcript.partial:
            raise MissingHistory(MISSING_HISTORY)
        self.t = transcript
        self.side = side
        self.secret = secret
        self.setup = setup
        self.author = HonestAuthor(side, setup, secret)
        self.author.points.update(points or {})
        self._checked_queries = set()
        self._verdict = None
        self._after_change()

    # -- making and joining ---------------------------------------------------

    @classmethod
    def new_game(cls, kind=CASUAL, side="red", variant=STANDARD, setup=None, rng=None, volcanoes=None):
        """A new game, as its inviter: ``seat.link()`` is the invitation."""
        if kind not in (CASUAL, SEALED):
            raise ValueError("a game is 'casual' or 'sealed'")
        side = side_index(side) if isinstance(side, str) else side
        rng = rng or secrets.SystemRandom()
        game_id, secret = secrets.randbits(64), secrets.token_bytes(16)
        setup = _own_setup(side, setup, rng)
        if volcanoes is None:
            volcanoes = random_volcanoes(variant.volcanoes, rng)
        commit = key = None
        if kind == SEALED:
            commit, key = commitment(secret, game_id, side, setup), HonestAuthor(side, setup, secret).sender_key()
        t = Transcript.create(kind, game_id, variant, volcanoes, side, setup=setup, commit=commit, sender_key=key)
        return cls(t, side, secret, setup)

    @classmethod
    def join(cls, link, setup=None, rng=None):
        """Take the free seat of an invitation link; ``seat.link()`` then goes back to the inviter."""
        t = decode(link)
        if t.backup:
            raise BackupLink(BACKUP)
        if t.joined:
            raise NoSeat(NO_SEAT)
        side = t.joiner
        secret = secrets.token_bytes(16)
        setup = _own_setup(side, setup, rng or secrets.SystemRandom())
        if t.kind == CASUAL:
            t.write_join(setup=setup)
            return cls(t, side, secret, setup)
        t.write_join(commit=commitment(secret, t.game_id, side, setup), sender_key=HonestAuthor(side, setup, secret).sender_key())
        return cls(t, side, secret, setup)

    # -- saving ------------------------------------------------------------------

    def to_dict(self):
        """A JSON-serialisable dict (for localStorage); ``Seat.from_dict`` restores it."""
        saved = {
            "format": 1,
            "link": self._text,
            "side": SIDES[self.side],
            "secret": self.secret.hex() if self.secret else None,
            "setup": str(self.setup) if self.setup else None,
        }
        if self.t.kind == SEALED:
            # every value of the game (the link leaves out those the opponent has), and the key
            # material of this side's queries (secrets of this device: they tell no enemy kind)
            saved["values"] = base64.b64encode(self._values).decode("ascii")
            saved["points"] = {str(pid): point.hex() for pid, point in sorted(self.author.points.items())}
        return saved

    @classmethod
    def from_dict(cls, data):
        store = base64.b64decode(data["values"]) if data.get("values") else b""
        t = decode(data["link"], store)
        side = side_index(data["side"])
        secret = bytes.fromhex(data["secret"]) if data.get("secret") else None
        setup = Setup.from_str(side, data["setup"]) if data.get("setup") else None
        points = {int(pid): bytes.fromhex(point) for pid, point in (data.get("points") or {}).items()}
        committed = secret is not None and setup is not None and commitment(secret, t.game_id, side, setup) == t.commits[side]
        if t.kind == SEALED and not committed:  # its answers and reveals would not hold against the commitment
            raise DamagedLink("this saved seat does not match its game's commitment: it is damaged")
        return cls(t, side, secret, setup, points)

    def backup_link(self):
        """A private link that moves this seat (with its secret and setup) to another device."""
        return self.t.encode(backup=(self.side, self.secret, self.setup))

    @classmethod
    def from_backup(cls, link):
        t = decode(link)
        if not t.backup:
            raise NotABackup("this is a game link, not a backup link: open it as a game")
        side, secret, setup = t.seat_side, t.seat_secret, t.seat_setup
        if t.kind == CASUAL:
            setup = t.setups[side]
        elif t.commits[side] is None or commitment(secret, t.game_id, side, setup) != t.commits[side]:
            # a seat that never joined has no commitment: no device could have made its backup
            raise DamagedLink("this backup link does not match its game's commitment: it is damaged")
        t.backup = False
        t.syms[1] = (0, 2)
        try:
            seat = cls(t, side, secret, setup)  # which opens an attack pending on this side with the keys
            for pid in t.queries:  # b·A of this side's queries, worked out now so opening an attack stays hashing
                if PublicBoard.side_of(pid) == side:
                    seat.author.point(pid, t.sender_keys[1 - side])
        except oblivious.OTError as e:
            raise DamagedLink(f"this backup link holds a key that is no point of the group ({e}): it is damaged") from None
        return seat

    # -- reading -------------------------------------------------------------------

    def link(self):
        """The newest link of this game (the URL fragment, without '#')."""
        return self._text

    @property
    def kind(self):
        return self.t.kind

    @property
    def game_id(self):
        return self.t.game_id

    @property
    def joined(self):
        return self.t.joined

    @property
    def outcome(self):
        return self.t.outcome

    @property
    def my_turn(self):
        """True when this device is to play a turn."""
        if not self.t.joined or self.t.outcome is not None:
            return False
        if self.t.kind == CASUAL:
            return self.t.to_move == self.side
        return self._preview is not None

    @property
    def draw_offered(self):
        """True when the opponent offered a draw that this device may accept now."""
        return self.my_turn and self.t.offer == 1 - self.side

    @property
    def verdict(self):
        """Sealed, once both secrets are in: "verified fair" or the first false claim; else None."""
        if self.t.kind != SEALED or not self.t.complete:
            return None
        if self._verdict is None:
            problem, game = replay(self.t, own_side=self.side)
            self._verdict = problem or FAIR
            self._true_game = game if problem is None else None
        return self._verdict

    def true_game(self):
        """Sealed, once both armies are revealed and every claim holds: the whole game as it was
        (for the replay at the end); None before, or after a false claim."""
        return self._true_game if self.verdict == FAIR else None

    @property
    def check(self):
        """Where the end-of-game check stands: PLAYING, UNVERIFIED, VERIFIED_FAIR or FALSE_CLAIM.

        UNVERIFIED means the result stands on the opponent's word alone: until its
        final link reveals its army, none of its claims (fight results, kinds,
        Spy sightings) can be checked, and an opponent who never sends it leaves
        the result unverified for good."""
        if self.t.kind != SEALED or self.t.outcome is None:
            return PLAYING
        if not self.t.complete:
            return UNVERIFIED
        return VERIFIED_FAIR if self.verdict == FAIR else FALSE_CLAIM

    def legal_moves(self, planned=()):
        """This device's legal moves now, or after ``planned`` moves of this turn (empty when the turn is full)."""
        if not self.my_turn:
            return []
        planned = [Move.from_str(m) for m in planned]
        if len(planned) >= self.t.variant.moves_per_turn:
            return []
        if self.t.kind == CASUAL:
            g = self.t.game
            if not planned:
                return g.legal_moves()
            g.play(planned[0])
            try:
                more = g.first_move is not None and g.outcome is None
                return g.legal_moves() if more else []
            finally:
                g.undo()
        b = self._preview.board
        mobile = [sq for sq in range(100) if b.owner(sq) == self.side and self.setup.kind_at(b.pid[sq]) in MOVABLE]
        return b.moves_for(self.side, mobile, planned[0] if planned else None)

    def view(self):
        """What this device may show (None until both players are in)."""
        if not self.t.joined:
            return None
        if self.t.kind == CASUAL:
            v = self.t.game.view(SIDES[self.side])
            v.pending = v.pending_fights = v.awaited = v.asked_spies = ()
            v.verdict = None
            return v
        # On this device's turn the preview has resolved the opponent's last turn: its events show it.
        t = self._preview if self._preview is not None else self.t
        mine = t.pending if t.pending is not None and t.pending.side == self.side else None
        return SealedView(t, t.board, self.side, self.setup, mine, self.verdict, self.legal_moves)

    # -- acting ----------------------------------------------------------------------

    def play_turn(self, moves, offer_draw=False):
        """Play this device's turn (1 or 2 moves, "e3-e4" or Move); the new link to send."""
        if not self.my_turn:
            if self.t.outcome is not None:
                raise IllegalMove("the game is over", "game-over")
            raise IllegalMove("it is not your turn", "not-your-turn")
        moves = [Move.from_str(m) if not isinstance(m, Move) else m for m in moves]
        if not moves:
            raise IllegalMove("a turn needs a move", "empty-turn")
        if self.t.kind == CASUAL:
            g = self.t.game
            n = len(g.events)
            g.play_turn(*moves)  # IllegalMove says why; moves after a game-ending one are void
            while len(g.events) > n:
                g.undo()
            self._write(TURN_OFFER if offer_draw else TURN, moves)
            return self._text
        for i, m in enumerate(moves):
            legal = self.legal_moves(moves[:i])
            if m not in legal:
                if not legal:
                    raise IllegalMove(f"{m}: the turn is already complete", "turn-complete", (m.from_square, m.to_square))
                raise IllegalMove(f"{m}: it is not legal now", "illegal", (m.from_square, m.to_square))
        if self.legal_moves(moves):
            raise IllegalMove("the turn needs a second move, by another piece", "turn-incomplete")
        self._write(TURN_OFFER if offer_draw else TURN, moves)
        return self._text

    def resign(self):
        """Resign (at any time); the new link to send."""
        if not self.t.joined or self.t.outcome is not None:
            raise IllegalMove("there is no game in progress to resign", "no-game")
        self._write(RESIGN)
        return self._text

    def accept_draw(self):
        if not self.draw_offered:
            raise IllegalMove("there is no draw offer to accept", "no-draw-offer")
        self._write(ACCEPT)
        return self._text

    def _write(self, action, moves=(), author=None):
        try:
            self.t.write_message(author or self.author, action, moves)
        except Exception:
            self.t = decode(self._text, self._values)
            raise
        self._after_change()

    def _after_change(self):
        """Replay what this device must add on its own, then refresh the link and preview."""
        t = self.t
        self._preview = None
        self._verdict = None
        if t.kind == SEALED and t.joined:
            if t.outcome is not None:
                if t.revealed[self.side] is None and self.secret is not None:
                    t.write_message(self.author)
            elif t.to_move == self.side:
                p = t.clone()
                p.write_message(self.author, upto_action=True)
                if p.board.outcome is not None:
                    t.write_message(self.author)
                else:
                    self._preview = p
                    if not self.legal_moves():
                        self._preview = None
                        t.write_message(self.author, NO_LEGAL_MOVE)
        self._text = t.encode(to_side=1 - self.side)
        self._values = bytes(t.values)

    def receive(self, link):
        """Take in the opponent's newest link. A LinkError subclass (seat unchanged) for a bad one.

        A false claim it proves in this seat's own name is a message this device never wrote:
        a forgery, refused as one rather than blamed on this seat."""
        try:
            self._receive(link)
        except FalseClaim as e:
            if e.liar != side_name(self.side):
                raise
            what = "a reply to a fight" if isinstance(e, fights.FalseFight) else "a message"
            raise ForgedLink(FORGED.format(what=what, side=e.liar)) from None

    def _receive(self, link):
        data = unframe(link)
        t = self.t
        known = len(t.messages)
        try:
            got = resume(t, data)
        except LinkError:
            got = None  # not a valid continuation: decoded on its own below, to say why
            self._restore()
        if got == "same":
            raise DuplicateLink(DUPLICATE)
        if got is not None:
            self._accept(known)
            return
        other = decode_body(data)  # without this device's values: enough to know whose game it is
        t = self.t
        if other.backup:
            raise BackupLink(BACKUP)
        if other.game_id != t.game_id or other.kind != t.kind:
            raise OtherGame(OTHER_GAME)
        if other.partial:
            other = decode_body(data, self._values)  # MissingHistory, ChangedHistory
        if continues(t, other) == "longer":
            self.t = other
            self._accept(known)
            return
        if continues(other, t) == "longer":
            raise OlderLink(OLDER.format(old=len(other.messages), new=len(t.messages)))
        if (
            t.messages
            and other.messages
            and len(other.messages) == len(t.messages)
            and t.messages[-1].side == self.side
            # my last a turn, or a resignation out of turn: when both resigned at once, the
            # resignation of the side that was to move stands on both devices
            and (t.messages[-1].action != RESIGN or t.to_move != self.side)
            and other.messages[-1].side != self.side
            and other.messages[-1].action == RESIGN
            and other.messages[-1].start == t.messages[-1].start
            and other.syms[: t.messages[-1].start] == t.syms[: t.messages[-1].start]
            and _same_values_before_last(t, other)
        ):
            # the opponent resigned before my last message reached them: the resignation stands
            self._take(other)
            return
        if t.messages and t.messages[-1].side == self.side and t.messages[-1].action == RESIGN:
            raise CrossedLink(CROSSED)
        k = next(
            (
                i + 1
                for i, (a, b) in enumerate(zip(t.messages, other.messages))
                if t.syms[: a.start + 1] != other.syms[: b.start + 1] or a.start != b.start
            ),
            min(len(t.messages), len(other.messages)) + 1,
        )
        raise ConflictingLink(CONFLICT.format(k=k))

    def _take(self, other):
        """Make ``other`` this seat's transcript (its messages from ``known`` on checked)."""
        self.t = other
        self._accept(len(other.messages) - 1)

    def _accept(self, known):
        """Take the new transcript's messages from ``known`` on; on any failure the seat stays as it was."""
        try:
            self._refuse_forgery(self.t, known)
            if self.t.kind == SEALED:
                self._check_fights(known)
            self._after_change()
        except Exception:
            self._restore()
            raise

    def _restore(self):
        """Back to the saved link."""
        self.t = decode(self._text, self._values)
        self._after_change()

    def _check_fights(self, known):
        """What this device can check at once of the opponent's messages from ``known`` on: its
        sender key and queries are group elements; each reply to one of this device's attacks
        carries that attack's token, and the token proves the result and removed kind it states.
        FalseFight (naming the opponent) otherwise. The setup-dependent rest waits for the audit."""
        t, them = self.t, side_name(1 - self.side)
        new = [m for m in t.messages[known:] if m.side != self.side]
        if not new:
            return
        try:
            oblivious.decode(t.sender_keys[1 - self.side])
            for pid, query in t.queries.items():
                if PublicBoard.side_of(pid) != self.side and (pid, query) not in self._checked_queries:
                    oblivious.decode(query)
                    self._checked_queries.add((pid, query))
        except oblivious.OTError as e:
            raise fights.FalseFight(f"{them}'s link carries a key that is no group element ({e})", them) from None
        for fight in t.fights.values():
            if fight.claim.side != self.side or fight.won is None:
                continue
            proven = fights.check_reply(self.secret, fight.attack, fight.token, them)
            if proven.attacker_won != fight.won:
                raise fights.FalseFight(f"{them}'s reply states a result its token does not prove", them)
            truth = proven.defender_kind if fight.won else self.setup.kind_at(fight.claim.pid)
            if fight.kind != truth:
                raise fights.FalseFight(f"{them}'s reply names a removed kind its token does not prove", them)
            if not fight.won:
                self._check_survivor(fight, them)

    def _check_survivor(self, fight, them):
        """FalseFight naming the opponent when its piece beat this device's attacker (whose kind
        only this device knows) but no kind it may be by what is public would have: its kind is
        public and loses (its query hid another), or every piece of the kinds that win is public."""
        board, attacker = self.t.board, self.setup.kind_at(fight.claim.pid)
        sq = board.square_of(fight.pid)
        if sq is not None and not board.could_be(sq, [kind for kind in KINDS if not ATTACKER_WINS[(attacker, kind)]]):
            raise fights.FalseFight(
                f"{them}'s piece on {square_name(sq)} beat a {KINDS[attacker].name}, which no kind that piece may be can do",
                them,
            )

    def _refuse_forgery(self, other, known):
        """ForgedLink if ``other`` holds, after its first ``known`` messages, a message in this
        seat's name (only this device writes those), or reveals this seat's army falsely."""
        me = side_name(self.side)
        for msg in other.messages[known:]:
            if msg.side == self.side:
                what = {RESIGN: "a resignation", TURN: "a turn", TURN_OFFER: "a turn"}.get(msg.action, "a message")
                raise ForgedLink(FORGED.format(what=what, side=me))
        if other.kind == SEALED:
            revealed = other.revealed[self.side]
            if revealed is not None and revealed != (self.secret, self.setup):
                raise ForgedLink(FORGED_REVEAL.format(side=me))
        elif other.setups[self.side] != self.setup:
            raise ForgedLink(FORGED_REVEAL.format(side=me))


def _same_values_before_last(t, other):
    """Whether ``other`` holds the sealed values (queries, tables, replies, audit tags) of every
    message before ``t``'s last as ``t`` does: a resignation that crossed this device's last turn
    may not change them (a casual game has none)."""
    held = t.messages[-2].values if len(t.messages) > 1 else 0
    return bytes(other.values[:held]) == bytes(t.values[:held]) and len(other.values) >= held


def _own_setup(side, setup, rng):
    if setup is None:
        return Setup.random(side, rng)
    if isinstance(setup, Setup):
        if setup.side != side:
            raise ValueError(f"that setup is {SIDES[setup.side]}'s; this seat plays {SIDES[side]}")
        return setup
    return Setup.from_str(side, setup)


def spectate(link):
    """The public board of any game link, for a device with no seat in it."""
    t = decode(link)
    if t.backup:
        raise BackupLink(BACKUP)
    if not t.joined:
        raise NotJoined("this game is still waiting for its second player: open the link to join it")
    if t.kind == SEALED:
        return SealedView(t, t.board, None, None, None, None, None)
    return casual_spectator_view(t.game)
