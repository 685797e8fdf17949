"""Choosing a turn: a shallow search averaged over armies sampled from the belief.

For each sampled enemy army the search builds a full board and scores
candidate turns on it; a turn's value is its average over the samples, so an
attack on an unknown piece is worth what it wins or loses on average, and the
Headquarters is hunted where it is likely to stand. Both moves of a turn are
chosen together: every first move is scored alone, then the best first moves
are paired with the best and the interacting second moves, and those pairs
are scored exactly, with the enemy's reply when the level looks that far.
A budget with ``seconds`` makes the search anytime: once every pair has its
score, the best pairs are scored on more and more freshly sampled armies until
the time is up, and the best average so far is played.
A budget that watches the Headquarters (levels 2 and 3) looks at the position
after the enemy's answer as the start of our next turn: a piece of ours beside
the enemy's known Headquarters wins, enemy pieces beside ours that our two
moves cannot take lose. With ``doom`` (the same levels) turns lost on a sample
are told apart rather than scored alike: the true enemy cannot see our
Headquarters.
The legal turns come from the view; samples only score them.
"""

import time
from dataclasses import dataclass

from ..board import AROUND, ORTHOGONAL, SIDES
from .belief import rows_from_back
from .board import EMPTY, WIN_SCORE, SearchBoard
from .evaluate import info_values, material, worth_table
from .kinds import CODE, COUNT, HEADQUARTERS, SAPPER, WINS


@dataclass(frozen=True)
class Budget:
    """How much a level thinks: counts, and for an anytime level a time in seconds."""

    samples: int
    first_moves: int  # first moves kept for pairing
    second_moves: int  # best second moves tried with each (plus those that interact with it)
    reply: int  # enemy moves looked at after our turn: 1 (its best move) or 2 (its best two, then our capture)
    screen_reply: bool = False  # rank single moves against the enemy's best answer too
    recapture: bool = False  # the enemy's captures are weighed with our recapture, its first move's too
    seconds: float | None = None  # anytime: score the best pairs on more samples until this time is up
    finalists: int = 24  # the best turns the anytime search keeps scoring
    # What a game won (or lost) on a sample counts in an average: a setting for tuning by self-play
    # (arena ``level3:win=60``). Every level keeps WIN_SCORE: level 3 with its defence measured
    # worse at 60 (README, "How level 3's defence was found").
    win: float = WIN_SCORE
    # After the enemy's answer it is our turn again: a piece of ours beside the enemy's known
    # Headquarters takes it, and enemy pieces beside ours that we cannot take win the game for it.
    watch: bool = False
    # The defence against Sappers, which take most Headquarters: a soldier within two steps of
    # its own Headquarters is worth ``guard`` more (half at two steps); a Sapper ``sapper`` more.
    guard: float = 0.0
    sapper: float = 0.0
    # A Headquarters nearer the front is found sooner by the enemy's blind attacks on pieces it
    # never saw move, and most games from random setups are lost there: the guard counts
    # (1 + ``exposed`` x the Headquarters' rows from its side's back row) times as much.
    exposed: float = 0.0
    # A soldier two steps from our Headquarters, beside the squares beside it (the doors an
    # enemy steps through), is worth ``doors`` x its rank / 5 more per door it covers (times the
    # guard's row factor): it takes what steps in (the attacker wins ties), where a soldier
    # beside the Headquarters waits to be attacked. Most games from random setups are lost
    # by a piece that reaches a door with nothing near that beats it.
    doors: float = 0.0
    # What unmasking a piece is worth, times evaluate.info_values: level 2 beat level 1 more
    # often at 0.3, level 3 beat level 2 a little more often at 0.5 (docs/computer-strength.md).
    info: float = 1.0
    # A game lost on a sample is not lost on the board: the true enemy cannot see our
    # Headquarters. With ``doom`` the search tells such turns apart instead of scoring them all
    # -WIN_SCORE (and playing one at random): a loss at the enemy's next move by its best answer
    # that spares our Headquarters, a loss at our next turn (the watch's) by the value without
    # the watch's verdict; the later loss counts more. Always less than one point.
    doom: bool = False


def _left(view, side):
    left = list(COUNT)
    for letter in view.removed[SIDES[side]]:
        left[CODE[letter.upper()]] -= 1
    return left


