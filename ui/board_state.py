"""What a play board shows, as the app worked it out: a state the pages only read.

The app builds one :class:`PlayBoard` for each state of the board (``App.play_board``);
a tap's marks, the page it draws and the taps worked out ahead all read that one, and
a tap worked out ahead is the same board with another selection (``dataclasses.replace``),
never the app changed and put back.
"""

from dataclasses import dataclass


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
