"""The public board of a sealed game and how a turn is resolved on it.

Both devices (and a spectator) know the positions and the public kinds only;
the defender's device supplies what the rules show about its own pieces (the
fight's result, a removed kind, whether one of its Spies watches a square, the
kinds an arriving Spy unmasks) through a :class:`Defender`. This module is
the one place that knows how a sealed turn plays out; the transcript only
codes the answers.

Protocol values (:class:`MoveClaim`, :class:`PendingTurn`, :class:`ResolvedMove`,
:class:`Ask`) are immutable: resolving a claim makes a new record.
"""

from typing import NamedTuple

from ..board import AROUND, BLUE, ORTHOGONAL, RED, SETUP_SQUARES, SIDES, SQUARES, square_name
from ..moves import Move
from ..pieces import ARMY, ATTACKER_WINS, KINDS, MOVABLE, SPY, VOLCANO
from ..rules import Referee, State, legal_steps, return_keys
from ..variant import Variant
from .errors import FalseClaim
from .fights import FalseFight

MOBILE_PER_ARMY = sum(n for k, n in ARMY.items() if k in MOVABLE)


class MoveClaim(NamedTuple):
    """One move of a sealed turn, with what the mover claimed about it.

    ``kind``: the attacker's kind (attacks), else None;
    ``spy``: True/False when the move says whether it is a Spy's, None when it says nothing (yet);
    ``spy_source``: how that is told: KNOWN (the piece's kind is public: it attacked or was
    unmasked), FLAG (a flag in the turn, when a hidden enemy piece certainly stands next to
    the target), ASK (the need depends on the result of an earlier move of the turn: the
    defender asks at resolution, the mover answers in its next message), or None."""

    move: Move
    side: int
    turn: int
    index: int
    pid: int
    attack: bool
    kind: str | None
    spy: bool | None
    spy_source: str | None = None


class PendingTurn(NamedTuple):
    """A turn written by its mover and not yet resolved by the defender."""

    side: int
    turn: int
    moves: tuple
    offer: bool


class ResolvedMove(NamedTuple):
    """A claim once the defender resolved it.

    ``won``: the attacker won (attacks only); ``removed``: (side, kind) of the piece
    a fight removed; ``unmasked``: the squares the move unmasked, in order;
    ``voided``: the game had ended before this move; ``event``: the rules core's
    MoveEvent, with the kinds the public board knows."""

    claim: MoveClaim
    voided: bool = False
    won: bool | None = None
    removed: tuple | None = None
    unmasked: tuple = ()
    event: object = None


KNOWN, FLAG, ASK = "known", "flag", "ask"


class SpyQuestion(NamedTuple):
    """Whether the piece of ``claim`` (moved in a turn whose earlier move might have changed
    what it unmasks) is a Spy: its ``owner`` answers in its next message. If it is, the
    defender's pieces ``pieces`` (hidden next to it when it arrived) are unmasked then,
    wherever they stand by then."""

    claim: MoveClaim
    pieces: tuple
    owner: int


class Ask(NamedTuple):
    """A kind the ``owner`` must tell in its next message: its piece ``pid`` on ``square``
    was unmasked by a Spy of the other side (found when ``claim`` was resolved)."""

    claim: MoveClaim
    pid: int
    square: int
    owner: int


class Defender:
    """What the defending device tells while it resolves a turn (the rules show its opponent as much).

    The transcript implements it over the link's symbols; see ``transcript._CodedDefender``."""

    replies_itself = False
    """True on the defender's own device, which makes the replies from its true army: a reply
    that contradicts the public kinds then shows the attacker's public kind false."""

    def fight(self, claim, defender_pid):
        """(the attacker of ``claim`` beats the piece ``defender_pid``, the kind of the removed piece):
        the defender's reply to the attack's sealed table, told for every attack resolved."""
        raise NotImplementedError

    def watched(self, claim, board, square):
        """True if one of the defender's Spies stands next to ``square`` (the arrived piece is unmasked)."""
        raise NotImplementedError

    def kind_around(self, claim, pid, square):
        """The kind of the defender's piece ``pid`` on ``square``, unmasked by an arriving Spy."""
        raise NotImplementedError


