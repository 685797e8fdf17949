"""Two devices, one game, by links (SPEC §8): seats, the sealed protocol and its audit.

A :class:`Seat` is one device's place in one game: its side, its own setup
(and, sealed, its secret) and the public transcript, which is the newest link.
Everything else is replayed from these, so a seat saves as a small dict.

    inviter = Seat.new_game("sealed", "red")
    friend = Seat.join(inviter.link())          # on the other device
    inviter.receive(friend.link())
    link = inviter.play_turn(["e3-e4", "f3-f4"])
    friend.receive(link); friend.view(); ...
    friend.verdict                               # "verified fair" or the first false claim

Casual games use the same API over a full Game. Bad links raise LinkError
with a message for the player and leave the seat as it was.
"""

import random as _random
import secrets as _secrets

from .board import BLUE, RED, SIDES, side_index, square_name
from .game import Game, IllegalMove, Outcome
from .link import (
    ACCEPT,
    CASUAL,
    NO_LEGAL_MOVE,
    RESIGN,
    SEALED,
    TURN,
    TURN_OFFER,
    HonestAuthor,
    LinkError,
    Transcript,
    commitment,
    decode,
    decode_number,
    resume,
    unframe,
)
from .moves import Move
from .observer import NOBODY
from .pieces import HEADQUARTERS, KINDS, MINE, MOVABLE, SPY, UNKNOWN, VOLCANO, letter_of
from .setup import Setup, random_volcanoes
from .variant import STANDARD
from .view import BoardView, View

FAIR = "verified fair"
DUPLICATE = "you already have this link: nothing changed"
OLDER = "this link is older than your saved game ({old} messages; you have {new}): nothing changed"
OTHER_GAME = "this link is from another game: it does not belong to the game you have open"
CONFLICT = "this link does not continue your saved game (the two differ from message {k} on): your game is unchanged"
BACKUP = "this is a private backup link: restore it on your own device with 'Restore a backup'; never send it to anyone"
NO_SEAT = "this game already has both its players, so this device has no seat in it: you can only watch it"
CROSSED = "this link crossed with your resignation: the game is over; send your newest link to your opponent"


def _name(side):
    return SIDES[side].capitalize()


def _kind_name(kind):
    return KINDS[kind].name if kind in KINDS else "piece"


# -- seats ---------------------------------------------------------------------------


