"""The content of a link: a header, then the players' messages, as symbols (SPEC §8).

The symbols are::

    header: kind, backup flag, game id, moves per turn, volcano pairs,
            inviter's side, inviter's setup (casual) or commitment (sealed)
    then repeatedly: 1, then the join (the other setup or commitment), or a message
    0 (the end), then, in a private backup link only, the seat's side and
    secret (and, sealed, its setup; a casual seat of a game begun before
    casual seats had a secret has none, and its backup carries none).

A casual message is the sender's side, an action (turn, turn + draw offer,
resignation, accepting a draw) and the moves, each as its index in
``Game.legal_moves()``. A sealed message is the sender's side, its answers
to the kind requests made about its pieces, its resolution of the opponent's
last turn (fight results, removed kinds, Spy sightings, kinds around an
arriving Spy), its answers to the Spy questions about its moves, its action
(a turn: moves indexed among the moves of all its pieces, with the attacker's
kind for each attack and a Spy flag for a quiet move that certainly would
unmask, see ``PublicBoard.spy_source``; resignation; no legal move; accepting
a draw) and,
once the game is over, its secret and setup. Sealed links are decoded
against a :class:`~espionage.link.public.PublicBoard`, which plays the turns.

Every failure is a :class:`LinkError` subclass with a message for the player;
nothing else escapes :func:`decode`.
"""

from typing import NamedTuple

from ..board import BLUE, NEUTRAL_SQUARES, RED, SIDES, rotated, square_name
from ..game import Game, Outcome, Termination
from ..pieces import ATTACKER_WINS, MOVABLE, SPY
from ..setup import Setup, SetupError, validate_volcanoes
from ..variant import Variant
from . import fights, history, oblivious
from .coding import Reader, Writer, encode_symbols, encoder_state
from .errors import DAMAGED, BrokenRules, DamagedLink, FalseClaim, LinkError
from .framing import frame, unframe
from .public import AROUND, ASK, FLAG, Defender, PendingTurn, PublicBoard
from .setups import KIND_LETTERS, SETUP_RADIX, setup_rank, setup_unrank

CASUAL, SEALED = "casual", "sealed"
TURN, TURN_OFFER, RESIGN, NO_LEGAL_MOVE, ACCEPT = "turn", "turn+offer", "resign", "no_legal_move", "accept"
MOVABLE_LETTERS = tuple(k for k in KIND_LETTERS if k in MOVABLE)
VOLCANO_PAIRS = tuple(sorted({min(sq, rotated(sq)) for sq in NEUTRAL_SQUARES}))


class Message(NamedTuple):
    """One message of a transcript, as decoded: who sent it, where it starts, what it did."""

    side: int
    start: int
    action: str | None = None
    turn: PendingTurn | None = None
    values: int = 0  # sealed: how many bytes of values the game holds once this message is in

    def __repr__(self):
        return f"Message({SIDES[self.side]}, {self.action})"


class Fight(NamedTuple):
    """One sealed attack: the defender's ``query`` it was made for, the attacker's ``table``;
    once resolved, the defender's reply (``won``, the removed piece's ``kind``, ``token``, audit ``tag``)."""

    claim: object
    defender: int
    pid: int
    query: bytes
    table: bytes
    won: bool | None = None
    kind: str | None = None
    token: bytes | None = None
    tag: bytes | None = None

    @property
    def attack(self):
        return attack_label(self.claim)


def attack_label(claim):
    """What an attack's keys and tokens are bound to: one label per move of the game."""
    return f"attack {claim.index}"


def piece_label(pid):
    """What a piece's query scalar is derived from."""
    return f"piece {pid}"


