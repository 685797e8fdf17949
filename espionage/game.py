"""The game: the whole truth of one Espionage game, moved by the rules core."""

import random as _random
from collections import Counter

from .board import BLUE, NEUTRAL_SQUARES, ORTHOGONAL, RED, SIDES, SQUARES, side_index, square_name
from .epn import EPNError, format_epn, parse_epn
from .moves import Move
from .observer import learned_kinds, observe
from .pieces import ARMY, ATTACKER_WINS, HEADQUARTERS, KINDS, MINE, MOVABLE, UNKNOWN, VOLCANO, letter_of
from .rules import (
    QUIET_LIMIT,
    REASONS,
    IllegalMove,
    MoveEvent,
    Outcome,
    State,
    Termination,
    adjacency,
    legal_steps,
    return_keys,
)
from .setup import Setup, random_volcanoes, validate_volcanoes
from .variant import STANDARD, Variant

__all__ = [
    "QUIET_LIMIT",
    "REASONS",
    "Game",
    "IllegalMove",
    "MoveEvent",
    "Outcome",
    "Termination",
    "adjacency",
    "legal_steps",
    "return_keys",
]


_NEUTRAL = frozenset(NEUTRAL_SQUARES)
_SURVIVES_ATTACK = frozenset(d for d in KINDS if any(not ATTACKER_WINS[a, d] for a in MOVABLE))
"""The kinds a defender can have when it beat its attacker (no Spy, Sapper or Headquarters)."""


def _piece_name(game, sq):
    return f"the {SIDES[game._owner[sq]].capitalize()} {KINDS[game._kind[sq]].name} on {square_name(sq)}"


def _check_volcanoes(volcanoes):
    """SPEC §1: at most 10 volcanoes, on neutral-zone squares.

    An odd number, or volcanoes that do not pair under a half turn, are still read:
    the rules screen's diagrams (ui/rules.py) show one volcano on its own."""
    for sq in sorted(volcanoes):
        if sq not in _NEUTRAL:
            raise EPNError(f"field 1 (board): a volcano stands on {square_name(sq)}, outside the neutral zone (ranks 4-7)")
    if len(volcanoes) > 10:
        raise EPNError(f"field 1 (board): a game has at most 10 volcanoes, not {len(volcanoes)}")


def _check_armies(game, pos):
    """What no game reaches: neither Headquarters (taking one ends the game), a side to move
    other than the one that took a Headquarters, no side with a piece that moves."""
    hq = [sum(1 for sq in SQUARES if game._kind[sq] == HEADQUARTERS and game._owner[sq] == side) for side in (RED, BLUE)]
    if not any(hq):
        raise EPNError("field 1 (board): neither side has its Headquarters (taking one ends the game)")
    for side in (RED, BLUE):
        if not hq[side] and pos.side != 1 - side:
            winner = SIDES[1 - side].capitalize()
            raise EPNError(
                f"field 2 (side to move): {SIDES[side].capitalize()}'s Headquarters is taken, which ended the game "
                f"in {winner}'s turn: {'rb'[1 - side]!r}"
            )
    if not any(game._mobile):
        raise EPNError("field 1 (board): neither side has a piece that moves (losing the last one ends the game)")


def _check_moves(game):
    """Fields 3-5 against the board (SPEC §2, §5, §6).

    The first move's square holds its piece, or the defender that beat it (then a piece
    was removed: quiet count 0); these hold after the end too, as the second move
    cannot touch that square. While the game goes on, the first move's piece has left
    its square, another piece can make the second move (else the turn would have
    ended), and each no-return entry's piece stands where it moved to. A move that ends
    the game (taking a Headquarters or the last piece that moves) leaves fields 3-5 as
    they were, so such an ended game is not held to those."""
    side = game._side
    first = game._first
    for field, moves in ((3, (first,) if first else ()), (4, game._no_return[RED]), (5, game._no_return[BLUE])):
        for m in moves:
            for sq in (m.from_square, m.to_square):
                if sq in game.volcanoes:
                    raise EPNError(f"field {field}: {m} crosses the volcano on {square_name(sq)}")
    if first is not None:
        to = first.to_square
        owner, kind = game._owner[to], game._kind[to]
        if owner is None:
            raise EPNError(f"field 3 (first move): {square_name(to)} is empty, yet {first} went there")
        if owner == side and kind not in MOVABLE:
            raise EPNError(f"field 3 (first move): {_piece_name(game, to)} made {first}, yet it never moves")
        if owner != side:
            if kind not in _SURVIVES_ATTACK:
                raise EPNError(f"field 3 (first move): {_piece_name(game, to)} cannot have beaten the attack {first}")
            if game._quiet:
                raise EPNError(
                    f"field 7 (quiet count): the attack {first} lost a piece, which sets the quiet count to 0, "
                    f"not {game._quiet}"
                )
    if game.outcome is not None and game.outcome.reason in (Termination.HEADQUARTERS, Termination.NO_MOBILE_PIECES):
        return
    for nr_side, field in ((RED, 4), (BLUE, 5)):
        for m in game._no_return[nr_side]:
            to = m.to_square
            if game._owner[to] != nr_side or game._kind[to] not in MOVABLE:
                raise EPNError(
                    f"field {field}: no {SIDES[nr_side].capitalize()} piece that moves stands on {square_name(to)}, "
                    f"where {m} went (an entry goes once its piece moves on or is removed)"
                )
    if first is not None:
        if game._owner[first.from_square] is not None:
            raise EPNError(
                f"field 3 (first move): {_piece_name(game, first.from_square)}, yet {first} left that square this turn"
            )
        if not game.legal_moves():
            raise EPNError(
                f"field 3 (first move): after {first} no other piece can move, so the turn would have ended (SPEC §2)"
            )