class Seat:
    """One device's seat in one game."""

    def __init__(self, transcript, side, secret=None, setup=None):
        self.t = transcript
        self.side = side
        self.secret = secret
        self.setup = setup
        self.author = HonestAuthor(side, setup, secret)
        self._verdict = None
        self._after_change()

    # -- making and joining ---------------------------------------------------

    @classmethod
    def new_game(cls, kind=CASUAL, side="red", variant=STANDARD, setup=None, rng=None, volcanoes=None):
        """A new game, as its inviter: ``seat.link()`` is the invitation."""
        if kind not in (CASUAL, SEALED):
            raise ValueError("a game is 'casual' or 'sealed'")
        side = side_index(side) if isinstance(side, str) else side
        rng = rng or _random.Random(_secrets.randbits(64))
        game_id, secret = rng.getrandbits(64), rng.getrandbits(128).to_bytes(16, "big")
        setup = _own_setup(side, setup, rng)
        if volcanoes is None:
            volcanoes = random_volcanoes(variant.volcanoes, rng)
        commit = commitment(secret, game_id, side, setup) if kind == SEALED else None
        t = Transcript.create(kind, game_id, variant, volcanoes, side, setup=setup, commit=commit)
        return cls(t, side, secret if kind == SEALED else None, setup)

    @classmethod
    def join(cls, link, setup=None, rng=None):
        """Take the free seat of an invitation link; ``seat.link()`` then goes back to the inviter."""
        t = decode(link)
        if t.backup:
            raise LinkError(BACKUP)
        if t.joined:
            raise LinkError(NO_SEAT)
        side = t.joiner
        rng = rng or _random.Random(_secrets.randbits(64))
        secret = rng.getrandbits(128).to_bytes(16, "big")
        setup = _own_setup(side, setup, rng)
        if t.kind == CASUAL:
            t.write_join(setup=setup)
            return cls(t, side, None, setup)
        t.write_join(commit=commitment(secret, t.game_id, side, setup))
        return cls(t, side, secret, setup)

    # -- saving ------------------------------------------------------------------

    def to_dict(self):
        """A JSON-serialisable dict (for localStorage); ``Seat.from_dict`` restores it."""
        return {
            "format": 1,
            "link": self._text,
            "side": SIDES[self.side],
            "secret": self.secret.hex() if self.secret else None,
            "setup": str(self.setup) if self.setup else None,
        }

    @classmethod
    def from_dict(cls, data):
        t = decode(data["link"])
        side = side_index(data["side"])
        secret = bytes.fromhex(data["secret"]) if data.get("secret") else None
        setup = Setup.from_str(side, data["setup"]) if data.get("setup") else None
        return cls(t, side, secret, setup)

    def backup_link(self):
        """A private link that moves this seat (with its secret and setup) to another device."""
        return self.t.encode(backup=(self.side, self.secret, self.setup))

    @classmethod
    def from_backup(cls, link):
        t = decode(link)
        if not t.backup:
            raise LinkError("this is a game link, not a backup link: open it as a game")
        side, secret, setup = t.seat_side, t.seat_secret, t.seat_setup
        if t.kind == CASUAL:
            setup = t.setups[side]
        elif t.commits[side] is not None and commitment(secret, t.game_id, side, setup) != t.commits[side]:
            raise LinkError("this backup link does not match its game's commitment: it is damaged")
        t.backup = False
        t.syms[1] = (0, 2)
        t._packed = (0, 0, 1)
        del t.syms[t.mark :]
        return cls(t, side, secret, setup)

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
            self._verdict = audit(self.t) or FAIR
        return self._verdict

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
            v.pending = ()
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
            raise IllegalMove("it is not your turn" if self.t.outcome is None else "the game is over")
        moves = [Move.from_str(m) if not isinstance(m, Move) else m for m in moves]
        if not moves:
            raise IllegalMove("a turn needs a move")
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
                why = "the turn is already complete" if not legal else "it is not legal now"
                raise IllegalMove(f"{m}: {why}")
        if self.legal_moves(moves):
            raise IllegalMove("the turn needs a second move, by another piece")
        self._write(TURN_OFFER if offer_draw else TURN, moves)
        return self._text

    def resign(self):
        """Resign (at any time); the new link to send."""
        if not self.t.joined or self.t.outcome is not None:
            raise IllegalMove("there is no game in progress to resign")
        self._write(RESIGN)
        return self._text

    def accept_draw(self):
        if not self.draw_offered:
            raise IllegalMove("there is no draw offer to accept")
        self._write(ACCEPT)
        return self._text

    def _write(self, action, moves=(), author=None):
        try:
            self.t.write_message(author or self.author, action, moves)
        except Exception:
            self.t = decode(self._text)
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
        self._text = t.encode()

    def receive(self, link):
        """Take in the opponent's newest link. LinkError (seat unchanged) for a bad one."""
        number = unframe(link)
        t = self.t
        try:
            got = resume(t, number)
        except LinkError:
            self.t = decode(self._text)
            raise
        if got == "same":
            raise LinkError(DUPLICATE)
        if got is not None:
            try:
                self._after_change()
            except Exception:
                self.t = decode(self._text)
                self._after_change()
                raise
            return
        other = decode_number(number)
        if other.backup:
            raise LinkError(BACKUP)
        if other.game_id != t.game_id or other.kind != t.kind:
            raise LinkError(OTHER_GAME)
        v, r = other.packed()
        if other.mark <= t.mark and t.packed()[0] % r == v:
            raise LinkError(OLDER.format(old=len(other.messages), new=len(t.messages)))
        if (
            t.messages
            and other.messages
            and len(other.messages) == len(t.messages)
            and t.messages[-1].side == self.side
            and other.messages[-1].side != self.side
            and other.messages[-1].action == RESIGN
            and other.messages[-1].start == t.messages[-1].start
            and other.syms[: t.messages[-1].start] == t.syms[: t.messages[-1].start]
        ):
            # the opponent resigned before my last turn reached them: the resignation stands
            self.t = other
            self._after_change()
            return
        if t.messages and t.messages[-1].side == self.side and t.messages[-1].action == RESIGN:
            raise LinkError(CROSSED)
        k = next(
            (
                i + 1
                for i, (a, b) in enumerate(zip(t.messages, other.messages))
                if t.syms[: a.start + 1] != other.syms[: b.start + 1] or a.start != b.start
            ),
            min(len(t.messages), len(other.messages)) + 1,
        )
        raise LinkError(CONFLICT.format(k=k))


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
        raise LinkError(BACKUP)
    if not t.joined:
        raise LinkError("this game is still waiting for its second player: open the link to join it")
    if t.kind == SEALED:
        return SealedView(t, t.board, None, None, None, None, None)
    return CasualSpectatorView(t.game)


