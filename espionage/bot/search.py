"""Choosing a turn: a shallow search averaged over armies sampled from the belief.

For each sampled enemy army the search builds a full board and scores
candidate turns on it; a turn's value is its average over the samples, so an
attack on an unknown piece is worth what it wins or loses on average, and the
Headquarters is hunted where it is likely to stand. Both moves of a turn are
chosen together: every first move is scored alone, then the best first moves
are paired with the best and the interacting second moves, and those pairs
are scored exactly, with the enemy's reply when the level looks that far.
The legal turns come from the view; samples only score them.
"""

from dataclasses import dataclass

from ..board import AROUND, ORTHOGONAL, SIDES
from .board import EMPTY, SearchBoard
from .evaluate import info_values, material, worth_table
from .kinds import CODE, COUNT, HEADQUARTERS


@dataclass(frozen=True)
class Budget:
    """How much a level thinks: all counts, no clock, so the same view gives the same turn."""

    samples: int
    first_moves: int  # first moves kept for pairing
    second_moves: int  # best second moves tried with each (plus those that interact with it)
    reply: int  # enemy moves looked at after our turn: 0, 1 (its best move) or 2 (its best two, then our capture)


def _left(view, side):
    left = list(COUNT)
    for letter in view.removed[SIDES[side]]:
        left[CODE[letter.upper()]] -= 1
    return left


class Search:
    """One turn's search for the view's side."""

    def __init__(self, view, belief, budget, rng):
        self.view = view
        self.me = view.viewer
        self.belief = belief
        self.budget = budget
        self.rng = rng
        self.boards = [self._board(belief.sample(rng)) for _ in range(budget.samples)]

    def _board(self, army):
        view, me = self.view, self.me
        enemy = 1 - me
        kinds = [EMPTY] * 100
        owners = [EMPTY] * 100
        hq = [None, None]
        for sq in range(100):
            side = view.owner(sq)
            if side is None:
                continue
            k = army[sq] if side == enemy else CODE[view.letters[sq].upper()]
            kinds[sq] = k
            owners[sq] = side
            if k == HEADQUARTERS:
                hq[side] = sq
        unmasked = [sq in view.unmasked for sq in range(100)]
        left = (_left(view, 0), _left(view, 1))
        urgency = 1.0 + view.quiet_count / 40
        worth = [None, None]
        info = [None, None]
        for side in (0, 1):
            values = material(left[side], left[1 - side])
            worth[side] = worth_table(values, hq[1 - side], view.volcanoes, urgency)
            info[side] = info_values(values)
        adjacent = _adjacent(view.volcanoes)
        return SearchBoard(kinds, owners, unmasked, adjacent, worth, info)

    # -- scoring -----------------------------------------------------------

    def _reply(self, board):
        """The value for us after the enemy's answer on this board."""
        me = self.me
        if board.winner is not None or not self.budget.reply:
            return board.score(me)
        enemy = 1 - me
        best, best_move = board.score(me), None
        for fr, to in board.moves(enemy):
            undo = board.make(fr, to)
            value = board.score(me)
            board.unmake(undo)
            if value < best or best_move is None:
                best, best_move = value, (fr, to)
        if best_move is None or self.budget.reply < 2 or best <= -1000:
            return best
        undo = board.make(*best_move)
        second = board.score(me)
        for fr, to in board.moves(enemy):
            if fr == best_move[1] or to == best_move[1]:
                continue
            inner = board.make(fr, to)
            value = self._recapture(board) if board.winner is None else board.score(me)
            board.unmake(inner)
            second = min(second, value)
        board.unmake(undo)
        return second

    def _recapture(self, board):
        """Our best capture (or standing pat) after the enemy's turn."""
        me = self.me
        best = board.score(me)
        for fr, to in board.captures(me):
            undo = board.make(fr, to)
            best = max(best, board.score(me))
            board.unmake(undo)
        return best

    def _turn_value(self, board, turn):
        undos = []
        for m in turn:
            undos.append(board.make(m.from_square, m.to_square))
            if board.winner is not None:
                break
        value = self._reply(board)
        for undo in reversed(undos):
            board.unmake(undo)
        return value

    # -- choosing ----------------------------------------------------------

    def single_scores(self, moves):
        """Each move's average gain, played alone, without reply."""
        scores = dict.fromkeys(moves, 0.0)
        for board in self.boards:
            base = board.score(self.me)
            for m in moves:
                undo = board.make(m.from_square, m.to_square)
                scores[m] += board.score(self.me) - base
                board.unmake(undo)
        n = len(self.boards)
        return {m: s / n for m, s in scores.items()}

    def average(self, turn):
        return sum(self._turn_value(board, turn) for board in self.boards) / len(self.boards)

    def choose(self):
        """The turn to play: a list of one or two moves."""
        view, budget, rng = self.view, self.budget, self.rng
        firsts = view.legal_moves()
        singles = self.single_scores(firsts)
        noise = {m: rng.random() * 1e-3 for m in firsts}
        ranked = sorted(firsts, key=lambda m: singles[m] + noise[m], reverse=True)
        one_move = view.first_move is not None or view.variant.moves_per_turn == 1
        if one_move:
            if not budget.reply:
                return [ranked[0]]
            return [max(ranked[: budget.first_moves], key=lambda m: self.average((m,)) + noise[m])]
        if not budget.reply:
            # Greedy: the best first move, then the best second move on the boards it leaves.
            first = ranked[0]
            seconds = view.legal_moves_after([first])
            if not seconds:
                return [first]
            best = max(seconds, key=lambda m: self.average((first, m)) + noise.get(m, 0.0))
            return [first, best]
        candidates = []
        for first in ranked[: budget.first_moves]:
            seconds = view.legal_moves_after([first])
            if not seconds:
                candidates.append((first,))
                continue
            near = set(ORTHOGONAL[first.to_square]) | set(AROUND[first.from_square]) | {first.from_square}
            interacting = [m for m in seconds if m.to_square in near or m.from_square in near]
            best = sorted(seconds, key=lambda m: singles.get(m, 0.0) + noise.get(m, 0.0), reverse=True)
            chosen = dict.fromkeys(best[: budget.second_moves] + interacting)
            candidates.extend((first, m) for m in chosen)
        scored = [(self.average(turn) + rng.random() * 1e-3, i) for i, turn in enumerate(candidates)]
        return list(candidates[max(scored)[1]])


_ADJACENT = {}


def _adjacent(volcanoes):
    table = _ADJACENT.get(volcanoes)
    if table is None:
        table = tuple(
            () if sq in volcanoes else tuple(n for n in ORTHOGONAL[sq] if n not in volcanoes) for sq in range(100)
        )
        _ADJACENT[volcanoes] = table
        if len(_ADJACENT) > 256:
            _ADJACENT.clear()
    return table