class Search:
    """One turn's search for the view's side."""

    def __init__(self, view, belief, budget, rng, deadline=None, clock=time.perf_counter):
        """``deadline``: the ``clock`` time by which an anytime budget returns its turn."""
        self.view = view
        self.deadline = deadline
        self.clock = clock
        self.me = view.viewer
        self.belief = belief
        self.budget = budget
        self.rng = rng
        left = (_left(view, 0), _left(view, 1))
        self._values = [material(left[side], left[1 - side]) for side in (0, 1)]
        for values in self._values:
            values[SAPPER] += budget.sapper
        # (side, target Headquarters, own Headquarters if guarded) -> worth table, shared by the samples
        self._tables = {}
        self.home = next((sq for sq in range(100) if view.owner(sq) == self.me and view.letters[sq] in "Hh"), None)
        # The squares where a quiet enemy step changes what Budget.watch sees.
        watched = budget.watch and self.home is not None
        self.home_near = frozenset(_adjacent(view.volcanoes)[self.home]) if watched else ()
        self.hunt = budget.watch and any(p.known == HEADQUARTERS for p in belief.pieces.values())
        self.boards = [self._board(belief.sample(rng)) for _ in range(budget.samples)]

    def _worth(self, side, target, home):
        if not self.budget.guard:
            home = None
        key = (side, target, home)
        table = self._tables.get(key)
        if table is None:
            urgency = 1.0 + self.view.quiet_count / 40
            guard, doors = self.budget.guard, self.budget.doors
            if home is not None:
                row = 1 + self.budget.exposed * rows_from_back(side, home)
                guard, doors = guard * row, doors * row
            table = self._tables[key] = worth_table(
                self._values[side], target, self.view.volcanoes, urgency, home, guard, doors
            )
        return table

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
        worth = [self._worth(side, hq[1 - side], hq[side]) for side in (0, 1)]
        info = [[self.budget.info * x for x in info_values(self._values[side])] for side in (0, 1)]
        return SearchBoard(kinds, owners, unmasked, _adjacent(view.volcanoes), worth, info)

    # -- scoring -----------------------------------------------------------

    def _reply(self, board):
        """The value for us after the enemy's answer on this board."""
        if board.winner is not None:
            return board.score(self.me)
        best, best_move = self._enemy_best(board)
        if best <= -WIN_SCORE and self.budget.doom:
            return self._spared(board, best_move)
        if best_move is None or self.budget.reply < 2 or best <= -WIN_SCORE:
            return best
        return self._after_enemy_first(board, best_move)

    def _spared(self, board, taking):
        """A loss by the enemy's move ``taking`` our Headquarters, told apart by its best answer
        that spares it (Budget.doom)."""
        if taking is None or taking[1] != board.headquarters[self.me]:
            return -WIN_SCORE
        best, best_move = self._enemy_best(board, spare=taking[1])
        if best_move is not None and self.budget.reply >= 2 and best > -WIN_SCORE:
            best = self._after_enemy_first(board, best_move)
        return _doomed(best, 0.05)

    def _after_enemy_first(self, board, first):
        """Our value after the enemy's ``first`` move and its best second move."""
        me = self.me
        enemy = 1 - me
        owner = board.owner
        taken = first[1]
        attack = owner[taken] == me
        undo = board.make(*first)
        base = board.score(me)
        if board.winner is not None:
            board.unmake(undo)
            return base
        # Our answer to the first move's capture, if we look at it: the enemy's quiet second
        # move (another piece, no Spy) changes nothing around it, so its gain simply adds.
        first_capture = self.budget.recapture and attack and owner[taken] == enemy
        taken_back = self._recapture(board, taken) - base if first_capture else 0.0
        watch = self.budget.watch
        near = self.home_near
        verdict = self._our_turn(board) if watch else None
        # were its second move to change nothing:
        second = base + taken_back if verdict is None else verdict
        unwatched = base + taken_back  # the same without the watch's verdicts (Budget.doom)
        gain = board.step_gain
        for fr, to in board.moves(enemy):
            if fr == taken or to == taken:
                continue
            step = gain(fr, to)
            if step is not None and not (fr in near or to in near):
                bare = base - step + taken_back
                value = bare if verdict is None else verdict
            else:
                attack = owner[to] == me
                inner = board.make(fr, to)
                if attack and board.winner is None and owner[to] == enemy:
                    value = self._recapture(board, to)
                else:
                    value = board.score(me)
                if first_capture and board.winner is None and owner[taken] == enemy:
                    value = max(value, self._recapture(board, taken))
                bare = value
                if watch and board.winner is None:
                    value = self._our_turn(board) or value
                board.unmake(inner)
            if value < second:
                second = value
            if bare < unwatched:
                unwatched = bare
        board.unmake(undo)
        if second <= -WIN_SCORE and self.budget.doom:
            return _doomed(unwatched, 0.5)
        return second

    def _our_turn(self, board):
        """At our turn after the enemy's: WIN_SCORE if we take its Headquarters now, -WIN_SCORE if
        the enemy pieces beside ours are more than our turn's moves (by different pieces) can
        take, or None when the Headquarters decide nothing yet (Budget.watch)."""
        me = self.me
        enemy = 1 - me
        owner, kind, adjacent = board.owner, board.kind, board.adjacent
        mine = board.pieces[me]
        if self.hunt:
            target = board.headquarters[enemy]
            if target is not None and any(n in mine for n in adjacent[target]):
                return WIN_SCORE
        if self.home is None:
            return None
        takers = [
            {fr for fr in adjacent[n] if fr in mine and WINS[kind[fr]][kind[n]]}
            for n in adjacent[self.home]
            if owner[n] == enemy
        ]
        if not takers:
            return None
        if len(takers) > self.view.variant.moves_per_turn or not all(takers):
            return -WIN_SCORE
        if len(takers) == 2 and len(takers[0] | takers[1]) < 2:
            return -WIN_SCORE
        return None

    def _enemy_best(self, board, spare=None):
        """The enemy's best single move on this board, and our value after it (after our
        recapture, if the budget weighs captures so); no move to the square ``spare``."""
        me = self.me
        enemy = 1 - me
        base = best = board.score(me)
        best_move = None
        gain = board.step_gain
        recapture = self.budget.recapture
        owner = board.owner
        for fr, to in board.moves(enemy):
            if to == spare:
                continue
            step = gain(fr, to)
            if step is not None:
                value = base - step
            else:
                attack = owner[to] == me
                undo = board.make(fr, to)
                if recapture and attack and board.winner is None and owner[to] == enemy:
                    value = self._recapture(board, to)
                else:
                    value = board.score(me)
                board.unmake(undo)
            if value < best or best_move is None:
                best, best_move = value, (fr, to)
        return best, best_move

    def _recapture(self, board, square):
        """Our best answer to the enemy piece that just took ``square``: take it back, or stand pat."""
        me = self.me
        best = board.score(me)
        owner = board.owner
        for fr in board.adjacent[square]:
            if owner[fr] == me and fr in board.pieces[me]:
                undo = board.make(fr, square)
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
        return self._capped(value)

    def _capped(self, value):
        """``value``, a won or lost game counting ``budget.win`` (a lost one keeps its tie-break,
        Budget.doom)."""
        if value < -WIN_SCORE + 1:
            return -self.budget.win + max(0.0, value + WIN_SCORE)
        if value >= WIN_SCORE:
            return self.budget.win
        return value

    # -- choosing ----------------------------------------------------------

    def single_scores(self, moves):
        """Each move's average gain played alone (against the enemy's best answer if the budget says so)."""
        scores = dict.fromkeys(moves, 0.0)
        screen = self.budget.screen_reply
        me = self.me
        for board in self.boards:
            capped = self._capped
            base = capped(self._enemy_best(board)[0] if screen else board.score(me))
            for m in moves:
                undo = board.make(m.from_square, m.to_square)
                if screen and board.winner is None:
                    best, best_move = self._enemy_best(board)
                    if best <= -WIN_SCORE and self.budget.doom:
                        best = self._spared(board, best_move)
                    scores[m] += capped(best) - base
                else:
                    scores[m] += capped(board.score(me)) - base
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
        if view.first_move is not None or view.variant.moves_per_turn == 1:
            candidates = [(m,) for m in ranked[: budget.first_moves]]
        else:
            candidates = self._pairs(ranked, singles, noise)
        scored = [(self.average(turn) + rng.random() * 1e-3, i) for i, turn in enumerate(candidates)]
        if self.deadline is not None and len(candidates) > 1:
            return list(candidates[self._refine(candidates, scored)])
        return list(candidates[max(scored)[1]])

    def _pairs(self, ranked, singles, noise):
        """The best first moves, each with its best second moves and those that interact with it."""
        view, budget = self.view, self.budget
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
        return candidates

    def _refine(self, candidates, scored):
        """The anytime part: the best pairs, scored on fresh samples until the deadline; the index
        of the best average. Each new sample scores every finalist, so averages stay comparable."""
        finalists = [i for _, i in sorted(scored, reverse=True)[: self.budget.finalists]]
        n = len(self.boards)
        totals = dict.fromkeys(finalists, 0.0)
        for value, i in scored:
            if i in totals:
                totals[i] = value * n
        while self.clock() < self.deadline:
            board = self._board(self.belief.sample(self.rng))
            for i in finalists:
                totals[i] += self._turn_value(board, candidates[i])
            n += 1
        return max(finalists, key=totals.__getitem__)


def _doomed(value, scale):
    """A game lost on a sample, told apart by ``value``: -WIN_SCORE plus ``scale`` give or take
    0.8 ``scale`` (a point of value moves it 1/250, up to that)."""
    return -WIN_SCORE + scale + max(-0.8 * scale, min(0.8 * scale, value / 250))


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