class _Resolution(Referee):
    """The rules core's questions during the resolution of one claimed move, answered by the
    defender's device (:class:`Defender`); the moving piece's own kind, when the defender's
    Spy unmasks it, comes later: an :class:`Ask` to the mover."""

    def __init__(self, defender, claim, asks, reply):
        self.defender, self.claim, self.asks, self.reply = defender, claim, asks, reply

    def fight(self, state, move, attacker_kind):
        return self.reply

    def watched(self, state, move):
        seen = self.defender.watched(self.claim, state, move.to_square)
        if seen and not self.defender.replies_itself:
            state.check_watched(1 - self.claim.side, move.to_square)
        return seen

    def is_spy(self, state, move):
        return bool(self.claim.spy)

    def revealed(self, state, move, square):
        pid = state.pid[square]
        if square == move.to_square:  # the mover's piece, seen by the defender's Spy: its owner tells
            self.asks.append(Ask(self.claim, pid, square, state.owner(square)))
            return None
        kind = self.defender.kind_around(self.claim, pid, square)
        if not self.defender.replies_itself:
            state.check_told(square, kind)
        return kind


class PublicBoard(State):
    """What both devices (and a spectator) know of a sealed game: positions and public kinds.

    A :class:`~espionage.rules.State` that starts knowing no kind: the rules core
    plays every resolved move, asking the defender's device (through a
    :class:`Defender`) only what the public board cannot see. A piece is named by
    its starting square (``pid``): Red's are below 50. ``how`` says how each kind
    the board knows on a masked piece became public ("fight": it attacked;
    "unmasking": it moved as a Spy next to hidden pieces)."""

    def __init__(self, volcanoes, moves_per_turn):
        volcanoes = frozenset(volcanoes)
        self._reset(volcanoes, Variant(moves_per_turn, len(volcanoes)))
        for side in (RED, BLUE):
            for sq in SETUP_SQUARES[side]:
                self._put(sq, None, side, sq)
            self._mobile[side] = MOBILE_PER_ARMY
        self.how = {}
        self.events = []  # the MoveEvents of the resolved moves, in order

    def clone(self):
        b = self.copy()
        b.how = dict(self.how)
        b.events = list(self.events)
        return b

    # -- what the devices read ----------------------------------------------------------

    @property
    def moves_per_turn(self):
        return self.variant.moves_per_turn

    @property
    def pid(self):
        return self._piece

    @property
    def unmasked(self):
        return self._unmasked

    @property
    def removed(self):
        """(Red's, Blue's) removed kinds, in the order they went."""
        return tuple(self._removed)

    @property
    def side(self):
        return self._side

    @property
    def no_return(self):
        return self._no_return

    @property
    def quiet(self):
        return self._quiet

    @property
    def turn(self):
        return self._turn

    @property
    def known(self):
        """{pid: kind} of the pieces on the board whose kind is public."""
        return {self._piece[sq]: k for sq, k in enumerate(self._kind) if k is not None and k != VOLCANO}

    @staticmethod
    def side_of(pid):
        return None if pid is None else (RED if pid < 50 else BLUE)

    def owner(self, sq):
        return self._owner[sq]

    def hidden_enemies_around(self, side, sq):
        """The squares next to ``sq`` where ``side``'s enemy has a piece not unmasked."""
        return [n for n in AROUND[sq] if self._owner[n] == 1 - side and n not in self._unmasked]

    def moves_for(self, side, mobile, first=None):
        """Moves of the pieces on ``mobile`` squares (the first move's piece excluded), as in the engine."""
        owner = list(self._owner)
        nr = self._no_return[side]
        if first is not None:
            owner[first.from_square] = None
            mobile = [sq for sq in mobile if sq != first.from_square]
            nr = [m for m in nr if m.to_square != first.from_square]
        return legal_steps(mobile, owner, self._adjacent, side, first, return_keys(nr))

    def candidates(self, side, first=None):
        """Every move public information allows: as if each of ``side``'s pieces whose kind is
        not public, or public and movable, could move."""
        return self.moves_for(side, list(self._masks[side]), first)

    def claim(self, move, side, index, spy=None, source=None):
        """The claim for ``move`` (its Spy flag as the mover told it). An attacker's kind is in
        the claim only if it is public already: the attack's sealed table hides it otherwise."""
        pid = self._piece[move.from_square]
        attack = self._owner[move.to_square] == 1 - side
        known = self._kind[move.from_square]
        kind = None
        if known is not None:
            kind, spy, source = (known if attack else None), known == SPY, KNOWN
        return MoveClaim(move, side, self._turn, index, pid, attack, kind, spy, source)

    def needs_query(self, side, claims, queried):
        """The pieces of ``side`` that may be attacked next turn and have no query yet (sorted):
        those that stand (after its pending ``claims``, an attacker on its target) orthogonally
        next to an enemy piece. Every attacked piece stood so when its attacker's turn began."""
        where = {self._piece[sq]: sq for sq in SQUARES if self._owner[sq] == side}
        for c in claims:
            where[c.pid] = c.move.to_square
        owner = self._owner
        return sorted(
            pid for pid, sq in where.items()
            if pid not in queried and any(owner[n] == 1 - side for n in ORTHOGONAL[sq])
        )

    def spy_source(self, side, move, earlier):
        """How a move by a piece of unknown kind (quiet, or an attack that may win) tells whether
        it is a Spy, after the ``earlier`` claims of its turn (not yet resolved): the rules show it
        only if a hidden enemy piece stands next to its target once those are resolved.

        FLAG when some such piece is certainly still hidden then (an earlier attack may
        remove its target, and unmask around it if it is a Spy's; an earlier quiet Spy
        certainly unmasks around it); ASK when that depends on an earlier result; else None."""
        hidden = set(self.hidden_enemies_around(side, move.to_square))
        uncertain = set()
        for c in earlier:
            to = c.move.to_square
            if c.attack:
                uncertain.add(to)
                if c.spy:
                    uncertain.update(AROUND[to])
            elif c.spy:
                hidden.difference_update(AROUND[to])
        if hidden - uncertain:
            return FLAG
        return ASK if hidden else None

    def learn(self, pid, kind, how):
        """The kind of piece ``pid`` became public (a told kind, an attacker's, a Spy's flag)."""
        sq = self.square_of(pid)
        if sq is not None and self._kind[sq] is None:
            self._learn(sq, kind)
            self.how[pid] = how

    def square_of(self, pid):
        """Where piece ``pid`` stands, or None once it is removed."""
        return next((sq for sq in SQUARES if self._piece[sq] == pid), None)

    def check_told_piece(self, pid, kind):
        """:meth:`check_told` for piece ``pid`` wherever it stands (nothing once it is removed)."""
        sq = self.square_of(pid)
        if sq is not None:
            self.check_told(sq, kind)

    def check_told(self, sq, kind):
        """FalseClaim naming the owner of the piece on ``sq``, who says it is a ``kind``, when
        the public board shows that false: another kind of it is public, it is a Mine or
        Headquarters that stands away from its starting square, or every piece of that kind in
        its army is public already. Only a device that lies can say so: the audit at the end
        would name the lie, but only after this device had answered as if it were true."""
        side, known = self._owner[sq], self._kind[sq]
        owner, where, name = SIDES[side].capitalize(), square_name(sq), KINDS[kind].name
        if known is not None:
            if known != kind:
                raise FalseClaim(f"{owner} said its piece on {where} is a {name}, but it is a public {KINDS[known].name}", owner)
            return
        if kind not in MOVABLE and self._piece[sq] != sq:
            raise FalseClaim(f"{owner} said its piece on {where} is a {name}, but that piece has moved", owner)
        if self.public_count(side, kind) >= ARMY[kind]:
            raise FalseClaim(
                f"{owner} said its piece on {where} is a {name}, but all its {KINDS[kind].plural} are public already", owner
            )

    def could_be(self, sq, kinds):
        """Whether the piece on ``sq`` may be one of ``kinds`` by what is public (as :meth:`check_told`
        judges one kind)."""
        known = self._kind[sq]
        if known is not None:
            return known in kinds
        side = self._owner[sq]
        return any(
            (kind in MOVABLE or self._piece[sq] == sq) and self.public_count(side, kind) < ARMY[kind] for kind in kinds
        )

    def public_count(self, side, kind):
        """How many of ``side``'s pieces are public as ``kind``: on the board or removed."""
        on_board = sum(1 for sq in SQUARES if self._owner[sq] == side and self._kind[sq] == kind)
        return on_board + self._removed[side].count(kind)

    def check_watched(self, side, sq):
        """FalseClaim naming ``side``, who says one of its Spies watches ``sq``, when no piece of
        ``side`` that could be a Spy stands next to it."""
        could = self.public_count(side, SPY) < ARMY[SPY] and any(
            self._owner[n] == side and self._kind[n] is None for n in AROUND[sq]
        )
        if not could:
            owner = SIDES[side].capitalize()
            raise FalseClaim(
                f"{owner} said a Spy of its own watches {square_name(sq)}, but no piece of {owner}'s "
                "that could be a Spy stands next to it",
                owner,
            )

    # -- playing a turn -------------------------------------------------------------------

    def resolve(self, pending, defender):
        """Play the ``pending`` turn by the rules core, the defender's answers coming from
        ``defender``; the ResolvedMoves, the new Asks and SpyQuestions, in order."""
        done, asks, questions = [], [], []
        last = None
        for claim in pending.moves:
            if self.outcome is not None:
                done.append(ResolvedMove(claim, voided=True))
                continue
            fr, to = claim.move.from_square, claim.move.to_square
            if self._kind[fr] is None and claim.spy:
                self.check_told(fr, SPY)
                self.learn(claim.pid, SPY, "unmasking")
            reply = defender.fight(claim, self._piece[to]) if claim.attack else None
            if reply is not None:
                self._check_removed_kind(claim, reply, defender.replies_itself)
                if defender.replies_itself and reply[0]:
                    self._check_winner(claim, reply[1])
            self.referee = _Resolution(defender, claim, asks, reply)
            try:
                event = self._apply(claim.move)
            finally:
                self.referee = None
            if reply is not None and (event.attacker_won, event.removed[0][1]) != reply:
                # both kinds were public: the rules decided, and the reply says otherwise
                raise self._contradiction(claim, defender.replies_itself)
            self.events.append(event)
            if claim.spy_source == ASK and self._piece[to] == claim.pid:
                hidden = self.hidden_enemies_around(claim.side, to)
                if hidden:
                    questions.append(SpyQuestion(claim, tuple(self._piece[n] for n in hidden), claim.side))
            removed = (event.removed[0][0], event.removed[0][1]) if event.removed else None
            done.append(ResolvedMove(claim, False, event.attacker_won, removed, event.unmasked, event))
            last = claim.move
        if self.outcome is None and self._first is not None:
            self._check_no_second_move(pending.moves[-1].side)
            self._end_turn(last)  # the mover's device ended its turn: it had no other move
        return done, asks, questions

    def _check_removed_kind(self, claim, reply, replies_itself):
        """:meth:`check_told` for the kind of the piece a fight removes, where this device has it
        by another's word: the defender's, told by the defender's reply; the attacker's, told by
        the attacker's sealed table to the defender's device (the attacker's own device checks
        it against its army)."""
        won, kind = reply
        square = claim.move.to_square if won else claim.move.from_square
        if self._kind[square] is None and won != replies_itself:
            self.check_told(square, kind)

    def _check_no_second_move(self, side):
        """FalseClaim naming ``side``, whose turn ends after one move, when a piece of its that
        certainly moves (its kind public and movable, or it has left its starting square) has a
        legal second move."""
        movers = [
            sq for sq in SQUARES
            if self._owner[sq] == side and (self._kind[sq] in MOVABLE if self._kind[sq] else self._piece[sq] != sq)
        ]
        second = self.moves_for(side, movers, self._first)
        if second:
            owner = SIDES[side].capitalize()
            raise FalseClaim(f"{owner} ended its turn after one move, but it could have played {second[0]}", owner)

    def _check_winner(self, claim, defender_kind):
        """On the defender's device, which knows its piece's kind: FalseFight naming the attacker
        when its sealed table beat that kind, but no kind its piece may be by what is public
        (its Spy flag, every piece of the kinds that win public already) would have."""
        winners = [kind for kind in MOVABLE if ATTACKER_WINS[(kind, defender_kind)]]
        if not self.could_be(claim.move.from_square, winners):
            attacker = SIDES[claim.side].capitalize()
            message = (
                f"{attacker}'s piece that attacked {square_name(claim.move.to_square)} beat a "
                f"{KINDS[defender_kind].name}, which no kind that piece may be can do"
            )
            raise FalseFight(message, attacker)

    @staticmethod
    def _contradiction(claim, replies_itself):
        """The FalseFight for a fight's reply that disagrees with the public kinds, naming the side
        that lied: the defender, whose reply came by link; or, where this device made the reply
        from its true army, the attacker, whose piece fought as another kind than its own device
        had made public (by a false answer to a Spy question, say)."""
        attacker, defender = (SIDES[s].capitalize() for s in (claim.side, 1 - claim.side))
        if replies_itself:
            target = square_name(claim.move.to_square)
            message = f"{attacker}'s piece that attacked {target} fought as another kind than {attacker} had made public"
            return FalseFight(message, attacker)
        return FalseFight(f"{defender}'s reply to a fight contradicts the public kinds", defender)

    def answer(self, question, spy):
        """The owner's answer to a SpyQuestion: if a Spy, the Asks for the pieces it unmasked
        (those still on the board), now unmasked for good."""
        if not spy:
            return []
        self.learn(question.claim.pid, SPY, "unmasking")
        asks = []
        where = {p: sq for sq, p in enumerate(self._piece) if p is not None}
        newly = []
        for pid in question.pieces:
            sq = where.get(pid)
            if sq is not None and sq not in self._unmasked:
                newly.append(sq)
                asks.append(Ask(question.claim, pid, sq, 1 - question.owner))
        if newly:
            self._unmasked = self._unmasked.union(newly)
        return asks

    def end(self, outcome):
        """The game ends by a player's decision (resignation, agreement, no legal move)."""
        self.outcome = outcome
