"""The game: the whole truth of one Espionage game, and the rules that move it."""

import random as _random
from collections import Counter
from dataclasses import dataclass
from typing import NamedTuple

from .board import (
    AROUND,
    BLUE,
    ORTHOGONAL,
    RED,
    SIDES,
    SQUARES,
    side_index,
    square_name,
)
from .epn import EPNError, format_epn, parse_epn
from .moves import Move
from .moves import move as step
from .pieces import (
    ARMY,
    ATTACKER_WINS,
    HEADQUARTERS,
    KINDS,
    MINE,
    MOVABLE,
    SPY,
    UNKNOWN,
    VOLCANO,
    letter_of,
)
from .setup import Setup, random_volcanoes, validate_volcanoes
from .variant import STANDARD, Variant

QUIET_LIMIT = 100
REASONS = ("headquarters", "no_mobile_pieces", "move_limit", "no_legal_move", "resignation", "agreement")


class IllegalMove(ValueError):
    """A move the rules forbid; the message tells the player why."""


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` is "red", "blue" or None (a draw)."""

    winner: str | None
    reason: str

    def __str__(self):
        return f"{self.winner or 'draw'}:{self.reason}"

    @classmethod
    def from_str(cls, text):
        winner, _, reason = text.partition(":")
        if winner not in ("red", "blue", "draw") or reason not in REASONS:
            raise ValueError(f"{text!r} is not an outcome such as 'red:headquarters' or 'draw:agreement'")
        return cls(None if winner == "draw" else winner, reason)


class MoveEvent(NamedTuple):
    """What one move did, with every kind involved (the truth, never shown whole).

    ``removed`` lists (side, kind, square) of each removed piece; ``unmasked``
    the squares whose pieces the move newly unmasked."""

    move: Move
    side: int
    turn: int
    kind: str
    defender: str | None
    attacker_won: bool | None
    removed: tuple
    unmasked: tuple
    ends_turn: bool


_ADJACENCY = {}


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


# A movable piece's steps are a subset of its orthogonal steps, named by a bit
# mask: _SUBSETS[sq][mask] is that subset, and _BACK[sq] lists (n, bit) for each
# neighbour n whose step onto sq is bit ``bit`` of n's mask.
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
    """The legal moves of ``side``, given where its movable pieces stand.

    Shared by the Game (which knows everything) and by views (which know
    exactly what legality depends on: positions, own kinds, the turn so far)."""
    skip = first.to_square if first is not None else -1
    out = [m for sq in sorted(mobile) if sq != skip for m in adjacent[sq] if owner[m.to_square] != side]
    if skip >= 0 or no_return_keys:
        out = [m for m in out if m.to_square != skip and m.key not in no_return_keys]
    return out


class Game:
    """One game of Espionage, holding the truth; players see it through ``view``."""

    def __init__(self, red_setup, blue_setup, volcanoes, variant=STANDARD):
        """Start a game from both setups and the volcano squares."""
        if not isinstance(red_setup, Setup):
            red_setup = Setup.from_str(RED, red_setup)
        if not isinstance(blue_setup, Setup):
            blue_setup = Setup.from_str(BLUE, blue_setup)
        if red_setup.side != RED or blue_setup.side != BLUE:
            raise ValueError("the first setup is Red's and the second Blue's")
        volcanoes = validate_volcanoes(volcanoes)
        if len(volcanoes) != variant.volcanoes:
            variant = Variant(variant.moves_per_turn, len(volcanoes))
        self._reset(volcanoes, variant)
        self.setups = (red_setup, blue_setup)
        for setup in self.setups:
            for sq, kind in setup.items():
                self._put(sq, kind, setup.side)
        self.start_position = None

    @classmethod
    def random(cls, variant=STANDARD, rng=None):
        """A new game with random setups and volcanoes."""
        rng = rng or _random.Random()
        return cls(Setup.random(RED, rng), Setup.random(BLUE, rng), random_volcanoes(variant.volcanoes, rng), variant)

    @classmethod
    def from_position(cls, epn, moves_per_turn=2):
        """The game at any legal EPN position, mid-turn too."""
        pos = parse_epn(epn)
        if moves_per_turn == 1 and pos.first_move is not None:
            raise EPNError("field 3: a single-move game has no first move in progress")
        volcanoes = frozenset(sq for sq in SQUARES if pos.letters[sq] == VOLCANO)
        game = cls.__new__(cls)
        game._reset(volcanoes, Variant(moves_per_turn, min(len(volcanoes), 10) // 2 * 2))
        counts = (Counter(), Counter())
        for sq, letter in enumerate(pos.letters):
            if letter is None or letter == VOLCANO:
                continue
            if letter == UNKNOWN:
                raise EPNError(f"{square_name(sq)} holds '?': a game needs every kind (a view's EPN is not enough)")
            side = RED if letter.isupper() else BLUE
            kind = letter.upper()
            counts[side][kind] += 1
            if counts[side][kind] > ARMY[kind]:
                raise EPNError(f"{SIDES[side].capitalize()} has more than {ARMY[kind]} {KINDS[kind].plural}")
            game._put(sq, kind, side)
        for side in (RED, BLUE):
            game._removed[side] = [k for k in KINDS for _ in range(ARMY[k] - counts[side][k])]
        for sq in pos.unmasked:
            if game._owner[sq] is None:
                raise EPNError(f"field 6: {square_name(sq)} is unmasked but holds no piece")
        game._unmasked = frozenset(pos.unmasked)
        game._side = pos.side
        game._first = pos.first_move
        game._no_return = [tuple(pos.no_return[RED]), tuple(pos.no_return[BLUE])]
        game._no_return_keys = [return_keys(nr) for nr in game._no_return]
        game._quiet = pos.quiet
        game._turn = pos.turn
        game.setups = None
        game.start_position = game.position()
        game.outcome = game._settled_outcome()
        return game

    def _reset(self, volcanoes, variant):
        self._legal_cache = None  # the side to move's legal moves, once computed
        self.variant = variant
        self.volcanoes = frozenset(volcanoes)
        self._adjacent = adjacency(self.volcanoes)
        self._kind = [VOLCANO if sq in self.volcanoes else None for sq in SQUARES]
        self._owner = [None] * len(SQUARES)
        self._steps = ({}, {})  # side -> {square of a movable piece: its steps}
        self._masks = ({}, {})  # side -> {square of a movable piece: bit mask of those steps}
        self._spies = (set(), set())
        self._headquarters = [0, 0]
        self._unmasked = frozenset()
        self._removed = [[], []]
        self._side = RED
        self._first = None
        self._no_return = [(), ()]
        self._no_return_keys = [frozenset(), frozenset()]
        self._quiet = 0
        self._turn = 1
        self._history = []
        self.events = []
        self.outcome = None

    # Each movable piece keeps its steps to squares not held by its own side, as
    # a bit mask over its neighbours, so a move only flips the bits of the pieces
    # next to the two squares it touched.

    def _put(self, sq, kind, side):
        self._kind[sq] = kind
        self._owner[sq] = side
        masks, steps = self._masks[side], self._steps[side]
        if kind in MOVABLE:
            owner, volcanoes = self._owner, self.volcanoes
            mask = 0
            for n, bit in _BITS[sq]:
                if owner[n] != side and n not in volcanoes:
                    mask |= bit
            masks[sq] = mask
            steps[sq] = _SUBSETS[sq][mask]
            if kind == SPY:
                self._spies[side].add(sq)
        elif kind == HEADQUARTERS:
            self._headquarters[side] += 1
        for n, bit in _BACK[sq]:
            mask = masks.get(n)
            if mask is not None:
                mask &= ~bit
                masks[n] = mask
                steps[n] = _SUBSETS[n][mask]

    def _take(self, sq):
        kind, side = self._kind[sq], self._owner[sq]
        self._kind[sq] = None
        self._owner[sq] = None
        masks, steps = self._masks[side], self._steps[side]
        if kind in MOVABLE:
            del masks[sq], steps[sq]
            if kind == SPY:
                self._spies[side].discard(sq)
        elif kind == HEADQUARTERS:
            self._headquarters[side] -= 1
        for n, bit in _BACK[sq]:
            mask = masks.get(n)
            if mask is not None:
                mask |= bit
                masks[n] = mask
                steps[n] = _SUBSETS[n][mask]
        return kind

    def _settled_outcome(self):
        """The outcome a loaded position already stands at (SPEC §5 order)."""
        hq = self._headquarters
        if hq[RED] and not hq[BLUE]:
            return Outcome("red", "headquarters")
        if hq[BLUE] and not hq[RED]:
            return Outcome("blue", "headquarters")
        for side in (RED, BLUE):
            if not self._steps[side] and self._steps[1 - side]:
                return Outcome(SIDES[1 - side], "no_mobile_pieces")
        if self._first is None:
            if self._quiet >= QUIET_LIMIT:
                return Outcome(None, "move_limit")
            if not self._legal():
                return Outcome(SIDES[1 - self._side], "no_legal_move")
        return None

    # -- reading the state -------------------------------------------------

    @property
    def turn(self):
        """The side to move, "red" or "blue"."""
        return SIDES[self._side]

    @property
    def turn_number(self):
        return self._turn

    @property
    def first_move(self):
        """The move already made in the current turn, or None."""
        return self._first

    @property
    def quiet_count(self):
        return self._quiet

    def kind_at(self, sq):
        """The true kind letter (upper case) on ``sq``, or None. The truth: not for players."""
        kind = self._kind[sq]
        return None if kind == VOLCANO else kind

    def side_at(self, sq):
        owner = self._owner[sq]
        return None if owner is None else SIDES[owner]

    def is_unmasked(self, sq):
        return sq in self._unmasked

    def removed(self, side):
        """Kinds of ``side``'s removed pieces, in the order they went."""
        return tuple(self._removed[side_index(side)])

    def letters(self):
        """The board as 100 EPN letters (None for empty), the truth."""
        return tuple(
            None if k is None else (k if k == VOLCANO else letter_of(k, o)) for k, o in zip(self._kind, self._owner)
        )

    def position(self):
        """The canonical EPN of the true state."""
        return format_epn(
            self.letters(), self._side, self._first, self._no_return, self._unmasked, self._quiet, self._turn
        )

    def view(self, side):
        """What ``side`` ("red" or "blue") may know, and nothing more."""
        from .view import View

        return View.of(self, side_index(side))

    def full_view(self):
        """Everything, for the end of the game: both armies revealed."""
        from .view import View

        return View.of(self, None)

    # -- moves --------------------------------------------------------------

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

    def legal_moves(self):
        """The legal moves for the current half-turn, in canonical order."""
        if self.outcome is not None:
            return []
        if self._legal_cache is None:
            self._legal_cache = self._legal()
        return list(self._legal_cache)

    def is_legal(self, move):
        try:
            self._check(self._coerce(move))
        except (IllegalMove, ValueError):
            return False
        return True

    @staticmethod
    def _coerce(move):
        if isinstance(move, Move):
            return move
        try:
            return Move.from_str(move)
        except ValueError as e:
            raise IllegalMove(str(e)) from None

    def _check(self, m):
        if self.outcome is not None:
            raise IllegalMove("the game is over")
        fr, to = m.from_square, m.to_square
        if to not in ORTHOGONAL[fr]:
            raise IllegalMove("a piece moves one square up, down, left or right")
        side = self._side
        owner = self._owner[fr]
        kind = self._kind[fr]
        if owner is None:
            what = "a volcano" if kind == VOLCANO else "empty"
            raise IllegalMove(f"{square_name(fr)} is {what}: there is no piece to move")
        if owner != side:
            raise IllegalMove(
                f"the piece on {square_name(fr)} is {SIDES[owner].capitalize()}'s; "
                f"it is {SIDES[side].capitalize()}'s turn"
            )
        if kind == MINE:
            raise IllegalMove("Mines never move")
        if kind == HEADQUARTERS:
            raise IllegalMove("the Headquarters never moves")
        first = self._first
        if first is not None and fr == first.to_square:
            raise IllegalMove("that piece already moved this turn: the second move is made with another piece")
        if to in self.volcanoes:
            raise IllegalMove(f"nothing may enter the volcano on {square_name(to)}")
        if self._owner[to] == side:
            raise IllegalMove(f"{square_name(to)} holds one of your own pieces")
        if first is not None and to == first.to_square:
            raise IllegalMove(f"the second move may not enter {square_name(to)}, which the first move attacked")
        if m.key in self._no_return_keys[side]:
            raise IllegalMove(f"no return to {square_name(to)} this turn: that piece came from there last turn")

    def play(self, move):
        """Play one move (a Move or ``"e3-e4"``); IllegalMove says why if it is not legal."""
        m = self._coerce(move)
        self._check(m)
        self._history.append(self._snapshot(m))
        self._legal_cache = None
        self._apply(m)
        return self.events[-1]

    def play_turn(self, *moves):
        """Play a whole turn; on an illegal move nothing of the turn is played.

        A move that ends the game voids the moves after it (they were planned
        before the fight's result was known)."""
        played = 0
        try:
            for m in moves:
                if self.outcome is not None and played:
                    break
                if played and self._first is None:
                    raise IllegalMove("the turn has already ended")
                self.play(m)
                played += 1
            if self._first is not None and self.outcome is None:
                raise IllegalMove("the turn is not complete: it needs a second move by another piece")
        except IllegalMove:
            for _ in range(played):
                self.undo()
            raise
        return self.events[len(self.events) - played :]

    def _apply(self, m):
        fr, to = m.from_square, m.to_square
        side = self._side
        enemy = 1 - side
        kind_ = self._kind
        owner = self._owner
        unmasked = self._unmasked  # a frozenset, replaced only when the move changes it
        kind = self._take(fr)
        was_unmasked = fr in unmasked
        gone = [fr] if was_unmasked else []
        defender = kind_[to]
        removed = ()
        won = None
        arrived = True
        if defender is not None:
            won = ATTACKER_WINS[kind, defender]
            self._quiet = 0
            if won:
                self._take(to)
                if to in unmasked:
                    gone.append(to)
                removed = ((enemy, defender, to),)
                self._removed[enemy].append(defender)
            else:
                arrived = False
                removed = ((side, kind, fr),)
                self._removed[side].append(kind)
        newly = []
        if arrived:
            self._put(to, kind, side)
            if not was_unmasked and not _AROUND_SETS[to].isdisjoint(self._spies[enemy]):
                newly.append(to)
            if kind == SPY:
                for n in AROUND[to]:
                    if owner[n] == enemy and n not in unmasked:
                        newly.append(n)
        if gone or newly:
            carried = (to,) if was_unmasked and arrived else ()
            self._unmasked = unmasked.difference(gone).union(newly, carried)
        outcome = None
        if removed:
            lost_side, lost_kind, _ = removed[0]
            if lost_kind == HEADQUARTERS and not self._headquarters[lost_side]:
                outcome = Outcome(SIDES[side], "headquarters")
            elif not self._steps[lost_side]:
                outcome = Outcome(SIDES[1 - lost_side], "no_mobile_pieces")
        ends_turn = True
        if outcome is None:
            self._forget_no_return(side, fr)
            if removed and won:
                self._forget_no_return(enemy, to)
            if self.variant.moves_per_turn == 2 and self._first is None:
                self._first = m
                self._legal_cache = self._legal()
                ends_turn = not self._legal_cache
        self.events.append(
            MoveEvent(m, side, self._turn, kind, defender, won, removed, tuple(sorted(newly)) if newly else (), ends_turn)
        )
        if outcome is not None:
            self.outcome = outcome
        elif ends_turn:
            self._end_turn(m)

    def _forget_no_return(self, side, square):
        """An entry goes once its piece moves on from, or is removed on, ``square``."""
        nr = self._no_return[side]
        if nr and (nr[0].to_square == square or nr[-1].to_square == square):
            self._set_no_return(side, tuple([x for x in nr if x.to_square != square]))

    def _set_no_return(self, side, moves):
        self._no_return[side] = moves
        self._no_return_keys[side] = return_keys(moves)

    def _end_turn(self, last):
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
            self.outcome = Outcome(None, "move_limit")
            return
        # The next side's moves are needed now to see whether it has any; keep them.
        self._legal_cache = self._legal()
        if not self._legal_cache:
            self.outcome = Outcome(SIDES[side], "no_legal_move")

    # -- undo, resignation, draws -----------------------------------------

    def _snapshot(self, m=None):
        """What undo needs: the two squares a move touches and the small state."""
        fr, to = (m.from_square, m.to_square) if m is not None else (None, None)
        squares = () if m is None else ((fr, self._kind[fr], self._owner[fr]), (to, self._kind[to], self._owner[to]))
        return (
            squares,
            self._unmasked,
            (len(self._removed[0]), len(self._removed[1])),
            self._side,
            self._first,
            self._no_return[:],
            self._no_return_keys[:],
            self._quiet,
            self._turn,
            self.outcome,
            len(self.events),
        )

    def undo(self):
        """Take back the last move (or resignation or agreed draw), for analysis."""
        if not self._history:
            raise IllegalMove("there is no move to take back")
        (
            squares,
            self._unmasked,
            removed_counts,
            self._side,
            self._first,
            self._no_return,
            self._no_return_keys,
            self._quiet,
            self._turn,
            self.outcome,
            events,
        ) = self._history.pop()
        self._legal_cache = None
        for sq, _, _ in squares:
            if self._owner[sq] is not None:
                self._take(sq)
        for sq, kind, owner in squares:
            if owner is not None:
                self._put(sq, kind, owner)
        for side in (RED, BLUE):
            del self._removed[side][removed_counts[side] :]
        del self.events[events:]

    def resign(self, side):
        """``side`` resigns: the other side wins."""
        loser = side_index(side)
        if self.outcome is not None:
            raise IllegalMove("the game is over")
        self._history.append(self._snapshot())
        self.outcome = Outcome(SIDES[1 - loser], "resignation")

    def agree_draw(self):
        """Both players agreed to a draw."""
        if self.outcome is not None:
            raise IllegalMove("the game is over")
        self._history.append(self._snapshot())
        self.outcome = Outcome(None, "agreement")

    @property
    def moves(self):
        """Every move played so far, in order."""
        return [e.move for e in self.events]

    def __repr__(self):
        return f"Game.from_position({self.position()!r})"
