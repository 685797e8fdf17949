"""Game links (SPEC §8): the whole game so far, in a URL fragment.

A link is base64url (no padding) of::

    version byte | body length (varint) | body | first 6 bytes of SHA-256 of all before

The body is one big integer in mixed radix: a sequence of symbols, each a
value below a radix that both encoder and decoder compute from what came
before (a move is its index among the moves public information allows), so a
symbol costs log2(radix) bits. The symbols are::

    header: kind, backup flag, game id, moves per turn, volcano pairs,
            inviter's side, inviter's setup (casual) or commitment (sealed)
    then repeatedly: 1, then the join (the other setup or commitment), or a message
    0 (the end), then, in a private backup link only, the seat's side (and,
    sealed, its secret and setup).

A casual message is the sender's side, an action (turn, turn + draw offer,
resignation, accepting a draw) and the moves, each as its index in
``Game.legal_moves()``. A sealed message is the sender's side, its answers
to the kind requests made about its pieces, its resolution of the opponent's
last turn (fight results, removed kinds, Spy sightings, kinds around an
arriving Spy), its action (a turn: moves indexed among the moves of all its
pieces, with the attacker's kind for each attack and a Spy flag for each quiet
move; resignation; no legal move; accepting a draw) and, once the game is over,
its secret and setup. Sealed links are decoded against a public board
(:class:`PublicBoard`) that knows positions and public kinds only.

Everything here raises :class:`LinkError` (a ValueError) for a bad link, with a
message for the player; nothing else escapes :func:`decode`.
"""

import base64
import binascii
import hashlib

from .board import (
    AROUND,
    BLUE,
    NEUTRAL_SQUARES,
    RED,
    SETUP_SQUARES,
    SIDES,
    rotated,
)
from .game import Game, Outcome, adjacency, legal_steps, return_keys
from .pieces import ARMY, ATTACKER_WINS, HEADQUARTERS, KINDS, MOVABLE, SPY
from .setup import Setup, SetupError, validate_volcanoes
from .variant import Variant

VERSION = 1
CHECK_BYTES = 6
CASUAL, SEALED = "casual", "sealed"
QUIET_LIMIT = 100

KIND_LETTERS = tuple(KINDS)  # C L K O G S E M H
MOVABLE_LETTERS = tuple(k for k in KIND_LETTERS if k in MOVABLE)
VOLCANO_PAIRS = tuple(sorted({min(sq, rotated(sq)) for sq in NEUTRAL_SQUARES}))
MOBILE_PER_ARMY = sum(ARMY[k] for k in MOVABLE_LETTERS)

TURN, TURN_OFFER, RESIGN, NO_LEGAL_MOVE, ACCEPT = "turn", "turn+offer", "resign", "no_legal_move", "accept"

_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

DAMAGED = "this link was changed or damaged on the way (its check code does not match): ask for the link again"
TRUNCATED = (
    "this link is incomplete: {have} of {want} characters arrived; copy the whole link, up to its last character"
)


class LinkError(ValueError):
    """A link that cannot be used; the message tells the player why."""


# -- framing ------------------------------------------------------------------


