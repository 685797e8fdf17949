"""What a device (or a spectator) may show of a link game: views shaped like espionage.view.View."""

from ..board import BLUE, RED, SIDES, square_name
from ..observer import NOBODY
from ..pieces import KINDS, SPY, UNKNOWN, VOLCANO, letter_of
from ..view import BoardView, View


def side_name(side):
    return SIDES[side].capitalize()


def kind_name(kind):
    return KINDS[kind].name if kind in KINDS else "piece"


class PublicEvent:
    """One move as a viewer may know it, with its text; ``pending`` until its result is in.

    Made from a :class:`~espionage.link.ResolvedMove`, or from a MoveClaim still pending."""

    __slots__ = ("move", "pending", "side", "text", "turn")

    def __init__(self, resolved, viewer, setup, pending=False):
        claim = resolved if pending else resolved.claim
        self.move, self.side, self.turn, self.pending = claim.move, claim.side, claim.turn, pending
        mine = viewer is not None and claim.side == viewer
        if mine:
            kind = setup.kind_at(claim.pid)
            who = f"Your {kind_name(kind)}"
        elif claim.attack or claim.spy:
            who = f"{side_name(claim.side)}'s {kind_name(claim.kind if claim.attack else SPY)}"
        else:
            who = f"{side_name(claim.side)}'s piece"
        to = square_name(claim.move.to_square)
        if pending:
            if claim.attack:
                text = f"{who} attacked {to}: result pending"
            else:
                text = f"{who} moved {claim.move}"
                if claim.spy:
                    text += ": Spy findings pending"
        elif resolved.voided:
            text = f"{who} did not move {claim.move}: the game had ended"
        elif not claim.attack:
            text = f"{who} moved {claim.move}"
        else:
            lost_side, lost_kind = resolved.removed
            if resolved.won:
                owner = "your" if viewer == lost_side else f"{side_name(lost_side)}'s"
                text = f"{who} attacked {to}: {owner} {kind_name(lost_kind)} was removed"
            else:
                text = f"{who} attacked {to} and was removed"
        if not pending and resolved.unmasked:
            text += "; unmasked: " + ", ".join(square_name(sq) for sq in resolved.unmasked)
        self.text = text


class SealedView(BoardView):
    """A sealed game as one device (or, ``viewer`` None, a spectator) may show it.

    Shaped like espionage.view.View: ``letters`` with '?' for unknown kinds,
    ``unmasked``, ``removed``, ``events`` (with ``text``), ``last_turn``,
    ``legal_moves()``, ``turn``, ``outcome``; plus ``pending`` (texts of what
    awaits the opponent's reply) and ``verdict``. The viewer's own pending
    moves are shown made, an attacker on the square it attacked."""

    def __init__(self, t, board, viewer, setup, mine, verdict, legal):
        self.viewer = viewer
        self.variant = t.variant
        self.volcanoes = t.volcanoes
        self._legal = legal
        pid = list(board.pid)
        pending_claims = list(mine.moves) if mine is not None else []
        for c in pending_claims:
            pid[c.move.from_square] = None
            pid[c.move.to_square] = c.pid
        letters, owners = [], []
        for sq in range(100):
            p = pid[sq]
            if sq in board.volcanoes:
                letters.append(VOLCANO)
                owners.append(None)
                continue
            if p is None:
                letters.append(None)
                owners.append(None)
                continue
            side = board.side_of(p)
            if viewer == side and setup is not None:
                kind = setup.kind_at(p)
            elif t.revealed[side] is not None:  # the game is over and this army was revealed
                kind = t.revealed[side][1].kind_at(p)
            else:
                kind = board.known.get(p)
            letters.append(letter_of(kind or UNKNOWN, side))
            owners.append(side)
        self.letters = tuple(letters)
        self.owners = tuple(owners)
        self.side_to_move = t.to_move if board is t.board else board.side
        self.first_move = None
        self.no_return = (tuple(board.no_return[RED]), tuple(board.no_return[BLUE]))
        self.unmasked = frozenset(board.unmasked)
        self.quiet_count = board.quiet
        self.turn_number = board.turn
        self.outcome = board.outcome if board.outcome is not None else t.outcome
        self.removed = {SIDES[s]: tuple(board.removed[s]) for s in (RED, BLUE)}
        self.verdict = verdict
        events = [PublicEvent(r, viewer, setup) for r in t.resolved]
        theirs = t.pending if (t.pending is not None and t.pending.side != viewer and board is t.board) else None
        for c in pending_claims + (list(theirs.moves) if theirs else []):
            events.append(PublicEvent(c, viewer, setup, pending=True))
        self.events = tuple(events)
        self.pending = tuple(e.text for e in events if e.pending and e.side == viewer)
        asked = [ask.square for ask in t.asks if ask.owner != viewer]
        if viewer is not None and asked:
            self.pending += tuple(
                f"your Spy unmasked {square_name(sq)}: its kind comes with the next link" for sq in asked
            )

    def owner(self, sq):
        return self.owners[sq]

    def legal_moves(self):
        return self._legal() if self._legal else []

    def legal_moves_after(self, planned):
        return self._legal(planned) if self._legal else []

    @property
    def last_turn(self):
        done = [e for e in self.events if not e.pending]
        if not done:
            return ()
        last = done[-1]
        return tuple(e for e in done if e.turn == last.turn and e.side == last.side)


class CasualSpectatorView(SealedView):
    """A casual game as a third device shows it: kinds only where unmasked (or removed)."""

    def __init__(self, game):
        self.viewer = None
        self.variant = game.variant
        self.volcanoes = game.volcanoes
        self._legal = None
        letters, owners = [], []
        for sq, letter in enumerate(game.letters()):
            if letter is None or letter == VOLCANO:
                letters.append(letter)
                owners.append(None)
                continue
            side = RED if letter.isupper() else BLUE
            letters.append(letter if game.is_unmasked(sq) else UNKNOWN)
            owners.append(side)
        self.letters, self.owners = tuple(letters), tuple(owners)
        self.side_to_move = SIDES.index(game.turn)
        self.first_move = game.first_move
        self.no_return = (tuple(game._no_return[RED]), tuple(game._no_return[BLUE]))
        self.unmasked = frozenset(sq for sq in range(100) if game.is_unmasked(sq))
        self.quiet_count = game.quiet_count
        self.turn_number = game.turn_number
        self.outcome = game.outcome
        self.removed = {s: game.removed(s) for s in SIDES}
        self.verdict = None
        self.pending = ()
        self.events = View._public_events(game.events, NOBODY)

    @property
    def last_turn(self):
        if not self.events:
            return ()
        last = self.events[-1]
        return tuple(e for e in self.events if e.turn == last.turn and e.side == last.side)