class HonestAuthor:
    """The decisions a device makes when writing a sealed message: the truth about its own pieces.

    Tests subclass it to make a lying device."""

    def __init__(self, side, setup, secret):
        self.side = side
        self.setup = setup
        self.secret = secret
        self._sender = None
        self._opened = {}
        self.points = {}  # pid -> b·A of my piece's query: opening an attack on it is then hashing only

    def kind_of(self, pid):
        return self.setup.kind_at(pid)

    def sender_key(self):
        """This side's sender key A = a·G, published with its commitment."""
        return oblivious.sender_key(oblivious.scalar(self.secret, "sender"))

    def query_choice(self, pid):
        """The kind index my piece ``pid``'s query hides (and its table entry that I open)."""
        return fights.DEFENDER_KINDS.index(self.kind_of(pid))

    def query(self, pid, sender_key):
        """The query of my piece ``pid``: its kind, hidden, against the enemy's ``sender_key``
        (its key material b·A is worked out now, on my turn, and kept)."""
        self.point(pid, sender_key)
        return oblivious.query(oblivious.scalar(self.secret, piece_label(pid)), sender_key, self.query_choice(pid))

    def point(self, pid, sender_key):
        """b·A of my piece ``pid``'s query (kept; worked out again only on a device restored without it)."""
        if pid not in self.points:
            self.points[pid] = oblivious.chooser_point(oblivious.scalar(self.secret, piece_label(pid)), sender_key)
        return self.points[pid]

    def attacker_kind(self, claim):
        return self.kind_of(claim.pid)

    def table(self, claim, query):
        """The sealed table of my attack ``claim`` on the piece that published ``query``."""
        if self._sender is None:
            self._sender = oblivious.Sender(oblivious.scalar(self.secret, "sender"), len(fights.DEFENDER_KINDS))
        return fights.fight_table(self._sender, query, attack_label(claim), self.attacker_kind(claim), self.secret)

    def opened(self, fight, sender_key):
        """My entry of the table of ``fight`` (an attack on my piece), opened once and kept;
        FalseFight naming the attacker if it does not open or breaks the rules."""
        key = (fight.claim.index, fight.table)
        if key not in self._opened:
            mine = fights.DEFENDER_KINDS[self.query_choice(fight.pid)]
            attacker = SIDES[1 - self.side].capitalize()
            opened = fights.open_entry(
                oblivious.opened_key(self.point(fight.pid, sender_key), fight.attack),
                fight.attack,
                mine,
                fight.table,
                attacker,
            )
            public = fight.claim.kind  # the attacker's kind, if public when it attacked: the rules decide
            if public is not None and (
                opened.attacker_won != ATTACKER_WINS[(public, mine)] or opened.attacker_kind not in (None, public)
            ):
                target = square_name(fight.claim.move.to_square)
                raise fights.FalseFight(
                    f"{attacker}'s piece that attacked {target} fought as another kind than {attacker} had made public",
                    attacker,
                )
            self._opened[key] = opened
        return self._opened[key]

    def reply(self, fight, sender_key):
        """(attacker won, kind of the removed piece, token): what my reply to ``fight`` says."""
        opened = self.opened(fight, sender_key)
        removed = fights.DEFENDER_KINDS[self.query_choice(fight.pid)] if opened.attacker_won else opened.attacker_kind
        return opened.attacker_won, removed, opened.token

    def audit_tag(self, fight, sender_key):
        """What my reply to ``fight`` seals of the entry I opened, for the end audit."""
        return fights.audit_tag(self.secret, fight.attack, self.opened(fight, sender_key).entry_key)

    def spy_flag(self, claim):
        return self.kind_of(claim.pid) == SPY

    def watched(self, board, sq):
        """Whether one of my Spies stands next to ``sq``."""
        return any(board.owner(n) == self.side and self.kind_of(board.pid[n]) == SPY for n in AROUND[sq])

    def reveal_kind(self, pid, sq, move_index):
        return self.kind_of(pid)

    def reveal(self):
        return self.secret, self.setup


class _CodedDefender(Defender):
    """The defender's answers during a resolution, as symbols of the link (and claims for the audit)."""

    def __init__(self, t, io, side, author):
        self.t, self.io, self.side, self.author = t, io, side, author
        self.replies_itself = io.writing

    def fight(self, claim, defender_pid):
        io, t = self.io, self.t
        fight = t.fights[claim.index]
        won = kind = token = tag = None
        if io.writing:
            won, kind, token = self.author.reply(fight, t.sender_keys[1 - self.side])
            tag = self.author.audit_tag(fight, t.sender_keys[1 - self.side])
        won = bool(io.sym(2, won))
        letters = KIND_LETTERS if won else MOVABLE_LETTERS
        kind = letters[io.sym(len(letters), letters.index(kind) if io.writing else None)]
        if io.sym(2, (token is not None) if io.writing else None):
            token = t.value(io, fights.TOKEN_BYTES, token)
        else:
            token = None
        tag = t.value(io, fights.AUDIT_TAG_BYTES, tag)
        t.fights[claim.index] = fight._replace(won=won, kind=kind, token=token, tag=tag)
        t.claims.append(("fight", claim, self.side))
        t.claims.append(("result", claim, self.side, won, kind))
        return won, kind

    def watched(self, claim, board, square):
        seen = bool(self.io.sym(2, self.author.watched(board, square) if self.io.writing else None))
        self.t.claims.append(("watched", claim, self.side, square, seen))
        return seen

    def kind_around(self, claim, pid, square):
        kind = self.t._kind(self.io, self.author.reveal_kind(pid, square, claim.index) if self.io.writing else None)
        self.t.claims.append(("around", claim, self.side, square, kind))
        return kind


