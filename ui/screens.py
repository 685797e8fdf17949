"""The app's screens, by name: what the app is showing, and which of them share a trait.

A screen's value is the word the page carries (``data-screen``, the saved screen
state), so a reload and the tests read the same names as before.
"""

from enum import StrEnum


class Screen(StrEnum):
    HOME = "home"
    OPTIONS = "options"  # a pass-and-play game's options
    SETUP = "setup"
    COVER = "cover"  # pass and play: between the players
    PLAY = "play"
    RESULTS = "results"  # pass and play: the turn just played, before handing over
    OVER = "over"
    HISTORY = "history"  # the move list
    LINK_OPTIONS = "link-options"
    LINK_INVITE = "link-invite"
    LINK_SEND = "link-send"
    LINK_BACKUP = "link-backup"
    LINK_SPECTATE = "link-spectate"
    LINK_RESTORE = "link-restore"
    LINK_ERROR = "link-error"
    COMPUTER_OPTIONS = "computer-options"


MATCH_SCREENS = frozenset({Screen.SETUP, Screen.COVER, Screen.PLAY, Screen.RESULTS, Screen.OVER, Screen.HISTORY})
"""The screens of a pass-and-play or computer match: a reload comes back to them only with their match."""

BOARD_SCREENS = frozenset(
    {
        Screen.SETUP,
        Screen.PLAY,
        Screen.RESULTS,
        Screen.HISTORY,
        Screen.OVER,
        Screen.LINK_SEND,
        Screen.LINK_SPECTATE,
    }
)
"""Screens whose board the keyboard walks (only setup and play act on Enter: ui.keyboard)."""

