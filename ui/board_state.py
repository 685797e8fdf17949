"""What a play board shows, as the app worked it out: a state the pages only read.

The app builds one :class:`PlayBoard` for each state of the board (``App.play_board``);
a tap's marks, the page it draws and the taps worked out ahead all read that one, and
a tap worked out ahead is the same board with another selection (``dataclasses.replace``),
never the app changed and put back.
"""

from dataclasses import dataclass
from functools import cached_property

from espionage.board import SIDES
from espionage.pieces import letter_of

from .render import BoardPicture


@dataclass(frozen=True, eq=False)
class PlayBoard:
    """The board of the player whose turn is shown, with the taps so far (compared by identity:
    the app makes a new one whenever anything on it changes)."""

    view: object  # the player's view of the game (espionage.View: a view never changes)
    side: int
    letters: tuple  # the board with this turn's planned moves made
    unmasked: frozenset  # squares whose pieces are unmasked, then
    planned: tuple  # this turn's moves so far
    selected: int | None
    targets: frozenset  # where the selected piece may go
    cursor: int | None  # the keyboard's square
    complete: bool  # the turn is planned in full: it can be submitted

    @cached_property
    def picture(self):
        """The board of the player to move, with this turn's planned moves and the opponent's
        last turn highlighted; also the moves of that last turn (empty if it was the player's own).
        Drawn once per board: a tap's marks, its page and the taps worked out ahead share it."""
        view, side = self.view, self.side
        last = view.last_turn
        opponent_last = tuple(e.move for e in last) if last and last[0].side != side else ()
        picture = BoardPicture(
            letters=self.letters,
            unknown_side=1 - side,
            bottom=side,
            unmasked=self.unmasked,
            learned=learned_marks(view),
            selected=self.selected,
            targets=self.targets,
            last_turn=opponent_last,
            planned=self.planned,
            waiting=waiting_attackers(view, self.planned, self.letters),
            cursor=self.cursor,
            fights=fights(last) if opponent_last else (),
        )
        return picture, opponent_last


def waiting_attackers(view, planned, after):
    """(square, letter) of each planned attack's piece, on the square it attacks from while that
    stays empty (``after``: the board's letters with the whole plan made)."""
    out = []
    for i, m in enumerate(planned):
        before = view.after_planned(planned[:i])[0]  # the board as this move found it
        if before[m.to_square] is not None and after[m.from_square] is None:
            out.append((m.from_square, before[m.from_square]))
    return tuple(out)


def fights(events):
    """(square, letter of the piece that fell) of each fight among ``events`` with a known result."""
    out = []
    for e in events:
        for side, kind, _square in getattr(e, "removed", ()) if getattr(e, "attack", False) else ():
            out.append((e.move.to_square, letter_of(kind, SIDES.index(side))))
    return tuple(out)


def learned_marks(view):
    """(square, how) of the masked enemy pieces whose kind the view learned, for the board picture."""
    return tuple((sq, view.marks[sq]) for sq in getattr(view, "learned", ()))
