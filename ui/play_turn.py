"""A turn on the play board, as every mode plays it: the view shown, the moves planned so far,
what a tap on a square does, Undo, Submit, draws and resigning (on the app's ``planned`` and
``selected``; each mode's match answers ``submit``, ``resign`` and the draw offers its way)."""

import copy

from espionage import IllegalMove, Move
from espionage.board import ORTHOGONAL, SIZE, square_name
from espionage.pieces import HEADQUARTERS, MINE, VOLCANO

from . import motion, words
from .board_state import PlayBoard
from .controller import Action
from .errors import error_text
from .i18n import _
from .screens import Screen


class PlayTurn:
    """The play board's actions, and what the pages read of the turn being planned."""

    def __init__(self, app):
        self.app = app
        self._view = None  # (match, its revision and side, that side's view): ``view()``
        self._board = None  # (what it was built from, the PlayBoard): ``board()``

    def for_app(self, app):
        """This turn, played on ``app`` (a copy of its app, working a tap out ahead): what it
        worked out of the view so far comes along."""
        twin = copy.copy(self)
        twin.app = app
        return twin

    def actions(self):
        return {
            "undo": Action(self.undo),
            "submit": Action(self.submit),
            "offer-draw": Action(self.offer_draw),
            "accept-draw": Action(self.accept_draw),
            "decline-draw": Action(self.decline_draw),
            "resign": Action(self.ask_resign),
            "resign-confirm": Action(self.resign),
        }

    def view(self):
        """The view of the player whose board is shown, kept until the match changes."""
        match = self.app.match
        key = (match.revision, self.app.side)
        cached = self._view
        if cached is None or cached[0] is not match or cached[1] != key:
            self._view = (match, key, match.view(self.app.side))
        return self._view[2]

    def board(self):
        """The play board as it stands, built once for each state of it (ui.board_state)."""
        view, planned = self.view(), tuple(self.app.planned)
        key = (self.app.side, planned, self.app.selected, self.app.cursor)
        cached = self._board
        if cached is None or cached[1].view is not view or cached[0] != key:
            letters, unmasked = self.planned_letters()
            board = PlayBoard(
                view, self.app.side, letters, unmasked, planned, self.app.selected, self.targets(), self.app.cursor, self.complete
            )
            self._board = (key, board)
        return self._board[1]

    def replay_last_turn(self):
        """Opening a board replays the opponent's last turn (and, after a reload, nothing more)."""
        last = self.view().last_turn
        if last and last[0].side != self.app.side and not self.app.planned:
            self.app.motion = motion.turn(last)

    @property
    def my_turn(self):
        return self.app.screen == Screen.PLAY and self.app.match.to_move() == self.app.side

    def next_moves(self):
        """The legal moves for the next planned move (none once the turn is complete)."""
        if not self.my_turn:
            return []
        return self.view().legal_moves_after(self.app.planned)

    @property
    def complete(self):
        return bool(self.app.planned) and not self.next_moves()

    def targets(self):
        """The squares the selected piece may move to now."""
        return self.targets_of(self.app.selected)

    def targets_of(self, sq):
        if sq is None:
            return frozenset()
        return frozenset(m.to_square for m in self.next_moves() if m.from_square == sq)

    def planned_letters(self):
        """The board as the mover sees it with this turn's planned moves made."""
        return self.view().after_planned(self.app.planned)

    def plan(self, move):
        if move not in self.next_moves():
            raise IllegalMove(f"{move} is not a legal move now", "illegal", (move.from_square, move.to_square))
        self.app.planned.append(move)

    def tap_choice(self, sq):
        """What a tap on ``sq`` does on the play board: "wait" (not the player's turn),
        "plan" (a move of the selected piece), "let go" (of it), "select" or "refuse"."""
        if not self.my_turn:
            return "wait"
        if self.app.selected is not None and sq in self.targets():
            return "plan"
        if self.app.selected == sq:
            return "let go"
        if any(m.from_square == sq for m in self.next_moves()):
            return "select"
        return "refuse"

    def tap(self, sq):
        choice = self.tap_choice(sq)
        if choice == "wait":
            self.app.message = self.app.controller.waiting(self.app.match)
        elif choice == "plan":
            move = Move(self.app.selected, sq)
            arrived = self.planned_letters()[0][sq] is None
            self.plan(move)
            self.app.selected = None
            self.app.motion = motion.planned(move, arrived)
        elif choice == "let go":
            self.app.selected = None
        elif choice == "select":
            self.app.selected = sq
        else:
            self.app.message = self.refusal(sq)

    def refusal(self, sq):
        """Why a tap on ``sq`` moves nothing, as a sentence (the tap changes nothing else)."""
        if self.complete:
            return words.refusal("complete")
        view, side = self.view(), self.app.side
        letters = self.planned_letters()[0]
        owners = [view.owner(x) for x in range(SIZE * SIZE)]
        for m in self.app.planned:
            mover, owners[m.from_square] = owners[m.from_square], None
            if owners[m.to_square] is None:
                owners[m.to_square] = mover
        letter = letters[sq]
        if owners[sq] == side:
            if letter.upper() in (MINE, HEADQUARTERS):
                return words.refusal(letter.upper())
            if any(m.to_square == sq for m in self.app.planned):
                return words.refusal("moved")
            return words.refusal("boxed", kind=letter)
        chosen = self.app.selected
        if chosen is not None:
            if sq not in ORTHOGONAL[chosen]:
                return words.refusal("far")
            if letter == VOLCANO:
                return words.refusal("into-volcano")
            if self.app.planned and sq == self.app.planned[0].to_square:
                return words.refusal("attacked", square=square_name(sq))
            return words.refusal("no-return", square=square_name(sq), kind=letters[chosen])
        if owners[sq] is not None:
            return words.refusal("enemy", enemy=owners[sq])
        return words.refusal("volcano" if letter == VOLCANO else "empty")

    def undo(self, _arg):
        if self.app.screen == Screen.PLAY and self.app.planned:
            self.app.planned.pop()
            self.app.selected = None

    def submit(self, _arg):
        if not (self.my_turn and self.complete):
            return
        match = self.app.match
        try:
            match.submit(self.app.side, self.app.planned)
        except (IllegalMove, ValueError) as e:  # a link game may refuse (a LinkError is a ValueError)
            self.app.message = error_text(e)
            return
        self.app.save(match)
        self.app.show_match(match, self.app.message)
        if self.app.screen == Screen.LINK_SEND and not self.app.message:
            self.app.message = _("Turn played. Send the link to {side}.").format(side=match.opponent)

    def offer_draw(self, _arg):
        if self.my_turn:
            self.app.match.offer_draw(self.app.side)
            self.app.message = self.app.controller.draw_offered()
            self.app.save(self.app.match)  # a failure is said in its place

    def accept_draw(self, _arg):
        if self.my_turn and self.app.match.draw_offered_to(self.app.side):
            self.app.match.accept_draw(self.app.side)
            self.app.save(self.app.match)
            self.app.show_match(self.app.match, self.app.message)

    def decline_draw(self, _arg):
        if self.my_turn and self.app.match.draw_offered_to(self.app.side):
            self.app.match.decline_draw(self.app.side)
            self.app.save(self.app.match)

    def ask_resign(self, _arg):
        """Ask first: resigning cannot be taken back."""
        if self._may_resign():
            self.app.confirm = "resign"

    def _may_resign(self):
        match = self.app.match
        return self.app.screen in (Screen.PLAY, Screen.LINK_SEND) and match is not None and match.to_move() is not None

    def resign(self, _arg):
        if self.app.confirm != "resign" or not self._may_resign():
            return
        match = self.app.match
        match.resign(self.app.side)
        self.app.save(match)
        self.app.show_match(match, self.app.message)