# -- views --------------------------------------------------------------------------------


class PublicEvent:
    """One move as a viewer may know it, with its text; ``pending`` until its result is in."""

    __slots__ = ("move", "pending", "side", "text", "turn")

    def __init__(self, claim, viewer, setup, pending):
        self.move, self.side, self.turn, self.pending = claim.move, claim.side, claim.turn, pending
        mine = viewer is not None and claim.side == viewer
        if mine:
            kind = setup.kind_at(claim.pid)
            who = f"Your {_kind_name(kind)}"
        elif claim.attack or claim.spy:
            who = f"{_name(claim.side)}'s {_kind_name(claim.kind if claim.attack else SPY)}"
        else:
            who = f"{_name(claim.side)}'s piece"
        to = square_name(claim.move.to_square)
        if pending:
            if claim.attack:
                text = f"{who} attacked {to}: result pending"
            else:
                text = f"{who} moved {claim.move}"
                if claim.spy:
                    text += ": Spy findings pending"
        elif claim.voided:
            text = f"{who} did not move {claim.move}: the game had ended"
        elif not claim.attack:
            text = f"{who} moved {claim.move}"
        else:
            won, removed = claim.result
            if won:
                owner = "your" if viewer == removed[0] else f"{_name(removed[0])}'s"
                text = f"{who} attacked {to}: {owner} {_kind_name(removed[1])} was removed"
            else:
                text = f"{who} attacked {to} and was removed"
        if not pending and claim.unmasked:
            text += "; unmasked: " + ", ".join(square_name(sq) for sq in claim.unmasked)
        self.text = text


