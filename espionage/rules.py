"""The rules core: one place that decides legality, fights, unmasking, removals and the end.

A :class:`State` is a game as one observer knows it: where every piece stands,
which side owns it, its identity (``piece``: the square it started on), and its
kind where the observer knows it (None where it does not). The full game knows
every kind; the public board of a sealed link game knows only public kinds.
Whatever a move needs that the state cannot know (a fight with a hidden piece,
whether a hidden Spy watches a square) it asks its *referee*: in a sealed game,
the claims the defender's device makes in its link. A state that knows every
kind never asks: the engine itself resolves what it can see.
"""

from enum import StrEnum
from typing import NamedTuple

from .board import AROUND, BLUE, ORTHOGONAL, RED, SIDES, SQUARES
from .moves import move as step
from .pieces import ATTACKER_WINS, HEADQUARTERS, MOVABLE, SPY, VOLCANO

QUIET_LIMIT = 100
"""Turn ends since a piece was last removed, after which the game is drawn (SPEC §5)."""



class Termination(StrEnum):
    """Why a game ended (SPEC §5's words, as python-chess names its ``Termination``): each member
    is its word, so ``Termination.HEADQUARTERS == "headquarters"`` and it travels in EPN and
    links as that word."""

    HEADQUARTERS = "headquarters"
    NO_MOBILE_PIECES = "no_mobile_pieces"
    MOVE_LIMIT = "move_limit"
    NO_LEGAL_MOVE = "no_legal_move"
    RESIGNATION = "resignation"
    AGREEMENT = "agreement"


REASONS = tuple(Termination)


class IllegalMove(ValueError):
    """A move the rules forbid; the message tells a Python user why in English.

    ``code`` says why for a program ("far", "no-return", ...: the list is
    ``ILLEGAL_CODES``) and ``squares`` names the squares it is about, so an
    interface can say it in its player's language."""

    def __init__(self, message, code="illegal", squares=()):
        super().__init__(message)
        self.code = code
        self.squares = tuple(squares)


ILLEGAL_CODES = (
    "illegal",  # no more precise reason
    "not-a-move",  # text that is not a move such as "e3-e4"
    "game-over",
    "not-your-turn",
    "far",  # not one square up, down, left or right
    "no-piece",  # squares: (the empty square or volcano,)
    "not-yours",  # squares: (the square of the other side's piece,)
    "mine",
    "headquarters",
    "moved",  # the piece already moved this turn
    "into-volcano",  # squares: (the volcano,)
    "own-piece",  # squares: (the square of the player's own piece,)
    "attacked",  # squares: (the square the first move attacked,)
    "no-return",  # squares: (the square the piece came from last turn,)
    "turn-ended",
    "turn-incomplete",
    "turn-complete",
    "empty-turn",
    "nothing-to-undo",
    "no-game",  # nothing to resign
    "no-draw-offer",
)


class Outcome(NamedTuple):
    """How a game ended: ``winner`` is "red", "blue" or None (a draw), ``reason`` a
    :class:`Termination`."""

    winner: str | None
    reason: Termination

    def __str__(self):
        return f"{self.winner or 'draw'}:{self.reason}"

    @classmethod
    def from_str(cls, text):
        winner, _, reason = text.partition(":")
        if winner not in ("red", "blue", "draw") or reason not in REASONS:
            raise ValueError(f"{text!r} is not an outcome such as 'red:headquarters' or 'draw:agreement'")
        return cls(None if winner == "draw" else winner, Termination(reason))


class MoveEvent(NamedTuple):
    """What one move did, as the state that played it knows it.

    ``kind`` is the mover's kind and ``defender`` the attacked piece's (None if
    the move was no attack, or the state does not know it); ``removed`` lists
    (side, kind, square) of each removed piece; ``unmasked`` the squares whose
    pieces the move newly unmasked; ``survivor_unmasked`` whether the piece that
    stands on the target square after the move is unmasked; ``piece`` the mover's
    identity. For the full game this is the truth, never shown whole to a player."""

    move: object
    side: int
    turn: int
    kind: str | None
    defender: str | None
    attacker_won: bool | None
    removed: tuple
    unmasked: tuple
    ends_turn: bool
    piece: int = -1
    survivor_unmasked: bool = False
    target: int | None = None