class Transcript:
    """A decoded link: the header, and the game replayed from its messages.

    ``syms`` are the symbols of the header and the messages (no end mark);
    ``claims`` lists every claim made in order, for the audit:
    ("turn", MoveClaims), ("fight", claim, side) (the sealed fight's query, table and token),
    ("result", claim, side, won, kind), ("watched", claim, side, sq, flag),
    ("around", claim, side, sq, kind), ("answer", claim, side, sq, kind), ("resign", side, turn),
    ("spy_answer", claim, side, spy), ("no_legal_move", side, turn), ("accept", side, turn),
    ("reveal", side);
    ``resolved`` the ResolvedMoves in the order they were resolved."""

    def __init__(self):
        self.syms = []
        self.start = 0  # where the message being read or written starts in ``syms``
        self.kind = None
        self.backup = False
        self.game_id = 0
        self.variant = None
        self.volcanoes = frozenset()
        self.inviter = RED
        self.setups = [None, None]
        self.commits = [None, None]
        self.sender_keys = [None, None]  # sealed: each side's oblivious-transfer sender key
        self.queries = {}  # sealed: pid -> its owner's query (the piece's kind, hidden)
        self.fights = {}  # sealed: move index -> Fight
        self.values = bytearray()  # sealed: queries, tables, tokens and audit tags, in the order they came
        self.partial = False  # sealed: decoded without the earlier values the link left out (spectators only)
        self._incoming = None  # while reading: the values a link brings (see ``_read_values``)
        self.joined = False
        self.messages = []
        self.game = None
        self.board = None
        self.pending = None
        self.asks = []
        self.questions = []  # SpyQuestions awaiting their owner's answer
        self.offer = None
        self.revealed = [None, None]
        self.claims = []
        self.resolved = []
        self.move_count = 0
        self.seat_side = None
        self.seat_secret = None
        self.seat_setup = None
        # Whether a casual backup being read carries its seat's secret: one of a game begun
        # before casual seats had a secret does not (and neither does the backup of such a seat).
        self.casual_backup_secret = True
        self._coded = (0, None)  # (symbol count, coder state after them), so links are coded incrementally

    # -- creation ----------------------------------------------------------

    @classmethod
    def create(cls, kind, game_id, variant, volcanoes, inviter, setup=None, commit=None, sender_key=None):
        t = cls()
        t.kind, t.game_id, t.variant, t.volcanoes, t.inviter = kind, game_id, variant, frozenset(volcanoes), inviter
        if kind == CASUAL:
            t.setups[inviter] = setup
        else:
            t.commits[inviter] = commit
            t.sender_keys[inviter] = sender_key
        t._header(Writer(t.syms))
        return t

    def clone(self):
        """A copy that can be written to without touching this one (sealed games only).

        The protocol values (claims, pending turns, resolutions) are immutable, so
        the copy shares them; only the containers are new."""
        t = Transcript.__new__(Transcript)
        t.__dict__.update(self.__dict__)
        t.syms = list(self.syms)
        t.messages = list(self.messages)
        t.board = self.board.clone() if self.board is not None else None
        t.asks = list(self.asks)
        t.questions = list(self.questions)
        t.revealed = list(self.revealed)
        t.queries = dict(self.queries)
        t.fights = dict(self.fights)
        t.values = bytearray(self.values)
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
                raise BrokenRules("this link's volcano list is damaged")
            sq = rest[io.sym(len(rest), (rest.index(pairs[i])) if io.writing else None)]
            chosen.append(sq)
            low = VOLCANO_PAIRS.index(sq) + 1
        volcanoes = frozenset(chosen) | frozenset(rotated(sq) for sq in chosen)
        try:
            self.volcanoes = validate_volcanoes(volcanoes)
        except SetupError as e:
            raise BrokenRules(f"this link's volcanoes break the rules: {e}") from None
        self.variant = Variant(mpt, len(volcanoes))
        self.inviter = io.sym(2, (self.inviter) if io.writing else None)
        self._stake(io, self.inviter)

    def _stake(self, io, side):
        """A side's setup (casual) or commitment and sender key (sealed)."""
        if self.kind == CASUAL:
            letters = setup_unrank(io.sym(SETUP_RADIX, (setup_rank(self.setups[side])) if io.writing else None))
            self.setups[side] = Setup.from_str(side, letters)
        else:
            c = io.sym(1 << 256, (int.from_bytes(self.commits[side], "big")) if io.writing else None)
            self.commits[side] = c.to_bytes(32, "big")
            self.sender_keys[side] = self._point(io, self.sender_keys[side])

    def _join(self, io):
        self._stake(io, self.joiner)
        self.joined = True
        if self.kind == CASUAL:
            self.game = Game(self.setups[RED], self.setups[BLUE], self.volcanoes, self.variant)
        else:
            self.board = PublicBoard(self.volcanoes, self.variant.moves_per_turn)

    # -- body -------------------------------------------------------------------

    def read_body(self, io):
        """Read joins and messages until the end mark (which is not kept in ``syms``)."""
        while True:
            self.start = len(self.syms)
            if not io.sym(2):
                del self.syms[self.start :]
                return
            if not self.joined:
                self._join(io)
            elif self.kind == CASUAL:
                self._casual_message(io)
            else:
                self._sealed_message(io)

    def write_join(self, setup=None, commit=None, sender_key=None):
        side = self.joiner
        if self.kind == CASUAL:
            self.setups[side] = setup
        else:
            self.commits[side] = commit
            self.sender_keys[side] = sender_key
        io = Writer(self.syms)
        io.sym(2, 1)
        self._join(io)

    def write_message(self, author, action=None, moves=(), upto_action=False):
        """Append one message by ``author`` (its ``side``; sealed: its decisions)."""
        self.start = len(self.syms)
        io = Writer(self.syms)
        io.sym(2, 1)
        if self.kind == CASUAL:
            self._casual_message(io, author.side, action, list(moves))
        else:
            self._sealed_message(io, author, action, list(moves), upto_action)

    def _read_backup(self, io):
        """The seat of a private backup link: its side and secret (and, sealed, its setup). A
        casual seat's secret tells this device's backups from one its opponent could make."""
        self.seat_side = io.sym(2, (self.seat_side) if io.writing else None)
        secret = self.seat_secret is not None if io.writing else self.casual_backup_secret
        if self.kind == SEALED or secret:
            self.seat_secret = io.sym(
                1 << 128, (int.from_bytes(self.seat_secret, "big")) if io.writing else None
            ).to_bytes(16, "big")
        if self.kind == SEALED:
            letters = setup_unrank(io.sym(SETUP_RADIX, (setup_rank(self.seat_setup)) if io.writing else None))
            self.seat_setup = Setup.from_str(self.seat_side, letters)

    def symbols(self, backup=None):
        """Every symbol of the link: header, messages, end mark, and ``backup`` (side, secret, setup)'s seat."""
        out = list(self.syms)
        out[1] = (int(backup is not None), 2)
        out.append((0, 2))
        if backup is not None:
            saved = self.seat_side, self.seat_secret, self.seat_setup
            self.seat_side, self.seat_secret, self.seat_setup = backup
            try:
                self._read_backup(Writer(out))
            finally:
                self.seat_side, self.seat_secret, self.seat_setup = saved
        return out

    def coded_state(self):
        """The coder's state after ``syms`` (as in a game link: backup flag 0), from where it stopped last time."""
        n, state = self._coded
        if n > len(self.syms):
            n, state = 0, None
        todo = self.syms[n:]
        if n <= 1 < len(self.syms):
            todo[1 - n] = (0, 2)
        state = encoder_state(todo, state)
        self._coded = (len(self.syms), state)
        return state

    def body(self, start=0):
        """The body (bytes) of this game's link; sealed: leaving out ``values[:start]``."""
        return history.join(encode_symbols([(0, 2)], self.coded_state()), self._values_section(start))

    def encode(self, backup=None, to_side=None):
        """The link text; ``backup`` (side, secret, setup) makes a private backup link (with every
        value); ``to_side``: the side it goes to, whose device has the values up to its last message."""
        if backup is None:
            return frame(self.body(self.values_known_to(to_side)))
        return frame(history.join(encode_symbols(self.symbols(backup)), self._values_section(0)))

    def values_known_to(self, side):
        """How many bytes of values ``side``'s device has for sure: those up to its last message."""
        if self.kind != SEALED or side is None:
            return 0
        return next((m.values for m in reversed(self.messages) if m.side == side), 0)

    def _values_section(self, start):
        if self.kind != SEALED:
            return None
        left_out = self._incoming.left_out_check if self.partial and start else None
        return history.section(self.values, start, left_out)

    def value(self, io, size, value=None):
        """A sealed value (query, table, token, audit tag): ``value`` when writing, else the next
        ``size`` bytes the link brings. Values stay out of the coded symbols (see :mod:`.history`)."""
        if io.writing:
            if len(value) != size:
                raise ValueError(f"a value of {size} bytes expected")
        else:
            if self._incoming is None:
                raise DamagedLink(DAMAGED)
            value = self._incoming.take(len(self.values), size)
        self.values += value
        return bytes(value)

    def _take_values(self, values_section, store):
        """Read the values of a sealed link from now on (see :class:`.history.Incoming`)."""
        if values_section is None:
            if self.kind == SEALED:
                raise DamagedLink(DAMAGED)
            return
        self._incoming = history.Incoming(values_section, store)
        self.partial = self.partial or self._incoming.partial

    def _all_values_read(self):
        if self._incoming is not None and len(self.values) != self._incoming.end:
            raise DamagedLink(DAMAGED)

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
        if g.outcome is not None:
            raise BrokenRules("this link goes on after the game ended: it is damaged")
        if side != SIDES.index(g.turn):
            what = RESIGN  # a resignation may come at any time
        else:
            actions = [TURN, TURN_OFFER, RESIGN] + ([ACCEPT] if self.offer == 1 - side else [])
            what = actions[io.sym(len(actions), (actions.index(action)) if io.writing else None)]
        self.offer = None
        if what in (TURN, TURN_OFFER):
            i = 0
            while True:
                legal = g.legal_moves()
                m = legal[io.sym(len(legal), (legal.index(moves[i])) if io.writing else None)]
                g.play(m)
                i += 1
                if g.outcome is not None or g.turn != SIDES[side]:
                    break
            if what == TURN_OFFER:
                self.offer = side
        elif what == RESIGN:
            g.resign(SIDES[side])
        else:
            g.agree_draw()
        self.messages.append(Message(side, self.start, what))

    # -- sealed messages --------------------------------------------------------------

    def _sealed_message(self, io, author=None, action=None, moves=None, upto_action=False):
        b = self.board
        side = io.sym(2, (author.side) if io.writing else None)
        if b.outcome is not None:
            if self.revealed[side] is not None:
                raise BrokenRules("this link goes on after the game ended: it is damaged")
            self._message(side)
            self._reveal(io, side, author)
            return
        if side != self.to_move:
            self._message(side, RESIGN)  # out of turn: only a resignation
            self.claims.append(("resign", side, b.turn))
            b.end(Outcome(SIDES[1 - side], Termination.RESIGNATION))
            self._reveal(io, side, author)
            return
        self._answers(io, side, author)
        if self.pending is not None:
            pending, self.pending = self.pending, None
            done, asks, questions = b.resolve(pending, _CodedDefender(self, io, side, author))
            self.resolved.extend(done)
            self.asks.extend(asks)
            self.questions.extend(questions)
        if upto_action:
            self._message(side)
            return
        what = turn = None
        if b.outcome is None:
            cands = b.candidates(side)
            actions = ([TURN, TURN_OFFER] if cands else []) + [RESIGN, NO_LEGAL_MOVE]
            if self.offer == 1 - side:
                actions.append(ACCEPT)
            what = actions[io.sym(len(actions), (actions.index(action)) if io.writing else None)]
            self.offer = None
            if what in (TURN, TURN_OFFER):
                turn = self._turn(io, side, author, moves, cands, what == TURN_OFFER)
                if what == TURN_OFFER:
                    self.offer = side
                self._queries(io, side, author, turn.moves)
            elif what == RESIGN:
                self.claims.append(("resign", side, b.turn))
                b.end(Outcome(SIDES[1 - side], Termination.RESIGNATION))
            elif what == NO_LEGAL_MOVE:
                self.claims.append(("no_legal_move", side, b.turn))
                b.end(Outcome(SIDES[1 - side], Termination.NO_LEGAL_MOVE))
            else:
                self.claims.append(("accept", side, b.turn))
                b.end(Outcome(None, Termination.AGREEMENT))
        self._message(side, what, turn)
        if b.outcome is not None:
            self._reveal(io, side, author)

    def _message(self, side, action=None, turn=None):
        self.messages.append(Message(side, self.start, action, turn, len(self.values)))

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
            claim = b.claim(m, side, self.move_count)
            if claim.spy is None:
                source = b.spy_source(side, m, claims)
                if source == FLAG:
                    flag = bool(io.sym(2, (author.spy_flag(claim)) if io.writing else None))
                    claim = b.claim(m, side, self.move_count, spy=flag, source=FLAG)
                elif source == ASK:
                    claim = claim._replace(spy_source=ASK)
            if claim.attack:
                self._table(io, author, claim)
            self.move_count += 1
            claims.append(claim)
            first = m
        self.pending = PendingTurn(side, b.turn, tuple(claims), offer)
        self.claims.append(("turn", tuple(claims)))
        return self.pending

    def _table(self, io, author, claim):
        """An attack's sealed table, made for the query of the attacked piece."""
        pid = self.board.pid[claim.move.to_square]
        query = self.queries.get(pid)
        if query is None:
            raise BrokenRules("this link has an attack on a piece that never published its query")
        table = self.value(io, fights.TABLE_BYTES, author.table(claim, query) if io.writing else None)
        self.fights[claim.index] = Fight(claim, 1 - claim.side, pid, query, table)

    def _queries(self, io, side, author, claims):
        """The queries of ``side``'s pieces that may be attacked next turn (once per piece)."""
        for pid in self.board.needs_query(side, claims, self.queries):
            query = author.query(pid, self.sender_keys[1 - side]) if io.writing else None
            self.queries[pid] = self.value(io, oblivious.POINT_BYTES, query)

    @staticmethod
    def _point(io, value):
        """A group element (32 bytes), as one symbol; checked where it is used."""
        size = oblivious.POINT_BYTES
        return io.sym(1 << (8 * size), int.from_bytes(value, "little") if io.writing else None).to_bytes(size, "little")

    def _kind(self, io, value):
        return KIND_LETTERS[io.sym(len(KIND_LETTERS), KIND_LETTERS.index(value) if io.writing else None)]

    def _answers(self, io, side, author):
        keep = []
        for ask in self.asks:
            if ask.owner != side:
                keep.append(ask)
                continue
            kind = self._kind(io, (author.reveal_kind(ask.pid, ask.square, ask.claim.index)) if io.writing else None)
            if not io.writing:
                self.board.check_told_piece(ask.pid, kind)
            self.board.learn(ask.pid, kind, "unmasked")
            self.claims.append(("answer", ask.claim, side, ask.square, kind))
        self.asks = keep
        waiting = []
        for question in self.questions:
            if question.owner != side:
                waiting.append(question)
                continue
            spy = bool(io.sym(2, (author.spy_flag(question.claim)) if io.writing else None))
            if spy and not io.writing:
                self.board.check_told_piece(question.claim.pid, SPY)
            self.claims.append(("spy_answer", question.claim, side, spy))
            asks = self.board.answer(question, spy)
            if asks:
                self.asks.extend(asks)
                self._unmasked_later(question.claim, tuple(ask.square for ask in asks))
        self.questions = waiting

    def _unmasked_later(self, claim, squares):
        """Record on ``claim``'s resolution the squares its Spy unmasked, once its owner said it is one."""
        for i, r in enumerate(self.resolved):
            if r.claim.index == claim.index:
                self.resolved[i] = r._replace(unmasked=r.unmasked + squares)

    def _reveal(self, io, side, author):
        secret, setup = author.reveal() if io.writing else (None, None)
        s = io.sym(1 << 128, (int.from_bytes(secret, "big")) if io.writing else None)
        letters = setup_unrank(io.sym(SETUP_RADIX, (setup_rank(setup)) if io.writing else None))
        self.revealed[side] = (s.to_bytes(16, "big"), Setup.from_str(side, letters))
        self.claims.append(("reveal", side))


