"""Pass and play: two players, one device, a cover between them (the controller of that mode)."""

from espionage import Setup, random_volcanoes
from espionage.board import BLUE, RED

from . import passpages
from .controller import Action, Controller
from .i18n import _
from .saves import Match
from .screens import Screen

BEHIND_COVER = frozenset({Screen.SETUP, Screen.PLAY, Screen.RESULTS, Screen.HISTORY})
"""The screens that show one player's army: a page load or Back covers them."""


class PassPlay(Controller):
    mode = Match.mode
    own_screens = frozenset({Screen.OPTIONS})

    def actions(self):
        return {
            "mode": Action(self.choose),
            "start": Action(self.start),
            "ready": Action(self.ready),
            "reveal": Action(self.reveal),
            "hand-over": Action(self.hand_over),
        }

    def pages(self):
        return passpages.PASS_AND_PLAY

    # -- a new game -------------------------------------------------------------------

    def choose(self, mode):
        """The home screen's "Pass and play": its options first."""
        if mode == self.mode:
            self.app.show(Screen.OPTIONS)

    def start(self, _arg):
        if self.app.screen == Screen.OPTIONS:
            self.new_match()

    def new_match(self):
        app = self.app
        match = Match(
            id=f"{app.rng.getrandbits(40):010x}",
            variant=app.options,
            volcanoes=random_volcanoes(app.options.volcanoes, app.rng),
        )
        app.matches[match.key] = match
        app.save(match)
        app.show(Screen.SETUP, match, RED)

    def rematch(self, match):
        self.new_match()
        self.cover(self.app.match, RED)
        self.app.rematch = True

    def ready(self, _arg):
        """Red's army is set: Blue's turn to set up, behind the cover; Blue's: the game starts."""
        app = self.app
        match, side = app.match, app.side
        if app.screen != Screen.SETUP or app.controller is not self or not app.setup.complete:
            return
        match.setups[side] = Setup(side, app.placed)
        if side == BLUE:
            match.start()
        app.save(match)
        self.cover(match, BLUE if side == RED else RED)

    # -- the cover between players ------------------------------------------------------

    def cover(self, match, side):
        self.app.show(Screen.COVER, match, side)

    def resume(self, match):
        if match.game is None:
            self.cover(match, match.setting_up())
        elif match.outcome is not None:
            self.app.game_over(match)
        else:
            self.cover(match, match.to_move())

    def reveal(self, _arg):
        """Show the board the cover hides: a setup (in progress after a reload), the turn
        to play (with the moves planned before a reload), or the turn just played."""
        app = self.app
        if app.screen != Screen.COVER:
            return
        match = app.match
        if match.game is None:
            app.screen = Screen.SETUP
        elif match.to_move() == app.side:
            app.screen = Screen.PLAY
            app.turn.replay_last_turn()
        else:
            app.screen = Screen.RESULTS

    def hand_over(self, _arg):
        if self.app.screen == Screen.RESULTS:
            self.cover(self.app.match, 1 - self.app.side)

    def reloaded(self):
        """Whoever holds the device now sees no board until asked."""
        if self.app.screen in BEHIND_COVER:
            self.app.screen = Screen.COVER

    def back(self):
        """Back never passes a cover to a player's board."""
        if self.app.screen not in BEHIND_COVER:
            return False
        self.cover(self.app.match, self.app.side)
        return True

    # -- what differs on the shared screens ------------------------------------------------

    def draw_offered(self):
        return _("Draw offered: the other player answers on their turn.")

    def keeps_setups(self, match, side):
        return match.keeps_from(side)

    def setup_saved(self, match, side, name):
        match.saved_setup(side, name)
        self.app.save(match)
