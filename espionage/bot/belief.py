"""What each unknown enemy piece can be, kept from the public events of one view.

The view says where pieces stand, not which piece is which: the belief follows
every piece through the events from the start. Hard facts narrow a piece's
set of possible kinds (a bit mask) and never exclude the truth:

- the army's counts, less what was removed and what is known on the board;
- a piece that moved is no Mine or Headquarters;
- a fight's result: an enemy that beat our Captain is a Captain or stronger,
  a Sapper if it beat a General, and so on; a defender that survived our
  attack is one our attacker does not beat;
- kinds the view shows (unmasked pieces, removed pieces, kinds in events);
- Spies: an enemy piece whose arrival unmasked our pieces is a Spy; one that
  arrived next to masked pieces of ours without unmasking them is not; if our
  piece arrived without being unmasked, no piece around it is a Spy.

Soft priors (weights used when sampling, never exclusions) say where a
Headquarters usually stands, that pieces which attack tend to be strong, and
(``declines``) that an enemy piece which stood beside a piece of ours whose
kind the enemy knew, or had seen win a fight, and did not attack it likely
cannot beat it (of level 1's pieces in 20 games against level 2, 4-10% of such pieces beside an
unmasked piece of ours beat it and 25% beside one that had won, against 34%
and 43% of all the pieces beside those of ours).
``sample(rng)`` draws whole armies consistent with every hard fact.
"""

from ..board import AROUND, ORTHOGONAL, RED, SETUP_SQUARES, SIDES
from .kinds import (
    ALL,
    CODE,
    COLONEL,
    COUNT,
    GENERAL,
    HEADQUARTERS,
    LETTERS,
    MINE,
    MOVABLE_MASK,
    SPY,
    beaten_by,
    beating,
    codes_in,
)

DECLINES = (0.05, 0.25)
"""The levels' ``declines`` weights (measured against level 1: docs/computer-strength.md)."""


class EnemyPiece:
    """One enemy piece as followed through the game."""

    __slots__ = ("attacks", "declined", "known", "mask", "moved", "moves", "spy_hint", "square", "start")

    def __init__(self, square, moved):
        self.start = square
        self.square = square
        self.mask = ALL
        self.known = None  # kind code once known for sure
        self.moved = moved  # True, False, or None when the history before the view is unknown
        self.moves = 0
        self.attacks = 0
        self.spy_hint = 0
        self.declined = {}  # kind code of a piece of ours it stood beside and did not attack -> how sure

    def narrow(self, mask):
        self.mask &= mask

    def learn(self, code):
        self.known = code
        self.mask &= 1 << code

    def possible_letters(self):
        """The kind letters this piece may still be."""
        return [LETTERS[k] for k in codes_in(self.mask)]