# -- decoding ---------------------------------------------------------------------------


def _broken(e):
    return BrokenRules(f"this link breaks the game's rules (it was made wrongly or tampered with): {e}")


def decode_body(data, store=None):
    """The Transcript of a link's body (bytes); a LinkError if it is not a valid game.

    ``store``: the values this device kept (sealed), for those the link leaves out; without it
    a link that leaves some out decodes ``partial`` (enough to watch the game, not to play it)."""
    try:
        return _decode_body(data, store)
    except LinkError as error:
        if not _casual_backup(data):
            raise
        try:  # a casual backup without its seat's secret (Transcript.casual_backup_secret)
            return _decode_body(data, store, casual_backup_secret=False)
        except LinkError:
            raise error from None


def _casual_backup(data):
    """Whether ``data`` starts as a casual game's backup link (its first two symbols)."""
    t = Transcript()
    try:
        t._header(Reader(history.split(data)[0], t.syms))
    except (LinkError, ValueError, IndexError, KeyError):
        return False
    return t.kind == CASUAL and t.backup


def _decode_body(data, store, casual_backup_secret=True):
    coded, values_section = history.split(data)
    t = Transcript()
    t.casual_backup_secret = casual_backup_secret
    io = Reader(coded, t.syms)
    try:
        t._header(io)
        t._take_values(values_section, store)
        t.read_body(io)
        if t.backup:
            io.out = []
            t._read_backup(io)
        t._all_values_read()
    except FalseClaim as e:
        raise type(e)(str(e), e.liar, t.game_id) from None
    except LinkError:
        raise
    except (ValueError, IndexError, KeyError) as e:
        raise _broken(e) from None
    start = t._incoming.start if t._incoming is not None else 0
    if t.backup:
        if start:
            raise DamagedLink(DAMAGED)
        again = history.join(encode_symbols(t.symbols((t.seat_side, t.seat_secret, t.seat_setup))), t._values_section(0))
    else:
        again = t.body(start)
    if again != bytes(data):
        raise DamagedLink(DAMAGED)
    return t


