"""Play the computer: the controller of that mode (the match: ui/computer.py).

The computer thinks in a worker (main.py's binding, ``ui/worker_bridge.py``):
after every action the binding asks whether it wants the worker, which question
to send it and which match shows its next move, and brings the answers back as
actions (``computer-answer``, ``computer-step``), decided here.
"""

import json

from espionage import Setup, random_volcanoes
from espionage.board import RED, SIDES

from .computer import LEVELS, ComputerMatch
from .controller import Action, Controller
from .i18n import _
from .screens import Screen


class ComputerControl(Controller):
    """Play the computer: the ``computer-*`` actions, and what the worker is asked (main.py's
    binding asks :meth:`wants_worker`, :meth:`job` and :meth:`step_due` after every action)."""

    mode = ComputerMatch.mode
    own_screens = frozenset({Screen.COMPUTER_OPTIONS})

    def __init__(self, app):
        super().__init__(app)
        self.level = 2  # the options of a new game against the computer
        self.colour = RED

    def actions(self):
        return {
            "computer-new": Action(self.new_game),
            "computer-level": Action(self.choose_level),
            "computer-colour": Action(self.choose_colour),
            "computer-start": Action(self.start),
            "computer-ready": Action(self.ready),
            "computer-answer": Action(self.answered, by_player=False),
            "computer-step": Action(self.step, by_player=False),
            "computer-retry": Action(self.retry),
            "take-back": Action(self.take_back),
        }

    def pages(self):
        from . import computerpages  # the computer's modules load only when a game against it needs them

        return computerpages.PAGES

    def _match(self):
        """The open game against the computer, or None."""
        return self.app.match if self.app.controller is self else None

    # -- a new game -------------------------------------------------------------------

    def new_game(self, _arg):
        self.app.show(Screen.COMPUTER_OPTIONS)

    def choices(self):
        return [self.level, self.colour]

    def restore_choices(self, choices):
        if isinstance(choices, list) and len(choices) == 2:
            level, colour = choices
            self.level = level if type(level) is int and level in LEVELS else self.level
            self.colour = colour if type(colour) is int and colour in (0, 1) else self.colour

    def choose_level(self, arg):
        if self.app.screen == Screen.COMPUTER_OPTIONS and arg.isdigit() and int(arg) in LEVELS:
            self.level = int(arg)

    def choose_colour(self, arg):
        if self.app.screen == Screen.COMPUTER_OPTIONS and arg in SIDES:
            self.colour = SIDES.index(arg)

    def start(self, _arg):
        if self.app.screen == Screen.COMPUTER_OPTIONS:
            self._new_match(self.colour, self.level)

    def _new_match(self, human, level):
        app = self.app
        match = ComputerMatch(
            id=f"{app.rng.getrandbits(40):010x}",
            variant=app.options,
            volcanoes=random_volcanoes(app.options.volcanoes, app.rng),
            human=human,
            level=level,
            seed=app.rng.getrandbits(32),
        )
        from espionage.bot import Bot

        match.setups[match.computer] = Bot.setup(SIDES[match.computer], match.seed)
        app.matches[match.key] = match
        app.save(match)
        app.show(Screen.SETUP, match, human)

    def ready(self, _arg):
        match = self._match()
        if self.app.screen != Screen.SETUP or match is None or match.game is not None or not self.app.setup.complete:
            return
        match.setups[match.human] = Setup(match.human, self.app.placed)
        match.start()
        self.resume(match)
        self.app.save(match)  # after resume, which clears the page's message: a failure is said

    def resume(self, match):
        """The screen a game against the computer is at: its setup, the board, or the end."""
        if match.game is None:
            self.app.show(Screen.SETUP, match, match.human)
        elif match.outcome is not None:
            self.app.side = match.human
            self.app.game_over(match)
        else:
            self.app.show(Screen.PLAY, match, match.human)
        self.app.message = ""

    def rematch(self, match):
        """The same options and level, colours swapped."""
        self._new_match(match.computer, match.level)

    def waiting(self, match):
        return _("The computer is thinking: its move comes in a moment.") if match.thinking else ""

    # -- the worker (driven by the browser binding) -------------------------------------

    @property
    def wants_worker(self):
        """Whether the computer's worker should exist now: a game against it is open."""
        match = self._match()
        return match is not None and match.outcome is None

    def job(self):
        """The question the worker should answer now (the open game's computer is to move), or None.
        Cheap: asked after every action; the question's text is made only when it is sent."""
        match = self._match()
        return None if match is None else match.job()

    def request(self):
        """The text of that question, for the worker."""
        return self._match().request()

    def step_due(self):
        """The id of the open match whose computer has a chosen move still to show, or None."""
        match = self._match()
        return match.id if match is not None and match.pending else None

    def answered(self, text):
        """The worker answered: its first move is shown now, the second after a pause."""
        try:
            answer = json.loads(text)
            match = self.app.matches.get(ComputerMatch.PREFIX + str(answer["job"]).split(":")[0])
        except (ValueError, KeyError, TypeError, AttributeError):
            return
        if not isinstance(match, ComputerMatch) or not match.receive(answer):
            return
        match.step()
        self._moved(match)

    def step(self, match_id):
        match = self.app.matches.get(ComputerMatch.PREFIX + match_id)
        if isinstance(match, ComputerMatch) and match.step():
            self._moved(match)

    def _moved(self, match):
        """The computer moved: the game ends on the screens of its board (the move list too)."""
        self.app.save(match)
        if self.app.match is not match or self.app.screen not in (Screen.PLAY, Screen.HISTORY):
            return
        if match.outcome is not None:
            self.app.game_over(match)
        else:
            self.app.record.game_moved_on()

    def retry(self, _arg):
        match = self._match()
        if match is not None:
            match.ask_again()
            self.app.save(match)

    def take_back(self, _arg):
        match = self._match()
        if self.app.screen == Screen.PLAY and match is not None and match.take_back():
            self.app.planned, self.app.selected = [], None
            self.app.message = _("Your last turn and the computer's answer were taken back.")
            self.app.save(match)  # a failure is said in its place

    def error(self):
        """Why the computer could not play, for the page ("" : it can)."""
        match = self._match()
        return _("The computer could not play.") if match and match.error else ""
