"""The search's own compact board: every kind known (one sampled army), fast make/unmake.

Kinds are small integers, the evaluation is kept up to date move by move as
one number, Red's balance (each piece's worth on its square comes from a
table built once per sample, plus what each side learnt by unmasking), so
scoring a position costs nothing and a quiet step's score is a difference of
two table entries (``step_gain``). Below the root the search ignores the
no-return rule and the turn's bookkeeping: they matter for legality, which
the root takes from the view.
"""

from ..board import AROUND
from .kinds import HEADQUARTERS, IS_MOVABLE, SPY, WINS

EMPTY = -1
WIN_SCORE = 1000.0
SIGN = (1.0, -1.0)  # Red's balance counts for side 0 and against side 1

NEAR = tuple(frozenset(a) for a in AROUND)
"""The 8 squares around each square, as sets (a Spy sees these)."""


class SearchBoard:
    """A full board for one sampled enemy army; ``score(side)`` is the evaluation for ``side``."""

    __slots__ = (
        "adjacent",
        "balance",
        "headquarters",
        "info_worth",
        "kind",
        "mobile",
        "owner",
        "pieces",
        "spies",
        "unmasked",
        "winner",
        "worth",
    )

    def __init__(self, kinds, owners, unmasked, adjacent, worth, info_worth):
        """``kinds``/``owners``: 100 entries (EMPTY where no piece); ``worth[side][kind][square]``: each
        piece's value where it stands; ``info_worth[side][kind]``: what unmasking such a piece of
        ``side`` gives the other side."""
        self.kind = list(kinds)
        self.owner = list(owners)
        self.unmasked = list(unmasked)
        self.adjacent = adjacent
        self.worth = worth
        self.info_worth = info_worth
        self.pieces = (set(), set())  # squares of each side's movable pieces
        self.spies = (set(), set())  # squares of each side's Spies
        self.balance = 0.0  # Red's worth less Blue's, with what each learnt by unmasking in the search
        self.mobile = [0, 0]
        self.winner = None
        hq = [None, None]  # each side's Headquarters square (it never moves)
        for sq in range(100):
            side = owners[sq]
            if side == EMPTY:
                continue
            k = kinds[sq]
            self.balance += SIGN[side] * worth[side][k][sq]
            if IS_MOVABLE[k]:
                self.pieces[side].add(sq)
                self.mobile[side] += 1
            if k == SPY:
                self.spies[side].add(sq)
            elif k == HEADQUARTERS:
                hq[side] = sq
        self.headquarters = tuple(hq)

    def score(self, side):
        """The evaluation for ``side``: positive is good for it."""
        if self.winner is not None:
            return WIN_SCORE if self.winner == side else -WIN_SCORE
        return self.balance if side == 0 else -self.balance

    def moves(self, side):
        """(from, to) steps of ``side``'s movable pieces (no-return ignored)."""
        owner, adjacent = self.owner, self.adjacent
        return [(sq, n) for sq in self.pieces[side] for n in adjacent[sq] if owner[n] != side]

    def step_gain(self, fr, to):
        """What the step ``fr``-``to`` gains its side if it is quiet (onto an empty square, by no
        Spy, unmasking nothing), else None: then only ``make`` knows."""
        k = self.kind[fr]
        if k == SPY or self.owner[to] != EMPTY:
            return None
        side = self.owner[fr]
        if not self.unmasked[fr] and not NEAR[to].isdisjoint(self.spies[1 - side]):
            return None
        row = self.worth[side][k]
        return row[to] - row[fr]

    def make(self, fr, to):
        """Play the step ``fr``-``to``; returns what ``unmake`` needs."""
        kind, owner, unmasked = self.kind, self.owner, self.unmasked
        k = kind[fr]
        side = owner[fr]
        enemy = 1 - side
        d = kind[to]
        flag = unmasked[fr]
        sign = SIGN[side]
        row = self.worth[side][k]
        if d == EMPTY:
            saved = (fr, to, k, side, d, flag, False, self.balance, None, None)
            kind[fr] = EMPTY
            owner[fr] = EMPTY
            unmasked[fr] = False
            balance = self.balance + sign * (row[to] - row[fr])
            arrived = True
        else:
            mobile = self.mobile
            saved = (fr, to, k, side, d, flag, unmasked[to], self.balance, mobile[:], self.winner)
            kind[fr] = EMPTY
            owner[fr] = EMPTY
            unmasked[fr] = False
            balance = self.balance - sign * row[fr]
            if WINS[k][d]:
                arrived = True
                balance += sign * self.worth[enemy][d][to]
                if IS_MOVABLE[d]:
                    self.pieces[enemy].discard(to)
                    mobile[enemy] -= 1
                    if not mobile[enemy]:
                        self.winner = side
                    if d == SPY:
                        self.spies[enemy].discard(to)
                elif d == HEADQUARTERS:
                    self.winner = side
                balance += sign * row[to]
            else:
                arrived = False
                mobile[side] -= 1
                if not mobile[side] and self.winner is None:
                    self.winner = enemy
        pieces = self.pieces[side]
        pieces.discard(fr)
        newly = ()
        if arrived:
            kind[to] = k
            owner[to] = side
            unmasked[to] = flag
            pieces.add(to)
            info_worth = self.info_worth
            if not flag and not NEAR[to].isdisjoint(self.spies[enemy]):
                unmasked[to] = True
                balance -= sign * info_worth[side][k]
            if k == SPY:
                spies = self.spies[side]
                spies.discard(fr)
                spies.add(to)
                newly = [n for n in AROUND[to] if owner[n] == enemy and not unmasked[n]]
                for n in newly:
                    unmasked[n] = True
                    balance += sign * info_worth[enemy][kind[n]]
        elif k == SPY:
            self.spies[side].discard(fr)
        self.balance = balance
        return saved, newly

    def unmake(self, undo):
        saved, newly = undo
        fr, to, k, side, d, flag_fr, flag_to, self.balance, mobile, winner = saved
        kind, owner, unmasked = self.kind, self.owner, self.unmasked
        for n in newly:
            unmasked[n] = False
        pieces = self.pieces[side]
        if owner[to] == side:
            pieces.discard(to)
            if k == SPY:
                self.spies[side].discard(to)
        kind[fr] = k
        owner[fr] = side
        unmasked[fr] = flag_fr
        pieces.add(fr)
        if k == SPY:
            self.spies[side].add(fr)
        kind[to] = d
        unmasked[to] = flag_to
        if d == EMPTY:
            owner[to] = EMPTY
            return
        owner[to] = 1 - side
        self.mobile = mobile
        self.winner = winner
        if IS_MOVABLE[d]:
            self.pieces[1 - side].add(to)
            if d == SPY:
                self.spies[1 - side].add(to)
