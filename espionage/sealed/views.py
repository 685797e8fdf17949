"""What a device (or a spectator) may show of a link game: views shaped like espionage.view.View."""

from ..board import BLUE, RED, SIDES
from ..observer import NOBODY, SeenMove, observe
from ..pieces import KINDS, UNKNOWN, VOLCANO, letter_of
from ..rules import carried_unmasked
from ..view import BoardView, View


def side_name(side):
    return SIDES[side].capitalize()


def kind_name(kind):
    return KINDS[kind].name if kind in KINDS else "piece"


def _completed(event, viewer, setups):
    """The public board's MoveEvent with the kinds ``viewer`` knows of its own pieces
    (``setups``: the viewer's own, and any army revealed at the end)."""
    setup = setups[event.side]
    if setup is not None:
        event = event._replace(kind=setup.kind_at(event.piece))
    if event.attacker_won is not None and setups[1 - event.side] is not None:
        event = event._replace(defender=setups[1 - event.side].kind_at(event.target))
    return event


def _pending(claim, viewer, setup):
    """A move sent and not yet resolved by the other device, as ``viewer`` knows it."""
    kind = setup.kind_at(claim.pid) if claim.side == viewer else (claim.kind if claim.attack else None)
    return SeenMove(claim.move, claim.side, claim.turn, claim.pid, kind, claim.attack, None, None, (), (), False, True)


class SealedView(BoardView):
    """A sealed game as one device (or, ``viewer`` None, a spectator) may show it.

    Shaped like espionage.view.View: ``letters`` ("?" for each enemy piece not
    unmasked), ``learned`` and ``marks`` (kinds the viewer knows on masked pieces,
    and how), ``unmasked``, ``removed``, ``events`` (SeenMoves, the moves sent and
    not yet resolved last, ``pending``), ``last_turn``, ``legal_moves()``,
    ``turn``, ``outcome``; plus ``pending`` (this device's moves awaiting the
    other device's reply), ``pending_fights`` (its attacks among them: both
    pieces stay where they stand until the reply), ``awaited`` (squares its Spies
    unmasked whose kinds come with the next link), ``asked_spies`` (squares of
    enemy pieces asked whether they are Spies, answered with the next link) and
    ``verdict``."""

    def __init__(self, t, board, viewer, setup, mine, verdict, legal):
        self.viewer = viewer
        self.variant = t.variant
        self.volcanoes = t.volcanoes
        self._legal = legal
        seer = NOBODY if viewer is None else viewer
        setups = [t.revealed[s][1] if t.revealed[s] is not None else None for s in (RED, BLUE)]
        if viewer is not None:
            setups[viewer] = setup
        pid = list(board.pid)
        kinds = list(board._kind)
        pending_claims = list(mine.moves) if mine is not None else []
        for c in pending_claims:
            if not c.attack:  # a quiet move is made for sure; an attack waits for its result
                pid[c.move.from_square], pid[c.move.to_square] = None, c.pid
                kinds[c.move.to_square], kinds[c.move.from_square] = kinds[c.move.from_square], None
        unmasked = frozenset(board.unmasked)
        for c in pending_claims:
            if not c.attack:
                unmasked = carried_unmasked(unmasked, c.move, True)
        letters, owners, marks, self.learned = [], [], {}, {}
        for sq in range(100):
            p = pid[sq]
            if sq in board.volcanoes or p is None:
                letters.append(VOLCANO if sq in board.volcanoes else None)
                owners.append(None)
                continue
            side = board.side_of(p)
            own = setups[side]
            public = kinds[sq]
            if sq in unmasked:
                marks[sq] = "unmasked"
            if own is not None and (side == viewer or viewer is None or setups[1 - side] is not None):
                letters.append(letter_of(own.kind_at(p), side))
            elif sq in unmasked and public is not None:
                letters.append(letter_of(public, side))
            else:
                letters.append(letter_of(UNKNOWN, side))
                if public is not None and p in board.how:
                    self.learned[sq] = public
                    marks[sq] = board.how[p]
            owners.append(side)
        self.letters = tuple(letters)
        self.owners = tuple(owners)
        self.marks = marks
        self.side_to_move = t.to_move if board is t.board else board.side
        self.first_move = None
        self.no_return = (tuple(board.no_return[RED]), tuple(board.no_return[BLUE]))
        self.unmasked = unmasked
        self.quiet_count = board.quiet
        self.turn_number = board.turn
        self.outcome = board.outcome if board.outcome is not None else t.outcome
        self.removed = {SIDES[s]: tuple(board.removed[s]) for s in (RED, BLUE)}
        self.verdict = verdict
        events = [observe(_completed(r.event, viewer, setups), seer) for r in t.resolved if not r.voided]
        theirs = t.pending if (t.pending is not None and t.pending.side != viewer and board is t.board) else None
        self.pending = tuple(_pending(c, viewer, setup) for c in pending_claims)
        events += self.pending
        events += [_pending(c, viewer, setup) for c in (theirs.moves if theirs else ())]
        self.events = tuple(events)
        self.pending_fights = tuple(c.move for c in pending_claims if c.attack)
        self.awaited = tuple(ask.square for ask in t.asks if ask.owner != viewer) if viewer is not None else ()
        self.asked_spies = (
            tuple(q.claim.move.to_square for q in t.questions if q.owner != viewer) if viewer is not None else ()
        )

    def owner(self, sq):
        return self.owners[sq]

    def legal_moves(self):
        return self._legal() if self._legal else []

    def legal_moves_after(self, planned):
        return self._legal(planned) if self._legal else []


def casual_spectator_view(game):
    """A casual game as a third device shows it: the view of a viewer who owns no piece
    (kinds only where unmasked, removed or learned from the moves), shaped like a SealedView."""
    v = View.of(game, NOBODY)
    v.verdict = None
    v.pending = v.pending_fights = v.awaited = v.asked_spies = ()
    return v
