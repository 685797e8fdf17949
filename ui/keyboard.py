"""What a key does on the board: pure decisions, the same for every kind of game.

The board is an ARIA grid with one keyboard cursor (the cell that has focus):
arrows move it as the board is drawn (turned for Blue), Home and End go to the
ends of its row; Enter or Space on it is a tap on that square (``App.tap_square``
decides the rest, as for a finger); Escape cancels a selection, a picked kind,
or an open question. In setup a piece's EPN letter or its rank picks that kind.
"""

from espionage.board import SIZE
from espionage.pieces import KINDS

from .i18n import _
from .screens import Screen

ARROWS = {"ArrowUp": (0, 1), "ArrowDown": (0, -1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}
ROW_ENDS = {"Home": -1, "End": 1}
CHOOSE = ("Enter", " ")
CANCEL = "Escape"
KIND_KEYS = {**{k.lower(): k for k in KINDS}, **{str(info.rank): k for k, info in KINDS.items() if info.rank}}
"""In setup: "k" or "3" picks the Captain."""
BOARD_KEYS = frozenset(ARROWS) | frozenset(ROW_ENDS) | frozenset(CHOOSE) | {CANCEL}


def start(bottom):
    """Where the cursor starts on a board drawn with ``bottom``'s side at the bottom:
    the bottom left corner (a1 for Red, j10 for Blue)."""
    return 0 if bottom == 0 else SIZE * SIZE - 1


def moved(cursor, key, bottom):
    """The cursor after an arrow, Home or End (it stops at the board's edge)."""
    if cursor is None:
        return start(bottom)
    f, r = cursor % SIZE, cursor // SIZE
    if key in ARROWS:
        dx, dy = ARROWS[key]
        if bottom:
            dx, dy = -dx, -dy
        f, r = f + dx, r + dy
    elif key in ROW_ENDS:
        f = (SIZE - 1 if ROW_ENDS[key] > 0 else 0) if not bottom else (0 if ROW_ENDS[key] > 0 else SIZE - 1)
    if 0 <= f < SIZE and 0 <= r < SIZE:
        return r * SIZE + f
    return cursor


def action(key, screen):
    """What ``key`` does on ``screen``: "move", "choose", "cancel", "pick" or None."""
    if key == CANCEL:
        return "cancel"
    if key in ARROWS or key in ROW_ENDS:
        return "move"
    if screen not in (Screen.SETUP, Screen.PLAY):
        return None
    if key in CHOOSE:
        return "choose"
    if screen == Screen.SETUP and key.lower() in KIND_KEYS:
        return "pick"
    return None


def hint(screen):
    """The keys of the board, said under it."""
    if screen == Screen.SETUP:
        return _(
            "Keys: arrows move on the board, Enter or Space places the picked piece or picks up one "
            "to swap, a piece's letter or rank (1 to 5) picks it, Escape cancels."
        )
    if screen == Screen.PLAY:
        return _("Keys: arrows move on the board, Enter or Space chooses a piece and where it goes, Escape cancels.")
    return _("Keys: arrows move on the board and read each square.")