class Belief:
    """The bot's knowledge of the enemy army, built from a view alone."""

    def __init__(self, view, priors=True, spy_inference=True, declines=None):
        """``declines``: (unmasked, won) weights of the kinds that beat a piece of ours, for an
        enemy piece that stood beside it and did not attack it while the enemy knew its kind
        (unmasked) or had seen it win a fight (won); None reads nothing from that. Used only
        with ``priors``."""
        self.me = view.viewer
        self.enemy = 1 - view.viewer
        self.priors = priors
        self._spy_inference = spy_inference
        self._declines = declines
        self.pieces = {}  # square -> EnemyPiece, for the enemy pieces on the board
        self._replay(view)
        self._settle(view)

    # -- following the game ------------------------------------------------

    def _start_owners(self, view):
        """Who stood where before the first event, and the kind codes of our pieces then,
        undoing the events backwards."""
        me = self.me
        owner = [view.owner(sq) for sq in range(100)]
        ours = [CODE[view.letters[sq].upper()] if owner[sq] == me else None for sq in range(100)]
        for e in reversed(view.events):
            fr, to = e.move.from_square, e.move.to_square
            if e.side == me and (not e.attack or e.attacker_won):
                ours[fr], ours[to] = ours[to], None
            for side, letter, sq in e.removed:
                if SIDES.index(side) == me:
                    ours[sq] = CODE[letter.upper()]
            if not e.attack:
                owner[to] = None
            elif e.attacker_won:
                owner[to] = 1 - e.side
            owner[fr] = e.side
        return owner, ours

    def _replay(self, view):
        me, enemy = self.me, self.enemy
        owner, ours = self._start_owners(view)
        zone = (set(SETUP_SQUARES[RED]), set(SETUP_SQUARES[1 - RED]))
        removed_before = sum(len(v) for v in view.removed.values()) - sum(len(e.removed) for e in view.events)
        fresh = (
            removed_before == 0
            and all(owner[sq] is None or sq in zone[owner[sq]] for sq in range(100))
            and sum(o is not None for o in owner) == 2 * sum(COUNT)
        )
        self.fresh = fresh
        spies = self._spy_inference and fresh
        declines = self._declines if fresh else None
        shown = set()  # squares of our pieces the enemy has seen unmasked
        proven = set()  # squares of our pieces the enemy has seen win a fight (attacking or attacked)
        beside = None  # at the start of an enemy turn: (enemy piece, our square, kind, unmasked)
        pieces = {}
        masked_mine = set()  # squares of our pieces the enemy has not unmasked (tracked when fresh)
        for sq in range(100):
            if owner[sq] == enemy:
                outside = sq not in zone[enemy]
                pieces[sq] = EnemyPiece(sq, True if outside else (False if fresh else None))
                if outside:
                    pieces[sq].narrow(MOVABLE_MASK)
            elif owner[sq] == me and fresh:
                masked_mine.add(sq)
        for e in view.events:
            fr, to = e.move.from_square, e.move.to_square
            arrived = not e.attack or bool(e.attacker_won)
            newly = set(e.unmasked)
            if declines:
                if e.side == enemy and beside is None:
                    beside = self._beside(pieces, ours, shown, proven)
                    attacked = set()
                if e.side == enemy and e.attack:
                    attacked.add(to)
                if e.side == me and beside is not None:
                    self._declined(beside, attacked, ours, declines)
                    beside = None
                self._follow_ours(e, ours, shown, proven, arrived)
            if e.side == enemy:
                piece = pieces.pop(fr)
                piece.moved = True
                piece.moves += 1
                piece.narrow(MOVABLE_MASK)
                if e.kind is not None:
                    piece.learn(CODE[e.kind])
                if e.attack:
                    piece.attacks += 1
                    if e.attacker_won and e.defender is not None:
                        piece.narrow(beating(CODE[e.defender]))
                if spies and arrived:
                    around_mine = [n for n in AROUND[to] if n in masked_mine and n != to]
                    if any(n in newly for n in around_mine):
                        piece.learn(SPY)
                    elif around_mine:
                        piece.narrow(ALL & ~(1 << SPY))
                for side, letter, sq in e.removed:
                    if SIDES.index(side) == me:
                        masked_mine.discard(sq)
                    elif sq == fr:
                        piece.learn(CODE[letter.upper()])
                if arrived:
                    piece.square = to
                    pieces[to] = piece
                    masked_mine.discard(to)
            else:
                target = pieces.get(to) if e.attack else None
                if target is not None and not e.attacker_won and e.kind is not None:
                    target.narrow(ALL & ~beaten_by(CODE[e.kind]))
                for side, letter, sq in e.removed:
                    if SIDES.index(side) == enemy:
                        pieces.pop(sq).learn(CODE[letter.upper()])
                    else:
                        masked_mine.discard(sq)
                was_masked = fr in masked_mine
                masked_mine.discard(fr)
                if arrived:
                    if spies and was_masked:
                        neighbours = [pieces[n] for n in AROUND[to] if n in pieces]
                        if to in newly:
                            candidates = [p for p in neighbours if p.mask >> SPY & 1]
                            if len(candidates) == 1:
                                candidates[0].learn(SPY)
                            for p in candidates:
                                p.spy_hint += 1
                        else:
                            for p in neighbours:
                                p.narrow(ALL & ~(1 << SPY))
                    if was_masked and to not in newly:
                        masked_mine.add(to)
            for sq in newly:
                masked_mine.discard(sq)
        if beside is not None:
            self._declined(beside, attacked, ours, declines)
        self.pieces = pieces

    def _beside(self, pieces, ours, shown, proven):
        """The enemy pieces beside a piece of ours that the enemy knows or has seen win."""
        out = []
        for sq in shown | proven:
            for n in ORTHOGONAL[sq]:
                piece = pieces.get(n)
                if piece is not None:
                    out.append((piece, sq, ours[sq], sq in shown))
        return out

    @staticmethod
    def _declined(beside, attacked, ours, declines):
        """Enemy pieces that let a piece of ours beside them be: they likely cannot beat it."""
        for piece, sq, kind, unmasked in beside:
            if sq not in attacked and ours[sq] == kind:
                weight = declines[0] if unmasked else declines[1]
                piece.declined[kind] = min(piece.declined.get(kind, 1.0), weight)

    def _follow_ours(self, e, ours, shown, proven, arrived):
        """Our pieces' kinds, and whether the enemy knows or has seen them win, through one move."""
        fr, to = e.move.from_square, e.move.to_square
        for side, _, sq in e.removed:
            if SIDES.index(side) == self.me:
                ours[sq] = None
                shown.discard(sq)
                proven.discard(sq)
        if e.side == self.me and arrived:
            ours[to], ours[fr] = ours[fr], None
            for known in (shown, proven):
                if fr in known:
                    known.discard(fr)
                    known.add(to)
            if e.attack:
                proven.add(to)
        elif e.side != self.me and e.attack and not e.attacker_won:
            proven.add(to)
        for sq in e.unmasked:
            if ours[sq] is not None:
                shown.add(sq)

    def _settle(self, view):
        """Add what the board shows now and work out the kinds left for the unknown pieces."""
        pool = list(COUNT)
        for letter in view.removed[SIDES[self.enemy]]:
            pool[CODE[letter.upper()]] -= 1
        for sq, piece in self.pieces.items():
            letter = view.letters[sq]
            if letter not in (None, "?", "V"):
                piece.learn(CODE[letter.upper()])
        # A kind whose every copy is accounted for is excluded from the rest;
        # repeat, as each newly certain piece may settle another.
        changed = True
        while changed:
            changed = False
            left = list(pool)
            for piece in self.pieces.values():
                if piece.known is not None:
                    left[piece.known] -= 1
            exhausted = sum(1 << k for k in range(len(left)) if left[k] <= 0)
            for piece in self.pieces.values():
                if piece.known is None:
                    if piece.mask & exhausted:
                        piece.narrow(ALL & ~exhausted)
                        changed = True
                    if piece.mask and piece.mask & (piece.mask - 1) == 0:
                        piece.known = piece.mask.bit_length() - 1
                        changed = True
        self.pool = left
        self.unknown = sorted(sq for sq, p in self.pieces.items() if p.known is None)

    # -- sampling ----------------------------------------------------------

    def _weights(self, piece):
        """Soft prior per kind code for one unknown piece."""
        w = [1.0] * len(LETTERS)
        if not self.priors:
            return w
        row = rows_from_back(self.enemy, piece.square)
        if not piece.moved:
            w[HEADQUARTERS] = (5.0, 2.0, 0.3)[row] if row < 3 else 0.05
            w[MINE] = (1.6, 1.3, 0.8)[row] if row < 3 else 0.3
        if piece.attacks:
            w[GENERAL] *= 1.8
            w[COLONEL] *= 1.5
            w[SPY] *= 0.6
        if piece.spy_hint:
            w[SPY] *= 1 + 2 * piece.spy_hint
        for kind, weight in piece.declined.items():
            for k in codes_in(beating(kind)):
                w[k] *= weight
        return w

    def sample(self, rng):
        """One enemy army consistent with every hard fact: {square: kind code}."""
        out = {sq: p.known for sq, p in self.pieces.items() if p.known is not None}
        pieces = [self.pieces[sq] for sq in self.unknown]
        pieces.sort(key=lambda p: (bin(p.mask).count("1"), rng.random()))
        pool = list(self.pool)
        masks = [p.mask for p in pieces]
        for i, piece in enumerate(pieces):
            weights = self._weights(piece)
            choices = [k for k in codes_in(piece.mask) if pool[k] > 0]
            while choices:
                k = rng.choices(choices, [weights[c] * pool[c] for c in choices])[0]
                pool[k] -= 1
                if _feasible(masks[i + 1 :], pool):
                    out[piece.square] = k
                    break
                pool[k] += 1
                choices.remove(k)
            else:
                raise AssertionError("the belief excludes every army: a hard fact was wrong")
        return out

    def marginals(self, rng, samples=200):
        """Estimated probability of each kind letter for every enemy piece: {square: {letter: p}}."""
        counts = {sq: [0] * len(LETTERS) for sq in self.pieces}
        for _ in range(samples):
            for sq, k in self.sample(rng).items():
                counts[sq][k] += 1
        return {sq: {LETTERS[k]: n / samples for k, n in enumerate(c) if n} for sq, c in counts.items()}


def _feasible(masks, pool):
    """Hall's condition: the pieces with these masks can take the kinds left in ``pool``."""
    if not masks:
        return True
    distinct = {}
    for m in masks:
        distinct[m] = distinct.get(m, 0) + 1
    items = list(distinct.items())
    if len(items) > 10:
        return True
    for subset in range(1, 1 << len(items)):
        union = 0
        need = 0
        for j, (m, _) in enumerate(items):
            if subset >> j & 1:
                union |= m
        for m, n in items:
            if m & ~union == 0:
                need += n
        have = sum(pool[k] for k in codes_in(union))
        if need > have:
            return False
    return True


def rows_from_back(side, square):
    """How many rows ``square`` stands in front of ``side``'s back row (Red's is rank 1)."""
    rank = square // 10
    return rank if side == RED else 9 - rank
