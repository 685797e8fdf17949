"""One way to play, as the app sees it: what pass and play, a link game and a game against
the computer each do their own way.

:class:`ui.app.App` keeps navigation (which screen, which match) and dispatch (the
actions table); ``App.controller`` picks the controller of the match or screen shown
(the one place that tells the modes apart), and everything that differs between the
modes is asked of it through the interface below. The controllers are
``ui.passplay.PassPlay``, ``ui.linkplay.LinkControl`` and ``ui.computer.ComputerControl``.
"""

import copy
from collections.abc import Callable
from typing import NamedTuple


class Action(NamedTuple):
    """One entry of the actions table: what runs, whether it takes the form's value (a setup's
    name, how a link came, the focused cell of a key) after its argument, and whether the player
    takes it (not the page on its own, as it brings back the computer's answer)."""

    run: Callable
    form: bool = False
    by_player: bool = True


class Controller:
    """The interface every mode answers (the defaults are the common answers)."""

    mode = ""
    """The ``mode`` of the matches this controller plays (``Match.mode``)."""

    own_screens = frozenset()
    """The screens only this mode shows (shown without a match: its options, a link's errors)."""

    def __init__(self, app):
        self.app = app

    def for_app(self, app):
        """This controller, driving ``app`` (a copy of its app, working a tap out ahead)."""
        twin = copy.copy(self)
        twin.app = app
        return twin

    def actions(self):
        """This mode's own actions, by name (the page's ``data-action``)."""
        return {}

    def pages(self):
        """The screens this mode draws, each with the function that draws it from the app."""
        raise NotImplementedError

    def resume(self, match):
        """Show the screen ``match`` (one of this mode's) is at, as the home list's Resume does."""
        raise NotImplementedError

    def rematch(self, match):
        """The same options again, colours swapped (the game-over screen's Rematch)."""
        raise NotImplementedError

    def choices(self):
        """This mode's choices for a new game (on its options screen), kept with the screen
        state for a reload; None: nothing to keep."""
        return None

    def restore_choices(self, choices):
        """The choices :meth:`choices` kept, back after a reload (anything else: ignored)."""

    def reloaded(self):
        """The app came back to its screen after a reload: anything this mode adds."""

    def back(self):
        """The browser's Back on this mode's screen; True if this mode handled it."""
        return False

    def waiting(self, match):
        """What a tap on the board says while it is not the player's turn ("" : nothing)."""
        return ""

    def draw_offered(self):
        """What the page says once the player offered a draw ("" : nothing)."""
        return ""

    def keeps_setups(self, match, side):
        """The saved setups ``side`` may not load in ``match`` (none, but in pass and play)."""
        return frozenset()

    def setup_saved(self, match, side, name):
        """``side`` saved its setup as ``name`` during ``match``."""

    def has_move_list(self):
        """Whether the play screen opens the move list (a link game has none)."""
        return True