_new_event = tuple.__new__  # a MoveEvent from all its fields, without the Python-level __new__ (once per move)

_ADJACENCY = {}
_OPEN_BITS = {}


def open_bits(volcanoes):
    """For each square, (neighbour, bit) of its neighbours that are not volcanoes (see _BITS)."""
    table = _OPEN_BITS.get(volcanoes)
    if table is None:
        table = tuple(tuple((n, bit) for n, bit in _BITS[sq] if n not in volcanoes) for sq in SQUARES)
        _OPEN_BITS[volcanoes] = table
    return table


def adjacency(volcanoes):
    """For each square, the Moves to its orthogonal neighbours that are not volcanoes."""
    table = _ADJACENCY.get(volcanoes)
    if table is None:
        table = tuple(
            () if sq in volcanoes else tuple(step(sq, n) for n in ORTHOGONAL[sq] if n not in volcanoes)
            for sq in SQUARES
        )
        _ADJACENCY[volcanoes] = table
    return table


# A piece that may move keeps its steps to squares not held by its own side, as
# a bit mask over its neighbours: _SUBSETS[sq][mask] is that subset, and
# _BACK[sq] lists (n, bit) for each neighbour n whose step onto sq is bit
# ``bit`` of n's mask, so a move only flips bits next to the squares it touched.
_SUBSETS = tuple(
    tuple(
        tuple(step(sq, n) for i, n in enumerate(ORTHOGONAL[sq]) if mask >> i & 1)
        for mask in range(1 << len(ORTHOGONAL[sq]))
    )
    for sq in SQUARES
)
_BITS = tuple(tuple((n, 1 << i) for i, n in enumerate(ORTHOGONAL[sq])) for sq in SQUARES)
_BACK = tuple(tuple((n, 1 << ORTHOGONAL[n].index(sq)) for n in ORTHOGONAL[sq]) for sq in SQUARES)
_AROUND_SETS = tuple(frozenset(a) for a in AROUND)


def return_keys(no_return):
    """The keys of the moves a no-return list forbids: each entry's way back (Y-X for X-Y)."""
    return frozenset([m.to_square * 100 + m.from_square for m in no_return])


def legal_steps(mobile, owner, adjacent, side, first, no_return_keys):
    """The legal moves of ``side``, given the squares of the pieces that may move.

    For a board drawn from letters (a view planning its turn), where the
    incremental bookkeeping of :class:`State` is not at hand."""
    skip = first.to_square if first is not None else -1
    out = [m for sq in sorted(mobile) if sq != skip for m in adjacent[sq] if owner[m.to_square] != side]
    if skip >= 0 or no_return_keys:
        out = [m for m in out if m.to_square != skip and m.key not in no_return_keys]
    return out


def carried_unmasked(unmasked, move, arrived):
    """The unmasked squares once ``move``'s piece has left (and, if ``arrived``, stands on its target).

    The flag travels with its piece, and goes with a piece that leaves the board."""
    fr, to = move.from_square, move.to_square
    if fr not in unmasked:
        return unmasked
    out = set(unmasked)
    out.discard(fr)
    if arrived:
        out.add(to)
    return frozenset(out)


