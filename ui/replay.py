"""Looking back: the replay of a whole game at its end (both armies known), and the move
list of a game under way (each past board as its player saw it), on the app's ``replay``
(how many moves the board shown is after; None: the board now)."""

from espionage import Game
from espionage.board import SIDES

from .board_screen import turns
from .controller import Action
from .screens import Screen


class Replay:
    """The replay's and the move list's actions, and the boards they show."""

    def __init__(self, app):
        self.app = app

    def actions(self):
        return {
            "replay": Action(self.step),
            "history": Action(self.open),
            "history-turn": Action(self.show_turn),
            "history-close": Action(self.close),
        }

    def step(self, arg):
        if self.app.screen != Screen.OVER or self.app.replay is None:
            return
        last = len(self.app.match.full_game().events)
        steps = {"first": 0, "back": self.app.replay - 1, "forward": self.app.replay + 1, "last": last}
        if arg in steps:
            self.app.replay = max(0, min(last, steps[arg]))

    def replay_view(self):
        """Both armies revealed, after the first ``replay`` moves."""
        game = self.app.match.full_game()
        if self.app.replay >= len(game.events):
            return game.full_view()
        return self.past_game(self.app.replay).full_view()

    def past_game(self, steps):
        """The game after its first ``steps`` moves, on a fresh copy: undoing the real
        game would first undo a resignation or an agreed draw, and corrupt it."""
        game = self.app.match.full_game()
        if game.setups is not None:
            past = Game(*game.setups, game.volcanoes, game.variant)
        else:
            past = Game.from_position(game.start_position, game.variant.moves_per_turn)
        for e in game.events[:steps]:
            past.play(e.move)
        return past

    def open(self, _arg):
        """Every turn so far as this player knows it (pass and play: the device has the game)."""
        if self.app.screen == Screen.PLAY and self.app.controller.has_move_list():
            self.app.screen = Screen.HISTORY
            self.app.replay = None
            self.app.selected = None

    def show_turn(self, arg):
        """Show the board as this player saw it after a past turn (``arg``: moves played by then)."""
        if not arg.isdigit() or (self.app.replay is None and self.app.screen == Screen.OVER):
            return
        if self.app.screen == Screen.OVER:
            ends = range(len(self.app.match.full_game().events) + 1)
        elif self.app.screen == Screen.HISTORY:
            ends = dict(turns(self.app.turn.view().events))
        else:
            return
        if int(arg) in ends:
            self.app.replay = int(arg)

    def game_moved_on(self):
        """A move came while the move list is open (the computer's second move of its turn):
        a turn shown half played is shown whole, as the list's button for it stands for the turn."""
        if self.app.screen == Screen.HISTORY and self.app.replay is not None:
            ends = [step for step, _group in turns(self.app.turn.view().events)]
            self.app.replay = next(step for step in ends if step >= self.app.replay)

    def close(self, _arg):
        if self.app.screen == Screen.HISTORY:
            self.app.screen = Screen.PLAY
            self.app.replay = None

    def history_view(self):
        """The viewer's board after the turn chosen in the move list (its own view then)."""
        return self.past_game(self.app.replay).view(SIDES[self.app.side])