class Game(State):
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
                self._put(sq, kind, setup.side, sq)
                if kind in MOVABLE:
                    self._mobile[setup.side] += 1
        self.start_position = None
        # setups and volcanoes can box an army in: then the game ends before it starts
        self.outcome = self._settled_outcome()

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
        for side, field in ((RED, 4), (BLUE, 5)):
            if len(pos.no_return[side]) > moves_per_turn:
                raise EPNError(f"field {field}: a turn of a single-move game has one move, this list has two")
        volcanoes = frozenset(sq for sq in SQUARES if pos.letters[sq] == VOLCANO)
        _check_volcanoes(volcanoes)
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
            game._put(sq, kind, side, sq)
            if kind in MOVABLE:
                game._mobile[side] += 1
        for side in (RED, BLUE):
            game._removed[side] = [k for k in KINDS for _ in range(ARMY[k] - counts[side][k])]
        for sq in pos.unmasked:
            if game._owner[sq] is None:
                raise EPNError(f"field 6: {square_name(sq)} is unmasked but holds no piece")
        _check_armies(game, pos)
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
        _check_moves(game)
        return game

    def _reset(self, volcanoes, variant):
        super()._reset(volcanoes, variant)
        self._history = []
        self.events = []
        self._seen = {}  # viewer -> that viewer's events so far (made on demand, kept)
        self._learned = {}  # viewer -> what those events taught it about masked enemy pieces

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

    @property
    def no_return(self):
        """(Red's, Blue's) no-return lists: the moves that may not be reversed this turn."""
        return (self._no_return[RED], self._no_return[BLUE])

    def kind_at(self, sq):
        """The true kind letter (upper case) on ``sq``, or None. The truth: not for players."""
        kind = self._kind[sq]
        return None if kind == VOLCANO else kind

    def side_at(self, sq):
        owner = self._owner[sq]
        return None if owner is None else SIDES[owner]

    def piece_at(self, sq):
        """The identity of the piece on ``sq`` (the square it started on), or None."""
        return self._piece[sq]

    def is_unmasked(self, sq):
        return sq in self._unmasked

    @property
    def unmasked(self):
        """The squares of the unmasked pieces (public)."""
        return self._unmasked

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

    def seen_events(self, viewer):
        """Every move so far as ``viewer`` (0, 1, or None for everything) may know it.

        Each move is observed once per viewer and kept, so a view costs nothing
        more as the game grows."""
        seen = self._seen.setdefault(viewer, [])
        if len(seen) < len(self.events):
            new = [observe(e, viewer) for e in self.events[len(seen) :]]
            seen += new
            self._learned.setdefault(viewer, {}).update(learned_kinds(new, viewer))
        return seen

    def learned(self, viewer):
        """{piece: (kind, how)} of the enemy pieces on the board that ``viewer`` knows though
        they are masked (see ``espionage.observer.learned_kinds``)."""
        self.seen_events(viewer)
        return self._learned.get(viewer, {})

    # -- moves --------------------------------------------------------------

    def legal_moves(self):
        """The legal moves for the current half-turn, in canonical order."""
        if self.outcome is not None:
            return []
        if self._legal_cache is None:
            self._legal_cache = self._legal()
        return list(self._legal_cache)

    def is_legal(self, move):
        try:
            self.check_move(self._coerce(move))
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
            raise IllegalMove(str(e), "not-a-move") from None

    def check_move(self, m):
        """Raise IllegalMove, with the reason, if the move ``m`` may not be played now."""
        if self.outcome is not None:
            raise IllegalMove("the game is over", "game-over")
        fr, to = m.from_square, m.to_square
        if to not in ORTHOGONAL[fr]:
            raise IllegalMove("a piece moves one square up, down, left or right", "far", (fr, to))
        side = self._side
        owner = self._owner[fr]
        kind = self._kind[fr]
        if owner is None:
            what = "a volcano" if kind == VOLCANO else "empty"
            raise IllegalMove(f"{square_name(fr)} is {what}: there is no piece to move", "no-piece", (fr,))
        if owner != side:
            raise IllegalMove(
                f"the piece on {square_name(fr)} is {SIDES[owner].capitalize()}'s; "
                f"it is {SIDES[side].capitalize()}'s turn",
                "not-yours",
                (fr,),
            )
        if kind == MINE:
            raise IllegalMove("Mines never move", "mine", (fr,))
        if kind == HEADQUARTERS:
            raise IllegalMove("the Headquarters never moves", "headquarters", (fr,))
        first = self._first
        if first is not None and fr == first.to_square:
            raise IllegalMove(
                "that piece already moved this turn: the second move is made with another piece", "moved", (fr,)
            )
        if to in self.volcanoes:
            raise IllegalMove(f"nothing may enter the volcano on {square_name(to)}", "into-volcano", (to,))
        if self._owner[to] == side:
            raise IllegalMove(f"{square_name(to)} holds one of your own pieces", "own-piece", (to,))
        if first is not None and to == first.to_square:
            raise IllegalMove(
                f"the second move may not enter {square_name(to)}, which the first move attacked", "attacked", (to,)
            )
        if m.key in self._no_return_keys[side]:
            raise IllegalMove(
                f"no return to {square_name(to)} this turn: that piece came from there last turn", "no-return", (to,)
            )

    def play(self, move):
        """Play one move (a Move or ``"e3-e4"``); IllegalMove says why if it is not legal."""
        m = move if type(move) is Move else self._coerce(move)
        self.check_move(m)
        self._history.append(self._snapshot(m))
        self._legal_cache = None
        event = self._apply(m)
        self.events.append(event)
        return event

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
                    raise IllegalMove("the turn has already ended", "turn-ended")
                self.play(m)
                played += 1
            if self._first is not None and self.outcome is None:
                raise IllegalMove("the turn is not complete: it needs a second move by another piece", "turn-incomplete")
        except IllegalMove:
            for _ in range(played):
                self.undo()
            raise
        return self.events[len(self.events) - played :]

    def copy(self):
        """An independent copy of the game, its history and what each viewer has seen (a
        turn played on the copy leaves this game as it is: the app works out ahead the
        screen a turn would show)."""
        other = super().copy()
        other._history, other.events = list(self._history), list(self.events)
        other._seen = {viewer: list(seen) for viewer, seen in self._seen.items()}
        other._learned = {viewer: dict(kinds) for viewer, kinds in self._learned.items()}
        return other

    # -- undo, resignation, draws -----------------------------------------

    def _snapshot(self, m=None):
        """What undo needs: the two squares a move touches and the small state."""
        if m is None:
            squares = ()
        else:
            fr, to = m.from_square, m.to_square
            squares = (
                (fr, self._kind[fr], self._owner[fr], self._piece[fr]),
                (to, self._kind[to], self._owner[to], self._piece[to]),
            )
        return (
            squares,
            self._unmasked,
            (len(self._removed[0]), len(self._removed[1])),
            tuple(self._mobile),
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
            raise IllegalMove("there is no move to take back", "nothing-to-undo")
        (
            squares,
            self._unmasked,
            removed_counts,
            mobile,
            self._side,
            self._first,
            self._no_return,
            self._no_return_keys,
            self._quiet,
            self._turn,
            self.outcome,
            events,
        ) = self._history.pop()
        self._mobile = list(mobile)
        self._legal_cache = None
        for sq, *_ in squares:
            if self._owner[sq] is not None:
                self._take(sq)
        for sq, kind, owner, piece in squares:
            if owner is not None:
                self._put(sq, kind, owner, piece)
        for side in (RED, BLUE):
            del self._removed[side][removed_counts[side] :]
        del self.events[events:]
        self._seen.clear()  # observed again on demand (undo is for analysis: rare)
        self._learned.clear()

    def resign(self, side):
        """``side`` resigns: the other side wins."""
        loser = side_index(side)
        if self.outcome is not None:
            raise IllegalMove("the game is over", "game-over")
        self._history.append(self._snapshot())
        self.outcome = Outcome(SIDES[1 - loser], Termination.RESIGNATION)

    def agree_draw(self):
        """Both players agreed to a draw."""
        if self.outcome is not None:
            raise IllegalMove("the game is over", "game-over")
        self._history.append(self._snapshot())
        self.outcome = Outcome(None, Termination.AGREEMENT)

    @property
    def moves(self):
        """Every move played so far, in order."""
        return [e.move for e in self.events]

    def __repr__(self):
        return f"Game.from_position({self.position()!r})"