class Referee:
    """Answers what a state cannot see; the full game never asks.

    A sealed link game answers from the defender's claims (and checks them at
    the end); every method gets the state as it stands during the move."""

    def fight(self, state, move, attacker_kind):
        """(attacker won, kind of the removed piece) when ``move`` attacks a piece of unknown kind."""
        raise NotImplementedError

    def watched(self, state, move):
        """Whether a Spy of the defending side stands next to ``move``'s target (mover arrived there)."""
        raise NotImplementedError

    def is_spy(self, state, move):
        """Whether the arrived piece, of a kind the state does not know, is a Spy."""
        raise NotImplementedError

    def revealed(self, state, move, square):
        """The kind of the piece on ``square``, unmasked by ``move``, or None if it comes later."""
        return None

    def has_legal_move(self, state, side):
        """Whether ``side`` has a legal move, or None when only its own device can tell."""
        return None


class State:
    """A game's board and bookkeeping as one observer knows them, moved by the rules.

    Subclasses set up the squares with :meth:`_put` after :meth:`_reset`."""

    referee = None

    def _reset(self, volcanoes, variant):
        self._legal_cache = None  # the side to move's legal moves, once computed
        self.variant = variant
        self.volcanoes = frozenset(volcanoes)
        self._adjacent = adjacency(self.volcanoes)
        self._open = open_bits(self.volcanoes)
        self._kind = [VOLCANO if sq in self.volcanoes else None for sq in SQUARES]
        self._owner = [None] * len(SQUARES)
        self._piece = [None] * len(SQUARES)
        self._steps = ({}, {})  # side -> {square of a piece that may move and has a step: its steps}
        self._masks = ({}, {})  # side -> {square of a piece that may move: bit mask of its steps}
        self._spies = (set(), set())  # squares of the Spies the state knows
        self._mobile = [0, 0]  # how many movable pieces each side has (known from the removed kinds)
        self._unknown = [0, 0]  # how many pieces of each side have a kind not known here
        self._unmasked = frozenset()
        self._removed = [[], []]
        self._side = RED
        self._first = None
        self._no_return = [(), ()]
        self._no_return_keys = [frozenset(), frozenset()]
        self._quiet = 0
        self._turn = 1
        self.outcome = None

    def copy(self):
        """An independent copy of this state (a sealed device previews on one)."""
        other = self.__class__.__new__(self.__class__)
        other.__dict__.update(self.__dict__)
        for name in ("_kind", "_owner", "_piece", "_mobile", "_unknown", "_no_return", "_no_return_keys"):
            setattr(other, name, list(getattr(self, name)))
        other._steps = tuple(dict(d) for d in self._steps)
        other._masks = tuple(dict(d) for d in self._masks)
        other._spies = tuple(set(s) for s in self._spies)
        other._removed = [list(r) for r in self._removed]
        return other

    # -- squares -----------------------------------------------------------------

    def _put(self, sq, kind, side, piece):
        """Place a piece (``kind`` None: not known here); keeps the neighbours' steps."""
        self._kind[sq] = kind
        self._owner[sq] = side
        self._piece[sq] = piece
        masks, steps = self._masks[side], self._steps[side]
        if kind is None:
            self._unknown[side] += 1
        if kind is None or kind in MOVABLE:
            owner = self._owner
            mask = 0
            for n, bit in self._open[sq]:
                if owner[n] != side:
                    mask |= bit
            masks[sq] = mask
            if mask:
                steps[sq] = _SUBSETS[sq][mask]
            if kind == SPY:
                self._spies[side].add(sq)
        for n, bit in _BACK[sq]:
            mask = masks.get(n)
            if mask is not None:
                mask &= ~bit
                masks[n] = mask
                if mask:
                    steps[n] = _SUBSETS[n][mask]
                else:
                    steps.pop(n, None)

    def _take(self, sq):
        kind, side = self._kind[sq], self._owner[sq]
        self._kind[sq] = None
        self._owner[sq] = None
        self._piece[sq] = None
        masks, steps = self._masks[side], self._steps[side]
        if kind is None:
            self._unknown[side] -= 1
        if sq in masks:
            del masks[sq]
            steps.pop(sq, None)
            if kind == SPY:
                self._spies[side].discard(sq)
        for n, bit in _BACK[sq]:
            mask = masks.get(n)
            if mask is not None:
                mask |= bit
                masks[n] = mask
                steps[n] = _SUBSETS[n][mask]
        return kind

    def _learn(self, sq, kind):
        """The state learns the kind of the piece on ``sq`` (a Mine or Headquarters stops being a mover)."""
        side, piece = self._owner[sq], self._piece[sq]
        self._take(sq)
        self._put(sq, kind, side, piece)

    # -- legality ------------------------------------------------------------------

    def _legal(self):
        side = self._side
        steps = self._steps[side]
        first = self._first
        nr = self._no_return[side]
        if first is None and not nr:
            return [m for sq in sorted(steps) for m in steps[sq]]
        # Only the pieces next to the first move's square and those with a
        # no-return entry have steps to filter out.
        skip = first.to_square if first is not None else -1
        keys = self._no_return_keys[side]
        touched = {m.to_square for m in nr}
        if skip >= 0:
            touched.update(ORTHOGONAL[skip])
        out = []
        for sq in sorted(steps):
            if sq == skip:
                continue
            if sq in touched:
                out += [m for m in steps[sq] if m.to_square != skip and m.key not in keys]
            else:
                out += steps[sq]
        return out

    def _has_legal_move(self, side):
        if not self._unknown[side]:
            return bool(self._legal_cache)
        return self.referee.has_legal_move(self, side) if self.referee is not None else None

    # -- a move ------------------------------------------------------------------------

    def _apply(self, m):
        """Play legal move ``m``; returns its MoveEvent (the game may end, the turn may end)."""
        fr, to = m.from_square, m.to_square
        side = self._side
        enemy = 1 - side
        kind_ = self._kind
        owner = self._owner
        unmasked = self._unmasked  # a frozenset, replaced only when the move changes it
        piece = self._piece[fr]
        target = self._piece[to]
        kind = self._take(fr)
        was_unmasked = fr in unmasked
        gone = [fr] if was_unmasked else []
        removed = ()
        won = None
        defender = None
        arrived = True
        if owner[to] == enemy:
            defender = kind_[to]
            if kind is not None and defender is not None:
                won = ATTACKER_WINS[kind, defender]
                lost = defender if won else kind
            else:
                won, lost = self.referee.fight(self, m, kind)
                if won:
                    defender = lost
            self._quiet = 0
            if won:
                self._take(to)
                if to in unmasked:
                    gone.append(to)
                removed = ((enemy, lost, to),)
                self._removed[enemy].append(lost)
            else:
                arrived = False
                removed = ((side, lost, fr),)
                self._removed[side].append(lost)
                kind = lost
        newly = ()
        if arrived:
            self._put(to, kind, side, piece)
            newly = self._unmasked_by(m, kind, was_unmasked)
        if gone or newly:
            carried = (to,) if was_unmasked and arrived else ()
            self._unmasked = unmasked.difference(gone).union(newly, carried)
            for n in newly:
                if kind_[n] is None:
                    learned = self.referee.revealed(self, m, n)
                    if learned is not None:
                        self._learn(n, learned)
        outcome = None
        if removed:
            lost_side, lost_kind, _ = removed[0]
            if lost_kind in MOVABLE:
                self._mobile[lost_side] -= 1
            if lost_kind == HEADQUARTERS:
                outcome = Outcome(SIDES[side], Termination.HEADQUARTERS)
            elif not self._mobile[lost_side]:
                outcome = Outcome(SIDES[1 - lost_side], Termination.NO_MOBILE_PIECES)
        ends_turn = True
        if outcome is None:
            nr = self._no_return[side]
            if nr and (nr[0].to_square == fr or nr[-1].to_square == fr):
                self._forget_no_return(side, fr)
            nr = self._no_return[enemy]
            if won and nr and (nr[0].to_square == to or nr[-1].to_square == to):
                self._forget_no_return(enemy, to)
            if self.variant.moves_per_turn == 2 and self._first is None:
                self._first = m
                self._legal_cache = self._legal()
                ends_turn = not self._legal_cache
        event = _new_event(
            MoveEvent,
            (
                m,
                side,
                self._turn,
                kind,
                defender,
                won,
                removed,
                tuple(sorted(newly)) if newly else (),
                ends_turn,
                piece,
                to in self._unmasked,
                target,
            ),
        )
        if outcome is not None:
            self.outcome = outcome
        elif ends_turn:
            self._end_turn(m)
        return event

    def _unmasked_by(self, m, kind, was_unmasked):
        """SPEC §4, in one place for every mode: the squares whose pieces the arrival of
        ``m``'s piece (of ``kind``, None if unknown here) on its target newly unmasks.

        After every move, every enemy piece on one of the 8 squares around a Spy
        becomes unmasked: the arrived piece if an enemy Spy stands next to it, and
        the arrived piece's enemy neighbours if it is a Spy."""
        to = m.to_square
        side = self._owner[to]
        enemy = 1 - side
        newly = []
        if not was_unmasked:
            seen = not _AROUND_SETS[to].isdisjoint(self._spies[enemy])
            if not seen and self._unknown[enemy]:
                seen = self.referee.watched(self, m)
            if seen:
                newly.append(to)
        spy = kind == SPY if kind is not None else self.referee.is_spy(self, m)
        if spy:
            owner, unmasked = self._owner, self._unmasked
            newly += [n for n in AROUND[to] if owner[n] == enemy and n not in unmasked]
        return newly

    def _forget_no_return(self, side, square):
        """An entry goes once its piece moves on from, or is removed on, ``square`` (the caller
        checks that an entry stands there: a move that ends on no entry's square is the rule)."""
        self._set_no_return(side, tuple([x for x in self._no_return[side] if x.to_square != square]))

    def _set_no_return(self, side, moves):
        self._no_return[side] = moves
        self._no_return_keys[side] = return_keys(moves)

    def _end_turn(self, last):
        """The turn's bookkeeping in full, then the move limit and the next side's legal moves (SPEC §5)."""
        side = self._side
        made = (self._first, last) if self._first is not None and self._first is not last else (last,)
        owner = self._owner
        self._set_no_return(side, tuple([x for x in made if owner[x.to_square] == side]))
        self._first = None
        self._quiet += 1
        self._side = 1 - side
        if side == BLUE:
            self._turn += 1
        if self._quiet >= QUIET_LIMIT:
            self.outcome = Outcome(None, Termination.MOVE_LIMIT)
            return
        # The next side's moves are needed now to see whether it has any; keep them.
        self._legal_cache = self._legal()
        if self._has_legal_move(self._side) is False:
            self.outcome = Outcome(SIDES[side], Termination.NO_LEGAL_MOVE)

    def _settled_outcome(self):
        """The outcome a position already stands at, before any move (SPEC §5 order)."""
        hq = [0, 0]
        for sq in SQUARES:
            if self._kind[sq] == HEADQUARTERS:
                hq[self._owner[sq]] += 1
        if hq[RED] and not hq[BLUE]:
            return Outcome("red", Termination.HEADQUARTERS)
        if hq[BLUE] and not hq[RED]:
            return Outcome("blue", Termination.HEADQUARTERS)
        for side in (RED, BLUE):
            if not self._mobile[side] and self._mobile[1 - side]:
                return Outcome(SIDES[1 - side], Termination.NO_MOBILE_PIECES)
        if self._first is None:
            if self._quiet >= QUIET_LIMIT:
                return Outcome(None, Termination.MOVE_LIMIT)
            self._legal_cache = self._legal()
            if self._has_legal_move(self._side) is False:
                return Outcome(SIDES[1 - self._side], Termination.NO_LEGAL_MOVE)
        return None
