"""A player's view: everything one side may know, built so nothing else is in it.

A View copies public facts and the viewer's own kinds out of the game; it
keeps no reference to the game, so no hidden kind can be reached from it. It
is built from the game's current state and the events the game has already
observed for that viewer, so its cost does not grow with the game's length."""

from .board import BLUE, RED, SIDES, SQUARES
from .epn import format_epn
from .pieces import MOVABLE, UNKNOWN, VOLCANO, letter_of
from .rules import adjacency, carried_unmasked, legal_steps, return_keys


class BoardView:
    """What every view offers over its board: ``letters`` (with "?"), ``owner(sq)``,
    the unmasked squares, the turn so far and ``legal_moves()``. Shared by
    :class:`View` and the sealed game's view."""

    def piece_at(self, sq):
        """The EPN letter the viewer sees on ``sq`` ("?" for an unknown enemy), or None."""
        letter = self.letters[sq]
        return None if letter == VOLCANO else letter

    def side_at(self, sq):
        """"red", "blue" or None."""
        owner = self.owner(sq)
        return None if owner is None else SIDES[owner]

    def is_unmasked(self, sq):
        return sq in self.unmasked

    @property
    def turn(self):
        return SIDES[self.side_to_move]

    def position(self):
        """This view's EPN: the true EPN with "?" for each enemy piece the viewer cannot identify."""
        return format_epn(
            self.letters,
            self.side_to_move,
            self.first_move,
            self.no_return,
            self.unmasked,
            self.quiet_count,
            self.turn_number,
        )

    def targets(self, sq):
        """The squares the piece on ``sq`` may move to now."""
        return sorted(m.to_square for m in self.legal_moves() if m.from_square == sq)

    def drawn_letters(self):
        """The letters to draw: ``letters`` with the kinds the viewer learned put on their pieces."""
        learned = getattr(self, "learned", None)
        if not learned:
            return self.letters
        letters = list(self.letters)
        for sq, kind in learned.items():
            letters[sq] = letter_of(kind, self.owner(sq))
        return tuple(letters)

    def after_planned(self, planned):
        """(letters, unmasked) with this turn's planned moves made, as the mover draws them.

        A planned attack leaves its square and waits on the arrow: its result
        comes only when the turn is submitted."""
        letters = list(self.drawn_letters())
        unmasked = frozenset(self.unmasked)
        for m in planned:
            piece = letters[m.from_square]
            letters[m.from_square] = None
            arrived = letters[m.to_square] is None
            if arrived:
                letters[m.to_square] = piece
            unmasked = carried_unmasked(unmasked, m, arrived)
        return tuple(letters), unmasked

    @property
    def last_turn(self):
        """The events of the most recent completed turn, as this viewer knows them
        (read from the end: its cost does not grow with the game's length)."""
        done = (e for e in reversed(self.events) if not e.pending)
        if self.first_move is not None and self.outcome is None:
            next(done, None)  # the turn under way
        out = []
        for e in done:
            if out and (e.turn, e.side) != (out[0].turn, out[0].side):
                break
            out.append(e)
        return tuple(reversed(out))


class View(BoardView):
    """The game as one side sees it (``viewer`` None: everything, for the end).

    ``letters`` follow SPEC §4 and §6: "?" for every enemy piece not unmasked.
    ``learned`` maps the squares of masked enemy pieces whose kind the viewer
    nevertheless knows from the moves it saw to that kind, and ``marks`` says how
    the viewer knows each kind it may draw that is not its own secret:
    "unmasked", "unmasking" (a Spy that unmasked its neighbours) or "fight" (a
    sealed game's attacker)."""

    @classmethod
    def of(cls, game, viewer):
        v = cls.__new__(cls)
        v.viewer = viewer
        v.variant = game.variant
        v.volcanoes = game.volcanoes
        unmasked = game.unmasked
        learned = game.learned(viewer) if viewer is not None else {}
        letters, owners, marks, v.learned = [], [], {}, {}
        for sq, letter in enumerate(game.letters()):
            if letter is None or letter == VOLCANO:
                letters.append(letter)
                owners.append(None)
                continue
            side = RED if letter.isupper() else BLUE
            if sq in unmasked:
                marks[sq] = "unmasked"
            if viewer is None or side == viewer or sq in unmasked:
                letters.append(letter)
            else:
                letters.append(letter_of(UNKNOWN, side))
                if game.piece_at(sq) in learned:
                    kind, marks[sq] = learned[game.piece_at(sq)]
                    v.learned[sq] = kind
            owners.append(side)
        v.marks = marks
        v.letters = tuple(letters)
        v.owners = tuple(owners)
        v.side_to_move = SIDES.index(game.turn)
        v.first_move = game.first_move
        v.no_return = game.no_return
        v.unmasked = unmasked
        v.quiet_count = game.quiet_count
        v.turn_number = game.turn_number
        v.outcome = game.outcome
        v.removed = {side: game.removed(side) for side in SIDES}
        v.events = tuple(game.seen_events(viewer))
        # the side to move's legal moves depend only on what that side knows
        v._legal = tuple(game.legal_moves()) if viewer in (None, v.side_to_move) else ()
        return v

    # -- board --------------------------------------------------------------

    def owner(self, sq):
        """0 (Red), 1 (Blue) or None, for the piece on ``sq``."""
        return self.owners[sq]

    # -- moves ----------------------------------------------------------------

    def legal_moves(self):
        """The side to move's legal moves: a view knows all legality depends on."""
        return list(self._legal)

    def legal_moves_after(self, planned):
        """The legal next moves once ``planned`` (this turn's moves so far, not yet
        resolved) are made; empty when they complete the turn.

        SPEC §2 makes this independent of how a planned attack ends: the first
        move's square is barred to the second move either way."""
        side = self.side_to_move
        if not planned:
            return self.legal_moves()
        if len(planned) >= self.variant.moves_per_turn or self.first_move is not None or not self._legal:
            return []
        first = planned[0]
        owner = list(self.owners)
        mobile = [
            sq
            for sq in SQUARES
            if owner[sq] == side and sq != first.from_square and self.letters[sq].upper() in MOVABLE
        ]
        owner[first.from_square] = None
        keys = return_keys(m for m in self.no_return[side] if m.to_square != first.from_square)
        return legal_steps(mobile, owner, adjacency(self.volcanoes), side, first, keys)

    # -- what happened -------------------------------------------------------

    @property
    def current_turn(self):
        """Moves already made in the turn in progress."""
        if self.first_move is None or not self.events:
            return ()
        return (self.events[-1],)
