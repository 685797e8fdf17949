"""A player's view: everything one side may know, built so nothing else is in it.

A View copies public facts and the viewer's own kinds out of the game; it
keeps no reference to the game, so no hidden kind can be reached from it."""

from .board import BLUE, RED, SIDES, square_name
from .epn import format_epn, parse_epn
from .game import adjacency, legal_steps, return_keys
from .pieces import KINDS, MOVABLE, UNKNOWN, VOLCANO, letter_of


class EventView:
    """One move as the viewer may know it: kinds only where the viewer knows them."""

    __slots__ = ("attack", "attacker_won", "defender", "kind", "move", "removed", "side", "text", "turn", "unmasked")

    def __init__(self, event, viewer, unmasked_after):
        to = event.move.to_square
        self.move = event.move
        self.side = event.side
        self.turn = event.turn
        self.attack = event.defender is not None
        self.attacker_won = event.attacker_won
        survivor_unmasked = to in unmasked_after
        # The viewer knows its own kinds, removed kinds, and kinds unmasked
        # right after the move; a fight reveals nothing else.
        attacker_known = viewer in (None, event.side) or (self.attack and not event.attacker_won) or (
            survivor_unmasked and event.attacker_won is not False
        )
        defender_known = viewer in (None, 1 - event.side) or event.attacker_won or (
            survivor_unmasked and event.attacker_won is False
        )
        self.kind = event.kind if attacker_known else None
        self.defender = event.defender if self.attack and defender_known else None
        self.removed = tuple((SIDES[s], k, sq) for s, k, sq in event.removed)
        self.unmasked = event.unmasked
        self.text = self._describe(viewer)

    @staticmethod
    def _piece(kind, side, viewer, capital=False):
        owner = ("Your" if capital else "your") if side == viewer else f"{SIDES[side].capitalize()}'s"
        if kind is None:
            return "your piece" if side == viewer else (SIDES[side].capitalize() if capital else f"{SIDES[side].capitalize()}'s piece")
        return f"{owner} {KINDS[kind].name}"

    def _describe(self, viewer):
        m, side = self.move, self.side
        mover = self._piece(self.kind, side, viewer, capital=True)
        to = square_name(m.to_square)
        if not self.attack:
            text = f"{mover} moved {square_name(m.from_square)}-{to}"
        elif self.attacker_won:
            target = self._piece(self.defender, 1 - side, viewer)
            text = f"{mover} attacked {target} on {to}: {target} was removed"
        elif self.defender is None:
            text = f"{mover} attacked {to} and was removed"
        else:
            text = f"{mover} attacked {self._piece(self.defender, 1 - side, viewer)} on {to} and was removed"
        if self.unmasked:
            text += "; unmasked: " + ", ".join(square_name(sq) for sq in self.unmasked)
        return text


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


class View(BoardView):
    """The game as one side sees it (``viewer`` None: everything, for the end)."""

    @classmethod
    def of(cls, game, viewer):
        v = cls.__new__(cls)
        v.viewer = viewer
        v.variant = game.variant
        v.volcanoes = game.volcanoes
        unmasked = frozenset(sq for sq in range(100) if game.is_unmasked(sq))
        letters = []
        for sq, letter in enumerate(game.letters()):
            if letter is None or letter == VOLCANO:
                letters.append(letter)
                continue
            side = RED if letter.isupper() else BLUE
            known = viewer is None or side == viewer or sq in unmasked
            letters.append(letter if known else letter_of(UNKNOWN, side))
        v.letters = tuple(letters)
        v.side_to_move = SIDES.index(game.turn)
        v.first_move = game.first_move
        v.no_return = (tuple(game._no_return[RED]), tuple(game._no_return[BLUE]))
        v.unmasked = unmasked
        v.quiet_count = game.quiet_count
        v.turn_number = game.turn_number
        v.outcome = game.outcome
        v.removed = {side: game.removed(side) for side in SIDES}
        start = parse_epn(game.start_position).unmasked if game.start_position else frozenset()
        v.events = cls._public_events(game.events, viewer, start)
        return v

    @staticmethod
    def _public_events(events, viewer, start_unmasked=frozenset()):
        # Which squares were unmasked right after each move is public; replaying
        # the moves forward keeps only what the viewer saw at the time. The flag
        # travels with its piece and goes with a removed one.
        out = []
        unmasked_after = set(start_unmasked)
        for e in events:
            fr, to = e.move.from_square, e.move.to_square
            carried = fr in unmasked_after
            unmasked_after.discard(fr)
            if e.attacker_won is not False:  # the mover now stands on ``to``
                unmasked_after.discard(to)
                if carried:
                    unmasked_after.add(to)
            unmasked_after.update(e.unmasked)
            out.append(EventView(e, viewer, unmasked_after))
        return tuple(out)

    # -- board --------------------------------------------------------------

    def owner(self, sq):
        """0 (Red), 1 (Blue) or None, for the piece on ``sq``."""
        letter = self.letters[sq]
        if letter is None or letter == VOLCANO:
            return None
        if letter == UNKNOWN:
            return 1 - self.viewer
        return RED if letter.isupper() else BLUE

    # -- moves ----------------------------------------------------------------

    def legal_moves(self):
        """The side to move's legal moves: a view knows all legality depends on."""
        side = self.side_to_move
        if self.outcome is not None or (self.viewer is not None and self.viewer != side):
            return []
        owner = [self.owner(sq) for sq in range(100)]
        mobile = [sq for sq in range(100) if owner[sq] == side and self.letters[sq].upper() in MOVABLE]
        keys = return_keys(self.no_return[side])
        return legal_steps(mobile, owner, adjacency(self.volcanoes), side, self.first_move, keys)

    def legal_moves_after(self, planned):
        """The legal next moves once ``planned`` (this turn's moves so far, not yet
        resolved) are made; empty when they complete the turn.

        SPEC §2 makes this independent of how a planned attack ends: the first
        move's square is barred to the second move either way."""
        side = self.side_to_move
        if not planned:
            return self.legal_moves()
        if len(planned) >= self.variant.moves_per_turn or self.first_move is not None:
            return []
        first = planned[0]
        owner = [self.owner(sq) for sq in range(100)]
        mobile = [
            sq
            for sq in range(100)
            if owner[sq] == side and sq != first.from_square and self.letters[sq].upper() in MOVABLE
        ]
        owner[first.from_square] = None
        keys = return_keys(m for m in self.no_return[side] if m.to_square != first.from_square)
        return legal_steps(mobile, owner, adjacency(self.volcanoes), side, first, keys)

    # -- what happened -------------------------------------------------------

    @property
    def last_turn(self):
        """The events of the most recent completed turn, as this viewer knows them."""
        complete = list(self.events)
        if self.first_move is not None and self.outcome is None:
            complete = complete[:-1]
        if not complete:
            return ()
        last = complete[-1]
        return tuple(e for e in complete if e.turn == last.turn and e.side == last.side)

    @property
    def current_turn(self):
        """Moves already made in the turn in progress."""
        if self.first_move is None or not self.events:
            return ()
        return (self.events[-1],)
