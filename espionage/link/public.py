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

from ..board import AROUND, BLUE, RED, SETUP_SQUARES, SIDES
from ..game import QUIET_LIMIT, Outcome, adjacency, legal_steps, return_keys
from ..moves import Move
from ..pieces import ARMY, HEADQUARTERS, MOVABLE, SPY

MOBILE_PER_ARMY = sum(n for k, n in ARMY.items() if k in MOVABLE)


class MoveClaim(NamedTuple):
    """One move of a sealed turn, with what the mover claimed about it.

    ``kind``: the attacker's kind (attacks) or the piece's public kind, else None;
    ``spy``: True/False when the move says whether it is a Spy's, None when it says nothing."""

    move: Move
    side: int
    turn: int
    index: int
    pid: int
    attack: bool
    kind: str | None
    spy: bool | None


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
    ``voided``: the game had ended before this move."""

    claim: MoveClaim
    voided: bool = False
    won: bool | None = None
    removed: tuple | None = None
    unmasked: tuple = ()


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

    def fight(self, claim, defender_pid):
        """True if the attacker of ``claim`` beats the piece ``defender_pid``."""
        raise NotImplementedError

    def removed_kind(self, claim, defender_pid):
        """The kind of the defender's piece the attacker removed."""
        raise NotImplementedError

    def watched(self, claim, board, square):
        """True if one of the defender's Spies stands next to ``square`` (the arrived piece is unmasked)."""
        raise NotImplementedError

    def kind_around(self, claim, pid, square):
        """The kind of the defender's piece ``pid`` on ``square``, unmasked by an arriving Spy."""
        raise NotImplementedError


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

    def hidden_enemies_around(self, side, sq):
        """The squares next to ``sq`` where ``side``'s enemy has a piece not unmasked."""
        return [n for n in AROUND[sq] if self.owner(n) == 1 - side and n not in self.unmasked]

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

    def claim(self, move, side, index, kind=None, spy=None):
        """The claim for ``move`` (its attacker's ``kind`` and Spy flag as the mover told them)."""
        pid = self.pid[move.from_square]
        attack = self.owner(move.to_square) == 1 - side
        known = self.known.get(pid)
        if attack:
            kind = known or kind
            spy = kind == SPY
        elif known is not None:
            kind, spy = None, known == SPY
        return MoveClaim(move, side, self.turn, index, pid, attack, kind, spy)

    def tells_spy(self, side, move):
        """Whether a quiet move by a piece of unknown kind says if it is a Spy: only when
        enemy pieces not unmasked stand around its target, where the rules show their
        owner as much."""
        return bool(self.hidden_enemies_around(side, move.to_square))

    def _forget_no_return(self, side, square):
        nr = self.no_return[side]
        if any(m.to_square == square for m in nr):
            self.no_return[side] = tuple(m for m in nr if m.to_square != square)

    def resolve(self, pending, defender):
        """Play the ``pending`` turn on this board as the engine would, the defender's
        answers coming from ``defender``; the ResolvedMoves and the new Asks, in order."""
        side = 1 - pending.side
        mover = pending.side
        done, asks = [], []
        for claim in pending.moves:
            if self.outcome is not None:
                done.append(ResolvedMove(claim, voided=True))
                continue
            fr, to = claim.move.from_square, claim.move.to_square
            pid = self.pid[fr]
            self.pid[fr] = None
            was_unmasked = fr in self.unmasked
            self.unmasked.discard(fr)
            removed = won = None
            unmasked = []
            if claim.attack:
                dpid = self.pid[to]
                won = bool(defender.fight(claim, dpid))
                self.quiet = 0
                if won:
                    dkind = defender.removed_kind(claim, dpid)
                    self.pid[to] = None
                    self.unmasked.discard(to)
                    self.removed[side].append(dkind)
                    self.known[dpid] = dkind
                    removed = (side, dkind)
                else:
                    self.removed[mover].append(claim.kind)
                    removed = (mover, claim.kind)
            if not claim.attack or won:
                self.pid[to] = pid
                if was_unmasked:
                    self.unmasked.add(to)
                elif defender.watched(claim, self, to):
                    self.unmasked.add(to)
                    unmasked.append(to)
                    if pid not in self.known and not claim.attack and not claim.spy:
                        asks.append(Ask(claim, pid, to, mover))
                if claim.spy:
                    for n in AROUND[to]:
                        if self.owner(n) == side and n not in self.unmasked:
                            npid = self.pid[n]
                            self.known[npid] = defender.kind_around(claim, npid, n)
                            self.unmasked.add(n)
                            unmasked.append(n)
            done.append(ResolvedMove(claim, False, won, removed, tuple(unmasked)))
            if removed is not None:
                lost_side, lost_kind = removed
                if lost_kind == HEADQUARTERS:
                    self.outcome = Outcome(SIDES[mover], "headquarters")
                elif self.mobile_left(lost_side) <= 0:
                    self.outcome = Outcome(SIDES[1 - lost_side], "no_mobile_pieces")
                if self.outcome is not None:
                    continue
            self._forget_no_return(mover, fr)
            if won:
                self._forget_no_return(side, to)
        if self.outcome is None:
            made = [c.move for c in pending.moves]
            self.no_return[mover] = tuple(m for m in made if self.owner(m.to_square) == mover)
            self.quiet += 1
            self.side = side
            if mover == BLUE:
                self.turn += 1
            if self.quiet >= QUIET_LIMIT:
                self.outcome = Outcome(None, "move_limit")
        return done, asks

    def end(self, outcome):
        """The game ends by a player's decision (resignation, agreement, no legal move)."""
        self.outcome = outcome