def decode(text, store=None):
    """The Transcript of a link (a fragment, '#fragment' or a whole URL); a LinkError if unusable.
    ``store``: as for :func:`decode_body`."""
    return decode_body(unframe(text), store)


def resume(t, data):
    """Continue ``t`` with a body (bytes) that starts with all of ``t``'s symbols.

    Returns None if ``data`` does not start with the bytes ``t``'s symbols settle
    (``t`` untouched), "same" if it is ``t``'s very link, else ``t`` extended in
    place with the new messages. Only the new messages are read, from the coder's
    state where ``t`` ends, so a device takes each link in time linear in what is
    new. A LinkError means ``data`` is no valid continuation of ``t`` (``t`` may be
    half-extended: decode it again, and decode ``data`` on its own to know more)."""
    if t.backup:
        return None
    n = len(t.syms)
    coded, values_section = history.split(data)
    io = Reader.after(coded, t.coded_state(), t.syms)
    if io is None:
        return None
    if t.kind == SEALED and values_section is not None:
        incoming = history.Incoming(values_section, t.values)
        if incoming.end < len(t.values):
            return None  # it has fewer values than this device: not a continuation
    try:
        t._take_values(values_section, t.values)
        t.read_body(io)
        t._all_values_read()
    except LinkError:
        raise
    except (ValueError, IndexError, KeyError) as e:
        raise _broken(e) from None
    if t.body(t._incoming.start if t._incoming is not None else 0) != bytes(data):
        raise DamagedLink(DAMAGED)
    return "same" if len(t.syms) == n else t


def continues(t, other):
    """How the transcript ``other`` relates to ``t``: "same" (the very same game so far),
    "longer" (it starts with all of ``t`` and goes on), or None."""
    n = len(t.syms)
    if other.backup != t.backup or other.syms[:n] != t.syms:
        return None
    if bytes(other.values[: len(t.values)]) != bytes(t.values) or other.partial or t.partial:
        return None
    return "same" if len(other.syms) == n else "longer"