def _b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _varint(n):
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def frame(number):
    """The link text for a body integer."""
    payload = number.to_bytes((number.bit_length() + 7) // 8, "big")
    head = bytes([VERSION]) + _varint(len(payload)) + payload
    return _b64(head + hashlib.sha256(head).digest()[:CHECK_BYTES])


def fragment(text):
    """The fragment of ``text``: whatever follows '#', if there is one."""
    if not isinstance(text, str):
        raise LinkError("a link is a piece of text")
    text = text.strip()
    if "#" in text:
        text = text.rsplit("#", 1)[1]
    return text


def unframe(text):
    """The body integer of a link; LinkError if it is damaged, truncated or not a link."""
    text = fragment(text)
    if not text:
        raise LinkError("this link is empty: copy the whole link, including everything after '#'")
    for ch in text:
        if ch not in _ALPHABET:
            raise LinkError(f"this is not an Espionage game link: it contains {ch!r}, which links never do")
    if len(text) < 10:
        raise LinkError(f"this link is far too short ({len(text)} characters) to be a game: copy the whole link")
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise LinkError("this link is damaged or incomplete: copy the whole link again") from None
    if data[0] != VERSION:
        raise LinkError(
            f"this link has format {data[0]}, which this app does not know "
            f"(it reads format {VERSION}): it is damaged, or from a newer version of the app"
        )
    length, shift, pos = 0, 0, 1
    while True:
        if pos >= len(data) or shift > 28:
            raise LinkError(DAMAGED)
        byte = data[pos]
        pos += 1
        length |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            break
    want = pos + length + CHECK_BYTES
    if len(data) < want:
        if length > 1 << 20:  # no game comes near a megabyte: the length itself is damaged
            raise LinkError(DAMAGED)
        raise LinkError(TRUNCATED.format(have=len(text), want=(want * 4 + 2) // 3))
    if len(data) > want or _b64(data) != text:
        raise LinkError(DAMAGED)
    head, check = data[: pos + length], data[pos + length :]
    if hashlib.sha256(head).digest()[:CHECK_BYTES] != check:
        raise LinkError(DAMAGED)
    payload = data[pos : pos + length]
    if payload[:1] == b"\0":
        raise LinkError(DAMAGED)
    return int.from_bytes(payload, "big")


# -- mixed radix ----------------------------------------------------------------


def _pack(symbols, lo, hi):
    """(value, product of radices) of ``symbols[lo:hi]``, by halves so long links stay fast."""
    if hi - lo <= 64:
        n, r = 0, 1
        for i in range(hi - 1, lo - 1, -1):
            value, radix = symbols[i]
            n = n * radix + value
            r *= radix
        return n, r
    mid = (lo + hi) // 2
    v1, r1 = _pack(symbols, lo, mid)
    v2, r2 = _pack(symbols, mid, hi)
    return v1 + r1 * v2, r1 * r2


def pack(symbols):
    """The integer whose mixed-radix digits are ``symbols`` [(value, radix), ...], first digit lowest."""
    return _pack(symbols, 0, len(symbols))[0]


def radix_product(symbols):
    return _pack(symbols, 0, len(symbols))[1]


class Reader:
    """Reads digits off an integer; every digit read is appended to ``out``."""

    writing = False

    def __init__(self, number, out):
        self.n = number
        self.out = out

    def sym(self, radix, value=None):
        if radix < 1:
            raise LinkError("this link breaks the game's rules: a choice with nothing to choose from")
        self.n, v = divmod(self.n, radix)
        self.out.append((v, radix))
        return v


class Writer:
    """Appends digits to ``out``."""

    writing = True

    def __init__(self, out):
        self.out = out

    def sym(self, radix, value=None):
        value = int(value)
        if not 0 <= value < radix:
            raise ValueError(f"symbol {value} out of range {radix}")
        self.out.append((value, radix))
        return value


# -- setups, volcanoes --------------------------------------------------------


def _multinomial(counts):
    n, r = 0, 1
    for c in counts:
        for i in range(1, c + 1):
            n += 1
            r = r * n // i
    return r


SETUP_RADIX = _multinomial([ARMY[k] for k in KIND_LETTERS])


def setup_rank(letters):
    """The rank of a 30-letter setup among all arrangements of the army."""
    counts = [ARMY[k] for k in KIND_LETTERS]
    total, n, rank = SETUP_RADIX, sum(counts), 0
    for ch in str(letters):
        i = KIND_LETTERS.index(ch)
        for j in range(i):
            if counts[j]:
                rank += total * counts[j] // n
        total = total * counts[i] // n
        counts[i] -= 1
        n -= 1
    return rank


def setup_unrank(rank):
    """The 30 letters of the setup with ``rank``."""
    counts = [ARMY[k] for k in KIND_LETTERS]
    total, n, out = SETUP_RADIX, sum(counts), []
    while n:
        for j, c in enumerate(counts):
            if not c:
                continue
            block = total * c // n
            if rank < block:
                out.append(KIND_LETTERS[j])
                total = block
                counts[j] -= 1
                n -= 1
                break
            rank -= block
    return "".join(out)


def commitment(secret, game_id, side, setup):
    """SHA-256 of the 16-byte secret, the 8-byte game id, the side (0/1) and the setup's 30 letters."""
    data = bytes(secret) + game_id.to_bytes(8, "big") + bytes([side]) + str(setup).encode("ascii")
    return hashlib.sha256(data).digest()


# -- the public board of a sealed game ------------------------------------------


class PublicBoard:
    """What both devices (and a spectator) know of a sealed game: positions and public kinds.

    A piece is named by its starting square (``pid``): Red's are below 50."""

    def __init__(self, volcanoes, moves_per_turn):
        self.volcanoes = frozenset(volcanoes)
        self.moves_per_turn = moves_per_turn
        self.adjacent = adjacency(self.volcanoes)
        self.pid = [None] * 100
        for side in (RED, BLUE):
            for sq in SETUP_SQUARES[side]:
                self.pid[sq] = sq
        self.known = {}
        self.unmasked = set()
        self.removed = ([], [])
        self.side = RED
        self.no_return = [(), ()]
        self.quiet = 0
        self.turn = 1
        self.outcome = None

    def clone(self):
        b = PublicBoard.__new__(PublicBoard)
        b.__dict__.update(self.__dict__)
        b.pid = list(self.pid)
        b.known = dict(self.known)
        b.unmasked = set(self.unmasked)
        b.removed = (list(self.removed[0]), list(self.removed[1]))
        b.no_return = list(self.no_return)
        return b

    @staticmethod
    def side_of(pid):
        return None if pid is None else (RED if pid < 50 else BLUE)

    def owner(self, sq):
        p = self.pid[sq]
        return None if p is None else (RED if p < 50 else BLUE)

    def mobile_left(self, side):
        return MOBILE_PER_ARMY - sum(1 for k in self.removed[side] if k in MOVABLE)

    def moves_for(self, side, mobile, first=None):
        """Moves of the pieces on ``mobile`` squares (the first move's piece excluded), as in the engine."""
        owner = [self.owner(sq) for sq in range(100)]
        nr = self.no_return[side]
        if first is not None:
            owner[first.from_square] = None
            mobile = [sq for sq in mobile if sq != first.from_square]
            nr = [m for m in nr if m.to_square != first.from_square]
        return legal_steps(mobile, owner, self.adjacent, side, first, return_keys(nr))

    def candidates(self, side, first=None):
        """Every move public information allows: as if each of ``side``'s pieces could move."""
        return self.moves_for(side, [sq for sq in range(100) if self.owner(sq) == side], first)

    def forget_no_return(self, side, square):
        nr = self.no_return[side]
        if any(m.to_square == square for m in nr):
            self.no_return[side] = tuple(m for m in nr if m.to_square != square)


class MoveClaim:
    """One move of a sealed turn, with what the mover claimed about it."""

    __slots__ = ("attack", "index", "kind", "move", "pid", "result", "side", "spy", "turn", "unmasked", "voided")

    def __init__(self, move, side, turn, index, pid, attack, kind, spy):
        self.move, self.side, self.turn, self.index = move, side, turn, index
        self.pid, self.attack, self.kind, self.spy = pid, attack, kind, spy
        self.voided = False
        self.result = None  # after resolution: (won, removed (side, kind) or None)
        self.unmasked = []  # squares this move unmasked, once resolved


class PendingTurn:
    __slots__ = ("moves", "offer", "side", "turn")

    def __init__(self, side, turn, moves, offer):
        self.side, self.turn, self.moves, self.offer = side, turn, moves, offer


class Message:
    """One message of a transcript, as decoded: who sent it and what it did."""

    __slots__ = ("action", "side", "start", "turn")

    def __init__(self, side, start):
        self.side, self.start = side, start
        self.action = None
        self.turn = None

    def __repr__(self):
        return f"Message({SIDES[self.side]}, {self.action})"


class HonestAuthor:
    """The decisions a device makes when writing a sealed message: the truth about its own pieces.

    Tests subclass it to make a lying device."""

    def __init__(self, side, setup, secret):
        self.side = side
        self.setup = setup
        self.secret = secret

    def kind_of(self, pid):
        return self.setup.kind_at(pid)

    def attacker_kind(self, claim):
        return self.kind_of(claim.pid)

    def spy_flag(self, claim):
        return self.kind_of(claim.pid) == SPY

    def result(self, claim, defender_pid):
        """(attacker won, kind of the defender if it is removed)."""
        kind = self.kind_of(defender_pid)
        won = ATTACKER_WINS.get((claim.kind, kind), False)
        return won, kind

    def watched(self, board, sq):
        """Whether one of my Spies stands next to ``sq``."""
        return any(board.owner(n) == self.side and self.kind_of(board.pid[n]) == SPY for n in AROUND[sq])

    def reveal_kind(self, pid, sq, move_index):
        return self.kind_of(pid)

    def reveal(self):
        return self.secret, self.setup


# -- the transcript ------------------------------------------------------------------


class Transcript:
    """A decoded link: the header, and the game replayed from its messages.

    ``claims`` lists every claim made in order, for the audit:
    ("turn", MoveClaims), ("result", claim, side, won, kind), ("watched", claim, side, sq, flag),
    ("around", claim, side, sq, kind), ("answer", claim, side, sq, kind), ("resign", side, turn),
    ("no_legal_move", side, turn), ("accept", side, turn), ("reveal", side)."""

    def __init__(self):
        self.syms = []
        self.mark = 0
        self.start = 0
        self.kind = None
        self.backup = False
        self.game_id = 0
        self.variant = None
        self.volcanoes = frozenset()
        self.inviter = RED
        self.setups = [None, None]
        self.commits = [None, None]
        self.joined = False
        self.messages = []
        self.game = None
        self.board = None
        self.pending = None
        self.asks = []  # (MoveClaim, pid, square, owner) awaiting the owner's answer
        self.offer = None
        self.revealed = [None, None]
        self.claims = []
        self.resolved = []  # MoveClaims in the order they were resolved
        self.move_count = 0
        self.seat_side = None
        self.seat_secret = None
        self.seat_setup = None
        self._packed = (0, 0, 1)

    def packed(self, k=None):
        """(value, radix product) of the first ``k`` symbols (default: up to the mark), cached."""
        k = self.mark if k is None else k
        n, v, r = self._packed
        if n > k:
            n, v, r = 0, 0, 1
        if k > n:
            v2, r2 = _pack(self.syms, n, k)
            v, r = v + r * v2, r * r2
            self._packed = (k, v, r)
        return v, r

    # -- creation ----------------------------------------------------------

    @classmethod
    def create(cls, kind, game_id, variant, volcanoes, inviter, setup=None, commit=None):
        t = cls()
        t.kind, t.game_id, t.variant, t.volcanoes, t.inviter = kind, game_id, variant, frozenset(volcanoes), inviter
        if kind == CASUAL:
            t.setups[inviter] = setup
        else:
            t.commits[inviter] = commit
        t._header(Writer(t.syms))
        t.mark = len(t.syms)
        return t

    def clone(self):
        """A copy that can be written to without touching this one (sealed games only)."""
        t = Transcript.__new__(Transcript)
        t.__dict__.update(self.__dict__)
        t.syms = list(self.syms)
        t.messages = list(self.messages)
        t.board = self.board.clone() if self.board is not None else None
        t.asks = list(self.asks)
        t.revealed = list(self.revealed)
        t.claims = list(self.claims)
        t.resolved = list(self.resolved)
        return t

    @property
    def joiner(self):
        return 1 - self.inviter

    # -- header ---------------------------------------------------------------

    def _header(self, io):
        self.kind = (CASUAL, SEALED)[io.sym(2, (self.kind == SEALED) if io.writing else None)]
        self.backup = bool(io.sym(2, 0))
        self.game_id = io.sym(1 << 64, (self.game_id) if io.writing else None)
        mpt = io.sym(2, (self.variant.moves_per_turn - 1) if io.writing else None) + 1
        pairs = sorted(sq for sq in self.volcanoes if sq in VOLCANO_PAIRS) if io.writing else []
        count = io.sym(6, (len(pairs)) if io.writing else None)
        chosen, low = [], 0
        for i in range(count):
            rest = VOLCANO_PAIRS[low : len(VOLCANO_PAIRS) - (count - 1 - i)]
            if not rest:
                raise LinkError("this link's volcano list is damaged")
            sq = rest[io.sym(len(rest), (rest.index(pairs[i])) if io.writing else None)]
            chosen.append(sq)
            low = VOLCANO_PAIRS.index(sq) + 1
        volcanoes = frozenset(chosen) | frozenset(rotated(sq) for sq in chosen)
        try:
            self.volcanoes = validate_volcanoes(volcanoes)
        except SetupError as e:
            raise LinkError(f"this link's volcanoes break the rules: {e}") from None
        self.variant = Variant(mpt, len(volcanoes))
        self.inviter = io.sym(2, (self.inviter) if io.writing else None)
        self._stake(io, self.inviter)

    def _stake(self, io, side):
        """A side's setup (casual) or commitment (sealed)."""
        if self.kind == CASUAL:
            letters = setup_unrank(io.sym(SETUP_RADIX, (setup_rank(self.setups[side])) if io.writing else None))
            self.setups[side] = Setup.from_str(side, letters)
        else:
            c = io.sym(1 << 256, (int.from_bytes(self.commits[side], "big")) if io.writing else None)
            self.commits[side] = c.to_bytes(32, "big")

    def _join(self, io):
        self._stake(io, self.joiner)
        self.joined = True
        if self.kind == CASUAL:
            self.game = Game(self.setups[RED], self.setups[BLUE], self.volcanoes, self.variant)
        else:
            self.board = PublicBoard(self.volcanoes, self.variant.moves_per_turn)

    # -- body -------------------------------------------------------------------

    def read_body(self, io):
        """Read joins and messages until the end mark; resumable at ``mark``."""
        while True:
            self.mark = self.start = len(self.syms)
            if not io.sym(2):
                del self.syms[self.mark :]
                return
            if not self.joined:
                self._join(io)
            elif self.kind == CASUAL:
                self._casual_message(io)
            else:
                self._sealed_message(io)

    def write_join(self, setup=None, commit=None):
        side = self.joiner
        if self.kind == CASUAL:
            self.setups[side] = setup
        else:
            self.commits[side] = commit
        io = Writer(self.syms)
        io.sym(2, 1)
        self._join(io)
        self.mark = len(self.syms)

    def write_message(self, author, action=None, moves=(), upto_action=False):
        """Append one message by ``author`` (its ``side``; sealed: its decisions)."""
        self.start = len(self.syms)
        io = Writer(self.syms)
        io.sym(2, 1)
        if self.kind == CASUAL:
            self._casual_message(io, author.side, action, list(moves))
        else:
            self._sealed_message(io, author, action, list(moves), upto_action)
        self.mark = len(self.syms)

    def _read_backup(self, io):
        self.seat_side = io.sym(2, (self.seat_side) if io.writing else None)
        if self.kind == SEALED:
            self.seat_secret = io.sym(
                1 << 128, (int.from_bytes(self.seat_secret, "big")) if io.writing else None
            ).to_bytes(16, "big")
            letters = setup_unrank(io.sym(SETUP_RADIX, (setup_rank(self.seat_setup)) if io.writing else None))
            self.seat_setup = Setup.from_str(self.seat_side, letters)

    def encode(self, backup=None):
        """The link text; ``backup`` (side, secret, setup) makes a private backup link."""
        v, r = self.packed()
        if backup is None:
            return frame(v)
        extra = []
        saved = self.seat_side, self.seat_secret, self.seat_setup
        self.seat_side, self.seat_secret, self.seat_setup = backup
        self._read_backup(Writer(extra))
        self.seat_side, self.seat_secret, self.seat_setup = saved
        v += r * 2 * pack(extra)
        # the header's backup flag is its second symbol, after the kind (radix 2)
        v += 2 * 1
        return frame(v)

    # -- state -----------------------------------------------------------------------

    @property
    def outcome(self):
        if self.kind == CASUAL:
            return self.game.outcome if self.game is not None else None
        return self.board.outcome if self.board is not None else None

    @property
    def to_move(self):
        """The side whose device must write the next message (sealed: resolve, then move)."""
        if self.kind == CASUAL:
            return SIDES.index(self.game.turn)
        if self.pending is not None:
            return 1 - self.pending.side
        return self.board.side

    @property
    def complete(self):
        """Sealed: both secrets and setups are in; casual: the game is over."""
        if self.kind == CASUAL:
            return self.outcome is not None
        return self.revealed[RED] is not None and self.revealed[BLUE] is not None

    # -- casual messages ------------------------------------------------------------

    def _casual_message(self, io, side=None, action=None, moves=None):
        g = self.game
        side = io.sym(2, (side) if io.writing else None)
        msg = Message(side, self.start)
        if g.outcome is not None:
            raise LinkError("this link goes on after the game ended: it is damaged")
        if side != SIDES.index(g.turn):
            msg.action = RESIGN  # a resignation may come at any time
        else:
            actions = [TURN, TURN_OFFER, RESIGN] + ([ACCEPT] if self.offer == 1 - side else [])
            msg.action = actions[io.sym(len(actions), (actions.index(action)) if io.writing else None)]
        self.offer = None
        if msg.action in (TURN, TURN_OFFER):
            i = 0
            while True:
                legal = g.legal_moves()
                m = legal[io.sym(len(legal), (legal.index(moves[i])) if io.writing else None)]
                g.play(m)
                i += 1
                if g.outcome is not None or g.turn != SIDES[side]:
                    break
            if msg.action == TURN_OFFER:
                self.offer = side
        elif msg.action == RESIGN:
            g.resign(SIDES[side])
        else:
            g.agree_draw()
        self.messages.append(msg)

    # -- sealed messages --------------------------------------------------------------

    def _sealed_message(self, io, author=None, action=None, moves=None, upto_action=False):
        b = self.board
        side = io.sym(2, (author.side) if io.writing else None)
        msg = Message(side, self.start)
        self.messages.append(msg)
        if b.outcome is not None:
            if self.revealed[side] is not None:
                raise LinkError("this link goes on after the game ended: it is damaged")
            self._reveal(io, side, author)
            return
        if side != self.to_move:
            msg.action = RESIGN  # out of turn: only a resignation
            self.claims.append(("resign", side, b.turn))
            b.outcome = Outcome(SIDES[1 - side], "resignation")
            self._reveal(io, side, author)
            return
        self._answers(io, side, author)
        if self.pending is not None:
            self._resolve(io, side, author)
        if upto_action:
            return
        if b.outcome is None:
            cands = b.candidates(side)
            actions = ([TURN, TURN_OFFER] if cands else []) + [RESIGN, NO_LEGAL_MOVE]
            if self.offer == 1 - side:
                actions.append(ACCEPT)
            msg.action = actions[io.sym(len(actions), (actions.index(action)) if io.writing else None)]
            self.offer = None
            if msg.action in (TURN, TURN_OFFER):
                self._turn(io, side, author, moves, cands, msg.action == TURN_OFFER)
                msg.turn = self.pending
                if msg.action == TURN_OFFER:
                    self.offer = side
            elif msg.action == RESIGN:
                self.claims.append(("resign", side, b.turn))
                b.outcome = Outcome(SIDES[1 - side], "resignation")
            elif msg.action == NO_LEGAL_MOVE:
                self.claims.append(("no_legal_move", side, b.turn))
                b.outcome = Outcome(SIDES[1 - side], "no_legal_move")
            else:
                self.claims.append(("accept", side, b.turn))
                b.outcome = Outcome(None, "agreement")
        if b.outcome is not None:
            self._reveal(io, side, author)

    def _turn(self, io, side, author, moves, cands, offer):
        b = self.board
        claims = []
        first = None
        for i in range(b.moves_per_turn):
            if i:
                cands = b.candidates(side, first)
                if not cands or not io.sym(2, (len(moves) > 1) if io.writing else None):
                    break
            m = cands[io.sym(len(cands), (cands.index(moves[i])) if io.writing else None)]
            pid = b.pid[m.from_square]
            attack = b.owner(m.to_square) == 1 - side
            claim = MoveClaim(m, side, b.turn, self.move_count, pid, attack, None, False)
            self.move_count += 1
            known = b.known.get(pid)
            if attack:
                claim.kind = (
                    known
                    or MOVABLE_LETTERS[
                        io.sym(
                            len(MOVABLE_LETTERS),
                            (MOVABLE_LETTERS.index(author.attacker_kind(claim))) if io.writing else None,
                        )
                    ]
                )
                claim.spy = claim.kind == SPY
            elif known is not None:
                claim.spy = known == SPY
            elif any(b.owner(n) == 1 - side and n not in b.unmasked for n in AROUND[m.to_square]):
                # Only a move that would unmask enemy pieces says whether it is a Spy's:
                # the rules show the owner of those pieces as much.
                claim.spy = bool(io.sym(2, (author.spy_flag(claim)) if io.writing else None))
            else:
                claim.spy = None  # nothing there to unmask: the move says nothing of its kind
            claims.append(claim)
            first = m
        self.pending = PendingTurn(side, b.turn, claims, offer)
        self.claims.append(("turn", claims))

    def _kind(self, io, value):
        return KIND_LETTERS[io.sym(len(KIND_LETTERS), KIND_LETTERS.index(value) if io.writing else None)]

    def _answers(self, io, side, author):
        keep = []
        for ask in self.asks:
            claim, pid, sq, owner = ask
            if owner != side:
                keep.append(ask)
                continue
            kind = self._kind(io, (author.reveal_kind(pid, sq, claim.index)) if io.writing else None)
            self.board.known.setdefault(pid, kind)
            self.claims.append(("answer", claim, side, sq, kind))
        self.asks = keep

    def _resolve(self, io, side, author):
        """The defender ``side`` resolves the pending turn, move by move, as the engine would."""
        b = self.board
        pend, self.pending = self.pending, None
        mover = pend.side
        for claim in pend.moves:
            if b.outcome is not None:
                claim.voided = True
                continue
            fr, to = claim.move.from_square, claim.move.to_square
            pid = b.pid[fr]
            b.pid[fr] = None
            was_unmasked = fr in b.unmasked
            b.unmasked.discard(fr)
            removed = None
            won = None
            if claim.attack:
                dpid = b.pid[to]
                res = author.result(claim, dpid) if io.writing else None
                won = bool(io.sym(2, (res[0]) if io.writing else None))
                b.quiet = 0
                if won:
                    dkind = self._kind(io, (res[1]) if io.writing else None)
                    b.pid[to] = None
                    b.unmasked.discard(to)
                    b.removed[side].append(dkind)
                    b.known[dpid] = dkind
                    removed = (side, dkind)
                else:
                    b.removed[mover].append(claim.kind)
                    removed = (mover, claim.kind)
                self.claims.append(("result", claim, side, won, removed[1] if won else None))
            claim.result = (won, removed)
            if not claim.attack or won:
                b.pid[to] = pid
                if was_unmasked:
                    b.unmasked.add(to)
                else:
                    seen = bool(io.sym(2, (author.watched(b, to)) if io.writing else None))
                    self.claims.append(("watched", claim, side, to, seen))
                    if seen:
                        b.unmasked.add(to)
                        claim.unmasked.append(to)
                        if pid not in b.known and not claim.attack and not claim.spy:
                            self.asks.append((claim, pid, to, mover))
                if claim.spy:
                    for n in AROUND[to]:
                        if b.owner(n) == side and n not in b.unmasked:
                            npid = b.pid[n]
                            kind = self._kind(io, (author.reveal_kind(npid, n, claim.index)) if io.writing else None)
                            b.unmasked.add(n)
                            b.known[npid] = kind
                            claim.unmasked.append(n)
                            self.claims.append(("around", claim, side, n, kind))
            self.resolved.append(claim)
            if removed is not None:
                lost_side, lost_kind = removed
                if lost_kind == HEADQUARTERS:
                    b.outcome = Outcome(SIDES[mover], "headquarters")
                elif b.mobile_left(lost_side) <= 0:
                    b.outcome = Outcome(SIDES[1 - lost_side], "no_mobile_pieces")
                if b.outcome is not None:
                    continue
            b.forget_no_return(mover, fr)
            if won:
                b.forget_no_return(side, to)
        if b.outcome is None:
            made = [c.move for c in pend.moves]
            b.no_return[mover] = tuple(m for m in made if b.owner(m.to_square) == mover)
            b.quiet += 1
            b.side = side
            if mover == BLUE:
                b.turn += 1
            if b.quiet >= QUIET_LIMIT:
                b.outcome = Outcome(None, "move_limit")

    def _reveal(self, io, side, author):
        secret, setup = author.reveal() if io.writing else (None, None)
        s = io.sym(1 << 128, (int.from_bytes(secret, "big")) if io.writing else None)
        letters = setup_unrank(io.sym(SETUP_RADIX, (setup_rank(setup)) if io.writing else None))
        self.revealed[side] = (s.to_bytes(16, "big"), Setup.from_str(side, letters))
        self.claims.append(("reveal", side))


# -- decoding ---------------------------------------------------------------------------


def _broken(e):
    return LinkError(f"this link breaks the game's rules (it was made wrongly or tampered with): {e}")


def decode_number(number):
    """The Transcript of a link's body integer; LinkError if it is not a valid game."""
    t = Transcript()
    io = Reader(number, t.syms)

    def read():
        t._header(io)
        t.read_body(io)
        if t.backup:
            t._read_backup(io)

    _read_whole(io, read)
    return t


def _read_whole(io, read):
    """Run ``read`` over ``io``: any decoding failure, or symbols left over, is a damaged link."""
    try:
        read()
    except LinkError:
        raise
    except (ValueError, IndexError, KeyError) as e:
        raise _broken(e) from None
    if io.n:
        raise LinkError(DAMAGED)


def decode(text):
    """The Transcript of a link (a fragment, '#fragment' or a whole URL); LinkError if unusable."""
    return decode_number(unframe(text))


def resume(t, number):
    """Continue ``t`` (decoded up to its mark) with the rest of a longer link's body.

    Returns None if ``number`` does not start with ``t``'s symbols, "same" if it
    is the very same link, else ``t`` extended in place (on LinkError ``t`` may
    be half-extended: decode it again)."""
    v, r = t.packed()
    if number % r != v:
        return None
    io = Reader(number // r, t.syms)
    del t.syms[t.mark :]
    if io.n == 0:
        return "same"
    _read_whole(io, lambda: t.read_body(io))
    return t
