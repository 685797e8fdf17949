"""The search's own compact board: every kind known (one sampled army), fast make/unmake.

Kinds are small integers, the evaluation is kept up to date move by move
(each piece's worth on its square comes from a table built once per sample),
so scoring a position costs nothing. Below the root the search ignores the
no-return rule and the turn's bookkeeping: they matter for legality, which
the root takes from the view.
"""

from ..board import AROUND
from .kinds import HEADQUARTERS, IS_MOVABLE, SPY, WINS

EMPTY = -1
WIN_SCORE = 1000.0


class SearchBoard:
    """A full board for one sampled enemy army; ``score(side)`` is the evaluation for ``side``."""

    __slots__ = (
        "adjacent",
        "info",
        "info_worth",
        "kind",
        "mobile",
        "owner",
        "pieces",
        "total",
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
        self.total = [0.0, 0.0]
        self.info = [0.0, 0.0]  # what each side has learnt by unmasking during the search
        self.mobile = [0, 0]
        self.winner = None
        for sq in range(100):
            side = owners[sq]
            if side == EMPTY:
                continue
            k = kinds[sq]
            self.total[side] += worth[side][k][sq]
            if IS_MOVABLE[k]:
                self.pieces[side].add(sq)
                self.mobile[side] += 1

    def score(self, side):
        """The evaluation for ``side``: positive is good for it."""
        if self.winner is not None:
            return WIN_SCORE if self.winner == side else -WIN_SCORE
        other = 1 - side
        return self.total[side] - self.total[other] + self.info[side] - self.info[other]

    def moves(self, side):
        """(from, to) steps of ``side``'s movable pieces (no-return ignored)."""
        owner, adjacent = self.owner, self.adjacent
        return [(sq, n) for sq in self.pieces[side] for n in adjacent[sq] if owner[n] != side]

    def captures(self, side):
        owner, adjacent, enemy = self.owner, self.adjacent, 1 - side
        return [(sq, n) for sq in self.pieces[side] for n in adjacent[sq] if owner[n] == enemy]

    def make(self, fr, to):
        """Play the step ``fr``-``to``; returns what ``unmake`` needs."""
        kind, owner, unmasked = self.kind, self.owner, self.unmasked
        k = kind[fr]
        side = owner[fr]
        enemy = 1 - side
        d = kind[to]
        saved = (
            fr,
            to,
            k,
            side,
            d,
            unmasked[fr],
            unmasked[to],
            self.total[:],
            self.info[:],
            self.mobile[:],
            self.winner,
        )
        worth = self.worth
        total = self.total
        pieces = self.pieces[side]
        kind[fr] = EMPTY
        owner[fr] = EMPTY
        flag = unmasked[fr]
        unmasked[fr] = False
        pieces.discard(fr)
        total[side] -= worth[side][k][fr]
        arrived = True
        if d != EMPTY:
            if WINS[k][d]:
                total[enemy] -= worth[enemy][d][to]
                if IS_MOVABLE[d]:
                    self.pieces[enemy].discard(to)
                    self.mobile[enemy] -= 1
                    if not self.mobile[enemy]:
                        self.winner = side
                if d == HEADQUARTERS:
                    self.winner = side
            else:
                arrived = False
                self.mobile[side] -= 1
                if not self.mobile[side] and self.winner is None:
                    self.winner = enemy
        if arrived:
            kind[to] = k
            owner[to] = side
            unmasked[to] = flag
            pieces.add(to)
            total[side] += worth[side][k][to]
            info_worth = self.info_worth
            if not flag:
                for n in AROUND[to]:
                    if owner[n] == enemy and kind[n] == SPY:
                        unmasked[to] = True
                        self.info[enemy] += info_worth[side][k]
                        break
            if k == SPY:
                newly = [n for n in AROUND[to] if owner[n] == enemy and not unmasked[n]]
                for n in newly:
                    unmasked[n] = True
                    self.info[side] += info_worth[enemy][kind[n]]
                return saved, newly
        return saved, ()

    def unmake(self, undo):
        saved, newly = undo
        fr, to, k, side, d, flag_fr, flag_to, self.total, self.info, self.mobile, self.winner = saved
        kind, owner, unmasked = self.kind, self.owner, self.unmasked
        for n in newly:
            unmasked[n] = False
        if owner[to] == side:
            self.pieces[side].discard(to)
        kind[fr] = k
        owner[fr] = side
        unmasked[fr] = flag_fr
        self.pieces[side].add(fr)
        kind[to] = d
        owner[to] = EMPTY if d == EMPTY else 1 - side
        unmasked[to] = flag_to
        if d != EMPTY and IS_MOVABLE[d]:
            self.pieces[1 - side].add(to)