class SealedView(BoardView):
    """A sealed game as one device (or, ``viewer`` None, a spectator) may show it.

    Shaped like espionage.view.View: ``letters`` with '?' for unknown kinds,
    ``unmasked``, ``removed``, ``events`` (with ``text``), ``last_turn``,
    ``legal_moves()``, ``turn``, ``outcome``; plus ``pending`` (texts of what
    awaits the opponent's reply) and ``verdict``. The viewer's own pending
    moves are shown made, an attacker on the square it attacked."""

    def __init__(self, t, board, viewer, setup, mine, verdict, legal):
        self.viewer = viewer
        self.variant = t.variant
        self.volcanoes = t.volcanoes
        self._legal = legal
        pid = list(board.pid)
        pending_claims = list(mine.moves) if mine is not None else []
        for c in pending_claims:
            pid[c.move.from_square] = None
            pid[c.move.to_square] = c.pid
        letters, owners = [], []
        for sq in range(100):
            p = pid[sq]
            if sq in board.volcanoes:
                letters.append(VOLCANO)
                owners.append(None)
                continue
            if p is None:
                letters.append(None)
                owners.append(None)
                continue
            side = board.side_of(p)
            if viewer == side and setup is not None:
                kind = setup.kind_at(p)
            elif t.revealed[side] is not None:  # the game is over and this army was revealed
                kind = t.revealed[side][1].kind_at(p)
            else:
                kind = board.known.get(p)
            letters.append(letter_of(kind or UNKNOWN, side))
            owners.append(side)
        self.letters = tuple(letters)
        self.owners = tuple(owners)
        self.side_to_move = t.to_move if board is t.board else board.side
        self.first_move = None
        self.no_return = (tuple(board.no_return[RED]), tuple(board.no_return[BLUE]))
        self.unmasked = frozenset(board.unmasked)
        self.quiet_count = board.quiet
        self.turn_number = board.turn
        self.outcome = board.outcome if board.outcome is not None else t.outcome
        self.removed = {SIDES[s]: tuple(board.removed[s]) for s in (RED, BLUE)}
        self.verdict = verdict
        events = [PublicEvent(c, viewer, setup, False) for c in t.resolved]
        theirs = t.pending if (t.pending is not None and t.pending.side != viewer and board is t.board) else None
        for c in pending_claims + (list(theirs.moves) if theirs else []):
            events.append(PublicEvent(c, viewer, setup, True))
        self.events = tuple(events)
        self.pending = tuple(e.text for e in events if e.pending and e.side == viewer)
        asked = [sq for claim, _, sq, owner in t.asks if owner != viewer]
        if viewer is not None and asked:
            self.pending += tuple(
                f"your Spy unmasked {square_name(sq)}: its kind comes with the next link" for sq in asked
            )

    def owner(self, sq):
        return self.owners[sq]

    def legal_moves(self):
        return self._legal() if self._legal else []

    def legal_moves_after(self, planned):
        return self._legal(planned) if self._legal else []

    @property
    def last_turn(self):
        done = [e for e in self.events if not e.pending]
        if not done:
            return ()
        last = done[-1]
        return tuple(e for e in done if e.turn == last.turn and e.side == last.side)


class CasualSpectatorView(SealedView):
    """A casual game as a third device shows it: kinds only where unmasked (or removed)."""

    def __init__(self, game):
        self.viewer = None
        self.variant = game.variant
        self.volcanoes = game.volcanoes
        self._legal = None
        letters, owners = [], []
        for sq, letter in enumerate(game.letters()):
            if letter is None or letter == VOLCANO:
                letters.append(letter)
                owners.append(None)
                continue
            side = RED if letter.isupper() else BLUE
            letters.append(letter if game.is_unmasked(sq) else UNKNOWN)
            owners.append(side)
        self.letters, self.owners = tuple(letters), tuple(owners)
        self.side_to_move = SIDES.index(game.turn)
        self.first_move = game.first_move
        self.no_return = (tuple(game._no_return[RED]), tuple(game._no_return[BLUE]))
        self.unmasked = frozenset(sq for sq in range(100) if game.is_unmasked(sq))
        self.quiet_count = game.quiet_count
        self.turn_number = game.turn_number
        self.outcome = game.outcome
        self.removed = {s: game.removed(s) for s in SIDES}
        self.verdict = None
        self.pending = ()
        self.events = View._public_events(game.events, NOBODY)

    @property
    def last_turn(self):
        if not self.events:
            return ()
        last = self.events[-1]
        return tuple(e for e in self.events if e.turn == last.turn and e.side == last.side)


# -- the audit ----------------------------------------------------------------------------


def audit(transcript, red_secret=None, red_setup=None, blue_secret=None, blue_setup=None):
    """Replay a sealed game knowing everything; None if every claim holds, else the first false claim.

    ``transcript`` is a Transcript or a link; secrets and setups default to the revealed ones."""
    t = transcript if isinstance(transcript, Transcript) else decode(transcript)
    given = [(red_secret, red_setup), (blue_secret, blue_setup)]
    setups = []
    for side in (RED, BLUE):
        secret, setup = given[side]
        if secret is None or setup is None:
            if t.revealed[side] is None:
                return f"{_name(side)} has not revealed its secret and setup yet"
            secret, setup = t.revealed[side]
        if not isinstance(setup, Setup):
            setup = Setup.from_str(side, setup)
        if commitment(secret, t.game_id, side, setup) != t.commits[side]:
            return f"{_name(side)}'s setup does not match its commitment"
        setups.append(setup)
    g = Game(setups[RED], setups[BLUE], t.volcanoes, t.variant)
    after = {}
    for claim in t.claims:
        what = claim[0]
        if what == "turn":
            moves = claim[1]
            for c in moves:
                if g.outcome is not None:
                    break
                problem = _check_move(g, c)
                if problem:
                    return problem
                ev = g.play(c.move)
                after[c.index] = (g.letters(), ev)
            if g.outcome is None and g.first_move is not None and moves[-1].side == SIDES.index(g.turn):
                c = moves[0]
                return f"turn {c.turn}: {_name(c.side)} ended its turn after one move, though another piece could move"
        elif what == "result":
            _, c, side, won, kind = claim
            ev = after[c.index][1]
            sq = square_name(c.move.to_square)
            if won != bool(ev.attacker_won):
                a, d = _kind_name(c.kind), _kind_name(ev.defender)
                if won:
                    return f"turn {c.turn}: {_name(side)} claimed the attacking {a} beat its {d} on {sq}; the {d} wins"
                return f"turn {c.turn}: {_name(side)} claimed its {d} on {sq} beat the attacking {a}; the {a} wins"
            if won and kind != ev.defender:
                return (
                    f"turn {c.turn}: {_name(side)} said its piece removed on {sq} was a {_kind_name(kind)}; "
                    f"it was a {_kind_name(ev.defender)}"
                )
        elif what == "watched":
            _, c, side, sq, flag = claim
            truth = sq in after[c.index][1].unmasked
            if flag and not truth:
                return f"turn {c.turn}: {_name(side)} asked for the kind on {square_name(sq)} but has no Spy next to it"
            if truth and not flag:
                return f"turn {c.turn}: {_name(side)} has a Spy next to {square_name(sq)} but did not say so"
        elif what in ("around", "answer"):
            _, c, side, sq, kind = claim
            letter = after[c.index][0][sq]
            truth = letter.upper() if letter else None
            if kind != truth:
                return (
                    f"turn {c.turn}: {_name(side)} said its piece on {square_name(sq)} was a {_kind_name(kind)}; "
                    f"it is a {_kind_name(truth)}"
                )
        elif what == "resign":
            if g.outcome is None:
                g.resign(SIDES[claim[1]])
        elif what == "accept":
            if g.outcome is None:
                g.agree_draw()
        elif what == "no_legal_move":
            side = claim[1]
            if g.outcome != Outcome(SIDES[1 - side], "no_legal_move"):
                return f"turn {claim[2]}: {_name(side)} claimed to have no legal move, but it had one"
    out = t.outcome
    if out is not None and out.reason not in ("resignation", "agreement") and out != g.outcome:
        return f"the game's end does not follow the rules: the links say {out}, the rules say {g.outcome}"
    return None


def _check_move(g, c):
    fr, to = c.move.from_square, c.move.to_square
    who = _name(c.side)
    kind = g.kind_at(fr)
    if kind in (MINE, HEADQUARTERS) and g.side_at(fr) == SIDES[c.side]:
        return f"turn {c.turn}: {who}'s {_kind_name(kind)} on {square_name(fr)} moved"
    try:
        g._check(c.move)
    except IllegalMove as e:
        return f"turn {c.turn}: {who}'s move {c.move} is illegal: {e}"
    if c.attack and c.kind != kind:
        return (
            f"turn {c.turn}: {who} attacked {square_name(to)} with its {_kind_name(kind)} "
            f"but said it was a {_kind_name(c.kind)}"
        )
    if not c.attack and c.spy is not None and c.spy != (kind == SPY):
        if c.spy:
            return (
                f"turn {c.turn}: {who} asked for the kinds around {square_name(to)} "
                f"but its piece there is a {_kind_name(kind)}, not a Spy"
            )
        return f"turn {c.turn}: {who}'s Spy moved to {square_name(to)} but {who} did not ask for the kinds around it"
    return None


__all__ = ["FAIR", "LinkError", "SealedView", "Seat", "audit", "spectate"]
